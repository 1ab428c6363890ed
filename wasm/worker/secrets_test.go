//go:build !js

package main

import (
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
