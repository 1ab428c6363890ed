package hostile

import (
	"encoding/json"
	"testing"
)

func TestSignedCard(t *testing.T) {
	card, jwks := SignedCard("https://agent.example.com/jwks.json")
	var m map[string]any
	if err := json.Unmarshal(card, &m); err != nil {
		t.Fatal(err)
	}
	if n := len(card); n < 420<<10 || n > 480<<10 {
		t.Errorf("card of %d bytes, want about 450 KB", n)
	}
	if sigs := m["signatures"].([]any); len(sigs) != 16 {
		t.Errorf("%d signatures", len(sigs))
	}
	var set struct{ Keys []map[string]string }
	if err := json.Unmarshal(jwks, &set); err != nil || len(set.Keys) != 4 {
		t.Fatalf("key set: %v, %d keys", err, len(set.Keys))
	}
	for _, k := range set.Keys {
		if len(k["n"]) < 1360 || k["kid"] != "" {
			t.Errorf("not an RSA-8192 key without kid: %d base64 chars, kid %q", len(k["n"]), k["kid"])
		}
	}
}
