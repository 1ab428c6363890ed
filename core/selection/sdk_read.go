package selection

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// An SDK's client reads the whole card before it chooses an interface:
// a2a-go decodes it with encoding/json into a2a.AgentCard
// (a2aclient/agentcard.DefaultCardParser), a2a-python converts its legacy
// members and parses the rest with protobuf's ParseDict
// (client/card_resolver.py parse_agent_card), a2a-js converts a card whose
// security looks proto-shaped with AgentCard.fromJSON
// (client/card-resolver.ts normalizeAgentCard) and uses any other as it
// is. A card the reader refuses never reaches the client factory. The
// readers below are our models of those three steps, judged on the parsed
// tree against the field catalogue's 1.0 types, and held to a2a-go and
// a2a-js by the differential tests of core/sdk.
//
// The a2a-python reader is held to protobuf's own ParseDict
// (TestPythonAgreesWithModel runs it on the A2A proto's descriptors,
// after the legacy conversions restated from card_resolver.py), but to
// Debian's python3-protobuf 3.21.12, not the protobuf >= 5.29.5, < 7 that
// a2a-python v1.1.0 installs with: the path it depends on
// (_ConvertFieldValuePair and its callers) makes the same checks at
// protobuf's tags v29.5 and v33.6, compared by reading them, and a later
// change would go unseen. ParseDict is more lenient than a typed decoder: it iterates
// whatever stands where a message belongs as member names (a string or a
// bare list of scopes reads as an empty message), checks repeated names by
// their text (a field under its JSON and its proto name is read twice, the
// later winning) and refuses only two members of one one-of group.

// CardReading is what an SDK's card reader makes of a card.
type CardReading struct {
	// Refusal says why the reader refuses the card; nil when it reads it.
	Refusal *Refusal
	// Interfaces is how many interface entries the client chooses from.
	Interfaces int
	// SecurityRequirements are the card-level requirements as read: one
	// map per requirement from scheme name to scopes. A nil scope list is
	// one the SDK cannot read as a list of scopes (a2a-js given a bare
	// list where it looks for {"list": …}).
	SecurityRequirements []map[string][]string
	// ExtendedCard is whether the SDK sees the offer of an extended card.
	ExtendedCard bool
	// ScopesLost is the first card-level requirement value whose scopes
	// the reader loads without an error but cannot read, because they are
	// not written as {"list": [...]} (a bare list, or a string): it sees
	// that scheme with no scopes. Nil when nothing is lost.
	ScopesLost *jsonpos.Node
}

// Kinds of refusal.
const (
	// RefuseScopesObject: a2a-go wants a requirement's scopes as a bare
	// list and finds the specification's {"list": […]} object.
	RefuseScopesObject = "scopes-object"
	// RefuseType: a value of another JSON type than the decoder's.
	RefuseType = "type"
	// RefuseOneOf: a security scheme or OAuth flows object holds no or
	// several of its one-of members.
	RefuseOneOf = "one-of"
	// RefuseNull: null where a2a-js converts an object (a TypeError).
	RefuseNull = "null"
	// RefuseDuplicate: one member given under its JSON and its proto
	// name (ParseDict).
	RefuseDuplicate = "duplicate-name"
	// RefuseCrash: a2a-python's legacy conversion meets a value it cannot
	// iterate or index (an AttributeError or TypeError).
	RefuseCrash = "crash"
)

// IssueGoScopes is the a2a-go issue about requirement scopes given as a
// bare list instead of the specification's StringList shape.
const IssueGoScopes = "https://github.com/a2aproject/a2a-go/issues/430"

// Refusal is why one SDK's reader refuses a card.
type Refusal struct {
	SDK  SDK
	Kind string
	// Node is the value refused.
	Node *jsonpos.Node
	// Text says what the reader fails on, as a phrase.
	Text i18n.Text
	// SpecShaped is true when the card is right per the specification
	// where the reader refuses it: the refusal is the SDK's, and the
	// finding for it (sdk-card-unreadable) says so.
	SpecShaped bool
	// Issue is the upstream issue that tracks the refusal, when known.
	Issue string
}

// ReadCard runs sdk's card reader model on a parsed card's root.
func ReadCard(root *jsonpos.Node, sdk SDK) CardReading {
	if root == nil || root.Kind != jsonpos.Object {
		kind := jsonpos.Invalid
		if root != nil {
			kind = root.Kind
		}
		return CardReading{Refusal: &Refusal{SDK: sdk, Kind: RefuseType, Node: root,
			Text: i18n.T("phrase.sdk.read.type", "/", kindName(kind), i18n.Phrase("phrase.sdk.read.want.object"))}}
	}
	switch sdk {
	case SDKGo:
		return readGo(root)
	case SDKPython:
		return readPython(root)
	case SDKJS:
		return readJS(root)
	}
	return CardReading{}
}

