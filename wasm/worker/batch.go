package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/wasm/worker/web"
)

// Batch checks (docs/ARCHITECTURE.md, Worker routes; core/batch): POST /api/batch
// {"urls": [...]} stores the batch and queues one job per URL, answering
// 202 {"id", "url"}; the queue's consumer checks each through the engine's
// pipeline under this handler's policy (consume); GET /api/batch/ID is the
// batch as JSON ({"total", "done", "results"}), /api/batch/ID.csv as CSV,
// and /batch/ID its page.

// BatchQueue delivers a batch's jobs to the consumer: Cloudflare Queues
// in the Worker (queue_js.go), a goroutine natively (main.go).
type BatchQueue interface {
	Send(ctx context.Context, jobs []batch.Job) error
}

// recorderAll is a batch store that records a delivery's results in one
// round trip (batch.SQLStore).
type recorderAll interface {
	RecordAll(ctx context.Context, id string, results map[int]batch.Item) error
}

// maxBatchBody bounds a POST /api/batch body: 500 URLs of at most 2 KB.
const maxBatchBody = 1 << 20

const (
	batchAPIPrefix  = "/api/batch/"
	batchPagePrefix = "/batch/"
)

func (h *handler) batchCreate(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	if h.cfg.Batches == nil || h.cfg.Queue == nil {
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "json-body-type", jsonpos.QuoteClipped(truncate(r.Header.Get("Content-Type"), 80)))
		return
	}
	if r.ContentLength > maxBatchBody {
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "batch-too-large", maxBatchBody>>10)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBatchBody+1))
	if err != nil {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-body", batch.MaxURLs)
		return
	}
	if len(body) > maxBatchBody {
		h.fail(w, r, web.StatusRequestEntityTooLarge, "too-large", "batch-too-large", maxBatchBody>>10)
		return
	}
	var in struct {
		URLs []string `json:"urls"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil || dec.More() {
		h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-body", batch.MaxURLs)
		return
	}
	var ue *batch.URLError
	if err := batch.CheckURLs(in.URLs); errors.As(err, &ue) {
		switch ue.Reason {
		case "empty-list":
			h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-empty-list", batch.MaxURLs)
		case "too-many":
			h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-too-many", batch.MaxURLs, len(in.URLs))
		case "empty":
			h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-url-empty", ue.Index+1)
		default:
			h.fail(w, r, web.StatusBadRequest, "bad-input", "batch-url-too-long", ue.Index+1, batch.MaxURL)
		}
		return
	}
	// The client's batch token is taken now and given back if the batch
	// cannot be stored or queued, and its checks are charged only once
	// both succeeded (a failure costs the client nothing: review N8).
	client := clientKey(r)
	if err := h.cfg.Limits.SpendBatch(client); err != nil {
		h.batchLimited(w, r, err)
		return
	}
	items, queued := batch.Plan(in.URLs)
	rows := batch.Rows(len(items), len(queued))
	// The client's own D1 rows a day come before the cap for everyone,
	// so that one client cannot use that cap up (review 5, B20).
	if err := check.TakeClientDaily(r.Context(), h.cfg.Counter, check.BatchRowsBudget, client, rows, check.ClientD1Rows); err != nil {
		h.cfg.Limits.Refund(check.BatchesBudget, client)
		var limited *check.LimitError
		errors.As(err, &limited)
		w.Header().Set("Retry-After", limited.RetryAfter())
		h.fail(w, r, web.StatusTooManyRequests, "batch-limited", "batch-rows-limited", limited.RetryAfter())
		return
	}
	if err := check.TakeDaily(r.Context(), h.cfg.Counter, check.D1RowsKey, rows, check.DailyD1Rows); err != nil {
		h.cfg.Limits.Refund(check.BatchesBudget, client)
		h.dailyCapped(w, r, err, "batch-daily-cap")
		return
	}
	id := batch.NewID()
	if err := h.cfg.Batches.Create(r.Context(), id, items, time.Now()); err != nil {
		h.cfg.Limits.Refund(check.BatchesBudget, client)
		h.cfg.Logf("worker: storing a batch: %v", err)
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return
	}
	self := h.selfEndpoints(r)
	jobs := make([]batch.Job, len(queued))
	for k, i := range queued {
		jobs[k] = batch.Job{Batch: id, Index: i, URL: items[i].URL, Self: self, Client: client, Budget: batch.Budget(len(queued))}
	}
	if len(jobs) > 0 {
		if err := h.cfg.Queue.Send(r.Context(), jobs); err != nil {
			h.cfg.Limits.Refund(check.BatchesBudget, client)
			h.cfg.Logf("worker: queueing a batch: %v", err)
			h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
			return
		}
	}
	// The checks the consumer will run are the client's: its budget of
	// checks is spent now, here, where its next requests are answered;
	// the consumer draws each from its shared daily ceiling too.
	h.cfg.Limits.Charge(client, len(queued))
	h.writeJSON(w, r, web.StatusAccepted, struct {
		ID    string `json:"id"`
		URL   string `json:"url"`
		Total int    `json:"total"`
	}{id, h.siteOrigin(r) + batchPagePrefix + id, len(in.URLs)}, "no-store")
}

// encodeJob is a queue message's body: the job as JSON without HTML
// escaping, which took a URL of <, > and & to six times its length and
// a batch's messages over the queue's size limit (review N8).
func encodeJob(j batch.Job) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// batchLimited answers a client over its budget of batch submissions.
func (h *handler) batchLimited(w web.ResponseWriter, r *web.Request, err error) {
	var limited *check.LimitError
	errors.As(err, &limited)
	w.Header().Set("Retry-After", limited.RetryAfter())
	h.fail(w, r, web.StatusTooManyRequests, "batch-limited", "batch-limited", limited.RetryAfter())
}

// dailyCapped answers a request refused by a daily cap for everyone
// (check.TakeDaily): 503, the store's day is used up, not the client's,
// with Retry-After until the cap's next day (UTC).
func (h *handler) dailyCapped(w web.ResponseWriter, r *web.Request, err error, words string) {
	var limited *check.LimitError
	errors.As(err, &limited)
	w.Header().Set("Retry-After", limited.RetryAfter())
	h.fail(w, r, web.StatusServiceUnavailable, "daily-cap", words, limited.RetryAfter())
}

// loadBatch is the batch named by the path after prefix (with suffix
// taken off), or the failure already answered.
func (h *handler) loadBatch(w web.ResponseWriter, r *web.Request, id string) (*batch.Batch, bool) {
	if h.cfg.Batches == nil {
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return nil, false
	}
	if !batch.ValidID(id) {
		h.fail(w, r, web.StatusNotFound, "batch-not-found", "batch-not-found")
		return nil, false
	}
	b, ok, err := h.cfg.Batches.Get(r.Context(), id)
	switch {
	case err != nil:
		h.cfg.Logf("worker: reading a batch: %v", err)
		h.fail(w, r, web.StatusServiceUnavailable, "store-unavailable", "store-unavailable")
		return nil, false
	case !ok:
		h.fail(w, r, web.StatusNotFound, "batch-not-found", "batch-not-found")
		return nil, false
	}
	return b, true
}

// batchCacheControl: a running batch changes, a finished one does not.
func batchCacheControl(b *batch.Batch) string {
	if b.Done < b.Total {
		return "no-store"
	}
	return "private, max-age=60"
}

func (h *handler) batchGet(w web.ResponseWriter, r *web.Request) {
	h.cors(w, r)
	id, asCSV := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, batchAPIPrefix), ".csv")
	b, ok := h.loadBatch(w, r, id)
	if !ok {
		return
	}
	if !asCSV {
		h.writeJSON(w, r, web.StatusOK, b, batchCacheControl(b))
		return
	}
	// Each row links its report by position (/batch/ID/N), not by
	// repeating its URL query-escaped, which took 500 URLs of 2 KB to
	// 2.76 MB (review B24); a list whose URLs still do not fit (quotes,
	// which CSV doubles) stops at the cap with a last row saying so.
	var buf bytes.Buffer
	cw := csv.NewWriter(&buf)
	cw.Write([]string{"url", "status", "errors", "warnings", "infos", "kind", "report"})
	origin := h.siteOrigin(r)
	cw.Flush()
	for i, it := range b.Results {
		mark := buf.Len()
		cw.Write([]string{csvCell(it.URL), string(it.Status), strconv.Itoa(it.Errors), strconv.Itoa(it.Warnings), strconv.Itoa(it.Infos), it.Kind,
			origin + batchReportPath(id, i)})
		cw.Flush()
		if buf.Len() > maxOutput-csvTruncatedRoom {
			buf.Truncate(mark)
			cw.Write([]string{"", "truncated", "", "", "", "", origin + batchAPIPrefix + id})
			cw.Flush()
			break
		}
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="agentcard-batch-`+id+`.csv"`)
	w.Header().Set("Cache-Control", batchCacheControl(b))
	w.WriteHeader(web.StatusOK)
	if r.Method != web.MethodHead {
		w.Write(buf.Bytes())
	}
}

