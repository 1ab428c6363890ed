package signature

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
)

func findingCodes(t *testing.T, card []byte, rep *Report) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, d := range Diagnostics(jsonpos.Parse(card, jsonpos.Options{}), rep) {
		out[d.Code]++
	}
	return out
}

// TestB5OperatorTrust: a card signed by key X naming a jku that serves X,
// checked with the operator's key Y: nothing verifies, the jku is not
// read, and the card is signature-untrusted (an error). Before, the kid
// missing from the supplied keys made the verifier fall back to the
// signer's own jku and report signature-verified.
func TestB5OperatorTrust(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	x, y := testKey(t, "ES256"), testKey(t, "ES256")
	const origin = "https://agent.example.com"
	signed, err := Sign(card, x, SignOptions{Kid: "attacker", JKU: origin + "/jwks.json"})
	if err != nil {
		t.Fatal(err)
	}
	xJWK, _ := PublicJWK(&Key{ID: "attacker", Public: x.Public()})
	fetched := 0
	fetch := func(context.Context, string) ([]byte, error) {
		fetched++
		return []byte(`{"keys":[` + string(xJWK) + `]}`), nil
	}
	rep := mustVerify(t, signed, Options{Keys: keySet(t, "ours", y), Fetch: fetch, CardURL: origin + "/.well-known/agent-card.json"})
	r := only(t, rep)
	if r.Outcome == Verified || r.Outcome == SelfPublished || fetched != 0 {
		t.Fatalf("got %+v after %d fetches", r, fetched)
	}
	got := findingCodes(t, signed, rep)
	if got[lint.CodeSignatureUntrusted] != 1 || got[lint.CodeSignatureVerified] != 0 || lint.RuleFor(lint.CodeSignatureUntrusted).Severity != lint.Error {
		t.Errorf("findings %v", got)
	}
	// Y signs too: the card is signed by a trusted key, and the
	// attacker's signature stays without a key.
	both, _ := Sign(signed, y, SignOptions{Kid: "ours"})
	rep = mustVerify(t, both, Options{Keys: keySet(t, "ours", y), Fetch: fetch, CardURL: origin + "/"})
	if got := findingCodes(t, both, rep); got[lint.CodeSignatureVerified] != 1 || got[lint.CodeSignatureUntrusted] != 0 || got[lint.CodeSignatureKeyUnavailable] != 1 {
		t.Errorf("two signatures, one by a trusted key: %v", got)
	}
}

// TestSelfPublished: without supplied keys, only a jku on the card's own
// origin over https (or loopback) is read, and a signature it verifies is
// self-published, never verified.
func TestSelfPublished(t *testing.T) {
	for _, c := range []struct {
		name, cardURL, jku string
		ok                 bool
	}{
		{"same origin https", "https://agent.example.com/.well-known/agent-card.json", "https://agent.example.com/jwks.json", true},
		{"same origin, other spelling", "https://Agent.Example.com:443/card.json", "https://agent.example.com./keys", true},
		{"loopback http", "http://127.0.0.1:8080/card.json", "http://127.0.0.1:8080/jwks.json", true},
		{"other host", "https://agent.example.com/card.json", "https://keys.example.net/jwks.json", false},
		{"other port", "https://agent.example.com/card.json", "https://agent.example.com:8443/jwks.json", false},
		{"plain http, public host", "http://agent.example.com/card.json", "http://agent.example.com/jwks.json", false},
		{"no origin (a file)", "", "https://agent.example.com/jwks.json", false},
		{"other loopback port", "http://127.0.0.1:8080/card.json", "http://127.0.0.1:8081/jwks.json", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			card := readFile(t, "testdata/card.json")
			k := testKey(t, "EdDSA")
			signed, _ := Sign(card, k, SignOptions{Kid: "k", JKU: c.jku})
			jwk, _ := PublicJWK(&Key{ID: "k", Public: k.Public()})
			fetched := 0
			fetch := func(context.Context, string) ([]byte, error) {
				fetched++
				return []byte(`{"keys":[` + string(jwk) + `]}`), nil
			}
			r := only(t, mustVerify(t, signed, Options{Fetch: fetch, CardURL: c.cardURL}))
			if ok, _ := SelfPublishedJKU(c.cardURL, c.jku); ok != c.ok {
				t.Errorf("SelfPublishedJKU = %v", ok)
			}
			switch {
			case c.ok && (r.Outcome != SelfPublished || fetched != 1):
				t.Errorf("got %+v after %d fetches", r, fetched)
			case !c.ok && (r.Outcome != KeyUnavailable || r.Text.ID != "msg.signature-key-unavailable.foreign-jku" || fetched != 0):
				t.Errorf("got %+v after %d fetches", r, fetched)
			}
			doc := jsonpos.Parse(signed, jsonpos.Options{})
			if got := KeySetsToFetch(doc, Options{CardURL: c.cardURL}); (len(got) == 1) != c.ok {
				t.Errorf("KeySetsToFetch = %v", got)
			}
			if got := KeySetsToFetch(doc, Options{CardURL: c.cardURL, Keys: keySet(t, "k", k)}); len(got) != 0 {
				t.Errorf("with keys, KeySetsToFetch = %v", got)
			}
		})
	}
}