// GoRefusesScopes reports whether a2a-go's SecuritySchemeScopes ([]string)
// refuses v, a requirement's value for one scheme: a2a-go takes a bare
// list of strings (or null) where the specification has a StringList
// object (a2a/auth.go, a2a-go #430). The one test of that shape, shared
// by the reader model and the linter.
func GoRefusesScopes(v *jsonpos.Node) bool {
	if v == nil || v.Kind == jsonpos.Null {
		return false
	}
	if v.Kind != jsonpos.Array {
		return true
	}
	for _, e := range v.Children {
		if e.Kind != jsonpos.String && e.Kind != jsonpos.Null {
			return true
		}
	}
	return false
}

// ---- a2a-go: encoding/json into a2a.AgentCard ----

type goReader struct{ refusal *Refusal }

func (g *goReader) refuse(kind string, n *jsonpos.Node, text i18n.Text) bool {
	if g.refusal == nil {
		g.refusal = &Refusal{SDK: SDKGo, Kind: kind, Node: n, Text: text}
	}
	return false
}

func (g *goReader) wrongType(n *jsonpos.Node, want i18n.Phrase) bool {
	return g.refuse(RefuseType, n, i18n.T("phrase.sdk.read.type", n.BoundedPointer(), kindName(n.Kind), want))
}

// goMember is the member encoding/json decodes into the field name: the
// last member whose name equals it without regard to case.
func goMember(n *jsonpos.Node, name string) *jsonpos.Node {
	var out *jsonpos.Node
	for _, c := range n.Children {
		if strings.EqualFold(c.Key, name) {
			out = c
		}
	}
	return out
}

// goField is the 1.0 field of typ that a member named key decodes into
// (a2a-go's structs hold the 1.0 fields only), or nil.
func goField(typ, key string) *card.Field {
	if f := card.Lookup(typ, key, card.V10); f != nil {
		return f
	}
	for _, f := range card.ObjectFields(typ) {
		if f.In&card.V10 != 0 && strings.EqualFold(f.Name, key) {
			return f
		}
	}
	return nil
}

func readGo(root *jsonpos.Node) CardReading {
	g := &goReader{}
	if !g.value(root, "AgentCard") {
		return CardReading{Refusal: g.refusal}
	}
	out := CardReading{SecurityRequirements: []map[string][]string{}}
	if si := goMember(root, "supportedInterfaces"); si != nil && si.Kind == jsonpos.Array {
		out.Interfaces = len(si.Children)
	}
	if sr := goMember(root, "securityRequirements"); sr != nil && sr.Kind == jsonpos.Array {
		for _, req := range sr.Children {
			m := map[string][]string{}
			if s := goMember(req, "schemes"); s != nil && s.Kind == jsonpos.Object {
				for _, c := range s.Children {
					scopes := []string{}
					if c.Kind == jsonpos.Array {
						for _, e := range c.Children {
							scopes = append(scopes, e.Str)
						}
					}
					m[c.Key] = scopes
				}
			}
			out.SecurityRequirements = append(out.SecurityRequirements, m)
		}
	}
	if caps := goMember(root, "capabilities"); caps != nil && caps.Kind == jsonpos.Object {
		if e := goMember(caps, "extendedAgentCard"); e != nil && e.Kind == jsonpos.Bool {
			out.ExtendedCard = e.Bool
		}
	}
	return out
}

// value decodes n as a value of the catalogue type expression typ.
func (g *goReader) value(n *jsonpos.Node, typ string) bool {
	if n == nil || n.Kind == jsonpos.Null {
		return true
	}
	switch {
	case typ == "string":
		return n.Kind == jsonpos.String || g.wrongType(n, "phrase.sdk.read.want.string")
	case typ == "boolean":
		return n.Kind == jsonpos.Bool || g.wrongType(n, "phrase.sdk.read.want.boolean")
	case typ == "object":
		return n.Kind == jsonpos.Object || g.wrongType(n, "phrase.sdk.read.want.object")
	case strings.HasPrefix(typ, "[]"):
		if n.Kind != jsonpos.Array {
			return g.wrongType(n, "phrase.sdk.read.want.array")
		}
		for _, e := range n.Children {
			if !g.value(e, typ[2:]) {
				return false
			}
		}
		return true
	case strings.HasPrefix(typ, "map["):
		if n.Kind != jsonpos.Object {
			return g.wrongType(n, "phrase.sdk.read.want.object")
		}
		elem := typ[len("map[") : len(typ)-1]
		for _, c := range n.Children {
			ok := true
			if elem == "SecurityScheme" {
				ok = g.scheme(c)
			} else {
				ok = g.value(c, elem)
			}
			if !ok {
				return false
			}
		}
		return true
	}
	if n.Kind != jsonpos.Object {
		return g.wrongType(n, "phrase.sdk.read.want.object")
	}
	switch typ {
	case "SecurityRequirement":
		return g.requirement(n)
	case "OAuth2SecurityScheme":
		return g.oauth2(n)
	}
	for _, c := range n.Children {
		if f := goField(typ, c.Key); f != nil && !g.value(c, f.Type) {
			return false
		}
	}
	return true
}

