package config_test

import (
	"fmt"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// How the CLI wires the configuration into lint: find the file for each
// input, merge the flags, skip ignored inputs, and apply it to the result
// before printing and choosing the exit status.
func Example() {
	loader := config.Loader{Rules: lint.Catalogue()}
	input := "testdata/card.json" // an input file as the user named it
	cfg, err := loader.ForFile(input)
	if err != nil {
		fmt.Println(err) // file:line:col: message, one per line
		return
	}
	if cfg == nil {
		cfg = &config.Config{Dir: "."}
	}
	// flags win over the file: --rule skill-no-examples=off --profile local
	if err := cfg.ParseRuleFlag("skill-no-examples=off", lint.Catalogue()); err != nil {
		fmt.Println(err)
		return
	}
	if err := cfg.SetProfile("local"); err != nil {
		fmt.Println(err)
		return
	}
	if cfg.Ignored(input) {
		return
	}
	res := lint.Lint([]byte(`{"name": "Invoice Helper", "description": "Answers questions about invoices.", "version": "1.0.0",
  "supportedInterfaces": [{"url": "http://127.0.0.1:9001/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "ask", "name": "Ask", "description": "Answers one question about an invoice.", "tags": ["invoices"]}]}`), lint.Options{})
	config.ApplyResult(cfg, res)
	for _, d := range res.Diagnostics {
		fmt.Println(d.Severity, d.Code)
	}
	fmt.Println("valid:", res.Valid())
	// Output:
	// info interface-url-internal
	// valid: true
}

// Configuration errors carry their place and a catalogue message, shown
// in the reader's language.
func ExampleParse() {
	_, err := config.Parse(".agentcard.yaml", []byte("rules:\n  skill-no-example: off\nprofile: dev\n"), lint.Catalogue())
	if errs, ok := err.(config.Errors); ok {
		for _, e := range errs {
			fmt.Println(e.Line, e.Column, e.Text.ID)
		}
		fmt.Println(errs.Message(catalog.Of(i18n.English)))
	}
	// Output:
	// 2 3 cli.config.unknown-rule.suggest
	// 3 10 cli.config.profile
	// .agentcard.yaml:2:3: unknown rule code "skill-no-example"; did you mean skill-no-examples?
	// .agentcard.yaml:3:10: unknown profile "dev"; use one of publish, local
}
