// Command agentcard checks A2A Agent Cards in a terminal or in CI: lint
// cards (text, JSON or SARIF), simulate a client choosing an interface,
// and print the rule and field catalogues. See docs/ARCHITECTURE.md §4 for the
// contract: subcommands, formats and exit codes.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/agentcard/agentcard/core/lint"
)

// Exit codes (docs/ARCHITECTURE.md §4).
const (
	exitOK    = 0 // no error-severity finding; select: an interface was selected
	exitFound = 1 // an error finding; select: no compatible interface or invalid card
	exitUsage = 2 // usage error or unreadable input
)

// toolVersion is reported in SARIF output.
const toolVersion = "0.1.0"

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
}

const usage = `agentcard checks A2A Agent Cards.

Usage:
  agentcard lint   [--format text|json|sarif] INPUT...
  agentcard select --client PROFILE [--format text|json] INPUT
  agentcard rules  [--format text|json] [CODE]
  agentcard fields [--format text|json]

INPUT is a file, '-' for standard input, a card URL, or a domain
(agent.example.com is read from https://agent.example.com/.well-known/agent-card.json).

Exit status: 0 no error finding (select: an interface was selected),
1 an error finding (select: no compatible interface or invalid card),
2 usage error or unreadable input.

Run 'agentcard COMMAND --help' for the options of a command.
`

// run is main without the process: it returns the exit code.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, color: useColor(stdout)}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "lint":
		return e.lint(rest)
	case "select":
		return e.selectCmd(rest)
	case "rules":
		return e.rules(rest)
	case "fields":
		return e.fields(rest)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "--version":
		fmt.Fprintln(stdout, "agentcard", toolVersion)
		return exitOK
	}
	fmt.Fprintf(stderr, "agentcard: unknown command %q\n\n%s", cmd, usage)
	return exitUsage
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

func (e *env) newCommand(name, usage string) *command {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &command{fs: fs, usage: usage, e: e}
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
			fmt.Fprintf(c.e.stderr, "agentcard %s: %s\nRun 'agentcard %s --help' for usage.\n", c.fs.Name(), line(err.Error()), c.fs.Name())
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

func (c *command) fail(format string, args ...any) int {
	fmt.Fprintf(c.e.stderr, "agentcard %s: %s\nRun 'agentcard %s --help' for usage.\n", c.fs.Name(), line(fmt.Sprintf(format, args...)), c.fs.Name())
	return exitUsage
}

// checkFormat validates a --format value against the allowed ones.
func (c *command) checkFormat(got string, allowed ...string) bool {
	for _, a := range allowed {
		if got == a {
			return true
		}
	}
	c.fail("unknown format %q (use %s)", got, strings.Join(allowed, ", "))
	return false
}
