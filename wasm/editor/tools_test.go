package main

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/selection"
)

// Fix all on the broken sample applies what lint --fix applies: the safe
// fixes only (same codes, in the same order). Every finding left that
// offers a fix offers only unsafe ones, each marked unsafe for the page,
// and the summary counts them as left for a person.
func TestFixAllBrokenSample(t *testing.T) {
	src := sharedCard(t, "broken-common-mistakes.json")
	got := FixAll(src)
	want, err := fix.Apply(src, lint.Lint, fix.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Refused || !got.Changed || got.Text != string(want.Output) || !got.Stable {
		t.Fatalf("fixAll: refused=%v changed=%v stable=%v error=%q", got.Refused, got.Changed, got.Stable, got.Error)
	}
	if len(got.Applied) != len(want.Applied) || len(got.Applied) == 0 {
		t.Fatalf("%d fixes applied, want %d", len(got.Applied), len(want.Applied))
	}
	for i, a := range got.Applied {
		if a.Code != want.Applied[i].Code || a.Title == "" || !want.Applied[i].Safe {
			t.Errorf("applied %d: %+v, want the safe fix of %s with a title", i, a, want.Applied[i].Code)
		}
	}
	unsafe := 0
	for _, d := range Lint([]byte(got.Text)).Diagnostics {
		for _, f := range d.Fixes {
			if !f.Unsafe {
				t.Errorf("after Fix all, %s still offers the safe fix %q", d.Code, f.Title)
			}
		}
		if len(d.Fixes) > 0 {
			unsafe++
		}
	}
	if unsafe == 0 || got.UnsafeLeft != unsafe {
		t.Errorf("unsafeLeft %d, want the %d findings that offer only unsafe fixes (none would mean the sample tests nothing)", got.UnsafeLeft, unsafe)
	}
	if !strings.Contains(got.Summary, "fixes applied") || !strings.Contains(got.Summary, "unsafe") {
		t.Errorf("summary %q", got.Summary)
	}
}

// A document core/fix refuses comes back unchanged, with the refusal's
// finding code and words.
func TestFixAllRefused(t *testing.T) {
	for name, c := range map[string]struct{ src, code string }{
		"not a card":  {`{"servers": [], "tools": []}`, "not-a-card"},
		"broken json": {`{"name": "x", "url": }`, ""},
	} {
		t.Run(name, func(t *testing.T) {
			r := FixAll([]byte(c.src))
			if !r.Refused || r.Changed || r.Text != c.src || !strings.HasPrefix(r.Error, "not fixed") {
				t.Fatalf("%+v", r)
			}
			if c.code != "" && r.Code != c.code {
				t.Errorf("code %q, want %q", r.Code, c.code)
			}
		})
	}
}

// Migrate on the legacy sample gives a 1.0 card with no error finding,
// says what changed, and keeps the 0.3 version only when asked.
func TestMigrateLegacySample(t *testing.T) {
	src := sharedCard(t, "legacy-0.3.json")
	r := Migrate(src, "", MigrateOptions{})
	if r.Error != "" || r.From != "0.3" || r.To != "1.0" || len(r.Changes) == 0 {
		t.Fatalf("%+v", r)
	}
	lr := Lint([]byte(r.Text))
	if lr.Errors != 0 || lr.Era != "1.0" {
		t.Errorf("migrated card: era %s, %d errors: %+v", lr.Era, lr.Errors, lr.Diagnostics)
	}
	for _, e := range lr.Interfaces.Entries {
		if e.Version != "1.0" {
			t.Errorf("entry %s at %q, want 1.0", e.URL, e.Version)
		}
	}
	kept := Migrate(src, "1.0", MigrateOptions{KeepVersions: true})
	if !strings.Contains(kept.Text, `"protocolVersion": "0.3"`) {
		t.Errorf("keepVersions: the entries lost their 0.3 version:\n%s", kept.Text)
	}
	if m := Migrate(src, "mixed", MigrateOptions{}); m.To != "mixed" || m.Error != "" {
		t.Errorf("mixed: %+v", m)
	}
}

func TestMigrateRefused(t *testing.T) {
	if r := Migrate([]byte(`{}`), "2.0", MigrateOptions{}); r.Code != "bad-target" || !strings.Contains(r.Error, `"2.0"`) {
		t.Errorf("bad target: %+v", r)
	}
	if r := Migrate([]byte(`{"servers": []}`), "1.0", MigrateOptions{}); r.Code != "not-a-card" || r.Text != "" || r.Changes == nil {
		t.Errorf("not a card: %+v", r)
	}
}

// localCard has a loopback endpoint over plain http: wrong for a card
// about to be public, the usual setup on a developer's machine.
const localCard = `{"name": "Dev agent", "description": "Runs on my laptop for testing.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "http://127.0.0.1:9001/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "echo", "name": "Echo", "description": "Repeats what it is told.", "tags": ["test"]}]}`

// The local profile turns the loopback and http findings into infos (and
// only those), recounts, and says which profile it used; an unknown
// profile name checks as for publishing.
func TestLintProfile(t *testing.T) {
	pub := LintWith([]byte(localCard), LintOptions{Profile: "publish"})
	loc := LintWith([]byte(localCard), LintOptions{Profile: "local"})
	odd := LintWith([]byte(localCard), LintOptions{Profile: "LOCAL!"})
	if pub.Profile != "publish" || loc.Profile != "local" || odd.Profile != "publish" || Lint([]byte(localCard)).Profile != "publish" {
		t.Fatalf("profiles: %q %q %q", pub.Profile, loc.Profile, odd.Profile)
	}
	sev := func(r LintResult) map[string]string {
		m := map[string]string{}
		for _, d := range r.Diagnostics {
			m[d.Code] = d.Severity
		}
		return m
	}
	p, l := sev(pub), sev(loc)
	if p["interface-url-internal"] == "" || p["interface-url-internal"] == "info" {
		t.Fatalf("publish: interface-url-internal is %q", p["interface-url-internal"])
	}
	for code, s := range p {
		want := s
		if code == "interface-url-internal" || code == "interface-url-not-https" {
			want = "info"
		}
		if l[code] != want {
			t.Errorf("local: %s is %q, want %q", code, l[code], want)
		}
	}
	if loc.Errors+loc.Warnings+loc.Infos != len(loc.Diagnostics) || loc.Infos <= pub.Infos {
		t.Errorf("local counts: %d/%d/%d for %d findings (publish infos %d)", loc.Errors, loc.Warnings, loc.Infos, len(loc.Diagnostics), pub.Infos)
	}
}

// sdkCard has a 0.3 JSONRPC entry before a 1.0 one: the specification's
// rule (order decides) and a2a-python (exactly "1.0" first) disagree.
const sdkCard = `{"name": "Two versions", "description": "One endpoint per protocol version.", "version": "1.0.0",
 "supportedInterfaces": [
  {"url": "https://agent.example.com/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"},
  {"url": "https://agent.example.com/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "echo", "name": "Echo", "description": "Repeats what it is told.", "tags": ["test"]}]}`

// The rows are core/selection's comparison: the specification first, then
// a2a-go, a2a-python and a2a-js, each with its choice, the entry's place
// in UTF-16 units, and a reason exactly where it differs.
func TestSDKs(t *testing.T) {
	src := []byte(sdkCard)
	rows := SDKs(src)
	want := selection.CompareDoc(jsonpos.Parse(src, jsonpos.Options{}))
	if len(rows) != 4 || len(want) != 4 {
		t.Fatalf("%d rows", len(rows))
	}
	differ := 0
	for i, r := range rows {
		w := want[i]
		if r.SDK != string(w.SDK) || r.Index != w.Result.Index || r.Outcome != w.Result.Outcome || r.Differs != w.Differs {
			t.Errorf("row %d: %+v, want %s index %d %s differs=%v", i, r, w.SDK, w.Result.Index, w.Result.Outcome, w.Differs)
		}
		if r.Differs != (r.Reason != "") {
			t.Errorf("%s: differs=%v with reason %q", r.SDK, r.Differs, r.Reason)
		}
		if r.Differs {
			differ++
		}
		if r.Outcome == selection.Selected && sdkCard[r.From:r.To] != string(src[w.Result.Start:w.Result.End]) {
			t.Errorf("%s: from/to %d-%d", r.SDK, r.From, r.To)
		}
	}
	if rows[0].SDK != "spec" || rows[0].Index != 0 {
		t.Errorf("spec row: %+v", rows[0])
	}
	if differ == 0 {
		t.Error("no SDK differs from the specification on a card made for it")
	}
}

// In Chinese, every word the tools return is the engine's data rendered
// in Chinese: fix titles and the summary, migration changes, the SDKs'
// reasons, signature messages and a key's error.
func TestToolsChinese(t *testing.T) {
	english(t)
	if r := SetLanguage("zh-CN", chineseJSON(t)); r.Error != "" {
		t.Fatal(r.Error)
	}
	fa := FixAll(sharedCard(t, "broken-common-mistakes.json"))
	if !hasHan(fa.Summary) {
		t.Errorf("summary %q", fa.Summary)
	}
	for _, a := range fa.Applied {
		if !hasHan(a.Title) {
			t.Errorf("%s: title %q", a.Code, a.Title)
		}
	}
	if r := FixAll([]byte(`{"servers": []}`)); !hasHan(r.Error) {
		t.Errorf("refusal %q", r.Error)
	}
	m := Migrate(sharedCard(t, "legacy-0.3.json"), "1.0", MigrateOptions{})
	for _, s := range append(append([]string{}, m.Changes...), m.Notes...) {
		if !hasHan(s) {
			t.Errorf("migration text %q", s)
		}
	}
	if r := Migrate([]byte(`{}`), "2.0", MigrateOptions{}); !hasHan(r.Error) {
		t.Errorf("bad target %q", r.Error)
	}
	for _, r := range SDKs([]byte(sdkCard)) {
		if r.Differs && !hasHan(r.Reason) || !hasHan(r.Message) {
			t.Errorf("%s: reason %q message %q", r.SDK, r.Reason, r.Message)
		}
	}
	loc := LintWith([]byte(localCard), LintOptions{Profile: "local"})
	for _, d := range loc.Diagnostics {
		if !hasHan(d.Message) {
			t.Errorf("%s: %q", d.Code, d.Message)
		}
	}
}

// A 1.0 card has nothing to migrate, to either target: the answer says so
// and carries no text, so the page leaves the card and never reports
// "migrated from 1.0 to 1.0". A 0.3 card migrates to mixed as the CLI's
// --to mixed does: supportedInterfaces added, the legacy members kept.
func TestMigrateTargets(t *testing.T) {
	for _, to := range []string{"1.0", "mixed"} {
		r := Migrate(sharedCard(t, "minimal-1.0.json"), to, MigrateOptions{})
		if r.Code != "already-1.0" || r.Text != "" || !strings.Contains(r.Error, "already a 1.0 card") {
			t.Errorf("1.0 card to %s: %+v", to, r)
		}
	}
	r := Migrate(sharedCard(t, "legacy-0.3.json"), "mixed", MigrateOptions{})
	if r.Error != "" || r.From != "0.3" || r.To != "mixed" || !strings.Contains(r.Text, `"supportedInterfaces"`) || !strings.Contains(r.Text, `"preferredTransport"`) {
		t.Errorf("0.3 card to mixed: from %q to %q error %q", r.From, r.To, r.Error)
	}
	if got := Lint([]byte(r.Text)).Era; got != "mixed" {
		t.Errorf("the migrated card's era is %q", got)
	}
}

// Example names: reported when publishing, gone in the local profile and
// in a lesson's example card (LintOptions.Examples).
func TestLintExampleNames(t *testing.T) {
	card := strings.Replace(localCard, "http://127.0.0.1:9001/a2a", "https://agent.example.com/a2a", 1)
	has := func(r LintResult) bool {
		for _, d := range r.Diagnostics {
			if d.Code == "example-placeholder" {
				return true
			}
		}
		return false
	}
	if !has(LintWith([]byte(card), LintOptions{})) {
		t.Error("publish: no example-placeholder")
	}
	if has(LintWith([]byte(card), LintOptions{Profile: "local"})) {
		t.Error("local: example-placeholder reported")
	}
	if has(LintWith([]byte(card), LintOptions{Examples: true})) {
		t.Error("a lesson's example: example-placeholder reported")
	}
}
