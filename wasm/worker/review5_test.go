//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
)

// sizedQueue refuses a send as Cloudflare Queues do when its messages,
// encoded as queue_js.go encodes them, go over the limits: 128 KB a
// message, 256 KB a sendBatch of at most 100 messages.
type sizedQueue struct{ heldQueue }

func (q *sizedQueue) Send(ctx context.Context, jobs []batch.Job) error {
	for start := 0; start < len(jobs); start += maxQueueBatchNative {
		total := 0
		for _, j := range jobs[start:min(start+maxQueueBatchNative, len(jobs))] {
			b, err := encodeJob(j)
			if err != nil {
				return err
			}
			if len(b) > 128<<10 {
				return errors.New("message too large")
			}
			total += len(b)
		}
		if total > 256<<10 {
			return fmt.Errorf("sendBatch of %d bytes too large", total)
		}
	}
	return q.heldQueue.Send(ctx, jobs)
}

// maxQueueBatchNative is queue_js.go's maxQueueBatch (a js-only file).
const maxQueueBatchNative = 100

// failingQueue refuses every send.
type failingQueue struct{}

func (failingQueue) Send(context.Context, []batch.Job) error { return errors.New("queue down") }

// TestN8BatchOfMarkupQueued (review 5, N8 residual): URLs full of <, >
// and & are queued as they are, not HTML-escaped to six times their
// length, so that a batch of them fits the queue's limits.
func TestN8BatchOfMarkupQueued(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	h.cfg.Queue = &sizedQueue{}
	urls := make([]string, 400)
	for i := range urls {
		urls[i] = fmt.Sprintf("https://h%d.example/", i%30) + strings.Repeat("<>&", 660) + fmt.Sprint(i)
	}
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false)
	enc.Encode(map[string][]string{"urls": urls})
	if w := tw.postJSON(t, "/api/batch", body.String()); w.Code != 202 {
		t.Errorf("a batch of <>& URLs: %d %.300s", w.Code, w.Body)
	}
	b, _ := encodeJob(batch.Job{Batch: "x", URL: "<>&"})
	if !bytes.Contains(b, []byte(`"<>&"`)) || bytes.HasSuffix(b, []byte("\n")) {
		t.Errorf("encoded job: %s", b)
	}
}

// TestN8BatchQueueFailureCostsNothing (review 5, N8 residual): a batch
// stored but not queued costs the client neither its batch token nor
// its checks.
func TestN8BatchQueueFailureCostsNothing(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	h.cfg.Limits = check.NewLimiter(check.Limits{Burst: 3, Interval: time.Hour, MaxClients: 16, MaxHosts: 16, Day: 24 * time.Hour,
		Batches: check.Rate{Burst: 1, Interval: time.Hour, Daily: 5}}, nil)
	good := h.cfg.Queue
	h.cfg.Queue = failingQueue{}
	body := batchBody("a.example", "b.example", "c.example")
	for range 3 {
		if w := tw.postJSON(t, "/api/batch", body); w.Code != 503 {
			t.Fatalf("queue down: %d %s", w.Code, w.Body)
		}
	}
	if err := h.cfg.Limits.Ready(check.ChecksBudget, "203.0.113.9"); err != nil {
		t.Errorf("the client's checks were charged for batches never queued: %v", err)
	}
	h.cfg.Queue = good
	if w := tw.postJSON(t, "/api/batch", body); w.Code != 202 {
		t.Errorf("after three failed sends: %d %s", w.Code, w.Body)
	}
	if w := tw.postJSON(t, "/api/batch", body); w.Code != 429 {
		t.Errorf("the token was not spent by the queued batch: %d", w.Code)
	}
	if err := h.cfg.Limits.Ready(check.ChecksBudget, "203.0.113.9"); err == nil {
		t.Errorf("the queued batch's checks were not charged")
	}
}

// TestB20ClientDailyBudgets (review 5, B20 residual): one client's D1
// rows and short links a day are its own, well below the caps for
// everyone: over them it is answered 429 in its language, and another
// client is not.
func TestB20ClientDailyBudgets(t *testing.T) {
	tw := newTestWorker(t, true)
	urls := make([]string, batch.MaxURLs)
	for i := range urls {
		urls[i] = fmt.Sprintf("h%d.example/%d", i%30, i)
	}
	post := func(path, body, from, lang string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		r.RemoteAddr = from + ":1"
		if lang != "" {
			r.Header.Set("Accept-Language", lang)
		}
		return tw.do(t, r)
	}
	if w := post("/api/batch", batchBody(urls...), "198.51.100.1", ""); w.Code != 202 {
		t.Fatalf("first batch: %d %s", w.Code, w.Body)
	}
	for lang, words := range map[string]string{"": "6,000 stored rows a day", "zh-CN": "每天存储 6,000 行"} {
		w := post("/api/batch", batchBody(urls...), "198.51.100.1", lang)
		var e errorBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != 429 || e.Error.Kind != "batch-limited" || !strings.Contains(e.Error.Message, words) || w.Header().Get("Retry-After") == "" {
			t.Errorf("second batch %q: %d %s", lang, w.Code, w.Body)
		}
	}
	if w := post("/api/batch", batchBody(urls...), "198.51.100.2", ""); w.Code != 202 {
		t.Errorf("another client's batch: %d %s", w.Code, w.Body)
	}
	for i := range check.ClientKVWrites {
		if w := post("/api/share", shareBody(fmt.Sprintf(`{"n":%d}`, i)), "198.51.100.3", ""); w.Code != 201 {
			t.Fatalf("short link %d: %d %s", i+1, w.Code, w.Body)
		}
	}
	if w := post("/api/share", shareBody(`{"n":"over"}`), "198.51.100.3", ""); w.Code != 429 {
		t.Errorf("short link %d of one client: %d %s", check.ClientKVWrites+1, w.Code, w.Body)
	}
	if w := post("/api/share", shareBody(`{"n":"other"}`), "198.51.100.4", ""); w.Code != 201 {
		t.Errorf("another client's short link: %d %s", w.Code, w.Body)
	}
}
