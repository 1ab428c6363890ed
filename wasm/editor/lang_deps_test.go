//go:build !(js && wasm)

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestWasmCarriesEnglishOnly: the engine built for the browser links the
// English catalogue and no other; every other language is fetched by the
// page for the readers who need it.
func TestWasmCarriesEnglishOnly(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", ".")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	en := false
	for _, d := range deps {
		if strings.HasSuffix(d, "/core/i18n/catalog/en") {
			en = true
		}
		if strings.HasSuffix(d, "/core/i18n/catalog") || strings.HasSuffix(d, "/core/i18n/catalog/zh-CN") {
			t.Errorf("the editor wasm links %s", d)
		}
		// The configuration file's machinery: the editor has no
		// configuration file (its profiles are core/config/profile's).
		if strings.HasSuffix(d, "/core/config") || d == "go.yaml.in/yaml/v3" || d == "github.com/bmatcuk/doublestar/v4" {
			t.Errorf("the editor wasm links %s, which only reading a configuration file needs", d)
		}
	}
	if !en {
		t.Error("the editor wasm does not link the English catalogue; is the package list right?")
	}
}
