package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// TestBrowserProfile records a Chrome trace of a cold load of the
// playground and of a lesson in both languages (a fresh profile each, the
// phone-sized window and the 4× slower CPU Lighthouse's mobile run
// assumes) and prints where the page's main thread spent its time before
// it was ready: script, style and layout, paint, garbage collection, the
// long tasks, and the layouts JavaScript forced (with their stacks). The
// traces go to build/artifacts/trace-*.json (open them in DevTools'
// Performance panel). make profile-editor; it reports, never fails on
// timings. AGENTCARD_PROFILE_PAGES=/,/zh/learn/modes/ picks other pages.
func TestBrowserProfile(t *testing.T) {
	base := serveSite(t, site(t), nil)
	ctx := browser(t)
	pages := []string{"/", "/learn/interfaces/", "/zh/learn/interfaces/"}
	if p := os.Getenv("AGENTCARD_PROFILE_PAGES"); p != "" {
		pages = strings.Split(p, ",")
	}
	for _, p := range pages {
		events := tracePage(t, ctx, base+p)
		name := strings.Trim(strings.ReplaceAll(p, "/", "-"), "-")
		if name == "" {
			name = "playground"
		}
		raw, _ := json.Marshal(map[string]any{"traceEvents": events})
		os.WriteFile(filepath.Join(artifacts(t), "trace-"+name+".json"), raw, 0o644)
		s := summarizeTrace(events, base+p)
		t.Logf("%s: %s", p, s)
	}
}