// csvTruncatedRoom is kept under the cap for the row that says the CSV
// was cut.
const csvTruncatedRoom = 256

// batchReportPath is the link to the report of the batch's URL at
// position i (0-based), as /batch/ID/N (N from 1, as the page numbers
// them).
func batchReportPath(id string, i int) string {
	return batchPagePrefix + id + "/" + strconv.Itoa(i+1)
}

// csvCell keeps a spreadsheet from reading a submitted URL as a formula
// (a cell starting with =, +, -, @, a tab or a return).
func csvCell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

func (h *handler) batchPage(w web.ResponseWriter, r *web.Request) {
	id, pos, one := strings.Cut(strings.TrimPrefix(r.URL.Path, batchPagePrefix), "/")
	b, ok := h.loadBatch(w, r, id)
	if !ok {
		return
	}
	if one {
		// /batch/ID/N: the report of the batch's Nth URL.
		n, err := strconv.Atoi(pos)
		if err != nil || n < 1 || n > len(b.Results) || pos != strconv.Itoa(n) {
			h.fail(w, r, web.StatusNotFound, "batch-not-found", "batch-not-found")
			return
		}
		to := "/check?url=" + url.QueryEscape(b.Results[n-1].URL)
		if l := r.URL.Query().Get("lang"); l != "" {
			to += "&lang=" + url.QueryEscape(l)
		}
		w.Header().Set("Location", to)
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(web.StatusSeeOther)
		if r.Method != web.MethodHead {
			io.WriteString(w, to+"\n")
		}
		return
	}
	rl := langOf(r)
	h.writeHTML(w, r, web.StatusOK, components.BatchPage(components.NewBatchView(rl.lang, b, h.siteOrigin(r), rl.explicit)), batchCacheControl(b))
}

