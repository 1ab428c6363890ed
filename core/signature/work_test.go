//go:build !remoteverify

package signature

import (
	"bytes"
	"context"
	"crypto/rsa"
	"math/big"
	"testing"

	"github.com/agentcard/agentcard/internal/hostile"
)

// TestRSAWorkFollowsExponent: an RSA check is charged by the modular
// multiplications its public exponent takes, never less than with
// e = 65537 (issue 36, B25): e = 2^31 − 1 takes 60 against 65537's 17.
func TestRSAWorkFollowsExponent(t *testing.T) {
	n := new(big.Int).Lsh(big.NewInt(1), 8191) // an 8192-bit modulus
	for _, tc := range []struct {
		e    int
		want int
	}{
		{3, 3200},
		{65537, 3200},
		{1<<31 - 1, (3200*60 + 16) / 17},
	} {
		if got := KeyWork(&rsa.PublicKey{N: n, E: tc.e}); got != tc.want {
			t.Errorf("e = %d: %d units, want %d", tc.e, got, tc.want)
		}
	}
}

// hostileExponentKeys is the review's worst signature card with its four
// RSA-8192 keys given the exponent e64 (base64url), as supplied keys.
func hostileExponentKeys(t testing.TB, e64 string) ([]byte, KeySet) {
	t.Helper()
	card, jwks := hostile.SignedCard("https://agent.example.com/jwks.json")
	jwks = bytes.ReplaceAll(jwks, []byte(`"e": "AQAB"`), []byte(`"e": "`+e64+`"`))
	keys, err := ParseKeys(jwks)
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 4 {
		t.Fatalf("%d keys", len(keys))
	}
	return card, keys
}

// TestB25ExponentWithinBudget: the card of issue 36's B25, 16 signatures
// over four RSA-8192 keys with e = 2^31 − 1, stays within the work
// budget with each check charged for its exponent, so it leaves more of
// its signatures unchecked than the same card with e = 65537 (charged as
// 65537, it checked as many and took 2 to 4 times the budget's time;
// BenchmarkB25Exponent compares the two).
func TestB25ExponentWithinBudget(t *testing.T) {
	unchecked := map[string]int{}
	for _, e := range []string{"AQAB", "f____w"} {
		card, keys := hostileExponentKeys(t, e)
		rep := mustVerify(t, card, Options{Keys: keys})
		if rep.Work > DefaultMaxWork || len(rep.Results) != 16 {
			t.Fatalf("e %s: work %d, %d results", e, rep.Work, len(rep.Results))
		}
		for _, r := range rep.Results {
			if r.Outcome == NotChecked {
				unchecked[e]++
			}
		}
	}
	if unchecked["f____w"] <= unchecked["AQAB"] {
		t.Errorf("unchecked signatures: %d with e = 2^31 − 1, %d with 65537", unchecked["f____w"], unchecked["AQAB"])
	}
}

// BenchmarkB25Exponent verifies the B25 card within the default budget
// with e = 65537 and with e = 2^31 − 1: charged by the exponent, both take
// about the same time (the budget's), where before the second took
// about 3.5 times as long.
func BenchmarkB25Exponent(b *testing.B) {
	for _, e := range []string{"AQAB", "f____w"} {
		card, keys := hostileExponentKeys(b, e)
		b.Run("e="+e, func(b *testing.B) {
			for b.Loop() {
				if _, err := Verify(context.Background(), card, Options{Keys: keys}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
