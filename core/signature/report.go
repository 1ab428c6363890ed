package signature

import (
	"context"

	"github.com/agentcard/agentcard/core/i18n"
)

// Outcome is what checking one signature found.
type Outcome string

const (
	// Verified: a key the operator trusts (Options.Keys) signed the
	// specification's payload.
	Verified Outcome = "verified"
	// SelfPublished: a key from the key set the card's own origin
	// publishes at the signature's jku signed the specification's
	// payload. That proves the card and the key set come from one origin,
	// not who the signer is: the signer chose the key itself (issue 16,
	// B5). It is never the same outcome as Verified.
	SelfPublished Outcome = "self-published"
	// Invalid: a key was found but the signature does not match the
	// specification's payload. Result.Variant says when it matches
	// another (an SDK's) payload instead.
	Invalid Outcome = "invalid"
	// KeyUnavailable: no usable key for the signature (none supplied, kid
	// unknown, jku not fetched or failing, key of the wrong kind).
	KeyUnavailable Outcome = "key-unavailable"
	// AlgRefused: alg "none", an HMAC algorithm or one we do not know.
	AlgRefused Outcome = "alg-refused"
	// Malformed: the signature entry is not a readable JWS.
	Malformed Outcome = "malformed"
	// NotChecked: checking the signature would have taken this check over
	// its work budget (Options.MaxWork), so it was left unchecked.
	NotChecked Outcome = "not-checked"
)

// KeySource says where the key that checked a signature came from.
type KeySource string

const (
	FromSupplied KeySource = "supplied" // Options.Keys
	FromJKU      KeySource = "jku"      // the signature's jku on the card's own origin, through Options.Fetch
)

// Fetch reads a key set URL (a signature's jku). The caller decides what
// may be fetched (its SSRF policy, size and time limits); this package
// never opens a connection. An error of type *Error is shown with its
// text; any other error as a generic failure.
type Fetch func(ctx context.Context, url string) ([]byte, error)

// Options are the keys Verify may use. Trust is the operator's, never the
// signer's:
//
//   - with Keys, only those keys can verify a signature; a signature
//     whose kid none of them has is key-unavailable, and no jku is read;
//   - without Keys, a key from a signature's jku counts only when the jku
//     is https (or a loopback host) on the card's own origin (CardURL),
//     and the outcome is SelfPublished, never Verified;
//   - a card without origin (a file: CardURL empty) has no self-published
//     keys.
type Options struct {
	// Keys are keys the operator trusts (a JWK or JWKS from ParseKeys).
	Keys KeySet
	// Fetch, when set, is called for a self-published jku (see above; from
	// the protected header only) when there are no Keys; at most
	// MaxFetches key sets are read per call, each once.
	Fetch Fetch
	// CardURL is where the card was served from (the final URL, after
	// redirects); "" for a card read from a file.
	CardURL string
	// MaxWork bounds the verification work of one call, in work units
	// (see KeyWork); 0 means DefaultMaxWork.
	MaxWork int
	// Yield, when set, is called between pieces of work (before each
	// signature after the first, before each payload variant), so that a
	// runtime with one thread (the Worker) serves other requests meanwhile.
	Yield func(context.Context)
}

// Bounds of one Verify call: a card (and the key set its jku names) is
// not trusted to be small. A signature is checked with at most
// maxCandidates keys (more only happen without a kid, which §8.4.2
// requires).
const (
	MaxSignatures = 16
	MaxFetches    = 4
	maxCandidates = 4
)

// Result is the check of one signature.
type Result struct {
	Index   int     `json:"index"`
	Outcome Outcome `json:"outcome"`
	Alg     string  `json:"alg,omitempty"`
	Kid     string  `json:"kid,omitempty"`
	JKU     string  `json:"jku,omitempty"`
	// KeySource is where the key that matched came from (when one did).
	KeySource KeySource `json:"keySource,omitempty"`
	// Variant is the payload the signature was made over: Spec when
	// Verified; another variant when the signature is Invalid for the
	// specification but matches what an SDK signs; empty otherwise.
	Variant Variant `json:"variant,omitempty"`
	// Text explains the outcome (msg.signature-<outcome>…).
	Text i18n.Text `json:"text"`
}

// Report is the check of every signature of a card.
type Report struct {
	// Payload is the specification's canonical payload, for display.
	Payload []byte   `json:"-"`
	Results []Result `json:"results"`
	// Unchecked counts signatures past MaxSignatures, not checked.
	Unchecked int `json:"unchecked,omitempty"`
	// Supplied is the number of keys the operator supplied (Options.Keys):
	// with any, a card none of whose signatures they verify is not signed
	// by a key the operator trusts (Diagnostics says so).
	Supplied int `json:"supplied,omitempty"`
	// Work is the verification work spent, in work units.
	Work int `json:"work,omitempty"`
}
