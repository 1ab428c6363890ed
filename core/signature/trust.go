package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// SelfPublishedJKU reports whether a signature's jku names a key set the
// card's own origin publishes, the only jku whose keys count when the
// operator supplied none (Options): the same origin as cardURL (scheme,
// host and port, each in its canonical spelling: core/hosts.Origin), over
// https, or plain http to a loopback host (a card on one's own machine,
// which the policy allows only in development and in the CLI). A card
// without origin (cardURL "") has none. why says, when not, what is wrong
// (a phrase for the key-unavailable message).
func SelfPublishedJKU(cardURL, jku string) (ok bool, why i18n.Text) {
	if cardURL == "" {
		return false, i18n.T("phrase.signature-jku.no-origin")
	}
	card := hosts.OriginOf(cardURL)
	u, err := url.Parse(strings.TrimSpace(jku))
	if err != nil || card == "" {
		return false, i18n.T("phrase.signature-jku.unreadable")
	}
	if o := hosts.Origin(u); o != card {
		return false, i18n.T("phrase.signature-jku.other-origin", quoteArg(card))
	}
	if strings.EqualFold(u.Scheme, "https") {
		return true, i18n.Text{}
	}
	if place, _ := hosts.ClassifyText(u.Hostname()); place == hosts.Loopback {
		return true, i18n.Text{}
	}
	return false, i18n.T("phrase.signature-jku.not-https")
}

// Work units measure what verifying costs, so that one check's signature
// work has a bound whatever the card holds (issue 16, B2: 16 signatures
// of RSA-8192 keys over a 450 KB card cost over a second per view). One
// unit is about a microsecond of one core natively (measured with Go 1.26
// on the machines this was written on; the Worker's wasm is about three
// times slower): an RSA-2048 verification is 40, a P-256 one 60, hashing
// costs one unit per KiB.
const (
	// DefaultMaxWork is the budget of one Verify call: about 40 ms
	// natively. A card with 16 ES256 signatures over 100 KB needs about
	// 2,600; the budget is met only by cards built to be expensive.
	DefaultMaxWork = 40_000
)

// KeyWork is the cost of one signature check with pub, without hashing.
func KeyWork(pub crypto.PublicKey) int {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		switch bits := k.N.BitLen(); {
		case bits <= 2048:
			return 40
		case bits <= 3072:
			return 120
		case bits <= 4096:
			return 330
		default:
			return 1100 // up to maxRSABits (8192)
		}
	case *ecdsa.PublicKey:
		switch k.Curve.Params().BitSize {
		case 256:
			return 60
		case 384:
			return 500
		default:
			return 1700 // P-521
		}
	case ed25519.PublicKey:
		return 60
	}
	return 100
}

// hashWork is the cost of hashing n bytes.
func hashWork(n int) int { return n>>10 + 1 }

// edHash is the hashing an EdDSA check does itself (over the whole input,
// per key); the other families hash once per signing input.
func edHash(a algorithm, n int) int {
	if a.fam == famEdDSA {
		return hashWork(n)
	}
	return 0
}

// buildWork is the cost of building one more payload variant of a card
// whose canonical payload has n bytes (decoding is done once; each
// variant prunes, serializes and base64-encodes the tree again: about
// 13 µs per KiB, measured on a 450 KB card).
func buildWork(n int) int { return 13*(n>>10) + 1 }

// KeySetsToFetch lists the jkus whose key sets Verify would read for the
// card in doc (parsed by core/jsonpos) under the same options: none when
// the operator supplied keys or the card has no origin; otherwise the
// distinct self-published jkus of the signatures Verify checks (the first
// MaxSignatures, with a usable alg and no crit), at most MaxFetches, in
// the order Verify asks for them. A program that fetches key sets itself
// (core/check, which caches and budgets them) fetches these and hands
// Verify a Fetch that answers from what it got.
func KeySetsToFetch(doc *jsonpos.Doc, opts Options) []string {
	if len(opts.Keys) > 0 || opts.CardURL == "" || doc == nil || doc.Root == nil || doc.Root.Kind != jsonpos.Object {
		return nil
	}
	sigs := doc.Root.Get("signatures")
	if sigs == nil || sigs.Kind != jsonpos.Array {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for i, s := range sigs.Children {
		if i >= MaxSignatures || len(out) >= MaxFetches {
			break
		}
		if s.Kind != jsonpos.Object {
			continue
		}
		p, sig := s.Get("protected"), s.Get("signature")
		if p == nil || p.Kind != jsonpos.String || sig == nil || sig.Kind != jsonpos.String {
			continue
		}
		raw, err := base64.RawURLEncoding.DecodeString(p.Str)
		var header map[string]any
		if err != nil || json.Unmarshal(raw, &header) != nil {
			continue
		}
		alg, _ := header["alg"].(string)
		jku, _ := header["jku"].(string)
		if _, crit := header["crit"]; crit || algorithms[alg].fam == 0 || jku == "" || seen[jku] {
			continue
		}
		if ok, _ := SelfPublishedJKU(opts.CardURL, jku); ok {
			seen[jku] = true
			out = append(out, jku)
		}
	}
	return out
}
