// Package prefault maps in, with one system call per region, the memory a
// short CLI run is about to touch: the binary's code and read-only data,
// its writable data, and the first megabyte of the Go heap. Importing it
// is all a command does. Its init runs before nearly every other
// package's and hands everything else to a goroutine, which reads the
// program headers and makes the system calls on a second core while the
// rest of the program initialises: on the benchmark machine that was
// 0.5-0.6 ms faster than making the calls in init, and reading the headers
// there too cost 0.3-0.4 ms more of init (the goroutine touches the
// headers' page, and init waited for it). GODEBUG=inittrace=1 times this
// init at 0.10-0.14 ms (median 0.17-0.28): its clock is one small
// allocation and waking a second thread.
//
// Why: a process touches each page the first time through a page fault,
// one trap per 4 KiB of heap and per 64 KiB of the binary. On virtual
// machines those traps are slow: on the Firecracker VM this project's
// benchmarks run on, a fault on fresh anonymous memory costs about 11 µs,
// while MADV_POPULATE_WRITE maps the same page for 0.7 µs, and a fault on
// the binary costs 20 µs where MADV_POPULATE_READ maps 64 KiB for 3 µs.
// `agentcard lint` touched about 450 pages, so its faults were a third of
// its run (make bench-cli; docs/ARCHITECTURE.md §6).
//
// The madvise flags exist since Linux 5.14. On an older kernel, or
// anywhere else, nothing happens: the memory is faulted in as before.
// Populating never changes what memory holds. The cost is resident memory
// a run may not use: at most the binary's file, 256 KiB of zero-filled data
// and 1 MiB of heap, which the runtime counts as returned to the system
// until it allocates there.
package prefault
