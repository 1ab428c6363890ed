// Command agentcard checks A2A Agent Cards in a terminal or in CI: lint
// cards (text, JSON, SARIF, GitHub annotations, JUnit or Markdown) under a
// project configuration, fix them, migrate legacy cards to 1.0, simulate a
// client choosing an interface, and print the rule and field catalogues and
// the JSON Schema. See docs/ARCHITECTURE.md (Contracts) for the contract:
// subcommands, formats and exit codes.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentcard/agentcard/cmd/internal/companion"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

// Exit codes (docs/ARCHITECTURE.md, Contracts).
const (
	exitOK    = 0 // no error-severity finding; select: an interface was selected
	exitFound = 1 // an error finding; select: no compatible interface or invalid card
	exitUsage = 2 // usage error or unreadable input
)

// siteURL is the public site; rule pages are at lint.RuleURL(code).
const siteURL = lint.SiteURL

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command needs from the outside world.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	color          bool
	// lang and cat are the language everything is printed in (--lang,
	// else the locale variables).
	lang i18n.Lang
	cat  *i18n.Catalogue // nil until catalogue() is first called
	// companion is agentcard-a2a, once a command needed it (companion.go).
	companion *companion.Client
	// listed are the URLs and domains only a --from list named (from.go):
	// their checks are check.Target.Listed.
	listed map[string]bool
}

// s is the text of a catalogue id in the output's language.
func (e *env) s(id string) string { return e.catalogue().S(id) }

// t renders a catalogue message in the output's language.
func (e *env) t(id string, args ...any) string { return e.catalogue().Sprintf(id, args...) }

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, color: useColor(stdout)}
	defer func() {
		if e.companion != nil {
			e.companion.Close()
		}
	}()
	e.setLang(i18n.FromEnv(os.Getenv))
	// --lang is read before anything is printed, wherever it stands, so
	// that help, usage errors and the output all speak the language.
	if v, ok := langArg(args); ok {
		l, known := i18n.ParseLang(v)
		if !known {
			fmt.Fprintf(stderr, "agentcard: %s\n", line(e.t("cli.unknown-lang", jsonpos.QuoteClipped(v), langList())))
			return exitUsage
		}
		e.setLang(l)
	}
	// `agentcard --lang zh-CN lint …`: a language before the command
	for len(args) > 0 && (args[0] == "--lang" || args[0] == "-lang" || strings.HasPrefix(args[0], "--lang=") || strings.HasPrefix(args[0], "-lang=")) {
		if strings.Contains(args[0], "=") || len(args) == 1 {
			args = args[1:]
		} else {
			args = args[2:]
		}
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, e.s("cli.usage"))
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "lint":
		return e.lint(rest)
	case "select":
		return e.selectCmd(rest)
	case "conform":
		return e.conform(rest)
	case "send":
		return e.send(rest)
	case "task":
		return e.taskCmd(rest)
	case "rules":
		return e.rules(rest)
	case "fields":
		return e.fields(rest)
	case "migrate":
		return e.migrate(rest)
	case "sign":
		return e.sign(rest)
	case "schema":
		return e.schemaCmd(rest)
	case "init":
		return e.initCmd(rest)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, e.s("cli.usage"))
		return exitOK
	case "version", "--version":
		return e.version(rest)
	case "lsp":
		return e.lspCmd(rest)
	}
	fmt.Fprintf(stderr, "agentcard: %s\n\n%s", line(e.t("cli.unknown-command", jsonpos.QuoteClipped(cmd))), e.s("cli.usage"))
	return exitUsage
}

func (e *env) setLang(l i18n.Lang) {
	e.lang, e.cat = l, nil
}

// catalogue is the language's catalogue, loaded on first use: a command
// that prints nothing from it (version) does not pay for loading it, a
// few milliseconds of a process that pre-commit starts once per file.
func (e *env) catalogue() *i18n.Catalogue {
	if e.cat == nil {
		e.cat = catalog.Of(e.lang)
	}
	return e.cat
}

// langArg finds the value of --lang (or -lang, --lang=…) among the
// arguments, before "--". The last one wins, as with other flags.
func langArg(args []string) (string, bool) {
	v, found := "", false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		switch {
		case hasVal:
			v, found = val, true
		case i+1 < len(args):
			v, found = args[i+1], true
			i++
		default:
			// a --lang without a value is the flag package's usage error
		}
	}
	return v, found
}

// langList names the languages --lang accepts.
func langList() string {
	var names []string
	for _, l := range i18n.Langs() {
		names = append(names, string(l))
	}
	return strings.Join(names, ", ")
}

// useColor is true when w is a terminal and NO_COLOR is unset
// (https://no-color.org).
func useColor(w io.Writer) bool {
	if _, set := os.LookupEnv("NO_COLOR"); set || os.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// command is a subcommand's flag set with its usage text.
type command struct {
	fs    *flag.FlagSet
	usage string
	e     *env
}

// newCommand makes a subcommand's flag set; usage is the catalogue id of
// its help text. Every subcommand takes --lang (run has already read it).
func (e *env) newCommand(name, usage string) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.String("lang", "", "")
	return &command{fs: fs, usage: e.s(usage), e: e}
}

// parse reads flags anywhere among the arguments (`lint a.json --format
// json` works) and returns the positional arguments. done is true when the
// command should return code at once (help or a usage error).
func (c *command) parse(args []string) (pos []string, code int, done bool) {
	for {
		err := c.fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(c.e.stdout, c.usage)
			return nil, exitOK, true
		}
		if err != nil {
			c.failText(c.flagProblem(err))
			return nil, exitUsage, true
		}
		rest := c.fs.Args()
		if len(rest) == 0 {
			return pos, 0, false
		}
		// flag stops at the first positional argument, or after "--".
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), 0, false
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// fail reports a usage error (a catalogue message) and returns its exit
// code.
func (c *command) fail(id string, args ...any) int {
	return c.failText(c.e.t(id, args...))
}

func (c *command) failText(msg string) int {
	fmt.Fprintf(c.e.stderr, "agentcard %s: %s\n%s\n", c.fs.Name(), line(msg), c.e.t("cli.run-help", c.fs.Name()))
	return exitUsage
}

// flagProblem says a flag package error in the output's language: an
// unknown option or one without its value; anything else (a bad value
// the flag package itself rejects) keeps the package's words.
func (c *command) flagProblem(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return c.e.t("cli.unknown-option", name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return c.e.t("cli.option-needs-value", name)
	}
	return msg
}

// checkFormat validates a --format value against the allowed ones.
func (c *command) checkFormat(got string, allowed ...string) bool {
	for _, a := range allowed {
		if got == a {
			return true
		}
	}
	c.fail("cli.unknown-format", jsonpos.QuoteClipped(got), strings.Join(allowed, ", "))
	return false
}
