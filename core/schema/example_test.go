package schema_test

import (
	"encoding/json"
	"fmt"

	"github.com/agentcard/agentcard/core/schema"
)

// `agentcard schema --version 0.3` prints what Generate returns; the site
// publishes the same bytes at schema.Path(version).
func ExampleGenerate() {
	for _, v := range schema.Versions {
		b, err := schema.Generate(v)
		if err != nil {
			fmt.Println(err)
			return
		}
		var head struct {
			ID string `json:"$id"`
		}
		_ = json.Unmarshal(b, &head)
		fmt.Println(schema.Path(v), head.ID == schema.ID(v))
	}
	_, err := schema.Generate("2.0")
	fmt.Println(err)
	// Output:
	// /schema/agent-card-1.0.json true
	// /schema/agent-card-0.3.json true
	// there is no JSON Schema for card version "2.0"; the versions are 1.0, 0.3
}
