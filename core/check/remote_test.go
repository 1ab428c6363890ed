package check

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/hostile"
)

// inProcess is a RemoteVerifier whose calls ServeVerifier answers here,
// as the verifier Worker does through its service binding.
func inProcess() RemoteVerifier {
	return RemoteVerifier{Call: func(ctx context.Context, path string, body []byte) (int, []byte, error) {
		status, out := ServeVerifier(ctx, LocalVerifier{}, path, body)
		return status, out, nil
	}}
}

func testEd25519() (private, public []byte) {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(3*i + 7)
	}
	k := ed25519.NewKeyFromSeed(seed)
	enc := base64.RawURLEncoding.EncodeToString
	pub := k.Public().(ed25519.PublicKey)
	private, _ = json.Marshal(map[string]string{"kty": "OKP", "crv": "Ed25519", "kid": "k1", "x": enc(pub), "d": enc(seed)})
	public, _ = json.Marshal(map[string]string{"kty": "OKP", "crv": "Ed25519", "kid": "k1", "x": enc(pub)})
	return private, public
}

// The verifier in another process gives the report this process would:
// with the operator's keys (sent as public JWKs), and with the key sets
// the pipeline fetched (the review's worst card: 16 signatures, work cap).
func TestRemoteVerifierAsLocal(t *testing.T) {
	ctx := context.Background()
	private, public := testEd25519()
	card := []byte(`{"name":"A","description":"d","version":"1","supportedInterfaces":[{"url":"https://a.example/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}`)
	signed, err := signature.SignJWK(card, private, "", "")
	if err != nil {
		t.Fatal(err)
	}
	keys, err := LocalVerifier{}.ReadKeys(ctx, public)
	if err != nil {
		t.Fatal(err)
	}
	remoteKeys, err := inProcess().ReadKeys(ctx, public)
	if err != nil {
		t.Fatal(err)
	}
	if len(remoteKeys) != 1 || remoteKeys[0].ID != "k1" || remoteKeys[0].Public != nil || len(remoteKeys[0].JWK) == 0 {
		t.Fatalf("remote keys %+v", remoteKeys)
	}
	worst, jwks := hostile.SignedCard("https://agent.example.com/jwks.json")
	for _, c := range []struct {
		name            string
		local, remote   SignatureInput
		wantFirst       signature.Outcome
		wantSomeUnknown bool
	}{
		{"supplied key", SignatureInput{Card: signed, Keys: keys, MaxWork: signature.DefaultMaxWork},
			SignatureInput{Card: signed, Keys: remoteKeys, MaxWork: signature.DefaultMaxWork}, signature.Verified, false},
		{"self-published key sets", SignatureInput{Card: worst, CardURL: "https://agent.example.com/.well-known/agent-card.json",
			KeySets: map[string]KeySetAnswer{"https://agent.example.com/jwks.json": {Body: jwks}}, MaxWork: signature.DefaultMaxWork},
			SignatureInput{Card: worst, CardURL: "https://agent.example.com/.well-known/agent-card.json",
				KeySets: map[string]KeySetAnswer{"https://agent.example.com/jwks.json": {Body: jwks}}, MaxWork: signature.DefaultMaxWork}, "", true},
		{"a key set that failed", SignatureInput{Card: worst, CardURL: "https://agent.example.com/.well-known/agent-card.json",
			KeySets: map[string]KeySetAnswer{"https://agent.example.com/jwks.json": {Problem: i18n.T("phrase.keyset.unreachable")}}, MaxWork: 1000},
			SignatureInput{Card: worst, CardURL: "https://agent.example.com/.well-known/agent-card.json",
				KeySets: map[string]KeySetAnswer{"https://agent.example.com/jwks.json": {Problem: i18n.T("phrase.keyset.unreachable")}}, MaxWork: 1000}, signature.KeyUnavailable, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, werr := LocalVerifier{}.VerifySignatures(ctx, c.local)
			got, gerr := inProcess().VerifySignatures(ctx, c.remote)
			if werr != nil || gerr != nil {
				t.Fatalf("local %v, remote %v", werr, gerr)
			}
			if string(got.Payload) != string(want.Payload) || len(got.Payload) == 0 {
				t.Errorf("payload %q, want %q", got.Payload, want.Payload)
			}
			want.Payload, got.Payload = nil, nil
			for i := range want.Results {
				// texts come back as typed data: ints stay ints, phrases phrases
				want.Results[i].Text, got.Results[i].Text = i18n.Text{ID: want.Results[i].Text.ID}, i18n.Text{ID: got.Results[i].Text.ID}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("remote report\n%+v\nwant\n%+v", got, want)
			}
			if c.wantFirst != "" && got.Results[0].Outcome != c.wantFirst {
				t.Errorf("first outcome %s, want %s", got.Results[0].Outcome, c.wantFirst)
			}
			if c.wantSomeUnknown {
				n := 0
				for _, r := range got.Results {
					if r.Outcome == signature.NotChecked {
						n++
					}
				}
				if n == 0 || got.Work > signature.DefaultMaxWork {
					t.Errorf("the work cap did not hold remotely: %d not checked, work %d", n, got.Work)
				}
			}
		})
	}
}

