package migrate_test

import (
	"fmt"
	"os"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/migrate"
)

// The CLI's "agentcard migrate --to 1.0|mixed": the card on stdout, what
// was done and what needs a person on stderr (here stdout, for the test).
func ExampleMigrate() {
	src := []byte(`{"protocolVersion": "0.3.0", "name": "Echo", "description": "Repeats what it is sent.",
  "url": "https://echo.example.com/a2a", "preferredTransport": "JSONRPC", "version": "1.0.0",
  "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "echo", "name": "Echo", "description": "Returns the message.", "tags": ["test"]}]}`)
	to, _ := migrate.ParseTarget("1.0")
	res, err := migrate.Migrate(src, to)
	if err != nil {
		fmt.Fprintln(os.Stderr, err) // a *migrate.Refusal
		return
	}
	os.Stdout.Write(res.Output)
	en := i18n.EnglishCatalogue()
	for _, c := range res.Changes {
		fmt.Println("done:", en.Render(c))
	}
	for _, n := range res.Notes {
		fmt.Println("check:", en.Render(n))
	}
	// Output:
	// {
	//   "name": "Echo",
	//   "description": "Repeats what it is sent.",
	//   "supportedInterfaces": [
	//     {"url": "https://echo.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}
	//   ],
	//   "version": "1.0.0",
	//   "capabilities": {},
	//   "defaultInputModes": ["text/plain"],
	//   "defaultOutputModes": ["text/plain"],
	//   "skills": [
	//     {
	//       "id": "echo",
	//       "name": "Echo",
	//       "description": "Returns the message.",
	//       "tags": ["test"]
	//     }
	//   ]
	// }
	// done: url and preferredTransport became supportedInterfaces: 1 entry at protocolVersion 0.3
	// done: dropped the card-level protocolVersion: every supportedInterfaces entry now says its version (0.3)
	// check: every endpoint is declared at protocolVersion 0.3, the version the card declared, because that is what its server speaks today: clients that speak only 1.0 will not pick them. Once the server answers 1.0 requests at a URL, add an entry for it with protocolVersion 1.0 ahead of the others
}
