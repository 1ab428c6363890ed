package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/schema"
)

// initCmd is `agentcard init [DIR]`: a starter card at the well-known
// location (.well-known/agent-card.json, linking the published JSON
// Schema for editors), a commented .agentcard.yaml, and the snippets
// that run the checker in CI (the GitHub Action) and before each commit
// (pre-commit). A file that already exists is never replaced: it is
// named and left as it is. The starter card has no findings (its test
// lints it), so the first `agentcard lint .` passes and every later
// finding is the author's.
func (e *env) initCmd(args []string) int {
	c := e.newCommand("init", "cli.init.usage")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if len(pos) > 1 {
		return c.fail("cli.init.one-dir")
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return c.fail("cli.init.not-a-dir", jsonpos.QuoteClipped(dir))
	}
	files := []struct{ path, content string }{
		{filepath.Join(dir, ".well-known", "agent-card.json"), e.starterCard()},
		{filepath.Join(dir, ".agentcard.yaml"), e.starterConfig()},
	}
	failed := false
	for _, f := range files {
		err := createNew(f.path, f.content)
		switch {
		case errors.Is(err, os.ErrExist):
			fmt.Fprintf(e.stderr, "agentcard init: %s\n", line(e.t("cli.init.exists", f.path)))
		case err != nil:
			fmt.Fprintf(e.stderr, "agentcard init: %s\n", line(e.t("cli.init.write-failed", f.path, err.Error())))
			failed = true
		default:
			fmt.Fprintf(e.stdout, "%s\n", line(e.t("cli.init.created", f.path)))
		}
	}
	fmt.Fprintf(e.stdout, "\n%s\n\n%s\n%s\n\n%s\n", e.s("cli.init.next"), e.s("cli.init.ci"), e.starterWorkflow(), e.s("cli.init.precommit"))
	fmt.Fprintf(e.stdout, "%s\n", starterPreCommit)
	if failed {
		return exitUsage
	}
	return exitOK
}

// createNew writes a new file (and its directory); an existing file is
// os.ErrExist and is left alone.
func createNew(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(content); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// starterCard is the card init writes, its words in the output's
// language; lint finds nothing in it.
func (e *env) starterCard() string {
	q := func(id string) string { return jsonpos.Quote(e.s(id)) }
	return `{
  "$schema": ` + jsonpos.Quote(schema.ID("1.0")) + `,
  "name": ` + q("cli.init.card.name") + `,
  "description": ` + q("cli.init.card.description") + `,
  "version": "0.1.0",
  "provider": {"organization": ` + q("cli.init.card.organization") + `, "url": "https://www.example.com"},
  "supportedInterfaces": [
    {"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "capabilities": {"streaming": false},
  "defaultInputModes": ["text/plain", "audio/mpeg"],
  "defaultOutputModes": ["text/markdown"],
  "skills": [
    {
      "id": "write-minutes",
      "name": ` + q("cli.init.skill.name") + `,
      "description": ` + q("cli.init.skill.description") + `,
      "tags": ["meetings", "minutes"],
      "examples": [` + q("cli.init.skill.example") + `]
    }
  ]
}
`
}

// starterConfig is the .agentcard.yaml init writes: every key, commented.
func (e *env) starterConfig() string {
	var b strings.Builder
	for _, l := range strings.Split(e.s("cli.init.config.comment"), "\n") {
		b.WriteString("# " + l + "\n")
	}
	// each section is a key with its examples commented under it: any
	// example line can be uncommented on its own and the file stays valid
	b.WriteString("profile: publish\n\nrules:\n  # skill-no-examples: off\n\nignore:\n  # - \"drafts/**\"\n  # - {pointer: /skills/0/examples, rule: skill-no-examples}\n\ninclude:\n  # - \"cards/*.json\"\n")
	return b.String()
}

// starterWorkflow is a GitHub Actions job running the repository's
// action on every push and pull request, with code scanning results.
func (e *env) starterWorkflow() string {
	return `# .github/workflows/agentcard.yml
name: agentcard
on: [push, pull_request]
permissions:
  contents: read
  security-events: write   # upload-sarif
jobs:
  lint:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: agentcard/agentcard@<commit>
        with:
          files: .
          sarif-file: agentcard.sarif
          upload-sarif: true`
}

// starterPreCommit is the .pre-commit-config.yaml entry.
const starterPreCommit = `# .pre-commit-config.yaml
repos:
  - repo: https://github.com/agentcard/agentcard
    rev: <commit>
    hooks:
      - id: agentcard-lint`
