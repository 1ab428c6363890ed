package main

// Figures of the course, drawn at build time as inline SVG from the same
// engine the pages teach: the selection walk is core/selection's trace of
// a real card and profile, the caching exchange carries the ETag that the
// serving lesson's servers send for its card, and the signature figure
// shows the canonical payload, protected header and signature of a real
// signed card (core/signature). Nothing is drawn by hand, so a figure
// cannot drift from what the checker does. A lesson asks for one with a
// fenced block:
//
//	```figure selection
//	example: 1            (the page's first ```json example card)
//	profile: HTTP+JSON@1.0
//	```
//
// Figures are phone-first: 360 units wide, scaled to the column, every
// line wrapped to fit (the end-to-end test measures the text in
// Chromium). Each is a role="img" SVG named by its <title> and described
// by a <desc> that says everything the drawing shows; the caption below
// it is the figure's <figcaption>.

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"go.yaml.in/yaml/v3"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
)

// figureParams are the lines of a ```figure block.
type figureParams struct {
	Example int    `yaml:"example"` // the page's Nth ```json example (1-based)
	Card    string `yaml:"card"`    // or a card file, relative to site/learn
	Profile string `yaml:"profile"` // the client profile (selection)
}

// Figure geometry, in SVG user units (CSS pixels at scale 1).
const (
	figW    = 360.0
	figPad  = 12.0
	sansPx  = 13.0
	smallPx = 12.0
	monoPx  = 11.5
	lineGap = 1.35 // line height, in font sizes
)

// textWidth estimates how wide s is drawn: CJK characters a full em, the
// rest 0.6 em in the monospace font and 0.58 em in the sans-serif one
// (generous: the end-to-end test measures the real text).
func textWidth(s string, px float64, mono bool) float64 {
	w := 0.0
	for _, r := range s {
		switch {
		case isWide(r):
			w += px
		case mono:
			w += 0.6 * px
		default:
			w += 0.58 * px
		}
	}
	return w
}

func isWide(r rune) bool {
	return unicode.Is(unicode.Han, r) || (r >= 0x3000 && r <= 0x30FF) || (r >= 0xFF00 && r <= 0xFFEF)
}

