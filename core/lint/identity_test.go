package lint

import (
	"testing"
	"unicode"

	"github.com/agentcard/agentcard/core/i18n"

	"github.com/agentcard/agentcard/core/jsonpos"
)

func TestNameGeneric(t *testing.T) {
	var cases []findingCase
	for _, name := range []string{"Agent", "Helper", "AI Assistant", "ai-assistant", "My Agent", "A2A Agent", "Test Agent", "Chatbot", "demo", "智能助手", "AI 助手", "エージェント", "X"} {
		cases = append(cases, findingCase{name: "generic " + name, card: `"name": ` + jsonpos.Quote(name), code: codeNameGeneric, want: 1, pointer: "/name", args: []any{jsonpos.Quote(name)}, fix: "-"})
	}
	for _, name := range []string{"Invoice Extractor", "Travel Agent", "Fleet Maintenance Planner", "文档检索代理", "译", "Northwind Support Assistant"} {
		cases = append(cases, findingCase{name: "specific " + name, card: `"name": ` + jsonpos.Quote(name), code: codeNameGeneric, want: 0})
	}
	cases = append(cases, findingCase{name: "empty name is structure's", card: `"name": ""`, code: codeNameGeneric, want: 0})
	checkFindingCases(t, cases)
}

func TestDescriptionVague(t *testing.T) {
	var cases []findingCase
	for _, d := range []string{
		"An AI assistant.", "AI assistant", "A helpful agent", "helpful agent", "An intelligent assistant that can help you with anything.",
		"A general-purpose AI agent for all kinds of tasks", "智能助手", "一个智能助手。", "Helper",
	} {
		cases = append(cases, findingCase{name: "generic " + d, card: `"description": ` + jsonpos.Quote(d), code: codeDescriptionVague, want: 1, id: "msg.description-vague", args: []any{jsonpos.Quote(d)}, pointer: "/description"})
	}
	for _, d := range []string{"Translates.", "Does PDFs", "翻译文档"} {
		cases = append(cases, findingCase{name: "short " + d, card: `"description": ` + jsonpos.Quote(d), code: codeDescriptionVague, want: 1, id: "msg.description-vague.short"})
	}
	for _, d := range []string{
		"Reads supplier invoices (PDF or image) and returns the totals, due date and line items as JSON.",
		"An agent that books train tickets across Europe.",
		"根据企业知识库检索文档并返回结构化摘要。", // the seed card: 19 characters, but CJK
		"Rescales recipes to a target number of servings and converts units.",
		"Converts currencies.xx", // 22 characters: just long enough
	} {
		cases = append(cases, findingCase{name: "specific " + d, card: `"description": ` + jsonpos.Quote(d), code: codeDescriptionVague, want: 0})
	}
	cases = append(cases,
		findingCase{name: "repeats the name", card: `"name": "Invoice Extractor", "description": "Invoice extractor"`, code: codeDescriptionVague, want: 1, id: "msg.description-vague.repeats-name"},
		findingCase{name: "empty is structure's", card: `"description": " "`, code: codeDescriptionVague, want: 0},
	)
	checkFindingCases(t, cases)
}

