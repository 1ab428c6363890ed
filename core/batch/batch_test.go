package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/check"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
)

func TestCheckURLs(t *testing.T) {
	many := make([]string, MaxURLs+1)
	for i := range many {
		many[i] = fmt.Sprintf("https://a%d.example", i)
	}
	for _, c := range []struct {
		name   string
		urls   []string
		index  int
		reason string
	}{
		{"one", []string{"agent.example.com"}, 0, ""},
		{"the most", many[:MaxURLs], 0, ""},
		{"none", nil, -1, "empty-list"},
		{"too many", many, -1, "too-many"},
		{"an empty one", []string{"a.example", " "}, 1, "empty"},
		{"a long one", []string{"https://a.example/" + strings.Repeat("x", MaxURL)}, 0, "too-long"},
	} {
		err := CheckURLs(c.urls)
		var ue *URLError
		switch {
		case c.reason == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.reason != "" && (!errors.As(err, &ue) || ue.Reason != c.reason || ue.Index != c.index):
			t.Errorf("%s: %v, want %s at %d", c.name, err, c.reason, c.index)
		}
	}
}

func TestItemOf(t *testing.T) {
	res := &check.Result{Report: &discovery.Report{Result: &lint.Result{Errors: 2, Warnings: 1, Infos: 3}}}
	if it := ItemOf("a", res, nil); it != (Item{URL: "a", Errors: 2, Warnings: 1, Infos: 3, Status: Checked}) {
		t.Errorf("checked: %+v", it)
	}
	refused := &discovery.Error{Kind: discovery.KindRefused}
	if it := ItemOf("b", nil, refused); it.Status != Refused || it.Kind != "refused-target" || it.Errors != 1 {
		t.Errorf("refused: %+v", it)
	}
	if it := ItemOf("c", nil, &discovery.Error{Kind: discovery.KindTimeout}); it.Status != Unreachable || it.Kind != "timeout" || it.Errors != 1 {
		t.Errorf("timeout: %+v", it)
	}
	if it := ItemOf("d", nil, errors.New("odd")); it.Status != Unreachable || it.Errors != 1 {
		t.Errorf("another error: %+v", it)
	}
}

func TestIDs(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := NewID()
		if !ValidID(id) || seen[id] {
			t.Fatalf("id %q (valid %v, seen %v)", id, ValidID(id), seen[id])
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "short", "ABCDEFGHIJKLMNOP", "abcdefghijklmno0", "abcdefghijklmnopq"} {
		if ValidID(bad) {
			t.Errorf("ValidID(%q)", bad)
		}
	}
}

// Run: every job once, at most inFlight at once and perHost per host,
// and a busy host does not hold up the others.
func TestRunCaps(t *testing.T) {
	var jobs []Job
	for i := range 30 {
		host := "busy.example"
		if i%3 == 0 {
			host = fmt.Sprintf("h%d.example", i)
		}
		jobs = append(jobs, Job{Batch: "b", Index: i, URL: "https://" + host + "/card.json"})
	}
	var mu sync.Mutex
	inFlight, most := 0, 0
	perHost, mostHost := map[string]int{}, 0
	recorded := map[int]int{}
	var order []int
	check := func(_ context.Context, u string) Item {
		h := HostOf(u)
		mu.Lock()
		inFlight++
		perHost[h]++
		most, mostHost = max(most, inFlight), max(mostHost, perHost[h])
		mu.Unlock()
		time.Sleep(5 * time.Millisecond)
		mu.Lock()
		inFlight--
		perHost[h]--
		mu.Unlock()
		return Item{URL: u, Status: Checked}
	}
	Run(context.Background(), jobs, 4, 2, check, func(j Job, it Item) {
		mu.Lock()
		recorded[j.Index]++
		order = append(order, j.Index)
		mu.Unlock()
	})
	if len(recorded) != 30 {
		t.Fatalf("%d of 30 recorded", len(recorded))
	}
	for i, n := range recorded {
		if n != 1 {
			t.Errorf("job %d recorded %d times", i, n)
		}
	}
	if most > 4 || mostHost > 2 {
		t.Errorf("%d in flight at most (cap 4), %d per host (cap 2)", most, mostHost)
	}
	// the ten other hosts' jobs are not all left to the end
	firstHalf := 0
	for _, i := range order[:15] {
		if i%3 == 0 {
			firstHalf++
		}
	}
	if firstHalf < 4 {
		t.Errorf("only %d of the other hosts' jobs among the first 15: a busy host held them up (%v)", firstHalf, order)
	}
}

// Once ctx ends no job starts; those started finish.
func TestRunStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var jobs []Job
	for i := range 20 {
		jobs = append(jobs, Job{Index: i, URL: "https://one.example"})
	}
	n := 0
	Run(ctx, jobs, 1, 1, func(context.Context, string) Item {
		n++
		if n == 3 {
			cancel()
		}
		return Item{Status: Checked}
	}, func(Job, Item) {})
	if n != 3 {
		t.Errorf("%d checks after the context ended at the third", n)
	}
}

