package lint

import (
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// si builds a supportedInterfaces member from entry objects.
func si(entries ...string) string {
	return `"supportedInterfaces": [` + strings.Join(entries, ", ") + `]`
}

// ie builds one interface entry; an empty value leaves the member out.
func ie(url, binding, version string, extra ...string) string {
	var m []string
	if url != "" {
		m = append(m, `"url": `+jsonpos.Quote(url))
	}
	if binding != "" {
		m = append(m, `"protocolBinding": `+jsonpos.Quote(binding))
	}
	if version != "" {
		m = append(m, `"protocolVersion": `+jsonpos.Quote(version))
	}
	m = append(m, extra...)
	return "{" + strings.Join(m, ", ") + "}"
}

const (
	pubJSONRPC = "https://agent.example.com/a2a/v1"
	pubREST    = "https://agent.example.com/a2a/rest"
)

var (
	okEntry   = ie(pubJSONRPC, "JSONRPC", "1.0")
	restEntry = ie(pubREST, "HTTP+JSON", "1.0")
)

const legacyBase = `"protocolVersion": "0.3.0", "url": `

func TestInterfaceURLNotAbsolute(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "placeholder BASE_URL", card: si(ie("{BASE_URL}/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1,
			id: "msg.interface-url-not-absolute.placeholder", args: []any{"supportedInterfaces[0].url", `"{BASE_URL}/a2a"`, `"{BASE_URL}"`}, pointer: "/supportedInterfaces/0/url"},
		{name: "shell placeholder", card: si(okEntry, ie("https://${HOST}/a2a/rest", "HTTP+JSON", "1.0")), code: codeIfaceURLNotAbsolute, want: 1,
			id: "msg.interface-url-not-absolute.placeholder", args: []any{`"${HOST}"`}, pointer: "/supportedInterfaces/1/url"},
		{name: "angle placeholder", card: si(ie("<your-url>", "JSONRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, args: []any{`"<your-url>"`}},
		{name: "relative path", card: si(ie("/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, id: "msg.interface-url-not-absolute.relative", args: []any{"/a2a"}, fix: "-"},
		{name: "host without scheme gets https", card: si(ie("agent.example.com/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1,
			id: "msg.interface-url-not-absolute.no-scheme", fix: `"https://agent.example.com/a2a"`},
		{name: "host:port for JSONRPC", card: si(ie("agent.example.com:8443", "JSONRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, id: "msg.interface-url-not-absolute.host-port", args: []any{"JSONRPC"}},
		{name: "ws scheme for HTTP+JSON", card: si(ie("ws://agent.example.com/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, id: "msg.interface-url-not-absolute.scheme", args: []any{"ws", "HTTP+JSON"}},
		{name: "grpc host:port is fine", card: si(okEntry, ie("agent.example.com:443", "GRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 0},
		{name: "grpc bare host is fine", card: si(okEntry, ie("grpc.agent.example.com", "GRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 0},
		{name: "grpc https url is fine", card: si(okEntry, ie("https://agent.example.com/a2a/grpc", "GRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 0},
		{name: "grpc placeholder still wrong", card: si(okEntry, ie("{GRPC_HOST}:443", "GRPC", "1.0")), code: codeIfaceURLNotAbsolute, want: 1},
		{name: "custom binding with wss", card: si(okEntry, ie("wss://agent.example.com/ws", "https://example.com/bindings/ws", "1.0")), code: codeIfaceURLNotAbsolute, want: 0},
		// §12.7: custom bindings MUST give the full URL of their endpoint.
		{name: "custom binding host:port", card: si(okEntry, ie("ws.example.com:8443", "https://example.com/bindings/ws", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, id: "msg.interface-url-not-absolute.custom-host-port", pointer: "/supportedInterfaces/1/url"},
		{name: "custom binding without scheme", card: si(okEntry, ie("ws.example.com/a2a", "https://example.com/bindings/ws", "1.0")), code: codeIfaceURLNotAbsolute, want: 1, id: "msg.interface-url-not-absolute.custom-no-scheme"},
		{name: "legacy url relative", card: legacyBase + `"/a2a"`, code: codeIfaceURLNotAbsolute, want: 1, pointer: "/url", args: []any{"url"}},
		{name: "legacy additional interface placeholder", card: legacyBase + `"https://agent.example.com/a2a", "additionalInterfaces": [{"url": "{REST_URL}", "transport": "HTTP+JSON"}]`,
			code: codeIfaceURLNotAbsolute, want: 1, pointer: "/additionalInterfaces/0/url", args: []any{"additionalInterfaces[0].url"}},
		{name: "empty url is structure's", card: si(ie("", "JSONRPC", "1.0", `"url": ""`)), code: codeIfaceURLNotAbsolute, want: 0},
		{name: "non-string url is structure's", card: si(`{"url": 42, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`), code: codeIfaceURLNotAbsolute, want: 0},
	})
}

func TestInterfaceURLNotHTTPS(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "http public", card: si(ie("http://agent.example.com/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 1, sev: Error, id: "msg.interface-url-not-https"},
		{name: "http private also reported", card: si(okEntry, ie("http://10.0.3.7:8080/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLNotHTTPS, want: 1},
		{name: "http loopback not reported", card: si(ie("http://localhost:8000/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 0},
		{name: "http 127.0.0.1 not reported", card: si(ie("http://127.0.0.1:8000/a2a", "JSONRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 0},
		// §7.1: production gRPC must use TLS; an http:// URL declares it without.
		{name: "grpc plaintext is reported", card: si(okEntry, ie("http://agent.example.com:50051", "GRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 1, sev: Error, id: "msg.interface-url-not-https.grpc", pointer: "/supportedInterfaces/1/url"},
		{name: "grpc https fine", card: si(okEntry, ie("https://grpc.agent.example.com", "GRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 0},
		{name: "grpc host:port says nothing about TLS", card: si(okEntry, ie("grpc.agent.example.com:443", "GRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 0},
		{name: "grpc plaintext on loopback not reported", card: si(okEntry, ie("http://localhost:50051", "GRPC", "1.0")), code: codeIfaceURLNotHTTPS, want: 0},
		{name: "https fine", card: si(okEntry, restEntry), code: codeIfaceURLNotHTTPS, want: 0},
		{name: "legacy url http", card: legacyBase + `"http://agent.example.com/a2a"`, code: codeIfaceURLNotHTTPS, want: 1, pointer: "/url"},
	})
}

func TestInterfaceURLInternal(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "localhost first entry is a warning too", card: si(ie("http://localhost:8000/a2a", "JSONRPC", "1.0")), code: codeIfaceURLInternal, want: 1, sev: Warning,
			id: "msg.interface-url-internal.first", args: []any{i18n.T("phrase.host.localhost", `"localhost"`), i18n.Phrase("phrase.reach.network")}},
		{name: "private second entry is a warning", card: si(okEntry, ie("http://10.0.3.7:8080/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, sev: Warning,
			id: "msg.interface-url-internal", args: []any{i18n.T("phrase.addr.private", "10.0.3.7")}},
		{name: "link-local", card: si(okEntry, ie("http://169.254.1.1/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, args: []any{i18n.T("phrase.addr.link-local", "169.254.1.1")}},
		{name: "ipv6 ula", card: si(okEntry, ie("https://[fd00::5]/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1},
		{name: "dot local", card: si(okEntry, ie("https://agent.local/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, args: []any{i18n.T("phrase.host.local-name", `"agent.local"`, ".local")}},
		{name: "dot internal", card: si(okEntry, ie("https://agent.corp.internal/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, args: []any{i18n.T("phrase.host.local-name", `"agent.corp.internal"`, ".internal")}},
		{name: "container name", card: si(okEntry, ie("http://agent-backend:8080/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, args: []any{i18n.T("phrase.host.single-label", `"agent-backend"`)}},
		{name: "ngrok tunnel first", card: si(ie("https://ab12-34.ngrok-free.app/a2a", "JSONRPC", "1.0")), code: codeIfaceURLInternal, want: 1, sev: Warning, id: "msg.interface-url-internal.first", args: []any{i18n.Phrase("phrase.reach.tunnel")}},
		{name: "trycloudflare tunnel", card: si(okEntry, ie("https://calm-sea.trycloudflare.com/a2a", "HTTP+JSON", "1.0")), code: codeIfaceURLInternal, want: 1, args: []any{i18n.T("phrase.host.tunnel", `"calm-sea.trycloudflare.com"`, "trycloudflare.com")}},
		{name: "grpc host:port on localhost", card: si(okEntry, ie("localhost:50051", "GRPC", "1.0")), code: codeIfaceURLInternal, want: 1},
		{name: "public hosts fine", card: si(okEntry, ie("agent.example.com:443", "GRPC", "1.0"), restEntry), code: codeIfaceURLInternal, want: 0},
		{name: "legacy url on localhost", card: legacyBase + `"http://localhost:9999/"`, code: codeIfaceURLInternal, want: 1, sev: Warning, pointer: "/url"},
	})
}

func TestInterfaceBindingVariant(t *testing.T) {
	var cases []findingCase
	for in, want := range map[string]string{
		"jsonrpc": "JSONRPC", "json-rpc": "JSONRPC", "JSON-RPC": "JSONRPC", "jsonrpc2": "JSONRPC", "JSON-RPC 2.0": "JSONRPC", "JsonRpc": "JSONRPC",
		"http+json": "HTTP+JSON", "HTTP_JSON": "HTTP+JSON", "REST": "HTTP+JSON", "rest": "HTTP+JSON", "HTTP": "HTTP+JSON", "http/json": "HTTP+JSON",
		"grpc": "GRPC", "gRPC": "GRPC",
	} {
		cases = append(cases, findingCase{name: in, card: si(ie(pubJSONRPC, in, "1.0")), code: codeIfaceBindingVariant, want: 1,
			id: "msg.interface-binding-variant", args: []any{jsonpos.Quote(in), jsonpos.Quote(want)}, fix: jsonpos.Quote(want), pointer: "/supportedInterfaces/0/protocolBinding"})
	}
	cases = append(cases,
		findingCase{name: "core values are fine", card: si(okEntry, ie("agent.example.com:443", "GRPC", "1.0"), restEntry), code: codeIfaceBindingVariant, want: 0},
		findingCase{name: "legacy preferredTransport", card: legacyBase + `"https://agent.example.com/a2a", "preferredTransport": "json-rpc"`, code: codeIfaceBindingVariant, want: 1,
			pointer: "/preferredTransport", args: []any{"preferredTransport"}, fix: `"JSONRPC"`},
		findingCase{name: "legacy additional transport", card: legacyBase + `"https://agent.example.com/a2a", "additionalInterfaces": [{"url": "https://agent.example.com/rest", "transport": "rest"}]`,
			code: codeIfaceBindingVariant, want: 1, pointer: "/additionalInterfaces/0/transport", fix: `"HTTP+JSON"`},
		findingCase{name: "transport key inside supportedInterfaces is structure's", card: si(`{"url": "https://agent.example.com/a2a", "transport": "jsonrpc", "protocolVersion": "1.0"}`),
			code: codeIfaceBindingVariant, want: 0},
	)
	checkFindingCases(t, cases)
}

func TestInterfaceBindingUnknown(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "MCP", card: si(okEntry, ie("https://agent.example.com/mcp", "MCP", "1.0")), code: codeIfaceBindingUnknown, want: 1, id: "msg.interface-binding-unknown", args: []any{`"MCP"`}, pointer: "/supportedInterfaces/1/protocolBinding"},
		{name: "websocket", card: si(okEntry, ie("wss://agent.example.com/ws", "websocket", "1.0")), code: codeIfaceBindingUnknown, want: 1},
		{name: "URI binding is a valid custom binding", card: si(okEntry, ie("wss://agent.example.com/ws", "https://example.com/a2a/bindings/ws/v1", "1.0")), code: codeIfaceBindingUnknown, want: 0},
		{name: "URN binding", card: si(okEntry, ie("wss://agent.example.com/ws", "urn:example:a2a:ws", "1.0")), code: codeIfaceBindingUnknown, want: 0},
		{name: "variants are not unknown", card: si(ie(pubJSONRPC, "REST", "1.0")), code: codeIfaceBindingUnknown, want: 0},
		{name: "empty preferredTransport", card: legacyBase + `"https://agent.example.com/a2a", "preferredTransport": ""`, code: codeIfaceBindingUnknown, want: 1, id: "msg.interface-binding-unknown.empty"},
		{name: "empty protocolBinding is structure's", card: si(ie(pubJSONRPC, "", "1.0", `"protocolBinding": ""`)), code: codeIfaceBindingUnknown, want: 0},
	})
}

func TestInterfaceVersion(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "patch 1.0.0", card: si(ie(pubJSONRPC, "JSONRPC", "1.0.0")), code: codeIfaceVersionPatch, want: 1, id: "msg.interface-version-patch", args: []any{`"1.0.0"`, `"1.0"`}, fix: `"1.0"`, pointer: "/supportedInterfaces/0/protocolVersion"},
		{name: "patch 0.3.0", card: si(okEntry, ie("https://agent.example.com/a2a", "JSONRPC", "0.3.0")), code: codeIfaceVersionPatch, want: 1, fix: `"0.3"`},
		{name: "major.minor fine", card: si(okEntry, ie("https://agent.example.com/a2a", "JSONRPC", "0.3")), code: codeIfaceVersionPatch, want: 0},
		{name: "latest", card: si(ie(pubJSONRPC, "JSONRPC", "latest")), code: codeIfaceVersionInvalid, want: 1, id: "msg.interface-version-invalid", args: []any{`"latest"`}, fix: "-"},
		{name: "v1", card: si(ie(pubJSONRPC, "JSONRPC", "v1")), code: codeIfaceVersionInvalid, want: 1, sev: Warning, id: "msg.interface-version-invalid.major", fix: `"1.0"`},
		{name: "1", card: si(ie(pubJSONRPC, "JSONRPC", "1")), code: codeIfaceVersionInvalid, want: 1, sev: Warning, id: "msg.interface-version-invalid.major", fix: `"1.0"`},
		{name: "stable", card: si(ie(pubJSONRPC, "JSONRPC", "stable")), code: codeIfaceVersionInvalid, want: 1, sev: Error, id: "msg.interface-version-invalid"},
		{name: "v1.0.0", card: si(ie(pubJSONRPC, "JSONRPC", "v1.0.0")), code: codeIfaceVersionInvalid, want: 1, fix: `"1.0"`},
		{name: "patch is not invalid", card: si(ie(pubJSONRPC, "JSONRPC", "1.0.0")), code: codeIfaceVersionInvalid, want: 0},
		{name: "empty is structure's", card: si(ie(pubJSONRPC, "JSONRPC", "", `"protocolVersion": ""`)), code: codeIfaceVersionInvalid, want: 0},
		{name: "legacy protocolVersion not a version", card: `"protocolVersion": "latest", "url": "https://agent.example.com/a2a"`, code: codeIfaceVersionInvalid, want: 1, id: "msg.interface-version-invalid.legacy", pointer: "/protocolVersion"},
		{name: "legacy 0.3.0 fine", card: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a"`, code: codeIfaceVersionInvalid, want: 0},
		{name: "legacy 0.3.0 is no patch finding", card: `"protocolVersion": "0.3.0", "url": "https://agent.example.com/a2a"`, code: codeIfaceVersionPatch, want: 0},
		{name: "0.2 is unknown to clients", card: si(okEntry, ie("https://agent.example.com/a2a/old", "JSONRPC", "0.2")), code: codeIfaceVersionUnknown, want: 1, id: "msg.interface-version-unknown", args: []any{"0.2"}},
		{name: "2.0", card: si(ie(pubJSONRPC, "JSONRPC", "2.0")), code: codeIfaceVersionUnknown, want: 1},
		{name: "1.0 and 0.3 known", card: si(okEntry, ie("https://agent.example.com/a2a", "JSONRPC", "0.3")), code: codeIfaceVersionUnknown, want: 0},
	})
}

func TestInterfaceList(t *testing.T) {
	checkFindingCases(t, []findingCase{
		{name: "exact duplicate", card: si(okEntry, restEntry, okEntry), code: codeIfaceDuplicate, want: 1, pointer: "/supportedInterfaces/2", id: "msg.interface-duplicate", args: []any{"supportedInterfaces[2]", "supportedInterfaces[0]"}, fix: "<delete>"},
		{name: "same url other version is fine", card: si(okEntry, ie(pubJSONRPC, "JSONRPC", "0.3")), code: codeIfaceDuplicate, want: 0},
		{name: "trailing slash still duplicate", card: si(okEntry, ie(pubJSONRPC+"/", "JSONRPC", "1.0")), code: codeIfaceDuplicate, want: 1},
		{name: "legacy repeats are customary", card: legacyBase + `"https://agent.example.com/a2a", "additionalInterfaces": [{"url": "https://agent.example.com/a2a", "transport": "JSONRPC"}]`,
			code: codeIfaceDuplicate, want: 0},
		// 1.0 §8.3.1 lets one URL serve several bindings: no finding on 1.0 entries.
		{name: "1.0 grpc and jsonrpc share a url", card: si(okEntry, ie(pubJSONRPC, "GRPC", "1.0")), code: codeIfaceURLConflict, want: 0},
		{name: "1.0 jsonrpc and http+json share a url", card: si(okEntry, ie(pubJSONRPC, "HTTP+JSON", "1.0")), code: codeIfaceURLConflict, want: 0},
		{name: "0.3 grpc and jsonrpc share a url", card: legacyBase + `"https://agent.example.com/a2a", "additionalInterfaces": [{"url": "https://agent.example.com/a2a", "transport": "GRPC"}]`,
			code: codeIfaceURLConflict, want: 1, sev: Warning, pointer: "/additionalInterfaces/0/url", id: "msg.interface-url-binding-conflict", args: []any{"GRPC", "JSONRPC", "url"}},
		{name: "distinct urls fine", card: si(okEntry, ie("agent.example.com:443", "GRPC", "1.0")), code: codeIfaceURLConflict, want: 0},
		{name: "only custom bindings", card: si(ie("wss://agent.example.com/ws", "https://example.com/bindings/ws", "1.0"), ie("https://agent.example.com/mcp", "MCP", "1.0")),
			code: codeIfaceNoCoreBinding, want: 1, id: "msg.interface-no-core-binding", pointer: "/supportedInterfaces"},
		{name: "a variant counts (it has its own error)", card: si(ie(pubJSONRPC, "jsonrpc", "1.0")), code: codeIfaceNoCoreBinding, want: 0},
		{name: "one core binding is enough", card: si(ie("wss://agent.example.com/ws", "https://example.com/bindings/ws", "1.0"), okEntry), code: codeIfaceNoCoreBinding, want: 0},
		{name: "legacy default JSONRPC", card: legacyBase + `"https://agent.example.com/a2a"`, code: codeIfaceNoCoreBinding, want: 0},
		{name: "legacy websocket only", card: legacyBase + `"wss://agent.example.com/ws", "preferredTransport": "WEBSOCKET"`, code: codeIfaceNoCoreBinding, want: 1, id: "msg.interface-no-core-binding.legacy", pointer: "/preferredTransport"},
	})
}

func TestInterfaceTenant(t *testing.T) {
	fleet := `"tenant": "fleet-eu"`
	checkFindingCases(t, []findingCase{
		{name: "tenant named", card: si(ie(pubJSONRPC, "JSONRPC", "1.0", fleet)), code: codeIfaceTenant, want: 1,
			id: "msg.interface-tenant", args: []any{"supportedInterfaces[0]", `"fleet-eu"`}, pointer: "/supportedInterfaces/0/tenant"},
		// one fact, one finding: three interfaces sharing a tenant used to
		// give three identical infos
		{name: "shared tenant reported once", card: si(ie(pubJSONRPC, "JSONRPC", "1.0", fleet), ie("agent.example.com:443", "GRPC", "1.0", fleet), ie(pubREST, "HTTP+JSON", "1.0", fleet)),
			code: codeIfaceTenant, want: 1, id: "msg.interface-tenant.shared", args: []any{"supportedInterfaces[0], supportedInterfaces[1], supportedInterfaces[2]", `"fleet-eu"`}, pointer: "/supportedInterfaces/0/tenant"},
		{name: "different tenants reported once", card: si(ie(pubJSONRPC, "JSONRPC", "1.0", fleet), ie(pubREST, "HTTP+JSON", "1.0", `"tenant": "fleet-us"`)),
			code: codeIfaceTenant, want: 1, id: "msg.interface-tenant.several", args: []any{`"fleet-eu", "fleet-us"`}, pointer: "/supportedInterfaces/0/tenant"},
		{name: "no tenant", card: si(okEntry), code: codeIfaceTenant, want: 0},
		// "" is the proto3 default: no tenant, which the client sends as none
		{name: "empty tenant is no tenant", card: si(ie(pubJSONRPC, "JSONRPC", "1.0", `"tenant": ""`)), code: codeIfaceTenant, want: 0},
		{name: "empty tenant is not a warning either", card: si(ie(pubJSONRPC, "JSONRPC", "1.0", `"tenant": ""`)), code: "interface-tenant-empty", want: 0},
	})
}

func TestClassifyBinding(t *testing.T) {
	for in, want := range map[string]bindingKind{
		"JSONRPC": bindingCore, "GRPC": bindingCore, "HTTP+JSON": bindingCore,
		"jsonrpc": bindingVariant, "Http+Json": bindingVariant, "REST": bindingVariant, "grpc": bindingVariant,
		"https://example.com/bindings/x": bindingURI, "urn:example:x": bindingURI,
		"MCP": bindingUnknown, "websocket": bindingUnknown, "grpc-web": bindingUnknown,
		"": bindingEmpty, "  ": bindingEmpty,
	} {
		if got, _ := classifyBinding(in); got != want {
			t.Errorf("classifyBinding(%q) = %d, want %d", in, got, want)
		}
	}
}
