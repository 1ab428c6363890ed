package components

import (
	"strconv"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
)

// BatchView is the page of a batch check (/batch/ID): every URL with its
// verdict, sortable, each linked to its report, and the CSV of it all.
type BatchView struct {
	Lang        i18n.Lang
	ID          string
	Total, Done int
	Rows        []BatchRow
	CSVHref     string
	APIHref     string
	Origin      string
	// LangParam keeps ?lang= in the page's links when the reader chose it.
	LangParam bool
}

// BatchRow is one URL of the batch.
type BatchRow struct {
	Index                   int
	URL                     string
	Status                  string // a batch.Status
	StatusWord              string
	Errors, Warnings, Infos int
	ReportHref              string
}

// NewBatchView describes b in l.
func NewBatchView(l i18n.Lang, b *batch.Batch, origin string, langParam bool) BatchView {
	v := BatchView{Lang: l, ID: b.ID, Total: b.Total, Done: b.Done, Origin: origin, LangParam: langParam,
		CSVHref: "/api/batch/" + b.ID + ".csv", APIHref: "/api/batch/" + b.ID}
	for i, it := range b.Results {
		// The report is linked by position (/batch/ID/N, which sends the
		// reader on to /check?url=…): the URL query-escaped again made a
		// page of 500 long URLs brush the 2 MiB answer cap.
		row := BatchRow{Index: i + 1, URL: clip(it.URL, maxText), Status: string(it.Status), StatusWord: batchStatusWord(l, it),
			Errors: it.Errors, Warnings: it.Warnings, Infos: it.Infos, ReportHref: "/batch/" + b.ID + "/" + strconv.Itoa(i+1)}
		if langParam {
			row.ReportHref += "?lang=" + string(l)
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// Running reports whether some URL is still to be checked.
func (v BatchView) Running() bool { return v.Done < v.Total }

// Progress is "12 of 40 checked".
func (v BatchView) Progress() string { return tr(v.Lang, "ui.batch.progress", v.Done, v.Total) }

// batchStatusWord is the item's status in words, with why for one not
// checked ("not checked: budget").
func batchStatusWord(l i18n.Lang, it batch.Item) string {
	if it.Status == batch.Unreachable && it.Kind == string(discovery.KindNotFound) && it.HTTPStatus != 0 {
		// the host answered 404 (or 410): not found, not unreachable
		return tr(l, "ui.batch.status.not-found", it.HTTPStatus)
	}
	id := "ui.batch.status." + string(it.Status)
	if it.Kind != "" && Catalogue(l).Has(id+"."+it.Kind) {
		return tr(l, id+"."+it.Kind)
	}
	if !Catalogue(l).Has(id) {
		return string(it.Status)
	}
	return tr(l, id)
}

func batchPage(v BatchView) Page {
	p := Page{Lang: v.Lang, Title: tr(v.Lang, "ui.batch.title", v.Total), Path: "/batch", Scripts: []string{ReportScript},
		Origin: v.Origin}
	for _, l := range i18n.Langs() {
		p.Alternates = append(p.Alternates, Alternate{Lang: l, Href: "/batch/" + v.ID + "?lang=" + string(l)})
	}
	if v.Running() {
		p.Refresh = 5
	}
	return p
}
