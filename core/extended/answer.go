package extended

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// judgeRPC reads the answer to the JSON-RPC call: a result holding the
// card, or an error object saying why not.
func judgeRPC(r *discovery.Response) answer {
	if a, ok := common(r); ok {
		return a
	}
	var msg struct {
		JSONRPC string          `json:"jsonrpc"`
		Result  json.RawMessage `json:"result"`
		Error   *struct {
			Code    *int   `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if !isObject(r.Body) || json.Unmarshal(r.Body, &msg) != nil || msg.JSONRPC != "2.0" {
		return notJSONRPC(r)
	}
	if msg.Error != nil && msg.Error.Code != nil {
		code, text := *msg.Error.Code, jsonpos.QuoteClipped(msg.Error.Message)
		switch code {
		case codeUnauthenticated, codeUnauthorized:
			return answer{outcome: AuthRefused, status: r.Status, detail: i18n.T("msg.extended.answer.rpc-auth", code, text)}
		case codeNotConfigured:
			return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.not-configured", code, text)}
		case codeUnsupported:
			return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.unsupported", code, text)}
		case codeMethodNotFound:
			return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.method-not-found", code)}
		}
		return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.rpc-error", code, text)}
	}
	if r.Status < 200 || r.Status >= 300 {
		return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.status", r.Status)}
	}
	if !looksLikeCard(msg.Result) {
		return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.rpc-no-card", r.Status)}
	}
	return answer{outcome: GotCard, status: r.Status, card: bytes.Clone(msg.Result), detail: i18n.T("msg.extended.answer.card", len(msg.Result))}
}

// judgeREST reads the answer to the HTTP+JSON GET: the card as the body,
// or an error (1.0: a google.rpc.Status whose ErrorInfo names the reason).
func judgeREST(r *discovery.Response) answer {
	if a, ok := common(r); ok {
		return a
	}
	if r.Status >= 200 && r.Status < 300 {
		if !isObject(r.Body) || !json.Valid(r.Body) {
			return notJSON(r)
		}
		if !looksLikeCard(r.Body) {
			return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.rest-no-card", r.Status)}
		}
		return answer{outcome: GotCard, status: r.Status, card: bytes.Clone(r.Body), detail: i18n.T("msg.extended.answer.card", len(r.Body))}
	}
	reason, status := errorReason(r.Body)
	switch {
	case status == "UNAUTHENTICATED" || status == "PERMISSION_DENIED" || reason == "UNAUTHENTICATED" || reason == "UNAUTHORIZED":
		return answer{outcome: AuthRefused, status: r.Status, detail: i18n.T("msg.extended.answer.rest-auth", r.Status, firstOf(reason, status))}
	case reason == "EXTENDED_AGENT_CARD_NOT_CONFIGURED":
		return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.rest-reason", r.Status, reason)}
	case reason == "UNSUPPORTED_OPERATION" || status == "UNIMPLEMENTED":
		return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.rest-reason", r.Status, firstOf(reason, status))}
	case r.Status == 404 || r.Status == 405 || r.Status == 501:
		return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.rest-missing", r.Status)}
	}
	return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.status", r.Status)}
}

// common judges what means the same for both bindings: a demand for
// credentials and an answer cut at the size limit.
func common(r *discovery.Response) (answer, bool) {
	switch {
	case r.Status == 401 || r.Status == 403:
		return answer{outcome: AuthRefused, status: r.Status, detail: i18n.T("msg.extended.answer.http-auth", r.Status)}, true
	case r.Truncated:
		return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.too-large", len(r.Body)>>10)}, true
	}
	return answer{}, false
}

func notJSONRPC(r *discovery.Response) answer {
	if !isObject(r.Body) {
		return notJSON(r)
	}
	if r.Status == 404 || r.Status == 405 {
		return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.rest-missing", r.Status)}
	}
	return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.not-rpc", r.Status)}
}

func notJSON(r *discovery.Response) answer {
	if r.Status == 404 || r.Status == 405 || r.Status == 501 {
		return answer{outcome: Unsupported, status: r.Status, detail: i18n.T("msg.extended.answer.rest-missing", r.Status)}
	}
	return answer{outcome: BadAnswer, status: r.Status, detail: i18n.T("msg.extended.answer.not-json", r.Status)}
}

// errorReason reads an HTTP+JSON error body: the google.rpc.Status status
// and the reason of its ErrorInfo detail, when there are.
func errorReason(body []byte) (reason, status string) {
	var st struct {
		Error *struct {
			Status  string            `json:"status"`
			Details []json.RawMessage `json:"details"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &st) != nil || st.Error == nil {
		return "", ""
	}
	for _, raw := range st.Error.Details {
		var info struct {
			Type   string `json:"@type"`
			Reason string `json:"reason"`
		}
		if json.Unmarshal(raw, &info) == nil && strings.HasSuffix(info.Type, "google.rpc.ErrorInfo") && info.Reason != "" {
			reason = info.Reason
			break
		}
	}
	return jsonpos.Clip(reason, 80), jsonpos.Clip(st.Error.Status, 80)
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func isObject(b []byte) bool {
	b = bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

// looksLikeCard reports whether raw is a JSON object with a member every
// card era has (name, skills, capabilities, or an interface list), rather
// than whatever a catch-all route answers with 200.
func looksLikeCard(raw json.RawMessage) bool {
	if !isObject(raw) {
		return false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	for _, k := range []string{"name", "skills", "capabilities", "supportedInterfaces", "url"} {
		if _, ok := m[k]; ok {
			return true
		}
	}
	return false
}
