package lint

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/internal/testcards"
)

// topicCase is one table row for the skills, security, credential,
// signature and legacy rules: a card (a member-list fragment merged into
// BaseCard or BaseLegacyCard, or a whole document), the rule code, how
// many findings of it are expected, and optional checks on the first
// finding. Messages are checked as data (id and arguments), never as
// English.
type topicCase struct {
	name string
	doc  string
	code string
	want int
	// sev, when set, is the expected severity of the first finding.
	sev Severity
	// id, when set, is the first finding's message id.
	id string
	// args lists values that must each be among the first finding's
	// arguments, read through phrases (see flatArgs): a quoted value, a
	// number, or the id of a phrase argument.
	args []any
	// pointer, when set, is the first finding's pointer.
	pointer string
	// notInMsg lists substrings that no finding's message or argument may
	// contain (secrets).
	notInMsg []string
	// fixed, when set, is a substring the document must contain after
	// applying the first finding's first fix; the fixed document must no
	// longer trigger the rule at that pointer.
	fixed string
	// fixID, when set, is the title id of the first finding's first fix.
	fixID string
	// noFix asserts that the first finding offers no fix.
	noFix bool
}

// flatArgs lists a message's arguments with every phrase opened: a Text
// contributes its id and then its own arguments, a Phrase its id.
func flatArgs(args []any) []any {
	var out []any
	for _, a := range args {
		switch v := a.(type) {
		case i18n.Text:
			out = append(out, v.ID)
			out = append(out, flatArgs(v.Args)...)
		case i18n.Phrase:
			out = append(out, string(v))
		default:
			out = append(out, a)
		}
	}
	return out
}

// missingArgs reports the wanted arguments that d's arguments lack.
func missingArgs(d Diagnostic, want []any) []any {
	got := flatArgs(d.Args)
	var missing []any
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	return missing
}

func runTopicCases(t *testing.T, cases []topicCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := ExampleDocument(tc.doc)
			res := Lint([]byte(src), Options{})
			got := diagsWithCode(res, tc.code)
			if len(got) != tc.want {
				t.Fatalf("%s: got %d findings, want %d\n%s\nall findings: %v", tc.code, len(got), tc.want, src, messages(res))
			}
			for _, d := range res.Diagnostics {
				for _, s := range tc.notInMsg {
					if strings.Contains(d.Message, s) {
						t.Errorf("message of %s repeats %q: %s", d.Code, s, d.Message)
					}
					for _, a := range flatArgs(d.Args) {
						if str, ok := a.(string); ok && strings.Contains(str, s) {
							t.Errorf("argument of %s repeats %q: %v", d.Code, s, d.Args)
						}
					}
				}
			}
			if tc.want == 0 {
				return
			}
			d := got[0]
			if tc.sev != 0 && d.Severity != tc.sev {
				t.Errorf("severity %s, want %s (%s)", d.Severity, tc.sev, d.Message)
			}
			if tc.id != "" && d.MessageID != tc.id {
				t.Errorf("message id %q, want %q (%s)", d.MessageID, tc.id, d.Message)
			}
			if m := missingArgs(d, tc.args); len(m) > 0 {
				t.Errorf("arguments %#v lack %#v", flatArgs(d.Args), m)
			}
			if tc.pointer != "" && d.Pointer != tc.pointer {
				t.Errorf("pointer %q, want %q", d.Pointer, tc.pointer)
			}
			if tc.noFix && len(d.Fixes) > 0 {
				t.Errorf("unexpected fix %q", d.Fixes[0].Title)
			}
			if tc.fixID != "" && (len(d.Fixes) == 0 || d.Fixes[0].Text.ID != tc.fixID) {
				t.Errorf("fixes %+v, want the first titled %s", d.Fixes, tc.fixID)
			}
			if tc.fixed != "" {
				if len(d.Fixes) == 0 {
					t.Fatalf("no fix offered: %s", d.Message)
				}
				out := applyEdits(src, d.Fixes[0].Edits)
				if !strings.Contains(out, tc.fixed) {
					t.Errorf("after fix %q the document lacks %q:\n%s", d.Fixes[0].Title, tc.fixed, out)
				}
				after := Lint([]byte(out), Options{})
				if after.Doc.Problems != nil {
					t.Errorf("fix produced invalid JSON: %v\n%s", after.Doc.Problems, out)
				}
				for _, d2 := range diagsWithCode(after, tc.code) {
					if d2.Pointer == d.Pointer {
						t.Errorf("fix did not resolve the finding: %s\n%s", d2.Message, out)
					}
				}
			}
		})
	}
}

