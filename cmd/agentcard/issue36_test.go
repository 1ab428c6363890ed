package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/internal/testcards"
)

// Fake secrets of issue 36's B23, assembled so that this file does not
// look like a leak to secret scanners.
var (
	b23Stripe = "sk-live-" + "51HxSECRETSECRETSECRET0123456789"
	b23GitHub = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
)

// b23Card is the review's card: a key inside the description, a token
// inside a skill's description, and another finding on the key's line.
func b23Card() string {
	return `{"name": "Leaky", "description": "Use key ` + b23Stripe + ` for access", "version": "1.0.0",
"supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
"capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
"skills": [{"id": "s", "name": "S", "description": "Calls GitHub with ` + b23GitHub + `", "tags": ["t"], "examples": ["x"], "name": "dup"}]}
`
}

// b27Card holds the keys in URL values that other rules quote in their
// messages: a plain http url, an internal address, an ftp icon (review 5,
// B27: interface-url-not-https and the others printed the key whole).
func b27Card() string {
	return `{"protocolVersion": "0.3.0", "name": "Secret in URLs", "description": "An agent whose URLs carry keys.",
 "url": "http://agent.acme.dev/a2a?api_key=` + b23Stripe + `", "preferredTransport": "JSONRPC", "version": "1.0.0",
 "iconUrl": "ftp://acme.dev/i.png?token=` + b23GitHub + `",
 "additionalInterfaces": [{"url": "http://10.0.0.1/x?k=` + b23Stripe + `", "transport": "JSONRPC"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "s", "name": "S", "description": "Does one thing and returns it.", "tags": ["t"]}]}
`
}

// TestB23SecretsMaskedInEveryFormat: a secret credential-in-card finds is
// shown only masked, in every output format and language (issue 36, B23:
// the text output's excerpt printed it whole under the masked message;
// review 5, B27: the messages of rules quoting a URL that holds it did).
func TestB23SecretsMaskedInEveryFormat(t *testing.T) {
	for _, tc := range []struct {
		name, card string
		codes      []string // findings the card must have
		shown      string   // what the text output shows of a masked key
	}{
		{"b23", b23Card(), []string{"credential-in-card"}, "Use key sk-l****"},
		{"b27", b27Card(), []string{"credential-in-card", "interface-url-not-https", "interface-url-internal", "identity-url-invalid"},
			`url "http://agent.acme.dev/a2a?api_key=sk-l****`},
	} {
		p := writeTemp(t, tc.name+".json", tc.card)
		for _, lang := range []string{"en", "zh-CN"} {
			for _, format := range lintFormats {
				out, errOut, code := runCLI(t, "", "lint", "--lang", lang, "--format", format, p)
				for _, c := range tc.codes {
					if code != exitFound || !strings.Contains(out, c) {
						t.Fatalf("%s %s %s: exit %d, no %s finding: %s%s", tc.name, lang, format, code, c, out, errOut)
					}
				}
				for _, s := range []string{b23Stripe, b23GitHub, b23Stripe[:6], b23GitHub[:6]} {
					if strings.Contains(out+errOut, s) {
						t.Errorf("%s %s %s: %q… in the output", tc.name, lang, format, s[:5])
					}
				}
			}
		}
		out, _, _ := runCLI(t, "", "lint", "--lang", "en", p)
		if !strings.Contains(out, tc.shown) {
			t.Errorf("%s text: no %q:\n%s", tc.name, tc.shown, out)
		}
	}
}

