package main

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"

	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

// Every server in these tests is an httptest server or a gRPC server on
// 127.0.0.1: no test sends a packet to a non-loopback address.

func serveLoopback(t *testing.T, h http.Handler) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h) // listens on 127.0.0.1 only
	t.Cleanup(srv.Close)
	return srv
}

// cardWithEntries is a 1.0 card whose supportedInterfaces are the given
// (url, binding, version) triples.
func cardWithEntries(entries ...[3]string) string {
	var list []map[string]string
	for _, e := range entries {
		list = append(list, map[string]string{"url": e[0], "protocolBinding": e[1], "protocolVersion": e[2]})
	}
	b, _ := json.MarshalIndent(map[string]any{
		"name": "Live fixture", "description": "A card for the live checks.", "version": "1.0.0",
		"supportedInterfaces": list, "capabilities": map[string]any{},
		"defaultInputModes": []string{"text/plain"}, "defaultOutputModes": []string{"text/plain"},
		"skills": []any{map[string]any{"id": "s", "name": "S", "description": "Does s.", "tags": []string{"t"}}},
	}, "", "  ")
	return string(b)
}

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// liveJSON is the part of `lint --format json` the live checks add.
type liveJSON struct {
	Results []struct {
		Errors      int `json:"errors"`
		Diagnostics []struct {
			Code, Severity, Pointer, Message, MessageID string
			Args                                        []any
		} `json:"diagnostics"`
		Probes []struct {
			Index                          int
			URL, Binding, Version, Outcome string
			Status                         int
			Detail                         string
			TimeMs                         *int64 `json:"timeMs"`
		} `json:"probes"`
		Signatures *struct {
			Payload string
			Results []struct {
				Index                                int
				Outcome, Variant, KeySource, Message string
				MessageID                            string `json:"messageId"`
			}
		} `json:"signatures"`
		Extended *struct {
			Declared, Fetched bool
			Requests          []struct {
				Credentials, Withheld bool
				Outcome, URL          string
			}
		} `json:"extended"`
		CredentialsWithheld bool `json:"credentialsWithheld"`
	} `json:"results"`
}

func decodeLive(t *testing.T, out string) liveJSON {
	t.Helper()
	var v liveJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Results) != 1 {
		t.Fatalf("not one JSON result (%v):\n%s", err, out)
	}
	return v
}

