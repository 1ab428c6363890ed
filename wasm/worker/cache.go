package main

import (
	"context"
	"encoding/json"
	"net/url"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/discovery"
)

// Cache keeps fetched cards for a short time, keyed by the normalized URL,
// so that opening a shared report link does not refetch the card each time.
// In the Worker it is the Workers Cache API; natively a small memory map.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Put(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// cacheVersion changes when the entry format does.
const cacheVersion = "1"

// cacheKey is a URL because the Workers Cache API keys by request URL.
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
	HeaderlessNote string          `json:"headerlessNote,omitempty"`
}

type entryVariant struct {
	Status int    `json:"status"`
	Body   []byte `json:"body"`
}

func encodeEntry(f *discovery.Fetched) []byte {
	e := entry{URL: f.URL.String(), Facts: f.Facts, Body: f.Body, HeaderlessNote: f.HeaderlessNote}
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
	f := &discovery.Fetched{Input: input, URL: u, Facts: e.Facts, Body: e.Body, HeaderlessNote: e.HeaderlessNote}
	if e.Headerless != nil {
		f.Headerless = &discovery.Variant{Status: e.Headerless.Status, Size: len(e.Headerless.Body), Body: e.Headerless.Body}
	}
	return f, nil
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
