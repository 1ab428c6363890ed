package fix

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/testcards"
)

// corpus is every sample card and every rule's bad example: the inputs
// whose fixes the catalogue promises.
func corpus(t *testing.T) map[string][]byte {
	t.Helper()
	in := map[string][]byte{}
	for _, p := range testcards.Cards(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		in["testdata/"+filepath.Base(p)] = b
	}
	for _, r := range lint.Rules() {
		if !r.External {
			in["rule/"+r.Code] = []byte(lint.ExampleDocument(r.Bad))
		}
	}
	for name, b := range brokenBase() {
		in["base/"+name] = b
	}
	return in
}

// brokenBase is the base card with one syntax mistake each, so that every
// parser fix is exercised on a real card (the syntax rules' own examples
// are tiny documents that are not cards, and so are refused).
func brokenBase() map[string][]byte {
	base := lint.BaseCard
	swap := func(old, new string) []byte { return []byte(strings.Replace(base, old, new, 1)) }
	return map[string][]byte{
		"comment":        swap(`"version": "1.0.0",`, "// release\n  \"version\": \"1.0.0\","),
		"trailing-comma": swap(`["invoices", "finance"]`, `["invoices", "finance",]`),
		"missing-comma":  swap(`["invoices", "finance"]`, `["invoices" "finance"]`),
		"single-quote":   swap(`"version": "1.0.0"`, `'version': '1.0.0'`),
		"unquoted-key":   swap(`"version": "1.0.0"`, `version: "1.0.0"`),
		"literal":        swap(`"capabilities": {}`, `"capabilities": {"streaming": True}`),
		"bom":            append([]byte("\ufeff"), base...),
		"leading-text":   append([]byte("Here is the card:\n"), base...),
		"everything":     []byte(strings.NewReplacer(`"version": "1.0.0",`, "/* v */ \"version\": \"1.0.0\",", `["invoices", "finance"]`, `['invoices', 'finance',]`).Replace(base)),
	}
}

// TestApplyCorpus: on every input Apply does not refuse, no finding left
// has a fix, the output still parses (no syntax problem other than those
// Apply tolerates), and a second Apply changes nothing. Refusals are only
// the documents refuse() describes.
func TestApplyCorpus(t *testing.T) {
	fixed, refused, applied := 0, 0, 0
	all := Options{Unsafe: true}
	for name, src := range corpus(t) {
		res, err := Apply(src, lint.Lint, all)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || !errors.Is(err, ErrRefused) {
				t.Errorf("%s: error %v is not a *Refusal wrapping ErrRefused", name, err)
				continue
			}
			if r.Reason.ID == "" || !strings.HasPrefix(r.Reason.ID, "fixall.refused.") {
				t.Errorf("%s: refusal without a reason id: %+v", name, r)
			}
			if string(res.Output) != string(src) {
				t.Errorf("%s: a refused document was changed", name)
			}
			refused++
			continue
		}
		if !res.Stable || res.Rollback {
			t.Errorf("%s: not stable after %d rounds (rollback %v)", name, res.Rounds, res.Rollback)
		}
		for _, d := range res.Remaining {
			if usable(d) {
				t.Errorf("%s: finding %s at %v still has a fix %q", name, d.Code, d.Range.Start, d.Fixes[0].Title)
			}
		}
		if err := refuse(lint.Lint(res.Output, lint.Options{}), false); err != nil {
			t.Errorf("%s: output no longer parses: %v\n%s", name, err, res.Output)
		}
		if res.Changed != (string(res.Output) != string(src)) || res.Changed != (len(res.Applied) > 0) {
			t.Errorf("%s: Changed=%v with %d applied fixes", name, res.Changed, len(res.Applied))
		}
		again, err := Apply(res.Output, lint.Lint, all)
		if err != nil || again.Changed || len(again.Applied) > 0 {
			t.Errorf("%s: a second Apply changed the text (%d fixes, err %v): %s", name, len(again.Applied), err, Diff(name, res.Output, again.Output))
		}
		for _, a := range res.Applied {
			if a.Code == "" || a.Title.ID == "" || a.Round < 1 || a.Round > res.Rounds {
				t.Errorf("%s: applied fix without code, title or round: %+v", name, a)
			}
		}
		fixed++
		applied += len(res.Applied)
	}
	t.Logf("%d inputs fixed or already clean (%d fixes applied), %d refused", fixed, applied, refused)
	if fixed < 80 || applied < 60 {
		t.Errorf("the corpus shrank: %d inputs, %d fixes", fixed, applied)
	}
}