func diagsWithCode(r *Result, code string) []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

func messages(r *Result) []string {
	var out []string
	for _, d := range r.Diagnostics {
		out = append(out, d.Code+": "+d.Message)
	}
	return out
}

// applyEdits applies non-overlapping edits by byte offset.
func applyEdits(src string, edits []Edit) string {
	es := append([]Edit(nil), edits...)
	sort.Slice(es, func(i, j int) bool { return es[i].Range.Start.Offset > es[j].Range.Start.Offset })
	for _, e := range es {
		src = src[:e.Range.Start.Offset] + e.NewText + src[e.Range.End.Offset:]
	}
	return src
}

// skill builds one skill object for fragments.
func skill(id, desc string, extra ...string) string {
	s := `{"id": ` + quote(id) + `, "name": "Some skill", "description": ` + quote(desc) + `, "tags": ["misc"], "examples": ["Do it for this file"]`
	for _, e := range extra {
		s += ", " + e
	}
	return s + "}"
}

func skillsFrag(skills ...string) string { return `"skills": [` + strings.Join(skills, ", ") + `]` }

const longDesc = "Converts a CSV of card transactions into a monthly expense report grouped by category."

func TestSkillIDDuplicate(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "two skills one id", code: codeSkillIDDuplicate, want: 1, sev: Warning,
			doc: skillsFrag(skill("summarize", longDesc), skill("summarize", longDesc)),
			id:  "msg.skill-id-duplicate", args: []any{`"summarize"`, 0}},
		{name: "three skills one id", code: codeSkillIDDuplicate, want: 2,
			doc: skillsFrag(skill("a", longDesc), skill("a", longDesc), skill("a", longDesc))},
		{name: "ids differ only in case are distinct", code: codeSkillIDDuplicate, want: 0,
			doc: skillsFrag(skill("report", longDesc), skill("Report", longDesc))},
		{name: "distinct ids", code: codeSkillIDDuplicate, want: 0,
			doc: skillsFrag(skill("summarize-report", longDesc), skill("summarize-meeting", longDesc))},
		{name: "legacy card too", code: codeSkillIDDuplicate, want: 1,
			doc: `"url": "https://invoices.example.com/a2a", ` + skillsFrag(skill("x", longDesc), skill("x", longDesc))},
		{name: "missing ids are not duplicates", code: codeSkillIDDuplicate, want: 0,
			doc: `"skills": [{"name": "A", "description": "` + longDesc + `", "tags": ["a"]}, {"name": "B", "description": "` + longDesc + `", "tags": ["b"]}]`},
	})
	// the finding names the line of the first id, and points at it
	src := ExampleDocument(skillsFrag(skill("summarize", longDesc), skill("summarize", longDesc)))
	ds := diagsWithCode(Lint([]byte(src), Options{}), codeSkillIDDuplicate)
	if len(ds) != 1 || len(ds[0].Related) != 1 {
		t.Fatalf("want one finding with one related place, got %+v", ds)
	}
	rel := ds[0].Related[0]
	first := strings.Index(src, `"summarize"`)
	if rel.Text.ID != "related.skill-id-first" || rel.Range.Start.Offset != first || rel.Range.End.Offset != first+len(`"summarize"`) {
		t.Errorf("related %+v, want the first id at offset %d", rel, first)
	}
	if ds[0].Args[2] != rel.Range.Start.Line {
		t.Errorf("line argument %v, related place on line %d", ds[0].Args[2], rel.Range.Start.Line)
	}
}