func TestMemoryStore(t *testing.T) {
	ctx := context.Background()
	s := NewMemoryStore(2)
	now := time.Unix(1_800_000_000, 0)
	s.now = func() time.Time { return now }
	if err := s.Create(ctx, "b1", []Item{{URL: "a.example"}, {URL: "b.example"}}, now); err != nil {
		t.Fatal(err)
	}
	s.Record(ctx, "b1", 1, Item{Status: Checked, Errors: 2})
	s.Record(ctx, "b1", 1, Item{Status: Checked, Errors: 2}) // delivered twice
	s.Record(ctx, "b1", 7, Item{Status: Checked})            // no such entry
	b, ok, _ := s.Get(ctx, "b1")
	if !ok || b.Total != 2 || b.Done != 1 || b.Results[1] != (Item{URL: "b.example", Status: Checked, Errors: 2}) || b.Results[0].Status != Pending {
		t.Fatalf("batch %+v", b)
	}
	s.Create(ctx, "b2", []Item{{URL: "x"}}, now.Add(time.Second))
	s.Create(ctx, "b3", []Item{{URL: "y"}}, now.Add(2*time.Second))
	if _, ok, _ := s.Get(ctx, "b1"); ok {
		t.Error("the oldest batch stayed past the bound")
	}
	now = now.Add(Keep + time.Hour)
	if _, ok, _ := s.Get(ctx, "b3"); ok {
		t.Error("a batch older than Keep is still there")
	}
}

// TestRedact (review N9): userinfo goes, as Go's URL parser would read
// it (up to the last @ before the path), and nothing else changes.
func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"https://user:secret@a.example/x":         "https://***@a.example/x",
		"https://tok@en:se@cret@a.example:8443/p": "https://***@a.example:8443/p",
		"user:secret@a.example":                   "***@a.example",
		"HTTP://u@a.example?next=b@c":             "HTTP://***@a.example?next=b@c",
		"https://a.example/p?mail=x@y.example":    "https://a.example/p?mail=x@y.example",
		"https://a.example/#me@there":             "https://a.example/#me@there",
		"a.example":                               "a.example",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestPlan (issue 36): at most MaxPerHost URLs of one host are checked,
// the rest are stored as not checked (host-cap); hosts are counted by
// their canonical name; URLs are stored redacted.
func TestPlan(t *testing.T) {
	var urls []string
	for i := range 30 {
		urls = append(urls, fmt.Sprintf("https://Victim.example.com./card-%d.json", i))
	}
	urls = append(urls, "other.example", "https://me:pw@other.example/x")
	items, check := Plan(urls)
	if len(items) != 32 || len(check) != MaxPerHost+2 {
		t.Fatalf("%d items, %d to check", len(items), len(check))
	}
	for i, it := range items[:30] {
		want := Pending
		if i >= MaxPerHost {
			want = NotChecked
		}
		if it.Status != want || (want == NotChecked) != (it.Kind == KindHostCap) {
			t.Errorf("URL %d: %+v", i, it)
		}
	}
	if items[31].URL != "https://***@other.example/x" || items[31].Status != Pending {
		t.Errorf("with userinfo: %+v", items[31])
	}
	if Budget(len(check)) != RequestsPerURL*22 || Rows(32, 22) < 32+22+2*Budget(22) {
		t.Errorf("budget %d, rows %d", Budget(len(check)), Rows(32, 22))
	}
}

// sqlLog is a SQL that records the statements it is given.
type sqlLog struct{ stmts []Statement }

func (s *sqlLog) Batch(_ context.Context, stmts []Statement) ([]json.RawMessage, error) {
	s.stmts = append(s.stmts, stmts...)
	out := make([]json.RawMessage, len(stmts))
	for i := range out {
		out[i] = json.RawMessage("[]")
	}
	return out, nil
}

// TestSQLStoreCompact (review N8): the URL list goes to D1 as JSON
// without HTML escaping (a list of & and < stays its own size), and the
// URLs not checked get their status and kind in the same transaction.
func TestSQLStoreCompact(t *testing.T) {
	db := &sqlLog{}
	s := &SQLStore{DB: db}
	u := "https://a.example/?" + strings.Repeat("a=<b>&", 300)
	items := []Item{{URL: u, Status: Pending}, {URL: "b.example", Status: NotChecked, Kind: KindHostCap}, {URL: "c.example", Status: NotChecked, Kind: KindHostCap}}
	if err := s.Create(context.Background(), "b1", items, time.Unix(1_800_000_000, 0)); err != nil {
		t.Fatal(err)
	}
	var list string
	var update *Statement
	for i, st := range db.stmts {
		if strings.HasPrefix(st.SQL, "INSERT INTO batch_items") {
			list = st.Args[2].(string)
		}
		if strings.HasPrefix(st.SQL, "UPDATE batch_items") {
			update = &db.stmts[i]
		}
	}
	if want := `["` + u + `","b.example","c.example"]`; list != want {
		t.Errorf("stored list is %d bytes, want %d: %.80q", len(list), len(want), list)
	}
	if update == nil || update.Args[0] != "not-checked" || update.Args[1] != KindHostCap || update.Args[3] != "[1,2]" {
		t.Errorf("statuses: %+v", update)
	}
}
