//go:build !remoteverify

package check

import (
	"context"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// LocalVerifier verifies in this process with core/signature.
type LocalVerifier struct {
	// Yield is signature.Options.Yield: the Worker passes a pause on its
	// runtime's timer, so that other requests are served between pieces
	// of the work.
	Yield func(context.Context)
}

// VerifySignatures runs signature.Verify, answering each jku from
// in.KeySets.
func (l LocalVerifier) VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error) {
	fetch := func(_ context.Context, jku string) ([]byte, error) {
		a, ok := in.KeySets[jku]
		switch {
		case !ok:
			return nil, &signature.Error{Text: i18n.T("phrase.keyset.unreachable")}
		case !a.Problem.IsZero():
			return nil, &signature.Error{Text: a.Problem}
		}
		return a.Body, nil
	}
	return signature.Verify(ctx, in.Card, signature.Options{Keys: in.Keys, Fetch: fetch, CardURL: in.CardURL, MaxWork: in.MaxWork, Yield: l.Yield})
}

// ReadKeys is signature.ParseKeys.
func (LocalVerifier) ReadKeys(_ context.Context, data []byte) (signature.KeySet, error) {
	return signature.ParseKeys(data)
}

// defaultVerifier verifies here.
func defaultVerifier() Verifier { return LocalVerifier{} }
