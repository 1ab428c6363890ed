//go:build linux && (amd64 || arm64)

package prefault

import "unsafe"

// getAuxv is the runtime's copy of the auxiliary vector, which gives the
// program headers' address (runtime.getAuxv is exported to
// golang.org/x/sys/unix by the same linkname).
//
//go:linkname getAuxv runtime.getAuxv
func getAuxv() []uintptr

// madvise is the raw system call (prefault_linux_*.s): the package imports
// nothing with an initialiser, so its own init runs early.
func madvise(addr, n, advice uintptr) (errno uintptr)

const (
	page = 4096

	atPhdr  = 3 // AT_PHDR: the program headers' address
	atPhnum = 5 // AT_PHNUM: their number

	ptLoad = 1 // PT_LOAD
	ptPhdr = 6 // PT_PHDR: where the program headers are meant to be, to find a PIE's load bias
	pfW    = 2 // PF_W

	madvPopulateRead  = 22 // MADV_POPULATE_READ
	madvPopulateWrite = 23 // MADV_POPULATE_WRITE

	// bssAhead is how much of the zero-filled part of the writable
	// segment is populated: the runtime's own state is at its start. The
	// rest can be large and cold (crypto/internal/fips140/drbg.memory is
	// 32 MiB that only FIPS mode uses).
	bssAhead = 256 << 10
	// heapAhead is how much of the Go heap is populated from the first
	// object init sees. `agentcard lint` on a small card touched 1.5 MiB of
	// heap in all, but the runs were fastest with 1 MiB populated (make
	// bench-cli: 12.7 ms against 13.1 for 2 MiB or more).
	heapAhead = 1 << 20
)

// elfPhdr is Elf64_Phdr.
type elfPhdr struct {
	typ, flags                              uint32
	off, vaddr, paddr, filesz, memsz, align uint64
}

var sink *[64]byte

func init() {
	sink = new([64]byte)
	heap := uintptr(unsafe.Pointer(sink))
	sink = nil
	go populate(heap)
}

// populate lists the regions on its own goroutine: reading the program
// headers touches pages of its own, which init would otherwise wait for.
func populate(heap uintptr) {
	for _, r := range regions(heap) {
		if r.end > r.start {
			madvise(r.start, r.end-r.start, r.advice)
		}
	}
}

type region struct{ start, end, advice uintptr }

// regions lists what to populate: each loaded segment of the binary (the
// read-only ones for reading, the writable one for writing, with
// bssAhead of its zero part), then heapAhead of the heap from the page of
// the object at heap.
func regions(heap uintptr) []region {
	var out []region
	var ph, n uintptr
	av := getAuxv()
	for i := 0; i+1 < len(av); i += 2 {
		switch av[i] {
		case atPhdr:
			ph = av[i+1]
		case atPhnum:
			n = av[i+1]
		}
	}
	if ph != 0 && n != 0 && n < 64 {
		// the headers are in the binary's first segment, never in Go's
		// heap: the address is converted without going through a
		// uintptr-to-Pointer conversion that vet would question
		hs := unsafe.Slice(*(**elfPhdr)(unsafe.Pointer(&ph)), n)
		var bias uintptr
		for _, h := range hs {
			if h.typ == ptPhdr {
				bias = ph - uintptr(h.vaddr)
			}
		}
		for _, h := range hs {
			if h.typ != ptLoad {
				continue
			}
			start := uintptr(h.vaddr) + bias
			if h.flags&pfW == 0 {
				out = append(out, region{down(start), up(start + uintptr(h.filesz)), madvPopulateRead})
				continue
			}
			// The file-backed part is mapped for reading: writing would
			// copy each page (5.5 µs a page, more than the faults cost);
			// the zero-filled part after it is mapped for writing.
			data := start + uintptr(h.filesz)
			end := start + uintptr(h.memsz)
			if e := data + bssAhead; e < end {
				end = e
			}
			out = append(out, region{down(start), up(data), madvPopulateRead}, region{up(data), up(end), madvPopulateWrite})
		}
	}
	// Where the heap's mapping ends (it is mapped in palloc chunks of 4
	// MiB, from a random page of the first one), madvise stops with
	// ENOMEM, having populated what was mapped.
	return append(out, region{down(heap), down(heap) + heapAhead, madvPopulateWrite})
}

func down(a uintptr) uintptr { return a &^ (page - 1) }
func up(a uintptr) uintptr   { return (a + page - 1) &^ (page - 1) }