// TestApplySafeOnly: without Unsafe, every fix applied is a safe one, no
// safe fix is left on offer, and each finding left with only unsafe fixes
// is counted; a second run changes nothing.
func TestApplySafeOnly(t *testing.T) {
	applied, withheld := 0, 0
	for name, src := range corpus(t) {
		res, err := Apply(src, lint.Lint, Options{})
		if err != nil {
			continue
		}
		for _, a := range res.Applied {
			if !a.Safe {
				t.Errorf("%s: unsafe fix %s (%s) applied without Unsafe", name, a.Code, a.Title.ID)
			}
		}
		left := 0
		for _, d := range res.Remaining {
			if pick(d, Options{}) != nil {
				t.Errorf("%s: a safe fix of %s is left: %q", name, d.Code, pick(d, Options{}).Title)
			}
			if pick(d, Options{Unsafe: true}) != nil {
				left++
			}
		}
		if res.UnsafeLeft != left {
			t.Errorf("%s: UnsafeLeft %d, want %d", name, res.UnsafeLeft, left)
		}
		if left > 0 && !strings.HasPrefix(res.Summary().ID, "fixall.summary.unsafe-left") {
			t.Errorf("%s: summary %s does not say unsafe fixes are left", name, res.Summary().ID)
		}
		again, err := Apply(res.Output, lint.Lint, Options{})
		if err != nil || again.Changed {
			t.Errorf("%s: a second safe run changed the text (err %v)", name, err)
		}
		applied += len(res.Applied)
		withheld += left
	}
	t.Logf("%d safe fixes applied, %d findings left with unsafe fixes only", applied, withheld)
	if applied < 20 || withheld < 20 {
		t.Errorf("the corpus shrank: %d safe fixes, %d withheld", applied, withheld)
	}
}

