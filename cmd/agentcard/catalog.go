package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/lint"
)

const rulesUsage = `Usage: agentcard rules [--format text|json] [CODE]

Prints the rule catalogue: every check with its code, severity, topic,
title, explanation, how to fix it, its basis (MUST, SHOULD, official SDK
behaviour, likely failure, advice or a limit of this tool) with links to
the sections of the specification version it rests on, and a bad and a
good example. With CODE, prints that rule in full.

  --format text   grouped by topic, one line per rule; in full with CODE (default)
  --format json   {"rules":[...]} with every catalogue field
`

const fieldsUsage = `Usage: agentcard fields [--format text|json]

Prints the field catalogue: every member of every object of every card
version, with its JSON type, whether it is required, since when it exists
and, for legacy fields, what replaces it in 1.0.

  --format text   grouped by object, one line per field (default)
  --format json   {"fields":[...]}
`

// ruleJSON is a catalogue entry as `rules --format json` prints it: every
// field of lint.Rule plus the examples as whole documents and the rule's
// page.
type ruleJSON struct {
	*lint.Rule
	BadDocument  string `json:"badDocument,omitempty"`
	GoodDocument string `json:"goodDocument,omitempty"`
	HelpURI      string `json:"helpUri"`
}

func (e *env) rules(args []string) int {
	c := e.newCommand("rules", rulesUsage)
	format := c.fs.String("format", "text", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	rules := lint.Rules()
	if len(pos) > 1 {
		return c.fail("give at most one rule code")
	}
	if len(pos) == 1 {
		r := lint.RuleFor(pos[0])
		if r == nil {
			fmt.Fprintf(e.stderr, "agentcard rules: no rule %q; run 'agentcard rules' for the list\n", line(pos[0]))
			return exitUsage
		}
		rules = []*lint.Rule{r}
	}
	if *format == "json" {
		out := struct {
			Rules []ruleJSON `json:"rules"`
		}{Rules: make([]ruleJSON, 0, len(rules))}
		for _, r := range rules {
			rj := ruleJSON{Rule: r, HelpURI: lint.RuleURL(r.Code)}
			if !r.External {
				if lint.IsFragment(r.Bad) {
					rj.BadDocument = lint.ExampleDocument(r.Bad)
				}
				if lint.IsFragment(r.Good) {
					rj.GoodDocument = lint.ExampleDocument(r.Good)
				}
			}
			out.Rules = append(out.Rules, rj)
		}
		return e.encode("rules", out)
	}
	var b strings.Builder
	if len(pos) == 1 {
		writeRuleText(&b, rules[0])
	} else {
		topic := ""
		for _, r := range rules {
			if r.Topic != topic {
				topic = r.Topic
				fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, topic))
			}
			fmt.Fprintf(&b, "  %-34s %-8s %s\n", r.Code, r.Severity, line(r.Title))
		}
		fmt.Fprintf(&b, "%d rules. 'agentcard rules CODE' shows one in full; %s/rules/ explains them all.\n", len(rules), siteURL)
	}
	io.WriteString(e.stdout, b.String())
	return exitOK
}

func writeRuleText(b *strings.Builder, r *lint.Rule) {
	fmt.Fprintf(b, "%s (%s, %s)\n%s\n\n", r.Code, r.Severity, r.Topic, r.Title)
	fmt.Fprintf(b, "Why:\n%s\n\n", indent(wrap(r.Explanation, 76), "  "))
	fmt.Fprintf(b, "How to fix:\n%s\n\n", indent(wrap(r.HowToFix, 76), "  "))
	fmt.Fprintf(b, "Basis: %s", r.Basis.Label)
	if r.Basis.Note != "" {
		fmt.Fprintf(b, ": %s", r.Basis.Note)
	}
	b.WriteString("\n")
	fmt.Fprintf(b, "Spec: %s\n", r.Spec)
	for _, ref := range r.Refs {
		fmt.Fprintf(b, "  %s\n", ref.URL)
	}
	fmt.Fprintf(b, "More: %s\n", lint.RuleURL(r.Code))
	if r.Bad != "" {
		fmt.Fprintf(b, "\nBad:\n%s\n", indent(visible(r.Bad, true), "  "))
	}
	if r.Good != "" {
		fmt.Fprintf(b, "\nGood:\n%s\n", indent(visible(r.Good, true), "  "))
	}
}

func wrap(s string, width int) string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				lines = append(lines, line)
				line = w
				continue
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}

// fieldJSON is a catalogue field with its era sets spelled out.
type fieldJSON struct {
	card.Field
	Eras       []string `json:"eras"`
	Required   bool     `json:"required"`
	RequiredIn []string `json:"requiredIn"`
}

func (e *env) fields(args []string) int {
	c := e.newCommand("fields", fieldsUsage)
	format := c.fs.String("format", "text", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	if len(pos) > 0 {
		return c.fail("fields takes no INPUT")
	}
	fields := card.Fields()
	if *format == "json" {
		out := struct {
			Fields []fieldJSON `json:"fields"`
		}{Fields: make([]fieldJSON, 0, len(fields))}
		for _, f := range fields {
			out.Fields = append(out.Fields, fieldJSON{Field: f, Eras: names(f.In), Required: f.Required != 0, RequiredIn: names(f.Required)})
		}
		return e.encode("fields", out)
	}
	var b strings.Builder
	object := ""
	for _, f := range fields {
		if f.Object != object {
			object = f.Object
			fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, object))
		}
		var notes []string
		if f.Required != 0 {
			notes = append(notes, "required in "+strings.Join(f.Required.EraNames(), ", "))
		}
		notes = append(notes, "versions "+strings.Join(f.In.EraNames(), ", "))
		if f.Replacement != "" {
			notes = append(notes, "1.0: "+f.Replacement)
		}
		fmt.Fprintf(&b, "  %-34s %-26s %s\n", line(f.Name), line(f.Type), line(strings.Join(notes, "; ")))
	}
	io.WriteString(e.stdout, b.String())
	return exitOK
}

func names(e card.Eras) []string {
	n := e.EraNames()
	if n == nil {
		return []string{}
	}
	return n
}

func (e *env) encode(cmd string, v any) int {
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(e.stderr, "agentcard %s: %v\n", cmd, err)
		return exitUsage
	}
	return exitOK
}
