package main

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestWindowOrderAndBound: the window yields outcomes in the jobs'
// order whatever order they finish in, and never has more than about
// 2n of them started and not yet written (issue 38: a run's memory is
// the window's, not the registry's).
func TestWindowOrderAndBound(t *testing.T) {
	const jobs, n = 200, 4
	list := make([]lintJob, jobs)
	for i := range list {
		list[i].src = &source{name: string(rune('a' + i%26)), kind: srcFile}
	}
	var started, written, most atomic.Int64
	do := func(_ context.Context, j *lintJob) lintOutcome {
		ahead := started.Add(1) - written.Load()
		for {
			m := most.Load()
			if ahead <= m || most.CompareAndSwap(m, ahead) {
				break
			}
		}
		// later jobs often finish first
		time.Sleep(time.Duration((jobs-indexOf(list, j))%7) * 100 * time.Microsecond)
		return lintOutcome{problem: j.src.name}
	}
	i := 0
	for o := range window(context.Background(), list, n, do) {
		if o.job != &list[i] {
			t.Fatalf("outcome %d is job %d's", i, indexOf(list, o.job))
		}
		i++
		written.Add(1)
	}
	if i != jobs {
		t.Fatalf("%d outcomes for %d jobs", i, jobs)
	}
	if m := most.Load(); m > 2*n+2 {
		t.Errorf("%d jobs started and not written at once; the window is %d", m, n)
	}
}

func indexOf(list []lintJob, j *lintJob) int {
	for i := range list {
		if &list[i] == j {
			return i
		}
	}
	return -1
}
