package check

import (
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/signature"
)

// Memory keeps what a process verified or fetched for the last TTL,
// beside the Cache, for checks that are not private: signature reports
// (with their payload) and key sets. The Cache answers later readers
// anywhere; Memory answers at once the readers of the same instance,
// including those that missed the Cache while the first one still worked
// (sixteen readers opening one shared report), and saves decoding a
// report as large as the card. It is bounded by bytes, the oldest entry
// going first. A program makes one (NewMemory) and passes it with every
// check (Capabilities.Memory).
type Memory = recentMemo

// NewMemory makes a Memory of at most max bytes.
func NewMemory(max int) *Memory { return newRecentMemo(max, time.Now) }

type recentMemo struct {
	mu    sync.Mutex
	max   int
	size  int
	now   func() time.Time
	m     map[string]recentEntry
	order []string // keys, oldest first
}

type recentEntry struct {
	rep     *signature.Report
	b       []byte
	size    int
	expires time.Time
}

func newRecentMemo(max int, now func() time.Time) *recentMemo {
	return &recentMemo{max: max, now: now, m: map[string]recentEntry{}}
}

func (r *recentMemo) get(key string) (recentEntry, bool) {
	if r == nil {
		return recentEntry{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	e, ok := r.m[key]
	if !ok || r.now().After(e.expires) {
		return recentEntry{}, false
	}
	return e, true
}

// report is a copy of a kept report.
func (r *recentMemo) report(key string) (*signature.Report, bool) {
	e, ok := r.get(key)
	if !ok || e.rep == nil {
		return nil, false
	}
	return copyReport(e.rep), true
}

func (r *recentMemo) bytes(key string) ([]byte, bool) {
	e, ok := r.get(key)
	return e.b, ok && e.b != nil
}

func (r *recentMemo) putReport(key string, rep *signature.Report) {
	if r == nil {
		return
	}
	r.put(key, recentEntry{rep: copyReport(rep), size: len(rep.Payload) + 256*len(rep.Results)})
}

func (r *recentMemo) putBytes(key string, b []byte) { r.put(key, recentEntry{b: b, size: len(b)}) }

func (r *recentMemo) put(key string, e recentEntry) {
	if r == nil || e.size > r.max {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
	e.expires = now.Add(TTL)
	if old, ok := r.m[key]; ok {
		r.size -= old.size
		delete(r.m, key)
	}
	keep := r.order[:0]
	for _, k := range r.order {
		old, ok := r.m[k]
		switch {
		case !ok:
		case now.After(old.expires):
			r.size -= old.size
			delete(r.m, k)
		default:
			keep = append(keep, k)
		}
	}
	r.order = keep
	for r.size+e.size > r.max && len(r.order) > 0 {
		k := r.order[0]
		r.order = r.order[1:]
		r.size -= r.m[k].size
		delete(r.m, k)
	}
	r.m[key] = e
	r.order = append(r.order, key)
	r.size += e.size
}
