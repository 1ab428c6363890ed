//go:build js && wasm

package sdk

import (
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// goRun is unused here: the js/wasm builds (the Worker, the playground)
// keep a2a-go out of their budgeted size and answer with the models.
type goRun struct {
	reading selection.CardReading
	result  selection.Result
}

func runGo(*jsonpos.Doc) (goRun, bool) { return goRun{}, false }
