package migrate

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/internal/testcards"
)

var bindings = []string{"JSONRPC", "HTTP+JSON", "GRPC"}

type input struct {
	name string
	src  []byte
	// clean inputs must migrate to a card with no error at all; the
	// others (rule bad examples) to one with no error they did not have.
	clean bool
}

// inputs are every legacy or mixed card: the sample cards, this package's
// own, and the rule examples, each parsing without syntax problems.
func inputs(t *testing.T) []input {
	t.Helper()
	var out []input
	add := func(name string, src []byte, clean bool) {
		doc := jsonpos.Parse(src, jsonpos.Options{})
		if len(doc.Problems) > 0 || doc.Root == nil {
			return
		}
		switch card.Detect(doc.Root).Era {
		case card.Era02, card.Era03, card.EraMixed:
			out = append(out, input{name, src, clean})
		}
	}
	paths := testcards.Cards(t)
	own, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	if len(own) < 3 {
		t.Fatal("core/migrate/testdata is missing its cards")
	}
	for _, p := range append(paths, own...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		add(filepath.Base(p), b, lint.Lint(b, lint.Options{}).Errors == 0)
	}
	for _, r := range lint.Rules() {
		if r.External {
			continue
		}
		add("rule/"+r.Code+"/bad", []byte(lint.ExampleDocument(r.Bad)), false)
		good := []byte(lint.ExampleDocument(r.Good))
		add("rule/"+r.Code+"/good", good, lint.Lint(good, lint.Options{}).Errors == 0)
	}
	return out
}

// legacyChoice is the URL a 0.3 client gets from a card's legacy half:
// the first entry of url + preferredTransport, then additionalInterfaces,
// with its binding ("" when none).
func legacyChoice(src []byte, binding string) string {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	for _, it := range card.LegacyInterfaces(doc.Root) {
		if it.Binding == binding {
			return it.URL
		}
	}
	return ""
}

func selected(t *testing.T, src []byte, profile string) string {
	t.Helper()
	r := selection.SelectSource(src, selection.MustParseProfile(profile))
	if r.Outcome != selection.Selected {
		return ""
	}
	return r.URL
}

func errorCodes(src []byte) []string {
	var out []string
	for _, d := range lint.Lint(src, lint.Options{}).Diagnostics {
		if d.Severity == lint.Error && !slices.Contains(out, d.Code) {
			out = append(out, d.Code)
		}
	}
	return out
}

// TestInvariants: for every legacy and mixed card, both targets give a
// card without new error findings (none at all for a clean input), with
// the era asked for, and whose selection sends clients to the URLs the
// original sent a 0.3 client to.
func TestInvariants(t *testing.T) {
	ins := inputs(t)
	counts := map[card.Era]int{}
	for _, in := range ins {
		before := errorCodes(in.src)
		orig := jsonpos.Parse(in.src, jsonpos.Options{})
		from := card.Detect(orig.Root).Era
		counts[from]++
		version := card.MajorMinor(orig.Root.Get("protocolVersion").Text())
		if _, ok := card.ParseMajorMinor(version); !ok {
			version = "0.3"
		}
		for _, to := range []Target{To10Only, Mixed} {
			res, err := Migrate(in.src, to)
			if err != nil {
				t.Errorf("%s → %s: %v", in.name, to, err)
				continue
			}
			name := in.name + " → " + string(to)
			out := res.Output
			for _, code := range errorCodes(out) {
				if in.clean || !slices.Contains(before, code) && !explained(res, code) {
					t.Errorf("%s: error %s in the migrated card\n%s", name, code, out)
				}
			}
			era := card.Detect(jsonpos.Parse(out, jsonpos.Options{}).Root).Era
			if want := map[Target]card.Era{To10Only: card.Era10, Mixed: card.EraMixed}[to]; era != want {
				t.Errorf("%s: migrated era %s, want %s", name, era, want)
			}
			for _, b := range bindings {
				old := legacyChoice(in.src, b)
				switch {
				case from == card.EraMixed:
					// 1.0 clients are sent where they were; the legacy
					// endpoint stays declared for clients speaking its version
					if got, want := selected(t, out, b+"@1.0"), selected(t, in.src, b+"@1.0"); got != want {
						t.Errorf("%s: %s@1.0 selects %q, was %q", name, b, got, want)
					}
					if old != "" && !declared(out, old, b, version) {
						t.Errorf("%s: legacy endpoint %s (%s %s) no longer declared", name, old, b, version)
					}
				default:
					// a 1.0 client that also speaks the card's version, and a
					// client of that version only, get the 0.3 client's URL
					for _, p := range []string{b + "@1.0|" + version, b + "@" + version} {
						if got := selected(t, out, p); got != old {
							t.Errorf("%s: %s selects %q, the original gave a 0.3 client %q", name, p, got, old)
						}
					}
				}
				if to == Mixed {
					if got := legacyChoice(out, b); got != old {
						t.Errorf("%s: the legacy half sends %s clients to %q, was %q", name, b, got, old)
					}
				}
			}
			again, err := Migrate(out, to)
			if err != nil || string(again.Output) != string(out) || len(again.Changes) > 0 {
				t.Errorf("%s: migrating the result again changed it (%v, %d changes)", name, err, len(again.Changes))
			}
		}
	}
	t.Logf("%d inputs: %v", len(ins), counts)
	if counts[card.Era03] < 3 || counts[card.Era02] < 1 || counts[card.EraMixed] < 2 {
		t.Errorf("too few legacy inputs: %v", counts)
	}
}

// explains are the notes that announce an error the migrated card will
// have: what migration could not decide is left for a person, and the
// linter then points at it.
var explains = map[string][]string{
	"migrate.note.scheme-unknown": {"security-scheme-legacy-shape", "security-scheme-one-of"},
}

func explained(res Result, code string) bool {
	for _, n := range res.Notes {
		if slices.Contains(explains[n.ID], code) {
			return true
		}
	}
	return false
}

func declared(src []byte, url, binding, version string) bool {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	for _, it := range card.Interfaces(doc.Root) {
		if it.URL == url && it.Binding == binding && it.Version == version {
			return true
		}
	}
	return false
}
