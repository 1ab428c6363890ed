package lint

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Legacy and mixed cards. Legacy members inside a 1.0 card are structure
// findings (legacy-field); these rules look at whole cards: a 0.2/0.3 card
// that 1.0 clients cannot read, and a mixed card whose two halves disagree.
const (
	codeLegacyCard           = "legacy-card"
	codeMixedCard            = "mixed-card"
	codeMixedUndeclared      = "mixed-legacy-endpoint-undeclared"
	codeMixedBindingMismatch = "mixed-legacy-binding-mismatch"
	codeMixedVersionMismatch = "mixed-legacy-version-mismatch"
	codeMixedNoVersion       = "mixed-legacy-version-missing"
	codeNoPreferredTransport = "legacy-preferred-transport-missing"
	codeMixedSecurity        = "mixed-security-requirements-missing"
)

const (
	mixedV10Entry = `"supportedInterfaces": [{"url": "https://invoices.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`
	mixedV03Entry = `{"url": "https://invoices.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}`
)

func legacyRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeLegacyCard, Severity: Warning, Topic: "legacy", Title: "Legacy card: 1.0-only clients cannot read it",
			Explanation: "The card uses the 0.2/0.3 layout (url, preferredTransport, additionalInterfaces) and has no supportedInterfaces. It is valid for its version, but §8.3.2 has 1.0 clients parse supportedInterfaces: a2a-go and a2a-js, with their default settings, read only that list and find no interface in this card, while a2a-python builds one from url (read from its source). A mixed card, which carries both layouts, serves both. A card whose protocolVersion says 1.0 but which has only this layout is an error: supportedInterfaces is REQUIRED in 1.0 (§4.4.1, §5.7).",
			HowToFix:    "Add supportedInterfaces next to the legacy fields: url + preferredTransport become the first entry with protocolVersion \"0.3\", each additionalInterfaces entry follows with transport renamed to protocolBinding. Keep the legacy fields while 0.3 callers matter, and list 1.0 endpoints first once the server speaks 1.0.",
			Basis:       Basis{Kind: BasisSDK, Note: "a2a-go's default card parser reads only supportedInterfaces, so a 0.2/0.3 card yields no interface and client creation fails. A card that declares protocolVersion 1.0 in this layout also breaks 1.0's MUST (§4.4.1, §5.7: supportedInterfaces is REQUIRED), an error."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "5.7", Title: "Field Presence and Optionality", URL: "https://a2a-protocol.org/v1.0.0/specification/#57-field-presence-and-optionality"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6", Title: "Transport Declaration and URL Relationships", URL: "https://a2a-protocol.org/v0.3.0/specification/#56-transport-declaration-and-url-relationships"},
				{Doc: "a2a-go", Version: "v2.4.0", Section: "a2aclient/factory.go", Title: "", URL: "https://github.com/a2aproject/a2a-go/blob/v2.4.0/a2aclient/factory.go"},
			},
			Messages: []diag.Message{
				{ID: "msg.legacy-card", Text: "this is an A2A %s card without supportedInterfaces: clients that read only 1.0 cards find no interface and cannot connect. Migrate by adding supportedInterfaces next to the legacy fields (which 0.3 clients keep reading): url + preferredTransport become entry 0 with protocolVersion %s%s"},
				{ID: "msg.legacy-card.declares-1", Text: "protocolVersion %s declares A2A 1.0, but the card has no supportedInterfaces, which a 1.0 card must have (§4.4.1, §5.7): clients that read 1.0 cards, such as a2a-go and a2a-js, find no interface and cannot connect. Add supportedInterfaces: url + preferredTransport become entry 0 with protocolVersion \"1.0\"%s. If the server speaks 0.3, declare \"0.3.0\" instead"},
			},
			Bad:  `"url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`,
			Good: `"supportedInterfaces": [` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`}, Check: checkLegacyCard},
		&Rule{Rule: diag.Rule{Code: codeNoPreferredTransport, Severity: Error, Topic: "legacy", Title: "0.2/0.3 card without preferredTransport",
			Explanation: "The card has a url but does not say which binding it speaks. The sources disagree on what that means: the 0.3 JSON Schema gives preferredTransport a default of JSONRPC, but the 0.3 specification text makes it REQUIRED in every card (§5.6.1, §5.6.4). a2a-python assumes JSONRPC (read from its source). An error on 0.3 cards (the text's MUST); a warning on 0.2 cards, whose version only has the default, and on mixed cards, whose 1.0 half is read from supportedInterfaces instead.",
			HowToFix:    "Write the binding spoken at url: \"preferredTransport\": \"JSONRPC\" (or GRPC, HTTP+JSON if that is what the endpoint speaks).",
			Basis:       Basis{Kind: BasisMust, Note: "0.3 §5.6.1 makes preferredTransport REQUIRED although the 0.3 JSON Schema gives it a JSONRPC default; a2a-python assumes JSONRPC (read from its source)."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.1", Title: "Main URL and Preferred Transport", URL: "https://a2a-protocol.org/v0.3.0/specification/#561-main-url-and-preferred-transport"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.4", Title: "Validation Requirements", URL: "https://a2a-protocol.org/v0.3.0/specification/#564-validation-requirements"},
				{Doc: "a2a-python", Version: "v1.1.0", Section: "src/a2a/client/card_resolver.py", Title: "", URL: "https://github.com/a2aproject/a2a-python/blob/v1.1.0/src/a2a/client/card_resolver.py"},
			},
			Messages: []diag.Message{
				{ID: "msg.legacy-preferred-transport-missing", Text: "url has no preferredTransport: the 0.3 JSON Schema defaults it to JSONRPC, but the 0.3 text makes it REQUIRED, and the Go SDK ignores url without it"},
				{ID: "msg.legacy-preferred-transport-missing.v02", Text: "url has no preferredTransport: 0.2 defaults it to JSONRPC, but the Go SDK ignores url without it and 0.3 requires it"},
				{ID: "msg.legacy-preferred-transport-missing.mixed", Text: "the legacy url has no preferredTransport: the 0.3 schema defaults it to JSONRPC, but the 0.3 text makes it REQUIRED, and the Go SDK ignores url without it"},
			},
			Bad:  noPreferredTransportCard,
			Good: `"url": "https://invoices.example.com/a2a", "preferredTransport": "JSONRPC"`}, Check: checkNoPreferredTransport},
		&Rule{Rule: diag.Rule{Code: codeMixedCard, Severity: Info, Topic: "legacy", Title: "Mixed 1.0 and 0.3 card",
			Explanation: "The card carries both layouts, as servers publish during the transition: §8.3.2 has 1.0 clients read supportedInterfaces, and a 0.3 client reads url and preferredTransport (0.3 §5.6). That is fine as long as both halves describe the same endpoints.",
			HowToFix:    "Nothing to do while 0.3 callers matter. Keep both halves in step when endpoints change, and drop the legacy half when they no longer matter.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.2", Title: "Client Protocol Selection", URL: "https://a2a-protocol.org/v1.0.0/specification/#832-client-protocol-selection"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.3", Title: "Client Transport Selection Rules", URL: "https://a2a-protocol.org/v0.3.0/specification/#563-client-transport-selection-rules"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-card", Text: "mixed card: 1.0 clients read supportedInterfaces (%s, %s) and ignore the legacy fields; 0.3 clients read url %s with %s"},
			},
			Bad:  mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`,
			Good: ``}, Check: checkMixedCard},
		&Rule{Rule: diag.Rule{Code: codeMixedUndeclared, Severity: Warning, Topic: "legacy", Title: "Legacy half points at an undeclared endpoint",
			Explanation: "In a mixed card a 0.3 client uses url and additionalInterfaces (0.3 §5.6) and a 1.0 client uses supportedInterfaces (1.0 §8.3.2). Here a legacy endpoint appears in no supportedInterfaces entry, so the two halves send callers to different servers: often the legacy url was forgotten when the endpoint moved. It stays a warning because an old deployment kept only for 0.3 callers is legitimate, but then it should be declared as a 0.3 entry too.",
			HowToFix:    "Point the legacy url at the endpoint that serves 0.3, and list that endpoint in supportedInterfaces with protocolVersion \"0.3\".",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.6", Title: "Transport Declaration and URL Relationships", URL: "https://a2a-protocol.org/v0.3.0/specification/#56-transport-declaration-and-url-relationships"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-legacy-endpoint-undeclared", Text: "%s %s (%s) is declared in no supportedInterfaces entry: 0.3 clients go there while 1.0 clients go to %s"},
			},
			Bad:  mixedV10Entry + `], "url": "https://old.invoices.example.com/rpc", "protocolVersion": "0.3.0"`,
			Good: mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`}, Check: checkMixedUndeclared},
		&Rule{Rule: diag.Rule{Code: codeMixedBindingMismatch, Severity: Error, Topic: "legacy", Title: "Legacy half gives an endpoint another binding",
			Explanation: "The legacy url (with its preferredTransport; this check reads a missing one as the 0.3 schema's default, JSONRPC, which the 0.3 text does not allow, see legacy-preferred-transport-missing) or an additionalInterfaces entry names an endpoint that supportedInterfaces declares with a different binding. One of the two statements is wrong, and whoever reads that half sends requests in a protocol the endpoint does not speak.",
			HowToFix:    "Make preferredTransport (or the transport of the additional interface) match the binding declared in supportedInterfaces, or correct the supportedInterfaces entry.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "0.3.0", Section: "5.6.1", Title: "Main URL and Preferred Transport", URL: "https://a2a-protocol.org/v0.3.0/specification/#561-main-url-and-preferred-transport"},
				{Doc: "A2A", Version: "1.0", Section: "8.3.1", Title: "Supported Interfaces Declaration", URL: "https://a2a-protocol.org/v1.0.0/specification/#831-supported-interfaces-declaration"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-legacy-binding-mismatch", Text: "%s %s is %s for 0.3 clients, but supportedInterfaces declares it as %s; one group of clients will speak the wrong protocol"},
			},
			Bad:  mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "preferredTransport": "HTTP+JSON", "protocolVersion": "0.3.0"`,
			Good: mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0"`}, Check: checkMixedBindingMismatch},
		&Rule{Rule: diag.Rule{Code: codeMixedVersionMismatch, Severity: Info, Topic: "legacy", Title: "Legacy endpoint declared at another version",
			Explanation: "A 0.3 client reaches the legacy url speaking the card's protocolVersion (0.3 §5.6), but supportedInterfaces declares that endpoint only at another version. A 1.0 server treats requests without an A2A-Version header as 0.3 (§3.6.2), so this can work, but the card does not say so.",
			HowToFix:    "If the endpoint serves 0.3, add a supportedInterfaces entry for it with protocolVersion \"0.3\"; otherwise point the legacy url at the endpoint that does.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "3.6.2", Title: "Server Responsibilities", URL: "https://a2a-protocol.org/v1.0.0/specification/#362-server-responsibilities"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-legacy-version-mismatch", Text: "%[1]s %[2]s is used by 0.3 clients at protocol version %[3]s, but supportedInterfaces declares it only as %[4]s; add a %[3]s entry if the endpoint also serves %[3]s"},
			},
			Bad:  mixedV10Entry + `], "url": "https://invoices.example.com/a2a/v1", "protocolVersion": "0.3.0"`,
			Good: mixedV10Entry + `, {"url": "https://invoices.example.com/a2a/v1", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}], "url": "https://invoices.example.com/a2a/v1", "protocolVersion": "0.3.0"`}, Check: checkMixedVersionMismatch},
		&Rule{Rule: diag.Rule{Code: codeMixedNoVersion, Severity: Warning, Topic: "legacy", Title: "Legacy half has no protocol version",
			Explanation: "A mixed card keeps url and preferredTransport for 0.3 callers, and the 0.3 schema also requires the card's top-level protocolVersion (0.3 §5.5) to say which protocol the url speaks. Without it the legacy half is incomplete and the 0.3 JSON Schema refuses the card.",
			HowToFix:    "Add \"protocolVersion\": \"0.3.0\" next to url, or remove the legacy half if 0.3 callers no longer matter.",
			Basis:       Basis{Kind: BasisMust},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-legacy-version-missing", Text: "the legacy url serves 0.3 clients, but the card has no top-level protocolVersion telling them which version it speaks"},
				{ID: "msg.mixed-legacy-version-missing.empty", Text: "the top-level protocolVersion is empty; 0.3 clients reading the legacy url need it, e.g. \"0.3.0\""},
			},
			Bad:  mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a"`,
			Good: mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "protocolVersion": "0.3.0"`}, Check: checkMixedNoVersion},
		&Rule{Rule: diag.Rule{Code: codeMixedSecurity, Severity: Warning, Topic: "legacy", Title: "Mixed card: only the 0.3 half says how to authenticate",
			Explanation: "The two halves of a mixed card state their requirements in different members: 0.3 in security (0.3 §5.5), 1.0 in securityRequirements (1.0 §4.4.1). This card requires credentials in security but has no securityRequirements, so by §7.3 a 1.0 client is told of no credential to send and the agent refuses its calls. The migration that added supportedInterfaces usually forgot this member.",
			HowToFix:    "Add securityRequirements with the same requirements in the 1.0 shape: each {NAME: [scopes]} of security becomes {\"schemes\": {NAME: {\"list\": [scopes]}}}.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "1.0 §4.4.1 and §7.3: clients learn from securityRequirements which credentials to present; 0.3 §5.5's security is read by 0.3 readers only."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "7.3", Title: "Client Authentication Process", URL: "https://a2a-protocol.org/v1.0.0/specification/#73-client-authentication-process"},
				{Doc: "A2A", Version: "0.3.0", Section: "5.5", Title: "AgentCard Object Structure", URL: "https://a2a-protocol.org/v0.3.0/specification/#55-agentcard-object-structure"},
			},
			Messages: []diag.Message{
				{ID: "msg.mixed-security-requirements-missing", Text: "security requires credentials of 0.3 clients, but the card has no securityRequirements, where 1.0 clients read what to send (§4.4.1, §7.3): their calls go out without credentials and are refused. Add securityRequirements with the same requirements in the 1.0 shape"},
			},
			Bad:  mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0", "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "security": [{"bearer": []}]`,
			Good: mixedV10Entry + `, ` + mixedV03Entry + `], "url": "https://invoices.example.com/a2a", "preferredTransport": "JSONRPC", "protocolVersion": "0.3.0", "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "security": [{"bearer": []}], "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]`}, Check: checkMixedSecurity},
	}
}

