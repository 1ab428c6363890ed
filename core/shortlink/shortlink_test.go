package shortlink

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestID(t *testing.T) {
	a, b := ID([]byte(`{"name":"A"}`)), ID([]byte(`{"name":"B"}`))
	if a != ID([]byte(`{"name":"A"}`)) || a == b {
		t.Errorf("ids %q %q: the same text must give the same id, another text another", a, b)
	}
	if len(a) != IDLen || !Valid(a) || !Valid(b) {
		t.Errorf("%q is not an id's shape", a)
	}
	// 80 bits of the text's SHA-256, readable back
	raw, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(strings.ToUpper(a))
	sum := sha256.Sum256([]byte(`{"name":"A"}`))
	if err != nil || len(raw)*8 < 80 || string(raw) != string(sum[:10]) {
		t.Errorf("%q decodes to %x (%v), want the first 80 bits of %x", a, raw, err, sum)
	}
	for _, bad := range []string{"", "abc", strings.Repeat("a", 15), strings.Repeat("a", 17), "ABCDEFGHIJKLMNOP", "abcdefghijklmno1", "abcdefghijklmn/.", "../../../etc/pas"} {
		if Valid(bad) {
			t.Errorf("Valid(%q)", bad)
		}
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		text string
		want error
	}{
		{`{"name":"A"}`, nil},
		{"", ErrEmpty},
		{" \n\t", ErrEmpty},
		{strings.Repeat("x", MaxText), nil},
		{strings.Repeat("x", MaxText+1), ErrTooLarge},
		{strings.Repeat("x", 300<<10), ErrTooLarge},
		{"{\xff}", ErrNotUTF8},
	} {
		if err := Check([]byte(c.text)); err != c.want {
			t.Errorf("Check(%.20q…) = %v, want %v", c.text, err, c.want)
		}
	}
}

// Create: one id per text, one write while the copy is fresh, a write
// again once it is older than Renew, none when refused; expired texts go.
func TestCreate(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	s := NewMemoryStore(1 << 20)
	s.now = func() time.Time { return now }
	writes := 0
	write := func() error { writes++; return nil }
	text := []byte(`{"name":"Weather"}`)
	id1, err := Create(ctx, s, text, now, write)
	if err != nil {
		t.Fatal(err)
	}
	id2, err := Create(ctx, s, text, now.Add(time.Hour), write)
	if err != nil || id1 != id2 || writes != 1 {
		t.Errorf("second share: %q %q %v, %d writes (want one id, one write)", id1, id2, err, writes)
	}
	got, stored, ok, _ := s.Get(ctx, id1)
	if !ok || string(got) != string(text) || !stored.Equal(now) {
		t.Errorf("stored %q at %v (%v)", got, stored, ok)
	}
	later := now.Add(Renew + time.Hour)
	if _, err := Create(ctx, s, text, later, write); err != nil || writes != 2 {
		t.Errorf("after Renew: %v, %d writes (want a renewing write)", err, writes)
	}
	if _, stored, _, _ := s.Get(ctx, id1); !stored.Equal(later) {
		t.Errorf("renewed copy stored at %v", stored)
	}
	refused := errors.New("limited")
	if _, err := Create(ctx, s, []byte(`{"name":"Other"}`), now, func() error { return refused }); err != refused {
		t.Errorf("a refused write: %v", err)
	}
	if _, _, ok, _ := s.Get(ctx, ID([]byte(`{"name":"Other"}`))); ok {
		t.Error("a refused write was stored")
	}
	if _, err := Create(ctx, s, []byte(strings.Repeat("x", 300<<10)), now, write); err != ErrTooLarge {
		t.Errorf("300 KiB: %v", err)
	}
	now = later.Add(Keep + time.Hour)
	if _, _, ok, _ := s.Get(ctx, id1); ok {
		t.Error("an expired text is still there")
	}
}

// The memory store stays within its bound.
func TestMemoryStoreBound(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore(1000)
	for i := range 50 {
		text := []byte(strings.Repeat(string(rune('a'+i%26)), 100) + string(rune(i)))
		if err := s.Put(ctx, ID(text), text, time.Now(), time.Hour); err != nil {
			t.Fatal(err)
		}
	}
	if s.size > 1000 || len(s.items) > 10 {
		t.Errorf("%d bytes in %d items, bound 1000", s.size, len(s.items))
	}
}
