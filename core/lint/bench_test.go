package lint

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/agentcard/agentcard/internal/testcards"
)

// Benchmarks with their baseline in the same run (docs/PERFORMANCE.md): lint
// must stay within 3× of encoding/json unmarshalling the same bytes into
// `any`, and grow linearly. Run:
//
//	go test -run '^$' -bench . -benchmem ./core/lint/

func smallCard(b *testing.B) []byte {
	src, err := os.ReadFile("testdata/small-card.json")
	if err != nil {
		b.Fatal(err)
	}
	return src
}

var (
	largeOnce sync.Once
	largeSrc  []byte
)

// largeCard is a valid 1.0 card of about 1 MiB: the small card's header
// with about 2,000 realistic skills.
func largeCard(b *testing.B) []byte {
	largeOnce.Do(func() {
		var sb strings.Builder
		sb.WriteString(`{
  "name": "Enterprise Operations Hub",
  "description": "Routes operational requests (procurement, IT tickets, travel, facilities) to the right workflow and reports the outcome with links to the records it created.",
  "version": "7.0.0",
  "provider": {"organization": "Example Corp", "url": "https://ops.example.com"},
  "supportedInterfaces": [
    {"url": "https://ops.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "https://ops.example.com/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
  ],
  "capabilities": {"streaming": true},
  "defaultInputModes": ["text/plain", "application/json"],
  "defaultOutputModes": ["text/plain", "application/json"],
  "skills": [`)
		for i := 0; sb.Len() < 1<<20-600; i++ {
			if i > 0 {
				sb.WriteString(",")
			}
			fmt.Fprintf(&sb, `
    {
      "id": "workflow-%04d",
      "name": "Workflow %d: purchase request review",
      "description": "Checks purchase request %d against the budget of its cost centre and the approval matrix, then files it with the approvers it needs and reports the request number.",
      "tags": ["procurement", "approvals", "workflow-%d"],
      "examples": ["File a purchase request for 3 laptops for cost centre 4100", "Who must approve a 12,000 EUR software licence?"],
      "inputModes": ["text/plain", "application/json"],
      "outputModes": ["application/json"]
    }`, i, i, i, i%50)
		}
		sb.WriteString("\n  ]\n}\n")
		largeSrc = []byte(sb.String())
	})
	return largeSrc
}

func benchLint(b *testing.B, src []byte) {
	if res := Lint(src, Options{}); res.Errors != 0 {
		b.Fatalf("benchmark card has errors: %v", codes(res))
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		Lint(src, Options{})
	}
}

func benchBaseline(b *testing.B, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var v any
		if err := json.Unmarshal(src, &v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLintSmall(b *testing.B)     { benchLint(b, smallCard(b)) }
func BenchmarkBaselineSmall(b *testing.B) { benchBaseline(b, smallCard(b)) }
func BenchmarkLintLarge(b *testing.B)     { benchLint(b, largeCard(b)) }
func BenchmarkLint100KB(b *testing.B)     { benchLint(b, card100KB(b)) }
func BenchmarkBaseline100KB(b *testing.B) { benchBaseline(b, card100KB(b)) }

// card100KB is the 100 KB card of the playground's keystroke benchmark
// (site/e2e/bench_test.go): an editor parses and lints it on every
// keystroke.
func card100KB(b *testing.B) []byte       { return []byte(testcards.Sized(b, 100<<10)) }
func BenchmarkBaselineLarge(b *testing.B) { benchBaseline(b, largeCard(b)) }
