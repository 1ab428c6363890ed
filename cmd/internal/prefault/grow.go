package prefault

// The main goroutine starts on a small stack (2 KiB on Linux) and the
// runtime doubles it whenever a call would overflow it: it allocates the
// next size, copies the frames over and walks each one to adjust its
// pointers, which decodes the function's tables the first time. A CLI run
// goes through the package initialisers and a lint in a few milliseconds
// and grows the stack four or five times on the way, each copy deeper
// than the last; in a CPU profile of `agentcard lint` those copies were
// about 5 % of the process.
//
// growStack's frame makes the runtime grow the stack once, to 32 KiB,
// while it holds only the initialiser's few frames. It runs first: the go
// command hands a package's files to the compiler sorted by name, and
// their init functions run in that order (grow.go before
// prefault_linux.go). 32 KiB is what measured fastest (make bench-cli;
// docs/ARCHITECTURE.md §6); 16 KiB was no faster than not growing, and
// 64 KiB slower than it.

// growFrame is the frame asked for: with the runtime's guard, the smallest
// doubling of 2 KiB that holds it is 32 KiB.
const growFrame = 24 << 10

// grow is never set: growStack's body is not run, only its frame
// reserved (a constant argument could let the compiler drop the array).
var grow int

//go:noinline
func growStack(n int) byte {
	if n > 0 {
		var b [growFrame]byte
		b[n%len(b)] = byte(n)
		return b[(n*7)%len(b)]
	}
	return 0
}

func init() { growStack(grow) }
