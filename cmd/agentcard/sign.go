package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/signature"
)

// sign is `agentcard sign --key PRIVATE_JWK [--kid K] [--jku URL]
// [-o FILE | --write] INPUT`: the card with a new JWS in `signatures`,
// made over the specification's canonical form (core/signature), on
// stdout or in a file. The rest of the text is kept byte for byte, so a
// review sees only the signature. alg "none" and HMAC keys are refused by
// core/signature: a card signature must be checkable by anyone without
// letting them sign.
func (e *env) sign(args []string) int {
	c := e.newCommand("sign", "cli.sign.usage")
	keyFile := c.fs.String("key", "", "")
	kid := c.fs.String("kid", "", "")
	jku := c.fs.String("jku", "", "")
	outFile := c.fs.String("o", "", "")
	c.fs.StringVar(outFile, "output", "", "")
	write := c.fs.Bool("write", false, "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if *keyFile == "" {
		return c.fail("cli.sign.key-required")
	}
	switch len(pos) {
	case 0:
		return c.fail("cli.no-input")
	case 1:
	default:
		return c.fail("cli.sign.one-input", len(pos))
	}
	name := pos[0]
	if *write && *outFile != "" {
		return c.fail("cli.migrate.write-and-output")
	}
	if *write && (name == "-" || isRemote(name)) {
		return c.fail("cli.migrate.write-not-file", jsonpos.QuoteClipped(name))
	}
	jwk, err := os.ReadFile(*keyFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard sign: %s\n", line(e.inputProblem(fileProblem(*keyFile, err))))
		return exitUsage
	}
	in, err := e.readInput(context.Background(), name)
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard sign: %s\n", line(e.inputProblem(err)))
		return exitUsage
	}
	if in.src == nil && in.remote != nil {
		d := in.remote.Diagnostics[0]
		var why any = d.Message
		if d.MessageID != "" {
			why = i18n.Text{ID: d.MessageID, Args: d.Args}
		}
		fmt.Fprintf(e.stderr, "agentcard sign: %s: %s\n", line(name), line(e.t("cli.select.no-card", why)))
		return exitFound
	}
	signed, err := signature.SignJWK(in.src, jwk, *kid, *jku)
	if err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			fmt.Fprintf(e.stderr, "agentcard sign: %s: %s\n", line(name), line(e.t("cli.sign.refused", se.Text)))
		} else {
			fmt.Fprintf(e.stderr, "agentcard sign: %s: %s\n", line(name), line(e.t("cli.sign.refused", err.Error())))
		}
		return exitFound
	}
	dest := *outFile
	if *write {
		dest = name
	}
	switch {
	case dest == "" || dest == "-":
		if _, err := e.stdout.Write(signed); err != nil {
			fmt.Fprintf(e.stderr, "agentcard sign: %v\n", err)
			return exitUsage
		}
		return exitOK
	case *write:
		err = writeInPlace(dest, in.src, signed)
	default:
		err = os.WriteFile(dest, signed, 0o644)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "agentcard sign: %s\n", line(e.t("cli.migrate.write-failed", dest, e.writeProblem(err))))
		return exitUsage
	}
	fmt.Fprintf(e.stderr, "%s\n", line(e.t("cli.sign.wrote", dest)))
	return exitOK
}
