package hostile

import (
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
)

// rsa8192 is a key set of four RSA-8192 public keys (generated once; the
// private halves were never kept).
//
//go:embed testdata/rsa8192.jwks
var rsa8192 []byte

// SignedCard is the worst signature card of the security review (issue
// 16, B2): about 450 KB of card carrying 16 signatures, none with a kid,
// each naming the key set at jku, which holds four RSA-8192 keys (jwks).
// No signature is valid, so a verifier without a bound checks every key
// against every payload variant: 16 × 4 × 4 RSA-8192 verifications, each
// over the whole card.
func SignedCard(jku string) (card, jwks []byte) {
	var b strings.Builder
	b.WriteString(`{"name":"Expensive Signatures","description":"A card built to make signature checks expensive.","version":"1.0.0",` +
		`"supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],` +
		`"capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[`)
	for i := 0; i < 1200; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"skill-%d","name":"Skill %d","description":"%s","tags":["t%d","bulk"],"examples":["do thing %d"]}`,
			i, i, strings.Repeat("Does one more thing, at length. ", 8), i%10, i)
	}
	b.WriteString(`],"signatures":[`)
	protected := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","typ":"JOSE","jku":` + quote(jku) + `}`))
	for i := 0; i < 16; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		sig := make([]byte, 1024) // an RSA-8192 signature's length, verifying with no key
		for j := range sig {
			sig[j] = byte(i*31 + j*7 + 1)
		}
		fmt.Fprintf(&b, `{"protected":"%s","signature":"%s"}`, protected, base64.RawURLEncoding.EncodeToString(sig))
	}
	b.WriteString(`]}`)
	return []byte(b.String()), rsa8192
}

func quote(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}
