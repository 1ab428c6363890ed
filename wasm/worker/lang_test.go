//go:build !js

package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

func (tw *testWorker) getLang(t *testing.T, path, acceptLanguage string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	if acceptLanguage != "" {
		r.Header.Set("Accept-Language", acceptLanguage)
	}
	return tw.do(t, r)
}

func varies(w *httptest.ResponseRecorder) bool {
	for _, v := range w.Header().Values("Vary") {
		for _, f := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), "Accept-Language") {
				return true
			}
		}
	}
	return false
}

// The report's language: Accept-Language when nothing else is said (the
// answer says it varies by it), ?lang= over it (and then it does not).
func TestReportLanguage(t *testing.T) {
	tw := newTestWorker(t, true)
	invalid := "/check?url=" + tw.target("/invalid/.well-known/agent-card.json")
	for _, c := range []struct {
		name, path, accept string
		want               i18n.Lang
		vary               bool
	}{
		{"no header", invalid, "", i18n.English, true},
		{"Chinese browser", invalid, "zh-CN,zh;q=0.9,en;q=0.8", i18n.Chinese, true},
		{"zh-Hans", invalid, "zh-Hans", i18n.Chinese, true},
		{"English first", invalid, "en-GB,zh-CN;q=0.5", i18n.English, true},
		{"lang=en over a Chinese browser", invalid + "&lang=en", "zh-CN", i18n.English, false},
		{"lang=zh-CN over an English browser", invalid + "&lang=zh-CN", "en-US", i18n.Chinese, false},
		{"lang=zh", invalid + "&lang=zh", "", i18n.Chinese, false},
		{"empty lang= is none", invalid + "&lang=", "zh-CN", i18n.Chinese, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := tw.getLang(t, c.path, c.accept)
			if w.Code != 200 {
				t.Fatalf("%d\n%s", w.Code, w.Body)
			}
			if varies(w) != c.vary {
				t.Errorf("Vary = %q, want Accept-Language: %v", w.Header().Values("Vary"), c.vary)
			}
			d := doc(t, w)
			if got := d.Find("html").AttrOr("lang", ""); got != string(c.want) {
				t.Fatalf("html[lang] = %q, want %q", got, c.want)
			}
			zh := c.want == i18n.Chinese
			for _, sel := range []string{`[data-testid=verdict-text]`, `[data-testid=findings-heading]`, `[data-testid=diagnostic-message]`, `[data-testid=client-summary]`} {
				if d.Find(sel).Length() == 0 {
					t.Errorf("%s missing", sel)
				}
				d.Find(sel).Each(func(_ int, s *goquery.Selection) {
					if text := strings.TrimSpace(s.Text()); hasHan(text) != zh {
						t.Errorf("%s: %q", sel, text)
					}
				})
			}
			href := d.Find(`[data-testid=diagnostic] a.diag-code`).First().AttrOr("href", "")
			if strings.HasPrefix(href, "/zh/rules/") != zh || !strings.Contains(href, "/rules/") {
				t.Errorf("rule link %q", href)
			}
			// A language the reader chose stays chosen in the form.
			if kept := d.Find(`[data-testid=check-form] input[name=lang]`).AttrOr("value", ""); (kept != "") != !c.vary {
				t.Errorf("form keeps lang %q", kept)
			}
		})
	}
}

// /zh/check is the checker in Chinese, whatever the browser asks for, as
// /zh/ is the playground's Chinese page: the form and a report from it.
func TestCheckUnderChinesePrefix(t *testing.T) {
	tw := newTestWorker(t, true)
	for _, path := range []string{"/zh/check", "/zh/check/", "/zh/check?url=" + tw.target("/invalid/.well-known/agent-card.json")} {
		w := tw.getLang(t, path, "en-US")
		if w.Code != 200 {
			t.Fatalf("%s: %d\n%s", path, w.Code, w.Body)
		}
		d := doc(t, w)
		if got := d.Find("html").AttrOr("lang", ""); got != "zh-CN" {
			t.Errorf("%s: html[lang] = %q", path, got)
		}
		if h := strings.TrimSpace(d.Find("h1").First().Text()); !hasHan(h) {
			t.Errorf("%s: heading %q is not Chinese", path, h)
		}
		if varies(w) {
			t.Errorf("%s: varies by Accept-Language, though its address chose the language", path)
		}
		// The form keeps the language for the report it asks for.
		if kept := d.Find(`[data-testid=check-form] input[name=lang]`).AttrOr("value", ""); kept != "zh-CN" {
			t.Errorf("%s: the form keeps lang %q", path, kept)
		}
	}
}

