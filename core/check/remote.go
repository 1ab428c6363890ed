package check

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// RemoteVerifier verifies signatures and reads keys in another process:
// the Worker's bundle has no cryptography (built with -tags
// remoteverify, which leaves signature.Verify and ParseKeys out), and
// asks the verifier Worker (wasm/verifier, through a service binding),
// which answers with ServeVerifier. What goes over is data: the card's
// bytes, the keys as public JWKs, the key sets the pipeline fetched; what
// comes back is the report as the cache stores it (typed texts) with the
// canonical payload. Nothing it sends is fetched by the other side.
type RemoteVerifier struct {
	// Call sends body to path ("/verify", "/keys") and answers the status
	// and body of the answer; an error means there was none.
	Call func(ctx context.Context, path string, body []byte) (status int, answer []byte, err error)
}

// Paths of the verifier's two calls.
const (
	VerifyPath = "/verify"
	KeysPath   = "/keys"
	// MaxVerifyRequest bounds a request the verifier reads: the card
	// (at most the 512 KiB fetch cap, or 1 MiB linted) and its key sets.
	MaxVerifyRequest = 2 << 20
)

// verifyHead is the first line of a /verify request; the card's bytes
// follow it as they are (not in base64 inside the JSON, which cost more
// to decode than the rest: see the cache's entry).
type verifyHead struct {
	Keys    []json.RawMessage     `json:"keys,omitempty"`
	CardURL string                `json:"cardUrl,omitempty"`
	KeySets map[string]keySetWire `json:"keySets,omitempty"`
	MaxWork int                   `json:"maxWork"`
}

type keySetWire struct {
	Body    []byte     `json:"body,omitempty"`
	Problem *entryText `json:"problem,omitempty"`
}

// verifyAnswerHead is the first line of a /verify answer; the canonical
// payload follows it. Error is the card's own problem.
type verifyAnswerHead struct {
	Report *signatureEntry `json:"report,omitempty"`
	Error  *entryText      `json:"error,omitempty"`
}

// keysAnswer is the answer of /keys.
type keysAnswer struct {
	Keys  []keyWire  `json:"keys,omitempty"`
	Error *entryText `json:"error,omitempty"`
}

type keyWire struct {
	ID  string          `json:"kid,omitempty"`
	Alg string          `json:"alg,omitempty"`
	Use string          `json:"use,omitempty"`
	JWK json.RawMessage `json:"jwk"`
}

// ErrVerifierUnavailable is in the error of a RemoteVerifier that got no
// usable answer (with a *signature.Error that says so to the reader): the
// check goes on without signature findings and caches nothing, and a
// caller reading keys answers 503, not "your key is wrong".
var ErrVerifierUnavailable = errors.New("check: the signature verifier did not answer")

func unavailable(why string) error {
	return errors.Join(ErrVerifierUnavailable, &signature.Error{Text: i18n.T("msg.signature-verifier.unavailable", why)})
}

// VerifySignatures sends in to the verifier.
func (rv RemoteVerifier) VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error) {
	req, err := encodeVerifyRequest(in)
	if err != nil {
		return nil, err
	}
	status, answer, err := rv.Call(ctx, VerifyPath, req)
	if err != nil {
		return nil, unavailable(err.Error())
	}
	if status != 200 {
		return nil, unavailable(fmt.Sprintf("status %d", status))
	}
	rep, verr, err := decodeVerifyAnswer(answer)
	if err != nil {
		return nil, unavailable(err.Error())
	}
	if verr != nil {
		return nil, verr
	}
	return rep, nil
}

// ReadKeys asks the verifier to read the operator's keys.
func (rv RemoteVerifier) ReadKeys(ctx context.Context, data []byte) (signature.KeySet, error) {
	status, answer, err := rv.Call(ctx, KeysPath, data)
	if err != nil {
		return nil, unavailable(err.Error())
	}
	var a keysAnswer
	if err := json.Unmarshal(answer, &a); err != nil || (status != 200 && status != 400) || (status == 400 && a.Error == nil) {
		return nil, unavailable(fmt.Sprintf("status %d", status))
	}
	if a.Error != nil {
		return nil, &signature.Error{Text: a.Error.Text()}
	}
	if len(a.Keys) == 0 {
		return nil, unavailable("no keys in the answer")
	}
	if status != 200 {
		return nil, unavailable(fmt.Sprintf("status %d", status))
	}
	set := make(signature.KeySet, len(a.Keys))
	for i, k := range a.Keys {
		set[i] = &signature.Key{ID: k.ID, Alg: k.Alg, Use: k.Use, JWK: k.JWK}
	}
	return set, nil
}

