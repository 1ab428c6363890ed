package signature

import (
	"crypto"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Key is one JSON Web Key (RFC 7517) read into a Go key.
type Key struct {
	ID  string // kid
	Alg string // the key's own alg, if it names one
	Use string // "sig", "enc" or ""
	// Public is *ecdsa.PublicKey, *rsa.PublicKey or ed25519.PublicKey.
	Public crypto.PublicKey
	// Private is set when the JWK holds the private part.
	Private crypto.Signer
	// JWK is the key as it was read, without its private members: what
	// a program that verifies elsewhere (core/check's RemoteVerifier)
	// sends, and reads again with ParseKeys there.
	JWK []byte
}

// KeySet is the keys a caller trusts or a jku answered.
type KeySet []*Key

// quoteArg quotes a value from a key or header for a message, clipped.
func quoteArg(s string) string { return jsonpos.QuoteClipped(s) }