// A lang= the checker does not speak is refused, clearly, in the
// negotiated language; on the API as JSON.
func TestUnknownLang(t *testing.T) {
	tw := newTestWorker(t, true)
	for _, v := range []string{"fr", "zh-TW", "<script>"} {
		w := tw.getLang(t, "/check?lang="+url.QueryEscape(v)+"&url=example.com", "zh-CN")
		d := doc(t, w)
		if w.Code != 400 || d.Find(`[data-testid=error]`).AttrOr("data-kind", "") != "bad-lang" {
			t.Errorf("lang=%q: %d %q", v, w.Code, d.Find(`[data-testid=error]`).AttrOr("data-kind", ""))
		}
		if !hasHan(d.Find(`[data-testid=error-message]`).Text()) || d.Find("html").AttrOr("lang", "") != "zh-CN" {
			t.Errorf("lang=%q: not said in the negotiated language: %q", v, d.Find(`[data-testid=error-message]`).Text())
		}
	}
	w := tw.getLang(t, "/api/check?lang=fr&url=example.com", "")
	var j errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &j); err != nil || w.Code != 400 || j.Error.Kind != "bad-lang" || !strings.Contains(j.Error.Message, `"fr"`) || j.Error.Hint == "" {
		t.Errorf("/api/check?lang=fr = %d %s", w.Code, w.Body)
	}
	if tw.fetchs.Load() != 0 {
		t.Errorf("%d fetches for refused requests", tw.fetchs.Load())
	}
}

// /api/check speaks the reader's language in its messages and keeps the
// same fields: the English and the Chinese answers have the same keys
// everywhere and the same codes, ids and arguments.
func TestAPICheckLanguage(t *testing.T) {
	tw := newTestWorker(t, true)
	path := "/api/check?url=" + tw.target("/invalid/.well-known/agent-card.json")
	en := tw.getLang(t, path, "en")
	zh := tw.getLang(t, path, "zh-CN")
	if !varies(zh) || !varies(en) {
		t.Error("negotiated JSON does not say it varies by Accept-Language")
	}
	var je, jz map[string]any
	if err := json.Unmarshal(en.Body.Bytes(), &je); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(zh.Body.Bytes(), &jz); err != nil {
		t.Fatal(err)
	}
	if a, b := keys(je, ""), keys(jz, ""); !reflect.DeepEqual(a, b) {
		t.Errorf("fields differ:\n en %v\n zh %v", a, b)
	}
	de, dz := je["diagnostics"].([]any), jz["diagnostics"].([]any)
	if len(de) != len(dz) || len(dz) == 0 {
		t.Fatalf("%d and %d findings", len(de), len(dz))
	}
	for i := range dz {
		e, z := de[i].(map[string]any), dz[i].(map[string]any)
		if e["code"] != z["code"] || e["messageId"] != z["messageId"] || !reflect.DeepEqual(e["args"], z["args"]) {
			t.Errorf("finding %d: %v / %v", i, e["code"], z["code"])
		}
		if !hasHan(z["message"].(string)) || hasHan(e["message"].(string)) && !hasHan(strings.Join(argStrings(e["args"]), "")) {
			t.Errorf("%s: en %q zh %q", z["code"], e["message"], z["message"])
		}
		if u, _ := z["url"].(string); !strings.Contains(u, "/zh/rules/") {
			t.Errorf("%s: url %q", z["code"], u)
		}
	}
	sel := jz["selection"].([]any)[0].(map[string]any)["result"].(map[string]any)
	if !hasHan(sel["message"].(string)) {
		t.Errorf("selection message %q", sel["message"])
	}
	// /api/lint the same way.
	r := httptest.NewRequest(http.MethodPost, "/api/lint?lang=zh-CN", strings.NewReader(`{"name": 1}`))
	w := tw.do(t, r)
	var lr struct {
		Diagnostics []struct{ Code, Message string }
	}
	if err := json.Unmarshal(w.Body.Bytes(), &lr); err != nil || len(lr.Diagnostics) == 0 {
		t.Fatalf("/api/lint: %v %s", err, w.Body)
	}
	for _, d := range lr.Diagnostics {
		if !hasHan(d.Message) {
			t.Errorf("/api/lint %s: %q", d.Code, d.Message)
		}
	}
	// Errors too: the handler's own and discovery's.
	for _, p := range []string{"/api/nope", "/api/check?refresh=1&url=" + tw.target("/none/card.json"), "/api/card?url=" + tw.target("/page.html")} {
		w := tw.getLang(t, p, "zh-CN")
		var b errorBody
		if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil {
			t.Fatal(err)
		}
		if !hasHan(b.Error.Message) || !hasHan(b.Error.Hint) || !varies(w) {
			t.Errorf("%s: %d %+v", p, w.Code, b.Error)
		}
	}
}

