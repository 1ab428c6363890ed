package signature

import (
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
// unit is about a microsecond where the work is slowest, the Worker's
// WebAssembly (measured with Go 1.26 in V8, warm): there big-number and
// elliptic-curve arithmetic are 3 to 25 times slower than natively, so a
// P-256 check costs 1,500 and an RSA-2048 one 400, hashing 6 units per KiB
// and building one more payload variant 250 per KiB of card. Natively the
// same work takes a fifth to a tenth of the time.
const (
	// DefaultMaxWork is the budget of one Verify call: about 150 ms in the
	// Worker, 15 to 40 ms natively. A card with 16 ES256 signatures over
	// 100 KB needs about 34,000; only cards built to be expensive meet it.
	DefaultMaxWork = 150_000
)

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
