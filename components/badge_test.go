package components

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
)

func TestBadgeView(t *testing.T) {
	for _, c := range []struct {
		l       i18n.Lang
		outcome string
		errors  int
		want    string
	}{
		{i18n.English, BadgePassing, 0, "passing"},
		{i18n.English, BadgeErrors, 1, "1 error"},
		{i18n.English, BadgeErrors, 3, "3 errors"},
		{i18n.English, BadgeUnreachable, 0, "unreachable"},
		{i18n.Chinese, BadgeErrors, 3, "3 个错误"},
		{i18n.Chinese, BadgeUnreachable, 0, "无法访问"},
		{i18n.English, BadgeNotFound, 404, "not found (404)"},
		{i18n.Chinese, BadgeNotFound, 410, "未找到（410）"},
	} {
		if v := NewBadgeView(c.l, c.outcome, c.errors, ""); v.Message != c.want {
			t.Errorf("%s %s %d: %q, want %q", c.l, c.outcome, c.errors, v.Message, c.want)
		}
	}
}

// Every text of a badge is escaped: a card's name with markup, quotes and
// control characters stays text of a well-formed SVG, and the boxes grow
// with their words.
func TestBadgeEscapes(t *testing.T) {
	name := "</title><script>alert(1)</script>\"' onload=\"x\" &amp; \x01\x7f"
	svg := string(Badge(NewBadgeView(i18n.English, BadgeErrors, 2, name)))
	if strings.Contains(svg, "<script") || strings.Contains(svg, "\x01") || strings.Contains(svg, `onload="x"`) {
		t.Fatalf("unescaped:\n%s", svg)
	}
	var doc struct {
		Title string `xml:"title"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, svg)
	}
	if !strings.HasPrefix(doc.Title, "</title><script>alert(1)</script>\"' onload=\"x\" &amp; ") {
		t.Errorf("title %q", doc.Title)
	}
	short, long := Badge(NewBadgeView(i18n.English, BadgePassing, 0, "")), Badge(NewBadgeView(i18n.English, BadgeErrors, 1000, ""))
	if width(t, short) >= width(t, long) {
		t.Errorf("the badge does not grow with its words: %d, %d", width(t, short), width(t, long))
	}
}

func width(t *testing.T, svg []byte) int {
	var doc struct {
		Width int `xml:"width,attr"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Width
}

func TestBadgeMarkdown(t *testing.T) {
	got := BadgeMarkdown(i18n.English, "https://checker.example", "https://a.example/.well-known/agent-card.json?x=1&y=2")
	want := "[![agent card](https://checker.example/badge?url=https%3A%2F%2Fa.example%2F.well-known%2Fagent-card.json%3Fx%3D1%26y%3D2)](https://checker.example/check?url=https%3A%2F%2Fa.example%2F.well-known%2Fagent-card.json%3Fx%3D1%26y%3D2)"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// A stale badge says so where it is read (the message, the title) and in
// a mark tests and tools can find, in both languages.
func TestBadgeStale(t *testing.T) {
	for _, l := range []i18n.Lang{i18n.English, i18n.Chinese} {
		fresh := NewBadgeView(l, BadgePassing, 0, "Weather")
		stale := fresh.AsStale(l)
		if !stale.Stale || fresh.Stale || stale.Message == fresh.Message || !strings.Contains(stale.Message, fresh.Message) ||
			stale.Title == fresh.Title || !strings.Contains(stale.Title, fresh.Title) {
			t.Errorf("%s: fresh %+v, stale %+v", l, fresh, stale)
		}
		var doc struct {
			Stale string `xml:"data-stale,attr"`
		}
		if err := xml.Unmarshal(Badge(stale), &doc); err != nil || doc.Stale != "true" {
			t.Errorf("%s: data-stale %q (%v)", l, doc.Stale, err)
		}
		if strings.Contains(string(Badge(fresh)), "data-stale") {
			t.Errorf("%s: a fresh badge marked stale", l)
		}
		if width(t, Badge(stale)) <= width(t, Badge(fresh)) {
			t.Errorf("%s: the stale badge's box does not fit its longer words", l)
		}
	}
}
