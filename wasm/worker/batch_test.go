//go:build !js

package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
)

func batchBody(urls ...string) string {
	b, _ := json.Marshal(map[string][]string{"urls": urls})
	return string(b)
}

// A batch of a good card, a bad one, an unreachable one, a refused one
// and the good one again: 202, then, once the queue has delivered, every
// result at GET /api/batch/ID, on /batch/ID (sortable, each linked to its
// report) and in the CSV.
func TestBatch(t *testing.T) {
	tw := newTestWorker(t, true)
	good := tw.fx.URL + "/valid/.well-known/agent-card.json"
	bad := tw.fx.URL + "/invalid/.well-known/agent-card.json"
	urls := []string{good, bad, tw.fx.URL + "/broken.json", "http://169.254.169.254/latest/meta-data/", good}
	w := tw.postJSON(t, "/api/batch", batchBody(urls...))
	var created struct {
		ID, URL string
		Total   int
	}
	if w.Code != 202 || json.Unmarshal(w.Body.Bytes(), &created) != nil || !batch.ValidID(created.ID) || created.Total != 5 ||
		!strings.HasSuffix(created.URL, "/batch/"+created.ID) {
		t.Fatalf("POST /api/batch: %d %s", w.Code, w.Body)
	}
	var b batch.Batch
	json.Unmarshal(tw.get(t, "/api/batch/"+created.ID).Body.Bytes(), &b)
	if b.Total != 5 || b.Done != 0 || b.Results[0].Status != batch.Pending {
		t.Errorf("before the queue ran: %+v", b)
	}
	fetched := tw.fetchs.Load()
	if n := tw.drain(t); n != 1 {
		t.Errorf("%d deliveries for 5 jobs", n)
	}
	w = tw.get(t, "/api/batch/"+created.ID)
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &b) != nil {
		t.Fatalf("GET: %d %s", w.Code, w.Body)
	}
	if b.Total != 5 || b.Done != 5 {
		t.Fatalf("total %d done %d", b.Total, b.Done)
	}
	r := b.Results
	if r[0].Status != batch.Checked || r[0].Errors != 0 || r[0].URL != good {
		t.Errorf("good card: %+v", r[0])
	}
	if r[1].Status != batch.Checked || r[1].Errors == 0 {
		t.Errorf("bad card: %+v", r[1])
	}
	if r[2].Status != batch.Unreachable || r[2].Errors == 0 {
		t.Errorf("broken: %+v", r[2])
	}
	if r[3].Status != batch.Refused || r[3].Kind != "refused-target" {
		t.Errorf("metadata address: %+v", r[3])
	}
	if r[4] != r[0] {
		t.Errorf("the same URL twice: %+v and %+v", r[0], r[4])
	}
	if n := tw.fetchs.Load() - fetched; n > 8 {
		t.Errorf("%d fetches for the batch (the good URL twice is one check)", n)
	}
	d := doc(t, tw.get(t, "/batch/"+created.ID))
	rows := d.Find(`[data-testid=batch-row]`)
	if rows.Length() != 5 || d.Find(`table[data-sortable] th button[data-sort]`).Length() != 6 {
		t.Fatalf("%d rows, %d sort buttons", rows.Length(), d.Find(`th button[data-sort]`).Length())
	}
	if href := rows.Eq(1).Find(`[data-testid=batch-report]`).AttrOr("href", ""); href != "/batch/"+created.ID+"/2" {
		t.Errorf("report link %q", href)
	} else if w := tw.get(t, href); w.Code != 303 || w.Header().Get("Location") != "/check?url="+strings.ReplaceAll(strings.ReplaceAll(bad, ":", "%3A"), "/", "%2F") {
		t.Errorf("report link %s: %d to %q", href, w.Code, w.Header().Get("Location"))
	}
	if rows.Eq(1).AttrOr("data-errors", "") == "0" || rows.Eq(0).AttrOr("data-errors", "") != "0" {
		t.Errorf("rows' errors %q %q", rows.Eq(0).AttrOr("data-errors", ""), rows.Eq(1).AttrOr("data-errors", ""))
	}
	if d.Find(`meta[http-equiv=refresh]`).Length() != 0 {
		t.Error("a finished batch's page still reloads itself")
	}
	if d.Find(`[data-testid=batch-csv]`).AttrOr("href", "") != "/api/batch/"+created.ID+".csv" {
		t.Error("no CSV link")
	}
	w = tw.get(t, "/api/batch/"+created.ID+".csv")
	recs, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	if err != nil || len(recs) != 6 || recs[0][0] != "url" || recs[2][0] != bad || recs[2][1] != "checked" || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/csv") {
		t.Errorf("CSV (%v): %q", err, recs)
	}
}

