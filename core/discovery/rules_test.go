package discovery

import (
	"context"
	"errors"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

func httpRules() []*lint.Rule {
	var out []*lint.Rule
	for _, r := range lint.Rules() {
		if r.Topic == "http" {
			out = append(out, r)
		}
	}
	return out
}

// codesFor runs discovery on an example transcript and returns the codes
// of all findings, whether the check succeeded or failed.
func codesFor(t *testing.T, transcript string) map[string]bool {
	t.Helper()
	xs := parseTranscript(transcript)
	if len(xs) == 0 {
		t.Fatalf("example has no exchange:\n%s", transcript)
	}
	p := LocalPolicy() // the examples use example hosts and, once, plain http; nothing is sent
	rep, err := Fetch(context.Background(), transcriptDoer(xs), xs[0].url, p, lint.Lint)
	var diags []lint.Diagnostic
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("fetch: %v", err)
		}
		diags = e.Diagnostics()
		if d, ok := e.UnreachableDiagnostic(); ok {
			diags = append(diags, d)
		}
	} else {
		diags = rep.Result.Diagnostics
	}
	codes := map[string]bool{}
	for _, d := range diags {
		codes[d.Code] = true
	}
	return codes
}

func TestHTTPRuleExamples(t *testing.T) {
	rules := httpRules()
	if len(rules) < 12 {
		t.Fatalf("want at least 12 http rules in the catalogue, got %d", len(rules))
	}
	for _, r := range rules {
		t.Run(r.Code, func(t *testing.T) {
			if !r.External || r.Explanation == "" || r.HowToFix == "" || r.Spec == "" || r.Bad == "" || r.Good == "" {
				t.Fatalf("rule is missing catalogue data: %+v", r)
			}
			if !codesFor(t, r.Bad)[r.Code] {
				t.Errorf("bad example does not trigger %s", r.Code)
			}
			if codesFor(t, r.Good)[r.Code] {
				t.Errorf("good example triggers %s", r.Code)
			}
		})
	}
}

func TestGoodExampleIsClean(t *testing.T) {
	r := lint.RuleFor(CodeETag)
	for code := range codesFor(t, r.Good) {
		if lint.RuleFor(code).Topic == "http" {
			t.Errorf("the good transcript triggers %s", code)
		}
	}
}