func TestSkillIDSlug(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "spaces", code: codeSkillIDNotSlug, want: 1, sev: Info,
			doc: skillsFrag(skill("do everything", longDesc)), id: "msg.skill-id-not-slug", args: []any{`"do everything"`, "phrase.slug.spaces", `"do-everything"`},
			fixed: `"id": "do-everything"`, fixID: "fix.skill-id-slug"},
		{name: "camel case", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("getWeather", longDesc)), args: []any{"phrase.slug.capitals"}, fixed: `"id": "get-weather"`},
		{name: "acronym", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("HTTPFetch", longDesc)), fixed: `"id": "http-fetch"`},
		{name: "title case with spaces", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("Extract Invoice", longDesc)), args: []any{"phrase.list.and2", "phrase.slug.spaces", "phrase.slug.capitals"}, fixed: `"id": "extract-invoice"`},
		{name: "three reasons", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("Wissen Übersicht", longDesc)), id: "msg.skill-id-not-slug.example",
			args: []any{"phrase.list.and3", "phrase.slug.spaces", "phrase.slug.capitals", "phrase.slug.non-ascii"}, noFix: true},
		{name: "non-ASCII has no certain slug", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("知识库检索", longDesc)), id: "msg.skill-id-not-slug.example", args: []any{"phrase.slug.non-ascii"}, noFix: true},
		{name: "punctuation has no certain slug", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("search/docs", longDesc)), args: []any{"phrase.slug.other"}, noFix: true},
		{name: "fix would clash with another id", code: codeSkillIDNotSlug, want: 1,
			doc: skillsFrag(skill("do everything", longDesc), skill("do-everything", longDesc)), id: "msg.skill-id-not-slug.clash", args: []any{`"do-everything"`, 1}, noFix: true},
		{name: "identical duplicates: only the first gets the fix", code: codeSkillIDNotSlug, want: 2,
			doc: skillsFrag(skill("do everything", longDesc), skill("do everything", longDesc)), fixed: `"id": "do-everything"`},
		{name: "slugs pass", code: codeSkillIDNotSlug, want: 0,
			doc: skillsFrag(skill("translate-document", longDesc), skill("knowledge_search", longDesc), skill("v2.summarize", longDesc))},
		{name: "legacy card too", code: codeSkillIDNotSlug, want: 1,
			doc: `"url": "https://invoices.example.com/a2a", ` + skillsFrag(skill("Scale Recipe", longDesc))},
	})
	// the second identical id offers no fix
	res := Lint([]byte(ExampleDocument(skillsFrag(skill("do everything", longDesc), skill("do everything", longDesc)))), Options{})
	ds := diagsWithCode(res, codeSkillIDNotSlug)
	if len(ds) != 2 || len(ds[0].Fixes) != 1 || len(ds[1].Fixes) != 0 {
		t.Errorf("want a fix on the first duplicate only, got %+v", ds)
	}
}

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"do everything": "do-everything", "getWeather": "get-weather", "HTTPFetch": "http-fetch", "Search_Docs": "search_docs",
		"  spaced  out ": "spaced-out", "v2 Summary": "v2-summary", "a - b": "a-b", "知识": "", "a/b": "", "": "",
	} {
		if got := slugify(in); got != want {
			t.Errorf("slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSkillDescriptionGeneric(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "helps", code: codeSkillDescGeneric, want: 1, sev: Info,
			doc: skillsFrag(skill("assist", "Helps.")), id: "msg.skill-description-generic", args: []any{`"Helps."`, "phrase.skill", `"assist"`}},
		{name: "does stuff", code: codeSkillDescGeneric, want: 1, doc: skillsFrag(skill("assist", "Does stuff"))},
		{name: "an AI assistant", code: codeSkillDescGeneric, want: 1, doc: skillsFrag(skill("assist", "An AI assistant."))},
		{name: "two words", code: codeSkillDescGeneric, want: 1, doc: skillsFrag(skill("assist", "Helps again.")), id: "msg.skill-description-generic.short", args: []any{`"Helps again."`, 2}},
		{name: "repeats the name", code: codeSkillDescGeneric, want: 1,
			doc: `"skills": [{"id": "translate", "name": "Translate documents", "description": "Translate documents.", "tags": ["i18n"], "examples": ["x"]}]`,
			id:  "msg.skill-description-generic.name"},
		{name: "generic Chinese", code: codeSkillDescGeneric, want: 1, doc: skillsFrag(skill("assist", "智能助手"))},
		{name: "specific Chinese passes", code: codeSkillDescGeneric, want: 0, doc: skillsFrag(skill("knowledge-search", "按主题检索文档并生成带引用位置的摘要。"))},
		{name: "specific Japanese passes", code: codeSkillDescGeneric, want: 0, doc: skillsFrag(skill("translate", "文書を英語から日本語に翻訳します。"))},
		{name: "specific English passes", code: codeSkillDescGeneric, want: 0, doc: skillsFrag(skill("expense-report", longDesc))},
		{name: "three words pass", code: codeSkillDescGeneric, want: 0, doc: skillsFrag(skill("scale", "Scales recipe quantities."))},
		{name: "empty is structure's", code: codeSkillDescGeneric, want: 0, doc: skillsFrag(skill("scale", ""))},
		{name: "legacy card too", code: codeSkillDescGeneric, want: 1,
			doc: `"url": "https://invoices.example.com/a2a", ` + skillsFrag(skill("scale", "Does stuff"))},
	})
}

