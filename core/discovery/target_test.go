package discovery

import (
	"context"
	"net/url"
	"testing"

	"github.com/agentcard/agentcard/internal/hostile"
)

// TestB8OneHostPolicy: every hostile spelling is refused by the production
// policy once read as a target, trailing dots included ("localhost.."
// passed as a public name for a jku, which was read without
// canonicalizing).
func TestB8OneHostPolicy(t *testing.T) {
	p := DefaultPolicy()
	for _, raw := range hostile.Hosts() {
		u, ok := ParseTarget(raw)
		if !ok {
			t.Errorf("%s: not read as a target", raw)
			continue
		}
		if err := p.Check(u); err == nil {
			t.Errorf("%s (read as %s): allowed by the production policy", raw, u)
		}
		n, err := Normalize(raw)
		if err == nil && p.Check(n) == nil {
			t.Errorf("%s: allowed as a card URL", raw)
		}
		base, _ := url.Parse("https://agent.example.com/card.json")
		if hop, ok := ResolveLocation(base, raw); ok && p.Check(hop) == nil {
			t.Errorf("%s: allowed as a redirect hop", raw)
		}
	}
	for raw, want := range map[string]string{
		"https://Agent.Example.COM../a#frag": "https://agent.example.com/a",
		"HTTP://0x7f000001:8080/x":           "http://127.0.0.1:8080/x",
	} {
		if u, ok := ParseTarget(raw); !ok || u.String() != want {
			t.Errorf("ParseTarget(%q) = %v %v, want %s", raw, u, ok, want)
		}
	}
	for _, raw := range []string{"", "ftp://a.example/", "https:///x", "mailto:a@b.example", "/relative"} {
		if _, ok := ParseTarget(raw); ok {
			t.Errorf("ParseTarget(%q) accepted", raw)
		}
	}
}

// TestB8KeySetURL: a jku is read like every other target; the production
// policy refuses "localhost.." before a request is made.
func TestB8KeySetURL(t *testing.T) {
	sent := 0
	d := DoerFunc(func(context.Context, *Request) (*Response, error) { sent++; return &Response{Status: 200}, nil })
	fetch := KeySetFetcher(d, DefaultPolicy())
	for _, raw := range hostile.Hosts() {
		if _, err := fetch(context.Background(), raw+"jwks.json"); err == nil {
			t.Errorf("%s: fetched", raw)
		}
	}
	if sent != 0 {
		t.Errorf("%d requests sent", sent)
	}
}