// A running batch's page reloads itself and says how far it is; the
// page is in the reader's language.
func TestBatchPageRunning(t *testing.T) {
	tw := newTestWorker(t, true)
	var created struct{ ID string }
	json.Unmarshal(tw.postJSON(t, "/api/batch", batchBody("a.example", "b.example")).Body.Bytes(), &created)
	r := httptest.NewRequest(http.MethodGet, "/batch/"+created.ID, nil)
	r.Header.Set("Accept-Language", "zh-CN")
	d := doc(t, tw.do(t, r))
	if d.Find(`meta[http-equiv=refresh]`).Length() != 1 || !strings.Contains(d.Find(`[data-testid=batch-progress]`).Text(), "0 / 2") {
		t.Errorf("running page: refresh %d, progress %q", d.Find(`meta[http-equiv=refresh]`).Length(), d.Find(`[data-testid=batch-progress]`).Text())
	}
}

func TestBatchRefusals(t *testing.T) {
	tw := newTestWorker(t, true)
	many := make([]string, batch.MaxURLs+1)
	for i := range many {
		many[i] = fmt.Sprintf("a%d.example", i)
	}
	for _, c := range []struct {
		name, body string
		status     int
		kind       string
	}{
		{"none", batchBody(), 400, "bad-input"},
		{"501", batchBody(many...), 400, "bad-input"},
		{"500", batchBody(many[:batch.MaxURLs]...), 202, ""},
		{"an empty one", batchBody("a.example", ""), 400, "bad-input"},
		{"a long one", batchBody("https://a.example/" + strings.Repeat("x", batch.MaxURL)), 400, "bad-input"},
		{"not a list", `{"urls": "a.example"}`, 400, "bad-input"},
		{"another member", `{"urls": ["a.example"], "lang": "en"}`, 400, "bad-input"},
	} {
		w := tw.postJSON(t, "/api/batch", c.body)
		var e errorBody
		json.Unmarshal(w.Body.Bytes(), &e)
		if w.Code != c.status || (c.kind != "" && e.Error.Kind != c.kind) || (c.status != 202 && e.Error.Message == "") || strings.Contains(e.Error.Message, "%!") {
			t.Errorf("%s: %d %.300s", c.name, w.Code, w.Body)
		}
	}
	var one struct{ ID string }
	json.Unmarshal(tw.postJSON(t, "/api/batch", batchBody("a.example")).Body.Bytes(), &one)
	for _, p := range []string{"/api/batch/" + batch.NewID(), "/api/batch/nope", "/batch/" + batch.NewID(), "/batch/<script>",
		"/batch/" + one.ID + "/0", "/batch/" + one.ID + "/2", "/batch/" + one.ID + "/01", "/batch/" + one.ID + "/x", "/batch/" + batch.NewID() + "/1"} {
		if w := tw.get(t, p); w.Code != 404 {
			t.Errorf("%s: %d", p, w.Code)
		}
	}
}

// Submissions draw from the client's batches budget of the checks'
// limiter.
func TestBatchLimit(t *testing.T) {
	tw := newTestWorker(t, true)
	tw.h.(*handler).cfg.Limits = check.NewLimiter(check.Limits{Burst: 100, Interval: time.Millisecond, MaxClients: 16, MaxHosts: 16, Day: 24 * time.Hour,
		Batches: check.Rate{Burst: 1, Interval: time.Hour, Daily: 5}}, nil)
	if w := tw.postJSON(t, "/api/batch", batchBody("a.example")); w.Code != 202 {
		t.Fatal(w.Code)
	}
	w := tw.postJSON(t, "/api/batch", batchBody("a.example"))
	var e errorBody
	if json.Unmarshal(w.Body.Bytes(), &e); w.Code != 429 || e.Error.Kind != "batch-limited" || w.Header().Get("Retry-After") == "" {
		t.Errorf("second batch: %d %s", w.Code, w.Body)
	}
}