// TestLintProbe: `lint --probe` on a file classifies each declared entry
// against real a2a-go servers (JSON-RPC, HTTP+JSON, gRPC) and against
// endpoints that answer HTML, refuse the version, want credentials or
// never answer; JSON carries `probes` as the contract says, findings sit
// on each entry's url, and text lists every entry's outcome.
func TestLintProbe(t *testing.T) {
	sdk := a2afixture.Agent(t)
	refusing := a2afixture.Agent(t, a2asrv.WithCallInterceptors(a2afixture.RefuseVersion{Version: "1.0"}))
	html := a2afixture.HTML404(t)
	auth := a2afixture.BearerOnly(t)
	silent := a2afixture.Silent(t)
	grpcAddr, _ := a2afixture.GRPCAgent(t)

	card := writeTemp(t, "card.json", cardWithEntries(
		[3]string{sdk.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{sdk.URL("/rest"), "HTTP+JSON", "1.0"},
		[3]string{grpcAddr, "GRPC", "1.0"},
		[3]string{html.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{refusing.URL("/jsonrpc"), "JSONRPC", "1.0"},
		[3]string{auth.URL("/a2a"), "JSONRPC", "1.0"},
		[3]string{silent.URL("/a2a"), "JSONRPC", "1.0"},
	))
	want := []string{"speaks-declared", "speaks-declared", "speaks-declared", "wrong-binding", "version-refused", "auth-required", "unreachable"}
	wantCode := map[int]string{3: "probe-wrong-binding", 4: "probe-version-refused", 5: "probe-auth-required", 6: "probe-unreachable"}

	out, errOut, code := runCLI(t, "", "lint", "--probe", "--format", "json", card)
	if code != exitFound {
		t.Errorf("exit %d, want %d (wrong binding and refused version are errors); stderr %s", code, exitFound, errOut)
	}
	res := decodeLive(t, out).Results[0]
	if len(res.Probes) != len(want) {
		t.Fatalf("%d probes, want %d:\n%s", len(res.Probes), len(want), out)
	}
	for i, p := range res.Probes {
		if p.Index != i || p.Outcome != want[i] || p.TimeMs == nil || p.Detail == "" || p.Binding == "" || p.Version != "1.0" {
			t.Errorf("probe %d: %+v, want outcome %s", i, p, want[i])
		}
	}
	got := map[int]string{}
	for _, d := range res.Diagnostics {
		if !strings.HasPrefix(d.Code, "probe-") {
			continue
		}
		rest, _ := strings.CutPrefix(d.Pointer, "/supportedInterfaces/")
		num, onURL := strings.CutSuffix(rest, "/url")
		i, err := strconv.Atoi(num)
		if !onURL || err != nil {
			t.Errorf("%s placed at %q, not on an entry's url", d.Code, d.Pointer)
			continue
		}
		got[i] = d.Code
	}
	for i, c := range wantCode {
		if got[i] != c {
			t.Errorf("entry %d: finding %q, want %q (all: %v)", i, got[i], c, got)
		}
	}
	if len(got) != len(wantCode) {
		t.Errorf("probe findings %v, want %v", got, wantCode)
	}

	// text: one line per entry, with its outcome and a place for each finding
	out, _, _ = runCLI(t, "", "lint", "--probe", card)
	for i, o := range want {
		if !strings.Contains(out, "  ["+string(rune('0'+i))+"] "+o+" ") {
			t.Errorf("text has no line for entry %d (%s):\n%s", i, o, out)
		}
	}
	if !strings.Contains(out, card+":") || !strings.Contains(out, "probe-wrong-binding") {
		t.Errorf("text lacks the placed finding:\n%s", out)
	}
}

// recorder records, per path, whether the secret arrived.
type recorder struct {
	mu   sync.Mutex
	seen map[string]string
}

func (r *recorder) note(req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.seen == nil {
		r.seen = map[string]string{}
	}
	// a header sent once counts, whatever the order of the requests (the
	// fetcher's header-less variant requests can come last)
	if v := req.Header.Get("Authorization"); v != "" || r.seen[req.URL.Path] == "" {
		r.seen[req.URL.Path] = v
	}
}

func (r *recorder) got(path string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.seen[path]
	return v, ok
}

const secret = "Bearer s3cret-value-never-printed"

// TestHeaderScope: --header goes to the origin named and to the endpoints
// of a card served from it; a redirect to another origin is followed
// without it, and that card's endpoints get none. The value never
// appears in any output.
func TestHeaderScope(t *testing.T) {
	var recA, recB recorder
	rpc := func(rec *recorder) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			rec.note(r)
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"task not found"}}`)
		}
	}
	var a, b *httptest.Server
	muxB := http.NewServeMux()
	muxB.HandleFunc("/rpc", rpc(&recB))
	muxB.HandleFunc("/card.json", func(w http.ResponseWriter, r *http.Request) {
		recB.note(r)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, cardWithEntries([3]string{b.URL + "/rpc", "JSONRPC", "1.0"}))
	})
	b = serveLoopback(t, muxB)
	muxA := http.NewServeMux()
	muxA.HandleFunc("/rpc", rpc(&recA))
	muxA.HandleFunc("/.well-known/agent-card.json", func(w http.ResponseWriter, r *http.Request) {
		recA.note(r)
		w.Header().Set("Content-Type", "application/json")
		// an endpoint on A and one on B: both are declared by A's card
		io.WriteString(w, cardWithEntries([3]string{a.URL + "/rpc", "JSONRPC", "1.0"}, [3]string{b.URL + "/rpc", "JSONRPC", "1.0"}))
	})
	muxA.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		recA.note(r)
		http.Redirect(w, r, b.URL+"/card.json", http.StatusFound)
	})
	a = serveLoopback(t, muxA)

	out, errOut, _ := runCLI(t, "", "lint", "--probe", "--format", "json", "--header", "Authorization: "+secret, a.URL+"/.well-known/agent-card.json")
	for _, check := range []struct {
		rec  *recorder
		path string
	}{{&recA, "/.well-known/agent-card.json"}, {&recA, "/rpc"}, {&recB, "/rpc"}} {
		if v, ok := check.rec.got(check.path); !ok || v != secret {
			t.Errorf("%s: header %q (asked %v), want the secret", check.path, v, ok)
		}
	}
	if strings.Contains(out+errOut, "s3cret") {
		t.Errorf("the header value was printed:\n%s\n%s", out, errOut)
	}

	recA, recB = recorder{}, recorder{}
	out, errOut, _ = runCLI(t, "", "lint", "--probe", "--format", "json", "--header", "Authorization: "+secret, a.URL+"/moved")
	if v, _ := recA.got("/moved"); v != secret {
		t.Errorf("the origin named did not get the header: %q", v)
	}
	for _, path := range []string{"/card.json", "/rpc"} {
		if v, ok := recB.got(path); !ok || v != "" {
			t.Errorf("B %s after a redirect: header %q (asked %v), want none", path, v, ok)
		}
	}
	if res := decodeLive(t, out).Results[0]; !res.CredentialsWithheld || len(res.Probes) != 1 || res.Probes[0].Outcome != "speaks-declared" {
		t.Errorf("redirected card: %+v", res)
	}
	if strings.Contains(out+errOut, "s3cret") {
		t.Errorf("the header value was printed:\n%s\n%s", out, errOut)
	}
}

// TestHeaderFlag: malformed and reserved headers are usage errors that
// never repeat the value.
func TestHeaderFlag(t *testing.T) {
	card := writeTemp(t, "card.json", cardWithEntries())
	for _, h := range []string{"no colon here", "Bad Name: s3cret", "User-Agent: s3cret", "A2A-Version: s3cret", ": s3cret"} {
		_, errOut, code := runCLI(t, "", "lint", "--header", h, card)
		if code != exitUsage || errOut == "" || strings.Contains(errOut, "s3cret") {
			t.Errorf("--header %q: exit %d, stderr %q", h, code, errOut)
		}
	}
	_, _, code := runCLI(t, "", "lint", "--probe", "--fix", card)
	if code != exitUsage {
		t.Errorf("--probe --fix: exit %d, want %d", code, exitUsage)
	}
	if _, v, p := parseHeader("x-api-key:  k1 "); !p.IsZero() || v != "k1" {
		t.Errorf("x-api-key: %q %v", v, p)
	}
}

// ed25519JWK is a fixed Ed25519 key as a private and a public JWK.
func ed25519JWK(t *testing.T, kid string) (priv ed25519.PrivateKey, private, public string) {
	t.Helper()
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(7 * (i + 1))
	}
	priv = ed25519.NewKeyFromSeed(seed)
	enc := base64.RawURLEncoding.EncodeToString
	x := enc(priv.Public().(ed25519.PublicKey))
	private = `{"kty":"OKP","crv":"Ed25519","kid":"` + kid + `","x":"` + x + `","d":"` + enc(seed) + `"}`
	public = `{"kty":"OKP","crv":"Ed25519","kid":"` + kid + `","x":"` + x + `"}`
	return priv, private, public
}

// signatureFindings are the signature-* verification findings of one run.
func signatureFindings(t *testing.T, out string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, d := range decodeLive(t, out).Results[0].Diagnostics {
		switch d.Code {
		case "signature-verified", "signature-invalid", "signature-key-unavailable", "signature-alg-none",
			"signature-self-published", "signature-untrusted", "signature-unverifiable", "signature-unchecked":
			got[d.Code] = d.Pointer + " " + d.MessageID
		}
	}
	return got
}

// The card the signature tests sign: an empty list and non-ASCII text make
// the SDKs' payloads differ from the specification's.
const signCard = `{
  "name": "Café Agent",
  "description": "Orders coffee.",
  "version": "1.0.0",
  "supportedInterfaces": [{"url": "https://cafe.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "order", "name": "Order", "description": "Orders a coffee.", "tags": ["coffee"], "examples": []}]
}
`

// TestSignAndVerify: a card signed by `agentcard sign` verifies with
// `lint --key`; one changed character makes it signature-invalid; a
// signature over the Python SDK's canonical form is invalid with the
// SDK-variant explanation; alg none is refused when signing and when
// verifying.
func TestSignAndVerify(t *testing.T) {
	priv, private, public := ed25519JWK(t, "cafe-1")
	dir := t.TempDir()
	privFile, pubFile := filepath.Join(dir, "private.jwk"), filepath.Join(dir, "public.jwk")
	os.WriteFile(privFile, []byte(private), 0o600)
	os.WriteFile(pubFile, []byte(public), 0o644)
	cardFile := filepath.Join(dir, "card.json")
	os.WriteFile(cardFile, []byte(signCard), 0o644)

	signed, errOut, code := runCLI(t, "", "sign", "--key", privFile, cardFile)
	if code != exitOK || !strings.Contains(signed, `"signatures"`) {
		t.Fatalf("sign: exit %d, stderr %s\n%s", code, errOut, signed)
	}
	signedFile := filepath.Join(dir, "signed.json")
	os.WriteFile(signedFile, []byte(signed), 0o644)
	out, _, code := runCLI(t, "", "lint", "--key", pubFile, "--format", "json", signedFile)
	if got := signatureFindings(t, out); got["signature-verified"] != "/signatures/0 msg.signature-verified" || len(got) != 1 || code != exitOK {
		t.Errorf("signed card: exit %d, findings %v\n%s", code, got, out)
	}
	if s := decodeLive(t, out).Results[0].Signatures; s == nil || !strings.HasPrefix(s.Payload, `{"capabilities":{}`) || s.Results[0].Outcome != "verified" {
		t.Errorf("signatures in JSON: %+v", s)
	}

	// one character changed after signing
	changed := filepath.Join(dir, "changed.json")
	os.WriteFile(changed, []byte(strings.Replace(signed, "Orders coffee.", "Orders tea.", 1)), 0o644)
	out, _, code = runCLI(t, "", "lint", "--key", pubFile, "--format", "json", changed)
	if got := signatureFindings(t, out); got["signature-invalid"] != "/signatures/0 msg.signature-invalid" || code != exitFound {
		t.Errorf("changed card: exit %d, findings %v", code, got)
	}

	// a signature over the Python SDK's canonical form (core/signature's
	// reproduction of it), made by hand as that SDK would
	payload, err := signature.Payload([]byte(signCard), signature.Python)
	if err != nil {
		t.Fatal(err)
	}
	protected := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"EdDSA","kid":"cafe-1","typ":"JOSE"}`))
	sig := ed25519.Sign(priv, []byte(protected+"."+base64.RawURLEncoding.EncodeToString(payload)))
	python := strings.Replace(signCard, `"name": "Café Agent",`, `"name": "Café Agent",
  "signatures": [{"protected": "`+protected+`", "signature": "`+base64.RawURLEncoding.EncodeToString(sig)+`"}],`, 1)
	pyFile := writeTemp(t, "python.json", python)
	out, _, _ = runCLI(t, "", "lint", "--key", pubFile, "--format", "json", pyFile)
	if got := signatureFindings(t, out); got["signature-invalid"] != "/signatures/0 msg.signature-invalid.python" {
		t.Errorf("Python SDK signature: %v", got)
	}
	out, _, _ = runCLI(t, "", "lint", "--key", pubFile, "--lang", "zh-CN", pyFile)
	if !strings.Contains(out, "signature-invalid") || !strings.Contains(out, "Python SDK 的规范化形式") {
		t.Errorf("Chinese explanation missing:\n%s", out)
	}

	// alg none: signing refuses the key, verifying gives no verdict but
	// the shape rule's error
	noneKey := writeTemp(t, "none.jwk", strings.Replace(private, `"kty"`, `"alg":"none","kty"`, 1))
	out, errOut, code = runCLI(t, "", "sign", "--key", noneKey, cardFile)
	if code == exitOK || out != "" || errOut == "" {
		t.Errorf("sign with alg none: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","kid":"cafe-1","typ":"JOSE"}`))
	noneCard := writeTemp(t, "none.json", strings.Replace(signCard, `"name": "Café Agent",`, `"name": "Café Agent",
  "signatures": [{"protected": "`+none+`", "signature": "`+base64.RawURLEncoding.EncodeToString(sig)+`"}],`, 1))
	out, _, code = runCLI(t, "", "lint", "--key", pubFile, "--format", "json", noneCard)
	got := signatureFindings(t, out)
	if got["signature-alg-none"] == "" || got["signature-verified"] != "" || code != exitFound {
		t.Errorf("alg none: exit %d, %v", code, got)
	}
	if s := decodeLive(t, out).Results[0].Signatures; s == nil || s.Results[0].Outcome != "alg-refused" {
		t.Errorf("alg none in JSON: %+v", s)
	}
	// an HMAC key is refused for signing
	hmac := writeTemp(t, "oct.jwk", `{"kty":"oct","kid":"h","k":"c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA"}`)
	if _, _, code := runCLI(t, "", "sign", "--key", hmac, cardFile); code == exitOK {
		t.Errorf("sign with an oct key: exit %d", code)
	}
	// without a key for it: key unavailable
	_, _, other := ed25519JWK(t, "other")
	otherFile := writeTemp(t, "other.jwk", other)
	out, _, code = runCLI(t, "", "lint", "--key", otherFile, "--format", "json", signedFile)
	if got := signatureFindings(t, out); got["signature-key-unavailable"] == "" || got["signature-untrusted"] != "/signatures msg.signature-untrusted" || code != exitFound {
		t.Errorf("no matching kid: exit %d, %v", code, got)
	}
}

// signedHost serves a card signed by key cafe-1 at /card.json, naming the
// key set it serves at /jwks.json, and records which paths were asked.
func signedHost(t *testing.T) (host string, asked *sync.Map, card string) {
	_, private, public := ed25519JWK(t, "cafe-1")
	privFile := writeTemp(t, "private.jwk", private)
	cardFile := writeTemp(t, "card.json", signCard)
	asked = &sync.Map{}
	var signed string
	srv := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Store(r.URL.Path, true)
		switch r.URL.Path {
		case "/jwks.json":
			w.Header().Set("Content-Type", "application/jwk-set+json")
			io.WriteString(w, `{"keys":[`+public+`]}`)
		default:
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, signed)
		}
	}))
	out, errOut, code := runCLI(t, "", "sign", "--key", privFile, "--jku", srv.URL+"/jwks.json", cardFile)
	if code != exitOK {
		t.Fatalf("sign: %d %s", code, errOut)
	}
	signed = out
	return srv.URL, asked, signed
}

// TestVerifyFromJKU: without --key, `lint --probe` checks a signature with
// the key set its jku names on the card's own origin and reports the key
// as self-published, never verified; a card read from a file has no
// origin, so its jku is not read; a plain lint fetches nothing.
func TestVerifyFromJKU(t *testing.T) {
	host, asked, signed := signedHost(t)
	signedFile := writeTemp(t, "signed.json", signed)
	out, _, _ := runCLI(t, "", "lint", "--format", "json", signedFile)
	if decodeLive(t, out).Results[0].Signatures != nil {
		t.Errorf("a plain lint verified:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "lint", "--probe", "--format", "json", signedFile)
	if s := decodeLive(t, out).Results[0].Signatures; s == nil || s.Results[0].Outcome != "key-unavailable" || s.Results[0].MessageID != "msg.signature-key-unavailable.foreign-jku" {
		t.Errorf("a file's jku: %+v", s)
	}
	if _, ok := asked.Load("/jwks.json"); ok {
		t.Error("the jku of a card read from a file was fetched")
	}
	out, _, code := runCLI(t, "", "lint", "--probe", "--format", "json", host+"/card.json")
	s := decodeLive(t, out).Results[0].Signatures
	// (the card's one interface answers no probe: exit 1 for that, which
	// is not this test's subject; 2 would be a failure to check)
	if s == nil || len(s.Results) != 1 || s.Results[0].Outcome != "self-published" || s.Results[0].KeySource != "jku" || code == exitUsage {
		t.Errorf("the card's own key set: exit %d, %+v", code, s)
	}
	if got := signatureFindings(t, out); got["signature-self-published"] == "" || got["signature-verified"] != "" {
		t.Errorf("findings %v", got)
	}
}

// TestB5OperatorTrust: a card signed by key X, served with a jku that
// serves X, linted with --key Y: only Y counts, so nothing verifies, the
// jku is not read, and the card is not signed by a trusted key (exit 1).
// Before, the verifier fell back to the card's own jku and reported
// signature-verified with exit 0.
func TestB5OperatorTrust(t *testing.T) {
	host, asked, _ := signedHost(t)
	_, _, other := ed25519JWK(t, "ours")
	keyFile := writeTemp(t, "ours.jwk", other)
	out, errOut, code := runCLI(t, "", "lint", "--key", keyFile, "--format", "json", host+"/card.json")
	got := signatureFindings(t, out)
	if got["signature-verified"] != "" || got["signature-self-published"] != "" || got["signature-untrusted"] == "" || code != exitFound {
		t.Errorf("exit %d, findings %v\n%s", code, got, errOut)
	}
	if _, ok := asked.Load("/jwks.json"); ok {
		t.Error("the signer's jku was read although keys were supplied")
	}
	if s := decodeLive(t, out).Results[0].Signatures; s == nil || s.Results[0].Outcome != "key-unavailable" {
		t.Errorf("signatures %+v", s)
	}
}

// TestSignWrite: -o writes a file, --write replaces the INPUT, and both
// together or a missing key are usage errors.
func TestSignWrite(t *testing.T) {
	_, private, _ := ed25519JWK(t, "cafe-1")
	privFile := writeTemp(t, "private.jwk", private)
	cardFile := writeTemp(t, "card.json", signCard)
	if _, _, code := runCLI(t, "", "sign", cardFile); code != exitUsage {
		t.Errorf("no --key: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "sign", "--key", privFile, "-o", "x", "--write", cardFile); code != exitUsage {
		t.Errorf("-o and --write: exit %d", code)
	}
	dest := filepath.Join(t.TempDir(), "out.json")
	if _, _, code := runCLI(t, "", "sign", "--key", privFile, "-o", dest, cardFile); code != exitOK {
		t.Errorf("-o: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "sign", "--key", privFile, "--write", cardFile); code != exitOK {
		t.Errorf("--write: exit %d", code)
	}
	a, _ := os.ReadFile(dest)
	b, _ := os.ReadFile(cardFile)
	if string(a) != string(b) || !strings.Contains(string(a), `"signatures"`) {
		t.Errorf("-o and --write differ or are unsigned:\n%s\n%s", a, b)
	}
	if help, _, code := runCLI(t, "", "sign", "--help", "--lang", "zh-CN"); code != exitOK || !strings.HasPrefix(help, "用法") {
		t.Errorf("sign --help in Chinese: exit %d\n%.100s", code, help)
	}
}

// TestLintExtended: --extended asks a real a2a-go server for the extended
// card, without credentials (refused) and with the --header value
// (served); an agent that serves it to anyone is an error.
func TestLintExtended(t *testing.T) {
	for _, tc := range []struct {
		name   string
		open   bool
		header bool
		public bool // extended-card-public expected
		fetch  bool
	}{
		{"with credentials", false, true, false, true},
		{"without credentials", false, false, false, false},
		{"served to anyone", true, false, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var srv *httptest.Server
			var mu sync.Mutex
			auths := []string{}
			mux := http.NewServeMux()
			srv = serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				auths = append(auths, r.Header.Get("Authorization"))
				mu.Unlock()
				mux.ServeHTTP(w, r)
			}))
			public := &a2a.AgentCard{Name: "Travel Agent", Description: "Plans trips.", Version: "2.1.0",
				Capabilities:      a2a.AgentCapabilities{ExtendedAgentCard: true},
				DefaultInputModes: []string{"text/plain"}, DefaultOutputModes: []string{"text/plain"},
				Skills:              []a2a.AgentSkill{{ID: "search", Name: "Search", Description: "Searches.", Tags: []string{"t"}}},
				SecuritySchemes:     a2a.NamedSecuritySchemes{"bearer": a2a.HTTPAuthSecurityScheme{Scheme: "Bearer"}},
				SupportedInterfaces: []*a2a.AgentInterface{{URL: srv.URL + "/jsonrpc", ProtocolBinding: "JSONRPC", ProtocolVersion: "1.0"}}}
			ext := *public
			ext.Skills = append(append([]a2a.AgentSkill{}, public.Skills...), a2a.AgentSkill{ID: "book", Name: "Book", Description: "Books.", Tags: []string{"t"}})
			h := a2asrv.NewHandler(a2afixture.IdleExecutor{}, a2asrv.WithExtendedAgentCardProducer(a2asrv.ExtendedAgentCardProducerFn(
				func(ctx context.Context, _ *a2a.GetExtendedAgentCardRequest) (*a2a.AgentCard, error) {
					if tc.open {
						return &ext, nil
					}
					if cc, ok := a2asrv.CallContextFrom(ctx); ok {
						if v, _ := cc.ServiceParams().Get("Authorization"); len(v) == 1 && v[0] == secret {
							return &ext, nil
						}
					}
					return nil, a2a.ErrUnauthenticated
				})))
			mux.Handle("/.well-known/agent-card.json", a2asrv.NewStaticAgentCardHandler(public))
			mux.Handle("/jsonrpc", a2asrv.NewJSONRPCHandler(h))

			args := []string{"lint", "--extended", "--format", "json"}
			if tc.header {
				args = append(args, "--header", "Authorization: "+secret)
			}
			out, errOut, _ := runCLI(t, "", append(args, srv.URL)...)
			res := decodeLive(t, out).Results[0]
			if res.Extended == nil || !res.Extended.Declared || res.Extended.Fetched != tc.fetch {
				t.Fatalf("extended: %+v\n%s\n%s", res.Extended, out, errOut)
			}
			isPublic := false
			for _, d := range res.Diagnostics {
				if d.Code == "extended-card-public" {
					isPublic = true
					if d.Pointer != "/capabilities/extendedAgentCard" {
						t.Errorf("extended-card-public at %q", d.Pointer)
					}
				}
			}
			if isPublic != tc.public {
				t.Errorf("extended-card-public %v, want %v", isPublic, tc.public)
			}
			withCreds := 0
			for _, r := range res.Extended.Requests {
				if r.Credentials {
					withCreds++
				}
			}
			if (withCreds > 0) != tc.header {
				t.Errorf("requests with credentials: %d (header given: %v)", withCreds, tc.header)
			}
			if strings.Contains(out+errOut, "s3cret") {
				t.Errorf("the header value was printed")
			}
		})
	}
}

// sdkCard is a card on which the specification's rule and the SDKs
// disagree: a2a-python prefers an exact "1.0" whatever the order, a2a-js
// lets a later "1.0" entry of the first binding replace the earlier one.
const sdkCard = "testdata/sdk-disagree.json"

// TestGoldenSelectSDK: `select --sdk all` prints the specification's
// choice and each SDK's, with a sentence where they differ.
func TestGoldenSelectSDK(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		out, errOut, code := runCLI(t, "", "select", "--sdk", "all", "--format", format, sdkCard)
		if code != exitOK {
			t.Errorf("%s: exit %d, stderr %s", format, code, errOut)
		}
		golden(t, "select-sdk-all."+format, out)
	}
	out, _, _ := runCLI(t, "", "select", "--sdk", "all", "--format", "json", sdkCard)
	var v struct {
		Choices []struct {
			SDK, Reason string
			Differs     bool
			SpecIndex   int
			Result      struct{ Index int }
		}
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Choices) != 4 || v.Choices[0].SDK != "spec" {
		t.Fatalf("%v\n%s", err, out)
	}
	differs := 0
	for _, c := range v.Choices[1:] {
		if c.Differs != (c.Result.Index != c.SpecIndex) || c.Differs != (c.Reason != "") {
			t.Errorf("%s: %+v", c.SDK, c)
		}
		if c.Differs {
			differs++
		}
	}
	if differs < 2 {
		t.Errorf("the card should make at least two SDKs differ: %+v", v.Choices)
	}
	// one SDK, in Chinese: that SDK and the specification only
	out, _, code := runCLI(t, "", "select", "--sdk", "python", "--lang", "zh-CN", sdkCard)
	if code != exitOK || !strings.Contains(out, "a2a-python v1.1.0") || strings.Contains(out, "a2a-js") || !hasHan(out) {
		t.Errorf("--sdk python in Chinese: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"--sdk", "ruby", sdkCard}, {"--sdk", "all", "--client", "JSONRPC@1.0", sdkCard}, {"--sdk", "all"}} {
		if _, errOut, code := runCLI(t, "", append([]string{"select"}, args...)...); code != exitUsage || errOut == "" {
			t.Errorf("select %v: exit %d", args, code)
		}
	}
}
