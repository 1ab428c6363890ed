//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
)

// badgeTexts parses an SVG badge as XML and answers its title and the
// two words it shows.
func badgeTexts(t *testing.T, svg []byte) (title string, texts []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var stack []string
	seen := map[string]bool{}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the badge is not well-formed XML: %v\n%s", err, svg)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "script" || e.Name.Local == "foreignObject" {
				t.Fatalf("the badge holds a <%s>", e.Name.Local)
			}
			for _, a := range e.Attr {
				if strings.HasPrefix(strings.ToLower(a.Name.Local), "on") {
					t.Fatalf("the badge has an event attribute %s", a.Name.Local)
				}
			}
			testid := ""
			for _, a := range e.Attr {
				if a.Name.Local == "data-testid" {
					testid = a.Value
				}
			}
			stack = append(stack, e.Name.Local+"|"+testid)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			switch top := stack[len(stack)-1]; top {
			case "title|":
				title += string(e)
			case "text|badge-text":
				if s := string(e); !seen[s] || len(texts) < 2 {
					texts = append(texts, s)
					seen[s] = true
				}
			}
		}
	}
	return title, texts
}

// The badge of a card says its verdict, as an SVG whose every text is
// escaped (the card's name is markup here), in the reader's language.
func TestBadge(t *testing.T) {
	tw := newTestWorker(t, true)
	for _, c := range []struct {
		name, path, lang string
		status           int
		want             []string
		titleHas         string
	}{
		{"passing", "/badge?url=" + tw.target("/valid/.well-known/agent-card.json"), "", 200, []string{"agent card", "passing"}, "passing"},
		{"errors", "/badge?url=" + tw.target("/invalid/.well-known/agent-card.json"), "", 200, []string{"agent card"}, "error"},
		{"hostile name", "/badge?url=" + tw.target("/xss.json"), "", 200, []string{"agent card"}, "<script>alert(1)</script>"},
		{"unreachable", "/badge?url=" + tw.target("/broken.json"), "", 200, []string{"agent card", "unreachable"}, "unreachable"},
		// a 404 is the host's answer, not an outage
		{"not found", "/badge?url=" + tw.target("/none/card.json"), "", 200, []string{"agent card", "not found (404)"}, "not found (404)"},
		{"not found in Chinese", "/badge?lang=zh-CN&url=" + tw.target("/none/card.json"), "", 200, []string{"代理卡片", "未找到（404）"}, "未找到（404）"},
		{"refused", "/badge?url=" + tw.target("/to-metadata"), "", 200, []string{"agent card", "not checked"}, "not checked"},
		{"no url", "/badge", "", 400, []string{"agent card", "no url"}, ""},
		{"Chinese", "/badge?lang=zh-CN&url=" + tw.target("/valid/.well-known/agent-card.json"), "", 200, []string{"代理卡片", "通过"}, "通过"},
		{"Chinese browser", "/badge?url=" + tw.target("/invalid/.well-known/agent-card.json"), "zh-CN", 200, []string{"代理卡片"}, "错误"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, c.path, nil)
			if c.lang != "" {
				r.Header.Set("Accept-Language", c.lang)
			}
			w := tw.do(t, r)
			if w.Code != c.status || w.Header().Get("Content-Type") != "image/svg+xml; charset=utf-8" {
				t.Fatalf("%d %q", w.Code, w.Header().Get("Content-Type"))
			}
			want := badgeCacheControl
			if c.name == "unreachable" || c.name == "refused" {
				want = badgeFailCacheControl
			}
			if c.status == 200 && w.Header().Get("Cache-Control") != want {
				t.Errorf("Cache-Control %q", w.Header().Get("Cache-Control"))
			}
			if strings.Contains(w.Body.String(), "<script") {
				t.Errorf("markup of the card in the badge:\n%s", w.Body)
			}
			title, texts := badgeTexts(t, w.Body.Bytes())
			for i, want := range c.want {
				if i >= len(texts) || texts[i] != want {
					t.Errorf("texts %q, want %q", texts, c.want)
					break
				}
			}
			if !strings.Contains(title, c.titleHas) {
				t.Errorf("title %q, want it to say %q", title, c.titleHas)
			}
		})
	}
}

