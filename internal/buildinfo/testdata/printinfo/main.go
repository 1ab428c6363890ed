// Command printinfo prints buildinfo.Get() as JSON, so that a test can
// build it with -ldflags -X and see what a release binary would report.
package main

import (
	"encoding/json"
	"os"

	"github.com/agentcard/agentcard/internal/buildinfo"
)

func main() {
	if err := json.NewEncoder(os.Stdout).Encode(buildinfo.Get()); err != nil {
		os.Exit(1)
	}
}
