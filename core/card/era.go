// Package card knows what an A2A Agent Card is: which protocol era a
// document was written for, every field of every era (the field catalogue),
// and the interface list a client chooses from.
package card

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Era is the protocol generation a document was written for.
type Era string

const (
	Era10      Era = "1.0"        // supportedInterfaces, per-interface versions (§5.5)
	Era03      Era = "0.3"        // url + preferredTransport + additionalInterfaces
	Era02      Era = "0.2"        // like 0.3, protocolVersion 0.2.x
	EraMixed   Era = "mixed"      // both halves, as SDK servers publish for old clients
	EraUnknown Era = "unknown"    // not readable JSON, or no marker of any era
	EraNotCard Era = "not-a-card" // clearly some other kind of document
)

// Eras is a set of eras, used by the field catalogue.
type Eras uint8

const (
	V02 Eras = 1 << iota
	V03
	V10
	Legacy = V02 | V03
	All    = V02 | V03 | V10
)

// Has reports whether the set contains every era of o.
func (e Eras) Has(o Eras) bool { return e&o == o && o != 0 }

// Set is the field-catalogue view of an era: which fields apply.
func (e Era) Set() Eras {
	switch e {
	case Era10:
		return V10
	case Era03:
		return V03
	case Era02:
		return V02
	case EraMixed:
		return V03 | V10
	}
	return V10
}

// legacyMarkers are top-level members only a 0.2/0.3 card has.
var legacyMarkers = []string{"url", "preferredTransport", "additionalInterfaces", "protocolVersion", "supportsAuthenticatedExtendedCard", "security"}

// Detection is the outcome of era detection.
type Detection struct {
	Era Era
	// LooksLike names the kind of document when Era is EraNotCard, e.g.
	// "an MCP server description"; Hint says what to do about it.
	LooksLike string
	Hint      string
	// Kind names the same in a word, for messages in other languages:
	// "mcp-server-json", "mcp", "erc-8004", "openapi", "openai-plugin",
	// "nested" (Wrapper is then the member holding the card) or
	// "no-fields".
	Kind    string
	Wrapper string
	// Node is the member that gave the document away (for the position of
	// the not-a-card finding), or the root.
	Node *jsonpos.Node
	// Foreign names the other format a complete card also follows
	// ("erc-8004", "mcp"), when
	// it carries that format's members beside its own ("erc-8004": an
	// ERC-8004 registration's type): it is checked as a card, and those
	// members are noted.
	Foreign string
}

// Detect decides the era of a parsed document. It looks only at the shape,
// not at validity: a broken 1.0 card is still a 1.0 card.
func Detect(root *jsonpos.Node) Detection {
	if root == nil || root.Kind != jsonpos.Object {
		return Detection{Era: EraUnknown, Node: root}
	}
	if d, ok := notACard(root); ok {
		if (d.Kind != "erc-8004" && d.Kind != "mcp") || !completeCard(root) {
			return d
		}
		// a complete Agent Card that also declares itself an ERC-8004
		// registration, or also lists MCP servers (mcpServers): a card,
		// whose extra members are noted, so that its own defects show
		foreign := d.Kind
		d = detectCard(root)
		d.Foreign = foreign
		return d
	}
	return detectCard(root)
}

// completeCard reports whether a document has the shape of a whole card
// whatever else it carries: interfaces (a 1.0 list or a legacy url) and
// at least five of the card's identifying members.
func completeCard(root *jsonpos.Node) bool {
	si := root.Get("supportedInterfaces")
	hasInterfaces := si != nil && si.Kind == jsonpos.Array && len(si.Children) > 0 || root.Get("url").Text() != ""
	return hasInterfaces && cardLike(root) >= 5
}

// detectCard is Detect for a document that is a card: its era by shape.
func detectCard(root *jsonpos.Node) Detection {
	has10 := root.Has("supportedInterfaces") || root.Has("securityRequirements")
	hasLegacy := false
	for _, k := range legacyMarkers {
		if root.Has(k) {
			hasLegacy = true
			break
		}
	}
	switch {
	// A mixed card deliberately carries a working legacy half, which
	// starts with its url; stray legacy members without one make a 1.0
	// card with leftovers, reported member by member.
	case has10 && root.Has("url"):
		return Detection{Era: EraMixed, Node: root}
	case has10:
		return Detection{Era: Era10, Node: root}
	case hasLegacy:
		if strings.HasPrefix(root.Get("protocolVersion").Text(), "0.2") {
			return Detection{Era: Era02, Node: root}
		}
		return Detection{Era: Era03, Node: root}
	}
	// No interface marker at all: a card that forgot its interfaces is
	// still judged by the current version.
	if cardLike(root) >= 2 {
		return Detection{Era: Era10, Node: root}
	}
	return Detection{Era: EraUnknown, Node: root}
}

var cardMembers = []string{"name", "description", "version", "capabilities", "skills", "defaultInputModes", "defaultOutputModes", "provider"}

func cardLike(n *jsonpos.Node) int {
	c := 0
	for _, k := range cardMembers {
		if n.Has(k) {
			c++
		}
	}
	return c
}

// wrapperKeys are names people nest a card under by mistake (API responses,
// registries, config files).
var wrapperKeys = map[string]bool{"agentCard": true, "agent_card": true, "card": true, "agent": true, "data": true, "result": true, "AgentCard": true}