// Within the badge's five minutes, views cost no fetch: the verdict is
// kept; and a report view's card answers the first badge too.
func TestBadgeFromCache(t *testing.T) {
	tw := newTestWorker(t, true)
	path := "/check?url=" + tw.target("/invalid/.well-known/agent-card.json")
	if w := tw.get(t, path); w.Code != 200 {
		t.Fatal(w.Code)
	}
	before := tw.fetchs.Load()
	for range 5 {
		if w := tw.get(t, "/badge?url="+tw.target("/invalid/.well-known/agent-card.json")); w.Code != 200 {
			t.Fatal(w.Code)
		}
	}
	if n := tw.fetchs.Load() - before; n != 0 {
		t.Errorf("%d fetches for five badge views after a report view", n)
	}
	_, texts := badgeTexts(t, tw.get(t, "/badge?url="+tw.target("/invalid/.well-known/agent-card.json")).Body.Bytes())
	if len(texts) < 2 || !strings.HasSuffix(texts[1], "errors") && !strings.HasSuffix(texts[1], "error") {
		t.Errorf("badge %q", texts)
	}
}

// The report page shows the Markdown to paste, pointing at this card's
// badge and report on the checker's own origin.
func TestReportOffersBadge(t *testing.T) {
	tw := newTestWorker(t, true)
	card := tw.fx.URL + "/valid/.well-known/agent-card.json"
	d := doc(t, tw.get(t, "/check?url="+tw.target("/valid/.well-known/agent-card.json")))
	md := d.Find(`[data-testid=badge-markdown]`).AttrOr("value", "")
	if !strings.HasPrefix(md, "[![agent card](") || !strings.Contains(md, "/badge?url="+url.QueryEscape(card)+")](") ||
		!strings.HasSuffix(md, "/check?url="+url.QueryEscape(card)+")") {
		t.Errorf("badge Markdown %q", md)
	}
	if src := d.Find(`[data-testid=badge-preview]`).AttrOr("src", ""); !strings.Contains(src, "/badge?url=") {
		t.Errorf("badge preview %q", src)
	}
}

// badgeAs is a badge view from a viewer's address.
func (tw *testWorker) badgeAs(t *testing.T, from, cardURL string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, "/badge?url="+url.QueryEscape(cardURL), nil)
	r.RemoteAddr = from + ":443"
	return tw.do(t, r)
}