// checkMixedSecurity: a mixed card whose legacy half requires credentials
// (security) while its 1.0 half states no requirement at all.
func checkMixedSecurity(c *Context) {
	if c.Era != card.EraMixed || c.Root.Has("securityRequirements") {
		return
	}
	sec := c.Root.Get("security")
	if !requiresCredentials(sec) {
		return
	}
	d := c.ReportKey(sec, "msg.mixed-security-requirements-missing")
	if reqs, ok := requirementsAs10(c, sec); ok {
		d.WithFix("fix.add-security-requirements", c.Doc.Edit(sec.KeyStart, sec.KeyStart, `"securityRequirements": `+reqs+`, `))
	}
}

// requiresCredentials reports whether a 0.3 security list asks for a
// credential: at least one entry, and none of them the empty object that
// means "no authentication" as an alternative.
func requiresCredentials(sec *jsonpos.Node) bool {
	if sec == nil || sec.Kind != jsonpos.Array || len(sec.Children) == 0 {
		return false
	}
	for _, e := range sec.Children {
		if e.Kind != jsonpos.Object || len(e.Children) == 0 {
			return false
		}
	}
	return true
}

// requirementsAs10 writes a 0.3 security list ([{NAME: [scopes]}]) in the
// 1.0 shape of securityRequirements ([{"schemes": {NAME: {"list":
// [scopes]}}}], §4.4.1), or reports false when an entry has another shape.
func requirementsAs10(c *Context, sec *jsonpos.Node) (string, bool) {
	if sec == nil || sec.Kind != jsonpos.Array {
		return "", false
	}
	reqs := make([]string, 0, len(sec.Children))
	for _, e := range sec.Children {
		if e.Kind != jsonpos.Object {
			return "", false
		}
		parts := make([]string, 0, len(e.Children))
		for _, m := range e.Children {
			if m.Kind != jsonpos.Array {
				return "", false
			}
			parts = append(parts, jsonpos.Quote(m.Key)+`: {"list": `+string(c.Doc.Src[m.Start:m.End])+`}`)
		}
		reqs = append(reqs, `{"schemes": {`+strings.Join(parts, ", ")+`}}`)
	}
	return "[" + strings.Join(reqs, ", ") + "]", true
}

