package discovery

import (
	"bufio"
	"context"
	"net/http"
	"strconv"
	"strings"
)

// validCard is a small valid v1.0 card, in our words.
const validCard = `{
  "name": "Recipe Planner",
  "description": "Plans a week of dinners from what is in your fridge and writes the shopping list.",
  "version": "1.2.0",
  "supportedInterfaces": [
    {"url": "https://recipes.example.org/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain", "application/json"],
  "skills": [
    {"id": "plan-week", "name": "Plan a week", "description": "Turns a list of ingredients into seven dinners and a shopping list.", "tags": ["cooking", "planning"]}
  ]
}`

// legacyCard is the same agent as a 0.3 card.
const legacyCard = `{
  "protocolVersion": "0.3.0",
  "name": "Recipe Planner",
  "description": "Plans a week of dinners from what is in your fridge and writes the shopping list.",
  "version": "1.2.0",
  "url": "https://recipes.example.org/a2a",
  "preferredTransport": "JSONRPC",
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain", "application/json"],
  "skills": [
    {"id": "plan-week", "name": "Plan a week", "description": "Turns a list of ingredients into seven dinners and a shopping list.", "tags": ["cooking", "planning"]}
  ]
}`

// exchange is one request and its answer in an example transcript.
type exchange struct {
	url    string
	header http.Header // request headers the answer is for; none = any request
	res    *Response
	// noAnswer: the transcript says "(no answer: ...)", a host that does
	// not resolve
	noAnswer bool
}

// parseTranscript reads the transcript format of the HTTP rules' examples.
func parseTranscript(s string) []exchange {
	s = strings.NewReplacer("{card}", validCard, "{card-0.3}", legacyCard,
		"{huge}", `{"padding": "`+strings.Repeat("x", DefaultMaxBody)+`"}`).Replace(s)
	var out []exchange
	var cur *exchange
	state := 0 // 0 request headers, 1 response headers, 2 body
	var body []string
	flush := func() {
		if cur != nil {
			cur.res.Body = []byte(strings.TrimRight(strings.Join(body, "\n"), "\n"))
			out = append(out, *cur)
		}
		body = nil
	}
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "GET "):
			flush()
			cur = &exchange{url: strings.TrimPrefix(line, "GET "), header: http.Header{}, res: &Response{Header: http.Header{}}}
			state = 0
		case cur == nil:
		case state == 0 && strings.HasPrefix(line, "(no answer"):
			cur.noAnswer = true
		case state == 0 && strings.HasPrefix(line, "HTTP/"):
			f := strings.SplitN(line, " ", 3)
			cur.res.Status, _ = strconv.Atoi(f[1])
			if len(f) > 2 {
				cur.res.StatusText = f[2]
			}
			state = 1
		case state == 0:
			k, v, _ := strings.Cut(line, ":")
			cur.header.Set(k, strings.TrimSpace(v))
		case state == 1 && line == "":
			state = 2
		case state == 1:
			k, v, _ := strings.Cut(line, ":")
			cur.res.Header.Add(k, strings.TrimSpace(v))
		default:
			body = append(body, line)
		}
	}
	flush()
	return out
}

// transcriptDoer answers from a transcript, without any network: the most
// specific exchange for the URL whose request headers all match wins;
// anything else is a 404.
func transcriptDoer(xs []exchange) Doer {
	return DoerFunc(func(ctx context.Context, r *Request) (*Response, error) {
		var best *exchange
		for i := range xs {
			x := &xs[i]
			if x.url != r.URL {
				continue
			}
			ok := true
			for k := range x.header {
				if r.Header.Get(k) != x.header.Get(k) {
					ok = false
				}
			}
			if ok && (best == nil || len(x.header) > len(best.header)) {
				best = x
			}
		}
		if best == nil {
			return &Response{Status: 404, StatusText: "Not Found", Header: http.Header{}}, nil
		}
		if best.noAnswer {
			return nil, ErrNoSuchHost
		}
		res := *best.res
		if int64(len(res.Body)) > r.MaxBody {
			res.Body, res.Truncated = res.Body[:r.MaxBody], true
		}
		return &res, nil
	})
}