// The texts of a remote report render as the local ones, in every
// language (arguments keep their types across).
func TestRemoteVerifierTexts(t *testing.T) {
	ctx := context.Background()
	worst, _ := hostile.SignedCard("https://agent.example.com/jwks.json")
	in := SignatureInput{Card: worst, CardURL: "https://agent.example.com/.well-known/agent-card.json",
		KeySets: map[string]KeySetAnswer{"https://agent.example.com/jwks.json": {Problem: i18n.T("phrase.keyset.unreachable")}}, MaxWork: 1000}
	want, _ := LocalVerifier{}.VerifySignatures(ctx, in)
	got, err := inProcess().VerifySignatures(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	en := i18n.EnglishCatalogue()
	for i := range want.Results {
		if a, b := en.Render(got.Results[i].Text), en.Render(want.Results[i].Text); a != b {
			t.Errorf("result %d: %q, want %q", i, a, b)
		}
	}
}

// A card without a canonical form, and keys that cannot be read, come
// back as signature's own errors (with their texts), never as
// "unavailable".
func TestRemoteVerifierRefusals(t *testing.T) {
	ctx := context.Background()
	_, werr := LocalVerifier{}.VerifySignatures(ctx, SignatureInput{Card: []byte(`{"a":1,"a":2}`)})
	_, gerr := inProcess().VerifySignatures(ctx, SignatureInput{Card: []byte(`{"a":1,"a":2}`)})
	var we, ge *signature.Error
	if !errors.As(werr, &we) || !errors.As(gerr, &ge) || we.Text.ID != ge.Text.ID || errors.Is(gerr, ErrVerifierUnavailable) {
		t.Errorf("card refusal: local %v, remote %v", werr, gerr)
	}
	for _, key := range []string{`{"kty":"EC","crv":"P-256","x":"AAAA","y":"AAAA"}`, `not json`, `{"kty":"oct","k":"c2VjcmV0"}`} {
		_, werr := LocalVerifier{}.ReadKeys(ctx, []byte(key))
		_, gerr := inProcess().ReadKeys(ctx, []byte(key))
		if !errors.As(werr, &we) || !errors.As(gerr, &ge) || we.Text.ID != ge.Text.ID || errors.Is(gerr, ErrVerifierUnavailable) {
			t.Errorf("key %s: local %v, remote %v", key, werr, gerr)
		}
	}
}

// A verifier that does not answer, answers something else or fails makes
// the signatures "not checked, the verifier did not answer": an error the
// pipeline neither caches nor turns into findings, and that a key reader
// answers 503 with.
func TestRemoteVerifierUnavailable(t *testing.T) {
	ctx := context.Background()
	_, public := testEd25519()
	for _, c := range []struct {
		name string
		call func(context.Context, string, []byte) (int, []byte, error)
	}{
		{"no answer", func(context.Context, string, []byte) (int, []byte, error) { return 0, nil, errors.New("no answer") }},
		{"500", func(context.Context, string, []byte) (int, []byte, error) { return 500, []byte("oops"), nil }},
		{"garbage", func(context.Context, string, []byte) (int, []byte, error) { return 200, []byte("<html>"), nil }},
		{"400 without a text", func(context.Context, string, []byte) (int, []byte, error) { return 400, []byte("{}"), nil }},
	} {
		rv := RemoteVerifier{Call: c.call}
		_, err := rv.VerifySignatures(ctx, SignatureInput{Card: []byte(`{}`)})
		var se *signature.Error
		if !errors.Is(err, ErrVerifierUnavailable) || !errors.As(err, &se) || se.Text.ID != "msg.signature-verifier.unavailable" {
			t.Errorf("%s: verify %v", c.name, err)
		}
		if _, err := rv.ReadKeys(ctx, public); !errors.Is(err, ErrVerifierUnavailable) {
			t.Errorf("%s: keys %v", c.name, err)
		}
	}
	if status, _ := ServeVerifier(ctx, LocalVerifier{}, "/other", nil); status != 404 {
		t.Errorf("/other: %d", status)
	}
	if status, _ := ServeVerifier(ctx, LocalVerifier{}, VerifyPath, make([]byte, MaxVerifyRequest+1)); status != 413 {
		t.Errorf("over the cap: %d", status)
	}
	if status, _ := ServeVerifier(ctx, LocalVerifier{}, VerifyPath, []byte("no newline")); status != 400 {
		t.Errorf("no header line: %d", status)
	}
}

// Through the pipeline: an unavailable verifier leaves the card checked,
// its signatures unverified and said so, and nothing cached, so the next
// view (with the verifier back) verifies.
func TestRunWithUnavailableVerifier(t *testing.T) {
	const origin = "https://agent.example.com"
	card, jwks := hostile.SignedCard(origin + "/jwks.json")
	s := &site{routes: map[string]func(*discovery.Request) *discovery.Response{
		origin + "/.well-known/agent-card.json": jsonAnswer(card),
		origin + "/jwks.json":                   jsonAnswer(jwks),
	}}
	cache, mem := newMemCache(), NewMemory(8<<20)
	down := RemoteVerifier{Call: func(context.Context, string, []byte) (int, []byte, error) { return 0, nil, errors.New("down") }}
	res, err := Run(context.Background(), Target{URL: origin}, Options{Verify: true}, Capabilities{Doer: s, Cache: cache, Memory: mem, Verifier: down})
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(res.SignatureErr, ErrVerifierUnavailable) || res.Signatures != nil {
		t.Fatalf("signatures %+v, error %v", res.Signatures, res.SignatureErr)
	}
	j := res.SignaturesJSON(i18n.EnglishCatalogue())
	if j == nil || j.ErrorID != "msg.signature-verifier.unavailable" {
		t.Errorf("JSON %+v", j)
	}
	res, err = Run(context.Background(), Target{URL: origin}, Options{Verify: true}, Capabilities{Doer: s, Cache: cache, Memory: mem, Verifier: inProcess()})
	if err != nil || res.Signatures == nil || len(res.Signatures.Results) != 16 {
		t.Fatalf("with the verifier back: %v %+v", err, res)
	}
}
