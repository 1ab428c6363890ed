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

// TestProvidedLoadsOnce: the catalogue is loaded by the first reader and
// shared by every later one (the Worker reads the asset once per
// instance).
func TestProvidedLoadsOnce(t *testing.T) {
	var calls atomic.Int32
	p, _ := newLazy(func() ([]byte, error) {
		calls.Add(1)
		return []byte(oneMessage), nil
	})
	first, err := p.get()
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := first.Lookup("ui.report.title"); first.Lang() != i18n.Chinese || !ok || f != "检查报告" {
		t.Errorf("%s catalogue, ui.report.title = %q, %v", first.Lang(), f, ok)
	}
	for range 5 {
		if c, err := p.get(); c != first || err != nil {
			t.Fatalf("a later read gave %p, %v; want the first catalogue %p", c, err, first)
		}
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("loader called %d times, want 1", n)
	}
}

// TestProvidedReadersDoNotWait: a reader does not wait for another
// reader's load (in the Worker it would then do its own requests on the
// other request's behalf): it loads for itself, and the first catalogue
// stored is the one every reader gets from then on.
func TestProvidedReadersDoNotWait(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	p, _ := newLazy(func() ([]byte, error) {
		if calls.Add(1) == 1 {
			<-release // the first reader's load hangs
		}
		return []byte(oneMessage), nil
	})
	firstDone := make(chan *i18n.Catalogue)
	go func() { c, _ := p.get(); firstDone <- c }()
	for calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	second, err := p.get() // returns while the first load still hangs
	if err != nil || second == nil {
		t.Fatalf("second reader: %v, %v", second, err)
	}
	close(release)
	if first := <-firstDone; first != second {
		t.Error("the readers got different catalogues: the first stored should win")
	}
	if c, _ := p.get(); c != second || calls.Load() != 2 {
		t.Errorf("after both loads: %d calls, catalogue kept: %v", calls.Load(), c == second)
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
