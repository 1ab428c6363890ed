package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
)

// A card that says protocolVersion 1.0 in the 0.3 layout is an error
// (§4.4.1, §5.7: supportedInterfaces is REQUIRED in 1.0), so lint fails.
func TestDeclares10WithoutSupportedInterfaces(t *testing.T) {
	writeTree(t, map[string]string{"fake10.json": `{"protocolVersion": "1.0", "name": "Room Booker",
 "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "url": "https://rooms.northwind.dev/a2a", "preferredTransport": "JSONRPC",
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`})
	out, errOut, code := runCLI(t, "", "lint", "--lang", "en", "fake10.json")
	if code != exitFound || !strings.Contains(out, "error legacy-card protocolVersion \"1.0\" declares A2A 1.0, but the card has no supportedInterfaces") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// An empty skills list is a warning that says why; an absent one is an
// error.
func TestSkillsEmptyAndAbsent(t *testing.T) {
	card := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
  {"url": "grpc.northwind.dev:443", "protocolBinding": "GRPC", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"]`
	writeTree(t, map[string]string{"empty.json": card + `, "skills": []}`, "absent.json": card + `}`})
	out, errOut, code := runCLI(t, "", "lint", "--lang", "en", "empty.json")
	if code != exitOK || !strings.Contains(out, "warning required-field-empty skills is empty") || !strings.Contains(out, "#2122") ||
		!strings.Contains(out, "0 errors, 1 warning") {
		t.Errorf("skills: []: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "", "lint", "--lang", "en", "absent.json")
	if code != exitFound || !strings.Contains(out, "error required-field skills") {
		t.Errorf("no skills: exit %d\n%s%s", code, out, errOut)
	}
	// the gRPC host:port entry drew nothing, and the rule says where
	// that comes from
	out, _, _ = runCLI(t, "", "rules", "--lang", "en", "interface-url-not-absolute")
	if !strings.Contains(out, "main branch, after 1.0.1") || !strings.Contains(out, "https://github.com/a2aproject/A2A/pull/1997") {
		t.Errorf("rules interface-url-not-absolute:\n%s", out)
	}
	var doc struct {
		Results []struct{ Diagnostics []struct{ Code string } }
	}
	out, _, _ = runCLI(t, "", "lint", "--format", "json", "empty.json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, d := range doc.Results[0].Diagnostics {
		if strings.HasPrefix(d.Code, "interface-url") {
			t.Errorf("the gRPC host:port entry drew %s", d.Code)
		}
	}
}

// A mixed card whose 0.3 half requires a bearer token and whose 1.0 half
// has no securityRequirements is reported; the legacy card's fix carries
// security over, as its message says.
func TestMixedCardSecurityHalves(t *testing.T) {
	body := `"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}],
 "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}},
 "security": [{"bearer": []}],
 "protocolVersion": "0.3.0",
 "url": "https://rooms.northwind.dev/a2a", "preferredTransport": "JSONRPC"`
	writeTree(t, map[string]string{
		"mixed.json":  `{"supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}], ` + body + `}`,
		"legacy.json": "{\n  " + body + "\n}\n",
	})
	out, errOut, _ := runCLI(t, "", "lint", "--lang", "en", "mixed.json")
	if !strings.Contains(out, "warning mixed-security-requirements-missing security requires credentials of 0.3 clients, but the card has no securityRequirements") {
		t.Errorf("mixed card:\n%s%s", out, errOut)
	}
	out, errOut, _ = runCLI(t, "", "lint", "--lang", "en", "legacy.json")
	if !strings.Contains(out, "copy security to securityRequirements") || !strings.Contains(out, "and securityRequirements from security") {
		t.Errorf("legacy card:\n%s%s", out, errOut)
	}
	runCLI(t, "", "lint", "--fix", "--unsafe-fixes", "legacy.json")
	fixed := readFile(t, "legacy.json")
	if !strings.Contains(fixed, `"securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`) {
		t.Errorf("the fix did not carry security over:\n%s", fixed)
	}
	out, _, _ = runCLI(t, "", "lint", "--lang", "en", "legacy.json")
	if strings.Contains(out, "mixed-security-requirements-missing") {
		t.Errorf("after the fix:\n%s", out)
	}
}

// Two false alarms on real cards: an A2A card that also lists MCP servers
// is linted as a card, and a DNS domain-verification value is not a
// credential.
func TestRealCardFalseAlarms(t *testing.T) {
	writeTree(t, map[string]string{"card.json": `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"}],
 "capabilities": {"extensions": [{"uri": "https://rooms.northwind.dev/ext/ownership/v1", "params": {"token": "google-site-verification=rXOxyZounnZasA8Z7oaD3c14JdjS9aKSWvsR1EbUSIQ"}}]},
 "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "mcpServers": {"rooms": {"url": "https://rooms.northwind.dev/mcp"}},
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`})
	out, errOut, code := runCLI(t, "", "lint", "--lang", "en", "card.json")
	if code != exitFound || strings.Contains(out, "not-a-card") || strings.Contains(out, "credential-in-card") ||
		!strings.Contains(out, "error interface-binding-variant") || !strings.Contains(out, `info unknown-field "mcpServers" belongs to MCP server descriptions`) {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}

// lint --diff writes nothing, so it says what the fixes would do; --fix
// says what it did.
func TestDiffSaysWouldFix(t *testing.T) {
	card := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`
	writeTree(t, map[string]string{"card.json": card})
	_, errOut, _ := runCLI(t, "", "lint", "--lang", "en", "--diff", "card.json")
	if !strings.Contains(errOut, "card.json: would fix interface-binding-variant: Use JSONRPC") ||
		!strings.Contains(errOut, "card.json: 1 fix would be applied; 0 findings would be left") || strings.Contains(errOut, "fixed") || strings.Contains(errOut, "fix applied") {
		t.Errorf("--diff:\n%s", errOut)
	}
	_, errOut, _ = runCLI(t, "", "lint", "--lang", "zh-CN", "--diff", "card.json")
	if !strings.Contains(errOut, "将修复 interface-binding-variant") || !strings.Contains(errOut, "将应用 1 个修复；将剩余 0 条检查结果") {
		t.Errorf("--diff in Chinese:\n%s", errOut)
	}
	_, errOut, _ = runCLI(t, "", "lint", "--lang", "en", "--fix", "card.json")
	if !strings.Contains(errOut, "card.json: fixed interface-binding-variant: Use JSONRPC") || !strings.Contains(errOut, "1 fix applied; 0 findings left") {
		t.Errorf("--fix:\n%s", errOut)
	}
}

// The baseline message counts each number in its own grammar.
func TestBaselineMessageGrammar(t *testing.T) {
	card := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "jsonrpc", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"]}]}`
	writeTree(t, map[string]string{"card.json": card, "other.json": card})
	_, errOut, _ := runCLI(t, "", "lint", "--lang", "en", "--baseline", "b.json", "--update-baseline", "card.json")
	if !strings.Contains(errOut, "baseline b.json written: 2 findings in 1 input") {
		t.Errorf("one input:\n%s", errOut)
	}
	_, errOut, _ = runCLI(t, "", "lint", "--lang", "en", "--baseline", "b.json", "--update-baseline", "card.json", "other.json")
	if !strings.Contains(errOut, "baseline b.json written: 4 findings in 2 inputs") {
		t.Errorf("two inputs:\n%s", errOut)
	}
	_, errOut, _ = runCLI(t, "", "lint", "--lang", "zh-CN", "--baseline", "b.json", "--update-baseline", "card.json")
	if !strings.Contains(errOut, "已写入基线文件 b.json：2 条检查结果，来自 1 个输入") {
		t.Errorf("Chinese:\n%s", errOut)
	}
}

// Every commented example line of init's .agentcard.yaml can be
// uncommented on its own, and a YAML error names the line it is on.
func TestStarterConfigUncomments(t *testing.T) {
	writeTree(t, nil)
	if _, errOut, code := runCLI(t, "", "init"); code != exitOK {
		t.Fatalf("init: %s", errOut)
	}
	orig := readFile(t, ".agentcard.yaml")
	lines := strings.Split(orig, "\n")
	tried := 0
	for i, l := range lines {
		if !strings.HasPrefix(l, "  # ") {
			continue
		}
		tried++
		edited := append([]string(nil), lines...)
		edited[i] = "  " + strings.TrimPrefix(l, "  # ")
		if err := os.WriteFile(".agentcard.yaml", []byte(strings.Join(edited, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, errOut, code := runCLI(t, "", "lint", "--lang", "en", "."); code == exitUsage {
			t.Errorf("line %d uncommented (%q): %s", i+1, edited[i], errOut)
		}
	}
	if tried < 4 {
		t.Fatalf("only %d commented examples in\n%s", tried, orig)
	}
	broken := strings.Replace(orig, "rules:\n  # skill-no-examples: off", "rules: {}\n  skill-no-examples: off", 1)
	os.WriteFile(".agentcard.yaml", []byte(broken), 0o644)
	want := 0
	for i, l := range strings.Split(broken, "\n") {
		if l == "  skill-no-examples: off" {
			want = i + 1
		}
	}
	_, errOut, code := runCLI(t, "", "lint", "--lang", "en", ".")
	if code != exitUsage || !strings.Contains(errOut, ".agentcard.yaml:"+strconv.Itoa(want)+": not valid YAML") {
		t.Errorf("YAML error, want line %d: exit %d, %s", want, code, errOut)
	}
}

// lint 127.0.0.1:PORT against a development server that speaks plain
// HTTP (and answers a TLS hello with its error page, as Python's
// http.server does) says so and names the http URL to try.
func TestPlainHTTPDevServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.SetDeadline(time.Now().Add(2 * time.Second))
			c.Read(make([]byte, 512))
			c.Write([]byte("<!DOCTYPE HTML>\n<html><body><h1>Error response</h1></body></html>\n"))
			c.Close()
		}
	}()
	addr := l.Addr().String()
	_, errOut, code := runCLI(t, "", "lint", "--lang", "en", addr)
	if code != exitUsage || !strings.Contains(errOut, "answered in plain HTTP, not HTTPS") || !strings.Contains(errOut, "Try http://"+addr+"/.well-known/agent-card.json") ||
		strings.Contains(errOut, "TLS handshake") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// lint --probe: when no declared endpoint answers, the findings are
// errors and the run exits 1; with one endpoint answering, the dead one
// stays a warning.
func TestProbeNoneAnswers(t *testing.T) {
	closed := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		a := l.Addr().String()
		l.Close() // nothing listens there any more
		return a
	}
	a, b := closed(), closed()
	card := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "http://` + a + `/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
  {"url": "http://` + b + `/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`
	writeTree(t, map[string]string{"card.json": card})
	out, errOut, code := runCLI(t, "", "lint", "--lang", "en", "--profile", "local", "--probe", "card.json")
	if code != exitFound || strings.Count(out, "error probe-unreachable") != 2 || !strings.Contains(out, "None of the card's endpoints answered") {
		t.Errorf("no endpoint answers: exit %d\n%s%s", code, out, errOut)
	}
	help, helpErr, _ := runCLI(t, "", "lint", "--help")
	if !strings.Contains(help+helpErr, "none answers, an error (exit 1)") {
		t.Errorf("--help does not say when --probe fails:\n%s%s", help, helpErr)
	}
}

// lint --from: an agent that does not answer is a finding of its input
// (http-unreachable), and the other inputs are checked as usual: exit 1
// for that error, not 2 for the run.
func TestFromListWithADeadAgent(t *testing.T) {
	card := `{"name": "Room Booker", "description": "Books meeting rooms for a team and returns the booking.", "version": "1.0.0",
 "supportedInterfaces": [{"url": "https://rooms.northwind.dev/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
 "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
 "skills": [{"id": "book", "name": "Book", "description": "Books a room.", "tags": ["rooms"], "examples": ["Book room 4"]}]}`
	live := serveLoopback(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, card)
	}))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String() + "/.well-known/agent-card.json"
	l.Close() // nothing listens there any more
	writeTree(t, map[string]string{"agents.txt": live.URL + "/.well-known/agent-card.json\n" + dead + "\n"})
	out, errOut, code := runCLI(t, "", "lint", "--lang", "en", "--profile", "local", "--format", "json", "--from", "agents.txt")
	var doc struct {
		Results []struct {
			Input       string
			Errors      int
			Diagnostics []struct{ Code, Message string }
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Results) != 2 {
		t.Fatalf("exit %d, %v\n%s%s", code, err, out, errOut)
	}
	if code != exitFound || doc.Results[0].Errors != 0 || doc.Results[1].Input != dead || len(doc.Results[1].Diagnostics) != 1 ||
		doc.Results[1].Diagnostics[0].Code != "http-unreachable" || !strings.Contains(doc.Results[1].Diagnostics[0].Message, "refused") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	// a single INPUT that does not answer is still an unreadable input
	if _, _, code := runCLI(t, "", "lint", dead); code != exitUsage {
		t.Errorf("one dead INPUT: exit %d", code)
	}
}

// init's starter card, in every language, names what to replace when
// published: its example.com URLs and its placeholder provider name.
func TestStarterCardPlaceholders(t *testing.T) {
	for _, l := range i18n.Langs() {
		dir := writeTree(t, nil)
		if _, errOut, code := runCLI(t, "", "init", "--lang", string(l), dir); code != exitOK {
			t.Fatalf("init --lang %s: %s", l, errOut)
		}
		out, _, _ := runCLI(t, "", "lint", "--format", "json", ".well-known/agent-card.json")
		var doc struct {
			Results []struct {
				Diagnostics []struct{ Code, MessageID string }
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		ids := map[string]int{}
		for _, d := range doc.Results[0].Diagnostics {
			ids[d.MessageID]++
		}
		if ids["msg.example-placeholder"] != 2 || ids["msg.example-placeholder.organization"] != 1 {
			t.Errorf("%s starter card: %v", l, ids)
		}
	}
}

// --print-config shows example-placeholder off under the local profile,
// which drops its findings, and at its default when publishing.
func TestPrintConfigExamplePlaceholder(t *testing.T) {
	writeTree(t, map[string]string{"agent-card.json": "{}"})
	level := func(args ...string) (string, string) {
		out, errOut, _ := runCLI(t, "", append([]string{"lint", "--print-config", "agent-card.json", "--format", "json"}, args...)...)
		var doc struct {
			Rules []struct{ Code, Level, From string }
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%v\n%s%s", err, out, errOut)
		}
		for _, r := range doc.Rules {
			if r.Code == "example-placeholder" {
				return r.Level, r.From
			}
		}
		return "", ""
	}
	if l, from := level("--profile", "local"); l != "off" || from != "profile" {
		t.Errorf("local: %s from %s", l, from)
	}
	if l, from := level(); l != "warning" || from != "default" {
		t.Errorf("publish: %s from %s", l, from)
	}
}