func TestTextUnits(t *testing.T) {
	for in, want := range map[string]int{"abc": 3, "文本": 4, " 文a ": 3, "エージェント": 11, "😀": 1} {
		if got := textUnits(in); got != want {
			t.Errorf("textUnits(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestIdentityURLs(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "relative documentationUrl", card: `"documentationUrl": "/docs"`, code: codeIdentityURLInvalid, want: 1, pointer: "/documentationUrl", id: "msg.identity-url-invalid", args: []any{"documentationUrl", `"/docs"`}, fix: "-"},
		{name: "iconUrl without scheme", card: `"iconUrl": "cdn.example.com/icon.png"`, code: codeIdentityURLInvalid, want: 1, id: "msg.identity-url-invalid.no-scheme", fix: `"https://cdn.example.com/icon.png"`},
		{name: "provider url placeholder", card: `"provider": {"organization": "Acme", "url": "https://{DOMAIN}"}`, code: codeIdentityURLInvalid, want: 1, pointer: "/provider/url", id: "msg.identity-url-invalid.placeholder", args: []any{"provider.url", `"{DOMAIN}"`}},
		{name: "data icon", card: `"iconUrl": "data:image/png;base64,iVBORw0KGgo="`, code: codeIdentityURLInvalid, want: 1, id: "msg.identity-url-invalid.data-uri", args: []any{"iconUrl"}},
		{name: "ftp docs", card: `"documentationUrl": "ftp://files.example.com/docs"`, code: codeIdentityURLInvalid, want: 1, id: "msg.identity-url-invalid.scheme", args: []any{"ftp"}},
		{name: "empty optional url", card: `"documentationUrl": ""`, code: codeIdentityURLInvalid, want: 1, id: "msg.identity-url-invalid.empty", fix: "<delete>"},
		{name: "empty provider url is structure's", card: `"provider": {"organization": "Acme", "url": ""}`, code: codeIdentityURLInvalid, want: 0},
		{name: "https fine", card: `"documentationUrl": "https://docs.example.com/a", "iconUrl": "https://example.com/i.png", "provider": {"organization": "Acme", "url": "https://acme.example.com"}`,
			code: codeIdentityURLInvalid, want: 0},

		{name: "http icon", card: `"iconUrl": "http://example.com/i.png"`, code: codeIdentityURLNotHTTPS, want: 1, pointer: "/iconUrl", id: "msg.identity-url-not-https", args: []any{"iconUrl", `"http://example.com/i.png"`}},
		{name: "http provider", card: `"provider": {"organization": "Acme", "url": "http://acme.example.com"}`, code: codeIdentityURLNotHTTPS, want: 1, pointer: "/provider/url"},
		{name: "http internal has its own finding", card: `"documentationUrl": "http://192.168.1.20/docs"`, code: codeIdentityURLNotHTTPS, want: 0},

		{name: "private docs", card: `"documentationUrl": "http://192.168.1.20/docs"`, code: codeIdentityURLInternal, want: 1, args: []any{i18n.T("phrase.addr.private", "192.168.1.20")}},
		{name: "localhost icon", card: `"iconUrl": "https://localhost/icon.png"`, code: codeIdentityURLInternal, want: 1},
		{name: "tunnel provider", card: `"provider": {"organization": "Acme", "url": "https://acme.ngrok.app"}`, code: codeIdentityURLInternal, want: 1, args: []any{i18n.T("phrase.host.tunnel", `"acme.ngrok.app"`, "ngrok.app")}},
		{name: "public", card: `"documentationUrl": "https://docs.example.com/a"`, code: codeIdentityURLInternal, want: 0},
	})
}

// TestTextUnitsBelowHangul: no rune below U+1100 is of a script textUnits
// counts twice, which its fast path relies on.
func TestTextUnitsBelowHangul(t *testing.T) {
	for r := rune(0); r < 0x1100; r++ {
		if unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) {
			t.Fatalf("U+%04X is counted twice", r)
		}
	}
}