// wrap breaks s into lines no wider than max: at spaces, between CJK
// characters, and inside a word (a URL) only when the word alone is too
// long.
func wrap(s string, max, px float64, mono bool) []string {
	var tokens []string // words with their leading space, CJK characters one by one
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			tokens = append(tokens, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r == ' ':
			flush()
			cur.WriteRune(r)
		case isWide(r) || strings.ContainsRune("，。、：；（）“”", r):
			flush()
			tokens = append(tokens, string(r))
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	var lines []string
	line := ""
	for _, tok := range tokens {
		if textWidth(line+tok, px, mono) <= max {
			line += tok
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		tok = strings.TrimLeft(tok, " ")
		// A word wider than a line is cut where it must be.
		for textWidth(tok, px, mono) > max {
			n := 0
			for i := range tok {
				if textWidth(tok[:i], px, mono) > max {
					break
				}
				n = i
			}
			if n == 0 {
				break
			}
			lines = append(lines, tok[:n])
			tok = tok[n:]
		}
		line = tok
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	// Closing punctuation never starts a line.
	for i := 1; i < len(lines); i++ {
		if r := []rune(lines[i]); len(r) > 0 && strings.ContainsRune("，。、：；）”", r[0]) {
			lines[i-1] += string(r[0])
			lines[i] = string(r[1:])
		}
	}
	return lines
}

// svg collects the elements of one figure.
type svg struct {
	id   string
	b    strings.Builder
	y    float64
	text []string // every string drawn, for tests
}

func esc(s string) string { return html.EscapeString(s) }

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// line draws one line of text with its baseline at y.
func (g *svg) line(x, y float64, class, s string) {
	g.text = append(g.text, s)
	fmt.Fprintf(&g.b, `<text x="%s" y="%s" class="%s">%s</text>`, num(x), num(y), class, esc(s))
}

// lines draws s wrapped to width from (x, top) and returns the height used.
func (g *svg) lines(x, top, width float64, class string, px float64, mono bool, s string) float64 {
	ls := wrap(s, width, px, mono)
	for i, l := range ls {
		g.line(x, top+px+float64(i)*px*lineGap, class, l)
	}
	return float64(len(ls))*px*lineGap + px*(1-lineGap) + 2
}

func (g *svg) rect(x, y, w, h float64, class string) {
	fmt.Fprintf(&g.b, `<rect x="%s" y="%s" width="%s" height="%s" rx="6" class="%s"/>`, num(x), num(y), num(w), num(h), class)
}

// arrow draws a line from (x1,y1) to (x2,y2) ending in the figure's
// arrowhead.
func (g *svg) arrow(x1, y1, x2, y2 float64, class string) {
	fmt.Fprintf(&g.b, `<line x1="%s" y1="%s" x2="%s" y2="%s" class="%s" marker-end="url(#%s-head)"/>`, num(x1), num(y1), num(x2), num(y2), class, g.id)
}

// figureHTML wraps a drawing in its figure: the SVG named by title and
// described by desc (role img), the caption below it.
func figureHTML(g *svg, title, desc, caption string) string {
	h := g.y + figPad
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="fig" data-testid="figure" data-figure="%s">`, esc(g.id))
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 %s %s" aria-labelledby="%[3]s-title %[3]s-desc" data-width="%[1]s">`, num(figW), num(h), g.id)
	fmt.Fprintf(&b, `<title id="%s-title">%s</title><desc id="%s-desc">%s</desc>`, g.id, esc(title), g.id, esc(desc))
	fmt.Fprintf(&b, `<defs><marker id="%s-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="fig-head"/></marker></defs>`, g.id)
	b.WriteString(g.b.String())
	b.WriteString(`</svg><figcaption>` + esc(caption) + `</figcaption></figure>`)
	return b.String()
}

// renderFigure draws figure kind for a page in language l. examples are
// the page's ```json example cards; dir is site/learn.
func renderFigure(l i18n.Lang, dir, kind string, params []byte, examples [][]byte) (string, []string, error) {
	var p figureParams
	if len(strings.TrimSpace(string(params))) > 0 {
		dec := yaml.NewDecoder(strings.NewReader(string(params)))
		dec.KnownFields(true)
		if err := dec.Decode(&p); err != nil {
			return "", nil, fmt.Errorf("figure %s: %w", kind, err)
		}
	}
	var cardBytes []byte
	switch {
	case p.Example > 0:
		if p.Example > len(examples) {
			return "", nil, fmt.Errorf("figure %s: example %d, but the page has %d json examples", kind, p.Example, len(examples))
		}
		cardBytes = examples[p.Example-1]
	case p.Card != "":
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p.Card)))
		if err != nil {
			return "", nil, fmt.Errorf("figure %s: %w", kind, err)
		}
		cardBytes = b
	default:
		return "", nil, fmt.Errorf("figure %s: give example: N or card: FILE", kind)
	}
	cat := catalog.Of(l)
	var g *svg
	var title, desc, caption string
	var err error
	switch kind {
	case "selection":
		g, desc, err = selectionFigure(cat, cardBytes, p.Profile)
		title, caption = cat.S("ui.figure.selection.title"), cat.Sprintf("ui.figure.selection.caption", p.Profile)
	case "discovery":
		g, desc, err = discoveryFigure(cat, cardBytes)
		title, caption = cat.S("ui.figure.discovery.title"), cat.S("ui.figure.discovery.caption")
	case "signing":
		g, desc, err = signingFigure(cat, cardBytes)
		title, caption = cat.S("ui.figure.signing.title"), cat.S("ui.figure.signing.caption")
	default:
		return "", nil, fmt.Errorf("no figure %q (selection, discovery, signing)", kind)
	}
	if err != nil {
		return "", nil, fmt.Errorf("figure %s: %w", kind, err)
	}
	return figureHTML(g, title, desc, caption), g.text, nil
}

// ---- the selection walk ----

// tenants reads each supportedInterfaces entry's tenant (ok false when
// the entry sets none).
func tenants(cardBytes []byte) []*string {
	var c struct {
		SupportedInterfaces []struct {
			Tenant *string `json:"tenant"`
		} `json:"supportedInterfaces"`
	}
	json.Unmarshal(cardBytes, &c)
	out := make([]*string, len(c.SupportedInterfaces))
	for i, e := range c.SupportedInterfaces {
		out[i] = e.Tenant
	}
	return out
}

