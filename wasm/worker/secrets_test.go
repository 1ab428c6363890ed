//go:build !js

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestB23ReportMasksSecrets: the /check report of a card holding a
// bearer token shows it only masked, in every excerpt (issue 36, B23:
// the report's excerpts held the whole value under a masked message).
// The fixture's invalid card is broken-common-mistakes.json, whose
// accessToken is a (fake) bearer JSON Web Token.
func TestB23ReportMasksSecrets(t *testing.T) {
	const token = "eyJhbGciOiJFUzI1NiJ9.eyJhdWQiOiJib3QifQ.bm90LWEtcmVhbC1rZXk"
	tw := newTestWorker(t, true)
	w := tw.get(t, "/check?url="+tw.target("/invalid/.well-known/agent-card.json"))
	body := w.Body.String()
	if w.Code != 200 || !strings.Contains(body, "credential-in-card") {
		t.Fatalf("status %d, no credential finding", w.Code)
	}
	if strings.Contains(body, token[4:]) || strings.Contains(body, token[8:24]) {
		t.Error("the token is in the report")
	}
	if !strings.Contains(body, "Bearer eyJh****") {
		t.Error("no excerpt shows the masked token")
	}
}

// b27Key is a fake API key in the URLs of b27Card, assembled so that this
// file does not look like a leak to secret scanners.
var b27Key = "sk_" + "live_" + "51HxB27SECRETSECRET0123456789"

// b27Card carries b27Key in the query of URLs that other rules quote in
// their messages (interface-url-not-https, interface-url-internal).
var b27Card = `{"protocolVersion": "0.3.0", "name": "Secret in URLs", "description": "An agent whose URLs carry keys.",
 "url": "http://agent.acme.dev/a2a?api_key=` + b27Key + `", "preferredTransport": "JSONRPC", "version": "1.0.0",
 "additionalInterfaces": [{"url": "http://10.0.0.1/x?k=` + b27Key + `", "transport": "JSONRPC"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "s", "name": "S", "description": "Does one thing and returns it.", "tags": ["t"]}]}`

// TestB27ReportMasksSecretsInURLs (review 5, B27): a secret inside a URL
// value is masked in the findings of the rules that quote the URL
// (interface-url-not-https, interface-url-internal), on the /check page
// in English and in Chinese and in /api/check's diagnostics. The page's
// interface table and the clients' selection still show the card's URLs
// as they are: they are not findings (B27 is about messages).
func TestB27ReportMasksSecretsInURLs(t *testing.T) {
	tw := newTestWorker(t, true)
	leaks := func(s string) bool { return strings.Contains(s, b27Key[4:]) || strings.Contains(s, b27Key[8:20]) }
	for _, path := range []string{"/check?url=", "/zh/check?url="} {
		w := tw.get(t, path+tw.target("/secret-url.json"))
		if w.Code != 200 {
			t.Fatalf("%s: status %d", path, w.Code)
		}
		text := doc(t, w).Find(`[data-testid="finding-group"]`).Text()
		if !strings.Contains(text, "credential-in-card") || !strings.Contains(text, "interface-url-not-https") || !strings.Contains(text, "interface-url-internal") {
			t.Fatalf("%s: the findings miss a rule:\n%.3000s", path, text)
		}
		if leaks(text) {
			t.Errorf("%s: the key is in the findings", path)
		}
		if !strings.Contains(text, "sk_l****") {
			t.Errorf("%s: no message or excerpt shows the masked key", path)
		}
	}
	w := tw.get(t, "/api/check?url="+tw.target("/secret-url.json"))
	var got struct {
		Diagnostics []map[string]any `json:"diagnostics"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 {
		t.Fatalf("/api/check: status %d, %v", w.Code, err)
	}
	codes := map[string]bool{}
	for _, d := range got.Diagnostics {
		codes[d["code"].(string)] = true
		b, _ := json.Marshal(d)
		if leaks(string(b)) {
			t.Errorf("/api/check: the key is in %s: %s", d["code"], b)
		}
	}
	if !codes["credential-in-card"] || !codes["interface-url-not-https"] || !codes["interface-url-internal"] {
		t.Errorf("/api/check: the findings miss a rule: %v", codes)
	}
}