// TestB21BadgeBudgetIsTheCards (issue 36): an uncached badge's check
// draws from the card's host's budget, not the viewer's, so 25
// cache-busting badges from one address (an image proxy) leave other
// cards' badges alone; the host they drained shows its cards' last
// verdicts, marked stale and cached a minute, and "try later" only for a
// card never seen.
func TestB21BadgeBudgetIsTheCards(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	h.cfg.Limits = check.NewLimiter(check.DefaultLimits(), nil)
	h.cfg.Cache = newMemoryCache(256)
	other := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), nil)
	const proxy = "140.82.112.21"
	first := tw.fx.URL + "/valid/.well-known/agent-card.json"
	if w := tw.badgeAs(t, proxy, first); w.Code != 200 {
		t.Fatalf("first badge: %d", w.Code)
	}
	for i := range 25 {
		tw.badgeAs(t, proxy, fmt.Sprintf("%s/valid/.well-known/agent-card.json?v=%d", tw.fx.URL, i))
	}
	w := tw.badgeAs(t, proxy, other.URL+"/valid/.well-known/agent-card.json")
	_, texts := badgeTexts(t, w.Body.Bytes())
	if w.Code != 200 || len(texts) < 2 || texts[1] != "passing" {
		t.Errorf("another card's badge after 25 cache-busting ones from the same viewer: %d %q", w.Code, texts)
	}
	// The drained host: a card seen before (its verdict kept, ten minutes
	// old) shows that verdict, marked stale, for a minute.
	seenBefore := tw.fx.URL + "/hop/"
	keepVerdict(t, h, seenBefore, badgeVerdict{Outcome: components.BadgePassing, At: time.Now().Add(-10 * time.Minute).Unix()})
	w = tw.badgeAs(t, proxy, seenBefore)
	title, texts := badgeTexts(t, w.Body.Bytes())
	if w.Code != 200 || !strings.Contains(w.Body.String(), `data-stale="true"`) || len(texts) < 2 || !strings.HasPrefix(texts[1], "passing") ||
		texts[1] == "passing" || w.Header().Get("Cache-Control") != badgeStaleCacheControl {
		t.Errorf("a seen card of the drained host: %d %q %q %q", w.Code, texts, title, w.Header().Get("Cache-Control"))
	}
	w = tw.badgeAs(t, "198.51.100.30", tw.fx.URL+"/invalid/.well-known/agent-card.json")
	_, texts = badgeTexts(t, w.Body.Bytes())
	if w.Code != 429 || w.Header().Get("Retry-After") == "" || len(texts) < 2 || texts[1] != "try later" {
		t.Errorf("a card never seen on the drained host: %d %q", w.Code, texts)
	}
}

// keptVerdict is the verdict kept for cardURL's badge.
func keptVerdict(t *testing.T, h *handler, cardURL string) badgeVerdict {
	t.Helper()
	u, err := discovery.Normalize(cardURL)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := h.cfg.Cache.Get(context.Background(), badgeKey(u.String()))
	var v badgeVerdict
	if !ok || json.Unmarshal(b, &v) != nil || v.At == 0 {
		t.Fatalf("no verdict kept for %s: %s", cardURL, b)
	}
	return v
}

func keepVerdict(t *testing.T, h *handler, cardURL string, v badgeVerdict) {
	t.Helper()
	u, err := discovery.Normalize(cardURL)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(v)
	h.cfg.Cache.Put(context.Background(), badgeKey(u.String()), b, badgeKeep)
}

// N7: a failure verdict is served for a minute, without a day of
// stale-while-revalidate, and checked again after that minute; a card's
// verdict stays fresh five minutes.
func TestBadgeFailureShortLived(t *testing.T) {
	tw := newTestWorker(t, true)
	h := tw.h.(*handler)
	broken, valid := tw.fx.URL+"/broken.json", tw.fx.URL+"/valid/.well-known/agent-card.json"
	for _, c := range []struct {
		card, cc string
		age      time.Duration
		again    bool
	}{
		{broken, badgeFailCacheControl, 2 * time.Minute, true},
		{valid, badgeCacheControl, 2 * time.Minute, false},
		{valid, badgeCacheControl, 6 * time.Minute, true},
	} {
		w := tw.badgeAs(t, "198.51.100.40", c.card)
		if cc := w.Header().Get("Cache-Control"); w.Code != 200 || cc != c.cc {
			t.Errorf("%s: %d %q, want %q", c.card, w.Code, cc, c.cc)
		}
		v := keptVerdict(t, h, c.card)
		v.At -= int64(c.age / time.Second)
		keepVerdict(t, h, c.card, v)
		tw.badgeAs(t, "198.51.100.40", c.card)
		if again := keptVerdict(t, h, c.card).At != v.At; again != c.again {
			t.Errorf("%s, verdict %v old: checked again %v, want %v", c.card, c.age, again, c.again)
		}
	}
	if strings.Contains(badgeFailCacheControl, "stale-while-revalidate") {
		t.Errorf("failures %q", badgeFailCacheControl)
	}
}
