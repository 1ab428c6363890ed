// Command engineonly is startbench's second baseline: the smallest
// program that does what `agentcard lint --format json CARD` does for
// one local card (read it, lint it, English messages, indented JSON), with
// nothing else of the CLI linked. The CLI's time over this one is the cost
// of being the CLI (its flags, configuration, outputs and the packages
// its other commands link); this one's time over an empty Go program is
// the engine's start and its lint. It is not a product: startbench builds
// and runs it.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: engineonly CARD")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	res := lint.Lint(src, lint.Options{})
	res.Input = os.Args[1]
	lint.LocalizeDiagnostics(res.Diagnostics, i18n.EnglishCatalogue())
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Results []*lint.Result `json:"results"`
	}{[]*lint.Result{res}}); err != nil {
		os.Exit(2)
	}
	if res.Errors > 0 {
		os.Exit(1)
	}
}
