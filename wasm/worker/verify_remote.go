//go:build remoteverify

package main

import (
	"context"
	"time"

	"github.com/agentcard/agentcard/core/check"
)

// The Worker's build (-tags remoteverify) has no cryptography: main_js.go
// passes the verifier Worker; without it, signatures are reported as not
// checked and POSTed keys are answered 503.
func localVerifier(func(context.Context, time.Duration) error) check.Verifier { return nil }

func localKeys() check.KeyReader { return nil }
