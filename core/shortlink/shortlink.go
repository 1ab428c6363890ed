// Package shortlink is the playground's short share link: a card's text
// stored on the server under its content address, for a link short
// enough for chat tools and issue trackers (the #c= link of core/share
// carries the whole card and grows with it). The user chooses: a short
// link stores the card on the server; #c= keeps it in the browser.
//
// The address is the text's SHA-256, its first 80 bits in lower-case
// base32 (16 characters): the same text always gets the same id, and an
// id cannot be guessed (nothing lists the stored cards). Expiry: a text
// is kept Keep after it was last stored; sharing the same text again
// when its copy is older than Renew stores it again, so a card people
// keep sharing stays, and one nobody shares goes. Reading never renews
// (it would cost a write per view).
//
// The Worker stores in Workers KV (wasm/worker/kv_js.go); natively, and
// in tests, MemoryStore.
package shortlink

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Bounds and times of the stored texts.
const (
	// MaxText is the largest text stored (a real card is a few KB; the
	// playground's own links stop being practical long before).
	MaxText = 256 << 10
	// IDLen is the length of an id: 16 base32 characters, 80 bits.
	IDLen = 16
	// Keep is how long a stored text lives after it was last stored.
	Keep = 90 * 24 * time.Hour
	// Renew is the age after which sharing the text again stores it
	// again (and before which it costs no write).
	Renew = 30 * 24 * time.Hour
)

var encoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// ID is the content address of text.
func ID(text []byte) string {
	sum := sha256.Sum256(text)
	return strings.ToLower(encoding.EncodeToString(sum[:10]))
}

// Valid reports whether id is an id's shape (what ID makes).
func Valid(id string) bool {
	if len(id) != IDLen {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// Store keeps texts by id.
type Store interface {
	// Get is the text stored under id and when it was stored; ok is false
	// when there is none (never stored, or expired).
	Get(ctx context.Context, id string) (text []byte, stored time.Time, ok bool, err error)
	// Put stores text under id for ttl, noting now as when.
	Put(ctx context.Context, id string, text []byte, now time.Time, ttl time.Duration) error
}

// Problems of a text to store.
var (
	ErrEmpty    = errors.New("shortlink: the text is empty")
	ErrTooLarge = errors.New("shortlink: the text is over 256 KiB")
	ErrNotUTF8  = errors.New("shortlink: the text is not UTF-8")
)

// Check says whether text may be stored.
func Check(text []byte) error {
	switch {
	case len(text) > MaxText:
		return ErrTooLarge
	case len(strings.TrimSpace(string(text))) == 0:
		return ErrEmpty
	case !utf8.Valid(text):
		return ErrNotUTF8
	}
	return nil
}

// Create stores text (when it is not stored already, or its copy is
// older than Renew) and answers its id. write is called before a write,
// so that the caller can refuse it (a per-client limit): a text already
// stored and fresh costs none.
func Create(ctx context.Context, s Store, text []byte, now time.Time, write func() error) (id string, err error) {
	if err := Check(text); err != nil {
		return "", err
	}
	id = ID(text)
	if _, stored, ok, err := s.Get(ctx, id); err == nil && ok && now.Sub(stored) < Renew {
		return id, nil
	}
	if write != nil {
		if err := write(); err != nil {
			return "", err
		}
	}
	if err := s.Put(ctx, id, text, now, Keep); err != nil {
		return "", err
	}
	return id, nil
}

// MemoryStore is a Store in memory, bounded by the bytes it holds (the
// native server's; tests').
type MemoryStore struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string]memoryItem
	now   func() time.Time
}

type memoryItem struct {
	text            []byte
	stored, expires time.Time
}

// NewMemoryStore keeps at most max bytes of texts.
func NewMemoryStore(max int) *MemoryStore {
	return &MemoryStore{max: max, items: map[string]memoryItem{}, now: time.Now}
}

func (m *MemoryStore) Get(_ context.Context, id string) ([]byte, time.Time, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.items[id]
	if !ok || m.now().After(it.expires) {
		return nil, time.Time{}, false, nil
	}
	return it.text, it.stored, true, nil
}

func (m *MemoryStore) Put(_ context.Context, id string, text []byte, now time.Time, ttl time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if old, ok := m.items[id]; ok {
		m.size -= len(old.text)
		delete(m.items, id)
	}
	for k, it := range m.items { // make room: expired first, then any
		if m.size+len(text) <= m.max {
			break
		}
		if m.now().After(it.expires) || m.size+len(text) > m.max {
			m.size -= len(it.text)
			delete(m.items, k)
		}
	}
	if len(text) > m.max {
		return errors.New("shortlink: the store is full")
	}
	m.items[id] = memoryItem{text: append([]byte(nil), text...), stored: now, expires: now.Add(ttl)}
	m.size += len(text)
	return nil
}
