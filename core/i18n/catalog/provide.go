package catalog

import (
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
)

// AssetPath is where the site builder publishes l's whole catalogue (JSON)
// for a program that reads it at run time: the Worker fetches it through
// its assets binding. It sits under /_worker/, which the Worker answers
// itself (wrangler.toml run_worker_first), so it is not a public page; the
// playground loads its own content-hashed copy under /assets/.
func AssetPath(l i18n.Lang) string { return "_worker/catalog." + string(l) + ".json" }

// MaxSize bounds a catalogue supplied at run time (the Chinese one is
// about 210 KB): a larger one is refused, not parsed.
const MaxSize = 2 << 20

// How a provided catalogue is loaded (see lazy.get). They bound what one
// missing or slow asset can cost: a failure is answered in English for
// retryAfter before the next attempt (not one attempt per request), a
// request waits at most waitFor for another request's attempt, and an
// attempt that has not ended after stuckAfter (its request may have been
// cancelled, its I/O never settling) no longer holds the others back.
const (
	retryAfter = 30 * time.Second
	waitFor    = 5 * time.Second
	stuckAfter = 10 * time.Second
)

// Provide supplies the catalogue of a language this build does not
// compile in: load returns it as one JSON object (what JSON writes) and
// is called on the first Get or Of of l, once while it succeeds. Until it
// has succeeded, Of(l) gives English; a failure is logged and retried
// after a while. A language the build embeds keeps its embedded
// catalogue. Call Provide before serving.
func Provide(l i18n.Lang, load func() ([]byte, error)) {
	for {
		old := providers.Load()
		next := map[i18n.Lang]*lazy{}
		if old != nil {
			for k, v := range *old {
				next[k] = v
			}
		}
		next[l] = &lazy{lang: l, load: load, now: time.Now}
		if providers.CompareAndSwap(old, &next) {
			return
		}
	}
}

// providers is copied on write: Of is on every rendered word's path.
var providers atomic.Pointer[map[i18n.Lang]*lazy]

func provided(l i18n.Lang) *lazy {
	if m := providers.Load(); m != nil {
		return (*m)[l]
	}
	return nil
}

// lazy is one provided language: its catalogue once loaded, else the
// state of the attempts.
type lazy struct {
	lang i18n.Lang
	load func() ([]byte, error)
	now  func() time.Time
	cat  atomic.Pointer[i18n.Catalogue]

	mu       sync.Mutex
	attempt  chan struct{} // closed when the running attempt ends; nil when none runs
	started  time.Time
	err      error // the last attempt's failure
	failedAt time.Time
}

func (p *lazy) get() (*i18n.Catalogue, error) {
	if c := p.cat.Load(); c != nil {
		return c, nil
	}
	p.mu.Lock()
	if c := p.cat.Load(); c != nil {
		p.mu.Unlock()
		return c, nil
	}
	now := p.now()
	if p.attempt != nil && now.Sub(p.started) < stuckAfter {
		wait := p.attempt
		p.mu.Unlock()
		select {
		case <-wait:
		case <-time.After(waitFor):
		}
		if c := p.cat.Load(); c != nil {
			return c, nil
		}
		p.mu.Lock()
		err := p.err
		p.mu.Unlock()
		if err == nil {
			err = fmt.Errorf("catalog: the %s catalogue is still loading", p.lang)
		}
		return nil, err
	}
	if p.err != nil && now.Sub(p.failedAt) < retryAfter {
		err := p.err
		p.mu.Unlock()
		return nil, err
	}
	done := make(chan struct{})
	p.attempt, p.started = done, now
	p.mu.Unlock()

	c, err := p.run()

	p.mu.Lock()
	if err != nil {
		p.err, p.failedAt = err, p.now()
		log.Printf("%v; answering in English for %v", err, retryAfter)
	} else {
		p.cat.Store(c)
		p.err = nil
	}
	if p.attempt == done {
		p.attempt = nil
	}
	close(done)
	p.mu.Unlock()
	return c, err
}

// run calls the loader and checks what it gave. A panicking loader is a
// failure like any other: a reader must get English, not an error page.
func (p *lazy) run() (c *i18n.Catalogue, err error) {
	defer func() {
		if v := recover(); v != nil {
			c, err = nil, fmt.Errorf("catalog: loading the %s catalogue panicked: %v", p.lang, v)
		}
	}()
	data, err := p.load()
	switch {
	case err != nil:
		return nil, fmt.Errorf("catalog: loading the %s catalogue: %w", p.lang, err)
	case len(data) > MaxSize:
		return nil, fmt.Errorf("catalog: the %s catalogue is %d bytes, over the %d-byte limit", p.lang, len(data), MaxSize)
	}
	c, err = i18n.Parse(p.lang, data)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	if len(c.Keys()) == 0 {
		return nil, errors.New("catalog: the " + string(p.lang) + " catalogue has no messages")
	}
	return c, nil
}
