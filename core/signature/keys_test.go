package signature

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"strings"
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

// Key.JWK is the key without its private members, and reads back as the
// same public key (what a verifier in another process is sent).
func TestKeyJWKIsPublic(t *testing.T) {
	for _, alg := range []string{"ES256", "RS256", "EdDSA"} {
		k := testKey(t, alg)
		set, err := ParseKeys(privateJWKOf(t, k, "k1", "enc"))
		if err != nil || len(set) != 1 || set[0].Private == nil {
			t.Fatalf("%s: %v", alg, err)
		}
		j := string(set[0].JWK)
		for _, m := range []string{`"d"`, `"p"`, `"q"`, `"dp"`, `"dq"`, `"qi"`} {
			if strings.Contains(j, m) {
				t.Errorf("%s: JWK keeps %s: %s", alg, m, j)
			}
		}
		again, err := ParseKeys(set[0].JWK)
		if err != nil || len(again) != 1 || again[0].Private != nil || again[0].ID != "k1" || again[0].Use != "enc" {
			t.Fatalf("%s: read back %v %+v", alg, err, again)
		}
		if !again[0].Public.(interface{ Equal(crypto.PublicKey) bool }).Equal(set[0].Public) {
			t.Errorf("%s: another public key after reading JWK back", alg)
		}
	}
}

// privateJWKOf writes k as a private JWK with kid and use.
func privateJWKOf(t *testing.T, k crypto.Signer, kid, use string) []byte {
	t.Helper()
	enc := base64.RawURLEncoding.EncodeToString
	m := map[string]string{"kid": kid, "use": use}
	switch k := k.(type) {
	case *ecdsa.PrivateKey:
		size := (k.Curve.Params().BitSize + 7) / 8
		m["kty"], m["crv"] = "EC", k.Curve.Params().Name
		m["x"], m["y"], m["d"] = enc(k.X.FillBytes(make([]byte, size))), enc(k.Y.FillBytes(make([]byte, size))), enc(k.D.FillBytes(make([]byte, size)))
	case *rsa.PrivateKey:
		m["kty"], m["n"], m["e"], m["d"] = "RSA", enc(k.N.Bytes()), enc(big.NewInt(int64(k.E)).Bytes()), enc(k.D.Bytes())
		m["p"], m["q"] = enc(k.Primes[0].Bytes()), enc(k.Primes[1].Bytes())
		m["dp"], m["dq"], m["qi"] = enc(k.Precomputed.Dp.Bytes()), enc(k.Precomputed.Dq.Bytes()), enc(k.Precomputed.Qinv.Bytes())
	case ed25519.PrivateKey:
		m["kty"], m["crv"], m["x"], m["d"] = "OKP", "Ed25519", enc(k.Public().(ed25519.PublicKey)), enc(k.Seed())
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
