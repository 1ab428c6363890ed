//go:build unix

package localfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe is a file the poller takes: os.Open registers it (its
// read deadline can be set), Open leaves it a plain blocking descriptor
// (os.ErrNoDeadline), and it still reads to the end.
func TestOpenLeavesThePollerOut(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	go func() {
		w, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.WriteString(`{"name": "x"}`)
		w.Close()
	}()
	f, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.SetReadDeadline(time.Now().Add(time.Minute)); !errors.Is(err, os.ErrNoDeadline) {
		t.Errorf("SetReadDeadline on the pipe: %v, want os.ErrNoDeadline (not registered with the poller)", err)
	}
	b, err := ReadAll(f, -1, 1<<20)
	if err != nil || string(b) != `{"name": "x"}` {
		t.Errorf("read %q, %v", b, err)
	}
}
