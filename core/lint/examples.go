package lint

import (
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// BaseCard is a small, clean 1.0 card. Rule examples written as a list of
// top-level members are applied to it, so an example shows only what
// matters and still is a whole card the linter can run on.
const BaseCard = `{
  "name": "Invoice Extractor",
  "description": "Reads supplier invoices (PDF or image) and returns the totals, due date and line items as JSON.",
  "version": "1.0.0",
  "supportedInterfaces": [
    {"url": "https://invoices.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "capabilities": {},
  "defaultInputModes": ["application/pdf"],
  "defaultOutputModes": ["application/json"],
  "skills": [
    {
      "id": "extract-invoice",
      "name": "Extract invoice fields",
      "description": "Finds the supplier, totals, due date and line items of one invoice and returns them as JSON.",
      "tags": ["invoices", "finance"],
      "examples": ["What is the total and due date of this invoice?"]
    }
  ]
}`

// BaseLegacyCard is the 0.3 counterpart of BaseCard, used for examples that
// set a legacy "url" without "supportedInterfaces".
const BaseLegacyCard = `{
  "protocolVersion": "0.3.0",
  "name": "Invoice Extractor",
  "description": "Reads supplier invoices (PDF or image) and returns the totals, due date and line items as JSON.",
  "url": "https://invoices.example.com/a2a",
  "preferredTransport": "JSONRPC",
  "version": "1.0.0",
  "capabilities": {},
  "defaultInputModes": ["application/pdf"],
  "defaultOutputModes": ["application/json"],
  "skills": [
    {
      "id": "extract-invoice",
      "name": "Extract invoice fields",
      "description": "Finds the supplier, totals, due date and line items of one invoice and returns them as JSON.",
      "tags": ["invoices", "finance"],
      "examples": ["What is the total and due date of this invoice?"]
    }
  ]
}`

// IsFragment reports whether an example is a list of top-level members
// (`"name": …, …`) rather than a whole document.
func IsFragment(example string) bool {
	t := strings.TrimSpace(example)
	return t == "" || strings.HasPrefix(t, `"`)
}

// ExampleDocument turns a rule example into the document it stands for:
// whole documents are returned unchanged; member lists replace or extend the
// members of BaseCard (or BaseLegacyCard when they set "url" but not
// "supportedInterfaces").
func ExampleDocument(example string) string {
	if !IsFragment(example) {
		return example
	}
	frag := jsonpos.Parse([]byte("{"+example+"}"), jsonpos.Options{})
	if frag.Root == nil || len(frag.Problems) > 0 {
		return example
	}
	base := BaseCard
	if frag.Root.Has("url") && !frag.Root.Has("supportedInterfaces") {
		base = BaseLegacyCard
	}
	bd := jsonpos.Parse([]byte(base), jsonpos.Options{})
	var b strings.Builder
	b.WriteString("{\n")
	first := true
	write := func(key, raw string) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		b.WriteString("  ")
		b.WriteString(quote(key))
		b.WriteString(": ")
		b.WriteString(raw)
	}
	raw := func(d *jsonpos.Doc, n *jsonpos.Node) string { return string(d.Src[n.Start:n.End]) }
	for _, m := range bd.Root.Children {
		if o := frag.Root.Get(m.Key); o != nil {
			write(m.Key, raw(frag, o))
		} else {
			write(m.Key, raw(bd, m))
		}
	}
	for _, m := range frag.Root.Children {
		if !bd.Root.Has(m.Key) {
			write(m.Key, raw(frag, m))
		}
	}
	b.WriteString("\n}\n")
	return b.String()
}
