package main

import (
	"context"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/check"
)

// Cache is the engine's (core/check): the Workers Cache API in the Worker,
// memoryCache natively.
type Cache = check.Cache

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
