package lint

import (
	"regexp"
	"strings"
	"testing"
)

// The HTTP rules' examples are transcripts a reader copies from: each
// card in them has its own ETag (two different bodies never share one,
// RFC 9110 §8.8.3), and a card answered with 200 is labelled
// application/json, the media type the course recommends for the card
// (lesson 9), unless the example is about the label itself.
func TestHTTPExamplesConsistent(t *testing.T) {
	etag := regexp.MustCompile(`(?m)^ETag: (.*)$`)
	ctype := regexp.MustCompile(`(?m)^Content-Type: (.*)$`)
	body := regexp.MustCompile(`(?m)^\{card[^}]*\}$`)
	for _, r := range Rules() {
		if !r.External {
			continue
		}
		for _, ex := range []string{r.Bad, r.Good} {
			// One exchange per "GET" line.
			owner := map[string]string{}
			for _, x := range strings.Split(ex, "GET ")[1:] {
				b := body.FindString(x)
				for _, m := range etag.FindAllStringSubmatch(x, -1) {
					if prev, ok := owner[m[1]]; ok && prev != b {
						t.Errorf("%s: ETag %s names both %s and %s", r.Code, m[1], prev, b)
					}
					owner[m[1]] = b
				}
				if r.Code == CodeHTTPContentType || !strings.Contains(x, " 200 OK") {
					continue
				}
				for _, m := range ctype.FindAllStringSubmatch(x, -1) {
					if b != "" && m[1] != "application/json" {
						t.Errorf("%s: the card is served as %s, not application/json", r.Code, m[1])
					}
				}
			}
		}
	}
}
