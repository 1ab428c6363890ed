// Package buildinfo says which build of agentcard is running, for
// `agentcard version` and bug reports: the module version, the commit and
// its time, whether the tree had uncommitted changes, and the Go version.
//
// Three kinds of build reach users, and each records this differently:
//   - `go install github.com/agentcard/agentcard/cmd/agentcard@v1.2.3`
//     stamps the module version (a pseudo-version such as
//     v0.0.0-20261201025433-fb8b446abcde for an untagged commit) but no
//     VCS data, so the commit and its time are read from the pseudo-version;
//   - `go build` in a clone stamps the VCS data (vcs.revision, vcs.time,
//     vcs.modified) and, since Go 1.24, a version derived from it;
//   - `make release` (scripts/release) sets version, commit and date with
//     -ldflags -X, which wins over both.
package buildinfo

import (
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Set by the linker for release builds:
//
//	-X github.com/agentcard/agentcard/internal/buildinfo.version=v1.2.3
//	-X github.com/agentcard/agentcard/internal/buildinfo.commit=<full hash>
//	-X github.com/agentcard/agentcard/internal/buildinfo.date=<RFC 3339>
//	-X github.com/agentcard/agentcard/internal/buildinfo.modified=true
//
// They are strings because -X can only set strings; empty means "not set".
// modified is stamped too because VCS stamping can be off (-buildvcs=false
// in GOFLAGS), and then the build itself records no vcs.modified.
var (
	version  string
	commit   string
	date     string
	modified string
)

// Devel is the version of a build that carries no version at all (go run,
// go test, or a build outside a module). It is what the go command itself
// writes in that case.
const Devel = "(devel)"

// Info describes one build.
type Info struct {
	Version   string // module version, e.g. v1.2.3; Devel when unknown
	Commit    string // full commit hash, or the 12-digit one of a pseudo-version; "" when unknown
	Date      string // commit time, RFC 3339 in UTC; "" when unknown
	Modified  bool   // built from a tree with uncommitted changes
	GoVersion string // the Go toolchain that built it, e.g. go1.26.0
}

// Get reports the running binary's build.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return resolve(bi, stamp{version: version, commit: commit, date: date, modified: modified})
}

// stamp holds the values a release build sets with -X.
type stamp struct{ version, commit, date, modified string }

// pseudoTail matches the end of a pseudo-version: the commit time
// (yyyymmddhhmmss) and the 12-digit commit hash, then an optional build
// suffix such as +dirty or +incompatible.
// (compiled on first use, by `version` and SARIF output only)
var pseudoTail = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?:^|[.-])(\d{14})-([0-9a-f]{12})(\+[0-9A-Za-z.-]+)?$`)
})

// resolve merges what the go command recorded in bi (nil when the binary
// has no build information) with the linker stamp; the stamp wins field by
// field, so a release build may set only some of them.
func resolve(bi *debug.BuildInfo, s stamp) Info {
	info := Info{Version: Devel, GoVersion: runtime.Version()}
	if bi != nil {
		if bi.GoVersion != "" {
			info.GoVersion = bi.GoVersion
		}
		if v := bi.Main.Version; v != "" && v != Devel {
			info.Version = v
		}
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				info.Commit = kv.Value
			case "vcs.time":
				info.Date = kv.Value
			case "vcs.modified":
				info.Modified = kv.Value == "true"
			}
		}
		// go install pkg@version records no VCS settings: the
		// pseudo-version is the only place the commit is written.
		if m := pseudoTail().FindStringSubmatch(info.Version); m != nil {
			if info.Commit == "" {
				info.Commit = m[2]
			}
			if info.Date == "" {
				info.Date = pseudoTime(m[1])
			}
		}
		if strings.HasSuffix(info.Version, "+dirty") {
			info.Modified = true
		}
	}
	if s.version != "" {
		info.Version = s.version
	}
	if s.commit != "" {
		info.Commit = s.commit
	}
	if s.date != "" {
		info.Date = s.date
	}
	if s.modified == "true" {
		info.Modified = true
	}
	return info
}

// pseudoTime turns a pseudo-version's yyyymmddhhmmss (always UTC) into
// RFC 3339.
func pseudoTime(t string) string {
	return t[0:4] + "-" + t[4:6] + "-" + t[6:8] + "T" + t[8:10] + ":" + t[10:12] + ":" + t[12:14] + "Z"
}

// String is the one-line form `agentcard version` prints after the name,
// e.g. "v1.2.3 (commit fb8b446abcde, 2026-12-01T02:54:33Z, modified) go1.26.0".
// The commit is shortened to 12 digits, as in pseudo-versions; details that
// are unknown are left out.
func (i Info) String() string {
	var b strings.Builder
	b.WriteString(i.Version)
	var details []string
	if i.Commit != "" {
		c := i.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		details = append(details, "commit "+c)
	}
	if i.Date != "" {
		details = append(details, i.Date)
	}
	if i.Modified {
		details = append(details, "modified")
	}
	if len(details) > 0 {
		b.WriteString(" (" + strings.Join(details, ", ") + ")")
	}
	if i.GoVersion != "" {
		b.WriteString(" " + i.GoVersion)
	}
	return b.String()
}