func selectionFigure(cat *i18n.Catalogue, cardBytes []byte, profile string) (*svg, string, error) {
	prof, err := selection.ParseProfile(profile)
	if err != nil {
		return nil, "", err
	}
	res := selection.SelectSource(cardBytes, prof)
	res.Localize(cat)
	if res.List != selection.ListSupported || len(res.Trace) == 0 {
		return nil, "", errors.New("the card's supportedInterfaces give no trace")
	}
	ten := tenants(cardBytes)
	g := &svg{id: "fig-selection"}
	inner := figW - 2*figPad
	var desc []string
	// The client.
	client := cat.Sprintf("ui.figure.selection.client", res.Client)
	g.rect(figPad, figPad, inner, 30, "fig-client")
	g.line(figPad+10, figPad+20, "fig-strong", client)
	desc = append(desc, cat.Sprintf("ui.figure.selection.desc.client", res.Client))
	y := figPad + 30
	for _, st := range res.Trace {
		g.arrow(figW/2, y+2, figW/2, y+16, "fig-flow")
		y += 18
		top := y
		class := "fig-box"
		// Contents first (to know the height), drawn over the box.
		var body svg
		body.id = g.id
		h := 8.0
		decision := cat.S("ui.playground.sim.decision." + st.Decision)
		head := cat.Sprintf("ui.figure.selection.entry", st.Index, st.ProtocolBinding, st.ProtocolVersion)
		body.line(figPad+10, top+h+sansPx, "fig-strong", head)
		body.line(figW-figPad-10, top+h+sansPx, "fig-decision fig-end", decision)
		h += sansPx*lineGap + 2
		h += body.lines(figPad+10, top+h, inner-20, "fig-mono", monoPx, true, st.URL)
		tenantText := ""
		if st.Index < len(ten) && ten[st.Index] != nil {
			tenantText = cat.Sprintf("ui.figure.selection.tenant", strconv.Quote(*ten[st.Index]))
			h += body.lines(figPad+10, top+h, inner-20, "fig-mono", monoPx, true, tenantText)
		}
		h += body.lines(figPad+10, top+h+2, inner-20, "fig-note", smallPx, false, st.Reason) + 2
		h += 8
		g.b.WriteString(`<g class="fig-step fig-` + esc(st.Decision) + `" data-index="` + strconv.Itoa(st.Index) + `" data-decision="` + esc(st.Decision) + `">`)
		g.rect(figPad, top, inner, h, class)
		g.b.WriteString(body.b.String() + "</g>")
		g.text = append(g.text, body.text...)
		y = top + h
		d := cat.Sprintf("ui.figure.selection.desc.step", st.Index, st.ProtocolBinding, st.ProtocolVersion, st.URL, decision, st.Reason)
		if tenantText != "" {
			d += " " + tenantText + "."
		}
		desc = append(desc, d)
	}
	// The outcome.
	g.arrow(figW/2, y+2, figW/2, y+16, "fig-flow")
	y += 18
	var out svg
	out.id = g.id
	h := 8.0
	if res.Outcome == selection.Selected {
		h += out.lines(figPad+10, y+h, inner-20, "fig-strong", sansPx, false, cat.Sprintf("ui.figure.selection.result", res.Index))
		h += out.lines(figPad+10, y+h, inner-20, "fig-mono", monoPx, true, res.URL)
		t := cat.S("ui.figure.selection.resultNoTenant")
		if res.HasTenant {
			t = cat.Sprintf("ui.figure.selection.resultTenant", strconv.Quote(res.Tenant))
		}
		h += out.lines(figPad+10, y+h, inner-20, "fig-note", smallPx, false, t)
		desc = append(desc, cat.Sprintf("ui.figure.selection.result", res.Index)+" "+res.URL+"; "+t+".")
	} else {
		none := cat.S("ui.figure.selection.none")
		h += out.lines(figPad+10, y+h, inner-20, "fig-strong", sansPx, false, none)
		desc = append(desc, none+".")
	}
	h += 8
	g.rect(figPad, y, inner, h, "fig-result")
	g.b.WriteString(out.b.String())
	g.text = append(g.text, out.text...)
	g.y = y + h
	return g, strings.Join(desc, " "), nil
}

