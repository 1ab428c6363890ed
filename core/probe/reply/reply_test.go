package reply_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe/reply"
	"github.com/agentcard/agentcard/internal/a2afixture"
)

func check(binding, version string, expect reply.Expect, body string) reply.Checked {
	return reply.Check(reply.Answer{Doc: jsonpos.Parse([]byte(body), jsonpos.Options{}), Binding: binding, Version: version, Expect: expect})
}

type want struct{ code, pointer string }

// TestCheckTable: hand-made answers, right and wrong, in both versions.
func TestCheckTable(t *testing.T) {
	task10 := `{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-07T04:00:00Z"}}`
	cases := []struct {
		name, binding, version string
		expect                 reply.Expect
		body                   string
		want                   []want
	}{
		{"1.0 task", reply.JSONRPC, "1.0", reply.SendResult, `{"jsonrpc":"2.0","id":1,"result":{"task":` + task10 + `}}`, nil},
		{"1.0 message", reply.HTTPJSON, "1.0", reply.SendResult, `{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"hi"},{"url":"https://x/y","mediaType":"text/plain"},{"raw":"aGk="},{"data":{"a":1}}]}}`, nil},
		{"1.0 answered in 0.3 shape", reply.JSONRPC, "1.0", reply.SendResult,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}}`,
			[]want{{lint.CodeAnswerShape, "/result/kind"}}},
		{"1.0 misspelt state", reply.JSONRPC, "1.0", reply.TaskResult,
			`{"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_CANCELLED"}}}`,
			[]want{{lint.CodeAnswerEnum, "/result/status/state"}}},
		{"1.0 0.3 state and role", reply.HTTPJSON, "1.0", reply.SendResult,
			`{"message":{"messageId":"m","role":"agent","parts":[{"text":"x"}]}}`,
			[]want{{lint.CodeAnswerEnum, "/message/role"}}},
		{"1.0 missing required", reply.HTTPJSON, "1.0", reply.TaskResult,
			`{"id":"","contextId":"c1","status":{}}`,
			[]want{{lint.CodeAnswerRequiredField, "/status"}, {lint.CodeAnswerRequiredField, ""}}},
		{"1.0 part with two contents", reply.HTTPJSON, "1.0", reply.SendResult,
			`{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"x","data":{}}]}}`,
			[]want{{lint.CodeAnswerOneof, "/message/parts/0"}}},
		{"1.0 empty part", reply.HTTPJSON, "1.0", reply.SendResult,
			`{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"mediaType":"text/plain"}]}}`,
			[]want{{lint.CodeAnswerOneof, "/message/parts/0"}}},
		{"1.0 result both task and message", reply.HTTPJSON, "1.0", reply.SendResult,
			`{"task":` + task10 + `,"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"x"}]}}`,
			[]want{{lint.CodeAnswerOneof, ""}}},
		{"1.0 kind on a part", reply.HTTPJSON, "1.0", reply.SendResult,
			`{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"kind":"text","text":"x"}]}}`,
			[]want{{lint.CodeAnswerShape, "/message/parts/0/kind"}}},
		{"1.0 snake_case name", reply.HTTPJSON, "1.0", reply.TaskResult,
			`{"id":"t1","context_id":"c1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"}}`,
			[]want{{lint.CodeAnswerShape, "/context_id"}}},
		{"1.0 unknown member", reply.HTTPJSON, "1.0", reply.TaskResult,
			`{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING"},"mood":"ok"}`,
			[]want{{lint.CodeAnswerUnknownField, "/mood"}}},
		{"1.0 wrong types", reply.HTTPJSON, "1.0", reply.TaskResult,
			`{"id":7,"contextId":"c1","status":{"state":"TASK_STATE_WORKING","timestamp":"yesterday"}}`,
			[]want{{lint.CodeAnswerShape, "/id"}, {lint.CodeAnswerShape, "/status/timestamp"}}},
		{"1.0 stream event", reply.JSONRPC, "1.0", reply.StreamEvent,
			`{"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"text":"x"}]},"lastChunk":true}}}`, nil},
		{"1.0 stream event in 0.3 shape", reply.JSONRPC, "1.0", reply.StreamEvent,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"working"},"final":false}}`,
			[]want{{lint.CodeAnswerShape, "/result/kind"}}},
		{"not JSON-RPC", reply.JSONRPC, "1.0", reply.SendResult, `{"result":{"task":` + task10 + `}}`,
			[]want{{lint.CodeAnswerShape, ""}}},
		{"JSON-RPC error", reply.JSONRPC, "1.0", reply.SendResult, `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"no"}}`, nil},
		{"not JSON", reply.HTTPJSON, "1.0", reply.SendResult, `<html>`, []want{{lint.CodeAnswerShape, ""}}},
		{"0.3 task", reply.JSONRPC, "0.3", reply.SendResult,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"},"artifacts":[{"artifactId":"a","parts":[{"kind":"text","text":"x"},{"kind":"file","file":{"uri":"https://x/y"}}]}]}}`, nil},
		{"0.3 answered in 1.0 shape", reply.JSONRPC, "0.3", reply.SendResult, `{"jsonrpc":"2.0","id":1,"result":{"task":` + task10 + `}}`,
			[]want{{lint.CodeAnswerShape, "/result"}}},
		{"0.3 with 1.0 enum", reply.JSONRPC, "0.3", reply.TaskResult,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}`,
			[]want{{lint.CodeAnswerEnum, "/result/status/state"}}},
		{"0.3 event without final", reply.JSONRPC, "0.3", reply.StreamEvent,
			`{"jsonrpc":"2.0","id":1,"result":{"kind":"status-update","taskId":"t","contextId":"c","status":{"state":"working"}}}`,
			[]want{{lint.CodeAnswerRequiredField, "/result"}}},
		{"0.3 part of unknown kind", reply.HTTPJSON, "0.3", reply.SendResult,
			`{"kind":"message","messageId":"m","role":"agent","parts":[{"kind":"txt","text":"x"}]}`,
			[]want{{lint.CodeAnswerEnum, "/parts/0/kind"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := check(c.binding, c.version, c.expect, c.body)
			var have []want
			for _, d := range got.Diagnostics {
				have = append(have, want{d.Code, d.Pointer})
				if d.URL == "" || d.MessageID == "" || d.Message == "" {
					t.Errorf("finding without its data: %+v", d)
				}
			}
			if len(have) != len(c.want) {
				t.Fatalf("findings %v, want %v", have, c.want)
			}
			for i := range have {
				if have[i] != c.want[i] {
					t.Errorf("finding %d: %v, want %v (%s)", i, have[i], c.want[i], got.Diagnostics[i].Message)
				}
			}
		})
	}
}

// TestFindingsInChinese: the messages render in both languages.
func TestFindingsInChinese(t *testing.T) {
	got := check(reply.JSONRPC, "1.0", reply.SendResult, `{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t1","contextId":"c1","status":{"state":"completed"}}}`)
	if len(got.Diagnostics) == 0 {
		t.Fatal("no finding")
	}
	d := got.Diagnostics[0]
	cat, err := catalog.Get(i18n.Chinese)
	if err != nil {
		t.Fatal(err)
	}
	zh := cat.Render(i18n.Text{ID: d.MessageID, Args: d.Args})
	if zh == "" || zh == d.Message || !strings.Contains(zh, "传输格式") {
		t.Errorf("zh-CN rendering %q (en %q)", zh, d.Message)
	}
}

