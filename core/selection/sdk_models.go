package selection

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// The models below follow the client factories of the libraries as
// released in mid-2026. Each is our own reading of the library's source
// (the functions are named in the comments; nothing is copied) and the
// differential tests run the real library on the same table of cards.
//
// What the models leave out: a library decodes the whole card before it
// selects, and a card its decoder refuses elsewhere (a skill of the wrong
// type, say) fails there; the linter reports such cards. The models judge
// the members that take part in selection.

// verdict is a model's decision on one entry.
type verdict struct {
	decision string
	reason   i18n.Text
}

func skip(id string, args ...any) verdict {
	return verdict{DecisionSkipped, i18n.T(id, args...)}
}

// sdkEntry is one entry as a library's decoder sees it: the strings it
// reads (null and absent read as ""), and the spec model's entry for
// its index, source and span.
type sdkEntry struct {
	it                            card.Interface
	url, binding, version, tenant string
}

// modelSDK runs sdk's model on a card that Select could read.
func modelSDK(root *jsonpos.Node, sdk SDK) Result {
	list := ListLegacy
	if root.Has("supportedInterfaces") {
		list = ListSupported
	}
	entries := card.Interfaces(root)
	v := make([]verdict, len(entries))
	var chosen int
	var speaks string
	var fail i18n.Text
	var es []sdkEntry
	switch sdk {
	case SDKGo:
		es, chosen, speaks, fail = modelGo(entries, list, v)
	case SDKPython:
		es, chosen, speaks, fail = modelPython(root, entries, list, v)
	default:
		es, chosen, speaks, fail = modelJS(root, entries, list, v)
	}
	res := Result{Outcome: NoCompatibleInterface, Index: -1, List: list, Client: sdk.Name(), SDK: string(sdk),
		Trace: make([]Step, 0, min(len(entries), MaxTrace+1))}
	if !fail.IsZero() {
		res.Outcome = SDKError
		res.MessageText = i18n.T("msg.sdk.error", sdk.Name(), fail)
		res.Message = english(res.MessageText)
		return res
	}
	for k, it := range entries {
		if len(res.Trace) >= MaxTrace && k != chosen {
			res.TraceOmitted++
			continue
		}
		st := Step{Index: it.Index, Source: it.Source, Decision: v[k].decision, ReasonText: v[k].reason}
		if st.Decision == "" {
			st.Decision, st.ReasonText = DecisionSkipped, i18n.T("msg.sdk.not-read")
		}
		st.Reason = english(st.ReasonText)
		st.Start, st.End = span(it.Node)
		fill(&st, it)
		res.Trace = append(res.Trace, st)
	}
	if chosen < 0 {
		res.MessageText = i18n.T("msg.sdk.none", sdk.Name())
		res.Message = english(res.MessageText)
		return res
	}
	e := es[chosen]
	res.Outcome, res.Index, res.Speaks = Selected, e.it.Index, speaks
	res.URL, res.ProtocolBinding, res.ProtocolVersion = e.url, e.binding, e.version
	res.Tenant, res.HasTenant = e.tenant, e.tenant != ""
	res.Source = e.it.Source
	res.Start, res.End = span(e.it.Node)
	tenant := i18n.T("phrase.select.no-tenant")
	if e.tenant != "" {
		tenant = i18n.T("phrase.select.send-tenant", jsonpos.QuoteClipped(e.tenant))
	}
	res.MessageText = i18n.T("msg.sdk.selected", sdk.Name(), res.Index, res.Source, clipped(e.binding),
		jsonpos.QuoteClipped(e.version), clipped(e.url), speaks, tenant)
	res.Message = english(res.MessageText)
	return res
}

// Member spellings a decoder accepts besides the exact camelCase name.
const (
	exactNames = iota
	// snakeNames: ParseDict also reads the proto field name
	// ("protocol_binding"), the later of the two winning.
	snakeNames
	// foldedNames: encoding/json matches a key to a field without regard
	// to letter case ("URL", "protocolbinding"), the last such key winning.
	foldedNames
)

