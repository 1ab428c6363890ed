package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/internal/testcards"
)

// lint --from: the listed inputs (files and URLs, comments and blank
// lines left out) after those on the command line, in the order listed,
// the remote ones fetched concurrently but at most two at once per host.
func TestLintFrom(t *testing.T) {
	good := testcards.Card(t, "seed-three-interfaces.json")
	bad := testcards.Card(t, "broken-common-mistakes.json")
	var mu sync.Mutex
	inFlight, most := 0, 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		time.Sleep(30 * time.Millisecond)
		mu.Lock()
		inFlight--
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.HasPrefix(r.URL.Path, "/bad") {
			w.Write(bad)
			return
		}
		w.Write(good)
	}))
	defer srv.Close()
	dir := t.TempDir()
	file := filepath.Join(dir, "local.json")
	os.WriteFile(file, good, 0o644)
	var list strings.Builder
	list.WriteString("# the registry's cards\n\n")
	for i := range 6 {
		fmt.Fprintf(&list, "%s/good%d/agent-card.json\n", srv.URL, i)
	}
	fmt.Fprintf(&list, "  %s/bad/agent-card.json  \n%s\n", srv.URL, file)
	listFile := filepath.Join(dir, "cards.txt")
	os.WriteFile(listFile, []byte(list.String()), 0o644)

	out, errs, code := runCLI(t, "", "lint", "--format", "json", "--from", listFile, "--from-paths", "--concurrency", "4", file)
	if code != 1 {
		t.Fatalf("exit %d (want 1: the bad card has errors)\n%s", code, errs)
	}
	var doc struct {
		Results []struct {
			Input  string `json:"input"`
			Errors int    `json:"errors"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, r := range doc.Results {
		inputs = append(inputs, r.Input)
	}
	want := []string{file}
	for i := range 6 {
		want = append(want, fmt.Sprintf("%s/good%d/agent-card.json", srv.URL, i))
	}
	// the file named on the command line and in the list is checked once
	// (inputs are de-duplicated, issue 18)
	want = append(want, srv.URL+"/bad/agent-card.json")
	if strings.Join(inputs, "\n") != strings.Join(want, "\n") {
		t.Errorf("inputs in this order:\n%s\nwant\n%s", strings.Join(inputs, "\n"), strings.Join(want, "\n"))
	}
	if len(doc.Results) == 8 && (doc.Results[7].Errors == 0 || doc.Results[1].Errors != 0) {
		t.Errorf("errors: good %d, bad %d", doc.Results[1].Errors, doc.Results[7].Errors)
	}
	// one host: at most two requests at once (each card is two requests:
	// with and without A2A-Version)
	if most > 2*2 || most <= 2 {
		t.Errorf("%d requests at once to one host: want two checks at once (4 requests), not one, not more", most)
	}
	most = 0
	if _, errs, code := runCLI(t, "", "lint", "--format", "json", "--from", listFile, "--from-paths", "--concurrency", "1"); code != 1 || most > 2 {
		t.Errorf("--concurrency 1: exit %d, %d requests at once\n%s", code, most, errs)
	}
}

func TestLintFromRefusals(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("# nothing\n\n"), 0o644)
	dash := filepath.Join(dir, "dash.txt")
	os.WriteFile(dash, []byte("-\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--from", filepath.Join(dir, "missing.txt")}, "missing.txt"},
		{[]string{"--from", empty}, "no input"},
		{[]string{"--from", dash}, `"-"`},
		{[]string{"--from", empty, "--concurrency", "0"}, "--concurrency 0"},
		{[]string{"--from", empty, "--concurrency", "65"}, "--concurrency 65"},
	} {
		_, errs, code := runCLI(t, "", append([]string{"lint"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q (want 2 and %q)", c.args, code, errs, c.want)
		}
	}
	// the list from standard input
	out, errs, code := runCLI(t, "# none\n", "lint", "--from", "-")
	if code != 2 || !strings.Contains(errs, "no input") {
		t.Errorf("--from - with no input: %d %q %q", code, out, errs)
	}
	if out, _, _ := runCLI(t, "", "lint", "--help"); !strings.Contains(out, "--from FILE") || !strings.Contains(out, "--concurrency N") {
		t.Errorf("lint --help says nothing of --from")
	}
}