// TestBounded: an answer of many wrong parts yields at most MaxFindings.
func TestBounded(t *testing.T) {
	parts := strings.Repeat(`{"kind":"text"},`, 5000)
	body := `{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[` + parts + `{"text":"x"}]}}`
	if n := len(check(reply.HTTPJSON, "1.0", reply.SendResult, body).Diagnostics); n != reply.MaxFindings {
		t.Errorf("%d findings, want %d", n, reply.MaxFindings)
	}
}

func post(t *testing.T, url, body string) []byte {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("A2A-Version", "1.0")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return b
}

// events splits an SSE body into its data payloads.
func events(b []byte) [][]byte {
	var out [][]byte
	for _, block := range bytes.Split(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\n\n")) {
		var data [][]byte
		for _, l := range bytes.Split(block, []byte("\n")) {
			if v, ok := bytes.CutPrefix(l, []byte("data:")); ok {
				data = append(data, bytes.TrimPrefix(v, []byte(" ")))
			}
		}
		if len(data) > 0 {
			out = append(out, bytes.Join(data, []byte("\n")))
		}
	}
	return out
}

// TestRealA2AGoAnswers: what a2a-go v2.4.0's a2asrv answers (an echoing
// executor) over JSON-RPC and HTTP+JSON, streaming and not, passes.
func TestRealA2AGoAnswers(t *testing.T) {
	s := a2afixture.Serve(t, a2afixture.EchoHandler())
	msg := `{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"text":"hello"}]}}`
	answers := []struct {
		name    string
		binding string
		expect  reply.Expect
		body    []byte
		stream  bool
	}{
		{"jsonrpc send", reply.JSONRPC, reply.SendResult, post(t, s.URL("/jsonrpc"), `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":`+msg+`}`), false},
		{"jsonrpc send message", reply.JSONRPC, reply.SendResult, post(t, s.URL("/jsonrpc"), `{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":`+strings.Replace(msg, "hello", "message: hi", 1)+`}`), false},
		{"jsonrpc stream", reply.JSONRPC, reply.StreamEvent, post(t, s.URL("/jsonrpc"), `{"jsonrpc":"2.0","id":1,"method":"SendStreamingMessage","params":`+msg+`}`), true},
		{"rest send", reply.HTTPJSON, reply.SendResult, post(t, s.URL("/rest/message:send"), msg), false},
		{"rest stream", reply.HTTPJSON, reply.StreamEvent, post(t, s.URL("/rest/message:stream"), msg), true},
	}
	for _, a := range answers {
		t.Run(a.name, func(t *testing.T) {
			bodies := [][]byte{a.body}
			if a.stream {
				bodies = events(a.body)
				if len(bodies) < 3 {
					t.Fatalf("%d events: %s", len(bodies), a.body)
				}
			}
			for i, b := range bodies {
				got := check(a.binding, "1.0", a.expect, string(b))
				if got.Payload == nil || len(got.Diagnostics) > 0 {
					t.Errorf("answer %d: payload %v, findings %+v\n%s", i, got.Payload != nil, got.Diagnostics, b)
				}
			}
		})
	}
}