// requirement is a2a-go's securityRequirements element: {"schemes":
// map[name][]string}.
func (g *goReader) requirement(n *jsonpos.Node) bool {
	for _, c := range n.Children {
		if !strings.EqualFold(c.Key, "schemes") || c.Kind == jsonpos.Null {
			continue
		}
		if c.Kind != jsonpos.Object {
			return g.wrongType(c, "phrase.sdk.read.want.object")
		}
		for _, v := range c.Children {
			if !GoRefusesScopes(v) {
				continue
			}
			if v.Kind == jsonpos.Object {
				g.refuse(RefuseScopesObject, v, i18n.T("phrase.sdk.read.go-scopes", v.BoundedPointer()))
				g.refusal.SpecShaped, g.refusal.Issue = true, IssueGoScopes
				return false
			}
			if v.Kind == jsonpos.Array {
				for _, e := range v.Children {
					if e.Kind != jsonpos.String && e.Kind != jsonpos.Null {
						return g.wrongType(e, "phrase.sdk.read.want.string")
					}
				}
			}
			return g.wrongType(v, "phrase.sdk.read.want.array")
		}
	}
	return true
}

// scheme is NamedSecuritySchemes.UnmarshalJSON for one scheme: exactly
// one wrapper (member names folded) that is not null.
func (g *goReader) scheme(n *jsonpos.Node) bool {
	if n.Kind != jsonpos.Null && n.Kind != jsonpos.Object {
		return g.wrongType(n, "phrase.sdk.read.want.object")
	}
	set := 0
	for _, w := range card.SecuritySchemeKinds {
		m := goMember(n, w)
		for _, c := range n.Children {
			if strings.EqualFold(c.Key, w) && !g.value(c, card.LookupAny("SecurityScheme", w).Type) {
				return false
			}
		}
		if m != nil && m.Kind != jsonpos.Null {
			set++
		}
	}
	if set != 1 {
		return g.refuse(RefuseOneOf, n, i18n.T("phrase.sdk.read.one-of", n.BoundedPointer(), set))
	}
	return true
}

// oauth2 is OAuth2SecurityScheme.UnmarshalJSON: exactly one flow.
func (g *goReader) oauth2(n *jsonpos.Node) bool {
	for _, c := range n.Children {
		if f := goField("OAuth2SecurityScheme", c.Key); f != nil && f.Name != "flows" && !g.value(c, f.Type) {
			return false
		}
	}
	flows := goMember(n, "flows")
	if flows != nil && flows.Kind != jsonpos.Null && flows.Kind != jsonpos.Object {
		return g.wrongType(flows, "phrase.sdk.read.want.object")
	}
	set := 0
	if flows != nil && flows.Kind == jsonpos.Object {
		for _, kind := range card.OAuthFlowKinds {
			for _, c := range flows.Children {
				if strings.EqualFold(c.Key, kind) && !g.value(c, card.LookupAny("OAuthFlows", kind).Type) {
					return false
				}
			}
			if m := goMember(flows, kind); m != nil && m.Kind != jsonpos.Null {
				set++
			}
		}
	}
	if set != 1 {
		where := n
		if flows != nil {
			where = flows
		}
		return g.refuse(RefuseOneOf, where, i18n.T("phrase.sdk.read.flows", where.BoundedPointer(), set))
	}
	return true
}

// ---- a2a-python: parse_agent_card, then ParseDict ----

type pyReader struct{ refusal *Refusal }

func (p *pyReader) refuse(kind string, n *jsonpos.Node, text i18n.Text) bool {
	if p.refusal == nil {
		p.refusal = &Refusal{SDK: SDKPython, Kind: kind, Node: n, Text: text}
	}
	return false
}

func (p *pyReader) wrongType(n *jsonpos.Node, want i18n.Phrase) bool {
	return p.refuse(RefuseType, n, i18n.T("phrase.sdk.read.type", n.BoundedPointer(), kindName(n.Kind), want))
}

func (p *pyReader) crash(n *jsonpos.Node) bool {
	return p.refuse(RefuseCrash, n, i18n.T("phrase.sdk.read.py-crash", n.BoundedPointer(), kindName(n.Kind)))
}

