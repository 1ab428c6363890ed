//go:build linux

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestB26Child is the child of TestB26OtherUsersFile: `lint --fix` on
// the file it is given, its stderr and exit status passed on.
func TestB26Child(t *testing.T) {
	file := os.Getenv(b26ChildFile)
	if file == "" {
		t.Skip("run by TestB26OtherUsersFile")
	}
	var out, errb bytes.Buffer
	code := run([]string{"lint", "--fix", file}, strings.NewReader(""), &out, &errb)
	os.Stderr.WriteString(errb.String())
	os.Exit(code)
}

// TestB26OtherUsersFile: `lint --fix` run by nobody refuses root's 0644
// card in a directory nobody may write (issue 36, B26): the owner-write
// bit is set, but not for nobody, and the rename would have replaced the
// file with one nobody owns. The tests run as root, for whom every
// access check passes, so the CLI runs in a copy of this test binary with
// the credentials dropped to nobody (65534).
func TestB26OtherUsersFile(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("making a file of another user needs root")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	// the go test binary's own directory is root's alone: a copy where
	// nobody can run it, with the shared directory beside it
	top, err := os.MkdirTemp("", "b26-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(top) })
	os.Chmod(top, 0o755)
	bin := filepath.Join(top, "agentcard.test")
	copyFile(t, exe, bin, 0o755)
	shared := filepath.Join(top, "shared")
	os.Mkdir(shared, 0o755)
	if err := os.Chown(shared, 65534, 65534); err != nil {
		t.Skip(err)
	}
	card := filepath.Join(shared, "card.json")
	if err := os.WriteFile(card, []byte(fixable), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^TestB26Child$")
	cmd.Env = append(os.Environ(), b26ChildFile+"="+card)
	cmd.Dir = top
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Skipf("cannot run as nobody: %v", err)
	}
	got, _ := os.ReadFile(card)
	var st syscall.Stat_t
	syscall.Stat(card, &st)
	if cmd.ProcessState.ExitCode() != exitUsage || string(got) != fixable || st.Uid != 0 || !strings.Contains(errb.String(), "may not write") {
		t.Errorf("exit %d, changed %v, owner %d, stderr %s", cmd.ProcessState.ExitCode(), string(got) != fixable, st.Uid, errb.String())
	}
	// nobody's own card in that directory is still fixed
	os.Chown(card, 65534, 65534)
	errb.Reset()
	cmd = exec.Command(bin, "-test.run=^TestB26Child$")
	cmd.Env = append(os.Environ(), b26ChildFile+"="+card)
	cmd.Dir = top
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	cmd.Stderr = &errb
	cmd.Run()
	if got, _ := os.ReadFile(card); string(got) == fixable {
		t.Errorf("nobody's own card was not fixed: exit %d, %s", cmd.ProcessState.ExitCode(), errb.String())
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
