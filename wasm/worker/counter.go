package main

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/batch"
	"github.com/agentcard/agentcard/core/check"
)

// d1Counter is the engine's shared counter (check.Counter) on D1, so
// that the per-host rate and the budgets of batch checks, and the daily
// caps for everyone, hold across the consumer's invocations and the
// Worker's isolates. What a count means is the engine's (core/check);
// this is only its storage: one row per key and window, added to by one
// conditional upsert (one round trip, atomic), and forgotten once its
// window has passed.
type d1Counter struct {
	db  batch.SQL
	now func() time.Time

	mu    sync.Mutex
	made  bool // the table was made by this isolate
	takes int
}

var counterSchema = []batch.Statement{
	{SQL: `CREATE TABLE IF NOT EXISTS counters (key TEXT NOT NULL, win INTEGER NOT NULL, n INTEGER NOT NULL, expires INTEGER NOT NULL, PRIMARY KEY (key, win))`},
	{SQL: `CREATE INDEX IF NOT EXISTS counters_expires ON counters (expires)`},
}

// sweepEvery: one take in so many also deletes the counts gone by.
const sweepEvery = 256

func (c *d1Counter) Take(ctx context.Context, key string, n, limit int, per time.Duration) (bool, time.Duration, error) {
	now := time.Now()
	if c.now != nil {
		now = c.now()
	}
	start, wait, expires := check.Window(now, per)
	if n > limit {
		return false, wait, nil
	}
	c.mu.Lock()
	made := c.made
	var stmts []batch.Statement
	if !made {
		stmts = append(stmts, counterSchema...)
	}
	if c.takes%sweepEvery == 0 {
		stmts = append(stmts, batch.Statement{SQL: `DELETE FROM counters WHERE expires < ?`, Args: []any{now.Unix()}})
	}
	c.takes++
	c.mu.Unlock()
	// The update's WHERE leaves the row as it was when the count would
	// pass the limit, and then RETURNING answers no row.
	stmts = append(stmts, batch.Statement{SQL: `INSERT INTO counters (key, win, n, expires) VALUES (?, ?, ?, ?)
		ON CONFLICT (key, win) DO UPDATE SET n = n + excluded.n, expires = max(expires, excluded.expires) WHERE n + excluded.n <= ?
		RETURNING n`, Args: []any{key, start, n, expires.Unix(), limit}})
	res, err := c.db.Batch(ctx, stmts)
	if err != nil {
		return false, 0, err
	}
	if len(res) != len(stmts) {
		return false, 0, errors.New("counter: an answer per statement was expected")
	}
	if !made {
		c.mu.Lock()
		c.made = true
		c.mu.Unlock()
	}
	last := string(res[len(res)-1])
	if last == "[]" || last == "" || last == "null" {
		return false, wait, nil
	}
	return true, 0, nil
}
