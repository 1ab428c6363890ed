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

// jsQueue sends a batch's jobs to Cloudflare Queues, bound as BATCH_QUEUE
// (wrangler.toml [[queues.producers]]; Miniflare's local queue under
// wrangler dev): sendBatch takes at most 100 messages, so 500 URLs are
// five calls. Each message is one job as JSON text.
type jsQueue struct{}

// maxQueueBatch is the most messages one sendBatch takes.
const maxQueueBatch = 100

func (jsQueue) Send(ctx context.Context, jobs []batch.Job) error {
	q := binding("BATCH_QUEUE")
	if q.Type() != js.TypeObject {
		return errors.New("no BATCH_QUEUE binding")
	}
	global := js.Global().Get("globalThis")
	for start := 0; start < len(jobs); start += maxQueueBatch {
		end := min(start+maxQueueBatch, len(jobs))
		msgs := global.Get("Array").New()
		for _, j := range jobs[start:end] {
			b, err := encodeJob(j)
			if err != nil {
				return err
			}
			m := global.Get("Object").New()
			m.Set("body", string(b))
			m.Set("contentType", "text")
			msgs.Call("push", m)
		}
		if _, err := jsrt.Await(ctx, q.Call("sendBatch", msgs)); err != nil {
			return fmt.Errorf("queue: %w", err)
		}
	}
	return nil
}

// consumeJS is binding.queue(bodies): one delivery of the queue (its
// messages' bodies, JSON text each), answered with a Promise of the
// positions to retry, as JSON text. worker.mjs acks the rest.
func (b *bridge) consumeJS(_ js.Value, args []js.Value) any {
	p, resolve, reject := jsrt.Promise()
	if len(args) == 0 {
		reject(js.Global().Get("Error").New("queue: no messages"))
		return p
	}
	var bodies []string
	if err := json.Unmarshal([]byte(args[0].String()), &bodies); err != nil {
		reject(js.Global().Get("Error").New("queue: unreadable messages"))
		return p
	}
	go func() {
		var retry []int
		defer func() {
			if v := recover(); v != nil {
				retry = make([]int, len(bodies))
				for i := range retry {
					retry[i] = i
				}
			}
			out, _ := json.Marshal(retry)
			resolve(string(out))
		}()
		jobs := make([]batch.Job, 0, len(bodies))
		at := make([]int, 0, len(bodies)) // job → message position
		for i, s := range bodies {
			var j batch.Job
			if json.Unmarshal([]byte(s), &j) != nil || !batch.ValidID(j.Batch) {
				continue // never a job of ours: acknowledged, dropped
			}
			jobs = append(jobs, j)
			at = append(at, i)
		}
		for _, k := range b.consume(context.Background(), jobs) {
			retry = append(retry, at[k])
		}
	}()
	return p
}
