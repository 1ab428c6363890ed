//go:build !js

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// edgeDo sends one request with a body of ctype, not following
// redirects, from a client address of its own.
func edgeDo(t *testing.T, method, u, ctype, body string) answer {
	t.Helper()
	req, _ := http.NewRequest(method, u, strings.NewReader(body))
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	n := clientSeq.Add(1)
	req.Header.Set("CF-Connecting-IP", fmt.Sprintf("198.19.%d.%d", n/250, n%250+1))
	client := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("%s %s: no nosniff", method, u)
	}
	return answer{res.StatusCode, res.Header, b}
}

// TestE2EEdge: short links in Workers KV, the README badge, and batch
// checks through Queues and D1, all in wrangler dev's local bindings
// (Miniflare), against loopback fixtures.
func TestE2EEdge(t *testing.T) {
	skipUnlessE2E(t)
	fx := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), sharedCard(t, "broken-common-mistakes.json"))
	base := startWrangler(t)

	t.Run("short link", func(t *testing.T) {
		card := string(sharedCard(t, "seed-three-interfaces.json"))
		body, _ := json.Marshal(map[string]string{"text": card})
		var ids []string
		for i := range 2 {
			a := edgeDo(t, "POST", base+"/api/share", "application/json", string(body))
			var got struct{ ID, URL string }
			if a.status != 201 || json.Unmarshal(a.body, &got) != nil || got.URL != base+"/s/"+got.ID {
				t.Fatalf("POST %d: %d %s", i+1, a.status, a.body)
			}
			ids = append(ids, got.ID)
		}
		if ids[0] != ids[1] || len(ids[0]) != 16 {
			t.Fatalf("the same card twice gave %q and %q", ids[0], ids[1])
		}
		t.Logf("POST /api/share twice: 201 %s, 201 %s", ids[0], ids[1])
		a := edgeDo(t, "GET", base+"/api/share/"+ids[0], "", "")
		var got struct{ Text string }
		if a.status != 200 || json.Unmarshal(a.body, &got) != nil || got.Text != card || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") {
			t.Fatalf("GET /api/share/ID: %d %q", a.status, a.header.Get("Content-Type"))
		}
		a = edgeDo(t, "GET", base+"/s/"+ids[0], "", "")
		if a.status != 303 || a.header.Get("Location") != "/#s="+ids[0] {
			t.Errorf("GET /s/ID: %d Location %q", a.status, a.header.Get("Location"))
		}
		big, _ := json.Marshal(map[string]string{"text": strings.Repeat("x", 300<<10)})
		a = edgeDo(t, "POST", base+"/api/share", "application/json", string(big))
		if a.status != 413 {
			t.Errorf("300 KiB: %d %s", a.status, a.body)
		}
		t.Logf("300 KiB text: %d %s", a.status, a.body)
		if a := edgeDo(t, "GET", base+"/s/aaaaaaaaaaaaaaaa", "", ""); a.status != 404 || !strings.Contains(a.header.Get("Content-Type"), "text/html") {
			t.Errorf("unknown short link: %d %q", a.status, a.header.Get("Content-Type"))
		}
	})

	t.Run("badge", func(t *testing.T) {
		for _, c := range []struct {
			path, lang, want, title string
		}{
			{"/valid/.well-known/agent-card.json", "", "passing", ""},
			{"/invalid/.well-known/agent-card.json", "", "errors", ""},
			{"/xss.json", "", "", "<script>alert(1)</script>"},
			{"/broken.json", "", "unreachable", ""},
			{"/valid/.well-known/agent-card.json", "zh-CN", "通过", ""},
		} {
			u := base + "/badge?url=" + url.QueryEscape(fx.URL+c.path)
			if c.lang != "" {
				u += "&lang=" + c.lang
			}
			a := edgeDo(t, "GET", u, "", "")
			cc := badgeCacheControl
			if c.want == "unreachable" { // a failure is kept a minute (N7)
				cc = badgeFailCacheControl
			}
			if a.status != 200 || a.header.Get("Content-Type") != "image/svg+xml; charset=utf-8" || a.header.Get("Cache-Control") != cc {
				t.Fatalf("%s: %d %q %q", c.path, a.status, a.header.Get("Content-Type"), a.header.Get("Cache-Control"))
			}
			if strings.Contains(string(a.body), "<script") {
				t.Errorf("%s: the card's markup is in the badge", c.path)
			}
			title, texts := badgeTexts(t, a.body)
			if len(texts) != 2 || !strings.HasSuffix(texts[1], c.want) || !strings.Contains(title, c.title) {
				t.Errorf("%s: texts %q title %q", c.path, texts, title)
			}
			t.Logf("badge %s%s: %s | %s (title %q)", c.path, c.lang, texts[0], texts[1], title)
		}
	})

	t.Run("batch", func(t *testing.T) {
		good, bad := fx.URL+"/valid/.well-known/agent-card.json", fx.URL+"/invalid/.well-known/agent-card.json"
		body, _ := json.Marshal(map[string][]string{"urls": {good, bad}})
		a := edgeDo(t, "POST", base+"/api/batch", "application/json", string(body))
		var created struct{ ID, URL string }
		if a.status != 202 || json.Unmarshal(a.body, &created) != nil || created.ID == "" {
			t.Fatalf("POST /api/batch: %d %s", a.status, a.body)
		}
		t.Logf("POST /api/batch: %d %s", a.status, a.body)
		var b struct {
			Total, Done int
			Results     []struct {
				URL                     string
				Errors, Warnings, Infos int
				Status                  string
			}
		}
		deadline := time.Now().Add(90 * time.Second)
		for {
			a = edgeDo(t, "GET", base+"/api/batch/"+created.ID, "", "")
			if a.status != 200 || json.Unmarshal(a.body, &b) != nil {
				t.Fatalf("GET /api/batch/ID: %d %s", a.status, a.body)
			}
			if b.Done == b.Total || time.Now().After(deadline) {
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
		t.Logf("GET /api/batch/ID: %s", a.body)
		if b.Total != 2 || b.Done != 2 || len(b.Results) != 2 {
			t.Fatalf("the queue did not finish the batch: %s", a.body)
		}
		if r := b.Results[0]; r.URL != good || r.Status != "checked" || r.Errors != 0 {
			t.Errorf("good card: %+v", r)
		}
		if r := b.Results[1]; r.URL != bad || r.Status != "checked" || r.Errors == 0 {
			t.Errorf("bad card: %+v", r)
		}
		a = edgeDo(t, "GET", base+"/batch/"+created.ID, "", "")
		d, err := goquery.NewDocumentFromReader(strings.NewReader(string(a.body)))
		if a.status != 200 || err != nil {
			t.Fatalf("/batch/ID: %d", a.status)
		}
		rows := d.Find(`[data-testid=batch-row]`)
		if rows.Length() != 2 || rows.Eq(0).AttrOr("data-errors", "") != "0" || rows.Eq(1).AttrOr("data-errors", "0") == "0" ||
			rows.Eq(1).Find(`[data-testid=batch-report]`).AttrOr("href", "") != "/check?url="+url.QueryEscape(bad) {
			t.Errorf("/batch/ID rows: %d", rows.Length())
		}
		t.Logf("/batch/ID: %d rows, errors %s and %s, progress %q", rows.Length(), rows.Eq(0).AttrOr("data-errors", ""),
			rows.Eq(1).AttrOr("data-errors", ""), strings.TrimSpace(d.Find(`[data-testid=batch-progress]`).Text()))
		if a := edgeDo(t, "GET", base+"/api/batch/"+created.ID+".csv", "", ""); a.status != 200 || !strings.HasPrefix(string(a.body), "url,status,errors") {
			t.Errorf("CSV: %d %q", a.status, a.body)
		}
	})
}
