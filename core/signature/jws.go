//go:build !remoteverify

package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/asn1"
	"math/big"
)

func digest(h crypto.Hash, msg []byte) []byte {
	switch h {
	case crypto.SHA256:
		d := sha256.Sum256(msg)
		return d[:]
	case crypto.SHA384:
		d := sha512.Sum384(msg)
		return d[:]
	case crypto.SHA512:
		d := sha512.Sum512(msg)
		return d[:]
	}
	return msg
}

// keyFits reports whether pub is a key of the kind alg needs.
func keyFits(alg string, pub crypto.PublicKey) bool {
	a, ok := algorithms[alg]
	if !ok {
		return false
	}
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		return a.fam == famEC && k.Curve.Params().Name == a.curve
	case *rsa.PublicKey:
		return a.fam == famRSA || a.fam == famPSS
	case ed25519.PublicKey:
		return a.fam == famEdDSA
	}
	return false
}

// keyKind names a key's type for messages ("EC P-256", "RSA", "Ed25519").
func keyKind(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		return "EC " + k.Curve.Params().Name
	case *rsa.PublicKey:
		return "RSA"
	case ed25519.PublicKey:
		return "Ed25519"
	}
	return "?"
}

// defaultAlg is the algorithm Sign uses for a key when none is asked for.
func defaultAlg(pub crypto.PublicKey) string {
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		switch k.Curve.Params().Name {
		case "P-256":
			return "ES256"
		case "P-384":
			return "ES384"
		case "P-521":
			return "ES512"
		}
	case *rsa.PublicKey:
		return "RS256"
	case ed25519.PublicKey:
		return "EdDSA"
	}
	return ""
}

// check verifies sig over input. der reports an ECDSA signature written
// in ASN.1 DER instead of JWS's fixed-size R||S, a common signer mistake
// that verifies mathematically but that no JOSE library accepts.
func check(alg string, pub crypto.PublicKey, input, sig []byte) (ok, der bool) {
	var d []byte
	if a := algorithms[alg]; a.fam != famEdDSA {
		d = digest(a.hash, input)
	}
	return checkDigest(alg, pub, input, d, sig)
}

// checkDigest is check with the digest of input under alg's hash already
// made (nil for EdDSA, which hashes input itself), so that one signing
// input is hashed once however many candidate keys are tried.
func checkDigest(alg string, pub crypto.PublicKey, input, d, sig []byte) (ok, der bool) {
	a := algorithms[alg]
	switch a.fam {
	case famEC:
		k := pub.(*ecdsa.PublicKey)
		size := (k.Curve.Params().BitSize + 7) / 8
		if len(sig) != 2*size {
			return false, ecdsa.VerifyASN1(k, d, sig)
		}
		r, s := new(big.Int).SetBytes(sig[:size]), new(big.Int).SetBytes(sig[size:])
		return ecdsa.Verify(k, d, r, s), false
	case famRSA:
		return rsa.VerifyPKCS1v15(pub.(*rsa.PublicKey), a.hash, d, sig) == nil, false
	case famPSS:
		opts := &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: a.hash}
		return rsa.VerifyPSS(pub.(*rsa.PublicKey), a.hash, d, sig, opts) == nil, false
	case famEdDSA:
		k := pub.(ed25519.PublicKey)
		return len(k) == ed25519.PublicKeySize && ed25519.Verify(k, input, sig), false
	}
	return false, false
}

// sign produces the JWS signature of input with key under alg (which
// keyFits has accepted for key.Public()).
func sign(alg string, key crypto.Signer, input []byte) ([]byte, error) {
	a := algorithms[alg]
	switch a.fam {
	case famEC:
		der, err := key.Sign(rand.Reader, digest(a.hash, input), a.hash)
		if err != nil {
			return nil, err
		}
		var rs struct{ R, S *big.Int }
		if rest, err := asn1.Unmarshal(der, &rs); err != nil || len(rest) > 0 {
			return nil, errText("msg.signature-key.signer")
		}
		size := (key.Public().(*ecdsa.PublicKey).Curve.Params().BitSize + 7) / 8
		if rs.R == nil || rs.S == nil || rs.R.Sign() <= 0 || rs.S.Sign() <= 0 || rs.R.BitLen() > 8*size || rs.S.BitLen() > 8*size {
			return nil, errText("msg.signature-key.signer")
		}
		out := make([]byte, 2*size)
		rs.R.FillBytes(out[:size])
		rs.S.FillBytes(out[size:])
		return out, nil
	case famRSA:
		return key.Sign(rand.Reader, digest(a.hash, input), a.hash)
	case famPSS:
		return key.Sign(rand.Reader, digest(a.hash, input), &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: a.hash})
	case famEdDSA:
		return key.Sign(rand.Reader, input, crypto.Hash(0))
	}
	return nil, errText("msg.signature-key.alg", quoteArg(alg))
}
