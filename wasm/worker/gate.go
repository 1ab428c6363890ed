package main

import (
	"context"
	"sync"
	"time"
)

// cpuGate lets one check at a time through the stages that compute for
// long (core/check's Gate: linting the card, verifying its signatures).
// The Worker's instance runs one thread, and a request waits for every
// computation the instance is busy with: sixteen views of a large signed
// card computing at once kept /healthz waiting for seconds (issue 16,
// B2). A check that finds the gate busy pauses (the runtime's timer, in
// its own request's context) and looks again, so that every other
// request, /healthz among them, is served in between. Natively, with
// threads, there is no gate.
type cpuGate struct {
	mu    sync.Mutex
	busy  bool
	pause func(ctx context.Context, d time.Duration) error
}

// gatePause is how long a check waits before it looks at the gate again:
// every look enters the instance, so sixteen checks looking every few
// milliseconds would cost more than they save.
const gatePause = 25 * time.Millisecond

func (g *cpuGate) Enter(ctx context.Context) error {
	for {
		g.mu.Lock()
		if !g.busy {
			g.busy = true
			g.mu.Unlock()
			return nil
		}
		g.mu.Unlock()
		if err := g.pause(ctx, gatePause); err != nil {
			return err
		}
	}
}

func (g *cpuGate) Leave() {
	g.mu.Lock()
	g.busy = false
	g.mu.Unlock()
}
