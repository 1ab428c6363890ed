package signature

import (
	"crypto"

	"github.com/agentcard/agentcard/core/card"
)

// family groups the JWS algorithms (RFC 7518 §3, RFC 8037) by key type.
type family uint8

const (
	famEC family = iota + 1
	famRSA
	famPSS
	famEdDSA
)

type algorithm struct {
	fam   family
	hash  crypto.Hash // zero for EdDSA
	curve string      // EC: the curve the algorithm fixes
}

// algorithms are the asymmetric JWS algorithms a card signature may use.
// HMAC (HS*) is deliberately absent: its key is a shared secret, so
// anyone able to verify could also forge.
var algorithms = map[string]algorithm{
	"ES256": {famEC, crypto.SHA256, "P-256"},
	"ES384": {famEC, crypto.SHA384, "P-384"},
	"ES512": {famEC, crypto.SHA512, "P-521"},
	"RS256": {famRSA, crypto.SHA256, ""},
	"RS384": {famRSA, crypto.SHA384, ""},
	"RS512": {famRSA, crypto.SHA512, ""},
	"PS256": {famPSS, crypto.SHA256, ""},
	"PS384": {famPSS, crypto.SHA384, ""},
	"PS512": {famPSS, crypto.SHA512, ""},
	"EdDSA": {famEdDSA, 0, ""},
}

// Algorithms lists the algorithms Verify and Sign support: lint's list,
// which its signature-unverifiable rule reads without verifying
// (TestAlgorithmsAreLints holds the table above to it).
func Algorithms() []string { return card.SignatureAlgorithms() }

// isHMAC recognizes the symmetric algorithms (HS256 …), refused by name.
func isHMAC(alg string) bool { return card.IsHMACAlg(alg) }