func encodeVerifyRequest(in SignatureInput) ([]byte, error) {
	h := verifyHead{CardURL: in.CardURL, MaxWork: in.MaxWork}
	for _, k := range in.Keys {
		if len(k.JWK) == 0 {
			return nil, errors.New("check: a key without its JWK cannot be sent to the verifier")
		}
		h.Keys = append(h.Keys, k.JWK)
	}
	if len(in.KeySets) > 0 {
		h.KeySets = map[string]keySetWire{}
		for jku, a := range in.KeySets {
			w := keySetWire{Body: a.Body}
			if !a.Problem.IsZero() {
				w.Problem = newEntryText(a.Problem, 0)
			}
			h.KeySets[jku] = w
		}
	}
	head, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(head)+1+len(in.Card))
	return append(append(append(out, head...), '\n'), in.Card...), nil
}

func decodeVerifyRequest(b []byte) (SignatureInput, []byte, error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return SignatureInput{}, nil, errors.New("no header line")
	}
	var h verifyHead
	if err := json.Unmarshal(b[:nl], &h); err != nil {
		return SignatureInput{}, nil, err
	}
	in := SignatureInput{Card: b[nl+1:], CardURL: h.CardURL, MaxWork: h.MaxWork, KeySets: map[string]KeySetAnswer{}}
	for jku, w := range h.KeySets {
		a := KeySetAnswer{Body: w.Body}
		if w.Problem != nil {
			a.Problem = w.Problem.Text()
		}
		in.KeySets[jku] = a
	}
	var jwks []byte
	if len(h.Keys) > 0 {
		jwks, _ = json.Marshal(map[string][]json.RawMessage{"keys": h.Keys})
	}
	return in, jwks, nil
}

func encodeVerifyAnswer(rep *signature.Report, verr error) []byte {
	var h verifyAnswerHead
	var payload []byte
	if verr != nil {
		var se *signature.Error
		t := i18n.T("msg.signature-verifier.unavailable", verr.Error())
		if errors.As(verr, &se) {
			t = se.Text
		}
		h.Error = newEntryText(t, 0)
	} else {
		e := signatureEntryOf(rep)
		h.Report, payload = &e, rep.Payload
	}
	head, _ := json.Marshal(h)
	out := make([]byte, 0, len(head)+1+len(payload))
	return append(append(append(out, head...), '\n'), payload...)
}

func decodeVerifyAnswer(b []byte) (*signature.Report, error, error) {
	nl := bytes.IndexByte(b, '\n')
	if nl < 0 {
		return nil, nil, errors.New("no header line in the answer")
	}
	var h verifyAnswerHead
	if err := json.Unmarshal(b[:nl], &h); err != nil {
		return nil, nil, err
	}
	if h.Error != nil {
		return nil, &signature.Error{Text: h.Error.Text()}, nil
	}
	if h.Report == nil {
		return nil, nil, errors.New("no report in the answer")
	}
	rep := h.Report.report()
	rep.Payload = b[nl+1:]
	return rep, nil, nil
}

func encodeKeysAnswer(set signature.KeySet, err error) (int, []byte) {
	var a keysAnswer
	status := 200
	if err != nil {
		status = 400
		t := i18n.T("msg.signature-jwk.not-json")
		var se *signature.Error
		if errors.As(err, &se) {
			t = se.Text
		}
		a.Error = newEntryText(t, 0)
	}
	for _, k := range set {
		a.Keys = append(a.Keys, keyWire{ID: k.ID, Alg: k.Alg, Use: k.Use, JWK: k.JWK})
	}
	b, _ := json.Marshal(a)
	return status, b
}
