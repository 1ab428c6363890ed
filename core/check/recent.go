package check

import (
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/signature"
)

// Recent keeps values for a while in memory, bounded by the bytes they
// stand for: when a new value does not fit, the oldest go first. The
// check's Memory is one; the Worker keeps rendered pages in another.
type Recent[V any] struct {
	mu    sync.Mutex
	max   int // bytes
	size  int
	ttl   time.Duration
	now   func() time.Time
	m     map[string]recentItem[V]
	order []string // keys, oldest first
}

type recentItem[V any] struct {
	v       V
	size    int
	expires time.Time
}

// NewRecent keeps values of at most max bytes in all, each for ttl.
func NewRecent[V any](max int, ttl time.Duration) *Recent[V] {
	return &Recent[V]{max: max, ttl: ttl, now: time.Now, m: map[string]recentItem[V]{}}
}

// Get is the value kept under key, if it has not expired.
func (r *Recent[V]) Get(key string) (V, bool) {
	var zero V
	if r == nil {
		return zero, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	it, ok := r.m[key]
	if !ok || r.now().After(it.expires) {
		return zero, false
	}
	return it.v, true
}

// Put keeps v under key; size is the bytes it stands for (a value larger
// than the whole bound is not kept).
func (r *Recent[V]) Put(key string, v V, size int) {
	if r == nil || size > r.max {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.now()
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
	for r.size+size > r.max && len(r.order) > 0 {
		k := r.order[0]
		r.order = r.order[1:]
		r.size -= r.m[k].size
		delete(r.m, k)
	}
	r.m[key] = recentItem[V]{v: v, size: size, expires: now.Add(r.ttl)}
	r.order = append(r.order, key)
	r.size += size
}

// Memory keeps what a process verified or fetched for the last TTL,
// beside the Cache, for checks that are not private: signature reports
// (with their payload) and key sets. The Cache answers later readers
// anywhere; Memory answers at once the readers of the same instance,
// including those that missed the Cache while the first one still worked
// (sixteen readers opening one shared report), and saves decoding a
// report as large as the card. A program makes one (NewMemory) and passes
// it with every check (Capabilities.Memory).
type Memory struct{ r *Recent[memoryEntry] }

type memoryEntry struct {
	rep *signature.Report
	b   []byte
}

// NewMemory makes a Memory of at most max bytes.
func NewMemory(max int) *Memory { return &Memory{r: NewRecent[memoryEntry](max, TTL)} }

// report is a copy of a kept report.
func (m *Memory) report(key string) (*signature.Report, bool) {
	if m == nil {
		return nil, false
	}
	e, ok := m.r.Get(key)
	if !ok || e.rep == nil {
		return nil, false
	}
	return copyReport(e.rep), true
}

func (m *Memory) bytes(key string) ([]byte, bool) {
	if m == nil {
		return nil, false
	}
	e, ok := m.r.Get(key)
	return e.b, ok && e.b != nil
}

func (m *Memory) putReport(key string, rep *signature.Report) {
	if m != nil {
		m.r.Put(key, memoryEntry{rep: copyReport(rep)}, len(rep.Payload)+256*len(rep.Results))
	}
}

func (m *Memory) putBytes(key string, b []byte) {
	if m != nil {
		m.r.Put(key, memoryEntry{b: b}, len(b))
	}
}
