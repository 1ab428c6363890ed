package lsp

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

const cardURI = "file:///project/.well-known/agent-card.json"

// brokenCard has two findings with fixes: a binding written in the wrong
// case, and tags given as a string on a line whose name holds CJK and an
// emoji (a surrogate pair), so its UTF-16 column differs from its byte and
// rune columns.
func brokenCard(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("testdata/agent-card.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func initialize(t *testing.T, c *client) {
	t.Helper()
	var init struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
			} `json:"textDocumentSync"`
			HoverProvider      bool `json:"hoverProvider"`
			CompletionProvider *struct {
				TriggerCharacters []string `json:"triggerCharacters"`
			} `json:"completionProvider"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
		} `json:"capabilities"`
		ServerInfo struct{ Name string } `json:"serverInfo"`
	}
	c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &init)
	caps := init.Capabilities
	if !caps.TextDocumentSync.OpenClose || caps.TextDocumentSync.Change != 1 || !caps.HoverProvider || caps.CompletionProvider == nil ||
		!slices.Equal(caps.CodeActionProvider.CodeActionKinds, []string{"quickfix", "source.fixAll.agentcard"}) || init.ServerInfo.Name != "agentcard" {
		t.Fatalf("capabilities: %+v", init)
	}
	c.notify("initialized", map[string]any{})
}

func open(c *client, uri, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": text}})
}

func byCode(t *testing.T, p published, code string) lspDiag {
	t.Helper()
	for _, d := range p.Diagnostics {
		if d.Code == code {
			return d
		}
	}
	t.Fatalf("no %s finding in %+v", code, p.Diagnostics)
	return lspDiag{}
}

// TestSession drives a whole editing session in English: findings with
// UTF-16 ranges, hover on a field and on a finding, completion, a quick
// fix applied as the editor would, the findings cleared, and a clean exit.
func TestSession(t *testing.T) {
	t.Parallel()
	c := startServer(t, Options{Lang: i18n.English, Version: "test"})
	initialize(t, c)
	text := brokenCard(t)
	open(c, cardURI, text)

	p := c.diagnostics()
	if p.URI != cardURI || p.Version == nil || *p.Version != 1 {
		t.Fatalf("published for %q version %v", p.URI, p.Version)
	}
	var codes []string
	for _, d := range p.Diagnostics {
		codes = append(codes, d.Code)
	}
	if want := []string{"interface-binding-variant", "wrong-type"}; !slices.Equal(codes, want) {
		t.Fatalf("codes %v, want %v", codes, want)
	}
	tags := byCode(t, p, "wrong-type")
	wantStart := posOf(t, text, `"条款比对🔍"`, `"contracts"`)
	if tags.Range.Start != wantStart || tags.Range.End != (lspPos{wantStart.Line, wantStart.Character + len(`"contracts"`)}) {
		t.Errorf("wrong-type range %+v, want from %+v (UTF-16)", tags.Range, wantStart)
	}
	// the byte column of the same place is larger: the check is not vacuous
	line := strings.Split(text, "\n")[wantStart.Line]
	if byteCol := strings.Index(line, `"contracts"`); byteCol == wantStart.Character {
		t.Fatalf("test card has no multi-byte text before the finding")
	}
	if tags.Severity != 1 || tags.Source != "agentcard" || tags.CodeDescription.Href != lint.RuleURL("wrong-type") ||
		!strings.Contains(tags.Message, "tags") {
		t.Errorf("wrong-type finding: %+v", tags)
	}

	// hover on a member key: the field catalogue's explanation, where it
	// is required, its values and the specification section
	var h hoverResult
	at := posOf(t, text, "", `"protocolBinding"`)
	at.Character += 3
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": at}, &h)
	f := card.LookupAny("AgentInterface", "protocolBinding")
	ref := f.Refs[0]
	for _, want := range []string{"`protocolBinding`", markdownText(f.Doc), "Required in 1.0.", "`JSONRPC`", ref.URL} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	if h.Contents.Kind != "markdown" || h.Range == nil || h.Range.Start != posOf(t, text, "", `"protocolBinding"`) {
		t.Errorf("hover kind %q range %+v", h.Contents.Kind, h.Range)
	}

	// hover on a key after CJK and an emoji on the same line
	// (on the opening quote: one UTF-16 unit off would be the space
	// before it, which belongs to the skill, not to description)
	afterEmoji := posOf(t, text, `"条款比对🔍"`, `"description"`)
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": afterEmoji}, &h)
	if skill := card.LookupAny("AgentSkill", "description"); !strings.Contains(h.Contents.Value, markdownText(skill.Doc)) ||
		h.Range == nil || h.Range.Start != posOf(t, text, `"条款比对🔍"`, `"description"`) {
		t.Errorf("hover after the emoji: %+v", h)
	}

	// hover on the finding: the rule's title and explanation and its page
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": wantStart}, &h)
	rule := lint.RuleFor("wrong-type")
	for _, want := range []string{markdownText(rule.Title), "`wrong-type`", lint.RuleURL("wrong-type"), "`tags`"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover on the finding lacks %q:\n%s", want, h.Contents.Value)
		}
	}

	// completion inside the binding's string: the closed values, each
	// replacing the whole string
	var cl completionList
	in := posOf(t, text, "", `"JsonRpc"`)
	in.Character += 2
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": in}, &cl)
	var labels []string
	for _, it := range cl.Items {
		labels = append(labels, it.Label)
	}
	if !slices.Equal(labels, card.CoreBindings) || cl.Items[0].TextEdit.NewText != `"JSONRPC"` ||
		cl.Items[0].TextEdit.Range.Start != posOf(t, text, "", `"JsonRpc"`) {
		t.Errorf("value completion: %+v", cl.Items)
	}
	// completion between the interface's members: the fields it may
	// still have, not those it has
	between := posOf(t, text, `"JsonRpc"`, `, "protocolVersion"`)
	between.Character++
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": between}, &cl)
	labels = labels[:0]
	for _, it := range cl.Items {
		labels = append(labels, it.Label)
	}
	if !slices.Contains(labels, "tenant") || slices.Contains(labels, "url") || slices.Contains(labels, "transport") {
		t.Errorf("member completion: %v", labels)
	}

	// completion on a key: the names the skill may have, the key itself
	// included, replacing the whole quoted key
	onKey := posOf(t, text, `"条款比对🔍"`, `"tags"`)
	onKey.Character += 2
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": onKey}, &cl)
	labels = labels[:0]
	var tagsEdit textEdit
	for _, it := range cl.Items {
		labels = append(labels, it.Label)
		if it.Label == "tags" {
			tagsEdit = it.TextEdit
		}
	}
	keyStart := posOf(t, text, `"条款比对🔍"`, `"tags"`)
	if !slices.Contains(labels, "inputModes") || slices.Contains(labels, "id") || tagsEdit.NewText != `"tags"` ||
		tagsEdit.Range != (lspRange{keyStart, lspPos{keyStart.Line, keyStart.Character + len(`"tags"`)}}) {
		t.Errorf("key completion: %v, tags edit %+v", labels, tagsEdit)
	}

	// quick fixes at each finding, applied as an editor applies them
	fixed := text
	for _, code := range []string{"wrong-type", "interface-binding-variant"} {
		d := byCode(t, p, code)
		var actions []codeAction
		c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "range": d.Range,
			"context": map[string]any{"diagnostics": []lspDiag{d}, "only": []string{"quickfix"}}}, &actions)
		if len(actions) != 1 || actions[0].Kind != "quickfix" || !actions[0].IsPreferred || len(actions[0].Diagnostics) != 1 || actions[0].Diagnostics[0].Code != code {
			t.Fatalf("%s: actions %+v", code, actions)
		}
		edits := actions[0].Edit.Changes[cardURI]
		if code == "wrong-type" {
			if actions[0].Title != "Wrap the value in a list" || len(edits) != 1 || edits[0].NewText != `["contracts"]` || edits[0].Range != d.Range {
				t.Fatalf("wrong-type fix: %+v", actions[0])
			}
		}
		fixed = applyEdits(t, fixed, edits)
	}
	if !strings.Contains(fixed, `"tags": ["contracts"]`) || !strings.Contains(fixed, `"protocolBinding": "JSONRPC"`) {
		t.Fatalf("fixes applied badly:\n%s", fixed)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": cardURI, "version": 2},
		"contentChanges": []any{map[string]any{"text": fixed}}})
	if p := c.diagnostics(); len(p.Diagnostics) != 0 || *p.Version != 2 {
		t.Fatalf("after the fixes: %+v", p)
	}

	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Fatalf("Serve after shutdown and exit: %v", err)
		}
	case <-time.After(wait):
		t.Fatal("Serve did not return after exit")
	}
}

// TestChinese checks that a Chinese server's messages, rule links, fix
// titles and hover text are the Chinese catalogue's.
func TestChinese(t *testing.T) {
	t.Parallel()
	zh := catalog.Of(i18n.Chinese)
	c := startServer(t, Options{Lang: i18n.Chinese})
	initialize(t, c)
	text := brokenCard(t)
	open(c, cardURI, text)
	p := c.diagnostics()

	// what the engine found, rendered by the Chinese catalogue
	want := lint.Lint([]byte(text), lint.Options{})
	var tagsFinding lint.Diagnostic
	for _, d := range want.Diagnostics {
		if d.Code == "wrong-type" {
			tagsFinding = d
		}
	}
	d := byCode(t, p, "wrong-type")
	if d.Message != zh.Render(i18n.Text{ID: tagsFinding.MessageID, Args: tagsFinding.Args}) || !hasHan(d.Message) {
		t.Errorf("message %q is not the Chinese rendering of %s", d.Message, tagsFinding.MessageID)
	}
	if d.CodeDescription.Href != lint.RuleURLIn(i18n.Chinese, "wrong-type") {
		t.Errorf("href %q", d.CodeDescription.Href)
	}

	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "range": d.Range, "context": map[string]any{"diagnostics": []any{}}}, &actions)
	if len(actions) != 2 || actions[0].Title != zh.S("fix.wrap-in-list") || actions[1].Title != zh.S("cli.lsp.fix-all-safe") {
		t.Errorf("Chinese fix title: %+v", actions)
	}

	var h hoverResult
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": cardURI}, "position": posOf(t, text, "", `"protocolBinding"`)}, &h)
	doc, _ := zh.Lookup(card.FieldKey("AgentInterface", "protocolBinding"))
	for _, want := range []string{markdownText(doc), zh.Sprintf("cli.lsp.hover.required", "1.0")} {
		if !strings.Contains(h.Contents.Value, want) || !hasHan(want) {
			t.Errorf("Chinese hover lacks %q:\n%s", want, h.Contents.Value)
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}

// TestWhichDocuments checks the choice of documents: another .json that
// holds a card is checked, one that does not stays quiet, and an
// oversized agent-card.json gets the engine's one json-too-large finding.
func TestWhichDocuments(t *testing.T) {
	t.Parallel()
	c := startServer(t, Options{})
	initialize(t, c)
	text := brokenCard(t)

	open(c, "file:///p/cards/weather.json", text)
	if p := c.diagnostics(); len(p.Diagnostics) != 2 {
		t.Errorf("a card named weather.json: %d findings, want 2", len(p.Diagnostics))
	}
	open(c, "file:///p/package.json", `{"name": "x", "version": "1.0.0", "scripts": {}}`)
	if p := c.diagnostics(); len(p.Diagnostics) != 0 || p.URI != "file:///p/package.json" {
		t.Errorf("package.json: %+v", p)
	}
	big := `{"name": "` + strings.Repeat("a", 1<<20) + `"}`
	open(c, "file:///p/agent.json", big)
	p := c.diagnostics()
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "json-too-large" || p.Diagnostics[0].Range != (lspRange{}) {
		t.Errorf("oversized agent.json: %+v", p.Diagnostics)
	}
	// a closed document's findings are withdrawn
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "file:///p/cards/weather.json"}})
	if p := c.diagnostics(); len(p.Diagnostics) != 0 || p.URI != "file:///p/cards/weather.json" {
		t.Errorf("after didClose: %+v", p)
	}
}

// TestExitWithoutShutdown: LSP asks for exit status 1 then.
func TestExitWithoutShutdown(t *testing.T) {
	t.Parallel()
	c := startServer(t, Options{})
	initialize(t, c)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if !errors.Is(err, ErrExitWithoutShutdown) {
			t.Fatalf("Serve: %v, want ErrExitWithoutShutdown", err)
		}
	case <-time.After(wait):
		t.Fatal("Serve did not return after exit")
	}
}