func checkMixedNoVersion(c *Context) {
	if c.Era != card.EraMixed {
		return
	}
	u := c.Root.Get("url")
	pv := c.Root.Get("protocolVersion")
	switch {
	case pv == nil:
		c.ReportKey(u, "msg.mixed-legacy-version-missing").
			WithFix("fix.add-legacy-protocol-version", c.Doc.Edit(u.End, u.End, `, "protocolVersion": "0.3.0"`))
	case pv.Kind == jsonpos.String && strings.TrimSpace(pv.Str) == "":
		c.Report(pv, "msg.mixed-legacy-version-missing.empty")
	}
}

// legacyMM is the Major.Minor of the card's legacy protocolVersion, or ""
// when it is absent or unreadable.
func legacyMM(root *jsonpos.Node) string {
	mm := card.MajorMinor(root.Get("protocolVersion").Text())
	if !isMajorMinor(mm) {
		return ""
	}
	return mm
}

func checkLegacyCard(c *Context) {
	if !c.IsLegacy() {
		return
	}
	at := c.Root.Get("protocolVersion")
	if at == nil {
		at = c.Root.Get("url")
	}
	if at == nil {
		return
	}
	ver := string(c.Era)
	if mm := legacyMM(c.Root); mm != "" {
		ver = mm
	}
	// Further migration steps, each a phrase that starts with its own
	// separator and ends with the steps after it ("" for none).
	var tail any = ""
	if c.Root.Has("security") {
		tail = i18n.T("phrase.migrate.security", tail)
	}
	if hasSecuritySchemes(c.Root) {
		tail = i18n.T("phrase.migrate.schemes", tail)
	}
	if c.Root.Has("additionalInterfaces") {
		tail = i18n.T("phrase.migrate.additional", tail)
	}
	var d *Diagnostic
	if strings.HasPrefix(ver, "1.") {
		// The card says it is 1.0, so 1.0's MUST applies: supportedInterfaces
		// is REQUIRED (§4.4.1, §5.7), and a2a-go and a2a-js find no interface.
		d = c.ReportKey(at, "msg.legacy-card.declares-1", quote(ver), tail).WithSeverity(Error)
	} else {
		d = c.ReportKey(at, "msg.legacy-card", ver, quote(ver), tail)
	}
	if edit, withSecurity, ok := migrationEdit(c); ok && withSecurity {
		d.WithFixText(i18n.T("fix.migrate-legacy.security", ver), edit)
	} else if ok {
		d.WithFixText(i18n.T("fix.migrate-legacy", ver), edit)
	}
}

