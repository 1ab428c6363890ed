package sdk

import (
	"context"
	"encoding/json"
	"errors"
)

// GoRun runs a2a-go itself on a card: core/sdk/gorun's Run, which the CLI
// runs in its companion agentcard-a2a. gorun imports this package, so the
// tests inside it cannot import gorun; the external test file
// gorun_ext_test.go sets GoRun for them. Starting the companion is the
// CLI's business and is tested under cmd/ (cmd/internal/companion and
// `agentcard select --sdk`).
var GoRun func(ctx context.Context, src []byte) GoFacts

// runGoCompanion is the GoRunner the CLI passes, without the process:
// a2a-go runs here and its facts cross the companion's wire as JSON.
func runGoCompanion(ctx context.Context, src []byte) (GoFacts, error) {
	if GoRun == nil {
		return GoFacts{}, errors.New("gorun_ext_test.go did not set GoRun")
	}
	b, err := json.Marshal(GoRun(ctx, src))
	if err != nil {
		return GoFacts{}, err
	}
	var f GoFacts
	err = json.Unmarshal(b, &f)
	return f, err
}
