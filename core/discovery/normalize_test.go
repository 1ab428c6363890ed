package discovery

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, in, want string
		kind           Kind
	}{
		{name: "bare domain", in: "agent.example.com", want: "https://agent.example.com/.well-known/agent-card.json"},
		{name: "domain with spaces around", in: "  Agent.Example.COM. ", want: "https://agent.example.com/.well-known/agent-card.json"},
		{name: "origin with slash", in: "https://agent.example.com/", want: "https://agent.example.com/.well-known/agent-card.json"},
		{name: "full card URL kept", in: "https://agent.example.com/cards/a.json?v=2#top", want: "https://agent.example.com/cards/a.json?v=2"},
		{name: "host and port without scheme", in: "agent.example.com:8443", want: "https://agent.example.com:8443/.well-known/agent-card.json"},
		{name: "http loopback kept", in: "http://127.0.0.1:8080/.well-known/agent-card.json", want: "http://127.0.0.1:8080/.well-known/agent-card.json"},
		{name: "ipv6 literal", in: "https://[2001:4860::1]:443/", want: "https://[2001:4860::1]:443/.well-known/agent-card.json"},
		{name: "empty", in: "  ", kind: KindBadInput},
		{name: "space inside", in: "agent example.com", kind: KindBadInput},
		{name: "backslash", in: `https://evil.example\@127.0.0.1/`, kind: KindBadInput},
		{name: "file scheme", in: "file:///etc/passwd", kind: KindRefused},
		{name: "javascript scheme", in: "javascript:alert(1)", kind: KindRefused},
		{name: "ftp scheme", in: "ftp://agent.example.com/card.json", kind: KindRefused},
		{name: "credentials", in: "https://user:pw@agent.example.com/", kind: KindRefused},
		{name: "no host", in: "https:///card.json", kind: KindBadInput},
		{name: "bad escape", in: "https://agent.example.com/%zz", kind: KindBadInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := Normalize(tt.in)
			if tt.kind != "" {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tt.kind {
					t.Fatalf("Normalize(%q) = %v, %v; want error of kind %s", tt.in, u, err, tt.kind)
				}
				if e.Message == "" || e.Hint == "" {
					t.Errorf("error without message or hint: %+v", e)
				}
				return
			}
			if err != nil {
				t.Fatalf("Normalize(%q): %v", tt.in, err)
			}
			if got := u.String(); got != tt.want {
				t.Errorf("Normalize(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestLooksRemote(t *testing.T) {
	for in, want := range map[string]bool{
		"https://agent.example.com": true, "http://127.0.0.1:8080/x.json": true, "agent.example.com": true,
		"agent.example.com:8443/card": true, "localhost:8080": true, "127.0.0.1:9999": true,
		"card.json": false, "cards/full.json": false, "-": false, "./agent.example.com": false, "my card.json": false, "": false,
	} {
		if got := LooksRemote(in); got != want {
			t.Errorf("LooksRemote(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestHTTPDiagnosticsQuoteWholeCharacters: a long Content-Type of CJK text
// is quoted with the engine's one quoter, clipped at a character boundary
// (discovery's own quoter once cut at byte 120, inside a character).
func TestHTTPDiagnosticsQuoteWholeCharacters(t *testing.T) {
	f := &Facts{Status: 200, ContentType: "a" + strings.Repeat("文", 100), CacheControl: "max-age=60"}
	found := false
	for _, d := range httpDiagnostics(f) {
		if d.Code != CodeContentType {
			continue
		}
		found = true
		if !utf8.ValidString(d.Message) {
			t.Errorf("%s message is not valid UTF-8: %q", d.Code, d.Message)
		}
	}
	if !found {
		t.Errorf("no %s finding for a CJK Content-Type", CodeContentType)
	}
}
