package components

import (
	"context"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/agentcard/agentcard/core/i18n"
)

// Code is an argument shown as <code> inside a sentence from the
// catalogue (a URL, a header, a field): the sentence is one catalogue
// entry, so each language orders its words freely around the code.
type Code string

// trCode renders id in l as HTML: the sentence and every argument are
// escaped, and Code arguments are wrapped in <code>. The sentence is
// formatted with a marker in place of each Code (text, so the
// catalogue's plural and Phrase handling apply unchanged), escaped whole,
// and the markers are then replaced by the escaped code.
func trCode(l i18n.Lang, id string, args ...any) templ.Component {
	var codes []string
	fargs := make([]any, len(args))
	for i, a := range args {
		if c, ok := a.(Code); ok {
			fargs[i] = "\x00" + strconv.Itoa(len(codes)) + "\x00"
			codes = append(codes, strings.ReplaceAll(string(c), "\x00", "\uFFFD"))
			continue
		}
		if s, ok := a.(string); ok { // a NUL in card text must not read as a marker
			a = strings.ReplaceAll(s, "\x00", "\uFFFD")
		}
		fargs[i] = a
	}
	s := html.EscapeString(tr(l, id, fargs...))
	for i, c := range codes {
		s = strings.Replace(s, "\x00"+strconv.Itoa(i)+"\x00", "<code>"+html.EscapeString(c)+"</code>", 1)
	}
	return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}
