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
			doc: sigExample(exampleProtected, stdSignature), msg: []string{`"signature" of signature 0`, "'+' or '/'", "padding"},
			fixed: `"signature": "` + exampleSignature + `"`},
		{name: "padded protected header: no fix, it was signed as written", code: codeSigEncoding, want: 1,
			doc: sigExample(padded, exampleSignature), msg: []string{`"protected" of signature 0`, "padding"}, noFix: true},
		{name: "spaces", code: codeSigEncoding, want: 1,
			doc: sigExample(exampleProtected, exampleSignature[:40]+" "+exampleSignature[40:]), msg: []string{"white space"}},
		{name: "valid", code: codeSigEncoding, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
		{name: "a stand-in is the placeholder rule's", code: codeSigEncoding, want: 0, doc: sigExample(exampleProtected, "...")},
	})
}

func TestSignatureProtected(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JSON string", code: codeSigProtected, want: 1, sev: Error,
			doc: sigExample(b64(`"ES256"`), exampleSignature), msg: []string{"not an object"}},
		{name: "not JSON", code: codeSigProtected, want: 1,
			doc: sigExample(b64(`alg=ES256;kid=k1`), exampleSignature), msg: []string{"is not JSON", `"alg=ES256;kid=k1"`}},
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
			doc: withHeader(`{"alg":"ES256","typ":"JOSE"}`), msg: []string{`no "kid"`, "signature 0"}},
		{name: "neither", code: codeSigHeader, want: 2, doc: withHeader(`{"typ":"JOSE"}`)},
		{name: "kid only in the unprotected header", code: codeSigHeader, want: 1,
			doc: `"signatures": [{"protected": "` + b64(`{"alg":"ES256","typ":"JOSE"}`) + `", "signature": "` + exampleSignature + `", "header": {"kid": "card-key-1"}}]`,
			msg: []string{"unprotected header"}},
		{name: "alg not a string", code: codeSigHeader, want: 1,
			doc: withHeader(`{"alg":256,"kid":"k1","typ":"JOSE"}`), msg: []string{"non-empty string", "256"}},
		{name: "complete", code: codeSigHeader, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureAlgNone(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "none", code: codeSigAlgNone, want: 1, sev: Error, doc: withHeader(`{"alg":"none","kid":"k1","typ":"JOSE"}`), msg: []string{`"none"`}},
		{name: "NONE", code: codeSigAlgNone, want: 1, doc: withHeader(`{"alg":"NONE","kid":"k1","typ":"JOSE"}`)},
		{name: "ES256", code: codeSigAlgNone, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureTyp(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "JWT", code: codeSigTyp, want: 1, sev: Warning, doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JWT"}`), msg: []string{`"JWT"`}},
		{name: "absent is only noted", code: codeSigTyp, want: 1, sev: Info, doc: withHeader(`{"alg":"ES256","kid":"k1"}`)},
		{name: "lower-case jose", code: codeSigTyp, want: 0, doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"jose"}`)},
		{name: "JOSE", code: codeSigTyp, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
	})
}

func TestSignatureJKU(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "http", code: codeSigJKU, want: 1, sev: Warning,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"http://keys.example.com/jwks.json"}`), msg: []string{"plain http", "protected header"}},
		{name: "relative", code: codeSigJKU, want: 1,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"/jwks.json"}`), msg: []string{"absolute https"}},
		{name: "internal host", code: codeSigJKU, want: 1,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"https://keys.corp.internal/jwks.json"}`), msg: []string{"cannot reach"}},
		{name: "unprotected header", code: codeSigJKU, want: 1,
			doc: `"signatures": [{"protected": "` + exampleProtected + `", "signature": "` + exampleSignature + `", "header": {"jku": "http://keys.example.com/jwks.json"}}]`,
			msg: []string{"in the header header"}},
		{name: "https", code: codeSigJKU, want: 0,
			doc: withHeader(`{"alg":"ES256","kid":"k1","typ":"JOSE","jku":"https://keys.example.com/jwks.json"}`)},
	})
}

func TestSignaturePlaceholder(t *testing.T) {
	runTopicCases(t, []topicCase{
		{name: "TODO", code: codeSigPlaceholder, want: 1, sev: Error, doc: sigExample(exampleProtected, "TODO"), msg: []string{`"TODO"`, "stand-in"}},
		{name: "dots", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "...")},
		{name: "xxx", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "xxx")},
		{name: "template", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "<base64url signature>")},
		{name: "too short", code: codeSigPlaceholder, want: 1, doc: sigExample(exampleProtected, "c2lnbmF0dXJl"), msg: []string{"only 9 bytes"}},
		{name: "both members", code: codeSigPlaceholder, want: 2, doc: sigExample("...", "...")},
		{name: "real", code: codeSigPlaceholder, want: 0, doc: sigExample(exampleProtected, exampleSignature)},
		{name: "0.3 card too", code: codeSigPlaceholder, want: 1, doc: legacyURL + sigExample(exampleProtected, "xxx")},
	})
}
