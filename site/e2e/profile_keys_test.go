package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"
)

// profiledKeys is how many keystrokes TestBrowserProfileKeys records.
const profiledKeys = 25

// TestBrowserProfileKeys records a JavaScript CPU profile of the page's
// main thread while keys are typed into the 100 KB card's first skill
// description (typing debounce 0, as the keystroke benchmark types), and
// prints the functions that took most of it, per key: inclusive and self
// time, by bundle chunk and line (build the site without identifier
// minification for names). The editor's own update (CodeMirror's DOM
// flush, its syntax parse, its measure) and the findings' drawing show
// here; the lint runs in the worker, whose time the benchmark reports.
// The profile goes to build/artifacts/profile-keys.cpuprofile (open it in
// DevTools' Performance panel). make profile-editor; it reports, never
// fails on timings.
func TestBrowserProfileKeys(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	open(t, ctx, base+"/?debounce=0")
	showCard(t, ctx, benchCard(t, 100<<10))
	caretInDescription(t, ctx)
	typeKeys(t, ctx, 5) // the editor's code compiled, as after a few words of typing
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
			return err
		}
		if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 100}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
		return err
	}))
	typeKeys(t, ctx, profiledKeys)
	var prof *profiler.Profile
	do(t, ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
		if err == nil {
			prof = r.Profile
		}
		return err
	}))
	raw, _ := json.Marshal(prof)
	os.WriteFile(filepath.Join(artifacts(t), "profile-keys.cpuprofile"), raw, 0o644)
	self, incl := profileTimes(prof)
	t.Logf("main thread, %d keystrokes on the 100 KB card, ms per key; inclusive:\n%s", profiledKeys, topTimes(incl, 30))
	t.Logf("self:\n%s", topTimes(self, 15))
}

// profileTimes sums a CPU profile's samples by function (name, script,
// line): the time on top of the stack, and the time anywhere in it (a
// recursive function counted once per sample), in ms per key.
func profileTimes(p *profiler.Profile) (self, incl map[string]float64) {
	self, incl = map[string]float64{}, map[string]float64{}
	if p == nil {
		return
	}
	byID := map[int64]*profiler.ProfileNode{}
	parent := map[int64]int64{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	label := func(n *profiler.ProfileNode) string {
		f := n.CallFrame
		if f.URL == "" {
			return f.FunctionName
		}
		return fmt.Sprintf("%s %s:%d", f.FunctionName, filepath.Base(f.URL), f.LineNumber+1)
	}
	for i, s := range p.Samples {
		if i >= len(p.TimeDeltas) || byID[s] == nil {
			continue
		}
		ms := float64(p.TimeDeltas[i]) / 1000 / profiledKeys
		self[label(byID[s])] += ms
		seen := map[string]bool{}
		for id, ok := s, true; ok; id, ok = parent[id] {
			if l := label(byID[id]); !seen[l] {
				seen[l] = true
				incl[l] += ms
			}
		}
	}
	return self, incl
}

func topTimes(m map[string]float64, k int) string {
	keys := make([]string, 0, len(m))
	for x := range m {
		keys = append(keys, x)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]] > m[keys[j]] })
	var b strings.Builder
	for i, x := range keys {
		if i == k {
			break
		}
		fmt.Fprintf(&b, "  %6.2f  %s\n", m[x], x)
	}
	return b.String()
}