// migrationEdit inserts a supportedInterfaces list, derived from the legacy
// endpoints, before the url member. It gives up when an endpoint lacks a
// usable url or binding, since then the list would be a guess. The card's
// security requirements come along as securityRequirements, which is
// where 1.0 clients read them (withSecurity), as the message says.
func migrationEdit(c *Context) (edit Edit, withSecurity bool, ok bool) {
	u := c.Root.Get("url")
	mm := legacyMM(c.Root)
	if u == nil || mm == "" {
		return Edit{}, false, false
	}
	type pair struct{ url, binding string }
	var entries []pair
	seen := map[pair]bool{}
	for _, e := range c.legacyEntries() {
		url := strings.TrimSpace(e.urlText())
		if c.classifyURL(url).Form == formPlaceholder || url == "" {
			return Edit{}, false, false
		}
		b := e.BindingText
		switch k, canon := classifyBinding(b); k {
		case bindingCore, bindingVariant:
			b = canon
		case bindingURI:
		default:
			return Edit{}, false, false
		}
		p := pair{url, b}
		if seen[pair{normURL(url), b}] {
			continue
		}
		seen[pair{normURL(url), b}] = true
		entries = append(entries, p)
	}
	var objs []string
	for _, p := range entries {
		objs = append(objs, `{"url": `+jsonpos.Quote(p.url)+`, "protocolBinding": `+jsonpos.Quote(p.binding)+`, "protocolVersion": `+jsonpos.Quote(mm)+`}`)
	}
	reqs := ""
	if !c.Root.Has("securityRequirements") {
		reqs, withSecurity = requirementsAs10(c, c.Root.Get("security"))
	}
	indent, lineStart := lineIndentAt(c.Doc.Src, u.KeyStart)
	var text string
	if lineStart {
		text = `"supportedInterfaces": [` + "\n" + indent + "  " + strings.Join(objs, ",\n"+indent+"  ") + "\n" + indent + "],\n" + indent
		if withSecurity {
			text += `"securityRequirements": ` + reqs + ",\n" + indent
		}
	} else {
		text = `"supportedInterfaces": [` + strings.Join(objs, ", ") + `], `
		if withSecurity {
			text += `"securityRequirements": ` + reqs + `, `
		}
	}
	return c.Doc.Edit(u.KeyStart, u.KeyStart, text), withSecurity, true
}

