package main

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agentcard/agentcard/internal/testcards"
)

// Regression tests of the security review's breaks in the CLI (issue 16).

// counting is a loopback server counting requests and those carrying an
// Authorization header.
func counting(t *testing.T) (url string, all, withAuth *atomic.Int32) {
	all, withAuth = &atomic.Int32{}, &atomic.Int32{}
	srv := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		all.Add(1)
		if r.Header.Get("Authorization") != "" {
			withAuth.Add(1)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Task not found"}}`))
	}))
	return srv.URL, all, withAuth
}

// TestB6FileCardHeaderOrigin: with a card read from a file, --header
// needs --header-origin (a contributor's edited card in CI got the
// repository's secret at whatever endpoint it declared); with it, only
// that origin gets the header, never the file's other endpoints.
func TestB6FileCardHeaderOrigin(t *testing.T) {
	ours, oursAll, oursAuth := counting(t)
	theirs, theirsAll, theirsAuth := counting(t)
	card := writeTemp(t, "card.json", cardWithEntries([3]string{ours + "/rpc", "JSONRPC", "1.0"}, [3]string{theirs + "/rpc", "JSONRPC", "1.0"}))
	_, errOut, code := runCLI(t, "", "lint", "--probe", "--header", "Authorization: Bearer s3cret", card)
	if code != exitUsage || !strings.Contains(errOut, "--header-origin") || strings.Contains(errOut, "s3cret") {
		t.Errorf("without --header-origin: exit %d, %s", code, errOut)
	}
	if oursAll.Load()+theirsAll.Load() != 0 {
		t.Fatalf("requests were sent before the refusal")
	}
	if _, errOut, code := runCLI(t, "", "lint", "--probe", "--header", "Authorization: Bearer s3cret", "--header-origin", "ftp://x", card); code != exitUsage || !strings.Contains(errOut, "ftp://x") {
		t.Errorf("a bad --header-origin: exit %d, %s", code, errOut)
	}
	_, errOut, _ = runCLI(t, "", "lint", "--probe", "--header", "Authorization: Bearer s3cret", "--header-origin", ours, card)
	if oursAuth.Load() != 1 || theirsAuth.Load() != 0 || theirsAll.Load() != 1 {
		t.Errorf("ours got %d/%d with the header, theirs %d/%d (stderr %s)", oursAuth.Load(), oursAll.Load(), theirsAuth.Load(), theirsAll.Load(), errOut)
	}
}

// TestB3HeaderNonASCII: a header value outside visible ASCII is a usage
// error that does not repeat the value, and nothing is sent.
func TestB3HeaderNonASCII(t *testing.T) {
	url, all, _ := counting(t)
	for _, v := range []string{"Bearer sécret", "Bearer s\x80cret", "Bearer s\x1bcret"} {
		_, errOut, code := runCLI(t, "", "lint", "--header", "Authorization: "+v, url+"/card.json")
		if code != exitUsage || strings.Contains(errOut, "cret") || !strings.Contains(errOut, "Authorization") {
			t.Errorf("%q: exit %d, %s", v, code, errOut)
		}
	}
	if all.Load() != 0 {
		t.Errorf("%d requests sent", all.Load())
	}
}

// TestB12ConfigSize: a YAML configuration over 1 MiB is refused before it
// is parsed (47 MB took 1.15 GB); aliases stay bounded below that.
func TestB12ConfigSize(t *testing.T) {
	dir := t.TempDir()
	card := filepath.Join(dir, "card.json")
	os.WriteFile(card, testcards.Card(t, "minimal-1.0.json"), 0o644)
	cfg := filepath.Join(dir, ".agentcard.yaml")
	os.WriteFile(cfg, []byte("rules:\n"+strings.Repeat("  # padding\n", 100_000)), 0o644)
	_, errOut, code := runCLI(t, "", "lint", card)
	if code != exitUsage || !strings.Contains(errOut, "1 MiB") {
		t.Errorf("a 1.2 MB configuration: exit %d, %s", code, errOut)
	}
	bomb := "a: &a [" + strings.Repeat("x,", 100) + "x]\n" + "b: &b [" + strings.Repeat("*a,", 100) + "*a]\n" + "c: &c [" + strings.Repeat("*b,", 100) + "*b]\nrules: *c\n"
	os.WriteFile(cfg, []byte(bomb), 0o644)
	if _, errOut, code := runCLI(t, "", "lint", card); code != exitUsage || !strings.Contains(errOut, "values") {
		t.Errorf("an alias bomb: exit %d, %s", code, errOut)
	}
}

