package buildinfo

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"
)

func TestResolve(t *testing.T) {
	const rev = "fb8b446abcdef0123456789abcdef0123456789a"
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		s    stamp
		want Info
	}{
		{
			name: "no build information at all",
			want: Info{Version: Devel, GoVersion: runtime.Version()},
		},
		{
			name: "go run or go test: (devel), no VCS data",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: Devel}},
			want: Info{Version: Devel, GoVersion: "go1.26.0"},
		},
		{
			name: "go build in a dirty clone",
			bi: &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.0.0-20261201025433-fb8b446abcde+dirty"},
				Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: "2026-12-01T02:54:33Z"}, {Key: "vcs.modified", Value: "true"}}},
			want: Info{Version: "v0.0.0-20261201025433-fb8b446abcde+dirty", Commit: rev, Date: "2026-12-01T02:54:33Z", Modified: true, GoVersion: "go1.26.0"},
		},
		{
			name: "go install @latest of an untagged commit: commit and time from the pseudo-version",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v0.0.0-20261201025433-fb8b446abcde"}},
			want: Info{Version: "v0.0.0-20261201025433-fb8b446abcde", Commit: "fb8b446abcde", Date: "2026-12-01T02:54:33Z", GoVersion: "go1.26.0"},
		},
		{
			name: "pseudo-version after a pre-release tag",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.3.0-rc.1.0.20261201025433-fb8b446abcde"}},
			want: Info{Version: "v1.3.0-rc.1.0.20261201025433-fb8b446abcde", Commit: "fb8b446abcde", Date: "2026-12-01T02:54:33Z", GoVersion: "go1.26.0"},
		},
		{
			name: "go install @v1.2.3: a tag says nothing about the commit",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"}},
			want: Info{Version: "v1.2.3", GoVersion: "go1.26.0"},
		},
		{
			name: "release build: the stamp wins over the VCS data, modified still comes from the build",
			bi: &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: Devel},
				Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0000"}, {Key: "vcs.time", Value: "2000-01-01T00:00:00Z"}, {Key: "vcs.modified", Value: "true"}}},
			s:    stamp{version: "v1.2.3", commit: rev, date: "2026-12-01T02:54:33Z"},
			want: Info{Version: "v1.2.3", Commit: rev, Date: "2026-12-01T02:54:33Z", Modified: true, GoVersion: "go1.26.0"},
		},
		{
			name: "release build without VCS data (-buildvcs=false): modified from the stamp",
			bi:   &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: Devel}},
			s:    stamp{version: "v1.2.3+dirty", commit: rev, modified: "true"},
			want: Info{Version: "v1.2.3+dirty", Commit: rev, Modified: true, GoVersion: "go1.26.0"},
		},
		{
			name: "a stamp that sets only the version keeps the VCS commit",
			bi: &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: Devel},
				Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}},
			s:    stamp{version: "v2.0.0"},
			want: Info{Version: "v2.0.0", Commit: rev, GoVersion: "go1.26.0"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := resolve(tc.bi, tc.s); got != tc.want {
				t.Errorf("resolve:\n got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestString(t *testing.T) {
	tests := []struct {
		in   Info
		want string
	}{
		{Info{Version: "v1.2.3", Commit: "fb8b446abcdef0123456789abcdef0123456789a", Date: "2026-12-01T02:54:33Z", Modified: true, GoVersion: "go1.26.0"},
			"v1.2.3 (commit fb8b446abcde, 2026-12-01T02:54:33Z, modified) go1.26.0"},
		{Info{Version: "v0.0.0-20261201025433-fb8b446abcde", Commit: "fb8b446abcde", GoVersion: "go1.26.0"},
			"v0.0.0-20261201025433-fb8b446abcde (commit fb8b446abcde) go1.26.0"},
		{Info{Version: Devel, GoVersion: "go1.26.0"}, "(devel) go1.26.0"},
	}
	for _, tc := range tests {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestGetInTest checks the values Get reads from a test binary: the Go
// version always, and a version that is never empty.
func TestGetInTest(t *testing.T) {
	got := Get()
	if got.GoVersion != runtime.Version() {
		t.Errorf("GoVersion = %q, want %q", got.GoVersion, runtime.Version())
	}
	if got.Version == "" {
		t.Error("Version is empty; want a version or " + Devel)
	}
}

// TestLinkerStamp builds a program with the -X flags scripts/release
// passes and checks that Get reports them: -X silently ignores a symbol
// that does not exist, so a renamed variable would otherwise go unnoticed.
func TestLinkerStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary")
	}
	bin := filepath.Join(t.TempDir(), "printinfo")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	const pkg = "github.com/agentcard/agentcard/internal/buildinfo"
	ldflags := "-X " + pkg + ".version=v9.8.7-stamp -X " + pkg + ".commit=0123456789abcdef0123456789abcdef01234567 -X " + pkg + ".date=2026-12-01T00:00:00Z -X " + pkg + ".modified=true"
	build := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", bin, "./testdata/printinfo")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	var got Info
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if got.Version != "v9.8.7-stamp" || got.Commit != "0123456789abcdef0123456789abcdef01234567" || got.Date != "2026-12-01T00:00:00Z" || !got.Modified {
		t.Errorf("stamped binary reports %+v", got)
	}
	if got.GoVersion != runtime.Version() {
		t.Errorf("GoVersion = %q, want %q", got.GoVersion, runtime.Version())
	}
}
