//go:build !remoteverify

package main

import (
	"context"
	"time"

	"github.com/agentcard/agentcard/core/check"
)

// localVerifier verifies in the handler; with the Worker's pause, it
// yields between pieces of work so that other requests are served.
func localVerifier(pause func(context.Context, time.Duration) error) check.Verifier {
	if pause == nil {
		return check.LocalVerifier{}
	}
	return check.LocalVerifier{Yield: func(ctx context.Context) { pause(ctx, 0) }}
}

func localKeys() check.KeyReader { return check.LocalVerifier{} }