// ---- discovery and caching ----

// CardETag is the strong ETag the serving lesson's Go, FastAPI and Worker
// configurations derive from a card's bytes (§8.6.1: "a hash of the card
// content"): the first 8 bytes of its SHA-256, in hex, quoted.
func CardETag(card []byte) string {
	sum := sha256.Sum256(card)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

func discoveryFigure(cat *i18n.Catalogue, cardBytes []byte) (*svg, string, error) {
	var c struct {
		SupportedInterfaces []struct {
			URL string `json:"url"`
		} `json:"supportedInterfaces"`
	}
	if err := json.Unmarshal(cardBytes, &c); err != nil || len(c.SupportedInterfaces) == 0 {
		return nil, "", errors.New("the card names no interface URL")
	}
	u, err := url.Parse(c.SupportedInterfaces[0].URL)
	if err != nil || u.Host == "" {
		return nil, "", errors.New("the card's first interface URL has no host")
	}
	etag := CardETag(cardBytes)
	const maxAge = 300
	g := &svg{id: "fig-discovery"}
	left, right := figPad+30, figW-figPad-30
	// The two parties.
	g.rect(figPad, figPad, 120, 30, "fig-client")
	g.line(figPad+10, figPad+20, "fig-strong", cat.S("ui.figure.discovery.client"))
	g.rect(figW-figPad-150, figPad, 150, 30, "fig-client")
	g.line(figW-figPad-140, figPad+20, "fig-strong", u.Host)
	y := figPad + 30
	top := y
	textX, textW := left+10, right-left-20
	msg := func(toServer bool, lines []string, classes []string) {
		y += 10
		for i, l := range lines {
			y += g.lines(textX, y, textW, classes[i], monoPx, true, l) + 1
		}
		y += 4
		if toServer {
			g.arrow(left, y, right, y, "fig-msg")
		} else {
			g.arrow(right, y, left, y, "fig-msg")
		}
		y += 4
	}
	note := func(s string) {
		y += 10
		h := g.lines(textX, y, textW, "fig-note", smallPx, false, s)
		y += h + 2
	}
	get := "GET " + "/.well-known/agent-card.json"
	msg(true, []string{get, "A2A-Version: 1.0"}, []string{"fig-mono fig-strong", "fig-mono"})
	msg(false, []string{"200 OK", "Content-Type: application/json", "Cache-Control: public, max-age=" + strconv.Itoa(maxAge),
		"ETag: " + etag, "Access-Control-Allow-Origin: *", cat.S("ui.figure.discovery.body")},
		[]string{"fig-mono fig-strong", "fig-mono", "fig-mono fig-hl", "fig-mono fig-hl", "fig-mono", "fig-note"})
	note(cat.Sprintf("ui.figure.discovery.fresh", maxAge))
	msg(true, []string{get, "If-None-Match: " + etag}, []string{"fig-mono fig-strong", "fig-mono fig-hl"})
	msg(false, []string{"304 Not Modified", cat.S("ui.figure.discovery.nobody")}, []string{"fig-mono fig-strong", "fig-note"})
	note(cat.S("ui.figure.discovery.changed"))
	// Lifelines behind the messages.
	life := fmt.Sprintf(`<line x1="%[1]s" y1="%[3]s" x2="%[1]s" y2="%[4]s" class="fig-life"/><line x1="%[2]s" y1="%[3]s" x2="%[2]s" y2="%[4]s" class="fig-life"/>`,
		num(left), num(right), num(top), num(y))
	body := g.b.String()
	g.b.Reset()
	g.b.WriteString(life + body)
	g.y = y
	desc := cat.Sprintf("ui.figure.discovery.desc", u.Host, maxAge, etag, etag)
	return g, desc, nil
}

// ---- what a signature covers ----

func signingFigure(cat *i18n.Catalogue, cardBytes []byte) (*svg, string, error) {
	var c struct {
		Name       string `json:"name"`
		Signatures []struct {
			Protected string `json:"protected"`
			Signature string `json:"signature"`
		} `json:"signatures"`
	}
	if err := json.Unmarshal(cardBytes, &c); err != nil || len(c.Signatures) == 0 {
		return nil, "", errors.New("the card has no signature")
	}
	s := c.Signatures[0]
	hdr, err := base64.RawURLEncoding.DecodeString(s.Protected)
	if err != nil {
		return nil, "", fmt.Errorf("protected header: %w", err)
	}
	var h struct {
		Alg string `json:"alg"`
	}
	if err := json.Unmarshal(hdr, &h); err != nil {
		return nil, "", fmt.Errorf("protected header: %w", err)
	}
	payload, err := signature.Canonical(cardBytes)
	if err != nil {
		return nil, "", err
	}
	b64 := base64.RawURLEncoding.EncodeToString(payload)
	cut := func(s string, n int) string {
		if r := []rune(s); len(r) > n {
			return string(r[:n]) + "…"
		}
		return s
	}
	g := &svg{id: "fig-signing"}
	inner := figW - 2*figPad
	x, w := figPad+10, inner-20
	y := figPad
	// box draws a titled box whose contents draw returns the height of.
	box := func(class, title string, draw func(b *svg, top float64) float64) {
		body := &svg{id: g.id}
		top := y
		hh := 8.0
		hh += body.lines(x, top+hh, w, "fig-strong", sansPx, false, title)
		hh += draw(body, top+hh) + 8
		g.rect(figPad, top, inner, hh, class)
		g.b.WriteString(body.b.String())
		g.text = append(g.text, body.text...)
		y = top + hh
	}
	step := func(lines ...string) {
		g.arrow(figW/2, y+2, figW/2, y+16, "fig-flow")
		y += 18
		for _, l := range lines {
			y += g.lines(x, y, w, "fig-note", smallPx, false, l)
		}
		if len(lines) > 0 {
			g.arrow(figW/2, y+2, figW/2, y+14, "fig-flow")
			y += 16
		}
	}
	mono := func(b *svg, top float64, class, s string) float64 { return b.lines(x, top, w, class, monoPx, true, s) }
	note := func(b *svg, top float64, s string) float64 { return b.lines(x, top, w, "fig-note", smallPx, false, s) }
	box("fig-box", cat.S("ui.figure.signing.card"), func(b *svg, top float64) float64 {
		hh := mono(b, top, "fig-mono", `{"name": `+strconv.Quote(c.Name)+`, …,`)
		hh += mono(b, top+hh, "fig-mono fig-struck", `"signatures": [ … ]}`)
		return hh + note(b, top+hh, cat.S("ui.figure.signing.omit"))
	})
	step(cat.S("ui.figure.signing.step1"), cat.S("ui.figure.signing.step2"))
	box("fig-box", cat.S("ui.figure.signing.canonical"), func(b *svg, top float64) float64 {
		return mono(b, top, "fig-mono fig-payload", cut(string(payload), 96))
	})
	box("fig-box", cat.S("ui.figure.signing.header"), func(b *svg, top float64) float64 {
		return mono(b, top, "fig-mono fig-protected", string(hdr))
	})
	step()
	box("fig-box", cat.S("ui.figure.signing.input"), func(b *svg, top float64) float64 {
		hh := mono(b, top, "fig-mono fig-protected", cut(s.Protected, 40)+" .")
		return hh + mono(b, top+hh, "fig-mono fig-payload", cut(b64, 40))
	})
	step(cat.Sprintf("ui.figure.signing.sign", h.Alg))
	box("fig-result", cat.S("ui.figure.signing.stored"), func(b *svg, top float64) float64 {
		hh := mono(b, top, "fig-mono fig-protected", `"protected": "`+cut(s.Protected, 24)+`"`)
		hh += mono(b, top+hh, "fig-mono", `"signature": "`+cut(s.Signature, 24)+`"`)
		return hh + note(b, top+hh+2, cat.S("ui.figure.signing.detached")) + 2
	})
	g.y = y
	desc := cat.Sprintf("ui.figure.signing.desc", c.Name, cut(string(payload), 60), string(hdr), h.Alg)
	return g, desc, nil
}
