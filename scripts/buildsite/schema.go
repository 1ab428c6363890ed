package main

import (
	"strings"

	"github.com/agentcard/agentcard/core/schema"
)

// schemas publishes the JSON Schemas generated from the field catalogue at
// their stable addresses (/schema/agent-card-1.0.json, …), the $id each
// schema names, so editors that follow a card's "$schema" or their own
// schema settings complete and document cards.
func (b *builder) schemas() error {
	for _, v := range schema.Versions {
		out, err := schema.Generate(v)
		if err != nil {
			return err
		}
		if err := b.write(strings.TrimPrefix(schema.Path(v), "/"), out); err != nil {
			return err
		}
	}
	return nil
}
