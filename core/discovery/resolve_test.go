package discovery

import (
	"net/url"
	"testing"
)

// TestNormalizeCanonicalHosts: the URL that is checked and fetched names
// the host in the one spelling every reader agrees on.
func TestNormalizeCanonicalHosts(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"hex", "http://0x7f000001/", "http://127.0.0.1/.well-known/agent-card.json"},
		{"decimal", "http://2130706433:8080/a.json", "http://127.0.0.1:8080/a.json"},
		{"octal", "http://0177.0.0.1/", "http://127.0.0.1/.well-known/agent-card.json"},
		{"short", "http://127.1/", "http://127.0.0.1/.well-known/agent-card.json"},
		{"hex parts", "https://0xa.0x0.0.1/x", "https://10.0.0.1/x"},
		{"ipv6 expanded", "https://[0:0:0:0:0:0:0:1]/x", "https://[::1]/x"},
		{"ipv4-mapped", "https://[::FFFF:7F00:1]:8443/x", "https://[::ffff:127.0.0.1]:8443/x"},
		{"percent-encoded host is refused", "https://%31%32%37.0.0.1/x", ""},
		{"invalid IPv4 is left to the policy", "http://256.0.0.1/", "http://256.0.0.1/.well-known/agent-card.json"},
		{"upper case and dot", "HTTPS://Agent.Example.COM./x", "https://agent.example.com/x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u, err := Normalize(tc.in)
			if tc.want == "" {
				if err == nil {
					t.Errorf("Normalize(%q) = %s, want an error", tc.in, u)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if u.String() != tc.want {
				t.Errorf("Normalize(%q) = %s, want %s", tc.in, u, tc.want)
			}
		})
	}
}

// TestResolveLocation: redirects are resolved as a browser resolves them
// (WHATWG URL), or refused; never read as a path where a browser reads a
// host.
func TestResolveLocation(t *testing.T) {
	base, _ := url.Parse("https://agent.example.com/a/b.json")
	for _, tc := range []struct {
		name, loc, want string // want "" = refused
	}{
		{"absolute", "https://other.example/card.json", "https://other.example/card.json"},
		{"path", "/c.json", "https://agent.example.com/c.json"},
		{"relative", "c.json", "https://agent.example.com/a/c.json"},
		{"scheme-relative", "//other.example/x", "https://other.example/x"},
		{"two backslashes", `\\127.0.0.1/`, "https://127.0.0.1/"},
		{"slash backslash", `/\127.0.0.1/`, "https://127.0.0.1/"},
		{"backslash slash", `\/127.0.0.1/x`, "https://127.0.0.1/x"},
		{"three slashes", "///evil.example/x", "https://evil.example/x"},
		{"scheme with backslashes", `https:\\evil.example\x`, "https://evil.example/x"},
		{"scheme with many slashes", "http:////0x7f000001/", "http://127.0.0.1/"},
		{"hex host", "http://0x7f000001/", "http://127.0.0.1/"},
		{"decimal host", "http://2130706433/", "http://127.0.0.1/"},
		{"tab and newline dropped", "/c\t.js\non", "https://agent.example.com/c.json"},
		{"spaces trimmed", "  /c.json  ", "https://agent.example.com/c.json"},
		{"backslash in the query kept", `/c.json?q=\\x`, `https://agent.example.com/c.json?q=\\x`},
		{"fragment dropped", "/c.json#top", "https://agent.example.com/c.json"},
		{"scheme without slashes", "https:evil.example", ""},
		{"javascript", "javascript:alert(1)", ""},
		{"empty", "   ", ""},
		{"credentials", "https://u:p@evil.example/", ""},
		{"bad escape", "/%zz", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := resolveLocation(base, tc.loc)
			if tc.want == "" {
				if ok {
					t.Errorf("resolveLocation(%q) = %s, want refused", tc.loc, got)
				}
				return
			}
			if !ok || got.String() != tc.want {
				t.Errorf("resolveLocation(%q) = %v %v, want %s", tc.loc, got, ok, tc.want)
			}
		})
	}
}

func TestPolicySelf(t *testing.T) {
	p := DefaultPolicy()
	p.AllowLoopback = true
	p.Self = []string{"127.0.0.1:8787", "agentcard.example"}
	for _, tc := range []struct {
		url  string
		self bool
	}{
		{"http://127.0.0.1:8787/api/card?url=x", true},
		{"http://localhost:8787/api/card", true},
		{"http://[::1]:8787/", true},
		{"http://0x7f000001:8787/", true},
		{"http://127.0.0.1:08787/", true},
		{"http://127.0.0.1:8788/", false},
		{"https://agentcard.example/check", true},
		{"https://AgentCard.Example.:8443/check", true},
		{"https://agent.example.com/", false},
	} {
		u, err := Normalize(tc.url)
		if err != nil {
			t.Fatal(err)
		}
		err = p.Check(u)
		if got := err != nil; got != tc.self {
			t.Errorf("%s: refused = %v (%v), want %v", tc.url, got, err, tc.self)
		}
	}
}
