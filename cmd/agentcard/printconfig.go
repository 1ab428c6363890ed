package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentcard/agentcard/core/config"
	"github.com/agentcard/agentcard/core/lint"
)

// printedConfig is `lint --print-config FILE --format json`: which
// configuration applies to FILE and what every rule's level is there.
type printedConfig struct {
	Input   string `json:"input"`
	Config  string `json:"config"` // "" when none applies
	Ignored bool   `json:"ignored"`
	Profile string `json:"profile"`
	// Ignore, Include and IgnoreFindings are the configuration's own.
	Ignore         []string               `json:"ignore"`
	Include        []string               `json:"include"`
	IgnoreFindings []config.FindingIgnore `json:"ignoreFindings"`
	Rules          []printedRule          `json:"rules"`
}

// printedRule is one rule's level in effect, and what set it: its
// default, the configuration file, a --rule flag or the local profile.
type printedRule struct {
	Code    string `json:"code"`
	Default string `json:"default"`
	Level   string `json:"level"`
	From    string `json:"from"` // default, config, flag, profile
}

// printConfig is `agentcard lint --print-config FILE`: the configuration
// that applies to FILE (found upward from it, or --config), with --rule
// and --profile over it, as lint would use it; nothing is read or checked.
func (e *env) printConfig(c *command, file string, base *config.Config, loader *config.Loader, f lintFlags, pos []string) int {
	if len(pos) > 0 {
		return c.fail("cli.print-config.no-input")
	}
	fileCfg := base
	if fileCfg == nil {
		var err error
		if fileCfg, err = loader.ForFile(file); err != nil {
			fmt.Fprintf(e.stderr, "agentcard lint: %s\n", visible(e.configProblem(err), true))
			return exitUsage
		}
	}
	eff, _ := withFlags(fileCfg, f) // checked by lint already
	out := printedConfig{Input: file, Profile: string(eff.EffectiveProfile()),
		Ignore: []string{}, Include: []string{}, IgnoreFindings: []config.FindingIgnore{}}
	if fileCfg != nil {
		out.Config = fileCfg.File
		out.Ignored = fileCfg.Ignored(file)
		out.Ignore = append(out.Ignore, fileCfg.Ignore...)
		out.Include = append(out.Include, fileCfg.Include...)
		out.IgnoreFindings = append(out.IgnoreFindings, fileCfg.IgnoreFindings...)
	}
	flagged, _ := withFlags(nil, f)
	for _, r := range lint.Rules() {
		pr := printedRule{Code: r.Code, Default: r.Severity.String(), Level: r.Severity.String(), From: "default"}
		if eff.EffectiveProfile() == config.Local && config.AcceptedByLocal(r.Code) {
			pr.Level, pr.From = string(config.LevelOff), "profile"
		} else if eff.EffectiveProfile() == config.Local && config.RelaxedByLocal(r.Code) {
			pr.Level, pr.From = string(config.LevelInfo), "profile"
		}
		if l, ok := flagged.Rules[r.Code]; ok {
			pr.Level, pr.From = string(l), "flag"
		} else if l, ok := eff.Rules[r.Code]; ok {
			pr.Level, pr.From = string(l), "config"
		}
		out.Rules = append(out.Rules, pr)
	}
	if o, ok := toStdout(f.outputs); ok && formatNamed(o.format).printsJSON {
		return e.encode("lint", out)
	}
	var b strings.Builder
	if out.Config == "" {
		fmt.Fprintf(&b, "%s\n", e.t("cli.print-config.none", line(file)))
	} else {
		abs, err := filepath.Abs(out.Config)
		if err != nil {
			abs = out.Config
		}
		fmt.Fprintf(&b, "%s\n", e.t("cli.print-config.file", line(file), line(abs)))
	}
	if out.Ignored {
		fmt.Fprintf(&b, "%s\n", e.s("cli.print-config.ignored"))
	}
	fmt.Fprintf(&b, "%s %s\n", e.s("cli.print-config.profile"), out.Profile)
	if len(out.Ignore) > 0 {
		fmt.Fprintf(&b, "%s %s\n", e.s("cli.print-config.ignore"), line(strings.Join(out.Ignore, ", ")))
	}
	if len(out.Include) > 0 {
		fmt.Fprintf(&b, "%s %s\n", e.s("cli.print-config.include"), line(strings.Join(out.Include, ", ")))
	}
	for _, fi := range out.IgnoreFindings {
		var parts []string
		for _, p := range []struct{ k, v string }{{"pointer", fi.Pointer}, {"rule", fi.Rule}, {"file", fi.File}} {
			if p.v != "" {
				parts = append(parts, p.k+"="+p.v)
			}
		}
		fmt.Fprintf(&b, "%s %s\n", e.s("cli.print-config.ignore-finding"), line(strings.Join(parts, " ")))
	}
	fmt.Fprintf(&b, "%s\n", e.s("cli.print-config.rules"))
	for _, r := range out.Rules {
		mark := ""
		if r.From != "default" {
			mark = "  (" + e.s("cli.print-config.from."+r.From) + ")"
		}
		fmt.Fprintf(&b, "%s\n", strings.TrimRight(fmt.Sprintf("  %-34s %s%s", r.Code, pad(r.Level, 7), mark), " "))
	}
	_, err := fmt.Fprint(e.stdout, b.String())
	if err != nil {
		return exitUsage
	}
	return exitOK
}
