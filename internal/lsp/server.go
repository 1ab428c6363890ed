// Package lsp is agentcard's language server: the engine's findings, field
// documentation, completion and quick fixes in any editor that speaks the
// Language Server Protocol, over one pair of streams (stdio).
//
// # Wiring (cmd/agentcard)
//
// `agentcard lsp` calls Serve with the process's standard streams and
// nothing else on stdout (the protocol owns it; logs go to stderr):
//
//	lang := ... // --lang, else i18n.FromEnv(os.Getenv)
//	loader := &config.Loader{Rules: lint.Catalogue()}
//	err := lsp.Serve(ctx, os.Stdin, os.Stdout, lsp.Options{
//		Lang: lang, Config: loader.ForFile, Log: os.Stderr, Version: version,
//	})
//	// err == nil: exit 0 (exit after shutdown, or the editor closed stdin).
//	// errors.Is(err, lsp.ErrExitWithoutShutdown): exit 1, as LSP asks;
//	// print nothing (the editor is gone). Other errors: the context ended.
//
// A Loader caches each configuration file it reads, so a changed
// .agentcard.yaml applies when the server is restarted; a configuration
// that does not load is shown once (window/showMessage) and the document
// is checked with the defaults.
//
// # Which documents
//
// A document named agent-card.json or agent.json (any directory, any case)
// is always checked; so is one over 1 MiB, which gets the engine's single
// json-too-large finding instead of being read. Any other document whose
// name ends in .json (or whose languageId is json/jsonc) is checked only
// when era detection recognises an Agent Card in it (1.0, 0.3, 0.2 or
// mixed) and its top level has a member only cards have (skills,
// capabilities, supportedInterfaces, …): package.json has a name, a
// description and a version, which era detection alone would take for a
// card, and must stay quiet. Such a document
// over 1 MiB is not read at all, since telling whether it is a card would
// mean reading it. A document that stops looking like a card has its
// findings cleared.
//
// # What it answers
//
// Full text sync; diagnostics on open and change (code = rule code,
// codeDescription = the rule's page in the chosen language, related
// places as relatedInformation); hover with the field catalogue's
// explanation and specification references, plus the rule behind any
// finding under the cursor; completion of member names and of closed
// values; quick fixes from the findings' fixes. Every word comes from the
// catalogues in Options.Lang. Positions are the engine's byte offsets,
// converted to LSP's UTF-16 line/character by jsonpos.UTF16Offsets (one
// pass per answer), so columns are right on lines with CJK or emoji.
//
// The protocol types and request decoding are github.com/tliron/glsp's;
// the JSON-RPC connection is github.com/sourcegraph/jsonrpc2 (what glsp's
// own server uses), driven here directly because glsp's server only
// serves os.Stdin/os.Stdout, TCP or websockets, and Serve must run on any
// streams (the tests use pipes) and stop with its context.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
)

// Options configure a server. The zero value serves English with the
// default rule settings and discards the log.
type Options struct {
	// Lang is the language of every message, hover and fix title.
	Lang i18n.Lang
	// Config returns the configuration that applies to a file (absolute
	// path of a file: URI), or nil for none; nil means none at all.
	// (*config.Loader).ForFile fits.
	Config func(path string) (*config.Config, error)
	// Log receives one line per thing an editor's user may need to know
	// about the server itself (a dropped message, a configuration that
	// did not load); nil discards them.
	Log io.Writer
	// Version is reported as serverInfo.version.
	Version string
	// Reload, when set, is called when the editor reports changed files
	// (workspace/didChangeWatchedFiles): a configuration file may have
	// changed, so cached configurations are dropped before the open
	// documents are checked again.
	Reload func()
}

// codeServerNotInitialized is the JSON-RPC error LSP specifies for a
// request before initialize (ServerNotInitialized).
const codeServerNotInitialized = -32002

// Error is an error of the server with its words as catalogue data, so
// that the CLI can print it in its reader's language.
type Error struct{ Text i18n.Text }

func (e *Error) Error() string { return i18n.EnglishCatalogue().Render(e.Text) }

// Message is the error in cat's language.
func (e *Error) Message(cat *i18n.Catalogue) string { return cat.Render(e.Text) }

// ErrExitWithoutShutdown is Serve's answer to an exit notification that
// was not preceded by shutdown: LSP asks the process to exit with 1 then.
var ErrExitWithoutShutdown = &Error{Text: i18n.T("cli.lsp.exit-without-shutdown")}

// Serve answers LSP requests read from in on out until the client sends
// exit, in ends, or ctx is done. It closes in and out (when they are
// io.Closers) before returning, which also ends the reading goroutine.
// It returns nil after shutdown+exit or at the end of in,
// ErrExitWithoutShutdown after an exit without shutdown, and ctx.Err()
// when ctx ended first.
func Serve(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	s := newServer(opts)
	logger := &lineLogger{w: s.log, cat: s.cat}
	stream := jsonrpc2.NewBufferedStream(&duplex{r: in, w: out}, frameCodec{max: maxFrame, log: s.logf})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle), jsonrpc2.SetLogger(logger))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
		return ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited && !s.shutdown {
		return ErrExitWithoutShutdown
	}
	return nil
}

