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

// retryAfter bounds what a missing or unreadable catalogue costs: after a
// failed load the language is answered in English for this long before
// the next attempt, not one attempt per request.
const retryAfter = 30 * time.Second

// Provide supplies the catalogue of a language this build does not
// compile in: load returns it as one JSON object (what JSON writes) and
// is called by the first Get or Of of l (and by readers concurrent with
// it; see lazy), then never again once it has succeeded. Until then
// Of(l) gives English; a failure is logged and retried after retryAfter. A language the build embeds keeps its embedded
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
// last failure.
//
// Readers never wait for each other's load: each reader that finds no
// catalogue loads it itself, and the first one stored is kept. In the
// Worker a goroutine must do its I/O from its own request (workerd binds
// I/O to the request that made it); one woken by another request's load
// would go on to fetch the checked card on that request's behalf. So
// concurrent first readers may each read the asset once; every later
// reader shares the stored catalogue.
type lazy struct {
	lang i18n.Lang
	load func() ([]byte, error)
	now  func() time.Time
	cat  atomic.Pointer[i18n.Catalogue]

	mu       sync.Mutex
	err      error // the last failure, while no load has succeeded
	failedAt time.Time
}

func (p *lazy) get() (*i18n.Catalogue, error) {
	if c := p.cat.Load(); c != nil {
		return c, nil
	}
	p.mu.Lock()
	err, failedAt := p.err, p.failedAt
	p.mu.Unlock()
	if err != nil && p.now().Sub(failedAt) < retryAfter {
		return nil, err
	}
	c, err := p.run()
	if err == nil {
		p.cat.CompareAndSwap(nil, c)
		return p.cat.Load(), nil
	}
	if c := p.cat.Load(); c != nil { // another reader's load succeeded
		return c, nil
	}
	p.mu.Lock()
	p.err, p.failedAt = err, p.now()
	p.mu.Unlock()
	log.Printf("%v; answering in English for %v", err, retryAfter)
	return nil, err
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
