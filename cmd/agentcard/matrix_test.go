package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSelectMatrix: `select --sdk all` ends with the compatibility matrix
// (SDK × loads / selects / verifies), in text and JSON, in both
// languages; a2a-go's row comes from the library itself, a2a-python's says
// it is not verified against the running SDK, and --key lets the verifies
// column answer.
func TestSelectMatrix(t *testing.T) {
	type cell struct {
		Answer, Message, Issue string
		Index                  int
	}
	type row struct {
		SDK, Release, Basis, Note string
		Loads, Selects, Verifies  cell
	}
	matrix := func(args ...string) []row {
		t.Helper()
		out, errOut, _ := runCLI(t, "", append([]string{"select", "--sdk", "all", "--format", "json"}, args...)...)
		var v struct{ Matrix []row }
		if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Matrix) != 3 {
			t.Fatalf("%v\n%s%s", err, out, errOut)
		}
		return v.Matrix
	}
	// the spec-shaped requirement a2a-go refuses
	m := matrix("../../site/learn/exercises/07-security.solution.json")
	if g := m[0]; g.SDK != "a2a-go" || g.Basis != "running-sdk" || g.Loads.Answer != "no" || g.Selects.Answer != "not-reached" ||
		!strings.Contains(g.Loads.Issue, "a2a-go/issues/430") || !strings.Contains(g.Loads.Message, "SecuritySchemeScopes") {
		t.Errorf("a2a-go row: %+v", g)
	}
	for _, r := range m[1:] {
		if r.Loads.Answer != "yes" || r.Selects.Answer != "yes" || r.Selects.Index != 0 {
			t.Errorf("%s row: %+v", r.SDK, r)
		}
	}
	if p := m[1]; p.SDK != "a2a-python" || p.Release != "v1.1.0" || p.Basis != "model-unverified" || !strings.Contains(p.Note, "not verified against the running SDK") {
		t.Errorf("a2a-python row: %+v", p)
	}
	if j := m[2]; j.SDK != "a2a-js" || j.Release != "v1.3.0" || j.Basis != "model" {
		t.Errorf("a2a-js row: %+v", j)
	}

	// signatures: without the key the verdict needs it, with it each
	// verifier answers (both SDKs sign a reduced card, so the
	// specification's signature of this card fits neither)
	signed := "../../site/learn/exercises/10-signing.solution.json"
	for _, r := range matrix(signed)[1:] {
		if r.Verifies.Answer != "unchecked" {
			t.Errorf("%s without a key: %+v", r.SDK, r.Verifies)
		}
	}
	for _, r := range matrix("--key", "../../site/learn/exercises/10-signing.pub.jwk", signed) {
		want := "no"
		if r.SDK == "a2a-go" {
			want = "n/a" // no verifier
		}
		if r.Verifies.Answer != want {
			t.Errorf("%s with the key: %+v, want %s", r.SDK, r.Verifies, want)
		}
	}

	// text, in Chinese
	out, _, code := runCLI(t, "", "select", "--sdk", "all", "--lang", "zh-CN", "../../site/learn/exercises/07-security.solution.json")
	for _, want := range []string{"兼容性矩阵", "读取卡片", "选用接口", "验证签名", "未与实际运行的 SDK 核对", "上游 issue：https://github.com/a2aproject/a2a-go/issues/430"} {
		if !strings.Contains(out, want) {
			t.Errorf("Chinese text lacks %q:\n%s", want, out)
		}
	}
	if code != exitFound {
		t.Errorf("a card a2a-go refuses: exit %d, want %d", code, exitFound)
	}
	// English text
	out, _, _ = runCLI(t, "", "select", "--sdk", "a2a-go", "../../site/learn/exercises/07-security.solution.json")
	if !strings.Contains(out, "Compatibility matrix") || !strings.Contains(out, "upstream issue: https://github.com/a2aproject/a2a-go/issues/430") || strings.Contains(out, "a2a-js v1.3.0  ") {
		t.Errorf("--sdk a2a-go text:\n%s", out)
	}
	// --key belongs to --sdk
	if _, errOut, code := runCLI(t, "", "select", "--client", "JSONRPC@1.0", "--key", "x.jwk", "../../site/learn/exercises/07-security.solution.json"); code != exitUsage || !strings.Contains(errOut, "--sdk") {
		t.Errorf("--key without --sdk: exit %d, %s", code, errOut)
	}
}
