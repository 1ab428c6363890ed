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
