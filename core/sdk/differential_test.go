package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/internal/toolchain"
)

// observed is what a real library did with one card, in the drivers'
// shape (testdata/conformance.mjs prints it; goObserved builds it from
// a2a-go's own run).
type observed struct {
	Loads   bool   `json:"loads"`
	Detail  string `json:"detail"`
	Reads   *Reads `json:"reads"`
	Outcome string `json:"outcome"` // selected, none or error
	URL     string `json:"url"`
	Binding string `json:"binding"`
	Tenant  string `json:"tenant"`
	Speaks  string `json:"speaks"`
	// entries: what ParseDict read (python_test.go only)
	entries []pyEntry
}

// modelled is the same from the models.
func modelled(c sweepCase, s selection.SDK) observed {
	doc := jsonpos.Parse(c.Card, jsonpos.Options{})
	r := selection.ReadCard(doc.Root, s)
	o := observed{Loads: r.Refusal == nil}
	if r.Refusal != nil {
		return o
	}
	o.Reads = &Reads{Interfaces: r.Interfaces, SecurityRequirements: r.SecurityRequirements, ExtendedCard: r.ExtendedCard}
	res := selection.SelectSDK(doc, s, selection.SDKOptions{})
	switch res.Outcome {
	case selection.Selected:
		o.Outcome, o.URL, o.Binding, o.Tenant, o.Speaks = "selected", res.URL, res.ProtocolBinding, res.Tenant, res.Speaks
	case selection.SDKError:
		o.Outcome = "error"
	default:
		o.Outcome = "none"
	}
	return o
}

// goObserved runs a2a-go itself, as the CLI does in the companion
// agentcard-a2a (core/sdk/gorun), its facts read by goRunOf.
func goObserved(t *testing.T, c sweepCase) observed {
	t.Helper()
	f, err := runGoCompanion(context.Background(), c.Card)
	if err != nil {
		t.Fatalf("a2a-go did not run in the companion: %v", err)
	}
	r := goRunOf(jsonpos.Parse(c.Card, jsonpos.Options{}), f)
	o := observed{Loads: r.reading.Refusal == nil}
	if !o.Loads {
		return o
	}
	o.Reads = &Reads{Interfaces: r.reading.Interfaces, SecurityRequirements: r.reading.SecurityRequirements, ExtendedCard: r.reading.ExtendedCard}
	switch r.result.Outcome {
	case selection.Selected:
		o.Outcome, o.URL, o.Speaks = "selected", r.result.URL, r.result.Speaks
		for _, it := range selectionEntries(c) {
			if it[0] == r.result.URL {
				o.Binding, o.Tenant = it[1], it[2]
			}
		}
	case selection.SDKError:
		o.Outcome = "error"
	default:
		o.Outcome = "none"
	}
	return o
}

// selectionEntries lists (url, binding, tenant) of the card's entries as
// a2a-go decodes them (member names folded), for naming its choice.
func selectionEntries(c sweepCase) [][3]string {
	var card struct {
		SupportedInterfaces []struct {
			URL             string `json:"url"`
			ProtocolBinding string `json:"protocolBinding"`
			Tenant          string `json:"tenant"`
		} `json:"supportedInterfaces"`
	}
	_ = json.Unmarshal(c.Card, &card)
	var out [][3]string
	for _, e := range card.SupportedInterfaces {
		out = append(out, [3]string{e.URL, e.ProtocolBinding, e.Tenant})
	}
	return out
}

