package lint

import (
	"encoding/base64"
	"testing"
)

// stdSignature is exampleSignature's 64 bytes in standard, padded base64.
const stdSignature = "LyrQBv+9R/om1c4ZC4FsVa8AEcwlz4w9t6nzkgUlNJQglkYRi7onrUH651LspaIraUeREoIq/WVUZyaa2Ho3hw=="

func withHeader(header string) string { return sigExample(b64(header), exampleSignature) }

func TestSigExampleValues(t *testing.T) {
	b, err := base64.RawURLEncoding.DecodeString(exampleSignature)
	if err != nil || len(b) != 64 {
		t.Fatalf("exampleSignature: %d bytes, %v", len(b), err)
	}
	std, _ := base64.StdEncoding.DecodeString(stdSignature)
	if string(std) != string(b) {
		t.Fatal("stdSignature is not exampleSignature")
	}
	if h, _ := base64.RawURLEncoding.DecodeString(exampleProtected); string(h) != `{"alg":"ES256","kid":"card-key-1","typ":"JOSE"}` {
		t.Fatalf("exampleProtected decodes to %s", h)
	}
}

func TestSignatureEncoding(t *testing.T) {
	padded := base64.URLEncoding.EncodeToString([]byte(`{"alg":"ES256","kid":"key1","typ":"JOSE"}`)) // 41 bytes: one "="
	runTopicCases(t, []topicCase{
		{name: "standard base64 signature", code: codeSigEncoding, want: 1, sev: Error,
			doc: sigExample(exampleProtected, stdSignature), id: "msg.signature-encoding",
			args:  []any{"phrase.signature-member", `"signature"`, 0, "phrase.list.and2", "phrase.b64.std-chars", "phrase.b64.padding"},
			fixed: `"signature": "` + exampleSignature + `"`, fixID: "fix.reencode-base64url"},
		{name: "padded protected header: no fix, it was signed as written", code: codeSigEncoding, want: 1,
			doc: sigExample(padded, exampleSignature), args: []any{`"protected"`, 0, "phrase.b64.padding"}, noFix: true},
		{name: "spaces", code: codeSigEncoding, want: 1,
			doc: sigExample(exampleProtected, exampleSignature[:40]+" "+exampleSignature[40:]), args: []any{"phrase.b64.space"}},
		{name: "foreign characters", code: codeSigEncoding, want: 1,
			doc: sigExample(exampleProtected, exampleSignature[:40]+"#"+exampleSignature[40:]), args: []any{"phrase.b64.alphabet"}},
		{name: "impossible length", code: codeSigEncoding, want: 1,
			doc: sigExample(exampleProtected, exampleSignature+"AAA"), id: "msg.signature-encoding.length", args: []any{len(exampleSignature) + 3}},
		{name: "valid", code: codeSigEncoding, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
		{name: "a stand-in is the placeholder rule's", code: codeSigEncoding, want: 0, doc: sigExample(exampleProtected, "...")},
	})
}

func TestSignatureProtected(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JSON string", code: codeSigProtected, want: 1, sev: Error,
			doc: sigExample(b64(`"ES256"`), exampleSignature), id: "msg.signature-protected-invalid.not-object"},
		{name: "not JSON", code: codeSigProtected, want: 1,
			doc: sigExample(b64(`alg=ES256;kid=k1`), exampleSignature), id: "msg.signature-protected-invalid.not-json", args: []any{`"alg=ES256;kid=k1"`}},
		// not base64url at all: signature-encoding says so, and this rule
		// stays quiet (one mistake, one finding).
		{name: "not base64", code: codeSigProtected, want: 0,
			doc: sigExample("eyJhbGc#$%", exampleSignature)},
		{name: "not base64, reported once", code: codeSigEncoding, want: 1,
			doc: sigExample("eyJhbGc#$%", exampleSignature)},
		{name: "valid", code: codeSigProtected, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureHeader(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "no kid", code: codeSigHeader, want: 1, sev: Error,
			doc: withHeader(`{"alg":"ES256","typ":"JOSE"}`), id: "msg.signature-header-incomplete", args: []any{0, `"kid"`}},
		{name: "neither", code: codeSigHeader, want: 2, doc: withHeader(`{"typ":"JOSE"}`)},
		{name: "kid only in the unprotected header", code: codeSigHeader, want: 1,
			doc: `"signatures": [{"protected": "` + b64(`{"alg":"ES256","typ":"JOSE"}`) + `", "signature": "` + exampleSignature + `", "header": {"kid": "card-key-1"}}]`,
			id:  "msg.signature-header-incomplete.unprotected", args: []any{`"kid"`}},
		{name: "alg not a string", code: codeSigHeader, want: 1,
			doc: withHeader(`{"alg":256,"kid":"k1","typ":"JOSE"}`), id: "msg.signature-header-incomplete.type", args: []any{`"alg"`, "256"}},
		{name: "complete", code: codeSigHeader, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureAlgNone(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "none", code: codeSigAlgNone, want: 1, sev: Error, doc: withHeader(`{"alg":"none","kid":"k1","typ":"JOSE"}`), id: "msg.signature-alg-none", args: []any{`"none"`}},
		{name: "NONE", code: codeSigAlgNone, want: 1, doc: withHeader(`{"alg":"NONE","kid":"k1","typ":"JOSE"}`)},
		{name: "ES256", code: codeSigAlgNone, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

// TestSignatureUnverifiable: an HMAC alg, an alg no verifier here
// supports and any crit are found offline, from the protected header
// alone, as alg none is (issue 36, N12: lint without --key or --probe
// said nothing and exited 0).
func TestSignatureUnverifiable(t *testing.T) {
	const code = CodeSignatureUnverifiable
	runTopicCases(t, []topicCase{
		{name: "HS256", code: code, want: 1, sev: Error, doc: withHeader(`{"alg":"HS256","kid":"k1","typ":"JOSE"}`),
			id: "msg.signature-unverifiable.hmac", args: []any{0, `"HS256"`}},
		{name: "hs512", code: code, want: 1, doc: withHeader(`{"alg":"hs512","kid":"k1","typ":"JOSE"}`), id: "msg.signature-unverifiable.hmac"},
		{name: "ES256K", code: code, want: 1, doc: withHeader(`{"alg":"ES256K","kid":"k1","typ":"JOSE"}`),
			id: "msg.signature-unverifiable.unsupported", args: []any{0, `"ES256K"`}},
		{name: "lower-case es256", code: code, want: 1, doc: withHeader(`{"alg":"es256","kid":"k1","typ":"JOSE"}`), id: "msg.signature-unverifiable.unsupported"},
		{name: "crit", code: code, want: 1, doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","crit":["exp"]}`),
			id: "msg.signature-unverifiable.crit", args: []any{0, `["exp"]`}},
		{name: "empty crit", code: code, want: 1, doc: withHeader(`{"alg":"EdDSA","kid":"k1","typ":"JOSE","crit":[]}`), id: "msg.signature-unverifiable.crit"},
		{name: "none is signature-alg-none's", code: code, want: 0, doc: withHeader(`{"alg":"none","kid":"k1","typ":"JOSE"}`)},
		{name: "no alg is signature-header-incomplete's", code: code, want: 0, doc: withHeader(`{"kid":"k1","typ":"JOSE"}`)},
		{name: "ES256", code: code, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
		{name: "PS512", code: code, want: 0, doc: withHeader(`{"alg":"PS512","kid":"k1","typ":"JOSE"}`)},
	})
}

func TestSignatureTyp(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JWT", code: codeSigTyp, want: 1, sev: Warning, doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JWT"}`), id: "msg.signature-typ", args: []any{`"JWT"`}},
		{name: "absent is a warning (a2a-js rejects it)", code: codeSigTyp, want: 1, sev: Warning, doc: withHeader(`{"alg":"ES256","kid":"k1"}`), id: "msg.signature-typ.missing"},
		{name: "lower-case jose", code: codeSigTyp, want: 0, doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"jose"}`)},
		{name: "JOSE", code: codeSigTyp, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureJKU(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "http", code: codeSigJKU, want: 1, sev: Warning,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"http://keys.example.com/jwks.json"}`), id: "msg.signature-jku-insecure.http", args: []any{"phrase.jws-header.protected"}},
		{name: "relative", code: codeSigJKU, want: 1,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"/jwks.json"}`), id: "msg.signature-jku-insecure"},
		{name: "internal host", code: codeSigJKU, want: 1,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"https://keys.corp.internal/jwks.json"}`), id: "msg.signature-jku-insecure.internal"},
		{name: "unprotected header", code: codeSigJKU, want: 1,
			doc:  `"signatures": [{"protected": "` + exampleProtected + `", "signature": "` + exampleSignature + `", "header": {"jku": "http://keys.example.com/jwks.json"}}]`,
			args: []any{"phrase.jws-header.unprotected"}},
		{name: "https", code: codeSigJKU, want: 0,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"https://keys.example.com/jwks.json"}`)},
	})
}

func TestSignaturePlaceholder(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "TODO", code: codeSigPlaceholder, want: 1, sev: Error, doc: sigExample(exampleProtected, "TODO"), id: "msg.signature-placeholder", args: []any{`"TODO"`}},
		{name: "dots", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "...")},
		{name: "xxx", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "xxx")},
		{name: "template", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "<base64url signature>")},
		{name: "too short", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "c2lnbmF0dXJl"), id: "msg.signature-placeholder.short", args: []any{9}},
		{name: "both members", code: codeSigPlaceholder, want: 2, doc: sigExample("...", "..."), id: "msg.signature-placeholder.protected"},
		{name: "real", code: codeSigPlaceholder, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
		{name: "0.3 card too", code: codeSigPlaceholder, want: 1, doc: legacyURL + sigExample(exampleProtected, "xxx")},
	})
}
