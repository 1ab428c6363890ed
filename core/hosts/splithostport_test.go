package hosts

import (
	"net"
	"net/netip"
	"testing"
)

func checkSplit(t *testing.T, s string) {
	h, p, ok := SplitHostPort(s)
	wh, wp, err := net.SplitHostPort(s)
	if ok != (err == nil) || (ok && (h != wh || p != wp)) {
		t.Errorf("SplitHostPort(%q) = %q, %q, %v; net says %q, %q, %v", s, h, p, ok, wh, wp, err)
	}
}

func TestSplitHostPort(t *testing.T) {
	for _, s := range []string{"", ":", "a", "a:", ":1", "a:1", "a:b:1", "[::1]:80", "[::1]", "[::1]80", "[::1]:",
		"[a]:1:2", "[[a]]:1", "a]:1", "a[:1", "[a]:1]", "[a:1", "x.example:443", "[fe80::1%eth0]:8080", "a:1[", "a:]"} {
		checkSplit(t, s)
	}
}

func FuzzSplitHostPort(f *testing.F) {
	for _, s := range []string{"a:1", "[::1]:80", "[a]b:1", "a]:1"} {
		f.Add(s)
	}
	f.Fuzz(checkSplit)
}

func TestPrefixesWithoutParsing(t *testing.T) {
	if cgnat != netip.MustParsePrefix("100.64.0.0/10") || globalUnicast6 != netip.MustParsePrefix("2000::/3") {
		t.Errorf("cgnat %v, globalUnicast6 %v", cgnat, globalUnicast6)
	}
}
