package sdk

import (
	"context"
	"os"
	"testing"

	"github.com/agentcard/agentcard/core/companion"
	"github.com/agentcard/agentcard/internal/companiontest"
)

// TestMain builds the companion agentcard-a2a: the tests that compare
// a2a-go with the models run the library in it, as the CLI does.
func TestMain(m *testing.M) { os.Exit(companiontest.Main(m.Run)) }

// goCompanion is the tests' one companion process.
var goCompanion = &companion.Client{}

// runGoCompanion is the GoRunner the CLI passes, on goCompanion.
func runGoCompanion(ctx context.Context, src []byte) (GoFacts, error) {
	var f GoFacts
	err := goCompanion.Call(ctx, "a2a-go", src, &f)
	return f, err
}
