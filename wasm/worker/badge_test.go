//go:build !js

package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
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
			if c.status == 200 && !strings.Contains(w.Header().Get("Cache-Control"), "max-age=300") {
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