// lineIndent returns the whitespace before off on its line, and whether
// only whitespace precedes off there.
func lineIndentAt(src []byte, off int) (string, bool) {
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	if i == 0 || src[i-1] == '\n' || src[i-1] == '\r' {
		return string(src[i:off]), true
	}
	return "", false
}

func checkMixedCard(c *Context) {
	if c.Era != card.EraMixed {
		return
	}
	u := c.Root.Get("url")
	v10 := c.v10Entries()
	legacy := c.legacyEntries()
	if u == nil || len(legacy) == 0 {
		return
	}
	first := i18n.T("phrase.mixed.no-entry")
	if len(v10) > 0 {
		first = i18n.T("phrase.mixed.first-entry", quote(v10[0].urlText()), v10[0].BindingText, v10[0].Version.Text())
	}
	c.ReportKey(u, "msg.mixed-card", i18n.T("phrase.mixed.entries", len(v10)), first, quote(u.Text()), legacy[0].BindingText)
}

// legacyMatch describes how supportedInterfaces covers one legacy endpoint.
type legacyMatch struct {
	sameURL     []ifaceEntry // entries at the same URL
	sameBinding []ifaceEntry // … that also have the legacy binding
	sameVersion bool         // one of those is at the legacy version
	// unclear is set when an entry at the same URL has no readable
	// binding: structure findings explain it, and nothing can be compared.
	unclear bool
	// for messages, computed once per match: the sameURL entries with
	// their bindings, the distinct bindings among them, and the
	// sameBinding entries with their versions (see labelList).
	urlLabels, versionLabels any
	bindings                 []string
}

