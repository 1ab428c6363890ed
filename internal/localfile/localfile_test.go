package localfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ReadAll reads what io.ReadAll(io.LimitReader(f, max)) reads, whether
// the size it is given is right, unknown or wrong.
func TestReadAll(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 512, 513, 4096, 100_000} {
		data := bytes.Repeat([]byte("0123456789"), n/10+1)[:n]
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, max := range []int64{0, 1, 512, int64(n), int64(n) + 1, 1 << 20} {
			for _, size := range []int64{-1, 0, int64(n), int64(n) + 7} {
				f, err := Open(p)
				if err != nil {
					t.Fatal(err)
				}
				got, err := ReadAll(f, size, max)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
				want, _ := io.ReadAll(io.LimitReader(bytes.NewReader(data), max))
				if !bytes.Equal(got, want) {
					t.Errorf("%d bytes, size %d, max %d: read %d bytes, want %d", n, size, max, len(got), len(want))
				}
			}
		}
	}
}

// Open fails as os.Open does, and opens what os.Open opens.
func TestOpen(t *testing.T) {
	dir := t.TempDir()
	_, err := Open(filepath.Join(dir, "missing.json"))
	var pe *os.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Op != "open" || !strings.HasSuffix(pe.Path, "missing.json") {
		t.Errorf("missing file: %v, want an *os.PathError for open that is fs.ErrNotExist", err)
	}
	d, err := Open(dir)
	if err != nil {
		t.Fatalf("a directory: %v", err)
	}
	if fi, err := d.Stat(); err != nil || !fi.IsDir() {
		t.Errorf("a directory: Stat says %v, %v", fi, err)
	}
	d.Close()
}
