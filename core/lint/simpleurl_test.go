package lint

import (
	"net/url"
	"strings"
	"testing"
)

// TestSimpleURLMatchesNetURL: for every string simpleURL takes, url.Parse
// succeeds with the same host, hostname and port, and re-serializes it
// unchanged (what classifyURL and normURL rely on); the strings it leaves
// to net/url include every shape it must not take.
func TestSimpleURLMatchesNetURL(t *testing.T) {
	cases := []string{
		"https://agent.example.com/a2a/v1", "http://localhost:8080/", "https://a.b/c?x=1&y=2#frag", "grpc://h:50051",
		"HTTPS://Agent.Example.COM/Path", "https://h/p;q=1,2+3!$'()*~", "https://h", "https://h?", "https://h/?#f",
		"https://h:", "https://h:80:90/", "https://:80/", "https://h:8o/", "https://u@h/", "https://u:p@h/", "https://[::1]:8080/",
		"https://h/%20", "https://h/a b", "https://h/a\"b", "https://h/a<b>", "https://h/a{b}", "https://h/a|b", "https://h/a\\b",
		"https://h/a^b", "https://h/a`b", "https://h/#", "https://h/#a#b", "https://h/é", "https:/h", "https:h", "https//h",
		"://h", "1http://h", "https://h_under/", "https://h~/x", "https://ex ample.com", "https://h/\x7f", "https://h/\x01",
		"ftp://files.example.com/pub", "https://h/a?b=c#d?e", "https://h/a?b#c/d", "wss://h:443/s", "http://h..x/",
	}
	for i := 0; i < 128; i++ {
		cases = append(cases, "https://h/a"+string(rune(i))+"b", "https://h"+string(rune(i))+"x/")
	}
	took := 0
	for _, s := range cases {
		scheme, auth, rest, ok := simpleURL(s)
		if !ok {
			continue
		}
		took++
		p, err := url.Parse(s)
		if err != nil {
			t.Errorf("%q: simpleURL takes it, url.Parse refuses it: %v", s, err)
			continue
		}
		host, port := hostPort(auth)
		if p.Scheme != strings.ToLower(scheme) || p.Host != auth || p.Hostname() != host || p.Port() != port {
			t.Errorf("%q: simpleURL %q %q (%q %q), url.Parse %q %q (%q %q)", s, scheme, auth, host, port, p.Scheme, p.Host, p.Hostname(), p.Port())
		}
		if p.String() != strings.ToLower(scheme)+"://"+auth+rest {
			t.Errorf("%q: url.Parse re-serializes it as %q", s, p.String())
		}
		if got, want := normURL(s), normURLByNetURL(s); got != want {
			t.Errorf("normURL(%q) = %q, net/url says %q", s, got, want)
		}
	}
	if took < 20 {
		t.Errorf("simpleURL took only %d of the cases", took)
	}
}

// normURLByNetURL is normURL without the fast path.
func normURLByNetURL(s string) string {
	s = strings.TrimSpace(s)
	if p, err := url.Parse(s); err == nil && p.Host != "" {
		p.Scheme = strings.ToLower(p.Scheme)
		p.Host = strings.ToLower(p.Host)
		s = p.String()
	}
	return strings.TrimRight(s, "/")
}
