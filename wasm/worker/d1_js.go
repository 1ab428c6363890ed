//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"syscall/js"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// jsD1 is the batch store's database: D1, bound as DB (wrangler.toml
// [[d1_databases]]; Miniflare's local SQLite under wrangler dev). Each
// Batch is one env.DB.batch call (one round trip, one transaction),
// through worker.mjs's agentcardD1, which takes and answers JSON so that
// no JavaScript object is walked from Go.
type jsD1 struct{}

func (jsD1) Batch(ctx context.Context, stmts []batch.Statement) ([]json.RawMessage, error) {
	db := binding("DB")
	if db.Type() != js.TypeObject {
		return nil, errors.New("no DB binding")
	}
	run := js.Global().Get("globalThis").Get("agentcardD1")
	if run.Type() != js.TypeFunction {
		return nil, errors.New("worker.mjs has no agentcardD1")
	}
	in, err := json.Marshal(stmts)
	if err != nil {
		return nil, err
	}
	v, err := jsrt.Await(ctx, run.Invoke(db, string(in)))
	if err != nil {
		return nil, fmt.Errorf("D1: %w", err)
	}
	var out []json.RawMessage
	if err := json.Unmarshal([]byte(v.String()), &out); err != nil {
		return nil, fmt.Errorf("D1's answer: %w", err)
	}
	return out, nil
}