// decoded reads the entries as a proto-shaped decoder does (a2a-go's
// encoding/json into a2a.AgentInterface, a2a-python's ParseDict): every
// element an object, every member a string or null. A refusal is the
// library's error, as data.
func decoded(entries []card.Interface, names int) ([]sdkEntry, i18n.Text) {
	out := make([]sdkEntry, len(entries))
	for k, it := range entries {
		n := it.Node
		if names == snakeNames && n != nil && (n.Kind == jsonpos.String || n.Kind == jsonpos.Array) {
			// ParseDict iterates it as member names and builds an empty
			// AgentInterface (ReadCard refuses the arrays it cannot read)
			out[k] = sdkEntry{it: it}
			continue
		}
		if n == nil || n.Kind != jsonpos.Object {
			kind := jsonpos.Null
			if n != nil {
				kind = n.Kind
			}
			return nil, i18n.T("phrase.sdk.entry-kind", it.Source, kindName(kind))
		}
		e := sdkEntry{it: it}
		for _, m := range []struct {
			name string
			dst  *string
		}{{"url", &e.url}, {"protocolBinding", &e.binding}, {"protocolVersion", &e.version}, {"tenant", &e.tenant}} {
			v := n.Get(m.name)
			switch {
			case names == foldedNames:
				for _, c := range n.Children {
					if strings.EqualFold(c.Key, m.name) {
						v = c
					}
				}
			case names == snakeNames:
				v = pyEffective(n, m.name) // both names: the later one wins
			}
			switch {
			case v == nil || v.Kind == jsonpos.Null:
			case v.Kind == jsonpos.String:
				*m.dst = v.Str
			default:
				return nil, i18n.T("phrase.sdk.member-kind", it.Source, m.name, kindName(v.Kind))
			}
		}
		out[k] = e
	}
	return out, i18n.Text{}
}

// PythonEntries is the supportedInterfaces list a2a-python's client
// chooses from as the model decodes it: url, binding, version and tenant
// per entry (core/sdk holds it to ParseDict). Nil when the card has no
// supportedInterfaces member or the decoding fails.
func PythonEntries(root *jsonpos.Node) [][4]string {
	if root == nil || !root.Has("supportedInterfaces") {
		return nil
	}
	es, fail := decoded(card.V10Interfaces(root), snakeNames)
	if !fail.IsZero() {
		return nil
	}
	out := make([][4]string, len(es))
	for k, e := range es {
		out[k] = [4]string{e.url, e.binding, e.version, e.tenant}
	}
	return out
}

// modelGo is a2a-go v2's a2aclient.NewFromCard with default options
// (a2aclient/factory.go): NewFactory registers WithJSONRPCTransport and
// WithRESTTransport, both under a2a.Version "1.0"; selectTransport keeps
// an entry when a transport is registered for its binding and version
// (exactly, after makeTransportKey puts a "v" in front) or, failing that,
// for its binding at a version with the same semantic-version major
// (golang.org/x/mod/semver.Major); the candidates are sorted by the
// registered version, newest first, then by Config.PreferredTransports,
// which is empty by default, so the card's order stands; createTransport
// then takes the first whose factory succeeds, and the REST factory fails
// on a URL that net/url cannot parse. The default card parser
// (a2aclient/agentcard.DefaultCardParser, encoding/json, which matches
// member names without regard to case) reads only supportedInterfaces:
// a 0.3 card has no interface for it. The registered versions are all
// 1.0, so the newest-version-first sort changes nothing by default; it
// matters once a 0.3 compatibility transport is registered.
func modelGo(entries []card.Interface, list string, v []verdict) ([]sdkEntry, int, string, i18n.Text) {
	if list == ListLegacy {
		for k := range entries {
			v[k] = skip("msg.sdk.go.legacy")
		}
		return nil, -1, "", i18n.Text{}
	}
	es, fail := decoded(entries, foldedNames)
	if !fail.IsZero() {
		return nil, -1, "", fail
	}
	chosen := -1
	for k, e := range es {
		switch {
		case e.binding != "JSONRPC" && e.binding != "HTTP+JSON":
			v[k] = skip("msg.sdk.go.binding", jsonpos.QuoteClipped(e.binding))
		case !semverMajorOne(e.version):
			v[k] = skip("msg.sdk.go.version", jsonpos.QuoteClipped(e.version))
		case chosen >= 0:
			v[k] = verdict{DecisionNotReached, i18n.T("msg.sdk.go.later", es[chosen].it.Index)}
		case e.binding == "HTTP+JSON" && !parsesAsURL(e.url):
			v[k] = skip("msg.sdk.go.url", jsonpos.QuoteClipped(e.url))
		default:
			chosen = k
			v[k] = verdict{DecisionSelected, i18n.T("msg.sdk.go.selected", e.binding, jsonpos.QuoteClipped(e.version))}
		}
	}
	return es, chosen, "1.0", i18n.Text{}
}