// TestB13ConfigOwner: a configuration another user could have written is
// refused: owned by another user (planted in a shared directory), or
// writable by everyone.
func TestB13ConfigOwner(t *testing.T) {
	dir := t.TempDir()
	os.Chmod(dir, 0o777|os.ModeSticky) // a shared directory, as /tmp
	card := filepath.Join(dir, "card.json")
	os.WriteFile(card, testcards.Card(t, "minimal-1.0.json"), 0o644)
	cfg := filepath.Join(dir, ".agentcard.yaml")
	os.WriteFile(cfg, []byte("rules:\n  description-vague: off\n"), 0o644)
	if _, _, code := runCLI(t, "", "lint", card); code == exitUsage {
		t.Fatal("the user's own configuration was refused")
	}
	os.Chmod(cfg, 0o666)
	if _, errOut, code := runCLI(t, "", "lint", card); code != exitUsage || !strings.Contains(errOut, "chmod o-w") {
		t.Errorf("a world-writable configuration: exit %d, %s", code, errOut)
	}
	os.Chmod(cfg, 0o644)
	if os.Getuid() != 0 {
		t.Skip("changing a file's owner needs root")
	}
	if err := os.Chown(cfg, 65534, 65534); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{{"lint", card}, {"lint", "--config", cfg, card}} {
		if _, errOut, code := runCLI(t, "", args...); code != exitUsage || !strings.Contains(errOut, "uid 65534") {
			t.Errorf("%v, a configuration planted by another user: exit %d, %s", args, code, errOut)
		}
	}
}

// fixable is a card with one safe fix (a patch number in a version).
const fixable = `{"name":"Fix Me","description":"A card with a fix.","version":"1.0.0",
"supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0.0"}],
"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}
`

// TestB14ReadOnly: --fix, migrate --write and sign --write refuse a
// read-only file (the rename used to replace it) and keep the mode of a
// writable one.
func TestB14ReadOnly(t *testing.T) {
	_, private, _ := ed25519JWK(t, "k1")
	keyFile := writeTemp(t, "k.jwk", private)
	legacy := string(testcards.Card(t, "legacy-0.3.json"))
	for _, c := range []struct {
		name, text string
		args       []string
	}{
		{"lint --fix", fixable, []string{"lint", "--fix"}},
		{"migrate --write", legacy, []string{"migrate", "--write"}},
		{"sign --write", fixable, []string{"sign", "--key", keyFile, "--write"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []os.FileMode{0o444, 0o640} {
				p := writeTemp(t, "card.json", c.text)
				os.Chmod(p, mode)
				_, errOut, code := runCLI(t, "", append(c.args, p)...)
				got, _ := os.ReadFile(p)
				fi, _ := os.Stat(p)
				switch {
				case mode == 0o444 && (code != exitUsage || string(got) != c.text || !strings.Contains(errOut, "read-only")):
					t.Errorf("read-only: exit %d, changed %v, %s", code, string(got) != c.text, errOut)
				case mode != 0o444 && (string(got) == c.text || fi.Mode().Perm() != mode):
					t.Errorf("mode %o: written %v, mode now %o, %s", mode, string(got) != c.text, fi.Mode().Perm(), errOut)
				}
			}
		})
	}
}

// TestB15ChangedMeanwhile: an edit made between the read and the write is
// not lost: the write is refused with exit 2 and the edit stays.
func TestB15ChangedMeanwhile(t *testing.T) {
	p := writeTemp(t, "card.json", fixable)
	edited := strings.Replace(fixable, "Fix Me", "Edited Meanwhile", 1)
	orig := beforeReplace
	t.Cleanup(func() { beforeReplace = orig })
	beforeReplace = func(string) { os.WriteFile(p, []byte(edited), 0o644) }
	_, errOut, code := runCLI(t, "", "lint", "--fix", p)
	got, _ := os.ReadFile(p)
	if code != exitUsage || string(got) != edited || !strings.Contains(errOut, "changed after") {
		t.Errorf("exit %d, file %q, %s", code, got, errOut)
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(p), ".card.json.*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// TestB16ControlsInJSON: JSON and SARIF escape C1 controls (the
// one-character CSI U+009B) and DEL from cards and file names, as the text
// formats do; they were written raw.
func TestB16ControlsInJSON(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "card\u009b31m.json")
	// a single-quoted string: its message quotes it, and its fix rewrites it
	os.WriteFile(name, []byte("{\"name\": 'Evil\u009b2J\u007f', \"description\": \"\u0085x\", \"version\": \"1.0.0\"}"), 0o644)
	for _, format := range []string{"json", "sarif"} {
		out, _, _ := runCLI(t, "", "lint", "--format", format, name)
		raw := []byte(out)
		for _, bad := range [][]byte{{0xc2, 0x9b}, {0xc2, 0x85}, {0x7f}} {
			if bytes.Contains(raw, bad) {
				t.Errorf("%s: raw control %x in the output", format, bad)
			}
		}
		if !strings.Contains(out, `\u009b`) {
			t.Errorf("%s: no \\u009b escape:\n%.400s", format, out)
		}
	}
	// The escape keeps the JSON what it was.
	var sink bytes.Buffer
	enc := newJSONEncoder(&sink)
	enc.Encode(map[string]string{"a": "x\u009by\u007fz\u00e9"})
	if got := strings.TrimSpace(sink.String()); got != "{\n  \"a\": \"x\\u009by\\u007fzé\"\n}" {
		t.Errorf("escaped %q", got)
	}
}
