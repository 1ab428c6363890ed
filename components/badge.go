package components

import (
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/i18n"
)

// Badge outcomes: what a README badge says about a published card.
const (
	BadgePassing     = "passing"     // checked, no error
	BadgeErrors      = "errors"      // checked, Errors errors
	BadgeUnreachable = "unreachable" // the card could not be fetched
	BadgeNotFound    = "not-found"   // the host answered 404 or 410: there is no card
	BadgeRefused     = "refused"     // the URL is not one the checker fetches
	BadgeNoURL       = "no-url"      // no (readable) url= given
	BadgeLimited     = "limited"     // the checker's limits: try later
)

// BadgeView is a shields-style badge: "Agent Card | passing".
type BadgeView struct {
	Label, Message string
	// Color is the message's background.
	Color string
	// Title is the badge's accessible name and tooltip: the card's name
	// with the verdict.
	Title string
	// Stale: the verdict is the last one known, not a fresh check's
	// (AsStale).
	Stale bool
}

// AsStale marks v as the last verdict known, shown while the checker may
// not check the card again (its budget for the card's host is spent): the
// message and the title say so, so that a README never passes an old
// verdict off as a new one.
func (v BadgeView) AsStale(l i18n.Lang) BadgeView {
	v.Message = tr(l, "ui.badge.stale", v.Message)
	v.Title = tr(l, "ui.badge.stale-title", v.Title)
	v.Stale = true
	return v
}

// NewBadgeView words a badge in l: outcome (one of the Badge* values),
// the number of errors (for BadgeNotFound, the HTTP status the host
// answered), and the card's name when it was read ("" for none).
func NewBadgeView(l i18n.Lang, outcome string, errors int, cardName string) BadgeView {
	v := BadgeView{Label: tr(l, "ui.badge.label"), Color: "#9f9f9f"}
	switch outcome {
	case BadgeNotFound:
		// a 404 is an answer, not an outage: say what the host said
		v.Message = tr(l, "ui.badge.not-found", errors)
	case BadgePassing:
		v.Message, v.Color = tr(l, "ui.badge.passing"), "#3c8527"
	case BadgeErrors:
		v.Message, v.Color = Catalogue(l).Sprintf(plural(l, "ui.badge.errors", errors), errors), "#c53a22"
	default:
		v.Message = tr(l, "ui.badge."+outcome)
	}
	v.Title = tr(l, "ui.badge.title", v.Label, v.Message)
	if cardName = strings.TrimSpace(cardName); cardName != "" {
		v.Title = clip(cardName, 80) + " — " + v.Title
	}
	return v
}

// plural is id's ".one" form for one, where the language has one.
func plural(l i18n.Lang, id string, n int) string {
	if n == 1 && Catalogue(l).Has(id+".one") {
		return id + ".one"
	}
	return id
}

// Badge is the badge as an SVG document (image/svg+xml): two boxes of
// text, sized from the text's estimated width. Every text is escaped for
// XML; nothing in it is markup of the caller's.
func Badge(v BadgeView) []byte {
	lw, mw := textWidth(v.Label)+12, textWidth(v.Message)+12
	w := lw + mw
	var b strings.Builder
	n := strconv.Itoa
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + n(w) + `" height="20" role="img"`)
	if v.Stale {
		b.WriteString(` data-stale="true"`)
	}
	b.WriteString(` aria-label="`)
	b.WriteString(xmlEscape(v.Title))
	b.WriteString(`"><title>`)
	b.WriteString(xmlEscape(v.Title))
	b.WriteString(`</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`)
	b.WriteString(`<clipPath id="r"><rect width="` + n(w) + `" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)">`)
	b.WriteString(`<rect width="` + n(lw) + `" height="20" fill="#555"/><rect x="` + n(lw) + `" width="` + n(mw) + `" height="20" fill="` + xmlEscape(v.Color) + `"/>`)
	b.WriteString(`<rect width="` + n(w) + `" height="20" fill="url(#s)"/></g>`)
	b.WriteString(`<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`)
	for _, t := range []struct {
		x    int
		text string
	}{{lw / 2, v.Label}, {lw + mw/2, v.Message}} {
		b.WriteString(`<text x="` + n(t.x) + `" y="15" fill="#010101" fill-opacity=".3">` + xmlEscape(t.text) + `</text>`)
		b.WriteString(`<text x="` + n(t.x) + `" y="14" data-testid="badge-text">` + xmlEscape(t.text) + `</text>`)
	}
	b.WriteString(`</g></svg>`)
	return []byte(b.String())
}

// xmlEscape escapes text for XML content and attribute values; control
// characters XML cannot hold become U+FFFD.
func xmlEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\'':
			b.WriteString("&apos;")
		case r == utf8.RuneError, r < 0x20 && r != '\t' && r != '\n' && r != '\r', r >= 0x7f && r < 0xa0, r == 0xfffe, r == 0xffff:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// textWidth estimates the width in pixels of s in 11px Verdana: enough
// for the boxes to fit their words (a badge is not typeset).
func textWidth(s string) int {
	w := 0.0
	for _, r := range s {
		switch {
		case r >= 0x2e80: // CJK and other wide scripts
			w += 11
		case strings.ContainsRune("iIjlt.,:;!|'` ()[]f", r):
			w += 4
		case strings.ContainsRune("mwMW@", r):
			w += 10
		case r >= 'A' && r <= 'Z':
			w += 7.5
		default:
			w += 6.6
		}
	}
	return int(w + 0.5)
}

// BadgeMarkdown is what a card's owner pastes into a README: the badge
// for cardURL, linked to its report, both on the checker at origin.
func BadgeMarkdown(l i18n.Lang, origin, cardURL string) string {
	q := url.QueryEscape(cardURL)
	return "[![" + tr(l, "ui.badge.label") + "](" + origin + "/badge?url=" + q + ")](" + origin + "/check?url=" + q + ")"
}

func queryEscape(s string) string { return url.QueryEscape(s) }
