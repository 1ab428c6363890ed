package main

import (
	"context"
	"encoding/xml"
	"strings"

	"github.com/agentcard/agentcard/components"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

func (b *builder) pages(ctx context.Context, a assets) error {
	ed := components.EditorView{
		Assets: components.EditorAssets{
			CSS:      []string{a.CSS},
			WasmExec: a.WasmExec,
			Script:   a.Script,
			Chunks:   a.Chunks,
			Boot:     a.Boot,
			Wasm:     a.Wasm,
			Worker:   a.Worker,
			WasmSize: a.WasmSize,
			Catalogs: a.Catalogs,
			Verifier: a.Verifier,
		},
		Version: b.version,
	}
	// One playground per language, at its own address (/, /zh/): the
	// header's switch and the course link to them, and a Chinese page
	// reads as Chinese before its script runs.
	for _, l := range i18n.Langs() {
		ed.Lang = l
		if err := b.render(ctx, strings.TrimPrefix(components.PlaygroundPath(l), "/")+"index.html", components.EditorPage(ed)); err != nil {
			return err
		}
	}
	if err := b.learnPages(ctx, a); err != nil {
		return err
	}
	if err := b.coursePages(ctx, a); err != nil {
		return err
	}
	if err := b.schemas(); err != nil {
		return err
	}
	return b.sitemap()
}

// sitemap writes sitemap.xml: every page built so far, at the public
// site's address, each learn page with its twins in the other languages
// (xhtml:link hreflang), so search engines show a reader the page in
// their language.
func (b *builder) sitemap() error {
	type link struct {
		Rel      string `xml:"rel,attr"`
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	}
	type url struct {
		Loc   string `xml:"loc"`
		Links []link `xml:"xhtml:link"`
	}
	type urlset struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		XHTML   string   `xml:"xmlns:xhtml,attr"`
		URLs    []url    `xml:"url"`
	}
	set := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, f := range b.files {
		if !strings.HasSuffix(f, "index.html") {
			continue
		}
		path := "/" + strings.TrimSuffix(f, "index.html")
		u := url{Loc: lint.SiteURL + path}
		if neutral, ok := learnPath(path); ok {
			for _, a := range components.SiteAlternates(neutral) {
				u.Links = append(u.Links, link{Rel: "alternate", Hreflang: string(a.Lang), Href: lint.SiteURL + a.Href})
			}
		}
		set.URLs = append(set.URLs, u)
	}
	out, err := xml.MarshalIndent(set, "", " ")
	if err != nil {
		return err
	}
	return b.write("sitemap.xml", append([]byte(xml.Header), out...))
}

// learnPath is a learn page's path without its language prefix
// ("/zh/rules/" -> "/rules/"), and whether path is a learn page (the
// pages built in every language).
func learnPath(path string) (string, bool) {
	for _, l := range i18n.Langs() {
		if p := l.Prefix(); p != "" && strings.HasPrefix(path, p+"/") {
			path = strings.TrimPrefix(path, p)
			break
		}
	}
	return path, strings.HasPrefix(path, "/rules/") || strings.HasPrefix(path, "/fields/") || strings.HasPrefix(path, "/learn/")
}
