package lint

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/diag"
)

// httpCodes are the rules core/discovery reports. This test binary does not
// link core/discovery (it cannot: discovery imports lint), so finding them
// here shows that the catalogue no longer depends on which packages a
// program links, as it did when discovery registered them from its init.
var httpCodes = []string{
	CodeHTTPStatus, CodeHTTPContentType, CodeHTTPCacheMaxAge, CodeHTTPETag,
	CodeHTTPLastModified, CodeHTTPRedirects, CodeHTTPInsecure, CodeHTTPCORS,
	CodeHTTPLegacyPath, CodeHTTPTooLarge, CodeHTTPNotJSON, CodeHTTPVariesByVersion, CodeHTTPUnreachable,
}

func TestCatalogueHasHTTPRules(t *testing.T) {
	got := map[string]*Rule{}
	for _, r := range Rules() {
		got[r.Code] = r
	}
	for _, code := range httpCodes {
		r := got[code]
		if r == nil {
			t.Errorf("%s: not in Rules()", code)
			continue
		}
		if r.Topic != "http" || r.EmittedBy != ByDiscovery || !r.External || r.Check != nil {
			t.Errorf("%s: topic %q, emittedBy %q, external %v, check %v", code, r.Topic, r.EmittedBy, r.External, r.Check != nil)
		}
		if RuleFor(code) != r {
			t.Errorf("%s: RuleFor disagrees with Rules()", code)
		}
	}
	n := 0
	for code, r := range got {
		if r.Topic == "http" {
			n++
			if !strings.HasPrefix(code, "http-") {
				t.Errorf("%s: topic http without the http- prefix", code)
			}
		}
	}
	if n != len(httpCodes) {
		t.Errorf("%d http rules in the catalogue, test lists %d", n, len(httpCodes))
	}
}

// TestCatalogueEmitters: a rule without a check of its own says who reports
// it, and the parser's json-* rules say it is the parser.
func TestCatalogueEmitters(t *testing.T) {
	for _, r := range Rules() {
		switch {
		case strings.HasPrefix(r.Code, "json-"):
			if r.EmittedBy != ByParser || r.Check != nil {
				t.Errorf("%s: emittedBy %q, check %v", r.Code, r.EmittedBy, r.Check != nil)
			}
		case r.EmittedBy != "" && r.Check != nil:
			t.Errorf("%s: emitted by %s yet has a lint check", r.Code, r.EmittedBy)
		}
		switch r.EmittedBy {
		case "", ByParser, ByDiscovery, ByProbe, ByClaims, ByAnswer, ByExtended, BySignature:
		default:
			t.Errorf("%s: unknown emitter %q", r.Code, r.EmittedBy)
		}
	}
}

// TestCatalogueOrder: Rules() is sorted by topic (in the order of Topics),
// then by code, with every topic known; the documented order that
// docs/RULES.md and SARIF rule indexes rely on.
func TestCatalogueOrder(t *testing.T) {
	rules := Rules()
	total := 0
	for _, list := range catalogue() {
		total += len(list)
	}
	if len(rules) != total || len(rules) != len(ruleByCode) {
		t.Fatalf("Rules() has %d, catalogue() %d, ruleByCode %d", len(rules), total, len(ruleByCode))
	}
	for i, r := range rules {
		if topicRank(r.Topic) == len(Topics) {
			t.Errorf("%s: topic %q is not in Topics", r.Code, r.Topic)
		}
		if i == 0 {
			continue
		}
		p := rules[i-1]
		if tp, tr := topicRank(p.Topic), topicRank(r.Topic); tp > tr || (tp == tr && p.Code >= r.Code) {
			t.Errorf("%s (%s) before %s (%s)", p.Code, p.Topic, r.Code, r.Topic)
		}
	}
}

// TestElsewhereIsTheCatalogue: diag.Elsewhere, the one list of rules
// checked outside this package, and the catalogue agree: every code it
// lists has an entry here with no check, reported with the list's
// severity and checker, and no other entry names a checker.
func TestElsewhereIsTheCatalogue(t *testing.T) {
	listed := map[string]bool{}
	for _, c := range diag.Elsewhere {
		for _, x := range c.Rules {
			listed[x.Code] = true
			r := RuleFor(x.Code)
			switch {
			case r == nil:
				t.Errorf("%s (%s): no catalogue entry", x.Code, c.Package)
			case r.Check != nil || r.Severity != x.Severity || r.EmittedBy != c.By:
				t.Errorf("%s: check %v, severity %s, emittedBy %q; diag.Elsewhere says %s by %s", x.Code, r.Check != nil, r.Severity, r.EmittedBy, x.Severity, c.By)
			}
		}
	}
	for _, r := range Rules() {
		if r.EmittedBy != "" && !listed[r.Code] {
			t.Errorf("%s: emitted by %s, yet not in diag.Elsewhere", r.Code, r.EmittedBy)
		}
	}
	// 47 when the list was made, then the claims check's three, less
	// signature-unverifiable, which lint now checks from the header; then
	// the six answer rules of core/probe/reply, and http-unreachable
	if n := len(listed); n != 56 {
		t.Errorf("%d rules checked elsewhere, want 56", n)
	}
}