// ProtoName is the proto field name that ParseDict and a2a-js's fromJSON
// also accept for a JSON name: "protocolBinding" → "protocol_binding".
func ProtoName(json string) string {
	var b strings.Builder
	for i := 0; i < len(json); i++ {
		c := json[i]
		if c >= 'A' && c <= 'Z' {
			b.WriteByte('_')
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// pyMembers are an object's members as Python's json module gives them
// to ParseDict: in the order of each name's first occurrence, each with
// its last value (a dict keeps one value per key).
func pyMembers(n *jsonpos.Node) []*jsonpos.Node {
	if n == nil || n.Kind != jsonpos.Object {
		return nil
	}
	out := make([]*jsonpos.Node, 0, len(n.Children))
	seen := make(map[string]bool, len(n.Children))
	for _, c := range n.Children {
		if !seen[c.Key] {
			seen[c.Key] = true
			out = append(out, n.Get(c.Key))
		}
	}
	return out
}

// pyEffective is the value a field holds after ParseDict read n: a field
// may be given under its JSON and its proto name, and ParseDict, which
// checks names by their text, reads both in turn, so the later one wins
// (a repeated or map field is cleared first; null clears the field). Nil
// when the field ends up unset.
func pyEffective(n *jsonpos.Node, name string) *jsonpos.Node {
	var out *jsonpos.Node
	proto := ProtoName(name)
	for _, c := range pyMembers(n) {
		if c.Key != name && c.Key != proto {
			continue
		}
		out = c
		if c.Kind == jsonpos.Null {
			out = nil
		}
	}
	return out
}

// ProtoOneOf is the one-of group of a field of the A2A proto as protobuf
// sees it, or "": the security scheme's wrappers ("scheme"), the OAuth
// flows ("flow"), and the proto3 optional fields, each alone in a
// synthetic group. ParseDict refuses a message that sets two members of
// one group, so also an optional field given under both its names.
// TestProtoOneOfs (core/sdk) holds the list to a2a-go's a2apb/v1.
func ProtoOneOf(typ, field string) string {
	switch typ {
	case "SecurityScheme":
		for _, w := range card.SecuritySchemeKinds {
			if w == field {
				return "scheme"
			}
		}
	case "OAuthFlows":
		for _, k := range card.OAuthFlowKinds {
			if k == field {
				return "flow"
			}
		}
	case "AgentCard":
		if field == "documentationUrl" || field == "iconUrl" {
			return "_" + ProtoName(field)
		}
	case "AgentCapabilities":
		if field == "streaming" || field == "pushNotifications" || field == "extendedAgentCard" {
			return "_" + ProtoName(field)
		}
	}
	return ""
}

func readPython(root *jsonpos.Node) CardReading {
	p := &pyReader{}
	// _handle_extended_card_compatibility
	legacyExtended := !pyFalsy(root.Get("supportsAuthenticatedExtendedCard"))
	caps := root.Get("capabilities")
	if legacyExtended && caps != nil && caps.Kind != jsonpos.Object {
		p.crash(caps)
		return CardReading{Refusal: p.refusal}
	}
	if snake := caps.Get("extended_agent_card"); legacyExtended && caps.Get("extendedAgentCard") == nil && snake != nil && snake.Kind != jsonpos.Null {
		// the conversion adds extendedAgentCard beside the proto name: two
		// members of the flag's synthetic one-of group
		p.refuse(RefuseDuplicate, snake, i18n.T("phrase.sdk.read.py-duplicate", snake.BoundedPointer(), jsonpos.QuoteClipped("extendedAgentCard")))
		return CardReading{Refusal: p.refusal}
	}
	// _handle_connection_fields_compatibility: the legacy members go; a
	// card without supportedInterfaces gets entries built from them
	built := root.Get("supportedInterfaces") == nil && !pyFalsy(root.Get("url"))
	if built && !p.legacyInterfaces(root) {
		return CardReading{Refusal: p.refusal}
	}
	// _handle_security_compatibility
	legacyReqs := root.Get("securityRequirements") == nil && root.Get("security") != nil && root.Get("security").Kind != jsonpos.Null
	if legacyReqs && !p.legacySecurity(root.Get("security")) {
		return CardReading{Refusal: p.refusal}
	}
	if skills := root.Get("skills"); skills != nil {
		switch {
		case skills.Kind == jsonpos.Array:
			for _, s := range skills.Children {
				if s.Kind != jsonpos.Object {
					p.crash(s)
					return CardReading{Refusal: p.refusal}
				}
				if s.Get("securityRequirements") == nil && s.Get("security") != nil && s.Get("security").Kind != jsonpos.Null && !p.legacySecurity(s.Get("security")) {
					return CardReading{Refusal: p.refusal}
				}
			}
		case skills.Kind == jsonpos.Object && len(skills.Children) == 0, skills.Kind == jsonpos.String && skills.Str == "":
		default:
			p.crash(skills)
			return CardReading{Refusal: p.refusal}
		}
	}
	if ss := root.Get("securitySchemes"); ss != nil && !pyFalsy(ss) {
		if ss.Kind != jsonpos.Object {
			p.crash(ss)
			return CardReading{Refusal: p.refusal}
		}
		for _, c := range ss.Children {
			if ss.Get(c.Key) == c && c.Kind != jsonpos.Object {
				p.crash(c)
				return CardReading{Refusal: p.refusal}
			}
			if t := c.Get("type"); ss.Get(c.Key) == c && t != nil && (t.Kind == jsonpos.Object || t.Kind == jsonpos.Array) {
				p.crash(t) // looked up in the table of 0.3 types: unhashable
				return CardReading{Refusal: p.refusal}
			}
		}
	}
	// ParseDict(ignore_unknown_fields=True)
	if !p.message(root, "AgentCard") {
		return CardReading{Refusal: p.refusal}
	}
	out := CardReading{SecurityRequirements: []map[string][]string{}}
	// parse_agent_card adds supportedInterfaces (and securityRequirements)
	// as the last member, so what it built wins over a snake_case name
	if built {
		out.Interfaces = 1
		if ai := root.Get("additionalInterfaces"); ai != nil && ai.Kind == jsonpos.Array {
			out.Interfaces += len(ai.Children)
		}
	} else if si := pyEffective(root, "supportedInterfaces"); si != nil && si.Kind == jsonpos.Array {
		out.Interfaces = len(si.Children)
	}
	if legacyReqs {
		for _, req := range root.Get("security").Children {
			m := map[string][]string{}
			for _, c := range pyMembers(req) {
				m[c.Key] = stringList(c)
			}
			out.SecurityRequirements = append(out.SecurityRequirements, m)
		}
	} else if sr := pyEffective(root, "securityRequirements"); sr != nil && sr.Kind == jsonpos.Array {
		for _, req := range sr.Children {
			// a requirement or its scopes written as a string or a bare
			// list parse as an empty message: the scopes are lost
			m := map[string][]string{}
			for _, c := range pyMembers(pyEffective(req, "schemes")) {
				m[c.Key] = stringList(pyEffective(c, "list"))
				if out.ScopesLost == nil && (c.Kind == jsonpos.Array || c.Kind == jsonpos.String) {
					out.ScopesLost = c
				}
			}
			out.SecurityRequirements = append(out.SecurityRequirements, m)
		}
	}
	if caps != nil && caps.Kind == jsonpos.Object {
		if e := pyEffective(caps, "extendedAgentCard"); e != nil && e.Kind == jsonpos.Bool {
			out.ExtendedCard = e.Bool
		}
		if legacyExtended && caps.Get("extendedAgentCard") == nil {
			out.ExtendedCard = true
		}
	} else if legacyExtended {
		out.ExtendedCard = true
	}
	return out
}

func stringList(n *jsonpos.Node) []string {
	out := []string{}
	if n != nil && n.Kind == jsonpos.Array {
		for _, e := range n.Children {
			out = append(out, e.Str)
		}
	}
	return out
}

// legacyInterfaces checks the entries parse_agent_card builds from url,
// preferredTransport, additionalInterfaces and the card-level
// protocolVersion, as ParseDict then reads them (each a string or None).
func (p *pyReader) legacyInterfaces(root *jsonpos.Node) bool {
	for _, name := range []string{"url", "preferredTransport", "protocolVersion"} {
		if v := root.Get(name); v != nil && v.Kind != jsonpos.Null && v.Kind != jsonpos.String {
			return p.wrongType(v, "phrase.sdk.read.want.string")
		}
	}
	ai := root.Get("additionalInterfaces")
	if pyFalsy(ai) {
		return true
	}
	if ai.Kind != jsonpos.Array {
		return p.crash(ai)
	}
	for _, e := range ai.Children {
		if e.Kind != jsonpos.Object {
			return p.crash(e)
		}
		for _, name := range []string{"url", "transport"} {
			if v := e.Get(name); v != nil && v.Kind != jsonpos.Null && v.Kind != jsonpos.String {
				return p.wrongType(v, "phrase.sdk.read.want.string")
			}
		}
	}
	return true
}

// legacySecurity is _map_legacy_security: a list of {name: [scopes]}
// objects, each scope list becoming a StringList's list.
func (p *pyReader) legacySecurity(sec *jsonpos.Node) bool {
	switch {
	case sec.Kind == jsonpos.Array:
	case sec.Kind == jsonpos.String && sec.Str == "", sec.Kind == jsonpos.Object && len(sec.Children) == 0:
		return true
	default:
		return p.crash(sec)
	}
	for _, req := range sec.Children {
		if req.Kind != jsonpos.Object {
			return p.crash(req)
		}
		for _, c := range req.Children {
			if req.Get(c.Key) == c && !p.value(c, "[]string") {
				return false
			}
		}
	}
	return true
}

// message is ParseDict of a value where a message of catalogue type typ
// stands. ParseDict does not check that the value is an object: it
// iterates it as member names. A string's characters name no field, so a
// string reads as an empty message; an array's items do the same when
// each is a string naming no field (an item naming one is then looked up
// in the array, a TypeError, and an item of another type fails the name
// lookup); a number or true/false cannot be iterated. An object's members
// are read under their JSON or proto name, unknown names ignored; the
// same field under both names is read twice, the later winning, and is
// refused only when it belongs to a one-of group, as are two members of
// one group (ProtoOneOf).
func (p *pyReader) message(n *jsonpos.Node, typ string) bool {
	switch n.Kind {
	case jsonpos.String:
		return true
	case jsonpos.Array:
		for _, e := range n.Children {
			if e.Kind != jsonpos.String || pyField(typ, e.Str) != nil || pyExtensionName(e.Str) {
				return p.refuse(RefuseType, e, i18n.T("phrase.sdk.read.py-array", n.BoundedPointer(), e.BoundedPointer()))
			}
		}
		return true
	case jsonpos.Object:
	default:
		return p.wrongType(n, "phrase.sdk.read.want.object")
	}
	if typ == "SecurityScheme" && n.Get("type") != nil {
		// parse_agent_card moved a 0.3 scheme under its wrapper
		if t := n.Get("type"); t.Kind == jsonpos.String {
			if k, ok := card.SchemeKindByType(t.Str); ok {
				return p.legacyScheme(n, k)
			}
		}
	}
	groups := map[string]*jsonpos.Node{}
	for _, c := range pyMembers(n) {
		if typ == "SecurityScheme" && c.Key == "type" {
			continue // parse_agent_card popped it
		}
		f := pyField(typ, c.Key)
		if f == nil {
			continue
		}
		if g := ProtoOneOf(typ, f.Name); g != "" && c.Kind != jsonpos.Null {
			if prev := groups[g]; prev != nil {
				if pyField(typ, prev.Key) == f {
					return p.refuse(RefuseDuplicate, c, i18n.T("phrase.sdk.read.py-duplicate", c.BoundedPointer(), jsonpos.QuoteClipped(prev.Key)))
				}
				return p.refuse(RefuseOneOf, c, i18n.T("phrase.sdk.read.py-one-of", c.BoundedPointer()))
			}
			groups[g] = c
		}
		if !p.value(c, f.Type) {
			return false
		}
	}
	return true
}

// pyExtensionName is a name json_format takes for an extension
// ("[pkg.ext]"), which it refuses in the A2A messages (none is
// extendable).
func pyExtensionName(s string) bool {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return false
	}
	for _, r := range s[1 : len(s)-1] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_') {
			return false
		}
	}
	return true
}