// traceEvent is the part of a Chrome trace event the summary reads.
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`
	Dur  float64         `json:"dur"`
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// tracePage loads url in a fresh browser context with tracing on and
// returns the trace's events once the page is ready (the playground's
// first findings; any other page's load) and two quiet seconds passed.
func tracePage(t *testing.T, parent context.Context, url string) []json.RawMessage {
	fresh, cancel := chromedp.NewContext(parent, chromedp.WithNewBrowserContext())
	defer cancel()
	if err := chromedp.Do(fresh); err != nil {
		t.Fatal(err)
	}
	return traceIn(t, fresh, url, true)
}

// traceIn is tracePage in a browser context of the caller's.
func traceIn(t *testing.T, fresh context.Context, url string, wait bool) []json.RawMessage {
	do(t, fresh, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
			Width: 412, Height: 823, DeviceScaleFactor: 1.75, Mobile: true}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpuRate()})
		return err
	}))
	var mu sync.Mutex
	var events []json.RawMessage
	done := make(chan struct{})
	lctx, lcancel := context.WithCancel(fresh)
	defer lcancel()
	if err := chromedp.ListenBrowser(lctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range e.Value {
				events = append(events, json.RawMessage(append([]byte(nil), v...)))
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			close(done)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.CallBrowser(fresh, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig: &tracing.TraceConfig{IncludedCategories: []string{
			"devtools.timeline", "disabled-by-default-devtools.timeline", "disabled-by-default-devtools.timeline.stack",
			"v8.execute", "blink.user_timing", "loading", "toplevel", "__metadata", "fonts", "disabled-by-default-fonts"}},
	}); err != nil {
		t.Fatal(err)
	}
	do(t, fresh, chromedp.Navigate(url))
	if wait && strings.HasSuffix(strings.SplitN(url, "?", 2)[0], "/") && !strings.Contains(url, "/learn/") {
		run(t, fresh, chromedp.Poll[chromedp.Void](`document.querySelector('[data-checker="ready"]')`, chromedp.WithPollingTimeout(60*time.Second)))
	}
	time.Sleep(2 * time.Second)
	if _, err := chromedp.CallBrowser(fresh, tracing.End, struct{}{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the trace did not complete")
	}
	mu.Lock()
	defer mu.Unlock()
	return events
}

// summarizeTrace reads the page's renderer main thread (the
// CrRendererMain thread of the process that parsed url; a new browser
// context's first tab loads other pages too) from its navigation on.
func summarizeTrace(raw []json.RawMessage, url string) string {
	evs := make([]traceEvent, 0, len(raw))
	for _, r := range raw {
		var e traceEvent
		if json.Unmarshal(r, &e) == nil {
			evs = append(evs, e)
		}
	}
	type tkey struct{ pid, tid int }
	names := map[tkey]string{}
	for _, e := range evs {
		if e.Name == "thread_name" {
			var a struct {
				Name string `json:"name"`
			}
			json.Unmarshal(e.Args, &a)
			names[tkey{e.Pid, e.Tid}] = a.Name
		}
	}
	var main tkey
	for _, e := range evs {
		if e.Name == "ParseHTML" && names[tkey{e.Pid, e.Tid}] == "CrRendererMain" && strings.Contains(string(e.Args), `"url":"`+url) {
			main = tkey{e.Pid, e.Tid}
			break
		}
	}
	start := 0.0
	for _, e := range evs {
		if e.Pid == main.pid && e.Name == "navigationStart" && (start == 0 || e.Ts < start) {
			start = e.Ts
		}
	}
	group := map[string]string{
		"EvaluateScript": "script", "FunctionCall": "script", "TimerFire": "script", "EventDispatch": "script",
		"v8.compile": "script", "v8.compileModule": "script", "FireAnimationFrame": "script", "RunMicrotasks": "script",
		"UpdateLayoutTree": "style+layout", "Layout": "style+layout", "RecalculateStyles": "style+layout",
		"Paint": "paint", "PrePaint": "paint", "Layerize": "paint", "UpdateLayer": "paint",
		"MinorGC": "gc", "MajorGC": "gc", "ParseHTML": "parse", "ParseAuthorStyleSheet": "parse",
	}
	// Time per group, counted at the outermost event of a group only
	// (a layout inside a script call counts as layout, not twice).
	byGroup := map[string]float64{}
	var tasks, total float64
	var long []string
	var curTask *traceEvent // the long task being read, and what took most of it
	curWhat, curDur := "", 0.0
	flush := func() {
		if curTask != nil {
			long = append(long, fmt.Sprintf("%.0f@%.0f %s", curTask.Dur/1000, (curTask.Ts-start)/1000, curWhat))
			curTask, curWhat, curDur = nil, "", 0
		}
	}
	type forced struct {
		name  string
		at    float64
		dur   float64
		stack string
	}
	var forcedLayouts []forced
	var open []traceEvent // enclosing grouped events on the main thread
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Ts < evs[j].Ts })
	for _, e := range evs {
		if e.Pid != main.pid || e.Tid != main.tid || e.Ph != "X" || e.Ts < start {
			continue
		}
		if e.Name == "RunTask" {
			total += e.Dur
			tasks++
			flush()
			if e.Dur > 50000 {
				c := e
				curTask = &c
			}
			continue
		}
		g, ok := group[e.Name]
		if !ok {
			continue
		}
		if curTask != nil && e.Ts < curTask.Ts+curTask.Dur && e.Dur > curDur {
			var a struct {
				Data struct {
					URL          string `json:"url"`
					FunctionName string `json:"functionName"`
				} `json:"data"`
			}
			json.Unmarshal(e.Args, &a)
			curWhat, curDur = e.Name, e.Dur
			if a.Data.URL != "" {
				curWhat += "(" + filepath.Base(a.Data.URL) + ")"
			}
		}
		for len(open) > 0 && open[len(open)-1].Ts+open[len(open)-1].Dur <= e.Ts {
			open = open[:len(open)-1]
		}
		inScript := false
		for _, o := range open {
			if group[o.Name] == "script" {
				byGroup["script"] -= e.Dur
				inScript = true
				break
			}
		}
		if len(open) == 0 || inScript {
			byGroup[g] += e.Dur
		}
		if inScript && g == "style+layout" && e.Dur > 2000 {
			var a struct {
				BeginData struct {
					StackTrace []struct {
						FunctionName string `json:"functionName"`
						URL          string `json:"url"`
						Line         int    `json:"lineNumber"`
						Column       int    `json:"columnNumber"`
					} `json:"stackTrace"`
				} `json:"beginData"`
			}
			json.Unmarshal(e.Args, &a)
			var st []string
			for i, f := range a.BeginData.StackTrace {
				if i == 4 {
					break
				}
				st = append(st, fmt.Sprintf("%s(%s:%d:%d)", f.FunctionName, filepath.Base(f.URL), f.Line, f.Column))
			}
			forcedLayouts = append(forcedLayouts, forced{e.Name, (e.Ts - start) / 1000, e.Dur / 1000, strings.Join(st, " < ")})
		}
		open = append(open, e)
	}
	flush()
	var b strings.Builder
	fmt.Fprintf(&b, "main thread %.0f ms in %.0f tasks:", total/1000, tasks)
	var gs []string
	for g := range byGroup {
		gs = append(gs, g)
	}
	sort.Strings(gs)
	for _, g := range gs {
		fmt.Fprintf(&b, " %s %.0f", g, byGroup[g]/1000)
	}
	fmt.Fprintf(&b, "\n    tasks over 50 ms (ms@ms since navigation, what took most of it):\n      %s", strings.Join(long, "\n      "))
	sort.Slice(forcedLayouts, func(i, j int) bool { return forcedLayouts[i].dur > forcedLayouts[j].dur })
	for i, f := range forcedLayouts {
		if i == 8 {
			break
		}
		fmt.Fprintf(&b, "\n    forced %s %.1f ms @%.0f: %s", f.name, f.dur, f.at, f.stack)
	}
	return b.String()
}

// cpuRate is the CPU slowdown the profile runs with: Lighthouse's mobile
// 4x unless AGENTCARD_PROFILE_CPU says otherwise (1: this machine's speed).
func cpuRate() float64 {
	if v, err := strconv.ParseFloat(os.Getenv("AGENTCARD_PROFILE_CPU"), 64); err == nil && v >= 1 {
		return v
	}
	return 4
}
