package discovery

import (
	"net/url"
	"testing"
)

// FuzzNormalize: normalization, the policy and redirect resolution never
// panic, and a URL that normalizes and passes the policy is a fixed point:
// normalizing its own text gives the same URL, so the URL that is checked
// is the URL that is fetched, cached and shown.
//
//	go test -run '^$' -fuzz FuzzNormalize -fuzztime 20s ./core/discovery/
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"agent.example.com", "https://agent.example.com/", "http://0x7f000001/", "http://2130706433:80/x",
		"http://0177.0.0.1/", "http://127.1/", "https://[::ffff:7f00:1]/", "https://Agent.Example.COM./a?b#c",
		"agent.example.com:8443/card.json", "https://１２７.０.０.１/", "javascript:alert(1)", `\\127.0.0.1/`,
		"https://u:p@host/", "https://a.b/%2F%zz", "http://[fe80::1%25eth0]/", "https://256.0.0.1/",
	} {
		f.Add(s, `/\127.0.0.1/`)
	}
	loop := DefaultPolicy()
	loop.AllowLoopback = true
	loop.Self = []string{"127.0.0.1:8787", "agentcard.example"}
	policies := []Policy{DefaultPolicy(), loop, LocalPolicy()}
	base, _ := url.Parse("https://agent.example.com/a/b.json")
	f.Fuzz(func(t *testing.T, input, location string) {
		if next, ok := resolveLocation(base, location); ok {
			if next.Host == "" {
				t.Errorf("resolveLocation(%q) gave a URL without a host: %s", location, next)
			}
			for _, p := range policies {
				if p.Check(next) != nil {
					continue
				}
				// The hop that was checked is the hop that is requested:
				// resolving its own text changes nothing.
				if again, ok := resolveLocation(base, next.String()); !ok || again.String() != next.String() {
					t.Errorf("resolveLocation(%q) = %s, which resolves again to %v", location, next, again)
				}
			}
		}
		u, err := Normalize(input)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Normalize(%q) returned a %T, want *Error", input, err)
			}
			return
		}
		for _, p := range policies {
			if p.Check(u) != nil {
				continue
			}
			again, err := Normalize(u.String())
			if err != nil {
				t.Fatalf("Normalize(%q) = %s, accepted by the policy, but normalizing that fails: %v", input, u, err)
			}
			if again.String() != u.String() {
				t.Fatalf("Normalize(%q) = %s, but Normalize(%s) = %s", input, u, u, again)
			}
			if p.Check(again) != nil {
				t.Fatalf("%s is accepted, its re-normalized form %s is not", u, again)
			}
		}
	})
}