// legacyScheme is a 0.3 scheme after parse_agent_card moved its members
// under the wrapper of its type ("in" renamed "location").
func (p *pyReader) legacyScheme(n *jsonpos.Node, k card.SchemeKind) bool {
	wrapper := card.LookupAny("SecurityScheme", k.Wrapper).Type
	hasIn := k.Type == "apiKey" && n.Get("in") != nil
	for _, c := range pyMembers(n) {
		if c.Key == "type" || hasIn && c.Key == "location" {
			continue
		}
		name := c.Key
		if hasIn && name == "in" {
			name = "location"
		}
		if f := pyField(wrapper, name); f != nil && !p.value(c, f.Type) {
			return false
		}
	}
	return true
}

func pyField(typ, key string) *card.Field {
	if f := card.Lookup(typ, key, card.V10); f != nil {
		return f
	}
	for _, f := range card.ObjectFields(typ) {
		if f.In&card.V10 != 0 && ProtoName(f.Name) == key {
			return f
		}
	}
	return nil
}

func (p *pyReader) value(n *jsonpos.Node, typ string) bool {
	if n.Kind == jsonpos.Null {
		return true
	}
	switch {
	case typ == "string":
		return n.Kind == jsonpos.String || p.wrongType(n, "phrase.sdk.read.want.string")
	case typ == "boolean":
		return n.Kind == jsonpos.Bool || p.wrongType(n, "phrase.sdk.read.want.boolean")
	case typ == "object":
		return n.Kind == jsonpos.Object || p.wrongType(n, "phrase.sdk.read.want.object")
	case strings.HasPrefix(typ, "[]"):
		if n.Kind != jsonpos.Array {
			return p.wrongType(n, "phrase.sdk.read.want.array")
		}
		for _, e := range n.Children {
			if e.Kind == jsonpos.Null {
				return p.refuse(RefuseNull, e, i18n.T("phrase.sdk.read.py-null", e.BoundedPointer()))
			}
			if !p.value(e, typ[2:]) {
				return false
			}
		}
		return true
	case strings.HasPrefix(typ, "map["):
		if n.Kind != jsonpos.Object {
			return p.wrongType(n, "phrase.sdk.read.want.object")
		}
		elem := typ[len("map[") : len(typ)-1]
		for _, c := range n.Children {
			if n.Get(c.Key) != c {
				continue
			}
			if c.Kind == jsonpos.Null {
				return p.refuse(RefuseNull, c, i18n.T("phrase.sdk.read.py-null", c.BoundedPointer()))
			}
			if !p.value(c, elem) {
				return false
			}
		}
		return true
	}
	return p.message(n, typ)
}

