// Command release cross-compiles the agentcard CLI and its companion
// agentcard-a2a (the gRPC probe and a2a-go for select --sdk, which
// agentcard runs when it needs them: cmd/internal/companion) for the platforms
// people run them on (linux, darwin and windows on amd64 and arm64) into
// dist/release/, one static binary per program and platform named
// agentcard_<version>_<os>_<arch>[.exe] and
// agentcard-a2a_<version>_<os>_<arch>[.exe], and writes SHA256SUMS in the
// format `sha256sum -c` reads. It publishes nothing. Installed, the two
// lie side by side (agentcard looks for its companion next to itself).
//
//	go run ./scripts/release [-o dist/release] [-version v1.2.3] [-targets linux/amd64,darwin/arm64]
//
// The version, commit and commit time are stamped into the binaries with
// -ldflags -X (internal/buildinfo reads them). Without -version the version
// is worked out from git the way the go command names an untagged commit:
// the tag on HEAD, else a pseudo-version (v0.0.0-<time>-<commit>, or the
// next patch after the nearest tag), with +dirty when the tree has
// uncommitted changes. It is written in Go rather than shell so that it
// runs the same on every machine that can build the project.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

// pkg is where the -X stamps go; module is the module's path.
const (
	module = "github.com/agentcard/agentcard"
	pkg    = module + "/internal/buildinfo"
)

// sumsFile is the checksum file's name in the output directory.
const sumsFile = "SHA256SUMS"

// target is one platform to build for.
type target struct{ goos, goarch string }

func (t target) String() string { return t.goos + "/" + t.goarch }

// defaultTargets are the six platforms of a release.
var defaultTargets = []target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// options is one run of the release build.
type options struct {
	out     string   // output directory
	version string   // stamped and used in file names
	commit  string   // full commit hash
	date    string   // commit time, RFC 3339 UTC
	dirty   bool     // the tree has uncommitted changes
	targets []target // platforms
	root    string   // module root, where go build runs
	log     io.Writer
}

// artifact is one file written.
type artifact struct {
	name string
	size int64
	sum  string // hex SHA-256
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	out := fs.String("o", filepath.Join("dist", "release"), "output directory")
	version := fs.String("version", "", "version to stamp, e.g. v1.2.3 (default: from git)")
	targets := fs.String("targets", "", "comma-separated GOOS/GOARCH list (default: linux, darwin, windows × amd64, arm64)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	o := options{out: *out, targets: defaultTargets, log: stdout}
	if *targets != "" {
		ts, err := parseTargets(*targets)
		if err != nil {
			return err
		}
		o.targets = ts
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	o.root = root
	v, err := fromGit(root)
	if err != nil && *version == "" {
		return fmt.Errorf("cannot tell the version: %w; pass -version", err)
	}
	o.version, o.commit, o.date, o.dirty = v.version, v.commit, v.date, v.dirty
	if *version != "" {
		o.version = *version
	}
	_, err = release(o)
	return err
}

// parseTargets reads "linux/amd64,darwin/arm64".
func parseTargets(s string) ([]target, error) {
	var ts []target
	for _, f := range strings.Split(s, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(f), "/")
		if !ok || goos == "" || goarch == "" || strings.Contains(goarch, "/") {
			return nil, fmt.Errorf("target %q is not GOOS/GOARCH, e.g. linux/amd64", f)
		}
		ts = append(ts, target{goos, goarch})
	}
	return ts, nil
}

// versionChars is what a version may contain: it becomes part of a file
// name, so no separators, spaces or shell characters.
var versionChars = regexp.MustCompile(`^[0-9A-Za-z][0-9A-Za-z.+-]*$`)

// binaryName is agentcard_<version without v>_<os>_<arch>, with .exe on
// windows (the leading v is dropped, as most release tools do).
func binaryName(version string, t target) string { return programName("agentcard", version, t) }

// programs are what a release holds: the CLI and its companion.
var programs = []struct{ name, pkg string }{
	{"agentcard", "./cmd/agentcard"},
	{"agentcard-a2a", "./cmd/agentcard-a2a"},
}

// programName is the file name of program's build for t.
func programName(program, version string, t target) string {
	name := program + "_" + strings.TrimPrefix(version, "v") + "_" + t.goos + "_" + t.goarch
	if t.goos == "windows" {
		name += ".exe"
	}
	return name
}

// release builds every target into o.out, writes SHA256SUMS and prints the
// sizes. Files of an earlier release in o.out (agentcard_* and SHA256SUMS)
// are removed first, so the checksum file lists exactly this build; other
// files are left alone.
func release(o options) ([]artifact, error) {
	if !versionChars.MatchString(o.version) {
		return nil, fmt.Errorf("version %q: use letters, digits, '.', '+' and '-' only (it is part of the file names)", o.version)
	}
	if len(o.targets) == 0 {
		return nil, errors.New("no targets")
	}
	out, err := filepath.Abs(o.out)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	old, err := filepath.Glob(filepath.Join(out, "agentcard_*"))
	if err != nil {
		return nil, err
	}
	oldA2A, err := filepath.Glob(filepath.Join(out, "agentcard-a2a_*"))
	if err != nil {
		return nil, err
	}
	old = append(old, oldA2A...)
	for _, f := range append(old, filepath.Join(out, sumsFile)) {
		if err := os.Remove(f); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	ldflags := "-s -w -X " + pkg + ".version=" + o.version
	if o.commit != "" {
		ldflags += " -X " + pkg + ".commit=" + o.commit
	}
	if o.date != "" {
		ldflags += " -X " + pkg + ".date=" + o.date
	}
	if o.dirty {
		ldflags += " -X " + pkg + ".modified=true"
	}
	fmt.Fprintf(o.log, "agentcard %s (commit %s, %s) into %s\n", o.version, orNone(o.commit), orNone(o.date), o.out)
	width := len(sumsFile)
	for _, t := range o.targets {
		width = max(width, len(programName("agentcard-a2a", o.version, t)))
	}
	var arts []artifact
	for _, t := range o.targets {
		for _, p := range programs {
			name := programName(p.name, o.version, t)
			path := filepath.Join(out, name)
			start := time.Now()
			cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", path, p.pkg)
			cmd.Dir = o.root
			cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.goos, "GOARCH="+t.goarch)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				return nil, fmt.Errorf("go build for %s: %v\n%s", t, err, stderr.Bytes())
			}
			a, err := describe(path)
			if err != nil {
				return nil, err
			}
			arts = append(arts, a)
			fmt.Fprintf(o.log, "  %-*s %6.2f MiB %10d bytes %6.1f s\n", width, name, float64(a.size)/(1<<20), a.size, time.Since(start).Seconds())
		}
	}
	sort.Slice(arts, func(i, j int) bool { return arts[i].name < arts[j].name })
	var sums strings.Builder
	for _, a := range arts {
		// two spaces: text mode in sha256sum's format
		fmt.Fprintf(&sums, "%s  %s\n", a.sum, a.name)
	}
	if err := os.WriteFile(filepath.Join(out, sumsFile), []byte(sums.String()), 0o644); err != nil {
		return nil, err
	}
	fmt.Fprintf(o.log, "  %-*s (check: cd %s && sha256sum -c %s)\n", width, sumsFile, o.out, sumsFile)
	return arts, nil
}

