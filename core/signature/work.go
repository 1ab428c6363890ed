//go:build !remoteverify

package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"math/bits"
)

// KeyWork is the cost of one signature check with pub, without hashing.
func KeyWork(pub crypto.PublicKey) int {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		base := 3200 // up to maxRSABits (8192)
		switch bits := k.N.BitLen(); {
		case bits <= 2048:
			base = 400
		case bits <= 3072:
			base = 700
		case bits <= 4096:
			base = 1100
		}
		return rsaExponentWork(base, k.E)
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

// rsaMultiplies65537 is the modular multiplications of an RSA check with
// e = 65537 (2^16 + 1): sixteen squarings and one multiplication. The
// per-size costs of KeyWork were measured with that exponent.
const rsaMultiplies65537 = 17

// rsaExponentWork scales base, the cost of a check with e = 65537, by the
// modular multiplications the actual exponent takes: an RSA check is one
// exponentiation by e, square-and-multiply over e's bits (bit length − 1
// squarings, one multiplication per further set bit), and the rest of
// the check is small beside it. ParseKeys accepts any odd e up to
// 2^31 − 1, which takes 30 + 30 = 60 multiplications, 3.5 times 65537's
// 17: charged as 65537, such keys let a card cost 2 to 4 times the work
// budget (issue 36, B25). Charging by the exponent rather than refusing
// large ones keeps every key that verifies elsewhere verifiable here,
// while the budget keeps meaning time. A smaller exponent (3) is charged
// as 65537: the fixed part of a check does not shrink with it.
func rsaExponentWork(base, e int) int {
	if e <= 0 {
		return base
	}
	mults := bits.Len(uint(e)) - 1 + bits.OnesCount(uint(e)) - 1
	if mults <= rsaMultiplies65537 {
		return base
	}
	return (base*mults + rsaMultiplies65537 - 1) / rsaMultiplies65537
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