func parsesAsURL(s string) bool {
	_, err := url.Parse(s)
	return err == nil
}

// semverMajorOne reports whether a2a-go finds a transport for a card
// version with its default 1.0 transports: the version with "v" put in
// front (unless it starts with one) must be a valid semantic version
// (vMAJOR, vMAJOR.MINOR, or vMAJOR.MINOR.PATCH with an optional
// pre-release and build; no leading zeros) whose major is 1.
func semverMajorOne(version string) bool {
	s := version
	if !strings.HasPrefix(s, "v") {
		s = "v" + s
	}
	s = s[1:]
	num := func() (string, bool) {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n := s[:i]
		if n == "" || len(n) > 1 && n[0] == '0' {
			return "", false
		}
		s = s[i:]
		return n, true
	}
	major, ok := num()
	if !ok {
		return false
	}
	// vMAJOR and vMAJOR.MINOR stop there; only vMAJOR.MINOR.PATCH may
	// carry a pre-release and a build
	for part := 0; part < 2; part++ {
		if s == "" {
			return major == "1"
		}
		if s[0] != '.' {
			return false
		}
		s = s[1:]
		if _, ok := num(); !ok {
			return false
		}
	}
	if s != "" && s[0] == '-' {
		end := strings.IndexByte(s, '+')
		if end < 0 {
			end = len(s)
		}
		if !identifiers(s[1:end], true) {
			return false
		}
		s = s[end:]
	}
	if s != "" && (s[0] != '+' || !identifiers(s[1:], false)) {
		return false
	}
	return major == "1"
}

// identifiers checks a dot-separated list of non-empty [0-9A-Za-z-]
// identifiers; in a pre-release a numeric identifier has no leading zero.
func identifiers(s string, pre bool) bool {
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return false
		}
		numeric := true
		for i := 0; i < len(id); i++ {
			c := id[i]
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-':
				numeric = false
			default:
				return false
			}
		}
		if pre && numeric && len(id) > 1 && id[0] == '0' {
			return false
		}
	}
	return true
}

// Python ranks, best first (ClientFactory._find_best_interface).
const (
	pyExact = iota
	pyAbove
	pyLegacy
	pyNoVersion
	pyUnusable
)

func pyRank(version string) int {
	if version == "1.0" {
		return pyExact
	}
	if version == "" {
		return pyNoVersion
	}
	pv, ok := parsePEP440(version)
	switch {
	case !ok:
		return pyUnusable
	case pv.cmp("1", "0") > 0:
		return pyAbove
	case pv.cmp("0", "3") >= 0:
		return pyLegacy
	}
	return pyUnusable
}

var pyRankPhrase = [...]string{"phrase.sdk.py.rank.exact", "phrase.sdk.py.rank.above", "phrase.sdk.py.rank.legacy", "phrase.sdk.py.rank.none"}