func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// describe reads a built file's size and SHA-256.
func describe(path string) (artifact, error) {
	f, err := os.Open(path)
	if err != nil {
		return artifact{}, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return artifact{}, err
	}
	return artifact{name: filepath.Base(path), size: n, sum: hex.EncodeToString(h.Sum(nil))}, nil
}

// moduleRoot is the directory of this module's go.mod, so that the
// command works from any directory inside the repository.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("not inside the agentcard module (go env GOMOD is empty): run from the repository")
	}
	b, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	if !bytes.Contains(b, []byte("module "+module+"\n")) {
		return "", fmt.Errorf("%s is not the %s module", gomod, module)
	}
	return filepath.Dir(gomod), nil
}

// stampInfo is what git says about HEAD.
type stampInfo struct {
	version, commit, date string
	dirty                 bool
}

// fromGit reads HEAD's commit, its time and a version for it.
func fromGit(root string) (stampInfo, error) {
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("git %s: %v %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return strings.TrimSpace(string(out)), nil
	}
	commit, err := git("rev-parse", "HEAD")
	if err != nil {
		return stampInfo{}, err
	}
	unix, err := git("show", "-s", "--format=%ct", "HEAD")
	if err != nil {
		return stampInfo{}, err
	}
	secs, err := strconv.ParseInt(unix, 10, 64)
	if err != nil {
		return stampInfo{}, fmt.Errorf("commit time %q: %v", unix, err)
	}
	when := time.Unix(secs, 0).UTC()
	status, err := git("status", "--porcelain")
	if err != nil {
		return stampInfo{}, err
	}
	exact, _ := git("describe", "--tags", "--exact-match", "--match", "v[0-9]*", "HEAD")
	nearest, _ := git("describe", "--tags", "--abbrev=0", "--match", "v[0-9]*", "HEAD")
	return stampInfo{
		version: gitVersion(exact, nearest, when, commit, status != ""),
		commit:  commit,
		date:    when.Format(time.RFC3339),
		dirty:   status != "",
	}, nil
}

// semverTag matches the tags a pseudo-version can follow: vX.Y.Z with an
// optional pre-release.
var semverTag = regexp.MustCompile(`^v(\d+)\.(\d+)\.(\d+)(-[0-9A-Za-z.-]+)?$`)

// gitVersion names a commit as the go command would: its tag when HEAD is
// tagged, else a pseudo-version after the nearest tag (the next patch
// version, or the pre-release followed by .0.), else v0.0.0; +dirty when
// the tree has uncommitted changes.
func gitVersion(exactTag, nearestTag string, when time.Time, commit string, dirty bool) string {
	v := exactTag
	if v == "" {
		short := commit
		if len(short) > 12 {
			short = short[:12]
		}
		stamp := when.UTC().Format("20060102150405") + "-" + short
		m := semverTag.FindStringSubmatch(nearestTag)
		switch {
		case m == nil:
			v = "v0.0.0-" + stamp
		case m[4] != "":
			v = nearestTag + ".0." + stamp
		default:
			patch, _ := strconv.Atoi(m[3])
			v = fmt.Sprintf("v%s.%s.%d-0.%s", m[1], m[2], patch+1, stamp)
		}
	}
	if dirty {
		v += "+dirty"
	}
	return v
}
