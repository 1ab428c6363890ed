package check

import (
	"errors"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// SignaturesJSON is the `signatures` member of the JSON answers (`lint
// --format json` with live checks, /api/check): one result per signature,
// its outcome sentence in the answer's language and as data, the
// specification's canonical payload that was verified, and the error
// when the card has no canonical form at all.
type SignaturesJSON struct {
	Payload   string          `json:"payload,omitempty"`
	Results   []SignatureJSON `json:"results"`
	Unchecked int             `json:"unchecked,omitempty"`
	Error     string          `json:"error,omitempty"`
	ErrorID   string          `json:"errorId,omitempty"`
}

// SignatureJSON is one signature's check: signature.Result's data, its
// text as the sentence and as data.
type SignatureJSON struct {
	signature.Result
	Text      i18n.Text `json:"-"` // said by the three below
	Message   string    `json:"message"`
	MessageID string    `json:"messageId"`
	Args      []any     `json:"args,omitempty"`
}

// SignaturesJSON describes a check's signatures in cat's language;
// nil when they were not verified.
func (r *Result) SignaturesJSON(cat *i18n.Catalogue) *SignaturesJSON {
	if r == nil || (r.Signatures == nil && r.SignatureErr == nil) {
		return nil
	}
	out := &SignaturesJSON{Results: []SignatureJSON{}}
	if err := r.SignatureErr; err != nil {
		var se *signature.Error
		if errors.As(err, &se) {
			out.Error, out.ErrorID = cat.Render(se.Text), se.Text.ID
		} else {
			out.Error = err.Error()
		}
		return out
	}
	rep := r.Signatures
	out.Payload, out.Unchecked = string(rep.Payload), rep.Unchecked
	for _, s := range rep.Results {
		out.Results = append(out.Results, SignatureJSON{Result: s, Message: cat.Render(s.Text), MessageID: s.Text.ID, Args: s.Text.Args})
	}
	return out
}
