//go:build !(js && wasm) || verifier

package main

import (
	"os"
	"testing"
)

// TestVerifyMatrix: with the signer's key, Verify answers the matrix's
// verifies column; without one it leaves it empty.
func TestVerifyMatrix(t *testing.T) {
	src, _ := os.ReadFile("../../site/learn/exercises/10-signing.solution.json")
	key, _ := os.ReadFile("../../site/learn/exercises/10-signing.pub.jwk")
	if r := Verify(src, ""); len(r.Matrix) != 0 {
		t.Errorf("without a key: %+v", r.Matrix)
	}
	if rows := Matrix(src); rows[2].Verifies.Answer != "unchecked" {
		t.Errorf("matrix without a key: %+v", rows[2].Verifies)
	}
	r := Verify(src, string(key))
	if len(r.Matrix) != 3 || r.Results[0].Outcome != "verified" {
		t.Fatalf("%+v", r)
	}
	want := map[string]string{"a2a-go": "n/a", "a2a-python": "no", "a2a-js": "no"}
	for _, v := range r.Matrix {
		if v.Answer != want[v.SDK] || v.Message == "" {
			t.Errorf("%s: %+v, want %s", v.SDK, v, want[v.SDK])
		}
	}
}
