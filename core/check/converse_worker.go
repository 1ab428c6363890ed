//go:build worker

package check

import (
	"context"

	"github.com/agentcard/agentcard/core/lint"
	"github.com/agentcard/agentcard/core/probe"
	"github.com/agentcard/agentcard/core/selection"
)

// The Worker never talks to an agent: conversations run only from the CLI
// or the reader's own browser (the security model's budgets), so the
// Worker's build leaves them out — the conversation code and the answer
// validator (core/probe's Converse, core/probe/reply) are not linked into
// its bundle, and Run refuses Options.Converse before anything is sent.
const conversations = false

// converse is never reached in this build (Run refuses first).
func (r *runner) converse(context.Context, *lint.Result) (*selection.Result, []probe.Talk) {
	return nil, nil
}
