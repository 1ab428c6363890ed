package lsp

import (
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// cardNames are the file names that are Agent Cards whatever they hold:
// the well-known names of 1.0 and of 0.2/0.3 (docs/CARD-FORMAT.md).
var cardNames = []string{"agent-card.json", "agent.json"}

// document is one open text document and what the engine found in it.
type document struct {
	uri        string
	languageID string
	version    int32
	text       []byte
	// res is the lint result with the configuration applied and words
	// in the server's language; nil when the document is not a card (or
	// is ignored by the configuration).
	res *lint.Result
	// cfg is the configuration res was checked with (nil for none).
	cfg *config.Config
}

func (s *server) didOpen(ctx *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	d := &document{uri: p.TextDocument.URI, languageID: p.TextDocument.LanguageID, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.mu.Lock()
	s.docs[d.uri] = d
	s.mu.Unlock()
	s.analyze(ctx, d)
	return nil
}

func (s *server) didChange(ctx *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	s.mu.Unlock()
	if d == nil {
		return nil // a change to a document never opened: nothing to update
	}
	// Full sync: the last whole-text change is the text. (glsp decodes an
	// event with a range as the incremental kind, which we did not offer.)
	changed := false
	for _, c := range p.ContentChanges {
		if w, ok := c.(protocol.TextDocumentContentChangeEventWhole); ok {
			d.text, changed = []byte(w.Text), true
		}
	}
	if !changed {
		return nil
	}
	d.version = p.TextDocument.Version
	s.analyze(ctx, d)
	return nil
}

func (s *server) didClose(ctx *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	s.mu.Lock()
	_, open := s.docs[p.TextDocument.URI]
	delete(s.docs, p.TextDocument.URI)
	s.mu.Unlock()
	if open {
		// an editor keeps showing published findings of closed files
		ctx.Notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: p.TextDocument.URI, Diagnostics: []protocol.Diagnostic{}})
	}
	return nil
}

// document returns an open document that is a card, or nil.
func (s *server) document(uri string) *document {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[uri]; d != nil && d.res != nil && d.res.Doc != nil {
		return d
	}
	return nil
}

// filePath is the local path of a file: URI ("" for other schemes).
func filePath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// baseName is the last segment of the URI's path, for any scheme
// (untitled:, vscode-vfs:, file:).
func baseName(uri string) string {
	if u, err := url.Parse(uri); err == nil && u.Path != "" {
		return path.Base(u.Path)
	}
	return path.Base(uri)
}

// isCardEra reports whether era detection recognised an Agent Card.
func isCardEra(e card.Era) bool {
	switch e {
	case card.Era10, card.Era03, card.Era02, card.EraMixed:
		return true
	}
	return false
}

// cardOnly are top-level members that only Agent Cards have. Era
// detection is generous (a name, a description and a version make a 1.0
// card, which is right for a file the user asked to check), but an editor
// sees every package.json, which has those three: a document not named
// as a card must also have one of these.
var cardOnly = []string{"supportedInterfaces", "skills", "capabilities", "defaultInputModes", "defaultOutputModes",
	"securityRequirements", "preferredTransport", "additionalInterfaces", "supportsAuthenticatedExtendedCard"}

func hasCardMember(root *jsonpos.Node) bool {
	if root == nil || root.Kind != jsonpos.Object {
		return false
	}
	for _, k := range cardOnly {
		if root.Has(k) {
			return true
		}
	}
	return false
}

// analyze lints d when it is a card (see the package documentation for
// which documents are), applies the configuration, localizes the result
// and publishes the findings; a document that is not (or no longer) a
// card gets an empty list.
func (s *server) analyze(ctx *glsp.Context, d *document) {
	d.res, d.cfg = s.lintDocument(ctx, d)
	diags := []protocol.Diagnostic{}
	if d.res != nil {
		diags = s.diagnostics(d)
	}
	version := protocol.UInteger(max(d.version, 0))
	ctx.Notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{URI: d.uri, Version: &version, Diagnostics: diags})
}

