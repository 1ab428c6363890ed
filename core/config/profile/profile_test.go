package profile

import (
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// TestApply: the local profile makes the findings it relaxes infos (a
// code listed by message id only for those messages) and recounts;
// publish changes nothing. Both are checked against a real lint run.
func TestApply(t *testing.T) {
	card := []byte(`{"name":"a","description":"d","version":"1","supportedInterfaces":[{"url":"http://127.0.0.1:8080/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}`)
	pub := lint.Lint(card, lint.Options{})
	Apply(Publish, pub)
	loc := lint.Lint(card, lint.Options{})
	Apply(Local, loc)
	if len(pub.Diagnostics) != len(loc.Diagnostics) {
		t.Fatalf("the profiles differ in findings: %d, %d", len(pub.Diagnostics), len(loc.Diagnostics))
	}
	relaxed := 0
	for i, d := range loc.Diagnostics {
		p := pub.Diagnostics[i]
		switch {
		case Relaxed(&p):
			relaxed++
			if d.Severity != lint.Info {
				t.Errorf("local: %s (%s) is %v, want info", d.Code, d.MessageID, d.Severity)
			}
		case d.Severity != p.Severity:
			t.Errorf("local changed %s from %v to %v", d.Code, p.Severity, d.Severity)
		}
	}
	if relaxed == 0 {
		t.Fatalf("no finding of a loopback http card is relaxed: %+v", pub.Diagnostics)
	}
	var r lint.Result
	r.Diagnostics = loc.Diagnostics
	Recount(&r)
	if r.Errors != loc.Errors || r.Warnings != loc.Warnings || r.Infos != loc.Infos {
		t.Errorf("Apply's counts %d/%d/%d, recounted %d/%d/%d", loc.Errors, loc.Warnings, loc.Infos, r.Errors, r.Warnings, r.Infos)
	}
	if loc.Errors+loc.Warnings >= pub.Errors+pub.Warnings {
		t.Errorf("local counts %d errors %d warnings, publish %d %d: nothing moved to infos", loc.Errors, loc.Warnings, pub.Errors, pub.Warnings)
	}
}

// TestLocalAcceptsExampleNames: example-placeholder's findings are gone
// in the local profile, not infos, and stay in publish.
func TestLocalAcceptsExampleNames(t *testing.T) {
	card := []byte(`{"name":"a","description":"d","version":"1","provider":{"organization":"Your Company","url":"https://www.example.com"},"supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"s","name":"s","description":"d","tags":["t"]}]}`)
	count := func(r *lint.Result) int {
		n := 0
		for _, d := range r.Diagnostics {
			if d.Code == lint.CodeExamplePlaceholder {
				n++
			}
		}
		return n
	}
	pub := lint.Lint(card, lint.Options{})
	Apply(Publish, pub)
	if n := count(pub); n != 3 {
		t.Errorf("publish: %d example-placeholder findings, want 3 (two URLs, the organization)", n)
	}
	loc := lint.Lint(card, lint.Options{})
	Apply(Local, loc)
	if n := count(loc); n != 0 || loc.Warnings != pub.Warnings-2 {
		t.Errorf("local: %d example-placeholder findings, %d warnings (publish %d)", n, loc.Warnings, pub.Warnings)
	}
}
