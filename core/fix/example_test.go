package fix_test

import (
	"fmt"

	"github.com/agentcard/agentcard/core/fix"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// The CLI's "lint --fix" and "--diff" in a few lines: fix, then print the
// diff (or write res.Output back), what was applied and the summary. The
// finding left is example-placeholder: the card is on echo.example.com.
func ExampleApply() {
	src := []byte(`{
  "name": "Echo",
  "description": "Repeats what it is sent, to test clients.",
  "version": "1.0.0",
  "supportedInterfaces": [
    {"url": "https://echo.example.com/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"},
  ],
  "capabilities": {},
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "echo", "name": "Echo", "description": "Returns the message unchanged.", "tags": ["test"], "examples": ["hello"]}]
}
`)
	res, err := fix.Apply(src, lint.Lint, fix.Options{})
	if err != nil {
		fmt.Println(err) // a *fix.Refusal: the file is left alone
		return
	}
	en := i18n.EnglishCatalogue()
	fmt.Print(fix.Diff("card.json", src, res.Output))
	for _, a := range res.Applied {
		fmt.Printf("%d:%d %s: %s\n", a.Range.Start.Line, a.Range.Start.Column, a.Code, en.Render(a.Title))
	}
	fmt.Println(en.Render(res.Summary()))
	// Output:
	// --- card.json
	// +++ card.json
	// @@ -3,7 +3,7 @@
	//    "description": "Repeats what it is sent, to test clients.",
	//    "version": "1.0.0",
	//    "supportedInterfaces": [
	// -    {"url": "https://echo.example.com/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"},
	// +    {"url": "https://echo.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
	//    ],
	//    "capabilities": {},
	//    "defaultInputModes": ["text/plain"],
	// 6:64 interface-binding-variant: Use JSONRPC
	// 6:100 json-trailing-comma: Remove the trailing comma
	// 2 fixes applied; 1 finding left
}