// modelPython is a2a-python 1.x's ClientFactory(ClientConfig()).create
// (src/a2a/client/client_factory.py). The card is read by
// card_resolver.parse_agent_card: a card without supportedInterfaces
// whose url is set gets one built from url, preferredTransport (default
// "JSONRPC"), additionalInterfaces and the card-level protocolVersion as
// written (default "0.3.0"); a card with supportedInterfaces loses its
// legacy members. ClientConfig's supported_protocol_bindings is empty,
// which means JSONRPC only. create takes the binding of the earliest
// entry the client supports, then _find_best_interface picks among all
// entries of that binding: the first whose protocolVersion is exactly
// "1.0", else the first above 1.0, else the first at 0.3 or later, else
// the first without a version (packaging.version.Version compares);
// nothing else is tried. The JSONRPC producer speaks 0.3 (its compat
// transport) to a version in [0.3, 1.0) (compat/v0_3/versions.py
// is_legacy_version), 1.0 otherwise.
func modelPython(root *jsonpos.Node, entries []card.Interface, list string, v []verdict) ([]sdkEntry, int, string, i18n.Text) {
	var es []sdkEntry
	if list == ListLegacy {
		var fail i18n.Text
		es, fail = pythonLegacy(root, entries)
		if !fail.IsZero() {
			return nil, -1, "", fail
		}
	} else {
		var fail i18n.Text
		if es, fail = decoded(entries, snakeNames); !fail.IsZero() {
			return nil, -1, "", fail
		}
	}
	best, bestRank := -1, pyUnusable
	for k, e := range es {
		if e.binding != "JSONRPC" {
			continue
		}
		if r := pyRank(e.version); r < bestRank {
			best, bestRank = k, r
		}
	}
	for k, e := range es {
		switch {
		case e.binding != "JSONRPC":
			v[k] = skip("msg.sdk.py.binding", jsonpos.QuoteClipped(e.binding))
		case k == best:
			v[k] = verdict{DecisionSelected, i18n.T("msg.sdk.py.selected", i18n.Phrase(pyRankPhrase[bestRank]))}
		case pyRank(e.version) == pyUnusable:
			v[k] = skip("msg.sdk.py.version", jsonpos.QuoteClipped(e.version))
		default:
			v[k] = skip("msg.sdk.py.passed-over", es[best].it.Index, i18n.Phrase(pyRankPhrase[bestRank]))
		}
	}
	if best < 0 {
		return es, -1, "", i18n.Text{}
	}
	speaks := "1.0"
	if pv, ok := parsePEP440(es[best].version); ok && pv.cmp("0", "3") >= 0 && pv.cmp("1", "0") < 0 {
		speaks = "0.3"
	}
	return es, best, speaks, i18n.Text{}
}

// pythonLegacy is parse_agent_card's _handle_connection_fields_compatibility
// for a card without supportedInterfaces, in the same order as
// card.LegacyInterfaces.
func pythonLegacy(root *jsonpos.Node, entries []card.Interface) ([]sdkEntry, i18n.Text) {
	u := root.Get("url")
	if pyFalsy(u) {
		return nil, i18n.Text{}
	}
	if u.Kind != jsonpos.String {
		return nil, i18n.T("phrase.sdk.member-kind", "card", "url", kindName(u.Kind))
	}
	str := func(n *jsonpos.Node, owner, name, absent string) (string, i18n.Text) {
		switch {
		case n == nil:
			return absent, i18n.Text{}
		case n.Kind == jsonpos.Null:
			return "", i18n.Text{}
		case n.Kind == jsonpos.String:
			return n.Str, i18n.Text{}
		}
		return "", i18n.T("phrase.sdk.member-kind", owner, name, kindName(n.Kind))
	}
	version, fail := str(root.Get("protocolVersion"), "card", "protocolVersion", "0.3.0")
	if !fail.IsZero() {
		return nil, fail
	}
	out := make([]sdkEntry, 0, len(entries))
	for _, it := range entries {
		e := sdkEntry{it: it, version: version}
		var f1, f2 i18n.Text
		if it.Index == 0 {
			e.url = u.Str
			e.binding, f1 = str(root.Get("preferredTransport"), "card", "preferredTransport", "JSONRPC")
		} else {
			if it.Node == nil || it.Node.Kind != jsonpos.Object {
				return nil, i18n.T("phrase.sdk.entry-kind", it.Source, kindName(kindOf(it.Node)))
			}
			e.url, f1 = str(it.Node.Get("url"), it.Source, "url", "")
			e.binding, f2 = str(it.Node.Get("transport"), it.Source, "transport", "")
		}
		if !f1.IsZero() {
			return nil, f1
		}
		if !f2.IsZero() {
			return nil, f2
		}
		out = append(out, e)
	}
	if ai := root.Get("additionalInterfaces"); ai != nil && ai.Kind != jsonpos.Array && !pyFalsy(ai) {
		return nil, i18n.T("phrase.sdk.member-kind", "card", "additionalInterfaces", kindName(ai.Kind))
	}
	return out, i18n.Text{}
}

func kindOf(n *jsonpos.Node) jsonpos.Kind {
	if n == nil {
		return jsonpos.Null
	}
	return n.Kind
}

