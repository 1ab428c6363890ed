package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// SQL runs statements on a SQLite database: in the Worker, D1
// (wasm/worker/d1_js.go, env.DB.batch: one round trip, one transaction).
type SQL interface {
	// Batch runs stmts in order, in one transaction, and answers the rows
	// of each (a JSON array of objects, one per row; "[]" for none).
	Batch(ctx context.Context, stmts []Statement) ([]json.RawMessage, error)
}

// Statement is one SQL statement with its arguments (strings, integers).
type Statement struct {
	SQL  string `json:"sql"`
	Args []any  `json:"args"`
}

// schema is the store's tables, made on first use (CREATE … IF NOT
// EXISTS), so that neither `make dev` nor a deployment needs a migration
// step. The URLs go in with one statement (json_each): D1 on the free
// plan runs at most 50 statements per invocation.
var schema = []Statement{
	{SQL: `CREATE TABLE IF NOT EXISTS batches (id TEXT PRIMARY KEY, created INTEGER NOT NULL, total INTEGER NOT NULL)`},
	{SQL: `CREATE TABLE IF NOT EXISTS batch_items (batch TEXT NOT NULL, idx INTEGER NOT NULL, url TEXT NOT NULL,
		status TEXT NOT NULL, errors INTEGER NOT NULL DEFAULT 0, warnings INTEGER NOT NULL DEFAULT 0,
		infos INTEGER NOT NULL DEFAULT 0, kind TEXT NOT NULL DEFAULT '', PRIMARY KEY (batch, idx))`},
	{SQL: `CREATE INDEX IF NOT EXISTS batches_created ON batches (created)`},
}

// SQLStore is a Store on SQL.
type SQLStore struct {
	DB SQL

	mu     sync.Mutex
	schema bool // the tables were made by this store
}

func (s *SQLStore) run(ctx context.Context, stmts ...Statement) ([]json.RawMessage, error) {
	s.mu.Lock()
	made := s.schema
	s.mu.Unlock()
	if !made {
		if _, err := s.DB.Batch(ctx, schema); err != nil {
			return nil, fmt.Errorf("batch store: making the tables: %w", err)
		}
		s.mu.Lock()
		s.schema = true
		s.mu.Unlock()
	}
	return s.DB.Batch(ctx, stmts)
}

