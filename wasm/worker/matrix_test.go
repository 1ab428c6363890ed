//go:build !js

package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// TestSDKMatrix: the report page and /api/check carry the compatibility
// matrix; on a card with the specification's securityRequirements shape,
// a2a-go's card reader refuses it (a2a-go issue #430) while a2a-python
// and a2a-js load it and select entry 0, in both languages.
func TestSDKMatrix(t *testing.T) {
	card := liveCard(map[string]any{
		"securitySchemes":      map[string]any{"bearer": map[string]any{"httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}}},
		"securityRequirements": []any{map[string]any{"schemes": map[string]any{"bearer": map[string]any{"list": []string{"read"}}}}},
	}, [3]string{"https://agent.example.com/a2a", "JSONRPC", "1.0"})
	host := serveLive(t, func(*liveFixture) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write(card)
		})
	})
	h := liveWorker(t, true, nil)
	target := url.QueryEscape(host.URL("/card.json"))
	for _, lang := range []string{"en", "zh-CN"} {
		m := checkJSONOf(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/api/check?lang="+lang+"&url="+target, nil)))
		rows, _ := m["matrix"].([]any)
		if len(rows) != 3 {
			t.Fatalf("%s: matrix %v", lang, m["matrix"])
		}
		goRow := rows[0].(map[string]any)
		loads := goRow["loads"].(map[string]any)
		if goRow["sdk"] != "a2a-go" || loads["answer"] != "no" || loads["issue"] != "https://github.com/a2aproject/a2a-go/issues/430" {
			t.Errorf("%s: a2a-go row %v", lang, goRow)
		}
		if lang == "zh-CN" && !hasHan(loads["message"].(string)) {
			t.Errorf("the refusal is not in Chinese: %v", loads["message"])
		}
		d := doc(t, serve(t, h, httptest.NewRequest(http.MethodGet, "/check?lang="+lang+"&url="+target, nil)))
		if d.Find(`[data-testid=sdk-matrix] [data-testid=sdk-matrix-row]`).Length() != 3 {
			t.Fatalf("%s: the report has no matrix", lang)
		}
		if r := d.Find(`[data-testid=sdk-matrix-row][data-sdk=a2a-go]`); r.AttrOr("data-loads", "") != "no" {
			t.Errorf("%s: a2a-go loads %q", lang, r.AttrOr("data-loads", ""))
		}
		for _, s := range []string{"a2a-python", "a2a-js"} {
			if r := d.Find(`[data-testid=sdk-matrix-row][data-sdk=` + s + `]`); r.AttrOr("data-loads", "") != "yes" || r.AttrOr("data-selects", "") != "yes" {
				t.Errorf("%s: %s row loads %q selects %q", lang, s, r.AttrOr("data-loads", ""), r.AttrOr("data-selects", ""))
			}
		}
		if d.Find(`[data-testid=sdk-matrix-unverified][data-sdk=a2a-python]`).Length() != 1 {
			t.Errorf("%s: a2a-python's row does not say it is not verified against the running SDK", lang)
		}
	}
}