// TestApplyUnsafeOnRequest: a binding spelled REST is the example
// of a fix that needs a person (the endpoint may not speak HTTP+JSON):
// left alone by default, rewritten with Unsafe. A binding in another case
// is the same binding and is fixed either way.
func TestApplyUnsafeOnRequest(t *testing.T) {
	src := []byte(strings.Replace(lint.BaseCard, `"protocolBinding": "JSONRPC"`, `"protocolBinding": "REST"`, 1))
	if string(src) == lint.BaseCard {
		t.Fatal("the base card has no JSONRPC binding to replace")
	}
	safe, err := Apply(src, lint.Lint, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if safe.Changed || safe.UnsafeLeft != 1 {
		t.Errorf("safe only: changed %v, unsafe left %d; output:\n%s", safe.Changed, safe.UnsafeLeft, safe.Output)
	}
	all, err := Apply(src, lint.Lint, Options{Unsafe: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(all.Output), `"protocolBinding": "HTTP+JSON"`) || len(all.Applied) != 1 || all.Applied[0].Safe {
		t.Errorf("unsafe: applied %+v; output:\n%s", all.Applied, all.Output)
	}
	lower := []byte(strings.Replace(lint.BaseCard, `"protocolBinding": "JSONRPC"`, `"protocolBinding": "jsonrpc"`, 1))
	res, err := Apply(lower, lint.Lint, Options{})
	if err != nil || string(res.Output) != lint.BaseCard {
		t.Errorf("case variant: err %v, output:\n%s", err, res.Output)
	}
}

// TestApplyUnwrapArray: an array around the card is refused without
// Unsafe (its one fix drops the array), with a reason that says so, and
// unwrapped with it; the advertised fix and what Apply does agree.
func TestApplyUnwrapArray(t *testing.T) {
	src := []byte("[" + lint.BaseCard + "]")
	_, err := Apply(src, lint.Lint, Options{})
	var r *Refusal
	if !errors.As(err, &r) || r.Reason.ID != "fixall.refused.unsafe-root" {
		t.Fatalf("safe only: %v, want the unsafe-root refusal", err)
	}
	res, err := Apply(src, lint.Lint, Options{Unsafe: true})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Output) != lint.BaseCard {
		t.Errorf("unwrapped:\n%s", res.Output)
	}
	// an array of two cards has no fix: the plain refusal
	_, err = Apply([]byte("["+lint.BaseCard+","+lint.BaseCard+"]"), lint.Lint, Options{Unsafe: true})
	if !errors.As(err, &r) || r.Reason.ID != "fixall.refused.not-object" {
		t.Errorf("two cards: %v", err)
	}
}

// TestApplyBrokenBase: each syntax mistake in the base card is repaired
// to exactly the base card (the BOM rule's fix removes the mark), which
// shows the formatting around the edits is kept byte for byte.
func TestApplyBrokenBase(t *testing.T) {
	for name, src := range brokenBase() {
		res, err := Apply(src, lint.Lint, Options{Unsafe: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		want := lint.BaseCard
		switch name {
		case "literal":
			want = strings.Replace(want, `"capabilities": {}`, `"capabilities": {"streaming": true}`, 1)
		case "everything":
			// a comment before code on its line: its bytes go, the
			// spaces around it stay ("comment" is alone on its line,
			// which goes whole)
			want = string(withoutComments(src))
		}
		if string(res.Output) != want {
			t.Errorf("%s: got\n%s\nwant\n%s\n%s", name, res.Output, want, Diff(name, []byte(want), res.Output))
		}
	}
}

// withoutComments is the expected output of the inputs with comments:
// the source with only the comments' bytes cut.
func withoutComments(src []byte) []byte {
	s := string(src)
	s = strings.Replace(s, "// release", "", 1)
	s = strings.Replace(s, "/* v */", "", 1)
	s = strings.Replace(s, `['invoices', 'finance',]`, `["invoices", "finance"]`, 1)
	return []byte(s)
}

func TestApplyRefuses(t *testing.T) {
	cases := []struct {
		name, src, code, id string
	}{
		{"truncated", `{"name": "x", "skills": [`, "json-truncated", "fixall.refused.syntax"},
		{"missing-value", `{"name": "x", "version": }`, "json-syntax", "fixall.refused.syntax"},
		{"bare-words", `name = x`, "", "fixall.refused.not-object"},
		{"nan", strings.Replace(lint.BaseCard, `{}`, `{"n": NaN}`, 1), "json-non-finite-number", "fixall.refused.syntax"},
		{"empty", ``, "json-truncated", "fixall.refused.syntax"},
		{"array", `[1, 2]`, "", "fixall.refused.not-object"},
		{"mcp", string(testcards.Card(t, "not-a-card-mcp.json")), "not-a-card", "fixall.refused.not-a-card"},
	}
	for _, c := range cases {
		res, err := Apply([]byte(c.src), lint.Lint, Options{})
		var r *Refusal
		if !errors.As(err, &r) {
			t.Errorf("%s: got %v, want a refusal", c.name, err)
			continue
		}
		if r.Code != c.code || r.Reason.ID != c.id {
			t.Errorf("%s: refusal %s/%s, want %s/%s", c.name, r.Code, r.Reason.ID, c.code, c.id)
		}
		if string(res.Output) != c.src || res.Changed {
			t.Errorf("%s: output changed on refusal", c.name)
		}
		if r.Error() == "" || strings.Contains(r.Error(), "fixall.") {
			t.Errorf("%s: English error renders the id: %q", c.name, r.Error())
		}
	}
}

// TestApplyDuplicateKeyTolerated: a duplicate key does not stop the other
// fixes (every reader takes the last value).
func TestApplyDuplicateKeyTolerated(t *testing.T) {
	src := string(testcards.Card(t, "broken-duplicate-key-cjk.json"))
	res, err := Apply([]byte(src), lint.Lint, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) == 0 {
		t.Fatal("no fix applied to the duplicate-key card")
	}
}

// TestApplyRoundCap: with one round, a card whose fixes take two rounds is
// left unstable, and Rounds reports the cap.
func TestApplyRoundCap(t *testing.T) {
	src := testcards.Card(t, "broken-common-mistakes.json")
	full, err := Apply(src, lint.Lint, Options{Unsafe: true})
	if err != nil || full.Rounds < 2 {
		t.Fatalf("broken-common-mistakes needs ≥ 2 rounds for this test, got %d (%v)", full.Rounds, err)
	}
	one, err := Apply(src, lint.Lint, Options{MaxRounds: 1, Unsafe: true})
	if err != nil {
		t.Fatal(err)
	}
	if one.Rounds != 1 || one.Stable || len(one.Applied) >= len(full.Applied) {
		t.Errorf("MaxRounds 1: rounds %d stable %v applied %d (full %d)", one.Rounds, one.Stable, len(one.Applied), len(full.Applied))
	}
}