// server is one connection's state. jsonrpc2 handles messages one at a
// time in arrival order (no AsyncHandler), so a didChange is always
// applied before the hover that follows it; mu guards against the
// context watcher only.
type server struct {
	opts  Options
	cat   *i18n.Catalogue
	log   io.Writer
	proto protocol.Handler

	mu       sync.Mutex
	docs     map[string]*document
	shutdown bool
	exited   bool
	// initialized is set once initialize has been answered: until then
	// requests get ServerNotInitialized and notifications are dropped.
	initialized bool
	// shown remembers configuration errors already shown, so that typing
	// does not repeat them.
	shown map[string]bool
}

func newServer(opts Options) *server {
	s := &server{opts: opts, cat: catalog.Of(opts.Lang), log: opts.Log, docs: map[string]*document{}, shown: map[string]bool{}}
	if s.log == nil {
		s.log = io.Discard
	}
	s.proto = protocol.Handler{
		Initialize:             s.initialize,
		Initialized:            func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:               s.onShutdown,
		SetTrace:               func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		TextDocumentDidOpen:    s.didOpen,
		TextDocumentDidChange:  s.didChange,
		TextDocumentDidClose:   s.didClose,
		TextDocumentHover:      s.hover,
		TextDocumentCompletion: s.completion,
		TextDocumentCodeAction: s.codeAction,
		// routine notifications editors send whether or not the server
		// asked: the text arrives through didChange, the settings are the
		// configuration file's, and a changed file may be that file
		TextDocumentDidSave:                func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentWillSave:               func(*glsp.Context, *protocol.WillSaveTextDocumentParams) error { return nil },
		WorkspaceDidChangeConfiguration:    func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		WorkspaceDidChangeWatchedFiles:     s.didChangeWatchedFiles,
		WorkspaceDidChangeWorkspaceFolders: func(*glsp.Context, *protocol.DidChangeWorkspaceFoldersParams) error { return nil },
	}
	return s
}

// logf writes one catalogue message to the log.
func (s *server) logf(id string, args ...any) {
	fmt.Fprintln(s.log, "agentcard lsp: "+s.cat.Sprintf(id, args...))
}

// handle maps one JSON-RPC message to glsp's decoder and back, as glsp's
// own server does, except that exit ends only this connection.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	if req.Method == protocol.MethodExit {
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		return nil, conn.Close()
	}
	gc := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) {
			if err := conn.Notify(ctx, method, params); err != nil {
				fmt.Fprintln(s.log, "agentcard lsp: "+err.Error())
			}
		},
		Call: func(method string, params, result any) {
			if err := conn.Call(ctx, method, params, result); err != nil {
				fmt.Fprintln(s.log, "agentcard lsp: "+err.Error())
			}
		},
	}
	if req.Params != nil {
		gc.Params = json.RawMessage(*req.Params)
	}
	s.mu.Lock()
	ready := s.initialized
	s.mu.Unlock()
	if !ready && req.Method != protocol.MethodInitialize {
		if req.Notif {
			return nil, nil // LSP: notifications before initialize are dropped
		}
		return nil, &jsonrpc2.Error{Code: codeServerNotInitialized, Message: s.cat.Sprintf("cli.lsp.not-initialized", req.Method)}
	}
	r, validMethod, validParams, err := s.proto.Handle(gc)
	switch {
	case !validMethod:
		if req.Notif {
			// a notification has no answer to carry an error, and the
			// ones we do not handle ($/ ones, and others a client sends
			// unasked) need none: ignored without a log line
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: s.cat.Sprintf("cli.lsp.unknown-method", req.Method)}
	case !validParams:
		msg := s.cat.Sprintf("cli.lsp.bad-params", req.Method)
		if err != nil {
			msg += ": " + err.Error()
		}
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: msg}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	if req.Method == protocol.MethodInitialize {
		s.mu.Lock()
		s.initialized = true
		s.mu.Unlock()
	}
	return r, nil
}

func (s *server) initialize(_ *glsp.Context, _ *protocol.InitializeParams) (any, error) {
	t := true
	sync := protocol.TextDocumentSyncKindFull
	version := s.opts.Version
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{OpenClose: &t, Change: &sync},
			HoverProvider:    true,
			CompletionProvider: &protocol.CompletionOptions{
				TriggerCharacters: []string{`"`},
			},
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, fixAllKind}},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "agentcard", Version: &version},
	}, nil
}

func (s *server) onShutdown(*glsp.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.shutdown = true
	return nil
}

// duplex joins the two halves of stdio into the one stream jsonrpc2
// wants. Close closes both halves that can be closed: closing in is what
// unblocks the goroutine reading it.
type duplex struct {
	r io.Reader
	w io.Writer
}

func (d *duplex) Read(p []byte) (int, error)  { return d.r.Read(p) }
func (d *duplex) Write(p []byte) (int, error) { return d.w.Write(p) }
func (d *duplex) Close() error {
	var err error
	if c, ok := d.r.(io.Closer); ok {
		err = c.Close()
	}
	if c, ok := d.w.(io.Closer); ok {
		if e := c.Close(); err == nil {
			err = e
		}
	}
	return err
}

// lineLogger sends jsonrpc2's own log lines (protocol errors) to the
// log; our errors inside them are rendered in the server's language.
type lineLogger struct {
	w   io.Writer
	cat *i18n.Catalogue
}

func (l *lineLogger) Printf(format string, v ...any) {
	for i, a := range v {
		if e, ok := a.(*Error); ok {
			v[i] = e.Message(l.cat)
		}
	}
	fmt.Fprintln(l.w, "agentcard lsp: "+strings.TrimSuffix(fmt.Sprintf(format, v...), "\n"))
}
