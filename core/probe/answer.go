package probe

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// The JSON-RPC methods that read one task: 1.0 names methods after the
// proto's RPCs (§9.4.3), 0.2/0.3 used "tasks/get".
const (
	methodGetTask   = "GetTask"
	methodGetTask03 = "tasks/get"
)

// JSON-RPC error codes an A2A server answers (1.0 §9.5; 0.3 §8.2); the
// 31xxx codes are a2a-go's for missing and refused credentials.
const (
	codeTaskNotFound        = -32001
	codeVersionNotSupported = -32009
	codeMethodNotFound      = -32601
	codeUnauthenticated     = -31401
	codeUnauthorized        = -31403
)

// jsonrpcRequest is the GetTask call for id: a POST of one JSON-RPC 2.0
// request. A 1.0 entry's tenant goes into the params, as §8.3.2 asks.
func jsonrpcRequest(u *url.URL, e card.Interface, id string, legacy bool) *discovery.Request {
	params := map[string]string{"id": id}
	method := methodGetTask
	if legacy {
		method = methodGetTask03
	} else if e.HasTenant && e.Tenant != "" {
		params["tenant"] = e.Tenant
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	h := discovery.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json")
	return &discovery.Request{URL: u.String(), Method: "POST", Body: body, Header: h}
}

// restPath is the path template of "get a task" below the entry's URL:
// /tasks/{id} in 1.0 (§11.3.2), /v1/tasks/{id} in 0.3 (its proto's HTTP
// annotation).
func restPath(legacy bool) string {
	if legacy {
		return "/v1/tasks/{id}"
	}
	return "/tasks/{id}"
}

// restRequest is the GET of task id below the entry's URL; a 1.0 entry's
// tenant is the first path segment (§11.3).
func restRequest(u *url.URL, e card.Interface, id string, legacy bool) *discovery.Request {
	t := *u
	// Path holds the decoded form and RawPath the escaped one, so that a
	// tenant such as "eu/west" stays one segment (eu%2Fwest) and is not
	// escaped twice.
	base, raw := strings.TrimRight(t.Path, "/"), strings.TrimRight(t.EscapedPath(), "/")
	if !legacy && e.HasTenant && e.Tenant != "" {
		base += "/" + e.Tenant
		raw += "/" + url.PathEscape(e.Tenant)
	}
	suffix := strings.Replace(restPath(legacy), "{id}", url.PathEscape(id), 1)
	t.RawQuery = ""
	t.Path, t.RawPath = base+suffix, raw+suffix
	h := discovery.Header{}
	h.Set("Accept", "application/a2a+json, application/json")
	return &discovery.Request{URL: t.String(), Method: "GET", Header: h}
}

// common judges answers that mean the same for every binding: a redirect
// (the declared URL is not the endpoint), a demand for credentials, and a
// gateway whose agent did not answer.
func common(res *discovery.Response) (Verdict, bool) {
	s := res.Status
	switch {
	case s >= 300 && s < 400:
		loc := res.Header.Get("Location")
		if loc == "" {
			return Verdict{Outcome: WrongBinding, Status: s, Detail: i18n.T("msg.probe.wrong.redirect-nowhere", s)}, true
		}
		return Verdict{Outcome: WrongBinding, Status: s, Detail: i18n.T("msg.probe.wrong.redirect", s, jsonpos.QuoteClipped(loc))}, true
	case s == 401 || s == 403:
		return authVerdict(res, s), true
	case (s == 502 || s == 503 || s == 504) && !isJSON(res):
		return Verdict{Outcome: Unreachable, Status: s, Detail: i18n.T("msg.probe.unreachable.gateway", s)}, true
	}
	return Verdict{}, false
}

// authVerdict reads which scheme the endpoint asks for.
func authVerdict(res *discovery.Response, status int) Verdict {
	v := Verdict{Outcome: AuthRequired, Status: res.Status}
	if scheme := authScheme(res.Header.Values("WWW-Authenticate")); scheme != "" {
		v.Scheme = scheme
		v.Detail = i18n.T("msg.probe.auth", status, scheme)
		return v
	}
	v.Detail = i18n.T("msg.probe.auth.no-header", status)
	return v
}

// authScheme is the first challenge's scheme in WWW-Authenticate (RFC 9110
// §11.6.1: a token before the parameters), or "".
func authScheme(values []string) string {
	for _, v := range values {
		v = strings.TrimSpace(v)
		end := strings.IndexAny(v, " ,")
		if end < 0 {
			end = len(v)
		}
		s := v[:end]
		if s != "" && len(s) <= 40 && discovery.IsToken(s) {
			return s
		}
	}
	return ""
}

func mediaType(res *discovery.Response) string {
	mt, _, _ := strings.Cut(res.Header.Get("Content-Type"), ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

func trimmed(b []byte) []byte {
	return bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n")
}

func isHTML(res *discovery.Response) bool {
	mt := mediaType(res)
	b := trimmed(res.Body)
	return mt == "text/html" || mt == "application/xhtml+xml" || (len(b) > 0 && b[0] == '<')
}

// isJSON reports whether the body is a JSON object, whatever the label.
func isJSON(res *discovery.Response) bool {
	b := trimmed(res.Body)
	return len(b) > 0 && b[0] == '{'
}

// notAnAnswer is the verdict for a body that is not JSON at all.
func notAnAnswer(res *discovery.Response, binding string) Verdict {
	v := Verdict{Outcome: WrongBinding, Status: res.Status}
	switch {
	case isHTML(res):
		v.Detail = i18n.T("msg.probe.wrong.html", res.Status, binding)
	case len(trimmed(res.Body)) == 0:
		v.Detail = i18n.T("msg.probe.wrong.empty", res.Status, binding)
	case mediaType(res) != "":
		v.Detail = i18n.T("msg.probe.wrong.not-json", res.Status, jsonpos.QuoteClipped(mediaType(res)), binding)
	default:
		v.Detail = i18n.T("msg.probe.wrong.text", res.Status, binding)
	}
	return v
}

// rpcError is the error member of a JSON-RPC 2.0 response.
type rpcError struct {
	Code    *int   `json:"code"`
	Message string `json:"message"`
}

type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	Result  json.RawMessage `json:"result"`
	Error   *rpcError       `json:"error"`
}

// googleStatus is the HTTP+JSON error body of 1.0 (§11.6): a
// google.rpc.Status under "error", whose details carry a
// google.rpc.ErrorInfo with the A2A reason.
type googleStatus struct {
	Error *struct {
		Code    int               `json:"code"`
		Status  string            `json:"status"`
		Message string            `json:"message"`
		Details []json.RawMessage `json:"details"`
	} `json:"error"`
}

// reason is the ErrorInfo reason of s, or "".
func (s googleStatus) reason() string {
	if s.Error == nil {
		return ""
	}
	for _, raw := range s.Error.Details {
		var info struct {
			Type   string `json:"@type"`
			Reason string `json:"reason"`
		}
		if json.Unmarshal(raw, &info) == nil && strings.HasSuffix(info.Type, "google.rpc.ErrorInfo") && info.Reason != "" {
			return info.Reason
		}
	}
	return ""
}

// isStatus reports whether s has the shape of a google.rpc.Status error.
func (s googleStatus) isStatus() bool {
	return s.Error != nil && (s.Error.Status != "" || s.Error.Code != 0 && len(s.Error.Details) > 0)
}

// judgeJSONRPC reads the answer to GetTask: a conforming server answers a
// JSON-RPC 2.0 error object, task not found (-32001).
func judgeJSONRPC(res *discovery.Response, e card.Interface, legacy bool) Verdict {
	method := methodGetTask
	if legacy {
		method = methodGetTask03
	}
	if v, ok := common(res); ok {
		return v
	}
	if !isJSON(res) {
		return notAnAnswer(res, JSONRPC)
	}
	v := Verdict{Outcome: WrongBinding, Status: res.Status}
	var msg rpcResponse
	if err := json.Unmarshal(res.Body, &msg); err != nil {
		v.Detail = i18n.T("msg.probe.wrong.bad-json", res.Status, JSONRPC)
		if res.Truncated {
			v.Detail = i18n.T("msg.probe.wrong.too-long", res.Status, MaxAnswer>>10)
		}
		return v
	}
	if msg.JSONRPC != "2.0" || (msg.Error == nil && msg.Result == nil) {
		var st googleStatus
		if json.Unmarshal(res.Body, &st) == nil && st.isStatus() {
			v.Detail = i18n.T("msg.probe.wrong.rest-shape", res.Status)
			return v
		}
		v.Detail = i18n.T("msg.probe.wrong.json-not-rpc", res.Status)
		return v
	}
	if msg.Error == nil {
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.jsonrpc-result", method)}
	}
	if msg.Error.Code == nil {
		v.Detail = i18n.T("msg.probe.wrong.json-not-rpc", res.Status)
		return v
	}
	code := *msg.Error.Code
	switch code {
	case codeTaskNotFound:
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.jsonrpc", method, code)}
	case codeVersionNotSupported:
		return Verdict{Outcome: VersionRefused, Status: res.Status, Detail: i18n.T("msg.probe.version-refused.jsonrpc", e.Version, code)}
	case codeUnauthenticated, codeUnauthorized:
		a := authVerdict(res, res.Status)
		a.Detail = i18n.T("msg.probe.auth.jsonrpc", code)
		if a.Scheme != "" {
			a.Detail = i18n.T("msg.probe.auth.jsonrpc-scheme", code, a.Scheme)
		}
		return a
	case codeMethodNotFound:
		v.Detail = i18n.T("msg.probe.wrong.method-not-found", method, e.Version)
		return v
	}
	return Verdict{Outcome: SpeaksDeclared, Status: res.Status,
		Detail: i18n.T("msg.probe.speaks.jsonrpc-other", method, code, jsonpos.QuoteClipped(msg.Error.Message))}
}

// judgeREST reads the answer to the GET of a task that does not exist: in
// 1.0 a 404 whose body is a google.rpc.Status with reason TASK_NOT_FOUND;
// 0.3 fixed no error body, so there any JSON 404 counts.
func judgeREST(res *discovery.Response, e card.Interface, legacy bool, path string) Verdict {
	if v, ok := common(res); ok {
		return v
	}
	if !isJSON(res) {
		return notAnAnswer(res, HTTPJSON)
	}
	v := Verdict{Outcome: WrongBinding, Status: res.Status}
	var rpc rpcResponse
	if json.Unmarshal(res.Body, &rpc) == nil && rpc.JSONRPC == "2.0" {
		v.Detail = i18n.T("msg.probe.wrong.jsonrpc-shape", path)
		return v
	}
	var st googleStatus
	if err := json.Unmarshal(res.Body, &st); err != nil {
		v.Detail = i18n.T("msg.probe.wrong.bad-json", res.Status, HTTPJSON)
		if res.Truncated {
			v.Detail = i18n.T("msg.probe.wrong.too-long", res.Status, MaxAnswer>>10)
		}
		return v
	}
	reason := st.reason()
	switch {
	case reason == "VERSION_NOT_SUPPORTED":
		return Verdict{Outcome: VersionRefused, Status: res.Status, Detail: i18n.T("msg.probe.version-refused.rest", e.Version, res.Status, reason)}
	case res.Status == 404 && (reason == "TASK_NOT_FOUND" || st.isStatus() && st.Error.Status == "NOT_FOUND"):
		what := reason
		if what == "" {
			what = st.Error.Status
		}
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.rest", path, res.Status, what)}
	case st.isStatus():
		what := reason
		if what == "" {
			what = st.Error.Status
		}
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.rest-other", path, res.Status, what)}
	case legacy && res.Status == 404:
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.rest-legacy", path, res.Status)}
	case res.Status >= 200 && res.Status < 300 && looksLikeTask(res.Body):
		return Verdict{Outcome: SpeaksDeclared, Status: res.Status, Detail: i18n.T("msg.probe.speaks.rest-result", path)}
	}
	v.Detail = i18n.T("msg.probe.wrong.rest-json", path, res.Status)
	return v
}

// looksLikeTask reports whether a 2xx body is a Task (an object with an id
// and a status), not whatever a catch-all route answers.
func looksLikeTask(body []byte) bool {
	var t struct {
		ID     *string         `json:"id"`
		Status json.RawMessage `json:"status"`
	}
	return json.Unmarshal(body, &t) == nil && t.ID != nil && len(t.Status) > 0
}