// compactJSON is v as JSON without HTML escaping: json.Marshal writes <,
// > and & as six bytes each, which took a list of URLs full of them over
// D1's 2 MB value limit (review N8).
func compactJSON(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func (s *SQLStore) Create(ctx context.Context, id string, items []Item, now time.Time) error {
	urls := make([]string, len(items))
	// The items not pending (not checked, by Plan) are set by one
	// statement per status and kind, with their positions as JSON.
	type group struct {
		status Status
		kind   string
	}
	var order []group
	set := map[group][]int{}
	for i, it := range items {
		urls[i] = it.URL
		if it.Status == Pending || it.Status == "" {
			continue
		}
		g := group{it.Status, it.Kind}
		if set[g] == nil {
			order = append(order, g)
		}
		set[g] = append(set[g], i)
	}
	list, err := compactJSON(urls)
	if err != nil {
		return err
	}
	old := now.Add(-Keep).Unix()
	stmts := []Statement{
		{SQL: `DELETE FROM batch_items WHERE batch IN (SELECT id FROM batches WHERE created < ?)`, Args: []any{old}},
		{SQL: `DELETE FROM batches WHERE created < ?`, Args: []any{old}},
		{SQL: `INSERT INTO batches (id, created, total) VALUES (?, ?, ?)`, Args: []any{id, now.Unix(), len(items)}},
		{SQL: `INSERT INTO batch_items (batch, idx, url, status) SELECT ?, CAST(key AS INTEGER), value, ? FROM json_each(?)`,
			Args: []any{id, string(Pending), list}},
	}
	for _, g := range order {
		at, err := compactJSON(set[g])
		if err != nil {
			return err
		}
		stmts = append(stmts, Statement{SQL: `UPDATE batch_items SET status = ?, kind = ? WHERE batch = ? AND idx IN (SELECT value FROM json_each(?))`,
			Args: []any{string(g.status), g.kind, id, at}})
	}
	_, err = s.run(ctx, stmts...)
	return err
}

// RecordAll sets several results in one round trip (a queue message
// batch's).
func (s *SQLStore) RecordAll(ctx context.Context, id string, results map[int]Item) error {
	var stmts []Statement
	for idx, it := range results {
		stmts = append(stmts, Statement{SQL: `UPDATE batch_items SET status = ?, errors = ?, warnings = ?, infos = ?, kind = ? WHERE batch = ? AND idx = ?`,
			Args: []any{string(it.Status), it.Errors, it.Warnings, it.Infos, it.Kind, id, idx}})
	}
	if len(stmts) == 0 {
		return nil
	}
	_, err := s.run(ctx, stmts...)
	return err
}

func (s *SQLStore) Record(ctx context.Context, id string, index int, it Item) error {
	return s.RecordAll(ctx, id, map[int]Item{index: it})
}

func (s *SQLStore) Get(ctx context.Context, id string) (*Batch, bool, error) {
	res, err := s.run(ctx,
		Statement{SQL: `SELECT id, created, total FROM batches WHERE id = ?`, Args: []any{id}},
		Statement{SQL: `SELECT idx, url, status, errors, warnings, infos, kind FROM batch_items WHERE batch = ? ORDER BY idx`, Args: []any{id}})
	if err != nil {
		return nil, false, err
	}
	if len(res) != 2 {
		return nil, false, errors.New("batch store: an answer per statement was expected")
	}
	var head []struct {
		ID      string `json:"id"`
		Created int64  `json:"created"`
		Total   int    `json:"total"`
	}
	var rows []struct {
		Idx int `json:"idx"`
		Item
	}
	if err := json.Unmarshal(res[0], &head); err != nil {
		return nil, false, err
	}
	if len(head) == 0 {
		return nil, false, nil
	}
	if err := json.Unmarshal(res[1], &rows); err != nil {
		return nil, false, err
	}
	b := &Batch{ID: head[0].ID, Total: head[0].Total, Created: time.Unix(head[0].Created, 0).UTC(), Results: make([]Item, 0, len(rows))}
	for _, r := range rows {
		if r.Status != Pending {
			b.Done++
		}
		b.Results = append(b.Results, r.Item)
	}
	return b, true, nil
}

// MemoryStore is a Store in memory (the native server's, tests'),
// keeping at most max batches.
type MemoryStore struct {
	mu      sync.Mutex
	max     int
	batches map[string]*Batch
	now     func() time.Time
}

// NewMemoryStore keeps at most max batches (the oldest goes first).
func NewMemoryStore(max int) *MemoryStore {
	return &MemoryStore{max: max, batches: map[string]*Batch{}, now: time.Now}
}

func (m *MemoryStore) Create(_ context.Context, id string, items []Item, now time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for k, b := range m.batches {
		if now.Sub(b.Created) > Keep {
			delete(m.batches, k)
		}
	}
	for len(m.batches) >= m.max {
		oldest := ""
		for k, b := range m.batches {
			if oldest == "" || b.Created.Before(m.batches[oldest].Created) {
				oldest = k
			}
		}
		delete(m.batches, oldest)
	}
	b := &Batch{ID: id, Total: len(items), Created: now.UTC(), Results: make([]Item, len(items))}
	for i, it := range items {
		if it.Status == "" {
			it.Status = Pending
		}
		if it.Status != Pending {
			b.Done++
		}
		b.Results[i] = it
	}
	m.batches[id] = b
	return nil
}

func (m *MemoryStore) Record(_ context.Context, id string, index int, it Item) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[id]
	if b == nil || index < 0 || index >= len(b.Results) {
		return nil // gone, or never there: nothing to record
	}
	if b.Results[index].Status == Pending && it.Status != Pending {
		b.Done++
	}
	it.URL = b.Results[index].URL
	b.Results[index] = it
	return nil
}

func (m *MemoryStore) Get(_ context.Context, id string) (*Batch, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[id]
	if b == nil || m.now().Sub(b.Created) > Keep {
		return nil, false, nil
	}
	c := *b
	c.Results = append([]Item(nil), b.Results...)
	return &c, true, nil
}