// mixedIndex is what the mixed-card rules compare, computed once per run:
// the 1.0 entries grouped by normalized URL, and memoized answers. With it
// the three rules are linear in the number of entries; comparing every
// legacy entry with every 1.0 entry took a minute on a hostile card with
// 5,000 of each.
type mixedIndex struct {
	byURL   map[string][]int // normURL → indexes into v10
	matches map[[2]string]legacyMatch
	targets map[[2]string][2]int // (mm, core) → count, first index
}

func (c *Context) mixedIndex(v10 []ifaceEntry) *mixedIndex {
	if c.mixed != nil {
		return c.mixed
	}
	m := &mixedIndex{byURL: map[string][]int{}, matches: map[[2]string]legacyMatch{}, targets: map[[2]string][2]int{}}
	for i, x := range v10 {
		if u := x.urlText(); u != "" {
			k := c.normURL(u)
			m.byURL[k] = append(m.byURL[k], i)
			if core := coreOf(x.BindingText); core != "" {
				tk := [2]string{card.MajorMinor(x.Version.Text()), core}
				t := m.targets[tk]
				if t[0] == 0 {
					t[1] = i
				}
				t[0]++
				m.targets[tk] = t
			}
		}
	}
	c.mixed = m
	return m
}

func matchLegacy(c *Context, e ifaceEntry, v10 []ifaceEntry, mm string) legacyMatch {
	idx := c.mixedIndex(v10)
	k := c.normURL(e.urlText())
	want := coreOf(e.BindingText)
	if want == "" {
		want = e.BindingText
	}
	if m, ok := idx.matches[[2]string{k, want}]; ok {
		return m
	}
	var m legacyMatch
	for _, i := range idx.byURL[k] {
		x := v10[i]
		if x.BindingText == "" {
			m.unclear = true
			continue
		}
		m.sameURL = append(m.sameURL, x)
		got := coreOf(x.BindingText)
		if got == "" {
			got = x.BindingText
		}
		if got == want {
			m.sameBinding = append(m.sameBinding, x)
			if mm == "" || card.MajorMinor(x.Version.Text()) == mm {
				m.sameVersion = true
			}
		}
	}
	var labels, versions []string
	distinct := map[string]bool{}
	for i, x := range m.sameURL {
		if i < 6 {
			labels = append(labels, x.Label+" ("+x.BindingText+")")
		} else {
			labels = append(labels, "") // labelList shows 5 and counts the rest
		}
		b := coreOf(x.BindingText)
		if b == "" {
			b = x.BindingText
		}
		if !distinct[b] {
			distinct[b] = true
			m.bindings = append(m.bindings, b)
		}
	}
	for i, x := range m.sameBinding {
		if i < 6 {
			versions = append(versions, x.Label+" ("+x.Version.Text()+")")
		} else {
			versions = append(versions, "")
		}
	}
	m.urlLabels, m.versionLabels = labelList(labels), labelList(versions)
	idx.matches[[2]string{k, want}] = m
	return m
}

