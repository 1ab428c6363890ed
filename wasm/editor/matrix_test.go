package main

import (
	"os"
	"strings"
	"testing"
)

// TestMatrix: agentcard.matrix answers a row per SDK from the models; on
// the specification's securityRequirements shape a2a-go's card reader
// refuses the card (with its upstream issue); a2a-python's row says it is
// not verified against the running SDK; the words follow the language.
func TestMatrix(t *testing.T) {
	src, err := os.ReadFile("../../site/learn/exercises/07-security.solution.json")
	if err != nil {
		t.Fatal(err)
	}
	rows := Matrix(src)
	if len(rows) != 3 || rows[0].SDK != "a2a-go" || rows[1].SDK != "a2a-python" || rows[2].SDK != "a2a-js" {
		t.Fatalf("%+v", rows)
	}
	g := rows[0]
	if g.Loads.Answer != "no" || g.Loads.Label != "no" || g.Selects.Answer != "not-reached" || !strings.Contains(g.Loads.Issue, "a2a-go/issues/430") {
		t.Errorf("a2a-go: %+v", g)
	}
	for _, r := range rows[1:] {
		if r.Loads.Answer != "yes" || r.Selects.Label != "entry 0" || r.Verifies.Answer != "n/a" {
			t.Errorf("%s: %+v", r.SDK, r)
		}
	}
	if p := rows[1]; p.Basis != "model-unverified" || !strings.Contains(p.Note, "not verified against the running SDK") || !strings.Contains(p.Source, "a2a-python/blob/v1.1.0/") {
		t.Errorf("a2a-python: %+v", p)
	}
	if r := SetLanguage("zh-CN", chineseJSON(t)); r.Error != "" {
		t.Fatal(r.Error)
	}
	defer SetLanguage("en", "")
	zh := Matrix(src)
	if zh[0].Loads.Label != "否" || !hasHan(zh[0].Loads.Message) || zh[1].BasisLabel != "模型，未与实际运行的 SDK 核对" {
		t.Errorf("Chinese: %+v", zh[0])
	}
}
