package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

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
	c := e.newCommand("rules", "cli.rules.usage")
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
		return c.fail("cli.rules.one-code")
	}
	if len(pos) == 1 {
		r := lint.RuleFor(pos[0])
		if r == nil {
			msg := e.t("cli.rules.no-rule", jsonpos.QuoteClipped(pos[0]))
			if s := card.Closest(strings.ToLower(strings.TrimSpace(pos[0])), ruleCodes(rules)); s != "" {
				msg = e.t("cli.rules.no-rule.suggest", jsonpos.QuoteClipped(pos[0]), s)
			}
			fmt.Fprintf(e.stderr, "agentcard rules: %s\n", line(msg))
			return exitUsage
		}
		rules = []*lint.Rule{r}
	}
	// the catalogue's words in the chosen language (English: unchanged)
	localized := make([]*lint.Rule, len(rules))
	for i, r := range rules {
		l := r.Localized(e.catalogue())
		localized[i] = &l
	}
	rules = localized
	if *format == "json" {
		out := struct {
			Rules []ruleJSON `json:"rules"`
		}{Rules: make([]ruleJSON, 0, len(rules))}
		for _, r := range rules {
			rj := ruleJSON{Rule: r, HelpURI: lint.RuleURLIn(e.lang, r.Code)}
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
		e.writeRuleText(&b, rules[0])
	} else {
		topic := ""
		for _, r := range rules {
			if r.Topic != topic {
				topic = r.Topic
				fmt.Fprintf(&b, "%s\n", e.paint(ansiBold, topic))
			}
			fmt.Fprintf(&b, "  %-34s %s %s\n", r.Code, pad(e.severity(r.Severity), 8), line(r.Title))
		}
		fmt.Fprintf(&b, "%s\n", e.t("cli.rules.count", len(rules), siteURL+e.lang.Prefix()+"/rules/"))
	}
	io.WriteString(e.stdout, b.String())
	return exitOK
}

// ruleCodes lists the codes of rules.
func ruleCodes(rules []*lint.Rule) []string {
	codes := make([]string, len(rules))
	for i, r := range rules {
		codes[i] = r.Code
	}
	return codes
}

func (e *env) writeRuleText(b *strings.Builder, r *lint.Rule) {
	fmt.Fprintf(b, "%s (%s, %s)\n%s\n\n", r.Code, e.severity(r.Severity), r.Topic, r.Title)
	fmt.Fprintf(b, "%s\n%s\n\n", e.s("cli.rule.why"), indent(wrap(r.Explanation, 76), "  "))
	fmt.Fprintf(b, "%s\n%s\n\n", e.s("cli.rule.how"), indent(wrap(r.HowToFix, 76), "  "))
	if r.Basis.Note != "" {
		fmt.Fprintf(b, "%s\n", e.t("cli.rule.basis-note", r.Basis.Label, r.Basis.Note))
	} else {
		fmt.Fprintf(b, "%s\n", e.t("cli.rule.basis", r.Basis.Label))
	}
	fmt.Fprintf(b, "%s%s%s\n", e.s("cli.rule.spec"), labelGap(e.s("cli.rule.spec")), r.Spec)
	for _, ref := range r.Refs {
		fmt.Fprintf(b, "  %s\n", ref.URL)
	}
	fmt.Fprintf(b, "%s%s%s\n", e.s("cli.rule.more"), labelGap(e.s("cli.rule.more")), lint.RuleURLIn(e.lang, r.Code))
	if r.Bad != "" {
		fmt.Fprintf(b, "\n%s\n%s\n", e.s("cli.rule.bad"), indent(visible(r.Bad, true), "  "))
	}
	if r.Good != "" {
		fmt.Fprintf(b, "\n%s\n%s\n", e.s("cli.rule.good"), indent(visible(r.Good, true), "  "))
	}
}

// wrap breaks text into lines of at most width terminal columns. A line
// may break at a space, and also between two East Asian wide characters
// (Chinese has no spaces between words), but never before full-width
// punctuation such as "，" or "。".
func wrap(s string, width int) string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		var line strings.Builder
		cols := 0
		for _, t := range wrapTokens(para) {
			sep := 0
			if t.space && cols > 0 {
				sep = 1
			}
			if cols > 0 && cols+sep+t.width > width && !noBreakBefore(t.text) {
				lines = append(lines, line.String())
				line.Reset()
				cols, sep = 0, 0
			}
			if sep == 1 {
				line.WriteByte(' ')
			}
			line.WriteString(t.text)
			cols += sep + t.width
		}
		lines = append(lines, line.String())
	}
	return strings.Join(lines, "\n")
}

// wrapToken is a piece of text a line may break before: a run of narrow
// characters, or one wide character. space says a space came before it.
type wrapToken struct {
	text  string
	width int
	space bool
}

func wrapTokens(para string) []wrapToken {
	var out []wrapToken
	for _, field := range strings.Fields(para) {
		space := true
		start := -1 // start of the current narrow run
		flush := func(end int) {
			if start >= 0 {
				out = append(out, wrapToken{text: field[start:end], width: textWidth(field[start:end]), space: space})
				space, start = false, -1
			}
		}
		for i, r := range field {
			if runeWidth(r) == 2 {
				flush(i)
				out = append(out, wrapToken{text: string(r), width: 2, space: space})
				space = false
			} else if start < 0 {
				start = i
			}
		}
		flush(len(field))
	}
	return out
}

func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

// noBreakBefore is punctuation that must not start a line.
func noBreakBefore(tok string) bool {
	return strings.ContainsAny(tok, "，。；：、！？）》」』")
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
	c := e.newCommand("fields", "cli.fields.usage")
	format := c.fs.String("format", "text", "")
	pos, code, done := c.parse(args)
	if done {
		return code
	}
	if !c.checkFormat(*format, "text", "json") {
		return exitUsage
	}
	if len(pos) > 0 {
		return c.fail("cli.fields.no-input")
	}
	fields := card.Fields()
	if *format == "json" {
		out := struct {
			Fields []fieldJSON `json:"fields"`
		}{Fields: make([]fieldJSON, 0, len(fields))}
		for _, f := range fields {
			out.Fields = append(out.Fields, fieldJSON{Field: f.Localized(e.catalogue()), Eras: names(f.In), Required: f.Required != 0, RequiredIn: names(f.Required)})
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
			notes = append(notes, e.t("cli.fields.required-in", strings.Join(f.Required.EraNames(), ", ")))
		}
		notes = append(notes, e.t("cli.fields.versions", strings.Join(f.In.EraNames(), ", ")))
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
	enc := newJSONEncoder(e.stdout)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(e.stderr, "agentcard %s: %v\n", cmd, err)
		return exitUsage
	}
	return exitOK
}

// pad fills s with spaces to width terminal columns (severity words are
// two columns per character in Chinese).
func pad(s string, width int) string {
	if w := textWidth(s); w < width {
		return s + strings.Repeat(" ", width-w)
	}
	return s
}
