package discovery

import (
	"errors"
	"net/netip"
	"net/url"
	"testing"
)

// These tests look at parsed targets only: nothing is resolved or sent.
func TestPolicyCheck(t *testing.T) {
	strict := DefaultPolicy()
	loop := DefaultPolicy()
	loop.AllowLoopback = true
	local := LocalPolicy()
	tests := []struct {
		url                      string
		strict, loopback, locall bool // allowed under each policy
	}{
		{"https://agent.example.com/.well-known/agent-card.json", true, true, true},
		{"https://93.184.216.34/card.json", true, true, true},
		{"http://agent.example.com/card.json", false, false, true},
		{"http://10.0.0.1/", false, false, true},
		{"http://169.254.169.254/", false, false, true},
		{"http://[::ffff:10.0.0.1]/", false, false, true},
		{"http://[::ffff:127.0.0.1]/", false, true, true},
		{"http://0x7f000001/", false, true, true},
		{"http://2130706433/", false, true, true},
		{"http://127.1/", false, true, true},
		{"http://0177.0.0.1/", false, true, true},
		{"http://0x0a.0.0.1/", false, false, true},
		{"https://localhost/", false, true, true},
		{"https://LOCALHOST./", false, true, true},
		{"https://api.localhost/", false, true, true},
		{"http://127.0.0.1:8080/", false, true, true},
		{"http://[::1]:8080/", false, true, true},
		{"http://0.0.0.0/", false, false, true},
		{"http://[::]/", false, false, true},
		{"http://[fe80::1%25eth0]/", false, false, false},
		{"http://[fd00::1]/", false, false, true},
		{"http://[64:ff9b::a00:1]/", false, false, true},
		{"http://100.64.0.1/", false, false, true},
		{"http://192.168.1.1/", false, false, true},
		{"http://172.16.0.1/", false, false, true},
		{"https://printer.local/", false, false, true},
		{"https://metadata.google.internal/", false, false, true},
		{"https://intranet/", false, false, true},
		{"http://256.0.0.1/", false, false, false},
		{"http://1.2.3.4.5/", false, false, false},
		{"file:///etc/passwd", false, false, false},
		{"gopher://agent.example.com/", false, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			u, err := url.Parse(tt.url)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name  string
				p     Policy
				allow bool
			}{{"strict", strict, tt.strict}, {"loopback", loop, tt.loopback}, {"local", local, tt.locall}} {
				err := c.p.Check(u)
				if c.allow && err != nil {
					t.Errorf("%s: refused: %v", c.name, err)
				}
				if !c.allow {
					var e *Error
					if !errors.As(err, &e) || e.Kind != KindRefused || e.HTTPStatus() != 422 || e.Message == "" {
						t.Errorf("%s: want a 422 refusal, got %v", c.name, err)
					}
				}
			}
		})
	}
}

func TestNormalizeThenCheckRefusesIssueTargets(t *testing.T) {
	for _, in := range []string{"http://10.0.0.1/", "http://169.254.169.254/", "http://[::ffff:10.0.0.1]/",
		"http://0x7f000001/", "file:///etc/passwd", "https://localhost/"} {
		u, err := Normalize(in)
		if err == nil {
			err = DefaultPolicy().Check(u)
		}
		var e *Error
		if !errors.As(err, &e) || e.HTTPStatus() != 422 {
			t.Errorf("%s: want 422, got %v", in, err)
		}
	}
}

func TestCheckAddr(t *testing.T) {
	p := DefaultPolicy()
	for s, allow := range map[string]bool{"8.8.8.8": true, "2606:4700::1111": true, "127.0.0.1": false, "10.1.2.3": false, "::ffff:192.168.0.1": false, "169.254.169.254": false} {
		err := p.CheckAddr(netip.MustParseAddr(s))
		if (err == nil) != allow {
			t.Errorf("CheckAddr(%s) = %v, want allowed=%v", s, err, allow)
		}
	}
}

// fetch (WHATWG URL parsing, IDNA) reads these hosts as loopback, private
// or link-local addresses, while Go's url package leaves them as opaque
// Unicode names: they must be refused before anything is sent, and so must
// IPv6 addresses outside the global unicast range.
func TestPolicyRefusesUnicodeAndOddIPv6Hosts(t *testing.T) {
	for _, in := range []string{
		"https://１２７.０.０.１/", "https://127.0.0。1/", "https://127.0.0.1\u00ad/", "https://169.254.169.254\u00ad/",
		"https://１６９.２５４.１６９.２５４/", "https://10.0.0.1。/", "https://127.0.0.1\ufeff/", "https://a.ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/",
		"https://[::7f00:1]/", "https://[::a00:1]/", "https://[::ffff:0:a00:1]/",
	} {
		u, err := Normalize(in)
		if err == nil {
			err = DefaultPolicy().Check(u)
		}
		var e *Error
		if !errors.As(err, &e) || e.HTTPStatus() != 422 {
			t.Errorf("%q: want a 422 refusal, got %v", in, err)
		}
	}
}

func TestNormalizeMissingSlashesIsBadInput(t *testing.T) {
	for _, in := range []string{"https:/10.0.0.1", "https:agent.example.com", "http:agent.example.com"} {
		_, err := Normalize(in)
		var e *Error
		if !errors.As(err, &e) || e.HTTPStatus() != 400 {
			t.Errorf("%q: want 400, got %v", in, err)
		}
	}
}
