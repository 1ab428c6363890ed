//go:build !remoteverify

package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
)

// KeyWork is the cost of one signature check with pub, without hashing.
func KeyWork(pub crypto.PublicKey) int {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		switch bits := k.N.BitLen(); {
		case bits <= 2048:
			return 400
		case bits <= 3072:
			return 700
		case bits <= 4096:
			return 1100
		default:
			return 3200 // up to maxRSABits (8192)
		}
	case *ecdsa.PublicKey:
		switch k.Curve.Params().BitSize {
		case 256:
			return 1500
		case 384:
			return 7000
		default:
			return 27000 // P-521
		}
	case ed25519.PublicKey:
		return 700
	}
	return 3200
}

// hashWork is the cost of hashing n bytes.
func hashWork(n int) int { return 6*(n>>10) + 1 }

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
// variant prunes, serializes and base64-encodes the tree again).
func buildWork(n int) int { return 250*(n>>10) + 1 }
