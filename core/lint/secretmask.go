package lint

import (
	"strings"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// secretForm is one way a secret can be written inside a finding's
// text: as it is, or as jsonpos.Quote writes it (its escapes), with
// shown the length of the part every message may show (shownOfSecret).
type secretForm struct {
	text  string
	shown int
}

// secretForms lists the forms of secrets whose hidden part is not empty.
func secretForms(secrets []string) []secretForm {
	var forms []secretForm
	seen := map[string]bool{}
	for _, s := range secrets {
		shown := shownOfSecret(s)
		if len(shown) == len(s) || seen[s] {
			continue
		}
		seen[s] = true
		forms = append(forms, secretForm{s, len(shown)})
		q := strings.TrimSuffix(strings.TrimPrefix(jsonpos.Quote(s), `"`), `"`)
		qs := strings.TrimSuffix(strings.TrimPrefix(jsonpos.Quote(shown), `"`), `"`)
		if q != s && strings.HasPrefix(q, qs) && !seen[q] {
			seen[q] = true
			forms = append(forms, secretForm{q, len(qs)})
		}
	}
	return forms
}

// maskSecretText masks in s every occurrence of a secret, or of its
// start cut by a clip ("…", jsonpos.Clip), beyond the characters the
// credential message shows: each hidden character becomes '*', so the
// message still tells the secret's length, as ExcerptSource does in the
// source.
func maskSecretText(s string, forms []secretForm) string {
	for _, f := range forms {
		head := f.text[:f.shown+1]
		if !strings.Contains(s, head) {
			continue
		}
		var b strings.Builder
		i := 0
		for {
			j := strings.Index(s[i:], head)
			if j < 0 {
				break
			}
			j += i
			n := f.shown + 1
			for n < len(f.text) && j+n < len(s) && s[j+n] == f.text[n] {
				n++
			}
			// the whole secret, or its start up to where a quote was clipped
			if n < len(f.text) && !strings.HasPrefix(s[j+n:], "…") {
				b.WriteString(s[i : j+1])
				i = j + 1
				continue
			}
			for n > f.shown && !utf8.RuneStart(f.text[n-1]) && n < len(f.text) && !utf8.RuneStart(f.text[n]) {
				n-- // never half a character
			}
			b.WriteString(s[i : j+f.shown])
			b.WriteString(strings.Repeat("*", utf8.RuneCountInString(s[j+f.shown:j+n])))
			i = j + n
		}
		if i > 0 {
			b.WriteString(s[i:])
			s = b.String()
		}
	}
	return s
}

// maskSecretArgs is args with maskSecretText applied to every string in
// them, nested texts included; changed says whether any was masked. The
// slice is copied when it changes: it may be shared.
func maskSecretArgs(args []any, forms []secretForm) (out []any, changed bool) {
	for i, a := range args {
		var m any
		switch v := a.(type) {
		case string:
			if t := maskSecretText(v, forms); t != v {
				m = t
			}
		case i18n.Text:
			if t, ok := maskSecretArgs(v.Args, forms); ok {
				m = i18n.Text{ID: v.ID, Args: t}
			}
		case *i18n.Text:
			if v != nil {
				if t, ok := maskSecretArgs(v.Args, forms); ok {
					m = &i18n.Text{ID: v.ID, Args: t}
				}
			}
		case []string:
			var c []string
			for k, s := range v {
				if t := maskSecretText(s, forms); t != s {
					if c == nil {
						c = append([]string(nil), v...)
					}
					c[k] = t
				}
			}
			if c != nil {
				m = c
			}
		case []any:
			if t, ok := maskSecretArgs(v, forms); ok {
				m = t
			}
		}
		if m == nil {
			continue
		}
		if !changed {
			out = append([]any(nil), args...)
			changed = true
		}
		out[i] = m
	}
	if !changed {
		return args, false
	}
	return out, true
}

// maskSecretsInFindings keeps the secrets the credential rule found out
// of every other finding's words. Rules quote values of the card in their
// messages (a URL that is not https, an internal host, a placeholder), and
// a secret in such a value (an API key in a URL's query) would be printed
// whole by every output format. It runs once, after every rule (the
// credential rule may run after the rule that quotes the value) and when
// the run stopped at the findings cap: each finding's arguments, nested
// texts, related labels and fix titles are masked (a fix whose edits
// would write a secret is dropped: dropSecretFixes), and its English
// message worded again from the masked arguments, so that a later
// Localize sees only masked arguments too.
func maskSecretsInFindings(ds []Diagnostic, secrets []string) {
	forms := secretForms(secrets)
	if len(forms) == 0 {
		return
	}
	en := i18n.EnglishCatalogue()
	for i := range ds {
		d := &ds[i]
		if args, ok := maskSecretArgs(d.Args, forms); ok {
			d.Args = args
			if d.MessageID != "" {
				d.Message = jsonpos.Clip(en.Render(i18n.Text{ID: d.MessageID, Args: args}), MaxMessage)
			}
		}
		d.Message = maskSecretText(d.Message, forms)
		for j := range d.Related {
			rel := &d.Related[j]
			if args, ok := maskSecretArgs(rel.Text.Args, forms); ok {
				rel.Text.Args = args
				rel.Message = en.Render(rel.Text)
			}
			rel.Message = maskSecretText(rel.Message, forms)
		}
		d.Fixes = dropSecretFixes(d.Fixes, forms)
		for j := range d.Fixes {
			f := &d.Fixes[j]
			if args, ok := maskSecretArgs(f.Text.Args, forms); ok {
				f.Text.Args = args
				if f.Title != "" {
					f.Title = jsonpos.Clip(en.Render(f.Text), maxFixTitle)
				}
			}
			f.Title = maskSecretText(f.Title, forms)
		}
	}
}

// dropSecretFixes is fixes without those whose edits write a secret: a
// fix that rewrites or copies a value holding one (https for http, a
// legacy url copied into supportedInterfaces) would print the secret in
// every format that shows edits (json, sarif), and spread it in the card.
// Masking the edit instead would write a broken value; the fix is offered
// again once the secret is removed, as credential-in-card asks.
func dropSecretFixes(fixes []Fix, forms []secretForm) []Fix {
	var kept []Fix
	for j, f := range fixes {
		leaks := false
		for _, e := range f.Edits {
			if maskSecretText(e.NewText, forms) != e.NewText {
				leaks = true
				break
			}
		}
		if leaks && kept == nil {
			kept = append(make([]Fix, 0, len(fixes)), fixes[:j]...)
		} else if !leaks && kept != nil {
			kept = append(kept, f)
		}
	}
	if kept == nil {
		return fixes
	}
	if len(kept) == 0 {
		return nil
	}
	return kept
}
