//go:build remoteverify

package check

import (
	"context"
	"errors"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// A program built with -tags remoteverify (the Worker) has no
// cryptography: it verifies through a RemoteVerifier. Without one, a
// signed card's report says its signatures could not be checked.
func defaultVerifier() Verifier { return noVerifier{} }

type noVerifier struct{}

func (noVerifier) VerifySignatures(context.Context, SignatureInput) (*signature.Report, error) {
	return nil, errors.Join(ErrVerifierUnavailable, &signature.Error{Text: i18n.T("msg.signature-verifier.none")})
}