// TestB22FromListPaths: a --from list holds URLs and domains; a path in
// it is refused line by line before anything is read, and with
// --from-paths only a file inside the list's own directory is read, after
// .. and symbolic links are resolved (issue 36, B22: a list naming .env
// or ../../proc/self/environ had lint print its first line).
func TestB22FromListPaths(t *testing.T) {
	const secret = "ghp_" + "SUPERSECRET1234567890abcdef"
	top := t.TempDir()
	dir := filepath.Join(top, "lists")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, ".env"), []byte("API_TOKEN="+secret+"\n"), 0o644)
	os.WriteFile(filepath.Join(top, "outside.env"), []byte("OUTSIDE="+secret+"\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "card.json"), []byte(fixable), 0o644)
	os.Symlink(filepath.Join(top, "outside.env"), filepath.Join(dir, "link.json"))
	list := func(lines ...string) string {
		p := filepath.Join(dir, "list.txt")
		os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
		return p
	}
	t.Chdir(top)

	// without --from-paths: every path line refused, by its line number
	l := list("# paths", ".env", "../../../../proc/self/environ", "sub/card.json")
	out, errs, code := runCLI(t, "", "lint", "--from", l)
	if code != exitUsage || !strings.Contains(errs, "line 2:") || !strings.Contains(errs, "line 3:") || !strings.Contains(errs, "line 4:") ||
		strings.Count(errs, "file path") != 3 {
		t.Errorf("paths without --from-paths: exit %d\n%s", code, errs)
	}
	if strings.Contains(out+errs, "API_") || strings.Contains(out+errs, secret[:6]) {
		t.Errorf("a listed file was read:\n%s%s", out, errs)
	}

	// with it: outside the directory (by .., by an absolute path, by a
	// symbolic link) refused, inside read
	for _, bad := range []string{"../outside.env", filepath.Join(top, "outside.env"), "link.json", "sub/../../outside.env", "/proc/self/environ"} {
		out, errs, code := runCLI(t, "", "lint", "--from-paths", "--from", list(bad))
		if code != exitUsage || !strings.Contains(errs, "outside") || strings.Contains(out+errs, secret[:6]) || strings.Contains(out+errs, "OUTS") {
			t.Errorf("%s: exit %d\n%s%s", bad, code, out, errs)
		}
	}
	out, errs, code = runCLI(t, "", "lint", "--from-paths", "--from", list("sub/card.json", "./.env"))
	if code == exitUsage || !strings.Contains(out, filepath.Join("lists", "sub", "card.json")) {
		t.Errorf("a card inside the list's directory: exit %d\n%s%s", code, out, errs)
	}
	// the .env inside is the user's to list, and still shows no line of it
	if strings.Contains(out+errs, secret[:6]) || strings.Contains(out+errs, "API_T") {
		t.Errorf("the .env's content was printed:\n%s%s", out, errs)
	}

	// a domain that is also a file here is refused rather than read
	os.WriteFile(filepath.Join(top, "agent.example.com"), []byte("X="+secret), 0o644)
	if out, errs, code := runCLI(t, "", "lint", "--from", list("agent.example.com")); code != exitUsage || !strings.Contains(errs, "both a domain and a file") || strings.Contains(out+errs, secret[:6]) {
		t.Errorf("a domain that is a file: exit %d\n%s%s", code, out, errs)
	}
	if _, errs, code := runCLI(t, "", "lint", "--from-paths", "card.json"); code != exitUsage || !strings.Contains(errs, "--from-paths") {
		t.Errorf("--from-paths alone: exit %d %s", code, errs)
	}
}

// TestB22FromListHeaders: --header with a --from list is refused before
// any request unless --header-origin names where the headers may go, and
// then only the listed cards on those origins get them (issue 36, B22:
// both fixtures a list named received the Authorization header).
func TestB22FromListHeaders(t *testing.T) {
	card := testcards.Card(t, "seed-three-interfaces.json")
	var mu sync.Mutex
	got := map[string][]string{} // server → the Authorization values it saw
	serve := func(name string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			got[name] = append(got[name], r.Header.Get("Authorization"))
			mu.Unlock()
			w.Header().Set("Content-Type", "application/json")
			w.Write(card)
		}))
	}
	a, b := serve("a"), serve("b")
	defer a.Close()
	defer b.Close()
	l := writeTemp(t, "urls.txt", a.URL+"/.well-known/agent-card.json\n"+b.URL+"/.well-known/agent-card.json\n")
	_, errs, code := runCLI(t, "", "lint", "--header", "Authorization: Bearer CI", "--from", l)
	mu.Lock()
	requests := len(got["a"]) + len(got["b"])
	mu.Unlock()
	if code != exitUsage || !strings.Contains(errs, "--header-origin") || requests != 0 {
		t.Fatalf("without --header-origin: exit %d, %d requests\n%s", code, requests, errs)
	}
	out, errs, code := runCLI(t, "", "lint", "--format", "json", "--header", "Authorization: Bearer CI", "--header-origin", a.URL, "--from", l)
	if code == exitUsage {
		t.Fatalf("with --header-origin: exit %d\n%s", code, errs)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Contains(got["a"], "Bearer CI") {
		t.Errorf("the origin named got no header: %q", got["a"])
	}
	for _, v := range got["b"] {
		if v != "" {
			t.Errorf("an origin only the list named got %q", v)
		}
	}
	if len(got["b"]) == 0 || !strings.Contains(out, discovery.WithheldListed) {
		t.Errorf("the other card was not checked, or not told why: %d requests\n%.600s", len(got["b"]), out)
	}
	// URLs on the command line are the user's own, as before
	got = map[string][]string{}
	mu.Unlock()
	_, errs, code = runCLI(t, "", "lint", "--header", "Authorization: Bearer CI", b.URL+"/.well-known/agent-card.json")
	mu.Lock()
	if code == exitUsage || !slices.Contains(got["b"], "Bearer CI") {
		t.Errorf("a URL on the command line: exit %d, %q\n%s", code, got["b"], errs)
	}
}
