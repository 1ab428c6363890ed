//go:build js && wasm

package main

import (
	"context"
	"errors"
	"fmt"
	"syscall/js"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/wasm/worker/jsrt"
)

// The checker's bundle has no cryptography (-tags remoteverify): it
// verifies signatures and reads POSTed keys through the verifier Worker
// (wasm/verifier), bound as VERIFIER (wrangler.toml [[services]]). A
// service binding's fetch goes to that Worker inside the runtime; the
// URL's host is not looked at.

// verifierTimeout bounds one call; verification is capped in work units
// (about 150 ms of the Worker's CPU), reading keys takes milliseconds.
const verifierTimeout = 10_000 // ms

// maxVerifierAnswer bounds what is read of an answer: the report and the
// canonical payload, which is at most as long as the card.
const maxVerifierAnswer = 4 << 20

// remoteVerifier is the verifier Worker when the binding is there. The
// binding is looked up for each call, from the env of the request that
// makes it.
func remoteVerifier() (check.RemoteVerifier, bool) {
	if binding("VERIFIER").Type() != js.TypeObject {
		return check.RemoteVerifier{}, false
	}
	return check.RemoteVerifier{Call: callVerifier}, true
}

func callVerifier(ctx context.Context, path string, body []byte) (int, []byte, error) {
	b := binding("VERIFIER")
	if b.Type() != js.TypeObject {
		return 0, nil, errors.New("no VERIFIER binding")
	}
	global := js.Global().Get("globalThis")
	init := global.Get("Object").New()
	init.Set("method", "POST")
	init.Set("body", jsrt.Uint8Array(body))
	init.Set("signal", global.Get("AbortSignal").Call("timeout", verifierTimeout))
	res, err := jsrt.Await(ctx, b.Call("fetch", "https://verifier.internal"+path, init))
	if err != nil {
		return 0, nil, errors.New("no answer")
	}
	status := res.Get("status").Int()
	rb := res.Get("body")
	if rb.IsNull() || rb.IsUndefined() {
		return status, nil, nil
	}
	v, err := jsrt.Await(ctx, global.Get("agentcardReadBody").Invoke(rb, maxVerifierAnswer))
	if err != nil {
		return 0, nil, errors.New("the answer could not be read")
	}
	if v.Get("truncated").Bool() {
		return 0, nil, fmt.Errorf("the answer is over %d bytes", maxVerifierAnswer)
	}
	return status, jsrt.Bytes(v.Get("bytes")), nil
}
