package card

import "strings"

// SignatureAlgorithms are the JWS algorithms a card signature may use
// (§8.4, with RFC 7518 §3 and RFC 8037): the one list that lint's shape
// rules and core/signature's verifier both read, so that what lint calls
// unverifiable offline is exactly what the verifier refuses.
func SignatureAlgorithms() []string {
	return []string{"ES256", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"}
}

// IsHMACAlg recognizes the symmetric algorithms (HS256 …) by name: their
// key is a shared secret, so anyone able to verify could also forge.
func IsHMACAlg(alg string) bool { return strings.HasPrefix(strings.ToUpper(alg), "HS") }