// agree compares what the library did with what the model says: the
// same reader outcome, the same reading, the same choice (entry by URL,
// binding, tenant, spoken version).
func agree(t *testing.T, s selection.SDK, c sweepCase, got, want observed) {
	t.Helper()
	if got.Loads != want.Loads {
		t.Errorf("%s / %s: the library's reader loads=%v (%s), the model's loads=%v", s, c.Name, got.Loads, got.Detail, want.Loads)
		return
	}
	if !got.Loads {
		return
	}
	if !reflect.DeepEqual(got.Reads, want.Reads) {
		g, _ := json.Marshal(got.Reads)
		w, _ := json.Marshal(want.Reads)
		t.Errorf("%s / %s: the library read %s, the model %s", s, c.Name, g, w)
	}
	if got.Outcome != want.Outcome {
		t.Errorf("%s / %s: the library's client says %s (%s %s), the model %s", s, c.Name, got.Outcome, got.URL, got.Detail, want.Outcome)
		return
	}
	if got.Outcome == "selected" && (got.URL != want.URL || got.Binding != want.Binding || got.Tenant != want.Tenant || got.Speaks != want.Speaks) {
		t.Errorf("%s / %s: the library chose %s %s (tenant %q, speaks %s), the model %s %s (tenant %q, speaks %s)",
			s, c.Name, got.Binding, got.URL, got.Tenant, got.Speaks, want.Binding, want.URL, want.Tenant, want.Speaks)
	}
}

// TestGoAgreesWithModel runs a2a-go v2.4.0 on every card of the sweep and
// holds the a2a-go models (card reader and client choice) to it.
func TestGoAgreesWithModel(t *testing.T) {
	var seen []observed
	for _, c := range sweep(t) {
		got := goObserved(t, c)
		seen = append(seen, got)
		agree(t, selection.SDKGo, c, got, modelled(c, selection.SDKGo))
	}
	t.Log(tally("a2a-go "+card.A2AGoVersion, seen))
}

// tally says how many sweep cards a library loaded and chose from.
func tally(release string, seen []observed) string {
	loads, selected := 0, 0
	for _, o := range seen {
		if o.Loads {
			loads++
		}
		if o.Outcome == "selected" {
			selected++
		}
	}
	return fmt.Sprintf("%s: %d cards, %d loaded, %d refused, %d with an entry selected", release, len(seen), loads, len(seen)-loads, selected)
}

// TestJSAgreesWithModel runs @a2a-js/sdk on every card of the sweep in
// Node and holds the a2a-js models to it. It never skips: npm ci installs
// the library (make test does), and without it the test fails.
func TestJSAgreesWithModel(t *testing.T) {
	cases := sweep(t)
	res := RunJS(t, cases)
	var seen []observed
	for _, c := range cases {
		got, ok := res[c.Name]
		if !ok {
			t.Errorf("the driver said nothing about %s", c.Name)
			continue
		}
		seen = append(seen, got)
		agree(t, selection.SDKJS, c, got, modelled(c, selection.SDKJS))
	}
	t.Log(tally("@a2a-js/sdk "+card.A2AJSVersion, seen))
}

// RunJS runs testdata/conformance.mjs over cases (written to a file) and
// reads its answer.
func RunJS(t *testing.T, cases any) map[string]observed {
	t.Helper()
	RequireJS(t)
	b, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "cards.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(testdataDir(t), "conformance.mjs"), file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node conformance.mjs: %v\n%s", err, stderr.String())
	}
	var res map[string]observed
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("the driver printed %.200q: %v", out, err)
	}
	return res
}

func testdataDir(t *testing.T) string {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// RequireJS ends the test when the real a2a-js cannot be run: it skips
// without node_modules or node, and fails under AGENTCARD_REQUIRE_ALL=1,
// which make test sets (internal/toolchain). A node_modules that holds
// another version than the models follow always fails.
func RequireJS(t *testing.T) {
	t.Helper()
	if reason := jsMissing(t); reason != "" {
		toolchain.Missing(t, reason)
	}
}

// jsMissing says why the real a2a-js cannot be run, or "" when it can.
func jsMissing(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(root, "node_modules", "@a2a-js", "sdk", "package.json")
	b, err := os.ReadFile(pkg)
	if err != nil {
		return "@a2a-js/sdk is not installed in node_modules (run npm ci, or make deps): the a2a-js models are not compared with the real SDK"
	}
	var p struct {
		Version string `json:"version"`
	}
	_ = json.Unmarshal(b, &p)
	if "v"+p.Version != selection.SDKJS.Release() {
		t.Fatalf("node_modules holds @a2a-js/sdk %s, the models follow %s: run npm ci, or review the models before moving the pin", p.Version, selection.SDKJS.Release())
	}
	if _, err := exec.LookPath("node"); err != nil {
		return "node is not installed: the a2a-js models are not compared with the real SDK"
	}
	return ""
}
