//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// getWith sends one GET with the given headers to the Worker under
// wrangler dev (its own client address, like fetchURL).
func getWith(t *testing.T, u string, headers ...string) answer {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	n := clientSeq.Add(1)
	req.Header.Set("CF-Connecting-IP", fmt.Sprintf("198.19.%d.%d", n/250, n%250+1))
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, b}
}

// TestE2ELanguage: in workerd, a Chinese browser gets the report in
// Chinese (<html lang="zh-CN">, Chinese findings, links to the Chinese
// rule pages) with Vary: Accept-Language; ?lang=en gives English whatever
// the browser says; /api/check's messages follow; a language the checker
// does not speak is a 400. The bundle has English only: the Chinese
// words come from the static asset at catalog.AssetPath, read through
// the ASSETS binding, so this test is what proves that path works in
// workerd. The asset itself is not a public page (/_worker/ runs the
// Worker first, which does not serve it).
func TestE2ELanguage(t *testing.T) {
	skipUnlessE2E(t)
	fx := fixtureServer(t, sharedCard(t, "seed-three-interfaces.json"), sharedCard(t, "broken-common-mistakes.json"))
	base := startWrangler(t)
	target := url.QueryEscape(fx.URL + "/invalid/.well-known/agent-card.json")

	page := func(a answer) *goquery.Document {
		t.Helper()
		if a.status != 200 {
			t.Fatalf("status %d\n%s", a.status, a.body)
		}
		d, err := goquery.NewDocumentFromReader(bytes.NewReader(a.body))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	zhAnswer := getWith(t, base+"/check?url="+target, "Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5")
	if !bytes.Contains(zhAnswer.body, []byte(`<html lang="zh-CN">`)) {
		t.Errorf("no <html lang=\"zh-CN\">:\n%.300s", zhAnswer.body)
	}
	if !strings.Contains(strings.Join(zhAnswer.header.Values("Vary"), ","), "Accept-Language") {
		t.Errorf("Vary = %q", zhAnswer.header.Values("Vary"))
	}
	zh := page(zhAnswer)
	msgs := zh.Find(`[data-testid=diagnostic-message]`)
	if msgs.Length() < 5 {
		t.Fatalf("%d findings", msgs.Length())
	}
	msgs.Each(func(_ int, s *goquery.Selection) {
		if !hasHan(s.Text()) {
			t.Errorf("finding not in Chinese: %q", s.Text())
		}
	})
	if !hasHan(zh.Find(`[data-testid=verdict-text]`).Text()) {
		t.Errorf("verdict %q", zh.Find(`[data-testid=verdict-text]`).Text())
	}
	if href := zh.Find(`a.diag-code`).First().AttrOr("href", ""); !strings.HasPrefix(href, "/zh/rules/") {
		t.Errorf("rule link %q", href)
	}
	t.Logf("zh-CN verdict %q, first finding %q", zh.Find(`[data-testid=verdict-text]`).Text(), msgs.First().Text())

	en := page(getWith(t, base+"/check?lang=en&url="+target, "Accept-Language", "zh-CN"))
	if en.Find("html").AttrOr("lang", "") != "en" || hasHan(en.Find(`[data-testid=verdict-text]`).Text()) {
		t.Errorf("?lang=en gave %q: %q", en.Find("html").AttrOr("lang", ""), en.Find(`[data-testid=verdict-text]`).Text())
	}

	a := getWith(t, base+"/api/check?url="+target, "Accept-Language", "zh-CN")
	var j struct {
		Diagnostics []struct{ Code, Message, URL string }
	}
	if err := json.Unmarshal(a.body, &j); err != nil || len(j.Diagnostics) == 0 {
		t.Fatalf("/api/check: %v\n%.300s", err, a.body)
	}
	for _, d := range j.Diagnostics {
		if !hasHan(d.Message) || !strings.Contains(d.URL, "/zh/rules/") {
			t.Errorf("/api/check %s: %q %q", d.Code, d.Message, d.URL)
		}
	}
	if a := getWith(t, base+"/check?lang=fr&url="+target); a.status != 400 || !bytes.Contains(a.body, []byte(`data-kind="bad-lang"`)) {
		t.Errorf("lang=fr: %d", a.status)
	}
	if a := getWith(t, base+"/"+catalog.AssetPath(i18n.Chinese)); a.status != 404 {
		t.Errorf("/%s is public: %d", catalog.AssetPath(i18n.Chinese), a.status)
	}
}
