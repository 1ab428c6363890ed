package devport

import (
	"net"
	"strconv"
	"testing"
)

func TestFree(t *testing.T) {
	ports, err := Free(3)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	hi := ephemeralStart()
	for _, p := range ports {
		if seen[p] {
			t.Errorf("port %d twice in %v", p, ports)
		}
		seen[p] = true
		if hi > 0 && (p < lowest || p >= hi) {
			t.Errorf("port %d outside %d-%d", p, lowest, hi)
		}
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			t.Errorf("port %d is not free: %v", p, err)
			continue
		}
		l.Close()
	}
}

func TestInUse(t *testing.T) {
	for text, want := range map[string]bool{
		"✘ [ERROR] Address already in use (127.0.0.1:41627).": true,
		"Error: listen EADDRINUSE: address already in use":    true,
		"Ready on http://127.0.0.1:8787":                      false,
	} {
		if got := InUse(text); got != want {
			t.Errorf("InUse(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestStart(t *testing.T) {
	for _, c := range []struct {
		taken int // starts that find a port taken
		calls int
		ok    bool
	}{{0, 1, true}, {2, 3, true}, {Attempts, Attempts, false}, {Attempts + 1, Attempts, false}} {
		calls := 0
		err := Start(2, func(ports []int) bool {
			calls++
			if len(ports) != 2 || ports[0] == ports[1] {
				t.Errorf("start got ports %v", ports)
			}
			return calls > c.taken
		})
		if calls != c.calls || (err == nil) != c.ok {
			t.Errorf("%d taken: %d starts, error %v; want %d starts, ok %v", c.taken, calls, err, c.calls, c.ok)
		}
	}
}
