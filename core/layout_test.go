// The dependency rules of docs/ARCHITECTURE.md (Layout), as a test: what the
// document says about imports inside core/ holds because this fails
// otherwise. It reads the build's own view of the packages (go list), so
// it sees what is linked, not what a grep of import lines suggests.
package core_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// listed is what go list says of one package (without its tests).
type listed struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

func listCore(t *testing.T) (module string, pkgs map[string]listed) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module = strings.TrimSpace(string(out))
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,Deps", "./...")
	out, err = cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs = map[string]listed{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[strings.TrimPrefix(p.ImportPath, module+"/")] = p
	}
	if len(pkgs) == 0 {
		t.Fatal("go list found no package under core/")
	}
	return module, pkgs
}

// ours is the packages of this module among paths, module prefix dropped.
func ours(module string, paths []string) []string {
	var out []string
	for _, p := range paths {
		if rest, ok := strings.CutPrefix(p, module+"/"); ok {
			out = append(out, rest)
		}
	}
	return out
}

// producers report findings without running the rules: they speak
// core/diag's vocabulary and must not stand on core/lint's catalogue.
var producers = []string{"core/discovery", "core/signature", "core/probe", "core/extended", "core/config", "core/fix"}

// stillOnLint are producers that depend on core/lint today, with the
// reason. The test fails once one no longer does, so that its entry goes
// and the rule then holds for it. (Empty: every producer is free of it.)
var stillOnLint = map[string]string{}

func TestCoreLayout(t *testing.T) {
	module, pkgs := listCore(t)
	for path, p := range pkgs {
		for _, d := range ours(module, p.Deps) {
			if strings.HasPrefix(d, "internal/") {
				t.Errorf("%s depends on %s: core never imports internal/", path, d)
			}
		}
	}
	// Processes are the commands' business (cmd/internal/companion): no
	// package under core/ starts one.
	if _, ok := pkgs["core/companion"]; ok {
		t.Errorf("core/companion exists: starting and ending processes belongs under cmd/")
	}
	for path, p := range pkgs {
		if slices.Contains(p.Imports, "os/exec") {
			t.Errorf("%s imports os/exec: no package under core/ starts processes", path)
		}
	}

	jsonpos := pkgs["core/jsonpos"]
	if got := ours(module, jsonpos.Deps); len(got) > 0 {
		t.Errorf("core/jsonpos depends on %v: it imports no package of this module", got)
	}
	for _, path := range []string{"core/diag", "core/hosts"} {
		if got := ours(module, pkgs[path].Deps); !slices.Equal(got, []string{"core/jsonpos"}) && len(got) > 0 {
			t.Errorf("%s depends on %v: of this module it imports only core/jsonpos", path, got)
		}
	}
	// findings.Result is what lint returns and the producers hand on: it
	// stands below both.
	if slices.Contains(ours(module, pkgs["core/findings"].Deps), "core/lint") {
		t.Errorf("core/findings depends on core/lint: it is the result type lint returns")
	}
	for _, path := range producers {
		p, ok := pkgs[path]
		if !ok {
			t.Errorf("%s: not found", path)
			continue
		}
		onLint := slices.Contains(ours(module, p.Deps), "core/lint")
		switch why, known := stillOnLint[path]; {
		case onLint && !known:
			t.Errorf("%s depends on core/lint: a producer of findings imports core/diag, never the rules", path)
		case !onLint && known:
			t.Errorf("%s no longer depends on core/lint (%s): drop it from stillOnLint", path, why)
		}
	}
}
