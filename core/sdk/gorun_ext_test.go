package sdk_test

import (
	"github.com/agentcard/agentcard/core/sdk"
	"github.com/agentcard/agentcard/core/sdk/gorun"
)

// a2a-go for the tests of package sdk (gorun_test.go says why from here).
func init() { sdk.GoRun = gorun.Run }