// Names reserved for documentation (RFC 2606 §2, §3; RFC 6761 §6.3) in
// any URL of the card, and init's starter provider name.
func TestExamplePlaceholder(t *testing.T) {
	realIface := si(ie("https://a2a.northwind.dev/a2a", "JSONRPC", "1.0")) + ", "
	checkFindingCases(t, []findingCase{
		{name: "interface on example.com", card: si(ie("https://agent.example.com/a2a", "JSONRPC", "1.0")), code: codeExamplePlaceholder, want: 1, sev: Warning,
			id: "msg.example-placeholder", args: []any{"supportedInterfaces[0].url", `"agent.example.com"`}, pointer: "/supportedInterfaces/0/url"},
		{name: "one finding per host", card: si(ie("https://agent.example.com/a2a", "JSONRPC", "1.0"), ie("https://agent.example.com/rest", "HTTP+JSON", "1.0")), code: codeExamplePlaceholder, want: 1,
			id: "msg.example-placeholder.more", args: []any{"supportedInterfaces[0].url", `"agent.example.com"`, 1}},
		{name: "example.net itself", card: si(ie("https://example.net/a2a", "JSONRPC", "1.0")), code: codeExamplePlaceholder, want: 1},
		{name: "gRPC host:port on example.org", card: si(ie("https://a2a.northwind.dev/a2a", "JSONRPC", "1.0"), ie("grpc.example.org:443", "GRPC", "1.0")), code: codeExamplePlaceholder, want: 1, pointer: "/supportedInterfaces/1/url"},
		{name: ".test TLD, reported once", card: si(ie("https://agent.test/a2a", "JSONRPC", "1.0")), code: codeExamplePlaceholder, want: 1, args: []any{`"agent.test"`}},
		{name: ".invalid provider", card: realIface + `"provider": {"organization": "Northwind", "url": "https://northwind.invalid"}`, code: codeExamplePlaceholder, want: 1, pointer: "/provider/url"},
		{name: ".example documentation", card: realIface + `"documentationUrl": "https://docs.example"`, code: codeExamplePlaceholder, want: 1},
		{name: ".localhost subdomain", card: realIface + `"iconUrl": "http://icons.localhost/i.png"`, code: codeExamplePlaceholder, want: 1},
		{name: "oauth token URL", card: realIface + `"securitySchemes": {"o": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://id.example.com/token", "scopes": {}}}}}}`, code: codeExamplePlaceholder, want: 1,
			args: []any{"securitySchemes.o.oauth2SecurityScheme.flows.clientCredentials.tokenUrl"}},
		{name: "extension uri", card: realIface + `"capabilities": {"extensions": [{"uri": "https://example.com/ext/v1"}]}`, code: codeExamplePlaceholder, want: 1},
		{name: "starter organization is an info", card: realIface + `"provider": {"organization": "Your Company", "url": "https://northwind.dev"}`, code: codeExamplePlaceholder, want: 1, sev: Info,
			id: "msg.example-placeholder.organization", pointer: "/provider/organization"},
		{name: "look-alike hosts are real", card: si(ie("https://myexample.com/a2a", "JSONRPC", "1.0"), ie("https://example.com.northwind.dev/a2a", "HTTP+JSON", "1.0")), code: codeExamplePlaceholder, want: 0},
		{name: "bare localhost is the internal rule's", card: si(ie("http://localhost:9999/a2a", "JSONRPC", "1.0")), code: codeExamplePlaceholder, want: 0},
		{name: "free text is not a URL", card: realIface + `"description": "Try it at https://agent.example.com before you deploy your own copy of it."`, code: codeExamplePlaceholder, want: 0},
	})
}

// One finding per host: a .test interface is not also internal.
func TestExamplePlaceholderNotAlsoInternal(t *testing.T) {
	res := Lint([]byte(ExampleDocument(si(ie("https://agent.test/a2a", "JSONRPC", "1.0")))), Options{})
	if n := len(withCode(res, codeIfaceURLInternal)); n != 0 {
		t.Errorf("interface-url-internal reported %d times beside example-placeholder", n)
	}
}

// Options.Examples keeps documentation and fixtures quiet.
func TestExamplePlaceholderSilentForExamples(t *testing.T) {
	src := ExampleDocument(si(ie("https://agent.example.com/a2a", "JSONRPC", "1.0")))
	if n := len(withCode(Lint([]byte(src), Options{Examples: true}), codeExamplePlaceholder)); n != 0 {
		t.Errorf("%d findings with Options.Examples", n)
	}
}
