package main

import (
	"context"

	"github.com/agentcard/agentcard/components"
)

func (b *builder) pages(ctx context.Context, a assets) error {
	ed := components.EditorView{
		Assets: components.EditorAssets{
			CSS:      []string{a.CSS},
			WasmExec: a.WasmExec,
			Script:   a.Script,
			Wasm:     a.Wasm,
			Worker:   a.Worker,
			WasmSize: a.WasmSize,
		},
		Version: b.version,
	}
	if err := b.render(ctx, "index.html", components.EditorPage(ed)); err != nil {
		return err
	}
	return b.learnPages(ctx, a)
}
