//go:build linux && (amd64 || arm64)

package prefault

import (
	"syscall"
	"testing"
	"unsafe"
)

var (
	someData  = []int{1, 2, 3}
	someBSS   [64]byte
	someConst = "a string in read-only data"
)

func code() {}

func covers(rs []region, a uintptr, advice uintptr) bool {
	for _, r := range rs {
		if r.start <= a && a < r.end && r.advice == advice {
			return true
		}
	}
	return false
}

// The regions are page-aligned, bounded, and cover the binary's code,
// read-only data, data, the start of its zero-filled data and the heap.
func TestRegions(t *testing.T) {
	heap := new([64]byte)
	rs := regions(uintptr(unsafe.Pointer(heap)))
	var total uintptr
	for _, r := range rs {
		if r.start%page != 0 || r.end%page != 0 || r.end < r.start {
			t.Errorf("region %#x-%#x is not a run of whole pages", r.start, r.end)
		}
		if r.advice != madvPopulateRead && r.advice != madvPopulateWrite {
			t.Errorf("region %#x-%#x: advice %d", r.start, r.end, r.advice)
		}
		total += r.end - r.start
	}
	f := code
	for _, c := range []struct {
		what   string
		addr   uintptr
		advice uintptr
	}{
		{"code", **(**uintptr)(unsafe.Pointer(&f)), madvPopulateRead},
		{"read-only data", uintptr(unsafe.Pointer(unsafe.StringData(someConst))), madvPopulateRead},
		{"zero-filled data", uintptr(unsafe.Pointer(&someBSS)), madvPopulateWrite},
		{"heap", uintptr(unsafe.Pointer(heap)), madvPopulateWrite},
	} {
		if !covers(rs, c.addr, c.advice) {
			t.Errorf("%s at %#x is not in a region with advice %d: %#x", c.what, c.addr, c.advice, rs)
		}
	}
	// what is populated is bounded by the binary's file and the two
	// fixed allowances, whatever the binary's zero-filled data holds
	// (crypto/internal/fips140/drbg.memory is 32 MiB of it)
	if limit := uintptr(64<<20) + bssAhead + heapAhead; total > limit {
		t.Errorf("%d bytes populated, over %d", total, limit)
	}
}

func minorFaults(t *testing.T) int64 {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_THREAD, &u); err != nil {
		t.Fatal(err)
	}
	return u.Minflt
}

// Populated memory is touched without a fault: fresh anonymous memory,
// as the heap's next pages are, faults once a page when it is written,
// and not at all after madvise.
func TestPopulateWrite(t *testing.T) {
	const n = 64
	for _, populate := range []bool{false, true} {
		b, err := syscall.Mmap(-1, 0, n*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			t.Fatal(err)
		}
		if populate {
			if errno := madvise(uintptr(unsafe.Pointer(&b[0])), n*page, madvPopulateWrite); errno != 0 {
				syscall.Munmap(b)
				t.Skipf("MADV_POPULATE_WRITE: %v (Linux before 5.14?)", syscall.Errno(-int64(errno)))
			}
		}
		before := minorFaults(t)
		for i := 0; i < n; i++ {
			b[i*page] = 1
		}
		faults := minorFaults(t) - before
		syscall.Munmap(b)
		if populate && faults > n/8 {
			t.Errorf("after MADV_POPULATE_WRITE, writing %d pages faulted %d times", n, faults)
		}
		if !populate && faults < n/2 {
			t.Errorf("without it, writing %d pages faulted only %d times: the test measures nothing", n, faults)
		}
	}
}