// pyFalsy is Python's truth test of a decoded JSON value.
func pyFalsy(n *jsonpos.Node) bool {
	if n == nil {
		return true
	}
	switch n.Kind {
	case jsonpos.Null:
		return true
	case jsonpos.Bool:
		return !n.Bool
	case jsonpos.Number:
		f, err := strconv.ParseFloat(n.Str, 64)
		return err == nil && f == 0
	case jsonpos.String:
		return n.Str == ""
	case jsonpos.Array, jsonpos.Object:
		return len(n.Children) == 0
	}
	return false
}

// pep440 is a version as packaging.version.Version reads it (PEP 440),
// with what comparisons against a plain release need.
type pep440 struct {
	epoch                 string
	release               []string
	pre, post, dev, local bool
}

// cmp compares the version with the plain release major.minor the way
// packaging orders versions: epoch, release (trailing zeros ignored),
// then a pre-release or a development release sorts before the release
// and a post-release or a local version after it.
func (v pep440) cmp(major, minor string) int {
	if numCmp(v.epoch, "0") > 0 {
		return 1
	}
	base := []string{major, minor}
	for i := 0; i < max(len(v.release), len(base)); i++ {
		a, b := "0", "0"
		if i < len(v.release) {
			a = v.release[i]
		}
		if i < len(base) {
			b = base[i]
		}
		if c := numCmp(a, b); c != 0 {
			return c
		}
	}
	switch {
	case v.pre:
		return -1
	case v.post:
		return 1
	case v.dev:
		return -1
	case v.local:
		return 1
	}
	return 0
}

