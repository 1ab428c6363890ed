package lint

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/diag"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Identity rules: the name and description people and routing agents read,
// and the URLs that identify the provider, documentation and icon. Missing
// members (provider.url, provider.organization) are structure findings.
const (
	codeNameGeneric         = "name-generic"
	codeDescriptionVague    = "description-vague"
	codeIdentityURLInvalid  = "identity-url-invalid"
	codeIdentityURLNotHTTPS = "identity-url-not-https"
	codeIdentityURLInternal = "identity-url-internal"
	codeExamplePlaceholder  = CodeExamplePlaceholder
)

// CodeExamplePlaceholder is exported for the local profile, which accepts
// its findings (core/config/profile).
const CodeExamplePlaceholder = "example-placeholder"

func identityRules() []*Rule {
	return []*Rule{
		&Rule{Rule: diag.Rule{Code: codeNameGeneric, Severity: Info, Topic: "identity", Title: "Generic agent name",
			Explanation: "Catalogues, pickers and routing agents show the name first. \"Agent\", \"Helper\" or \"AI Assistant\" could name any agent, so users and other agents cannot tell this one apart.",
			HowToFix:    "Name the agent after what it does or who runs it, such as \"Invoice Extractor\" or \"Northwind Fleet Planner\".",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			},
			Messages: []diag.Message{
				{ID: "msg.name-generic", Text: "the name %s could belong to any agent; name it after the tasks it completes or who runs it"},
				{ID: "msg.name-generic.short", Text: "the name %s is too short to recognise the agent by; use a few words that say what it does"},
			},
			Bad:  `"name": "AI Assistant"`,
			Good: `"name": "Invoice Extractor"`}, Check: checkNameGeneric},
		&Rule{Rule: diag.Rule{Code: codeDescriptionVague, Severity: Info, Topic: "identity", Title: "Description too short or generic",
			Explanation: "Callers, often an orchestrating agent with a language model, decide whether to call this agent from its description. \"An AI assistant.\" or \"Helpful agent\" says nothing about which tasks it completes, so the agent is either never chosen or chosen for the wrong work. Length is counted in characters, with CJK characters weighing double, so short but precise Chinese or Japanese descriptions are fine.",
			HowToFix:    "Describe the outcomes: which tasks the agent completes, on what input, and what it returns. One or two sentences are enough.",
			Basis:       Basis{Kind: BasisAdvice},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
			},
			Messages: []diag.Message{
				{ID: "msg.description-vague", Text: "the description %s is generic: it would fit any agent. Say which tasks this agent completes, on what input, and what it returns"},
				{ID: "msg.description-vague.repeats-name", Text: "the description %s only repeats the name; say which tasks the agent completes and what it returns"},
				{ID: "msg.description-vague.short", Text: "the description %s is too short to tell callers what the agent does; say which tasks it completes and what it returns"},
			},
			Bad:  `"description": "An AI assistant."`,
			Good: `"description": "Reads supplier invoices (PDF or image) and returns the totals, due date and line items as JSON."`}, Check: checkDescriptionVague},
		&Rule{Rule: diag.Rule{Code: codeIdentityURLInvalid, Severity: Warning, Topic: "identity", Title: "Provider, documentation or icon URL is not an absolute http(s) URL",
			Explanation: "provider.url, documentationUrl and iconUrl are links that people and catalogues open or download. A relative path, a host without a scheme, an unfilled template or another scheme cannot be followed from wherever the card is shown.",
			HowToFix:    "Write the full https URL, such as https://docs.example.com/agents/invoices. Host icons as image files rather than data: URIs.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "The proto describes these members as URLs without a MUST; a link that cannot be followed is broken for whoever shows or opens it."},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.2", Title: "AgentProvider", URL: "https://a2a-protocol.org/v1.0.0/specification/#442-agentprovider"},
			},
			Messages: []diag.Message{
				{ID: "msg.identity-url-invalid", Text: "%s %s is not an absolute http(s) URL; readers of the card cannot resolve it"},
				{ID: "msg.identity-url-invalid.empty", Text: "%s is empty; set an absolute https URL or leave the member out"},
				{ID: "msg.identity-url-invalid.placeholder", Text: "%s %s contains the unfilled placeholder %s; write the real https URL"},
				{ID: "msg.identity-url-invalid.no-scheme", Text: "%s %s has no scheme; write it as an absolute https URL"},
				{ID: "msg.identity-url-invalid.data-uri", Text: "%s is a data: URI; catalogues expect a link to an image file, and inline data bloats every copy of the card"},
				{ID: "msg.identity-url-invalid.scheme", Text: "%s %s uses the scheme %s:; only http(s) links can be opened by the card's readers"},
			},
			Bad:  `"documentationUrl": "/docs/invoice-extractor"`,
			Good: `"documentationUrl": "https://docs.example.com/agents/invoice-extractor"`}, Check: checkIdentityURLInvalid},
		&Rule{Rule: diag.Rule{Code: codeIdentityURLNotHTTPS, Severity: Warning, Topic: "identity", Title: "Provider, documentation or icon URL uses plain http",
			Explanation: "Pages and images fetched over http can be altered on the way, and browsers upgrade http images on https pages to https, or block them when that fails (mixed content), so the icon of a card shown in a web catalogue may not appear.",
			HowToFix:    "Serve the resource over https and change the scheme.",
			Basis:       Basis{Kind: BasisLikelyFailure},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.2", Title: "AgentProvider", URL: "https://a2a-protocol.org/v1.0.0/specification/#442-agentprovider"},
			},
			Messages: []diag.Message{
				{ID: "msg.identity-url-not-https", Text: "%s %s uses plain http; use https"},
			},
			Bad:  `"iconUrl": "http://invoices.example.com/icon.png"`,
			Good: `"iconUrl": "https://invoices.example.com/icon.png"`}, Check: checkIdentityURLNotHTTPS},
		&Rule{Rule: diag.Rule{Code: codeIdentityURLInternal, Severity: Warning, Topic: "identity", Title: "Provider, documentation or icon URL is internal",
			Explanation: "The link points at localhost, a private or link-local address, a local-network name or a temporary tunnel. Readers of the published card cannot open it, and it reveals internal infrastructure.",
			HowToFix:    "Link to the public location of the page or image, or leave the member out.",
			Basis:       Basis{Kind: BasisShould},
			Refs: []diag.Ref{
				{Doc: "A2A", Version: "1.0", Section: "14.3", Title: "Well-Known URI Registration", URL: "https://a2a-protocol.org/v1.0.0/specification/#143-well-known-uri-registration"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.1", Title: "AgentCard", URL: "https://a2a-protocol.org/v1.0.0/specification/#441-agentcard"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.2", Title: "AgentProvider", URL: "https://a2a-protocol.org/v1.0.0/specification/#442-agentprovider"},
			},
			Messages: []diag.Message{
				{ID: "msg.identity-url-internal", Text: "%s %s points at %s; readers of the published card cannot open it"},
			},
			Bad:  `"documentationUrl": "http://192.168.1.20:8080/docs"`,
			Good: `"documentationUrl": "https://docs.example.com/agents/invoice-extractor"`}, Check: checkIdentityURLInternal},
		&Rule{Rule: diag.Rule{Code: codeExamplePlaceholder, Severity: Warning, Topic: "identity", Title: "Example domain or starter text left in the card",
			Explanation: "example.com, example.net and example.org (RFC 2606 §3) and every name under the top-level domains .example, .test, .invalid (RFC 2606 §2) and .localhost (RFC 6761 §6.3) are reserved for documentation and tests: nobody can serve an agent there. A card that still uses one was copied from an example or a starter card (agentcard init writes one) and not filled in: nothing answers at those addresses, so the agent and its links cannot be reached. The provider name of the starter card, \"Your Company\", is reported too, as an info. The local profile accepts all of these, since a card used on one machine may well use them.",
			HowToFix:    "Replace the example host with the agent's real public host in every URL of the card, and the starter provider name with the organization's. For a card that stays on one machine, lint with --profile local.",
			Basis:       Basis{Kind: BasisLikelyFailure, Note: "RFC 2606 and RFC 6761 reserve these names for documentation and tests; no agent is served there, so the card's addresses lead nowhere."},
			Refs: []diag.Ref{
				{Doc: "RFC 2606", Version: "", Section: "2", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc2606#section-2"},
				{Doc: "RFC 2606", Version: "", Section: "3", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc2606#section-3"},
				{Doc: "RFC 6761", Version: "", Section: "6.3", Title: "", URL: "https://www.rfc-editor.org/rfc/rfc6761#section-6.3"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.6", Title: "AgentInterface", URL: "https://a2a-protocol.org/v1.0.0/specification/#446-agentinterface"},
				{Doc: "A2A", Version: "1.0", Section: "4.4.2", Title: "AgentProvider", URL: "https://a2a-protocol.org/v1.0.0/specification/#442-agentprovider"},
			},
			Messages: []diag.Message{
				{ID: "msg.example-placeholder", Text: "%s %s is on %s, a name reserved for documentation and tests (RFC 2606, RFC 6761) that leads to nothing real: replace it with the agent's public host before publishing"},
				{ID: "msg.example-placeholder.more", Text: "%s %s is on %s, a name reserved for documentation and tests (RFC 2606, RFC 6761) that leads to nothing real, and so are %d more URLs of the card: replace it with the agent's public host before publishing"},
				{ID: "msg.example-placeholder.more.one", Text: "%s %s is on %s, a name reserved for documentation and tests (RFC 2606, RFC 6761) that leads to nothing real, and so is %d more URL of the card: replace it with the agent's public host before publishing"},
				{ID: "msg.example-placeholder.organization", Text: "the provider organization %s is the starter card's placeholder: write the name of the organization that runs the agent"},
			},
			Bad:  `"supportedInterfaces": [{"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`,
			Good: `"supportedInterfaces": [{"url": "https://invoices.northwind-ledger.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]`}, Check: checkExamplePlaceholder},
	}
}

// textUnits measures how much a text says: one unit per character, two for
// CJK ideographs, kana and hangul, which carry about a word each.
func textUnits(s string) int {
	n := 0
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r < 0x1100: // below every script counted twice (Hangul Jamo is the first)
			n++
		case unicode.Is(unicode.Han, r), unicode.Is(unicode.Hiragana, r), unicode.Is(unicode.Katakana, r), unicode.Is(unicode.Hangul, r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// identityWords splits a text into lower-case words (letters and digits).
func identityWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// compactText drops everything but letters and digits, for comparing CJK
// phrases: "一个 AI 助手。" → "一个ai助手".
func compactText(s string) string { return string(appendCompact(nil, s, len(s))) }

// appendCompact appends compactText(s) to b, stopping once more than limit
// bytes were added (the caller then knows the text is longer than limit).
func appendCompact(b []byte, s string, limit int) []byte {
	start := len(b)
	for i := 0; i < len(s) && len(b)-start <= limit; {
		r, next := compactNext(s, i)
		i = next
		if r < 0 {
			continue
		}
		b = utf8.AppendRune(b, r)
	}
	return b
}

// compactNext is the rune compactText keeps at s[i:] (lower case), or -1
// for one it drops, and where the next starts.
func compactNext(s string, i int) (rune, int) {
	c := s[i]
	if c < utf8.RuneSelf {
		switch {
		case 'A' <= c && c <= 'Z':
			return rune(c + 'a' - 'A'), i + 1
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			return rune(c), i + 1
		}
		return -1, i + 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if unicode.IsLetter(r) || unicode.IsDigit(r) {
		return unicode.ToLower(r), i + size
	}
	return -1, i + size
}

// compactEqual is compactText(a) == compactText(b), without building
// either.
func compactEqual(a, b string) bool {
	i, j := 0, 0
	for {
		ra, rb := rune(-1), rune(-1)
		for ra < 0 && i < len(a) {
			ra, i = compactNext(a, i)
		}
		for rb < 0 && j < len(b) {
			rb, j = compactNext(b, j)
		}
		if ra != rb {
			return false
		}
		if ra < 0 {
			return true
		}
	}
}

// maxGenericPhrase is the length of the longest of genericPhrases.
var maxGenericPhrase = sync.OnceValue(func() int {
	n := 0
	for p := range genericPhrases {
		n = max(n, len(p))
	}
	return n
})

// genericNouns name an agent without saying anything about it.
var genericNouns = map[string]bool{"agent": true, "agents": true, "assistant": true, "bot": true, "chatbot": true, "helper": true, "copilot": true, "ai": true}

// fillerWords carry no information about what an agent does.
var fillerWords = map[string]bool{
	"a": true, "an": true, "the": true, "my": true, "your": true, "our": true, "this": true, "is": true, "i": true, "am": true, "it": true,
	"helpful": true, "smart": true, "intelligent": true, "friendly": true, "general": true, "purpose": true, "powerful": true, "simple": true,
	"basic": true, "advanced": true, "personal": true, "virtual": true, "universal": true, "awesome": true, "new": true, "great": true,
	"llm": true, "gpt": true, "a2a": true, "based": true, "powered": true, "by": true, "demo": true, "sample": true, "test": true, "example": true,
	"that": true, "which": true, "who": true, "can": true, "will": true, "help": true, "helps": true, "you": true, "users": true, "user": true,
	"with": true, "anything": true, "everything": true, "any": true, "all": true, "kinds": true, "kind": true, "of": true, "various": true,
	"tasks": true, "task": true, "things": true, "stuff": true, "questions": true, "and": true, "or": true, "for": true, "to": true, "in": true,
	"assists": true, "assist": true, "does": true, "do": true, "answers": true, "answer": true, "chat": true, "talk": true, "1": true, "2": true,
}

// genericPhrases are whole CJK names or descriptions that say nothing
// specific, compared after compactText.
var genericPhrases = map[string]bool{
	"智能助手": true, "一个智能助手": true, "ai助手": true, "一个ai助手": true, "人工智能助手": true, "助手": true, "智能体": true,
	"一个智能体": true, "代理": true, "智能代理": true, "一个代理": true, "有用的助手": true, "一个有用的助手": true, "万能助手": true,
	"机器人": true, "聊天机器人": true, "智能助理": true, "ai智能助手": true, "我是一个智能助手": true,
	"aiアシスタント": true, "アシスタント": true, "エージェント": true, "ai에이전트": true, "에이전트": true, "어시스턴트": true,
}

// isGenericText reports whether a name or description is only filler
// around a word such as "agent" or "assistant".
func isGenericText(s string) bool {
	var buf [64]byte
	if limit := maxGenericPhrase(); limit < len(buf) {
		if b := appendCompact(buf[:0], s, limit); len(b) <= limit && genericPhrases[string(b)] {
			return true
		}
	} else if genericPhrases[compactText(s)] {
		return true
	}
	// the words one by one, stopping at the first that says something
	// (identityWords would split and lower the whole text first); a word
	// is lowered on its own, which is what lowering the text gives, since
	// lower case keeps letters letters and everything else as it is
	noun, words := false, false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			i += size
			continue
		}
		j := i + size
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				break
			}
			j += size
		}
		w := lowerWord(buf[:0], s[i:j])
		words = true
		switch {
		case genericNouns[string(w)]:
			noun = true
		case fillerWords[string(w)]:
		default:
			return false
		}
		i = j
	}
	return words && noun
}

// lowerWord is strings.ToLower(w), in buf when w is short ASCII: the
// result is only looked up in maps, and the compiler does not allocate
// for a lookup m[string(b)].
func lowerWord(buf []byte, w string) []byte {
	if len(w) > cap(buf) {
		return []byte(strings.ToLower(w))
	}
	for k := 0; k < len(w); k++ {
		c := w[k]
		if c >= utf8.RuneSelf {
			return []byte(strings.ToLower(w))
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf
}

// genericNames are placeholder names that are not built from "agent"-like
// words.
var genericNames = map[string]bool{"test": true, "demo": true, "example": true, "sample": true, "untitled": true, "unnamed": true, "name": true, "agent name": true, "todo": true, "my app": true, "app": true}

const minDescriptionUnits = 20

func checkNameGeneric(c *Context) {
	n := c.Root.Get("name")
	if n == nil || n.Kind != jsonpos.String || strings.TrimSpace(n.Str) == "" {
		return // structure reports missing and empty names
	}
	switch {
	case isGenericText(n.Str) || genericNames[strings.Join(identityWords(n.Str), " ")]:
		c.Report(n, "msg.name-generic", quote(n.Str))
	case textUnits(n.Str) < 2:
		c.Report(n, "msg.name-generic.short", quote(n.Str))
	}
}

func checkDescriptionVague(c *Context) {
	d := c.Root.Get("description")
	if d == nil || d.Kind != jsonpos.String || strings.TrimSpace(d.Str) == "" {
		return
	}
	s := d.Str
	name := c.Root.Get("name").Text()
	switch {
	case isGenericText(s):
		c.Report(d, "msg.description-vague", quote(s))
	case name != "" && compactEqual(name, s):
		c.Report(d, "msg.description-vague.repeats-name", quote(s))
	case textUnits(s) < minDescriptionUnits:
		c.Report(d, "msg.description-vague.short", quote(s))
	}
}

// identityURL is one identity link of the card.
type identityURL struct {
	node     *jsonpos.Node
	label    string
	required bool // empty values are then structure findings
}

// identityURLs is read once per run; callers must not modify what it
// returns.
func identityURLs(c *Context) []identityURL {
	if !c.idURLsDone {
		c.idURLs, c.idURLsDone = readIdentityURLs(c), true
	}
	return c.idURLs
}

func readIdentityURLs(c *Context) []identityURL {
	var out []identityURL
	for _, k := range []string{"documentationUrl", "iconUrl"} {
		if n := c.Root.Get(k); n != nil && n.Kind == jsonpos.String {
			out = append(out, identityURL{n, k, false})
		}
	}
	if n := c.Root.Get("provider").Get("url"); n != nil && n.Kind == jsonpos.String {
		out = append(out, identityURL{n, "provider.url", true})
	}
	return out
}

func checkIdentityURLInvalid(c *Context) {
	for _, iu := range identityURLs(c) {
		n := iu.node
		u := c.classifyURL(n.Str)
		switch u.Form {
		case formHTTP:
		case formEmpty:
			if !iu.required {
				c.Report(n, "msg.identity-url-invalid.empty", iu.label).
					WithSafeFix("fix.remove-empty-member", c.RemoveMember(n))
			}
		case formPlaceholder:
			c.Report(n, "msg.identity-url-invalid.placeholder", iu.label, quote(n.Str), quote(u.Placeholder))
		case formNoScheme:
			c.Report(n, "msg.identity-url-invalid.no-scheme", iu.label, quote(n.Str)).
				WithFix("fix.add-https", c.Replace(n, jsonpos.Quote("https://"+strings.TrimSpace(n.Str))))
		case formOtherScheme:
			if u.Scheme == "data" {
				c.Report(n, "msg.identity-url-invalid.data-uri", iu.label)
				continue
			}
			c.Report(n, "msg.identity-url-invalid.scheme", iu.label, quote(n.Str), u.Scheme)
		default:
			c.Report(n, "msg.identity-url-invalid", iu.label, quote(n.Str))
		}
	}
}

func checkIdentityURLNotHTTPS(c *Context) {
	for _, iu := range identityURLs(c) {
		u := c.classifyURL(iu.node.Str)
		if u.Form != formHTTP || u.Scheme != "http" || u.Internal() {
			continue // internal hosts have their own finding
		}
		c.Report(iu.node, "msg.identity-url-not-https", iu.label, quote(iu.node.Str))
	}
}

func checkIdentityURLInternal(c *Context) {
	for _, iu := range identityURLs(c) {
		u := c.classifyURL(iu.node.Str)
		if (u.Form != formHTTP && u.Form != formNoScheme) || !u.Internal() || reservedExampleHost(u.Host) {
			continue // a documentation name (.test, .example) is example-placeholder's
		}
		c.Report(iu.node, "msg.identity-url-internal", iu.label, quote(iu.node.Str), u.Why)
	}
}

// reservedExampleHost reports whether host is a name reserved for
// documentation and tests: example.com, example.net and example.org with
// their subdomains (RFC 2606 §3), and names under the top-level domains
// .example, .test, .invalid (RFC 2606 §2) and .localhost (RFC 6761 §6.3).
// A bare "localhost" is not one: it is this machine, which the internal
// address rules report.
func reservedExampleHost(host string) bool {
	host = strings.TrimRight(strings.ToLower(host), ".")
	for _, d := range []string{"example.com", "example.net", "example.org"} {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	for _, tld := range []string{".example", ".test", ".invalid", ".localhost"} {
		if strings.HasSuffix(host, tld) && len(host) > len(tld) {
			return true
		}
	}
	return false
}

// exampleHostOf is the reserved documentation host of a URL-like string,
// or "".
func (c *Context) exampleHostOf(raw string) string {
	u := c.classifyURL(raw)
	switch u.Form {
	case formHTTP, formNoScheme, formHostPort, formOtherScheme:
		if u.Host != "" && reservedExampleHost(u.Host) {
			return u.Host
		}
	}
	return ""
}

// starterOrganizations are the provider names agentcard init writes, in
// each language (cli.init.card.organization; TestStarterCardPlaceholders
// in cmd/agentcard keeps them in step), compared without regard to case.
var starterOrganizations = []string{"Your Company", "你的公司"}

// checkExamplePlaceholder reports every URL of the card (a member whose
// name ends in url or Url, or an extension's uri) on a reserved
// documentation host, and init's starter provider name. The walk visits
// each node once; the parser bounds the document's size and depth.
func checkExamplePlaceholder(c *Context) {
	if c.examples {
		return
	}
	// one finding per host, at its first URL: a card copied from an
	// example has the same host in most of its URLs
	type use struct {
		first *jsonpos.Node
		more  int
	}
	var hosts []string
	uses := map[string]*use{}
	var walk func(n *jsonpos.Node)
	walk = func(n *jsonpos.Node) {
		for _, ch := range n.Children {
			switch ch.Kind {
			case jsonpos.Object, jsonpos.Array:
				walk(ch)
			case jsonpos.String:
				if !ch.IsMember() || !urlMemberName(ch.Key) {
					continue
				}
				if h := c.exampleHostOf(ch.Str); h != "" {
					if u := uses[h]; u != nil {
						u.more++
					} else {
						uses[h] = &use{first: ch}
						hosts = append(hosts, h)
					}
				}
			}
		}
	}
	walk(c.Root)
	for _, h := range hosts {
		u := uses[h]
		path := jsonpos.Clip(memberPath(u.first), jsonpos.MaxQuoted)
		if u.more > 0 {
			c.Report(u.first, "msg.example-placeholder.more", path, quote(u.first.Str), quote(h), u.more)
			continue
		}
		c.Report(u.first, "msg.example-placeholder", path, quote(u.first.Str), quote(h))
	}
	if org := c.Root.Get("provider").Get("organization"); org != nil && org.Kind == jsonpos.String {
		for _, s := range starterOrganizations {
			if strings.EqualFold(strings.TrimSpace(org.Str), s) {
				c.Report(org, "msg.example-placeholder.organization", quote(org.Str)).WithSeverity(Info)
				break
			}
		}
	}
}

// urlMemberName reports whether a member of that name holds a URL (url,
// iconUrl, tokenUrl, openIdConnectUrl, ...) or a URI (an extension's).
func urlMemberName(k string) bool {
	return k == "url" || k == "uri" || strings.HasSuffix(k, "Url") || strings.HasSuffix(k, "URL") || strings.HasSuffix(k, "_url")
}

// memberPath is a node's place written as the card's fields are in
// messages: supportedInterfaces[0].url.
func memberPath(n *jsonpos.Node) string {
	var parts []string
	for ; n != nil && n.Parent != nil; n = n.Parent {
		if n.Parent.Kind == jsonpos.Array {
			parts = append(parts, "["+strconv.Itoa(n.Index)+"]")
		} else {
			parts = append(parts, "."+n.Key)
		}
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteString(parts[i])
	}
	return strings.TrimPrefix(b.String(), ".")
}