func TestSkillNoExamples(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "missing", code: codeSkillNoExamples, want: 1, sev: Info,
			doc: `"skills": [{"id": "scale", "name": "Scale", "description": "` + longDesc + `", "tags": ["x"]}]`, id: "msg.skill-no-examples", args: []any{"phrase.skill", `"scale"`}},
		{name: "missing, no usable id", code: codeSkillNoExamples, want: 1,
			doc: `"skills": [{"id": "", "name": "Scale", "description": "` + longDesc + `", "tags": ["x"]}]`, id: "msg.skill-no-examples", args: []any{"phrase.skill.index", 0}},
		{name: "empty list", code: codeSkillNoExamples, want: 1,
			doc: `"skills": [{"id": "scale", "name": "Scale", "description": "` + longDesc + `", "tags": ["x"], "examples": []}]`, id: "msg.skill-no-examples.empty"},
		{name: "present", code: codeSkillNoExamples, want: 0, doc: skillsFrag(skill("scale", longDesc))},
	})
	// the pointer names the missing member
	res := Lint([]byte(ExampleDocument(`"skills": [{"id": "scale", "name": "Scale", "description": "`+longDesc+`", "tags": ["x"]}]`)), Options{})
	if ds := diagsWithCode(res, codeSkillNoExamples); len(ds) != 1 || ds[0].Pointer != "/skills/0/examples" {
		t.Errorf("pointer: %+v", ds)
	}
}

// sharedCardsDir is testdata/cards (failing the test when it is missing).
func sharedCardsDir(t *testing.T) string { return filepath.Join(testcards.Require(t), "cards") }

// myTopicCodes are the rules of skills.go, security.go, credentials.go and
// signatures.go.
var myTopicCodes = []string{
	codeSkillIDDuplicate, codeSkillIDNotSlug, codeSkillDescGeneric, codeSkillNoExamples,
	codeSchemeLegacy10, codeSchemeOneOf, codeSchemeType, codeAPIKeyLocation, codeHTTPSchemeUnknown, codeSecurityURL,
	codeOAuthFlowDeprecated, codeOAuthFlowsOneOf, codeRequirementUndefined, codeScopeUndeclared, codeCredential,
	codeSigEncoding, codeSigProtected, codeSigHeader, codeSigAlgNone, codeSigTyp, codeSigJKU, codeSigPlaceholder,
}