// ---- a2a-js: normalizeAgentCard ----

// jsMembers are the members AgentCard.fromJSON reads as lists of
// objects (or a map of objects), each element converted by a fromJSON
// that reads its members and so throws a TypeError on null; the name is
// the JSON name, the proto name is tried when it is not a list.
var jsMembers = map[string][]string{
	"AgentCard":         {"supportedInterfaces", "skills", "signatures", "securityRequirements"},
	"AgentCapabilities": {"extensions"},
	"AgentSkill":        {"securityRequirements"},
}

// jsList is what fromJSON reads for a list member: the JSON name when it
// holds an array, else the proto name when that does, else nothing.
func jsList(n *jsonpos.Node, name string) *jsonpos.Node {
	if v := n.Get(name); v != nil && v.Kind == jsonpos.Array {
		return v
	}
	if v := n.Get(ProtoName(name)); v != nil && v.Kind == jsonpos.Array {
		return v
	}
	return nil
}

// jsSet is what fromJSON reads for a message member (isSet: neither null
// nor undefined), under its JSON name or else its proto name.
func jsSet(n *jsonpos.Node, name string) *jsonpos.Node {
	if n == nil || n.Kind != jsonpos.Object {
		return nil
	}
	if v := n.Get(name); v != nil && v.Kind != jsonpos.Null {
		return v
	}
	if v := n.Get(ProtoName(name)); v != nil && v.Kind != jsonpos.Null {
		return v
	}
	return nil
}

