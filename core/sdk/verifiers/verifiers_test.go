package verifiers

import (
	"testing"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// TestReduced: the card as the SDKs' types hold it keeps the proto's
// members under their JSON names, drops the rest (a legacy url, an
// ERC-8004 type), and keeps free-form objects and signatures as written.
func TestReduced(t *testing.T) {
	src := `{"type": "erc", "name": "n", "url": "https://a.example.com", "default_input_modes": ["text/plain"],
	  "capabilities": {"streaming": false, "stateTransitionHistory": true, "extensions": [{"uri": "u", "params": {"x": {"y": null}}}]},
	  "signatures": [{"protected": "p", "signature": "s"}]}`
	got := string(Reduced(jsonpos.Parse([]byte(src), jsonpos.Options{}).Root))
	want := `{"name":"n","capabilities":{"streaming":false,"extensions":[{"uri":"u","params":{"x":{"y":null}}}]},"defaultInputModes":["text/plain"],"signatures":[{"protected":"p","signature":"s"}]}`
	if got != want {
		t.Errorf("Reduced:\n got %s\nwant %s", got, want)
	}
}