func (s *server) lintDocument(ctx *glsp.Context, d *document) (*lint.Result, *config.Config) {
	base := baseName(d.uri)
	named := false
	for _, n := range cardNames {
		named = named || strings.EqualFold(base, n)
	}
	if !named {
		json := strings.EqualFold(path.Ext(base), ".json") || d.languageID == "json" || d.languageID == "jsonc"
		if !json || len(d.text) > jsonpos.DefaultMaxBytes {
			return nil, nil
		}
	}
	res := lint.Lint(d.text, lint.Options{})
	if !named && !(isCardEra(res.Detection.Era) && hasCardMember(res.Doc.Root)) {
		return nil, nil
	}
	var cfg *config.Config
	if file := filePath(d.uri); file != "" && s.opts.Config != nil {
		c, err := s.opts.Config(file)
		if err != nil {
			s.showConfigError(ctx, err)
		} else if c.Ignored(file) {
			return nil, nil
		}
		cfg = c
		config.ApplyResultFor(cfg, file, res)
	}
	// positions quoted in messages count UTF-16 code units, as the
	// ranges LSP carries do
	res.LocalizeIn(s.cat, jsonpos.UTF16)
	return res, cfg
}

// showConfigError shows a configuration that did not load, once per
// distinct message, and logs it.
func (s *server) showConfigError(ctx *glsp.Context, err error) {
	msg := err.Error()
	if m, ok := err.(interface {
		Message(*i18n.Catalogue) string
	}); ok {
		msg = m.Message(s.cat)
	}
	text := s.cat.Sprintf("cli.lsp.config-not-applied", msg)
	s.mu.Lock()
	seen := s.shown[text]
	s.shown[text] = true
	s.mu.Unlock()
	if seen {
		return
	}
	s.log.Write([]byte("agentcard lsp: " + text + "\n"))
	ctx.Notify(string(protocol.ServerWindowShowMessage), protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: text})
}

// severity maps the engine's severities to LSP's.
func severity(s lint.Severity) protocol.DiagnosticSeverity {
	switch s {
	case lint.Error:
		return protocol.DiagnosticSeverityError
	case lint.Warning:
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// diagnostics converts d's findings, positions in one pass.
func (s *server) diagnostics(d *document) []protocol.Diagnostic {
	ds := d.res.Diagnostics
	var offs []int
	for _, x := range ds {
		offs = append(offs, x.Range.Start.Offset, x.Range.End.Offset)
		for _, r := range x.Related {
			offs = append(offs, r.Range.Start.Offset, r.Range.End.Offset)
		}
	}
	pos := newPositions(d.res.Doc, offs)
	out := make([]protocol.Diagnostic, 0, len(ds))
	for i := range ds {
		out = append(out, s.diagnostic(d.uri, pos, &ds[i]))
	}
	return out
}

// source names the tool in editors' problem lists.
var source = "agentcard"

func (s *server) diagnostic(uri string, pos *positions, x *lint.Diagnostic) protocol.Diagnostic {
	sev := severity(x.Severity)
	out := protocol.Diagnostic{
		Range:    pos.rangeOf(x.Range),
		Severity: &sev,
		Code:     &protocol.IntegerOrString{Value: x.Code},
		Source:   &source,
		Message:  x.Message,
	}
	if x.URL != "" {
		out.CodeDescription = &protocol.CodeDescription{HRef: x.URL}
	}
	for _, r := range x.Related {
		out.RelatedInformation = append(out.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri, Range: pos.rangeOf(r.Range)},
			Message:  r.Message,
		})
	}
	return out
}

// didChangeWatchedFiles checks the open documents again: one of the
// changed files may be the configuration that applies to them.
func (s *server) didChangeWatchedFiles(ctx *glsp.Context, _ *protocol.DidChangeWatchedFilesParams) error {
	if s.opts.Reload != nil {
		s.opts.Reload()
	}
	s.mu.Lock()
	s.shown = map[string]bool{}
	docs := make([]*document, 0, len(s.docs))
	for _, d := range s.docs {
		docs = append(docs, d)
	}
	s.mu.Unlock()
	for _, d := range docs {
		s.analyze(ctx, d)
	}
	return nil
}
