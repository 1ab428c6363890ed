package probe_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
)

// transcript is a probe rule's example: the entry, the request the probe
// must send, and the answer (nil: no answer in time).
type transcript struct {
	entry   card.Interface
	request string // "POST url" or "GET url"
	version string // the A2A-Version header of the request
	answer  *discovery.Response
}

// parseTranscript reads the format described in core/lint/probe_rules.go.
func parseTranscript(t *testing.T, text string) transcript {
	t.Helper()
	lines := strings.Split(text, "\n")
	var tr transcript
	f := strings.Fields(strings.TrimPrefix(lines[0], "entry: "))
	if len(f) != 4 {
		t.Fatalf("bad entry line %q", lines[0])
	}
	tr.entry = card.Interface{Source: f[0], Binding: f[1], Version: f[2], URL: f[3]}
	tr.request = lines[1]
	i := 2
	for ; i < len(lines) && lines[i] != ""; i++ {
		if v, ok := strings.CutPrefix(lines[i], "A2A-Version: "); ok {
			tr.version = v
		}
	}
	for ; i < len(lines) && !strings.HasPrefix(lines[i], "HTTP/1.1 "); i++ {
	}
	if i == len(lines) {
		if !strings.Contains(text, "(no answer") {
			t.Fatalf("transcript has neither an answer nor \"(no answer\": %q", text)
		}
		return tr
	}
	code, err := strconv.Atoi(strings.Fields(lines[i])[1])
	if err != nil {
		t.Fatalf("bad status line %q", lines[i])
	}
	res := &discovery.Response{Status: code, Header: http.Header{}}
	for i++; i < len(lines) && lines[i] != ""; i++ {
		k, v, _ := strings.Cut(lines[i], ": ")
		res.Header.Add(k, v)
	}
	if i < len(lines) {
		res.Body = []byte(strings.Join(lines[i+1:], "\n"))
	}
	tr.answer = res
	return tr
}

// codesFor probes the transcript's entry through a Doer that plays the
// transcript, checks that the probe sent the transcript's request, and
// returns the codes of the findings.
func codesFor(t *testing.T, text string) map[string]bool {
	t.Helper()
	tr := parseTranscript(t, text)
	d := discovery.DoerFunc(func(ctx context.Context, r *discovery.Request) (*discovery.Response, error) {
		if got := r.Method + " " + r.URL; got != tr.request {
			t.Errorf("probe sent %q, transcript says %q", got, tr.request)
		}
		if got := r.Header.Get("A2A-Version"); got != tr.version {
			t.Errorf("probe sent A2A-Version %q, transcript says %q", got, tr.version)
		}
		if tr.answer == nil {
			<-ctx.Done()
			return nil, discovery.ErrTimeout
		}
		return tr.answer, nil
	})
	opts := probe.Options{Policy: discovery.DefaultPolicy(), TaskID: func() string { return "agentcard-probe-0f3a" }, Timeout: 50e6}
	res := probe.Run(context.Background(), []card.Interface{tr.entry}, d, opts)
	codes := map[string]bool{}
	for _, d := range probe.Diagnostics(nil, []card.Interface{tr.entry}, res) {
		codes[d.Code] = true
	}
	return codes
}

// TestProbeRuleExamples: every rule core/probe reports is in the catalogue
// with its data, its bad transcript triggers it and its good one does not.
func TestProbeRuleExamples(t *testing.T) {
	n := 0
	for _, r := range lint.Rules() {
		if r.EmittedBy != lint.ByProbe {
			continue
		}
		n++
		t.Run(r.Code, func(t *testing.T) {
			if !r.External || r.Check != nil || !strings.HasPrefix(r.Code, "probe-") || r.Explanation == "" || r.HowToFix == "" || r.Bad == "" || r.Good == "" {
				t.Fatalf("rule is missing catalogue data: %+v", r)
			}
			if !codesFor(t, r.Bad)[r.Code] {
				t.Errorf("bad example does not trigger %s", r.Code)
			}
			if codes := codesFor(t, r.Good); len(codes) > 0 {
				t.Errorf("good example triggers %v", codes)
			}
		})
	}
	if n != 4 {
		t.Errorf("%d rules emitted by probe, want 4", n)
	}
}
