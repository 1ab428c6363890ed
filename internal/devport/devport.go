// Package devport chooses the TCP ports that end-to-end tests hand to the
// servers they start (wrangler dev, the course's sample servers).
//
// A test cannot keep a port it has chosen: it must close its own listener
// so that the server can bind. Ports from the kernel's ephemeral range
// (what a ":0" listener gets) are also what every outbound connection and
// every httptest server of the tests running alongside get, so one of
// them can take the port in that gap; CI once failed on exactly that
// (wrangler: "Address already in use"). Ports here come from below the
// ephemeral range, where nothing is handed out automatically, and servers
// are started again on fresh ports if they still find theirs taken
// (InUse).
package devport

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strings"
)

// lowest is the bottom of the range Free draws from: above the ports that
// system services are configured on.
const lowest = 20000

// Free returns n distinct ports on 127.0.0.1 that were free when asked,
// below the ephemeral range when the system says where that starts.
func Free(n int) ([]int, error) {
	hi := ephemeralStart()
	held := make([]net.Listener, 0, n)
	defer func() {
		for _, l := range held {
			l.Close()
		}
	}()
	ports := make([]int, 0, n)
	for tries := 0; len(ports) < n; tries++ {
		if tries > 200 {
			return nil, fmt.Errorf("devport: no %d free ports in %d-%d", n, lowest, hi)
		}
		addr := "127.0.0.1:0"
		if hi > lowest {
			addr = fmt.Sprintf("127.0.0.1:%d", lowest+rand.IntN(hi-lowest))
		}
		l, err := net.Listen("tcp", addr)
		if err != nil {
			continue
		}
		held = append(held, l) // kept until all are chosen, so they differ
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// ephemeralStart is the first port of Linux's ephemeral range, or 0 when
// it cannot be read (then Free lets the kernel choose).
func ephemeralStart() int {
	b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range")
	if err != nil {
		return 0
	}
	var lo, hi int
	if _, err := fmt.Sscan(string(b), &lo, &hi); err != nil || lo <= lowest {
		return 0
	}
	return lo
}

// Attempts is how many times Start starts a server that keeps finding
// its port taken.
const Attempts = 3

// Start gives start n fresh ports (Free) until it answers true, the
// server running on them, at most Attempts times. start answers false
// for a server that found a port taken (InUse), once it has stopped it.
func Start(n int, start func(ports []int) bool) error {
	for range Attempts {
		ports, err := Free(n)
		if err != nil {
			return err
		}
		if start(ports) {
			return nil
		}
	}
	return fmt.Errorf("devport: the server found its port taken %d times", Attempts)
}

// InUse reports whether a server's output says it could not bind its
// port: wrangler and Node print "Address already in use" or EADDRINUSE,
// Python "Address already in use" too.
func InUse(output string) bool {
	return strings.Contains(output, "Address already in use") || strings.Contains(output, "EADDRINUSE")
}