// numCmp compares two strings of decimal digits by value, of any length.
func numCmp(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// modelJS is a2a-js 1.x's new ClientFactory().createFromAgentCard
// (src/client/factory.ts, createFromNormalizedAgentCard): the default
// transports are JSONRPC and HTTP+JSON (ClientFactoryOptions.default),
// looked up without regard to letter case (CaseInsensitiveMap). For each
// binding it keeps the first entry, replaced by any later entry whose
// protocolVersion is exactly "1.0", so the last "1.0" entry wins; then
// the card's order of bindings decides which binding is used (no
// preferredTransports by default). The default resolver
// (src/client/card-resolver.ts, normalizeAgentCard) has legacy
// compatibility off, so a 0.3 card has no interface and every entry is
// driven by the 1.0 transports; it converts the card with
// AgentCard.fromJSON only when the card's security looks proto-shaped
// (isProtoAgentCard), and otherwise uses the JSON as is, where an entry
// whose protocolBinding is not a string makes toUpperCase throw a
// TypeError.
func modelJS(root *jsonpos.Node, entries []card.Interface, list string, v []verdict) ([]sdkEntry, int, string, i18n.Text) {
	if list == ListLegacy {
		for k := range entries {
			v[k] = skip("msg.sdk.js.legacy")
		}
		return nil, -1, "", i18n.Text{}
	}
	proto := jsProtoCard(root)
	es := make([]sdkEntry, len(entries))
	for k, it := range entries {
		n := it.Node
		if n == nil || n.Kind == jsonpos.Null {
			return nil, -1, "", i18n.T("phrase.sdk.js.throws", it.Source)
		}
		e := sdkEntry{it: it}
		if proto {
			get := func(name, snake string) string {
				m := n.Get(name)
				if m == nil || m.Kind == jsonpos.Null {
					m = n.Get(snake)
				}
				return jsString(m)
			}
			e.url, e.binding, e.version, e.tenant = get("url", "url"), get("protocolBinding", "protocol_binding"), get("protocolVersion", "protocol_version"), get("tenant", "tenant")
		} else {
			b := n.Get("protocolBinding")
			if b == nil || b.Kind != jsonpos.String {
				return nil, -1, "", i18n.T("phrase.sdk.js.throws", it.Source)
			}
			e.binding, e.url, e.version, e.tenant = b.Str, it.URL, n.Get("protocolVersion").Text(), n.Get("tenant").Text()
		}
		es[k] = e
	}
	best := map[string]int{}
	for k, e := range es {
		key := strings.ToUpper(e.binding)
		if _, ok := best[key]; !ok || e.version == "1.0" {
			best[key] = k
		}
	}
	chosen, key, first := -1, "", -1
	for i, e := range es {
		if k := strings.ToUpper(e.binding); k == "JSONRPC" || k == "HTTP+JSON" {
			chosen, key, first = best[k], k, i
			break
		}
	}
	for k, e := range es {
		ek := strings.ToUpper(e.binding)
		switch {
		case ek != "JSONRPC" && ek != "HTTP+JSON":
			v[k] = skip("msg.sdk.js.binding", jsonpos.QuoteClipped(e.binding))
		case k == chosen && e.version == "1.0":
			v[k] = verdict{DecisionSelected, i18n.T("msg.sdk.js.selected", key)}
		case k == chosen:
			v[k] = verdict{DecisionSelected, i18n.T("msg.sdk.js.selected-first", key, jsonpos.QuoteClipped(e.version))}
		case ek == key:
			v[k] = skip("msg.sdk.js.replaced", es[chosen].it.Index, key)
		default:
			v[k] = skip("msg.sdk.js.other-binding", key, es[first].it.Index, es[chosen].it.Index)
		}
	}
	if chosen >= 0 {
		// the transport found under the upper-cased name is the one spoken
		es[chosen].binding = key
	}
	return es, chosen, "1.0", i18n.Text{}
}

// jsString is String(value) of a decoded JSON value that AgentCard.fromJSON
// applies to a set member ("" when absent or null). Numbers keep their
// written form, which can differ from JavaScript's ("1.0" is "1" there),
// but never in a way that matters here: no number reads "1.0" or a
// binding in JavaScript either.
func jsString(n *jsonpos.Node) string {
	if n == nil || n.Kind == jsonpos.Null {
		return ""
	}
	switch n.Kind {
	case jsonpos.String:
		return n.Str
	case jsonpos.Object:
		return "[object Object]"
	case jsonpos.Array:
		parts := make([]string, len(n.Children))
		for i, c := range n.Children {
			parts[i] = jsString(c)
		}
		return strings.Join(parts, ",")
	case jsonpos.Bool:
		return strconv.FormatBool(n.Bool)
	case jsonpos.Number:
		if f, err := strconv.ParseFloat(n.Str, 64); err == nil && f == float64(int64(f)) {
			return strconv.FormatInt(int64(f), 10)
		}
	}
	return n.Str
}

// jsProtoCard is DefaultAgentCardResolver.isProtoAgentCard: the card is
// converted with AgentCard.fromJSON when its legacy security list, its
// first security scheme or a skill's security list has the proto shape.
func jsProtoCard(root *jsonpos.Node) bool {
	protoSecurity := func(n *jsonpos.Node) bool {
		return n != nil && n.Kind == jsonpos.Array && len(n.Children) > 0 &&
			n.Children[0].Kind == jsonpos.Object && n.Children[0].Has("schemes")
	}
	if protoSecurity(root.Get("security")) {
		return true
	}
	if ss := root.Get("securitySchemes"); ss != nil && (ss.Kind == jsonpos.Object || ss.Kind == jsonpos.Array) {
		if first := jsFirstValue(ss); first != nil {
			return first.Kind == jsonpos.Array || first.Kind == jsonpos.Object && !first.Has("type")
		}
	}
	if skills := root.Get("skills"); skills != nil && skills.Kind == jsonpos.Array {
		for _, s := range skills.Children {
			if s.Kind == jsonpos.Object && protoSecurity(s.Get("security")) {
				return true
			}
		}
	}
	return false
}

// jsFirstValue is Object.values(n)[0] after JSON.parse: array-index keys
// come first in numeric order, then the others in the order they were
// first written; a repeated key keeps its last value.
func jsFirstValue(n *jsonpos.Node) *jsonpos.Node {
	if len(n.Children) == 0 {
		return nil
	}
	if n.Kind == jsonpos.Array {
		return n.Children[0]
	}
	best, bestIdx := "", uint64(0)
	for _, c := range n.Children {
		if i, err := strconv.ParseUint(c.Key, 10, 32); err == nil && strconv.FormatUint(i, 10) == c.Key && i < 1<<32-1 {
			if best == "" || i < bestIdx {
				best, bestIdx = c.Key, i
			}
		}
	}
	if best == "" {
		best = n.Children[0].Key
	}
	return n.Get(best)
}
