package lint

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// placeholderRes are the regular expressions placeholderForms replaced, in
// the same order; TestPlaceholderFormsMatchRegexps keeps them agreeing.
var placeholderRes = []*regexp.Regexp{
	regexp.MustCompile(`\$\{[^}]*\}`),
	regexp.MustCompile(`\{\{[^}]*\}\}`),
	regexp.MustCompile(`\{[^}]*\}`),
	regexp.MustCompile(`<[^>]*>`),
	regexp.MustCompile(`\$[A-Z_][A-Z0-9_]*`),
	regexp.MustCompile(`%[A-Za-z_][A-Za-z0-9_]*%`),
	regexp.MustCompile(`__[A-Z][A-Z0-9_]*__`),
	regexp.MustCompile(`(?i)\byour[-_.]?(?:domain|host|hostname|url|server|agent|endpoint|app|service|api)\b[A-Za-z0-9._\-]*`),
	regexp.MustCompile(`(?i)\b(?:change[-_]?me|replace[-_]?me|placeholder)\b`),
}

func TestPlaceholderFormsMatchRegexps(t *testing.T) {
	if len(placeholderForms) != len(placeholderRes) {
		t.Fatal("one scanner per regexp")
	}
	cases := []string{"https://${HOST}/a2a", "{{ base_url }}/x", "{{a}b}}", "{{{x}}}", "https://{BASE_URL}", "<your-url>", "$HOST:8080", "$_x",
		"%HOST%", "%a b%c%", "__HOST__", "__A__B__", "__A_", "___A__", "your-domain.com", "YOUR_HOSTNAME.example", "yourhost", "my-yourhost",
		"your.hoſtname", "your-servers", "your-server.\u212a.x", "CHANGE_ME", "replace-me", "changeme2", "placeholder", "a.placeholder.b", "é-your-api",
		"yourapi_x", "your-app-ſ", "Your_URL", "chAnge-Me!", "x_placeholder", "\xffyour-api", "your\xff-api", "$", "%", "_", "{", "<", "your"}
	pieces := []string{"$", "{", "}", "{{", "}}", "<", ">", "%", "_", "__", "A", "Z9", "a", "-", ".", " ", "/", "your", "YOUR", "host", "hoſt", "name",
		"url", "server", "service", "api", "app", "agent", "endpoint", "domain", "change", "replace", "me", "ME", "placeholder", "\u212a", "ſ", "é", "\xff", "x", "0"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 60000 {
		var sb strings.Builder
		for range r.IntN(8) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		cases = append(cases, sb.String())
	}
	for _, s := range cases {
		for k, form := range placeholderForms {
			if got, want := form(s), placeholderRes[k].FindString(s); got != want {
				t.Fatalf("form %d (%s) on %q: %q, the regexp says %q", k, placeholderRes[k], s, got, want)
			}
		}
	}
}