// mixedLegacy calls fn for each legacy endpoint of a mixed card that has a
// URL, with how supportedInterfaces covers it.
func mixedLegacy(c *Context, fn func(e ifaceEntry, m legacyMatch, v10 []ifaceEntry, mm string)) {
	if c.Era != card.EraMixed {
		return
	}
	v10 := c.v10Entries()
	if len(v10) == 0 {
		return
	}
	mm := legacyMM(c.Root)
	for _, e := range c.legacyEntries() {
		if c.stopped {
			return
		}
		u := c.classifyURL(e.urlText())
		if u.Form == formEmpty || u.Form == formPlaceholder || strings.TrimSpace(e.BindingText) == "" {
			continue // other findings explain these
		}
		fn(e, matchLegacy(c, e, v10, mm), v10, mm)
	}
}

// labelList joins at most five labels with commas, then counts the rest.
func labelList(labels []string) any { return listMore(labels, 5) }

// listMore joins at most max names or labels (already quoted where they
// quote the card) with commas. With nothing left out it is that string;
// otherwise a phrase that adds how many more there are ("… and 3 more"),
// which each language says its own way.
func listMore(items []string, max int) any {
	if len(items) <= max {
		return strings.Join(items, ", ")
	}
	return i18n.T("phrase.list.more", strings.Join(items[:max], ", "), len(items)-max)
}

// legacyName names a legacy endpoint in messages: the card's url (a
// phrase) or an additionalInterfaces entry's url member.
func legacyName(e ifaceEntry) any {
	if e.Obj == nil {
		return i18n.Phrase("phrase.legacy-url")
	}
	return e.Label + ".url"
}

func checkMixedUndeclared(c *Context) {
	mixedLegacy(c, func(e ifaceEntry, m legacyMatch, v10 []ifaceEntry, mm string) {
		if len(m.sameURL) > 0 || m.unclear {
			return
		}
		d := c.Report(e.URL, "msg.mixed-legacy-endpoint-undeclared", legacyName(e), quote(e.urlText()), e.BindingText, quote(v10[0].urlText()))
		// a certain target: exactly one 0.3 entry with the same binding
		want := coreOf(e.BindingText)
		var target *ifaceEntry
		n := 0
		if mm != "" && want != "" {
			t := c.mixedIndex(v10).targets[[2]string{mm, want}]
			n, target = t[0], &v10[t[1]]
		}
		if n == 1 {
			d.WithFixText(i18n.T("fix.point-legacy-at", target.Label, target.urlText()), c.Replace(e.URL, jsonpos.Quote(target.urlText())))
		}
		if edit, ok := appendInterface(c, e, want, mm); ok {
			d.WithFixText(i18n.T("fix.declare-legacy", e.urlText(), mm), edit)
		}
	})
}

