package check

import (
	"bytes"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/signature"
)

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// The header-less note survives the cache as data: rendered in Chinese
// after a round trip it reads as the original does, nested message,
// numbers and phrases included.
func TestCacheEntryKeepsNoteAsData(t *testing.T) {
	u, _ := url.Parse("https://a.example/.well-known/agent-card.json")
	note := i18n.T("msg.fetch.headerless-failed", i18n.T("msg.fetch.request-cap", 12))
	f := &discovery.Fetched{URL: u, Body: []byte("{}"), HeaderlessNoteText: note}
	back, err := decodeEntry(encodeEntry(f), "a.example")
	if err != nil {
		t.Fatal(err)
	}
	zh := catalog.Of(i18n.Chinese)
	want, got := zh.Render(note), zh.Render(back.HeaderlessNoteText)
	if got != want || !hasHan(got) || !strings.Contains(got, "12") {
		t.Errorf("after the cache %q, before %q", got, want)
	}
	if back.HeaderlessNote != i18n.EnglishCatalogue().Render(note) {
		t.Errorf("English note %q", back.HeaderlessNote)
	}
	p := i18n.T("msg.fetch.headerless-failed", i18n.Phrase("phrase.severity.error"))
	if b, _ := decodeEntry(encodeEntry(&discovery.Fetched{URL: u, HeaderlessNoteText: p}), ""); zh.Render(b.HeaderlessNoteText) != zh.Render(p) {
		t.Errorf("phrase lost: %q", zh.Render(b.HeaderlessNoteText))
	}
}

// A signature report survives the cache as data: outcomes, sources and
// the message with its nested phrases.
func TestSignatureEntry(t *testing.T) {
	rep := &signature.Report{Supplied: 0, Work: 1234, Unchecked: 2, Results: []signature.Result{
		{Index: 0, Outcome: signature.SelfPublished, Alg: "ES256", Kid: "k", JKU: "https://a.example/jwks", KeySource: signature.FromJKU,
			Variant: signature.Spec, Text: i18n.T("msg.signature-self-published", 0, `"ES256"`, `"k"`, `"https://a.example/jwks"`)},
		{Index: 1, Outcome: signature.KeyUnavailable, Text: i18n.T("msg.signature-key-unavailable.foreign-jku", 1, `"k"`, `"https://b.example/jwks"`,
			i18n.T("phrase.signature-jku.other-origin", `"https://a.example:443"`))},
	}}
	back, err := decodeSignatures(encodeSignatures(rep))
	if err != nil {
		t.Fatal(err)
	}
	zh := catalog.Of(i18n.Chinese)
	for i := range rep.Results {
		w, g := rep.Results[i], back.Results[i]
		if w.Outcome != g.Outcome || w.KeySource != g.KeySource || w.JKU != g.JKU || zh.Render(w.Text) != zh.Render(g.Text) || !hasHan(zh.Render(g.Text)) {
			t.Errorf("result %d: %+v, want %+v", i, g, w)
		}
	}
	if back.Work != 1234 || back.Unchecked != 2 {
		t.Errorf("report %+v", back)
	}
	if _, err := decodeSignatures([]byte(`{}`)); err == nil {
		t.Error("an entry without results decoded")
	}
}

// Recent values are bounded by bytes (oldest first) and by time; a
// report kept in Memory is a copy callers cannot change.
func TestRecent(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	m := NewRecent[[]byte](100, TTL)
	m.now = func() time.Time { return now }
	m.Put("a", make([]byte, 60), 60)
	m.Put("b", make([]byte, 30), 30)
	m.Put("c", make([]byte, 30), 30) // over 100: a goes
	if _, ok := m.Get("a"); ok {
		t.Error("the oldest entry stayed over the bound")
	}
	if _, ok := m.Get("c"); !ok || m.size != 60 {
		t.Errorf("size %d", m.size)
	}
	m.Put("huge", make([]byte, 101), 101)
	if _, ok := m.Get("huge"); ok {
		t.Error("an entry over the whole bound was kept")
	}
	now = now.Add(TTL + time.Second)
	if _, ok := m.Get("c"); ok {
		t.Error("an entry outlived its time")
	}
	mem := NewMemory(1 << 20)
	mem.putReport("r", &signature.Report{Payload: []byte("p"), Results: []signature.Result{{Index: 1}}})
	r1, _ := mem.report("r")
	r1.Results[0].Index = 9
	if r2, _ := mem.report("r"); r2.Results[0].Index != 1 {
		t.Error("a caller changed the kept report")
	}
	var none *Memory
	if _, ok := none.report("r"); ok {
		t.Error("a nil Memory kept something")
	}
}

// A card entry keeps the card's and the header-less variant's bytes as
// they are, beside one line of JSON; a damaged entry is refused.
func TestCardEntryBytes(t *testing.T) {
	u, _ := url.Parse("https://a.example.com/.well-known/agent-card.json")
	body := []byte("{\"name\":\"a\"}\n\x00\xff")
	f := &discovery.Fetched{URL: u, Body: body, Facts: discovery.Facts{Status: 200, FinalURL: u.String()},
		Headerless: &discovery.Variant{Status: 200, Size: 3, Body: []byte("{}\n")}}
	b := encodeEntry(f)
	back, err := decodeEntry(b, "a.example.com")
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Body) != string(body) || string(back.Headerless.Body) != "{}\n" || back.Facts.FinalURL != u.String() || back.Input != "a.example.com" {
		t.Errorf("back %+v", back)
	}
	if bytes.Contains(b, []byte("eyJ")) {
		t.Error("the body was stored as base64")
	}
	for _, bad := range [][]byte{b[:len(b)-1], append(append([]byte(nil), b...), 'x'), []byte("no header"), []byte("{\n")} {
		if _, err := decodeEntry(bad, ""); err == nil {
			t.Errorf("decoded a damaged entry %q", bad[:min(len(bad), 20)])
		}
	}
}
