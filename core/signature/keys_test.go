package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"sync"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
)

var (
	rsaOnce sync.Once
	rsaKey  *rsa.PrivateKey
)

// testKey returns a fresh key for alg (one RSA key is shared: generating
// them is slow).
func testKey(t testing.TB, alg string) crypto.Signer {
	t.Helper()
	var k crypto.Signer
	var err error
	switch alg {
	case "ES256":
		k, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "ES384":
		k, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "ES512":
		k, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case "EdDSA":
		_, k, err = ed25519.GenerateKey(rand.Reader)
	default:
		rsaOnce.Do(func() { rsaKey, err = rsa.GenerateKey(rand.Reader, 2048) })
		k = rsaKey
	}
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func keySet(t testing.TB, kid string, k crypto.Signer) KeySet {
	t.Helper()
	b, err := PublicJWK(&Key{ID: kid, Public: k.Public()})
	if err != nil {
		t.Fatal(err)
	}
	set, err := ParseKeys(b)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func i18nT(id string, args ...any) i18n.Text { return i18n.T(id, args...) }