func readJS(root *jsonpos.Node) CardReading {
	out := CardReading{SecurityRequirements: []map[string][]string{}}
	if !jsProtoCard(root) {
		// used as it is
		if si := root.Get("supportedInterfaces"); si != nil && si.Kind == jsonpos.Array {
			out.Interfaces = len(si.Children)
		}
		if sr := root.Get("securityRequirements"); sr != nil && sr.Kind == jsonpos.Array {
			for _, req := range sr.Children {
				out.SecurityRequirements = append(out.SecurityRequirements, jsRequirement(req.Get("schemes"), false))
				out.ScopesLost = jsScopesLost(out.ScopesLost, req.Get("schemes"))
			}
		}
		out.ExtendedCard = jsTruthy(root.Get("capabilities").Get("extendedAgentCard"))
		return out
	}
	if r := jsNulls(root, "AgentCard"); r != nil {
		return CardReading{Refusal: r}
	}
	// securitySchemes (or security_schemes) when it is an object (an
	// array counts, as for isObject): each value goes to
	// SecurityScheme.fromJSON, which throws on null
	ss := root.Get("securitySchemes")
	if !jsObject(ss) {
		ss = root.Get("security_schemes")
	}
	if jsObject(ss) {
		for _, c := range ss.Children {
			if c.Kind == jsonpos.Null && (ss.Kind == jsonpos.Array || ss.Get(c.Key) == c) {
				return CardReading{Refusal: &Refusal{SDK: SDKJS, Kind: RefuseNull, Node: c, Text: i18n.T("phrase.sdk.read.js-null", c.BoundedPointer())}}
			}
		}
	}
	if si := jsList(root, "supportedInterfaces"); si != nil {
		out.Interfaces = len(si.Children)
	}
	if sr := jsList(root, "securityRequirements"); sr != nil {
		for _, req := range sr.Children {
			s := req.Get("schemes")
			if s == nil || s.Kind == jsonpos.Null {
				s = nil
			}
			out.SecurityRequirements = append(out.SecurityRequirements, jsRequirement(s, true))
			out.ScopesLost = jsScopesLost(out.ScopesLost, s)
		}
	}
	if caps := jsSet(root, "capabilities"); caps != nil {
		if e := jsSet(caps, "extendedAgentCard"); e != nil {
			out.ExtendedCard = jsTruthy(e)
		}
	}
	return out
}

func jsObject(n *jsonpos.Node) bool {
	return n != nil && (n.Kind == jsonpos.Object || n.Kind == jsonpos.Array)
}

