package main

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// maxInput bounds what is read from a file or standard input: one byte
// over the linter's limit, so the limit is reported as a finding rather
// than the input being cut silently.
const maxInput = 16 << 20

// input is one INPUT after reading: its name as shown, its bytes and, for
// remote cards, the result that already includes the HTTP findings.
type input struct {
	name   string
	src    []byte
	remote *lint.Result
	// checked is the pipeline's result (core/check) for a remote card,
	// and for a file once its live checks ran.
	checked *check.Result
	// uri is where a remote card was read from (for SARIF), "" for files;
	// final is the URL that answered, after redirects.
	uri, final string
}

// inputError is an INPUT that could not be read at all (exit 2): what
// went wrong as catalogue messages (a discovery failure is its message
// and its hint).
type inputError struct {
	name  string
	texts []i18n.Text
	// prose is an error's own English words, when it has no catalogue
	// message (a discovery.Error built without Text, a Go error).
	prose string
	// cause is the fetch's failure, for a remote card that could not be
	// read (unansweredInput reads it)
	cause *discovery.Error
}

func (e *inputError) Error() string { return e.in(i18n.EnglishCatalogue()) }

// in says the error in cat's language.
func (e *inputError) in(cat *i18n.Catalogue) string {
	if e.prose != "" {
		return e.name + ": " + e.prose
	}
	parts := make([]string, 0, len(e.texts))
	for _, t := range e.texts {
		if !t.IsZero() {
			parts = append(parts, cat.Render(t))
		}
	}
	return e.name + ": " + strings.Join(parts, " ")
}

func inputErr(name, id string, args ...any) *inputError {
	return &inputError{name: name, texts: []i18n.Text{i18n.T(id, args...)}}
}

// inputProblem is a readInput error in the output's language.
func (e *env) inputProblem(err error) string {
	var ie *inputError
	if errors.As(err, &ie) {
		return ie.in(e.catalogue())
	}
	return err.Error()
}

// isRemote reports whether an INPUT names a card on the web rather than a
// file: an existing file always wins; otherwise discovery decides (a URL,
// or a domain that does not end like a file name).
func isRemote(in string) bool {
	if _, err := os.Stat(in); err == nil {
		return false
	}
	return discovery.LooksRemote(in)
}

// unansweredInput turns a remote card that gave no answer (its host does
// not resolve, refuses, times out) into an input whose result holds the
// http-unreachable finding; any other error comes back as it was.
func unansweredInput(name string, err error) (*input, error) {
	var ie *inputError
	if !isRemote(name) || !errors.As(err, &ie) || ie.cause == nil {
		return nil, err
	}
	d, ok := ie.cause.UnreachableDiagnostic()
	if !ok {
		return nil, err
	}
	res := &lint.Result{Input: name, Era: card.EraUnknown}
	discovery.Merge(res, []lint.Diagnostic{d})
	return &input{name: name, remote: res, uri: ie.cause.URL}, nil
}

// readInput reads a file, standard input ('-'), or fetches a remote card.
// A remote failure that is itself a finding about the served card (404,
// not JSON, too large) comes back as a result holding that finding.
func (e *env) readInput(ctx context.Context, in string) (*input, error) {
	return e.readInputWith(ctx, in, check.Options{})
}

// readInputWith is readInput; a remote card is checked by the pipeline
// with o (its live checks run with the fetch, under one credential scope).
func (e *env) readInputWith(ctx context.Context, in string, o check.Options) (*input, error) {
	switch {
	case in == "-":
		b, err := io.ReadAll(io.LimitReader(e.stdin, maxInput))
		if err != nil {
			return nil, inputErr("-", "cli.input.stdin", err.Error())
		}
		if b == nil {
			b = []byte{}
		}
		return &input{name: "-", src: b}, nil
	case isRemote(in):
		checked, err := e.runCheck(ctx, check.Target{URL: in, Listed: e.listed[in]}, o)
		if err != nil {
			if t, ok := credentialProblem(err); ok {
				return nil, &inputError{name: in, texts: []i18n.Text{t}}
			}
			var de *discovery.Error
			if errors.As(err, &de) {
				if diags := de.Diagnostics(); len(diags) > 0 {
					res := &lint.Result{Input: in, Era: card.EraUnknown}
					discovery.Merge(res, diags)
					return &input{name: in, remote: res, uri: de.URL}, nil
				}
				if de.Text.IsZero() { // a failure without its words as data
					return nil, &inputError{name: in, prose: strings.TrimSpace(de.Message + " " + de.Hint), cause: de}
				}
				return nil, &inputError{name: in, texts: []i18n.Text{de.Text, de.HintText}, cause: de}
			}
			return nil, &inputError{name: in, prose: err.Error()}
		}
		rep := checked.Report
		rep.Result.Input = in
		loaded := &input{name: in, src: rep.Body, remote: rep.Result, checked: checked}
		if rep.URL != nil {
			loaded.uri = rep.URL.String()
		}
		loaded.final = rep.Facts.FinalURL
		return loaded, nil
	}
	f, err := os.Open(in)
	if err != nil {
		return nil, fileProblem(in, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, inputErr(in, "cli.input.directory", strings.TrimSuffix(in, "/"))
	}
	b, err := io.ReadAll(io.LimitReader(f, maxInput))
	if err != nil {
		return nil, fileProblem(in, err)
	}
	if b == nil {
		b = []byte{}
	}
	return &input{name: in, src: b}, nil
}

// fileProblem says why a file could not be read; the system's own words
// for rarer failures are passed on as a detail.
func fileProblem(name string, err error) *inputError {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return inputErr(name, "cli.input.no-file")
	case errors.Is(err, os.ErrPermission):
		return inputErr(name, "cli.input.permission")
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		return inputErr(name, "cli.input.unreadable", pe.Err.Error())
	}
	return inputErr(name, "cli.input.unreadable", err.Error())
}
