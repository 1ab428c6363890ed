package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/lint"
)

// bigCard is the full sample card grown with skills to at least size bytes
// (the same shape the browser benchmark in site/e2e uses).
func bigCard(b *testing.B, size int) []byte {
	base := string(sharedCard(b, "full-1.0.json"))
	var skills []string
	for i := 0; len(base)+len(strings.Join(skills, ",\n")) < size; i++ {
		skills = append(skills, fmt.Sprintf(`    {"id": "route-plan-%d", "name": "Route plan %d", "description": "Plans delivery route %d for one depot so that every van returns before the workshop closes; 路线 %d.", "tags": ["routes", "fleet"], "examples": ["Plan route %d for tomorrow"]}`, i, i, i, i, i))
	}
	if len(skills) == 0 {
		return []byte(base)
	}
	i := strings.LastIndex(base, "]")
	return []byte(base[:i] + "  ,\n" + strings.Join(skills, ",\n") + "\n  " + base[i:])
}

// The adapter's cost over the engine (UTF-16 offsets, result copy, JSON for
// the JS boundary), with encoding/json Unmarshal of the same bytes as the
// baseline in the same run.
func benchAll(b *testing.B, size int) {
	src := bigCard(b, size)
	b.Run("baseline-unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			var v any
			json.Unmarshal(src, &v)
		}
	})
	b.Run("engine-lint", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			lint.Lint(src, lint.Options{})
		}
	})
	b.Run("adapter-lint-json", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			json.Marshal(Lint(src))
		}
	})
	b.Run("adapter-select-json", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		for b.Loop() {
			json.Marshal(Select(src, "GRPC@1.0,HTTP+JSON@1.0"))
		}
	})
}

func BenchmarkEditor3KB(b *testing.B)   { benchAll(b, 3<<10) }
func BenchmarkEditor100KB(b *testing.B) { benchAll(b, 100<<10) }