// TestB7Unverifiable: an HMAC alg, an alg that is not a JWS signature
// algorithm and a crit header are error findings (signature-unverifiable);
// they gave no finding at all. lint reports them from the card alone,
// like alg none (signature-alg-none), and the verifier's verdict does not
// repeat them: a card checked with keys has each finding once.
func TestB7Unverifiable(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	payload, _ := Canonical(card)
	for header, want := range map[string]string{
		`{"alg":"HS256","kid":"k1"}`:                     lint.CodeSignatureUnverifiable,
		`{"alg":"HS512","kid":"k1","typ":"JOSE"}`:        lint.CodeSignatureUnverifiable,
		`{"alg":"ES256K","kid":"k1"}`:                    lint.CodeSignatureUnverifiable,
		`{"alg":"ES256","kid":"k1","crit":["exp"]}`:      lint.CodeSignatureUnverifiable,
		`{"alg":"ES256","kid":"k1","crit":[],"typ":"x"}`: lint.CodeSignatureUnverifiable,
		`{"alg":"none","kid":"k1"}`:                      "",
	} {
		signed := withSignatures(t, card, jws(t, header, payload, "", nil))
		rep := mustVerify(t, signed, Options{Keys: keySet(t, "k1", testKey(t, "ES256"))})
		got := findingCodes(t, signed, rep)
		for _, d := range lint.Lint(signed, lint.Options{}).Diagnostics {
			got[d.Code]++
		}
		if want == "" && got[lint.CodeSignatureUnverifiable] != 0 || want != "" && got[want] != 1 {
			t.Errorf("%s: %v", header, got)
		}
	}
	if lint.RuleFor(lint.CodeSignatureUnverifiable).Severity != lint.Error {
		t.Error("signature-unverifiable is not an error")
	}
}

// TestB11LoneSurrogate: a string holding half of a UTF-16 surrogate pair
// has no canonical form (RFC 8785 §3.2.2.2): a signature made over the
// card with U+FFFD in its place no longer verifies for it. Pairs and
// escaped backslashes are fine.
func TestB11LoneSurrogate(t *testing.T) {
	k := testKey(t, "ES256")
	base := readFile(t, "testdata/card.json")
	withFFFD := bytes.Replace(base, []byte(`"Weather Agent"`), []byte(`"Weather \ufffd"`), 1)
	signed, err := Sign(withFFFD, k, SignOptions{Kid: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	if r := only(t, mustVerify(t, signed, Options{Keys: keySet(t, "k1", k)})); r.Outcome != Verified {
		t.Fatalf("the U+FFFD card: %+v", r)
	}
	for _, lone := range []string{`\ud800`, `\udfff`, `\ud800x`, `\ud800\u0041`, `\udc00\ud800`} {
		forged := bytes.Replace(signed, []byte(`\ufffd`), []byte(lone), 1)
		if !json.Valid(forged) {
			t.Fatalf("%s: not JSON", lone)
		}
		_, err := Verify(context.Background(), forged, Options{Keys: keySet(t, "k1", k)})
		var se *Error
		if err == nil || !asError(err, &se) || se.Text.ID != "msg.signature-card.surrogate" {
			t.Errorf("%s: %v", lone, err)
		}
	}
	for _, fine := range []string{`\ud83d\ude00`, `\\ud800`, `\u00e9`} {
		card := bytes.Replace(base, []byte(`"Weather Agent"`), []byte(`"Weather `+fine+`"`), 1)
		if _, err := Canonical(card); err != nil {
			t.Errorf("%s: %v", fine, err)
		}
	}
	if loneSurrogate([]byte(`{"a":"\ud800`)) < 0 {
		t.Error("a truncated card")
	}
	if !strings.Contains(string(signed), `\ufffd`) {
		t.Fatal("the signed card lost its escape")
	}
}

func asError(err error, se **Error) bool {
	e, ok := err.(*Error)
	*se = e
	return ok
}

// TestWorkBudget: Verify spends at most MaxWork, reports the rest as
// not-checked, and says how much it spent.
func TestWorkBudget(t *testing.T) {
	card := readFile(t, "testdata/card.json")
	k := testKey(t, "ES256")
	var sigs []any
	payload, _ := Canonical(card)
	for range 6 {
		sigs = append(sigs, jws(t, `{"alg":"ES256"}`, payload, "ES256", testKey(t, "ES256"))) // no kid, wrong key: every variant tried
	}
	signed := withSignatures(t, card, sigs...)
	keys := keySet(t, "", k)
	rep := mustVerify(t, signed, Options{Keys: keys, MaxWork: 5000})
	notChecked := 0
	for _, r := range rep.Results {
		if r.Outcome == NotChecked {
			notChecked++
			if r.Text.ID != "msg.signature-not-checked.work" {
				t.Errorf("%+v", r)
			}
		}
	}
	if rep.Work > 5000 || notChecked == 0 || notChecked == len(rep.Results) {
		t.Errorf("work %d, %d of %d not checked", rep.Work, notChecked, len(rep.Results))
	}
	if got := findingCodes(t, signed, rep); got[lint.CodeSignatureUnchecked] != notChecked {
		t.Errorf("findings %v", got)
	}
	if rep := mustVerify(t, signed, Options{Keys: keys}); rep.Work == 0 || rep.Work > DefaultMaxWork {
		t.Errorf("default budget: work %d", rep.Work)
	}
}

// TestAlgorithmsAreLints: the verifier's table of algorithms holds
// exactly the names lint's signature-unverifiable rule accepts, so the
// rule refuses offline what the verifier refuses.
func TestAlgorithmsAreLints(t *testing.T) {
	names := lint.SignatureAlgorithms()
	if len(names) != len(algorithms) {
		t.Errorf("lint lists %d algorithms, the verifier has %d", len(names), len(algorithms))
	}
	for _, n := range names {
		if algorithms[n].fam == 0 {
			t.Errorf("%s: in lint's list, not in the verifier's table", n)
		}
	}
}
