package selection

import (
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/internal/testcards"
)

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestReasonsAreData: every reason, message and profile note is a
// catalogue message whose English rendering is what the result carries,
// and Localize says all of them in Chinese.
func TestReasonsAreData(t *testing.T) {
	en, zh := i18n.EnglishCatalogue(), catalog.Of(i18n.Chinese)
	profiles := []string{"JSONRPC@1.0", "HTTP+JSON@0.3", "GRPC@1.0,HTTP+JSON@1.0", "jsonrpc@1.0|0.3", "https://example.com/bindings/ws@1.0"}
	inputs := map[string][]byte{
		"not-json":      []byte(`{"name": `),
		"array":         []byte(`[]`),
		"no-interfaces": []byte(`{"name": "a", "skills": []}`),
		"bad-entries": []byte(`{"name":"a","supportedInterfaces":[1, {"url": 2, "transport": "JSONRPC", "protocolVersion": ""},
			{"url":"https://a.example.com","protocolBinding":"jsonrpc","protocolVersion":"1"},
			{"url":"https://a.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0.3","tenant":"t1"},
			{"url":"https://b.example.com","protocolBinding":"HTTP+JSON","protocolVersion":"0.3","tenant":""}]}`),
		"legacy-default": []byte(`{"protocolVersion":"0.3.0","name":"a","url":"https://a.example.com","additionalInterfaces":[3,{"url":"https://b.example.com","transport":"HTTP+JSON"}]}`),
	}
	for _, path := range testcards.Cards(t) {
		inputs[path] = testcards.Card(t, path[strings.LastIndex(path, "/")+1:])
	}
	for name, src := range inputs {
		for _, prof := range profiles {
			r := SelectSource(src, MustParseProfile(prof))
			check := func(what string, text i18n.Text, english string) {
				t.Helper()
				if text.IsZero() || !en.Has(text.ID) {
					t.Errorf("%s / %s: %s is prose, not a catalogue message: %q", name, prof, what, english)
					return
				}
				if got := en.Render(text); got != english {
					t.Errorf("%s / %s: %s %s renders %q, the result says %q", name, prof, what, text.ID, got, english)
				}
			}
			check("message", r.MessageText, r.Message)
			for _, st := range r.Trace {
				check("reason", st.ReasonText, st.Reason)
			}
			if len(r.ProfileNoteTexts) != len(r.ProfileNotes) {
				t.Fatalf("%d note texts for %d notes", len(r.ProfileNoteTexts), len(r.ProfileNotes))
			}
			for i, n := range r.ProfileNotes {
				check("profile note", r.ProfileNoteTexts[i], n)
			}
			r.Localize(zh)
			all := append([]string{r.Message}, r.ProfileNotes...)
			for _, st := range r.Trace {
				all = append(all, st.Reason)
			}
			for _, s := range all {
				if !hasHan(s) || strings.Contains(s, "%!") || strings.Contains(s, "phrase.") {
					t.Errorf("%s / %s: Chinese rendering %q", name, prof, s)
				}
			}
		}
	}
}

// TestReasonArguments pins ids and arguments, not words: an unsupported
// binding names the binding and the client.
func TestReasonArguments(t *testing.T) {
	r := SelectSource([]byte(`{"name":"a","supportedInterfaces":[{"url":"https://a.example.com","protocolBinding":"GRPC","protocolVersion":"1.0"},
		{"url":"https://b.example.com","protocolBinding":"JSONRPC","protocolVersion":"1.0","tenant":"acme"}]}`), MustParseProfile("JSONRPC@1.0"))
	if got := r.Trace[0].ReasonText; got.ID != "msg.select.binding-unsupported" || got.Args[0] != "GRPC" || got.Args[1] != "JSONRPC@1.0" {
		t.Errorf("step 0: %+v", got)
	}
	if got := r.Trace[1].ReasonText; got.ID != "msg.select.first-usable" || got.Args[4] != "https://b.example.com" {
		t.Errorf("step 1: %+v", got)
	}
	if got := r.MessageText; got.ID != "msg.select.selected.tenant" || got.Args[1] != 1 || got.Args[6] != `"acme"` {
		t.Errorf("message: %+v", got)
	}
}

// TestProfileErrorsAreData: ParseProfile's errors carry their id, and say
// it in Chinese.
func TestProfileErrorsAreData(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	for in, id := range map[string]string{
		" ":                 "msg.profile.empty",
		"JSONRPC@1.0,":      "msg.profile.empty-entry",
		"JSONRPC":           "msg.profile.no-version",
		"@1.0":              "msg.profile.no-binding",
		"JSON RPC@1.0":      "msg.profile.binding-space",
		"GRPC@1.0,GRPC@0.3": "msg.profile.duplicate",
		"GRPC@":             "msg.profile.empty-version",
		"GRPC@latest":       "msg.profile.bad-version",
	} {
		_, err := ParseProfile(in)
		var pe *ProfileError
		if !errors.As(err, &pe) || pe.Text.ID != id {
			t.Errorf("ParseProfile(%q) = %v, want a ProfileError %s", in, err, id)
			continue
		}
		if s := zh.Render(pe.Text); !hasHan(s) {
			t.Errorf("%s in Chinese: %q", id, s)
		}
	}
}

func TestPresetsLocalized(t *testing.T) {
	zh := catalog.Of(i18n.Chinese)
	for _, p := range Presets {
		if en := p.Localized(nil).Label; en == "" || strings.HasPrefix(en, "phrase.") || hasHan(en) {
			t.Errorf("preset %s has no English label: %q", p.ID, en)
		}
		l := p.Localized(zh)
		if !hasHan(l.Label) || l.ID != p.ID || l.Profile != p.Profile {
			t.Errorf("preset %s in Chinese: %+v", p.ID, l)
		}
	}
}