// checkJob checks one URL of a batch: the engine's pipeline under this
// handler's policy (the checker's own endpoints as the submission saw
// them refused), its cache, verifier and gate, like a GET /check. It
// spends like every other check (review B19): one check of the
// submitter's daily ceiling of checks, shared by every isolate (its
// budget of checks in this isolate was charged when the batch was
// submitted), and its requests go through a check.Meter: a turn of the
// target host's shared rate each and a token of the batch's request
// budget. A URL a budget left out, in whole or in part, is recorded as
// not checked, saying which budget.
func (h *handler) checkJob(ctx context.Context, j batch.Job) batch.Item {
	notChecked := func(kind string) batch.Item {
		return batch.Item{URL: j.URL, Status: batch.NotChecked, Kind: kind}
	}
	if j.Client != "" {
		daily := h.cfg.Limits.Limits().Daily
		if daily > 0 {
			ok, _, err := h.cfg.Counter.Take(ctx, "client:"+j.Client, 1, daily, 24*time.Hour)
			if err != nil || !ok {
				return notChecked(batch.KindBudget)
			}
		}
	}
	budget := j.Budget
	if budget <= 0 {
		budget = batch.Budget(1)
	}
	m := &check.Meter{Doer: h.cfg.Doer, Counter: h.cfg.Counter, Batch: j.Batch, Budget: budget, Pause: h.cfg.Pause}
	p := h.policy
	p.Self = j.Self
	res, err := check.Run(ctx, check.Target{URL: j.URL}, check.Options{Verify: true, Policy: p},
		check.Capabilities{Doer: m, Cache: h.cfg.Cache, Verifier: h.cfg.Verifier, Gate: h.gate, Memory: h.memory})
	if e := m.Refused(); e != nil {
		if e.Host != "" {
			return notChecked(batch.KindHostBusy)
		}
		return notChecked(batch.KindBudget)
	}
	return batch.ItemOf(j.URL, res, err)
}

// consume runs one delivery of the queue: checks its jobs (at most
// batch.InFlight at once, batch.PerHost per target host), records the
// results, and answers the jobs (by position) to deliver again because
// their results could not be recorded. A panic in one check is that
// job's to retry, not the delivery's.
func (h *handler) consume(ctx context.Context, jobs []batch.Job) (retry []int) {
	results := map[string]map[int]batch.Item{}
	position := map[[2]any]int{}
	for i, j := range jobs {
		position[[2]any{j.Batch, j.Index}] = i
	}
	var failed []int
	var mu sync.Mutex // record is called from the goroutines of Run
	check := func(ctx context.Context, j batch.Job) (it batch.Item, ok bool) {
		defer func() {
			if v := recover(); v != nil {
				h.cfg.Logf("worker: panic checking a batch URL: %v", v)
				ok = false
			}
		}()
		return h.checkJob(ctx, j), true
	}
	byURL := map[string][]batch.Job{}
	var urls []batch.Job
	for _, j := range jobs {
		if len(byURL[j.URL]) == 0 {
			urls = append(urls, j)
		}
		byURL[j.URL] = append(byURL[j.URL], j)
	}
	batch.Run(ctx, urls, batch.InFlight, batch.PerHost, func(ctx context.Context, u string) batch.Item {
		it, ok := check(ctx, byURL[u][0])
		if !ok {
			it.Status = batch.Pending
		}
		return it
	}, func(j batch.Job, it batch.Item) {
		mu.Lock()
		defer mu.Unlock()
		for _, same := range byURL[j.URL] {
			if it.Status == batch.Pending {
				failed = append(failed, position[[2]any{same.Batch, same.Index}])
				continue
			}
			if results[same.Batch] == nil {
				results[same.Batch] = map[int]batch.Item{}
			}
			results[same.Batch][same.Index] = it
		}
	})
	for id, rs := range results {
		var err error
		if ra, ok := h.cfg.Batches.(recorderAll); ok {
			err = ra.RecordAll(ctx, id, rs)
		} else {
			for idx, it := range rs {
				if e := h.cfg.Batches.Record(ctx, id, idx, it); e != nil {
					err = e
				}
			}
		}
		if err != nil {
			h.cfg.Logf("worker: recording batch results: %v", err)
			for idx := range rs {
				failed = append(failed, position[[2]any{id, idx}])
			}
		}
	}
	return failed
}