// notACard recognizes documents that are clearly something else, so the
// user gets one explanation instead of a finding per missing field.
func notACard(root *jsonpos.Node) (Detection, bool) {
	get := func(k string) *jsonpos.Node { return root.Get(k) }
	if s := get("$schema").Text(); strings.Contains(s, "modelcontextprotocol") {
		return Detection{Era: EraNotCard, Kind: "mcp-server-json", LooksLike: "an MCP server description (server.json)", Node: get("$schema"),
			Hint: "MCP and A2A are different protocols: an A2A Agent Card lists supportedInterfaces, capabilities and skills. Publish the MCP description at its own location and write a separate Agent Card if the service also speaks A2A."}, true
	}
	if get("mcpServers") != nil || (get("remotes") != nil && get("packages") != nil) || (get("serverInfo") != nil && get("protocolVersion") != nil && get("skills") == nil) ||
		(get("remotes") != nil && get("supportedInterfaces") == nil && get("skills") == nil) {
		n := get("mcpServers")
		if n == nil {
			n = get("remotes")
		}
		if n == nil {
			n = get("serverInfo")
		}
		return Detection{Era: EraNotCard, Kind: "mcp", LooksLike: "an MCP server description", Node: n,
			Hint: "MCP and A2A are different protocols: an A2A Agent Card lists supportedInterfaces, capabilities and skills."}, true
	}
	if t := get("type").Text(); strings.Contains(strings.ToLower(t), "eip-8004") || (get("registrations") != nil && get("endpoints") != nil) {
		n := get("type")
		if t == "" {
			n = get("registrations")
		}
		return Detection{Era: EraNotCard, Kind: "erc-8004", LooksLike: "an ERC-8004 agent registration file", Node: n,
			Hint: "An ERC-8004 registration points at agent endpoints; its A2A endpoint entry should link to the real Agent Card at /.well-known/agent-card.json, which is the document to check."}, true
	}
	if get("openapi") != nil || get("swagger") != nil {
		n := get("openapi")
		if n == nil {
			n = get("swagger")
		}
		return Detection{Era: EraNotCard, Kind: "openapi", LooksLike: "an OpenAPI description", Node: n,
			Hint: "An OpenAPI document describes an HTTP API; an A2A Agent Card describes an agent and how to reach it over A2A."}, true
	}
	if get("schema_version") != nil && get("name_for_model") != nil {
		return Detection{Era: EraNotCard, Kind: "openai-plugin", LooksLike: "an OpenAI plugin manifest (ai-plugin.json)", Node: get("name_for_model"),
			Hint: "Plugin manifests are a different format; an A2A Agent Card is published at /.well-known/agent-card.json."}, true
	}
	if len(root.Children) >= 1 && len(root.Children) <= 3 && cardLike(root) == 0 {
		for _, c := range root.Children {
			if wrapperKeys[c.Key] && c.Kind == jsonpos.Object && (cardLike(c) >= 2 || c.Has("supportedInterfaces") || c.Has("url")) {
				return Detection{Era: EraNotCard, Kind: "nested", Wrapper: c.Key, LooksLike: "an Agent Card nested under the member \"" + c.Key + "\"", Node: c,
					Hint: "Clients read the card from the top level of the document. Publish the inner object itself, without the wrapper."}, true
			}
		}
	}
	// A non-empty object none of whose members is (even misspelt) an
	// AgentCard field: listing every missing field would bury the point.
	// An empty object stays a card in the making.
	if len(root.Children) > 0 && !anyCardField(root) {
		return Detection{Era: EraNotCard, Kind: "no-fields", LooksLike: "a JSON object with none of the Agent Card's fields", Node: root,
			Hint: "An Agent Card has name, description, version, supportedInterfaces, capabilities, defaultInputModes, defaultOutputModes and skills at its top level."}, true
	}
	return Detection{}, false
}

// anyCardField reports whether some member is an AgentCard field of any
// era, compared without case, '_' and '-' so that snake_case cards count.
// The catalogue's loose names are computed once (cardFieldLoose), so the
// check is one map lookup per member: a hostile object with thousands of
// members costs microseconds, not a replacer per member and field.
func anyCardField(n *jsonpos.Node) bool {
	loose := cardFieldLoose()
	var buf []byte
	for _, m := range n.Children {
		buf = appendLoose(buf[:0], m.Key)
		if loose[string(buf)] {
			return true
		}
	}
	return false
}

var (
	looseOnce  sync.Once
	looseNames map[string]bool
)

// cardFieldLoose is the set of loose names of every AgentCard field.
func cardFieldLoose() map[string]bool {
	looseOnce.Do(func() {
		looseNames = map[string]bool{}
		for _, f := range ObjectFields("AgentCard") {
			looseNames[looseName(f.Name)] = true
		}
	})
	return looseNames
}

// looseName lowers s and drops '_' and '-'.
func looseName(s string) string { return string(appendLoose(nil, s)) }

func appendLoose(dst []byte, s string) []byte {
	for _, r := range s {
		switch {
		case r == '_' || r == '-':
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			dst = append(dst, byte(r))
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
	}
	return dst
}