// TestAnswerRuleExamples: every rule this package reports has its data,
// its bad example triggers it and its good one triggers nothing. The
// answer-cut examples are streams, tested in core/probe.
func TestAnswerRuleExamples(t *testing.T) {
	n := 0
	for _, r := range lint.Rules() {
		if r.EmittedBy != lint.ByAnswer || r.Code == lint.CodeAnswerCut {
			continue
		}
		n++
		t.Run(r.Code, func(t *testing.T) {
			if !r.External || r.Check != nil || r.Explanation == "" || r.HowToFix == "" {
				t.Fatalf("rule is missing catalogue data: %+v", r)
			}
			codes := func(example string) map[string]bool {
				head, body, _ := strings.Cut(example, "\n")
				f := strings.Fields(strings.TrimPrefix(head, "answer: "))
				if len(f) != 3 || f[2] != "SendMessage" {
					t.Fatalf("bad example head %q", head)
				}
				out := map[string]bool{}
				for _, d := range check(f[0], f[1], reply.SendResult, body).Diagnostics {
					out[d.Code] = true
				}
				return out
			}
			if !codes(r.Bad)[r.Code] {
				t.Errorf("bad example does not trigger %s", r.Code)
			}
			if got := codes(r.Good); len(got) > 0 {
				t.Errorf("good example triggers %v", got)
			}
		})
	}
	if n != 5 {
		t.Errorf("%d answer rules, want 5", n)
	}
}