// appendInterface adds an entry for a legacy endpoint at the end of
// supportedInterfaces.
func appendInterface(c *Context, e ifaceEntry, binding, mm string) (Edit, bool) {
	si := c.Root.Get("supportedInterfaces")
	if si == nil || si.Kind != jsonpos.Array || len(si.Children) == 0 || binding == "" || mm == "" {
		return Edit{}, false
	}
	last := si.Children[len(si.Children)-1]
	obj := `{"url": ` + jsonpos.Quote(e.urlText()) + `, "protocolBinding": ` + jsonpos.Quote(binding) + `, "protocolVersion": ` + jsonpos.Quote(mm) + `}`
	sep := ", "
	if indent, ok := lineIndentAt(c.Doc.Src, last.Start); ok {
		sep = ",\n" + indent
	}
	return c.Doc.Edit(last.End, last.End, sep+obj), true
}

func checkMixedBindingMismatch(c *Context) {
	mixedLegacy(c, func(e ifaceEntry, m legacyMatch, _ []ifaceEntry, _ string) {
		if len(m.sameURL) == 0 || len(m.sameBinding) > 0 || m.unclear {
			return
		}
		bindings := m.bindings
		// the binding and the member that says it, or the default
		var how any
		switch {
		case e.Obj == nil && e.Binding == nil:
			how = i18n.Phrase("phrase.mixed.default-binding")
		case e.Obj == nil:
			how = e.BindingText + " (preferredTransport)"
		default:
			how = e.BindingText + " (transport)"
		}
		at := e.Binding
		if at == nil {
			at = e.URL
		}
		d := c.Report(at, "msg.mixed-legacy-binding-mismatch", legacyName(e), quote(e.urlText()), how, m.urlLabels)
		if len(bindings) != 1 || coreOf(bindings[0]) == "" {
			return
		}
		b := bindings[0]
		if e.Binding != nil {
			d.WithFixText(i18n.T("fix.use", b), c.Replace(e.Binding, jsonpos.Quote(b)))
		} else if e.Obj == nil {
			d.WithFixText(i18n.T("fix.add-preferred-transport", jsonpos.Quote(b)), c.Doc.Edit(e.URL.End, e.URL.End, `, "preferredTransport": `+jsonpos.Quote(b)))
		}
	})
}

func checkMixedVersionMismatch(c *Context) {
	mixedLegacy(c, func(e ifaceEntry, m legacyMatch, _ []ifaceEntry, mm string) {
		if len(m.sameBinding) == 0 || m.sameVersion {
			return
		}
		c.Report(e.URL, "msg.mixed-legacy-version-mismatch", legacyName(e), quote(e.urlText()), mm, m.versionLabels)
	})
}

// noPreferredTransportCard is BaseLegacyCard without preferredTransport
// (an example fragment can replace members but not remove them).
var noPreferredTransportCard = strings.Replace(BaseLegacyCard, "  \"preferredTransport\": \"JSONRPC\",\n", "", 1)

func checkNoPreferredTransport(c *Context) {
	if !c.IsLegacy() && c.Era != card.EraMixed {
		return
	}
	u := c.Root.Get("url")
	if u == nil || u.Kind != jsonpos.String {
		return
	}
	pt := c.Root.Get("preferredTransport")
	if pt != nil && pt.Kind != jsonpos.Null {
		return // present: wrong-type, interface-binding-unknown speak
	}
	var d *Diagnostic
	switch c.Era {
	case card.Era03:
		d = c.ReportKey(u, "msg.legacy-preferred-transport-missing")
	case card.Era02:
		d = c.ReportKey(u, "msg.legacy-preferred-transport-missing.v02").WithSeverity(Warning)
	default:
		d = c.ReportKey(u, "msg.legacy-preferred-transport-missing.mixed").WithSeverity(Warning)
	}
	if pt == nil {
		d.WithFixText(i18n.T("fix.add-preferred-transport", `"JSONRPC"`), c.Doc.Edit(u.End, u.End, `, "preferredTransport": "JSONRPC"`))
	}
}
