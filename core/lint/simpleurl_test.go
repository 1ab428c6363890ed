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

// TestHostPortMatchesRegexp: hostPortMatch says what hostPortRe says (it
// replaced the regexp on the path every URL of a card takes).
func TestHostPortMatchesRegexp(t *testing.T) {
	cases := []string{"", ":", "a:1", "host:443", "host:", "host:123456", "host:12a", ":80", "h.example.com:50051", "-h:1", "h-:1",
		"a.b-c:9", "[::1]:8080", "[]:80", "[::1]", "[::1:80", "[fe80::1%eth0]:1", "[1.2.3.4]:5", "h:1:2", "a b:1", "a_b:1", "é:1",
		"https:443", "x.y:65535", "[::1]]:1", "[:1", "1:1", "a/b:1", "[g]:1"}
	for c := byte(0); c < 128; c++ {
		cases = append(cases, "a"+string(c)+"b:80", string(c)+":1", "h:"+string(c), "["+string(c)+"]:1")
	}
	for _, s := range cases {
		got := hostPortMatch(s)
		var want []string
		if !strings.Contains(s, "/") {
			want = hostPortRe().FindStringSubmatch(s)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") || (got == nil) != (want == nil) {
			t.Errorf("hostPortMatch(%q) = %q, the regexp says %q", s, got, want)
		}
	}
}

// TestHasPlaceholderWord: the one-pass pre-check finds what folding the
// whole string and searching it for each word finds.
func TestHasPlaceholderWord(t *testing.T) {
	words := []string{"your", "change", "replace", "placeholder"}
	for _, s := range []string{"", "https://agent.example.com", "YOUR-host", "x.Change.me", "RePlAcE", "placehold", "PLACEHOLDER!", "yo", "you", "cha", "ÿour", "\xffyour", "https://api.example.com/your"} {
		want := false
		for _, w := range words {
			want = want || containsFoldASCII(s, w)
		}
		if got := hasPlaceholderWord(s); got != want {
			t.Errorf("hasPlaceholderWord(%q) = %v, want %v", s, got, want)
		}
	}
}
