package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
)

// Cache keeps fetched cards for a short time, keyed by the normalized URL,
// so that opening a shared report link does not refetch the card each time.
// In the Worker it is the Workers Cache API; natively a small memory map.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Put(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// cacheVersion changes when the entry format does (2: the header-less
// note as data).
const cacheVersion = "2"

// cacheKey is a URL because the Workers Cache API keys by request URL.
//
// The language is deliberately not part of it: an entry is the raw fetch
// (bytes, facts, the note as a message id with arguments), the same for
// every reader, and each answer is rendered from it in the request's
// language. Keying by language would fetch the same card once per
// language within the minute, more requests to the checked site for the
// same bytes. Answers that depend on the language are told apart where
// they are cached: by Vary: Accept-Language, or by ?lang= in their URL.
func cacheKey(normalized string) string {
	return "https://cache.agentcard.invalid/v" + cacheVersion + "/card?url=" + url.QueryEscape(normalized)
}

// entry is what is cached: the raw fetch, so that the report is rebuilt
// from it (linting is cheap; fetching is what the cache saves).
type entry struct {
	URL            string          `json:"url"`
	Facts          discovery.Facts `json:"facts"`
	Body           []byte          `json:"body"`
	Headerless     *entryVariant   `json:"headerless,omitempty"`
	HeaderlessNote *entryText      `json:"headerlessNote,omitempty"`
}

type entryVariant struct {
	Status int    `json:"status"`
	Body   []byte `json:"body"`
}

func encodeEntry(f *discovery.Fetched) []byte {
	e := entry{URL: f.URL.String(), Facts: f.Facts, Body: f.Body}
	if !f.HeaderlessNoteText.IsZero() {
		e.HeaderlessNote = newEntryText(f.HeaderlessNoteText, 0)
	}
	if f.Headerless != nil {
		e.Headerless = &entryVariant{Status: f.Headerless.Status, Body: f.Headerless.Body}
	}
	b, _ := json.Marshal(e)
	return b
}

func decodeEntry(b []byte, input string) (*discovery.Fetched, error) {
	var e entry
	if err := json.Unmarshal(b, &e); err != nil {
		return nil, err
	}
	u, err := url.Parse(e.URL)
	if err != nil {
		return nil, err
	}
	f := &discovery.Fetched{Input: input, URL: u, Facts: e.Facts, Body: e.Body}
	if e.HeaderlessNote != nil {
		f.HeaderlessNoteText = e.HeaderlessNote.text(0)
		f.HeaderlessNote = i18n.EnglishCatalogue().Render(f.HeaderlessNoteText)
	}
	if e.Headerless != nil {
		f.Headerless = &discovery.Variant{Status: e.Headerless.Status, Size: len(e.Headerless.Body), Body: e.Headerless.Body}
	}
	return f, nil
}

// entryText is an i18n.Text as the cache stores it: JSON would turn every
// argument into a string or a float64 and lose Phrase and nested Text, so
// each argument says what it is.
type entryText struct {
	ID   string     `json:"id"`
	Args []entryArg `json:"args,omitempty"`
}

type entryArg struct {
	S *string    `json:"s,omitempty"` // a string
	I *int64     `json:"i,omitempty"` // an integer
	P string     `json:"p,omitempty"` // a Phrase
	T *entryText `json:"t,omitempty"` // a Text
}

// maxTextDepth bounds nesting (a Text inside a Text …); real messages
// nest once or twice.
const maxTextDepth = 4

func newEntryText(t i18n.Text, depth int) *entryText {
	out := &entryText{ID: t.ID}
	for _, a := range t.Args {
		var ea entryArg
		switch v := a.(type) {
		case string:
			ea.S = &v
		case int:
			n := int64(v)
			ea.I = &n
		case int64:
			ea.I = &v
		case i18n.Phrase:
			ea.P = string(v)
		case i18n.Text:
			if depth < maxTextDepth {
				ea.T = newEntryText(v, depth+1)
			}
		default:
			s := fmt.Sprint(v)
			ea.S = &s
		}
		out.Args = append(out.Args, ea)
	}
	return out
}

func (t *entryText) text(depth int) i18n.Text {
	out := i18n.Text{ID: t.ID}
	for _, a := range t.Args {
		switch {
		case a.S != nil:
			out.Args = append(out.Args, *a.S)
		case a.I != nil:
			out.Args = append(out.Args, int(*a.I))
		case a.P != "":
			out.Args = append(out.Args, i18n.Phrase(a.P))
		case a.T != nil && depth < maxTextDepth:
			out.Args = append(out.Args, a.T.text(depth+1))
		default:
			out.Args = append(out.Args, "")
		}
	}
	return out
}

// memoryCache is the native Cache: bounded, expiring.
type memoryCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]memoryEntry
}

type memoryEntry struct {
	value   []byte
	expires time.Time
}

func newMemoryCache(max int) *memoryCache {
	return &memoryCache{max: max, entries: map[string]memoryEntry{}}
}

func (c *memoryCache) Get(_ context.Context, key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || time.Now().After(e.expires) {
		delete(c.entries, key)
		return nil, false
	}
	return e.value, true
}

func (c *memoryCache) Put(_ context.Context, key string, value []byte, ttl time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := time.Now()
	if len(c.entries) >= c.max {
		for k, e := range c.entries {
			if now.After(e.expires) {
				delete(c.entries, k)
			}
		}
		for k := range c.entries { // still full: drop any one
			if len(c.entries) < c.max {
				break
			}
			delete(c.entries, k)
		}
	}
	c.entries[key] = memoryEntry{value: value, expires: now.Add(ttl)}
}
