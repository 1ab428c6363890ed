package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/internal/buildinfo"
	"github.com/agentcard/agentcard/internal/lsp"
)

// version is `agentcard version`: the module version, commit and Go
// version of this build (internal/buildinfo), on one line.
func (e *env) version(args []string) int {
	c := e.newCommand("version", "cli.version.usage")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if len(pos) > 0 {
		return c.fail("cli.version.no-input")
	}
	fmt.Fprintln(e.stdout, "agentcard", buildinfo.Get())
	return exitOK
}

// lspCmd is `agentcard lsp`: the language server (internal/lsp) on
// standard input and output, which the protocol owns; anything for the
// user goes to standard error. --stdio is accepted and changes nothing,
// because editors' LSP clients commonly pass it.
func (e *env) lspCmd(args []string) int {
	c := e.newCommand("lsp", "cli.lsp.usage")
	c.fs.Bool("stdio", true, "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if len(pos) > 0 {
		return c.fail("cli.lsp.no-input")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	loader := &lspConfigs{}
	err := lsp.Serve(ctx, e.stdin, e.stdout, lsp.Options{
		Lang: e.lang, Config: loader.forFile, Log: e.stderr, Version: buildinfo.Get().Version, Reload: loader.reload,
	})
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, lsp.ErrExitWithoutShutdown):
		return exitFound // LSP: exit without shutdown is status 1
	}
	fmt.Fprintf(e.stderr, "agentcard lsp: %v\n", err)
	return exitFound
}

// lspConfigs finds the configuration of each file the editor opens; a
// changed file (which may be a configuration) drops what it has read.
type lspConfigs struct {
	mu     sync.Mutex
	loader config.Loader
}

func (l *lspConfigs) forFile(name string) (*config.Config, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.loader.ForFile(name)
}

func (l *lspConfigs) reload() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.loader = config.Loader{Rules: lint.Catalogue()}
}