// TestSharedCardsTopics checks the skills, security and signature rules
// against the verdicts in testdata/README.md.
func TestSharedCardsTopics(t *testing.T) {
	dir := sharedCardsDir(t)
	mine := map[string]bool{}
	for _, c := range myTopicCodes {
		mine[c] = true
	}
	lintFile := func(name string) *Result {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return Lint(b, Options{})
	}
	for _, name := range []string{"seed-document-search.json", "seed-three-interfaces.json", "minimal-1.0.json", "full-1.0.json", "legacy-0.3.json", "mixed-consistent.json", "mixed-inconsistent.json"} {
		t.Run(name, func(t *testing.T) {
			res := lintFile(name)
			for _, d := range res.Diagnostics {
				if mine[d.Code] && d.Severity != Info {
					t.Errorf("unexpected %s %s at %s: %s", d.Severity, d.Code, d.Pointer, d.Message)
				}
			}
		})
	}
	t.Run("broken-common-mistakes.json", func(t *testing.T) {
		res := lintFile("broken-common-mistakes.json")
		want := []struct {
			code, pointer string
			mention       any // one of the finding's arguments
		}{
			{codeSchemeLegacy10, "/securitySchemes/session", `"session"`},
			{codeRequirementUndefined, "/securityRequirements/0/schemes/sso", `"sso"`},
			{codeSkillIDDuplicate, "/skills/1/id", 16},
			{codeSkillIDNotSlug, "/skills/0/id", `"answer questions"`},
			{codeSkillDescGeneric, "/skills/0/description", `"Answers."`},
			{codeCredential, "/accessToken", `"Bearer eyJh…"`},
		}
		for _, w := range want {
			found := false
			for _, d := range diagsWithCode(res, w.code) {
				if d.Pointer == w.pointer && len(missingArgs(d, []any{w.mention})) == 0 {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s at %s mentioning %s; findings: %v", w.code, w.pointer, w.mention, messages(res))
			}
		}
		for _, d := range res.Diagnostics {
			if strings.Contains(d.Message, "eyJhbGciOiJIUzI1NiJ9") {
				t.Errorf("%s echoes the token: %s", d.Code, d.Message)
			}
			for _, a := range flatArgs(d.Args) {
				if s, ok := a.(string); ok && strings.Contains(s, "eyJhbGciOiJIUzI1NiJ9") {
					t.Errorf("%s echoes the token in its arguments: %v", d.Code, d.Args)
				}
			}
		}
	})
}

// normalizedByStrings is normalizeDescription as the strings package
// says it, the reference for the allocation-free form.
func normalizedByStrings(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	return strings.Join(strings.Fields(s), " ")
}

// TestAppendNormalized: the allocation-free form says what the strings
// package says, for ASCII and other text alike, invalid UTF-8 included.
func TestAppendNormalized(t *testing.T) {
	cases := []string{"", " ", "A skill.", "  Does   THINGS\t\nwell!! ", "...", "-a-", "$x+", "~Tilde~", "a\vb\fc\rd",
		"Helps  with tasks", "帮助 处理\u3000任务。", "Ünïcode Wörds", "\u00a0nbsp\u00a0", "a__b", "(a) [b] {c}", "a , b",
		"\xff\xfeA B\xff", "«Ω»", "ǅungla İstanbul", "x\u2028y\u0085z"}
	for i := 0; i < 128; i++ {
		cases = append(cases, string(rune(i))+"Ab"+string(rune(i))+"c"+string(rune(i)))
	}
	for _, s := range cases {
		if got, want := normalizeDescription(s), normalizedByStrings(s); got != want {
			t.Errorf("normalizeDescription(%q) = %q, want %q", s, got, want)
		}
	}
}