// jsNulls finds a null element fromJSON would convert (a TypeError).
func jsNulls(n *jsonpos.Node, typ string) *Refusal {
	if n == nil || n.Kind != jsonpos.Object {
		return nil
	}
	for _, name := range jsMembers[typ] {
		list := jsList(n, name)
		if list == nil {
			continue
		}
		for _, e := range list.Children {
			if e.Kind == jsonpos.Null {
				return &Refusal{SDK: SDKJS, Kind: RefuseNull, Node: e, Text: i18n.T("phrase.sdk.read.js-null", e.BoundedPointer())}
			}
			if name == "skills" {
				if r := jsNulls(e, "AgentSkill"); r != nil {
					return r
				}
			}
		}
	}
	if typ == "AgentCard" {
		return jsNulls(jsSet(n, "capabilities"), "AgentCapabilities")
	}
	return nil
}

// jsRequirement is one requirement's schemes as a2a-js holds them: after
// AgentCard.fromJSON (converted) every value is a StringList whose list
// is read if it is an array (a bare list reads as no scopes); used as
// written, a value's list is its "list" member, and a bare list has none
// (nil: the scopes cannot be read).
func jsRequirement(s *jsonpos.Node, converted bool) map[string][]string {
	m := map[string][]string{}
	if s == nil || s.Kind != jsonpos.Object && s.Kind != jsonpos.Array {
		return m
	}
	for _, c := range s.Children {
		key := c.Key
		if s.Kind == jsonpos.Array {
			key = strconv.Itoa(c.Index)
		} else if s.Get(c.Key) != c {
			continue
		}
		list := c.Get("list")
		switch {
		case list != nil && list.Kind == jsonpos.Array:
			scopes := make([]string, 0, len(list.Children))
			for _, e := range list.Children {
				scopes = append(scopes, jsString(e))
			}
			m[key] = scopes
		case converted:
			m[key] = []string{}
		default:
			m[key] = nil
		}
	}
	return m
}

// jsScopesLost is lost, or else the first value of schemes whose scopes
// jsRequirement could not read as a list: one without a "list" array.
func jsScopesLost(lost, schemes *jsonpos.Node) *jsonpos.Node {
	if lost != nil || schemes == nil || schemes.Kind != jsonpos.Object {
		return lost
	}
	for _, c := range schemes.Children {
		if schemes.Get(c.Key) != c || c.Kind == jsonpos.Null {
			continue
		}
		if l := c.Get("list"); l == nil || l.Kind != jsonpos.Array {
			return c
		}
	}
	return nil
}

// jsTruthy is JavaScript's truth test of a decoded JSON value (objects
// and arrays are true even when empty).
func jsTruthy(n *jsonpos.Node) bool {
	if n == nil {
		return false
	}
	if n.Kind == jsonpos.Object || n.Kind == jsonpos.Array {
		return true
	}
	return !pyFalsy(n)
}

// SpecShapedRefusals lists, per SDK, the first place where its reader
// refuses a part of the card that is right per the specification, with
// how many such places there are. It looks only where such refusals
// happen (a2a-go: the scopes of each card-level and skill-level security
// requirement), so the linter can run it on every card; ReadCard finds
// the same refusals (the same GoRefusesScopes test), and a test holds the
// two together over the sweep of cards.
func SpecShapedRefusals(root *jsonpos.Node) []SpecRefusal {
	if root == nil || root.Kind != jsonpos.Object {
		return nil
	}
	var first *jsonpos.Node
	count := 0
	scan := func(owner *jsonpos.Node) {
		reqs := goMember(owner, "securityRequirements")
		if reqs == nil || reqs.Kind != jsonpos.Array {
			return
		}
		for _, req := range reqs.Children {
			if req.Kind != jsonpos.Object {
				continue
			}
			s := goMember(req, "schemes")
			if s == nil || s.Kind != jsonpos.Object {
				continue
			}
			for _, v := range s.Children {
				if v.Kind == jsonpos.Object {
					if first == nil {
						first = v
					}
					count++
				}
			}
		}
	}
	scan(root)
	if skills := goMember(root, "skills"); skills != nil && skills.Kind == jsonpos.Array {
		for _, s := range skills.Children {
			if s.Kind == jsonpos.Object {
				scan(s)
			}
		}
	}
	if first == nil {
		return nil
	}
	return []SpecRefusal{{Refusal: Refusal{SDK: SDKGo, Kind: RefuseScopesObject, Node: first, SpecShaped: true, Issue: IssueGoScopes,
		Text: i18n.T("phrase.sdk.read.go-scopes", first.BoundedPointer())}, Places: count}}
}

// SpecRefusal is a refusal of a specification-shaped part of the card and
// how many places of the card it concerns.
type SpecRefusal struct {
	Refusal
	Places int
}
