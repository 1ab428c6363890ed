package main

import (
	"bufio"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestReleaseHost builds the release for the machine running the test
// only (the six-platform build is `make release`), then checks what a
// downloader relies on: the file names, a SHA256SUMS whose every line
// verifies, a static -trimpath build for the right platform, the stamp in
// `agentcard version`, and that files of an earlier release are replaced
// while other files stay.
func TestReleaseHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	stale := filepath.Join(out, "agentcard_0.0.1_plan9_386")
	keep := filepath.Join(out, "NOTES.txt")
	for _, f := range []string{stale, keep, filepath.Join(out, sumsFile)} {
		if err := os.WriteFile(f, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	host := target{runtime.GOOS, runtime.GOARCH}
	const version = "v0.0.0-20261201000000-0123456789ab"
	const commit = "0123456789abcdef0123456789abcdef01234567"
	arts, err := release(options{
		out: out, version: version, commit: commit, date: "2026-12-01T00:00:00Z", dirty: true,
		targets: []target{host}, root: root, log: io.Discard,
	})
	if err != nil {
		t.Fatal(err)
	}
	name, companion := binaryName(version, host), programName("agentcard-a2a", version, host)
	if len(arts) != 2 || arts[0].name != companion || arts[1].name != name || arts[0].size == 0 || arts[1].size == 0 {
		t.Fatalf("artifacts = %+v, want non-empty %s and %s", arts, companion, name)
	}

	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"NOTES.txt", sumsFile, companion, name}; !slices.Equal(names, want) {
		t.Errorf("output directory holds %q, want %q (stale release files removed, others kept)", names, want)
	}

	// SHA256SUMS, read as sha256sum -c reads it.
	sums := readSums(t, filepath.Join(out, sumsFile))
	if len(sums) != 2 {
		t.Fatalf("%s lists %d files, want 2: %v", sumsFile, len(sums), sums)
	}
	for file, want := range sums {
		b, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Fatalf("%s lists %s: %v", sumsFile, file, err)
		}
		got := sha256.Sum256(b)
		if hex.EncodeToString(got[:]) != want {
			t.Errorf("%s: checksum in %s does not match the file", file, sumsFile)
		}
	}

	bin := filepath.Join(out, name)
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	for key, want := range map[string]string{"GOOS": host.goos, "GOARCH": host.goarch, "CGO_ENABLED": "0", "-trimpath": "true"} {
		if settings[key] != want {
			t.Errorf("build setting %s = %q, want %q", key, settings[key], want)
		}
	}
	if bi.Path != module+"/cmd/agentcard" {
		t.Errorf("binary's package is %q", bi.Path)
	}

	// The stamp must reach `agentcard version` (cmd/agentcard prints
	// internal/buildinfo); -X ignores unknown symbols silently.
	v, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", name, err)
	}
	if !strings.Contains(string(v), version) || !strings.Contains(string(v), commit[:12]) || !strings.Contains(string(v), "modified") {
		t.Errorf("agentcard version printed %q; want the stamped version %s, commit %s and modified", v, version, commit[:12])
	}
	v, err = exec.Command(filepath.Join(out, companion), "version").Output()
	if err != nil || !strings.Contains(string(v), version) || !strings.Contains(string(v), commit[:12]) {
		t.Errorf("agentcard-a2a version printed %q (%v); want the stamped version %s and commit %s", v, err, version, commit[:12])
	}

	// Installed side by side under their plain names, agentcard finds
	// its companion and runs a2a-go itself for the matrix's a2a-go row.
	dir := t.TempDir()
	ext := ""
	if host.goos == "windows" {
		ext = ".exe"
	}
	for from, to := range map[string]string{name: "agentcard" + ext, companion: "agentcard-a2a" + ext} {
		b, err := os.ReadFile(filepath.Join(out, from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sel := exec.Command(filepath.Join(dir, "agentcard"+ext), "select", "--sdk", "a2a-go", "--format", "json", filepath.Join(root, "cmd/agentcard/testdata/sdk-disagree.json"))
	sel.Env = append(os.Environ(), "AGENTCARD_A2A=", "PATH="+t.TempDir())
	got, _ := sel.Output()
	if !strings.Contains(string(got), `"basis": "running-sdk"`) {
		t.Errorf("agentcard beside agentcard-a2a: select --sdk a2a-go printed\n%s", got)
	}
}

// readSums parses "<hex>  <name>" lines.
func readSums(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, file, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 64 || file == "" {
			t.Fatalf("%s: line %q is not \"<sha256>  <file>\"", path, sc.Text())
		}
		sums[file] = sum
	}
	return sums
}

func TestBinaryNames(t *testing.T) {
	var got []string
	for _, tg := range defaultTargets {
		got = append(got, binaryName("v1.2.3", tg))
	}
	want := []string{
		"agentcard_1.2.3_linux_amd64", "agentcard_1.2.3_linux_arm64",
		"agentcard_1.2.3_darwin_amd64", "agentcard_1.2.3_darwin_arm64",
		"agentcard_1.2.3_windows_amd64.exe", "agentcard_1.2.3_windows_arm64.exe",
	}
	if !slices.Equal(got, want) {
		t.Errorf("names = %q\nwant %q", got, want)
	}
}

func TestRejects(t *testing.T) {
	for _, v := range []string{"", "../v1", "v1 2", "v1/2", "-v1"} {
		if _, err := release(options{version: v, out: t.TempDir(), targets: defaultTargets, log: io.Discard}); err == nil {
			t.Errorf("version %q accepted", v)
		}
	}
	for _, s := range []string{"linux", "linux/", "/amd64", "linux/amd64/v2", "linux/amd64,"} {
		if _, err := parseTargets(s); err == nil {
			t.Errorf("targets %q accepted", s)
		}
	}
	if ts, err := parseTargets("linux/amd64, darwin/arm64"); err != nil || len(ts) != 2 || ts[1] != (target{"darwin", "arm64"}) {
		t.Errorf("parseTargets = %v, %v", ts, err)
	}
	if err := run([]string{"extra"}, io.Discard); err == nil {
		t.Error("a positional argument was accepted")
	}
}

func TestGitVersion(t *testing.T) {
	when := time.Date(2026, 12, 1, 2, 54, 33, 0, time.FixedZone("CET", 3600))
	const commit = "fb8b446abcdef0123456789abcdef0123456789a"
	tests := []struct {
		exact, nearest string
		dirty          bool
		want           string
	}{
		{"v1.2.3", "v1.2.3", false, "v1.2.3"},
		{"v1.2.3", "v1.2.3", true, "v1.2.3+dirty"},
		{"", "", false, "v0.0.0-20261201015433-fb8b446abcde"},
		{"", "", true, "v0.0.0-20261201015433-fb8b446abcde+dirty"},
		{"", "v1.2.3", false, "v1.2.4-0.20261201015433-fb8b446abcde"},
		{"", "v2.0.0-rc.1", false, "v2.0.0-rc.1.0.20261201015433-fb8b446abcde"},
		{"", "release-7", false, "v0.0.0-20261201015433-fb8b446abcde"},
	}
	for _, tc := range tests {
		if got := gitVersion(tc.exact, tc.nearest, when, commit, tc.dirty); got != tc.want {
			t.Errorf("gitVersion(%q, %q, dirty=%v) = %q, want %q", tc.exact, tc.nearest, tc.dirty, got, tc.want)
		}
	}
}
