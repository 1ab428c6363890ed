package selection

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
)

func tableCard(t *testing.T, name string) *jsonpos.Doc {
	t.Helper()
	for _, c := range loadSDKTable(t) {
		if c.Name == name {
			return jsonpos.Parse(c.Card, jsonpos.Options{})
		}
	}
	t.Fatalf("no card %s in %s", name, sdkTable)
	return nil
}

// TestSDKModelPythonTable pins the a2a-python model on the shared table,
// choice by choice as read from client_factory.py, because the real SDK
// cannot be installed here (TestSDKModelPython compares with it where it
// can). "-" is no compatible interface.
func TestSDKModelPythonTable(t *testing.T) {
	want := map[string]string{
		"one-jsonrpc": "0@1.0", "one-http-json": "-", "one-grpc": "-", "grpc-then-http-json": "-",
		"http-json-then-jsonrpc": "1@1.0", "jsonrpc-0.3-then-1.0": "1@1.0", "jsonrpc-1.0-twice": "0@1.0",
		"http-json-then-jsonrpc-0.3-and-1.0": "2@1.0", "jsonrpc-0.3-only": "0@0.3", "jsonrpc-1.1": "0@1.0",
		"jsonrpc-0.3-then-patch-1.0.0": "0@0.3", "lower-case-binding": "-", "missing-version": "0@1.0",
		"v-prefixed-version": "0@1.0", "tenants": "1@1.0", "unparseable-http-json-url": "1@1.0",
		"legacy-jsonrpc": "0@0.3", "legacy-http-json-first": "1@0.3", "legacy-no-preferred-transport": "0@0.3",
		"mixed": "1@1.0", "missing-binding-proto-card": "1@1.0", "missing-binding-plain-card": "1@1.0",
		"four-entries": "2@1.0", "jsonrpc-2.0-then-http-json": "0@1.0", "jsonrpc-release-candidate": "0@0.3",
		"custom-binding-then-jsonrpc-tenant": "1@1.0",
	}
	cases := loadSDKTable(t)
	if len(cases) != len(want) {
		t.Fatalf("%d cards, %d expectations", len(cases), len(want))
	}
	for _, c := range cases {
		r := SelectSDK(jsonpos.Parse(c.Card, jsonpos.Options{}), SDKPython, SDKOptions{})
		got := "-"
		if r.Outcome == Selected {
			got = strings.Join([]string{itoa(r.Index), r.Speaks}, "@")
		} else if r.Outcome != NoCompatibleInterface {
			got = r.Outcome
		}
		if got != want[c.Name] {
			t.Errorf("%s: a2a-python model %s, want %s (%s)", c.Name, got, want[c.Name], r.Message)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestPEP440Ranks: the version ranks of _find_best_interface, with
// packaging's ordering of pre-, post-, development and local releases.
func TestPEP440Ranks(t *testing.T) {
	for v, want := range map[string]int{
		"1.0": pyExact, "": pyNoVersion, "1.0.0": pyLegacy, "v1.0": pyLegacy, " 1.0 ": pyLegacy,
		"1.1": pyAbove, "2": pyAbove, "1.0.post1": pyAbove, "1.0-1": pyAbove, "1.0+local.7": pyAbove, "1!0.1": pyAbove,
		"1.0rc1": pyLegacy, "1.0.dev0": pyLegacy, "0.3": pyLegacy, "0.3.0": pyLegacy, "0.10": pyLegacy, "V0.9b2": pyLegacy,
		"0.2.9": pyUnusable, "0.3rc1": pyUnusable, "0.3.dev1": pyUnusable, "one": pyUnusable, "1.0 beta": pyUnusable, "1..0": pyUnusable,
	} {
		if got := pyRank(v); got != want {
			t.Errorf("pyRank(%q) = %d, want %d", v, got, want)
		}
	}
}

// TestSDKLegacyCard: a 0.3 card has no interface for a2a-go and a2a-js
// with default settings, and each entry says why; a2a-python reads it.
func TestSDKLegacyCard(t *testing.T) {
	doc := tableCard(t, "legacy-jsonrpc")
	for sdk, id := range map[SDK]string{SDKGo: "msg.sdk.go.legacy", SDKJS: "msg.sdk.js.legacy"} {
		r := SelectSDK(doc, sdk, SDKOptions{})
		if r.Outcome != NoCompatibleInterface || r.List != ListLegacy || len(r.Trace) != 2 || r.MessageText.ID != "msg.sdk.none" {
			t.Fatalf("%s: %s", sdk, dump(r))
		}
		for _, st := range r.Trace {
			if st.ReasonText.ID != id || st.Decision != DecisionSkipped {
				t.Errorf("%s: step %+v", sdk, st)
			}
		}
	}
	if r := SelectSDK(doc, SDKPython, SDKOptions{}); r.Outcome != Selected || r.Index != 0 || r.Speaks != "0.3" || r.ProtocolVersion != "0.3.0" {
		t.Errorf("python: %s", dump(r))
	}
}

// TestSDKInvalidCard: what the specification's rule cannot read, no
// model reads either.
func TestSDKInvalidCard(t *testing.T) {
	for _, src := range []string{`{"name": `, `[]`, `{"supportedInterfaces": []}`} {
		for _, sdk := range SDKs() {
			r := SelectSDK(jsonpos.Parse([]byte(src), jsonpos.Options{}), sdk, SDKOptions{})
			if r.Outcome != InvalidCard || r.SDK != string(sdk) || r.Client != sdk.Name() {
				t.Errorf("%s on %s: %s", sdk, src, dump(r))
			}
		}
	}
}

// TestCompare: the specification's row comes first; a library that
// calls another entry, finds none, or throws is marked with a reason
// whose arguments name the two entries and the library's own reason.
func TestCompare(t *testing.T) {
	rows := CompareDoc(tableCard(t, "jsonrpc-0.3-then-1.0"))
	if len(rows) != 4 || rows[0].SDK != SDKSpec || rows[0].Result.Index != 0 || rows[0].Differs {
		t.Fatalf("rows: %+v", rows)
	}
	byName := map[SDK]SDKChoice{}
	for _, r := range rows {
		byName[r.SDK] = r
	}
	py := byName[SDKPython]
	if !py.Differs || py.SpecIndex != 0 || py.Result.Index != 1 || py.ReasonText.ID != "msg.sdk.diff.other" {
		t.Fatalf("python: %+v", py)
	}
	if args := py.ReasonText.Args; args[0] != SDKPython.Name() || args[1] != 1 || args[2] != 0 || args[3].(i18n.Text).ID != "msg.sdk.py.passed-over" {
		t.Errorf("python reason args: %+v", args)
	}
	// a2a-go and a2a-js speak only 1.0: the specification's rule with
	// what they speak also takes entry 1
	for _, s := range []SDK{SDKGo, SDKJS} {
		if c := byName[s]; c.Differs || c.SpecIndex != 1 || c.Result.Index != 1 || c.Reason != "" {
			t.Errorf("%s: %+v", s, c)
		}
	}

	for name, want := range map[string]map[SDK]string{
		"missing-binding-plain-card": {SDKJS: "msg.sdk.diff.error", SDKGo: "", SDKPython: ""},
		"unparseable-http-json-url":  {SDKGo: "msg.sdk.diff.other", SDKJS: "", SDKPython: ""},
		"jsonrpc-0.3-only":           {SDKJS: "msg.sdk.diff.extra", SDKGo: "", SDKPython: ""},
		"legacy-jsonrpc":             {SDKGo: "", SDKJS: "", SDKPython: ""},
		"lower-case-binding":         {SDKJS: "msg.sdk.diff.other", SDKGo: "", SDKPython: ""},
		"jsonrpc-1.0-twice":          {SDKJS: "msg.sdk.diff.other", SDKGo: "", SDKPython: ""},
		"one-jsonrpc":                {SDKGo: "", SDKJS: "", SDKPython: ""},
	} {
		for _, c := range CompareDoc(tableCard(t, name))[1:] {
			if c.ReasonText.ID != want[c.SDK] || c.Differs != (want[c.SDK] != "") {
				t.Errorf("%s / %s: reason %q (%s), want %q", name, c.SDK, c.ReasonText.ID, c.Reason, want[c.SDK])
			}
		}
	}
	// the URL a2a-go cannot parse is the reason it leaves the spec's entry
	for _, c := range CompareDoc(tableCard(t, "unparseable-http-json-url")) {
		if c.SDK == SDKGo && c.ReasonText.Args[3].(i18n.Text).ID != "msg.sdk.go.url" {
			t.Errorf("a2a-go reason: %+v", c.ReasonText)
		}
	}
}

// TestSDKTextsAreData: every message, reason and comparison sentence is
// a catalogue message whose English rendering is what the result holds,
// and Localize says all of them in Chinese.
func TestSDKTextsAreData(t *testing.T) {
	en, zh := i18n.EnglishCatalogue(), catalog.Of(i18n.Chinese)
	check := func(where string, text i18n.Text, english string) {
		t.Helper()
		if text.IsZero() || !en.Has(text.ID) {
			t.Errorf("%s: prose, not a catalogue message: %q", where, english)
		} else if got := en.Render(text); got != english {
			t.Errorf("%s: %s renders %q, the result says %q", where, text.ID, got, english)
		}
	}
	for _, c := range loadSDKTable(t) {
		for _, row := range CompareDoc(jsonpos.Parse(c.Card, jsonpos.Options{})) {
			where := c.Name + " / " + string(row.SDK)
			check(where+" message", row.Result.MessageText, row.Result.Message)
			for _, st := range row.Result.Trace {
				check(where+" reason", st.ReasonText, st.Reason)
			}
			if row.Differs {
				check(where+" difference", row.ReasonText, row.Reason)
			}
			row.Localize(zh)
			all := []string{row.Result.Message, row.Reason}
			for _, st := range row.Result.Trace {
				all = append(all, st.Reason)
			}
			for _, s := range all {
				if s == "" && !row.Differs {
					continue
				}
				if !hasHan(s) || strings.Contains(s, "%!") || strings.Contains(s, "phrase.") || strings.Contains(s, "msg.") {
					t.Errorf("%s: Chinese rendering %q", where, s)
				}
			}
		}
	}
}

func TestParseSDK(t *testing.T) {
	for in, want := range map[string]SDK{"go": SDKGo, "a2a-go": SDKGo, " Python ": SDKPython, "py": SDKPython, "JS": SDKJS, "a2a-js": SDKJS} {
		if got, err := ParseSDK(in); err != nil || got != want {
			t.Errorf("ParseSDK(%q) = %q, %v", in, got, err)
		}
	}
	_, err := ParseSDK("java")
	var pe *ProfileError
	if !errors.As(err, &pe) || pe.Text.ID != "msg.sdk.unknown" || !hasHan(catalog.Of(i18n.Chinese).Render(pe.Text)) {
		t.Errorf("ParseSDK(java) = %v", err)
	}
	if len(SDKs()) != 3 {
		t.Errorf("SDKs() = %v", SDKs())
	}
}
