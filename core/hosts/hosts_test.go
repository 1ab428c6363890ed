package hosts

import "testing"

func TestParseIPv4WHATWG(t *testing.T) {
	for in, want := range map[string]string{"0x7f000001": "127.0.0.1", "2130706433": "127.0.0.1", "127.1": "127.0.0.1", "0177.0.0.1": "127.0.0.1", "10.0.0.1.": "10.0.0.1", "0x": "0.0.0.0"} {
		a, isIP, ok := parseIPv4WHATWG(in)
		if !isIP || !ok || a.String() != want {
			t.Errorf("parseIPv4WHATWG(%q) = %v %v %v, want %s", in, a, isIP, ok, want)
		}
	}
	for _, in := range []string{"example.com", "1x.example.com", "v1.2x"} {
		if _, isIP, _ := parseIPv4WHATWG(in); isIP {
			t.Errorf("%q read as an address", in)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		host string
		want Place
	}{
		{"agent.example.com", Public}, {"93.184.216.34", Public}, {"2606:4700::1111", Public},
		{"127.0.0.1", Loopback}, {"0x7f000001", Loopback}, {"127.1", Loopback}, {"::1", Loopback}, {"localhost", Loopback}, {"api.localhost.", Loopback},
		{"0.0.0.0", Unspecified}, {"::", Unspecified},
		{"10.0.3.7", Private}, {"192.168.1.1", Private}, {"fd00::1", Private}, {"100.64.0.1", Private}, {"intranet", Private},
		{"169.254.169.254", LinkLocal}, {"fe80::1", LinkLocal},
		{"192.0.2.1", Special}, {"::a00:1", Special}, {"64:ff9b::a00:1", Special}, {"239.1.1.1", Special},
		{"printer.local", LocalName}, {"metadata.google.internal", LocalName}, {"router.home.arpa", LocalName},
		{"abc.ngrok-free.app", Tunnel}, {"x.trycloudflare.com", Tunnel},
		{"１２７.０.０.１", Invalid}, {"256.0.0.1", Invalid}, {"a b", Invalid}, {"", Invalid},
	} {
		if got, why := ClassifyText(tc.host); got != tc.want || (got != Public && why.IsZero()) {
			t.Errorf("Classify(%q) = %d %q, want %d", tc.host, got, why, tc.want)
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		ok             bool
	}{
		{"hex", "0x7f000001", "127.0.0.1", true},
		{"decimal", "2130706433", "127.0.0.1", true},
		{"octal", "0177.0.0.1", "127.0.0.1", true},
		{"short", "127.1", "127.0.0.1", true},
		{"mixed parts", "0x7f.0.1", "127.0.0.1", true},
		{"trailing dot address", "10.0.0.1.", "10.0.0.1", true},
		{"upper-case name", "Agent.Example.COM.", "agent.example.com", true},
		{"ipv6 expanded", "0:0:0:0:0:0:0:1", "::1", true},
		{"ipv6 brackets", "[::FFFF:7F00:1]", "::ffff:127.0.0.1", true},
		{"ipv4 too large part", "256.0.0.1", "", false},
		{"five parts", "1.2.3.4.5", "", false},
		{"bad ipv6", "1::2::3", "", false},
		{"empty", "", "", false},
		{"name with digits", "v1.example2.com", "v1.example2.com", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := Canonical(tc.in)
			if ok != tc.ok || (ok && got != tc.want) {
				t.Errorf("Canonical(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
			if ok {
				if again, _ := Canonical(got); again != got {
					t.Errorf("Canonical(%q) = %q is not stable: %q", tc.in, got, again)
				}
			}
		})
	}
}

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://Agent.Example.COM./x":     "https://agent.example.com:443",
		"https://agent.example.com:443/":   "https://agent.example.com:443",
		"https://agent.example.com:0443/":  "https://agent.example.com:443",
		"HTTP://agent.example.com":         "http://agent.example.com:80",
		"http://0x7f000001:8080/card.json": "http://127.0.0.1:8080",
		"http://[0:0:0:0:0:0:0:1]:9/":      "http://[::1]:9",
		"http://localhost..:80/":           "http://localhost:80",
		"ftp://agent.example.com/":         "",
		"https:///x":                       "",
		"https://256.0.0.1/":               "",
		"":                                 "",
		"mailto:someone@agent.example.com": "",
	} {
		if got := OriginOf(in); got != want {
			t.Errorf("OriginOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestB8TrailingDots: "localhost.." is localhost for the fetcher
// (Canonical drops every trailing dot), so it is loopback for the policy
// too; it passed as a public name before.
func TestB8TrailingDots(t *testing.T) {
	for _, h := range []string{"localhost.", "localhost..", "LOCALHOST...", "api.localhost..", "127.0.0.1.."} {
		if got := Classify(h); got != Loopback {
			t.Errorf("Classify(%q) = %d, want Loopback", h, got)
		}
	}
	if got := Classify("metadata.google.internal.."); got != LocalName {
		t.Errorf("metadata.google.internal.. = %d", got)
	}
}