func argStrings(v any) []string {
	var out []string
	if a, ok := v.([]any); ok {
		for _, x := range a {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// keys lists every object key path of a decoded JSON value (arrays by
// their first element), so two answers can be compared field for field.
func keys(v any, at string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			out = append(out, at+"/"+k)
			out = append(out, keys(c, at+"/"+k)...)
		}
	case []any:
		if len(x) > 0 {
			out = append(out, keys(x[0], at+"/0")...)
		}
	}
	sort.Strings(out)
	return out
}

// The fetched card is cached once for every language: an English reader
// and then a Chinese one cost one fetch, and the Chinese reader gets a
// Chinese report (nothing English is kept in the entry).
func TestCacheSharedAcrossLanguages(t *testing.T) {
	tw := newTestWorker(t, true)
	path := "/check?url=" + tw.target("/invalid/.well-known/agent-card.json")
	en := doc(t, tw.getLang(t, path, "en"))
	zh := doc(t, tw.getLang(t, path, "zh-CN"))
	if n := tw.fetchs.Load(); n == 0 || n > 3 {
		t.Fatalf("%d fetches", n)
	}
	before := tw.fetchs.Load()
	tw.getLang(t, path+"&lang=en", "")
	if tw.fetchs.Load() != before {
		t.Error("a second language fetched the card again")
	}
	if zh.Find(`[data-testid=cached]`).Length() != 1 || !hasHan(zh.Find(`[data-testid=cached]`).Text()) {
		t.Error("the Chinese report did not come from the cache, in Chinese")
	}
	if en.Find("html").AttrOr("lang", "") != "en" || zh.Find("html").AttrOr("lang", "") != "zh-CN" {
		t.Error("languages mixed up")
	}
}

// The bridge's last-resort text says it in every language, from the
// catalogues (no id shows through).
func TestInEveryLanguage(t *testing.T) {
	got := inEveryLanguage("ui.error.internal.title", "ui.error.internal.hint")
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != len(i18n.Langs()) || hasHan(lines[0]) || !hasHan(lines[1]) || strings.Contains(got, "ui.") {
		t.Errorf("%q", got)
	}
}

// TestChineseCatalogueUnavailable: when the Chinese catalogue cannot be
// had (in the Worker: the static asset is missing or unreadable), a
// Chinese reader gets the answer in English, labelled English and not
// cached, never an error; English readers never ask for it.
func TestChineseCatalogueUnavailable(t *testing.T) {
	asked := 0
	catalogueOf = func(l i18n.Lang) (*i18n.Catalogue, error) {
		asked++
		return nil, errors.New("asset answered 404")
	}
	defer func() { catalogueOf = catalog.Get }()
	tw := newTestWorker(t, true)
	target := tw.target("/invalid/.well-known/agent-card.json")

	if w := tw.getLang(t, "/check?url="+target, "en-US"); w.Code != 200 || asked != 0 {
		t.Fatalf("English reader: %d, catalogue asked %d times", w.Code, asked)
	}
	w := tw.getLang(t, "/check?url="+target, "zh-CN,zh;q=0.9")
	if w.Code != 200 {
		t.Fatalf("Chinese reader: %d\n%s", w.Code, w.Body)
	}
	d := doc(t, w)
	if got := d.Find("html").AttrOr("lang", ""); got != "en" || hasHan(d.Find(`[data-testid=verdict-text]`).Text()) || asked == 0 {
		t.Errorf("lang=%q verdict %q (catalogue asked %d times)", got, d.Find(`[data-testid=verdict-text]`).Text(), asked)
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q: an English answer to a Chinese reader must not be kept", cc)
	}
	a := tw.getLang(t, "/api/check?lang=zh-CN&url="+target, "")
	var j struct {
		Diagnostics []struct{ Code, Message string }
	}
	if err := json.Unmarshal(a.Body.Bytes(), &j); a.Code != 200 || err != nil || len(j.Diagnostics) == 0 {
		t.Fatalf("/api/check?lang=zh-CN: %d %v\n%.300s", a.Code, err, a.Body)
	}
	if hasHan(j.Diagnostics[0].Message) || a.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("/api/check: %q, Cache-Control %q", j.Diagnostics[0].Message, a.Header().Get("Cache-Control"))
	}
}
