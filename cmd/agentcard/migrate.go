package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/migrate"
	"github.com/agentcard/agentcard/core/schema"
)

// migrate is `agentcard migrate [--to 1.0|mixed] [--keep-versions]
// [-o FILE | --write] INPUT`: the migrated card on stdout (or in a file),
// what was done and what needs a person on stderr.
//
// By default the interface entries made from the legacy members are
// declared at protocolVersion 1.0: the card is migrated together with its
// server, and 1.0 clients then select the endpoints 0.3 clients used.
// --keep-versions declares them at the version the card declared (what
// the server speaks today), which 1.0-only clients will not pick.
func (e *env) migrate(args []string) int {
	c := e.newCommand("migrate", "cli.migrate.usage")
	to := c.fs.String("to", "1.0", "")
	keep := c.fs.Bool("keep-versions", false, "")
	outFile := c.fs.String("o", "", "")
	c.fs.StringVar(outFile, "output", "", "")
	write := c.fs.Bool("write", false, "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	target, ok := migrate.ParseTarget(*to)
	if !ok {
		return c.fail("cli.migrate.unknown-target", jsonpos.QuoteClipped(*to), "1.0, mixed")
	}
	switch len(pos) {
	case 0:
		return c.fail("cli.no-input")
	case 1:
	default:
		return c.fail("cli.migrate.one-input", len(pos))
	}
	name := pos[0]
	if *write && *outFile != "" {
		return c.fail("cli.migrate.write-and-output")
	}
	if *write && (name == "-" || isRemote(name)) {
		return c.fail("cli.migrate.write-not-file", jsonpos.QuoteClipped(name))
	}
	in, err := e.readInput(context.Background(), name)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard migrate: %s\n", line(e.inputProblem(err)))
		return exitUsage
	}
	if in.src == nil && in.remote != nil {
		// the remote side failed in a way that is a finding (404, not JSON)
		d := in.remote.Diagnostics[0]
		var why any = d.Message
		if d.MessageID != "" {
			why = i18n.Text{ID: d.MessageID, Args: d.Args}
		}
		fmt.Fprintf(e.stderr, "agentcard migrate: %s: %s\n", line(name), line(e.t("cli.select.no-card", why)))
		return exitFound
	}
	opts := migrate.Options{Version: "1.0"}
	if *keep {
		opts = migrate.Options{}
	}
	res, err := migrate.MigrateWith(in.src, target, opts)
	if err != nil {
		var refusal *migrate.Refusal
		if errors.As(err, &refusal) {
			fmt.Fprintf(e.stderr, "agentcard migrate: %s: %s\n", line(name), line(e.catalogue().Render(refusal.Reason)))
		} else {
			fmt.Fprintf(e.stderr, "agentcard migrate: %s: %s\n", line(name), line(err.Error()))
		}
		return exitFound
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", line(name), e.t("cli.migrate.done", string(res.From), string(res.To)))
	for _, t := range res.Changes {
		fmt.Fprintf(&b, "  %s%s%s\n", e.s("cli.migrate.changed"), labelGap(e.s("cli.migrate.changed")), line(e.catalogue().Render(t)))
	}
	for _, t := range res.Notes {
		fmt.Fprintf(&b, "  %s%s%s\n", e.s("cli.migrate.check"), labelGap(e.s("cli.migrate.check")), line(e.catalogue().Render(t)))
	}
	if after := lint.Lint(res.Output, lint.Options{}); after.Errors > 0 {
		fmt.Fprintf(&b, "%s\n", line(e.t("cli.migrate.still-errors", after.Errors)))
	}
	dest := *outFile
	if *write {
		dest = name
	}
	switch {
	case dest == "" || dest == "-":
		if _, err := e.stdout.Write(res.Output); err != nil {
			fmt.Fprintf(e.stderr, "agentcard migrate: %v\n", err)
			return exitUsage
		}
	case *write:
		if err := writeInPlace(dest, in.src, res.Output); err != nil {
			fmt.Fprintf(e.stderr, "agentcard migrate: %s\n", line(e.t("cli.migrate.write-failed", dest, e.writeProblem(err))))
			return exitUsage
		}
		fmt.Fprintf(&b, "%s\n", line(e.t("cli.migrate.wrote", dest)))
	default:
		if err := os.WriteFile(dest, res.Output, 0o644); err != nil {
			fmt.Fprintf(e.stderr, "agentcard migrate: %s\n", line(e.t("cli.migrate.write-failed", dest, err.Error())))
			return exitUsage
		}
		fmt.Fprintf(&b, "%s\n", line(e.t("cli.migrate.wrote", dest)))
	}
	fmt.Fprint(e.stderr, b.String())
	return exitOK
}

// schemaCmd is `agentcard schema [--version 1.0|0.3]`: the JSON Schema
// core/schema generates from the field catalogue, on stdout.
func (e *env) schemaCmd(args []string) int {
	c := e.newCommand("schema", "cli.schema.usage")
	version := c.fs.String("version", schema.Versions[0], "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if len(pos) > 0 {
		return c.fail("cli.schema.no-input")
	}
	out, err := schema.GenerateIn(*version, e.catalogue())
	if err != nil {
		var ve *schema.VersionError
		if errors.As(err, &ve) {
			return c.failText(e.catalogue().Render(ve.Text()))
		}
		return c.failText(err.Error())
	}
	if _, err := e.stdout.Write(out); err != nil {
		fmt.Fprintf(e.stderr, "agentcard schema: %v\n", err)
		return exitUsage
	}
	return exitOK
}
