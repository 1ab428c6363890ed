package catalog

import (
	"errors"
	"io/fs"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
)

// clock is a settable time for the retry and stuck-attempt rules.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newLazy(load func() ([]byte, error)) (*lazy, *clock) {
	c := &clock{t: time.Unix(1_800_000_000, 0)}
	return &lazy{lang: i18n.Chinese, load: load, now: c.now}, c
}

const oneMessage = `{"ui.report.title":"检查报告"}`

// TestProvidedLoadsOnce: concurrent first readers share one load (the
// Worker fetches the asset once per instance), and all get its catalogue.
func TestProvidedLoadsOnce(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	p, _ := newLazy(func() ([]byte, error) {
		calls.Add(1)
		<-release
		return []byte(oneMessage), nil
	})
	var wg sync.WaitGroup
	got := make([]*i18n.Catalogue, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := p.get()
			if err != nil {
				t.Error(err)
			}
			got[i] = c
		}()
	}
	for calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // let the others find the attempt running
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Errorf("loader called %d times, want 1", n)
	}
	for i, c := range got {
		if c == nil || c != got[0] || c.Lang() != i18n.Chinese {
			t.Fatalf("reader %d got %v", i, c)
		}
	}
	if f, ok := got[0].Lookup("ui.report.title"); !ok || f != "检查报告" {
		t.Errorf("ui.report.title = %q, %v", f, ok)
	}
	if _, err := p.get(); err != nil || calls.Load() != 1 {
		t.Errorf("a later read loaded again (%d calls, %v)", calls.Load(), err)
	}
}

// TestProvidedFailureRetriedLater: a failed load is an error (the caller
// answers in English), is not retried on every read, and is retried once
// retryAfter has passed.
func TestProvidedFailureRetriedLater(t *testing.T) {
	missing := errors.New("asset answered 404")
	var calls atomic.Int32
	p, clk := newLazy(func() ([]byte, error) {
		if calls.Add(1) == 1 {
			return nil, missing
		}
		return []byte(oneMessage), nil
	})
	if _, err := p.get(); !errors.Is(err, missing) {
		t.Fatalf("first read: %v, want the loader's error", err)
	}
	clk.add(retryAfter - time.Second)
	if _, err := p.get(); !errors.Is(err, missing) || calls.Load() != 1 {
		t.Fatalf("within retryAfter: %v after %d calls, want the remembered error and 1 call", err, calls.Load())
	}
	clk.add(2 * time.Second)
	if c, err := p.get(); err != nil || c.Lang() != i18n.Chinese || calls.Load() != 2 {
		t.Fatalf("after retryAfter: %v, %v after %d calls", c, err, calls.Load())
	}
}

// TestProvidedRefusesBadData: what is too large, not a JSON object of
// strings, or empty is refused, and a panicking loader is a failure, not
// a panic in the reader's request.
func TestProvidedRefusesBadData(t *testing.T) {
	for name, load := range map[string]func() ([]byte, error){
		"too large":  func() ([]byte, error) { return []byte(`{"a":"` + strings.Repeat("x", MaxSize) + `"}`), nil },
		"not json":   func() ([]byte, error) { return []byte(`<html>not found</html>`), nil },
		"not flat":   func() ([]byte, error) { return []byte(`{"a":{"b":"c"}}`), nil },
		"empty":      func() ([]byte, error) { return []byte(`{}`), nil },
		"no body":    func() ([]byte, error) { return nil, nil },
		"it panics":  func() ([]byte, error) { panic("binding missing") },
		"nil result": func() ([]byte, error) { return []byte("null"), nil },
	} {
		p, _ := newLazy(load)
		if c, err := p.get(); err == nil {
			t.Errorf("%s: accepted (%d ids)", name, len(c.Keys()))
		}
	}
}

// TestProvidedStuckAttempt: an attempt that never ends (its request was
// cancelled and its I/O never settles) does not keep the language away
// for good: after stuckAfter the next reader starts a fresh one.
func TestProvidedStuckAttempt(t *testing.T) {
	var calls atomic.Int32
	never := make(chan struct{})
	defer close(never)
	p, clk := newLazy(func() ([]byte, error) {
		if calls.Add(1) == 1 {
			<-never
			return nil, errors.New("cancelled")
		}
		return []byte(oneMessage), nil
	})
	go p.get()
	for calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	clk.add(stuckAfter + time.Second)
	if c, err := p.get(); err != nil || c == nil || calls.Load() != 2 {
		t.Fatalf("after a stuck attempt: %v, %v after %d calls", c, err, calls.Load())
	}
}

// withEmbedded runs f as a program that compiles in only the given
// languages (the Worker's build compiles in English only), with no
// providers, and restores the package's state after.
func withEmbedded(t *testing.T, langs []i18n.Lang, f func()) {
	t.Helper()
	oldEmbedded, oldProviders := embedded, providers.Load()
	embedded = map[i18n.Lang]fs.FS{}
	for _, l := range langs {
		embedded[l] = oldEmbedded[l]
	}
	providers.Store(nil)
	defer func() { embedded = oldEmbedded; providers.Store(oldProviders) }()
	f()
}

// TestProvideSuppliesMissingLanguage: in a build without the Chinese
// files, Chinese is English until provided, and after Provide it is the
// same catalogue the files give (what the Worker reads from AssetPath is
// JSON's output).
func TestProvideSuppliesMissingLanguage(t *testing.T) {
	full, err := JSON(i18n.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	want := Of(i18n.Chinese).Keys()
	withEmbedded(t, []i18n.Lang{i18n.English}, func() {
		if _, err := Get(i18n.Chinese); err == nil {
			t.Error("Get(zh-CN) without the files or a provider succeeded")
		}
		if c := Of(i18n.Chinese); c.Lang() != i18n.English {
			t.Errorf("Of(zh-CN) without a catalogue is %s, want English", c.Lang())
		}
		Provide(i18n.Chinese, func() ([]byte, error) { return full, nil })
		c, err := Get(i18n.Chinese)
		if err != nil {
			t.Fatal(err)
		}
		if c.Lang() != i18n.Chinese || strings.Join(c.Keys(), ",") != strings.Join(want, ",") {
			t.Errorf("provided catalogue: %s with %d ids, want zh-CN with %d", c.Lang(), len(c.Keys()), len(want))
		}
		if Of(i18n.Chinese) != c {
			t.Error("Of does not give the provided catalogue")
		}
	})
}

// TestProvideKeepsEmbedded: a language the build compiles in is never
// loaded at run time (the CLI and the native server never fetch it).
func TestProvideKeepsEmbedded(t *testing.T) {
	withEmbedded(t, i18n.Langs(), func() {
		var calls atomic.Int32
		Provide(i18n.Chinese, func() ([]byte, error) { calls.Add(1); return []byte(oneMessage), nil })
		if c := Of(i18n.Chinese); c.Lang() != i18n.Chinese || len(c.Keys()) < 100 || calls.Load() != 0 {
			t.Errorf("Of(zh-CN) = %s with %d ids after %d loads; want the embedded catalogue, no load", c.Lang(), len(c.Keys()), calls.Load())
		}
	})
}
