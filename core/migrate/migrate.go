// Package migrate turns a 0.2/0.3 Agent Card into a 1.0 card (To10), or
// into a mixed card that serves 1.0 and 0.3 clients from one document
// (ToMixed), converting every legacy construct the field catalogue marks as
// removed in 1.0 (docs/CARD-FORMAT.md §3):
//
//   - url + preferredTransport + additionalInterfaces → supportedInterfaces,
//     in the same order, each entry at the card's legacy protocol version
//     (the version its server speaks today: "0.3" for 0.3.x);
//   - OpenAPI-style security schemes ({"type": …}) → the 1.0 one-of
//     wrappers (apiKeySecurityScheme, …; "in" becomes "location");
//   - security (card and skills) → securityRequirements in the 1.0 shape;
//   - supportsAuthenticatedExtendedCard → capabilities.extendedAgentCard;
//   - protocolVersion and capabilities.stateTransitionHistory dropped.
//
// The output is pretty-printed JSON; members keep the original's order,
// with each new member where the member it replaces was. The Result lists
// every change and, as notes, what a person has to decide (all as
// i18n.Text).
package migrate

import (
	"errors"
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// Target is what a card is migrated to.
type Target string

const (
	// To10Only gives a card with 1.0 members only.
	To10Only Target = "1.0"
	// Mixed gives a card with both halves: the legacy members stay for
	// 0.3 clients and the 1.0 ones are added beside them.
	Mixed Target = "mixed"
)

// ParseTarget reads the --to flag's values ("1.0", "mixed").
func ParseTarget(s string) (Target, bool) {
	switch s {
	case "1.0", "1":
		return To10Only, true
	case "mixed":
		return Mixed, true
	}
	return "", false
}

// Result is a migration's outcome.
type Result struct {
	// Output is the migrated card, pretty-printed, ending with a newline.
	Output []byte
	// From is the era of the input; To the target.
	From card.Era
	To   Target
	// Changes say what was done, in the card's order.
	Changes []i18n.Text
	// Notes say what could not be decided and needs a person.
	Notes []i18n.Text
	// Dropped are the JSON Pointers (in the input) of members left out.
	Dropped []string
}

// ErrRefused is wrapped by every *Refusal.
var ErrRefused = errors.New("migrate: card not migrated")

// Refusal is the error of a document migrate does not convert: one with a
// syntax problem (the tree behind a broken text is a guess; fix it first,
// e.g. with lint --fix), one that is not an object, not an Agent Card, or
// whose era cannot be told.
type Refusal struct {
	// Code is the finding behind the refusal (a json-* code,
	// "not-a-card") or "".
	Code   string
	Reason i18n.Text
}

func (e *Refusal) Error() string { return "migrate: " + i18n.EnglishCatalogue().Render(e.Reason) }

func (e *Refusal) Unwrap() error { return ErrRefused }

// To10 migrates src to a 1.0 card.
func To10(src []byte) (Result, error) { return Migrate(src, To10Only) }

// ToMixed migrates src to a mixed card.
func ToMixed(src []byte) (Result, error) { return Migrate(src, Mixed) }

// Options tune a migration. The zero value is the conservative form.
type Options struct {
	// Version is the protocolVersion ("Major.Minor") of the
	// supportedInterfaces entries made from the legacy members. "" (or a
	// value that is not Major.Minor) keeps the version the card declared,
	// which is what its server speaks today, so 1.0-only clients will not
	// pick those entries. "1.0" is for a card migrated together with its
	// server: 1.0 clients then select the endpoints 0.3 clients used, and
	// a note says the server must answer 1.0 requests there.
	Version string
}

// Migrate migrates src to the target. A card that has nothing legacy left
// to convert comes back unchanged in content (re-printed), with the note
// migrate.note.nothing.
func Migrate(src []byte, to Target) (Result, error) { return MigrateWith(src, to, Options{}) }

// MigrateWith is Migrate with options.
func MigrateWith(src []byte, to Target, opts Options) (Result, error) {
	doc := jsonpos.Parse(src, jsonpos.Options{})
	for _, p := range doc.Problems {
		pos := doc.Pos(p.Start)
		return Result{}, &Refusal{Code: p.Code, Reason: i18n.T("migrate.refused.syntax", pos, p.Code, p.Text)}
	}
	if doc.Root == nil || doc.Root.Kind != jsonpos.Object {
		kind := jsonpos.Invalid
		if doc.Root != nil {
			kind = doc.Root.Kind
		}
		return Result{}, &Refusal{Reason: i18n.T("migrate.refused.not-object", i18n.Phrase("phrase.kind."+kind.String()))}
	}
	det := card.Detect(doc.Root)
	switch det.Era {
	case card.EraNotCard:
		return Result{}, &Refusal{Code: "not-a-card", Reason: i18n.T("migrate.refused.not-a-card")}
	case card.EraUnknown:
		return Result{}, &Refusal{Reason: i18n.T("migrate.refused.unknown")}
	}
	m := &migration{src: src, root: doc.Root, card: copyNode(src, doc.Root), to: to, res: Result{From: det.Era, To: to}}
	m.declared, _ = card.ParseMajorMinor(opts.Version)
	m.run()
	var b strings.Builder
	write(&b, m.card, 0)
	b.WriteByte('\n')
	m.res.Output = []byte(b.String())
	if len(m.res.Changes) == 0 {
		m.res.Notes = append(m.res.Notes, i18n.T("migrate.note.nothing", string(to)))
	}
	return m.res, nil
}

type migration struct {
	src  []byte
	root *jsonpos.Node
	card *value
	to   Target
	res  Result
	// version is the protocol version the legacy endpoints speak.
	version string
	// declared is the version new entries get (Options.Version), or ""
	// for version.
	declared string
}

func (m *migration) change(id string, args ...any) {
	m.res.Changes = append(m.res.Changes, i18n.T(id, args...))
}
func (m *migration) note(id string, args ...any) {
	m.res.Notes = append(m.res.Notes, i18n.T(id, args...))
}
func (m *migration) drop(pointer string) { m.res.Dropped = append(m.res.Dropped, pointer) }

func (m *migration) run() {
	m.legacyVersion()
	if m.declared == "" {
		m.declared = m.version
	}
	m.interfaces()
	m.extendedCard()
	m.capabilities()
	m.schemes()
	m.requirements(m.card, "")
	if skills := m.card.get("skills"); skills != nil && skills.kind == jsonpos.Array {
		for i, s := range skills.items {
			if s.isObject() {
				m.requirements(s, "/skills/"+strconv.Itoa(i))
			}
		}
	}
	if m.to == To10Only && m.card.index("protocolVersion") >= 0 {
		m.card.del("protocolVersion")
		m.drop("/protocolVersion")
		m.change("migrate.done.protocol-version", m.declared)
	}
	m.signatures()
}

// legacyVersion is the Major.Minor the card's legacy half declares; a card
// without one is taken as 0.3 (what a server must assume of a request
// without A2A-Version), which a note says.
func (m *migration) legacyVersion() {
	pv := m.card.get("protocolVersion")
	if mm, ok := card.ParseMajorMinor(pv.text()); ok {
		m.version = mm
		return
	}
	m.version = "0.3"
	if m.card.index("url") >= 0 && m.card.index("supportedInterfaces") < 0 {
		m.note("migrate.note.no-version", m.version)
	}
}

// interfaces builds supportedInterfaces from the legacy list. A card that
// already has supportedInterfaces (mixed) keeps it, and gets the legacy
// endpoints it does not declare appended, so no endpoint that 0.3
// clients use is lost.
func (m *migration) interfaces() {
	legacy := card.LegacyInterfaces(m.root)
	first := firstIndex(m.card, "url", "preferredTransport", "additionalInterfaces")
	if existing := m.card.get("supportedInterfaces"); existing != nil {
		if existing.kind == jsonpos.Array {
			added := false
			for _, it := range legacy {
				if !declares(existing, it, m.declared) {
					existing.items = append(existing.items, m.entry(it))
					m.change("migrate.done.legacy-endpoint", jsonpos.QuoteClipped(it.URL), it.Binding, m.declared)
					added = true
				}
			}
			if added && m.declared != m.version {
				m.note("migrate.note.version-declared", m.declared, m.version)
			}
		}
	} else if len(legacy) > 0 {
		list := array()
		for k, it := range legacy {
			if k > 0 && declares(list, it, m.declared) {
				m.change("migrate.done.duplicate-interface", it.Source, jsonpos.QuoteClipped(it.URL), it.Binding)
				continue
			}
			list.items = append(list.items, m.entry(it))
		}
		if m.root.Get("preferredTransport") == nil {
			m.note("migrate.note.transport-assumed", jsonpos.QuoteClipped(legacy[0].URL))
		}
		m.card.insert(first, "supportedInterfaces", list)
		if m.to == Mixed {
			m.change("migrate.done.interfaces.mixed", len(list.items), m.declared)
		} else {
			m.change("migrate.done.interfaces", len(list.items), m.declared)
		}
		switch {
		case m.declared != m.version:
			m.note("migrate.note.version-declared", m.declared, m.version)
		case m.version != "1.0":
			m.note("migrate.note.version-legacy", m.version)
		}
	}
	if m.to == To10Only {
		for _, k := range []string{"url", "preferredTransport", "additionalInterfaces"} {
			if m.card.del(k) {
				m.drop("/" + k)
			}
		}
	}
}

// entry is the 1.0 form of one legacy interface. The url keeps its
// spelling; an additional interface's other members (unknown ones) come
// along, with transport renamed protocolBinding.
func (m *migration) entry(it card.Interface) *value {
	e := object()
	n := it.Node
	if n.IsMember() && n.Key == "url" && n.Parent == m.root { // url + preferredTransport
		e.set("url", copyNode(m.src, n))
		if pt := m.root.Get("preferredTransport"); pt != nil {
			e.set("protocolBinding", copyNode(m.src, pt))
		} else {
			e.set("protocolBinding", str("JSONRPC"))
		}
	} else if n.Kind == jsonpos.Object {
		for _, c := range n.Children {
			key := c.Key
			if key == "transport" {
				key = "protocolBinding"
			}
			e.set(key, copyNode(m.src, c))
		}
	}
	if e.index("protocolVersion") < 0 {
		e.set("protocolVersion", str(m.declared))
	}
	return e
}

// declares reports whether list has an entry with it's url and binding
// (and, when the entry states one, the version new entries get).
func declares(list *value, it card.Interface, version string) bool {
	for _, e := range list.items {
		if !e.isObject() {
			continue
		}
		v := e.get("protocolVersion").text()
		if strings.TrimSpace(e.get("url").text()) == strings.TrimSpace(it.URL) && e.get("protocolBinding").text() == it.Binding &&
			(v == "" || card.MajorMinor(v) == version) {
			return true
		}
	}
	return false
}

func firstIndex(v *value, keys ...string) int {
	best := -1
	for _, k := range keys {
		if i := v.index(k); i >= 0 && (best < 0 || i < best) {
			best = i
		}
	}
	return best
}

// extendedCard moves supportsAuthenticatedExtendedCard into capabilities.
func (m *migration) extendedCard() {
	old := m.card.get("supportsAuthenticatedExtendedCard")
	if old == nil {
		return
	}
	caps := m.card.get("capabilities")
	if caps == nil {
		caps = object()
		m.card.set("capabilities", caps)
	}
	if caps.isObject() {
		if cur := caps.get("extendedAgentCard"); cur != nil {
			if cur.raw != old.raw {
				m.note("migrate.note.extended-conflict", cur.raw, old.raw)
			}
		} else {
			caps.set("extendedAgentCard", &value{kind: old.kind, raw: old.raw})
			m.change("migrate.done.extended-card", old.raw)
		}
	}
	if m.to == To10Only {
		m.card.del("supportsAuthenticatedExtendedCard")
		m.drop("/supportsAuthenticatedExtendedCard")
	}
}

// capabilities drops what 1.0 no longer has (a 1.0 card only).
func (m *migration) capabilities() {
	caps := m.card.get("capabilities")
	if m.to != To10Only || !caps.isObject() {
		return
	}
	if caps.del("stateTransitionHistory") {
		m.drop("/capabilities/stateTransitionHistory")
		m.change("migrate.done.state-history")
	}
}

// schemeWrappers maps a legacy scheme type to its 1.0 wrapper key.
var schemeWrappers = map[string]string{
	"apiKey":        "apiKeySecurityScheme",
	"http":          "httpAuthSecurityScheme",
	"oauth2":        "oauth2SecurityScheme",
	"openIdConnect": "openIdConnectSecurityScheme",
	"mutualTLS":     "mtlsSecurityScheme",
}

// schemeMembers are the legacy members each wrapper takes over, with
// their 1.0 names.
var schemeMembers = map[string][][2]string{
	"apiKey":        {{"description", "description"}, {"in", "location"}, {"name", "name"}},
	"http":          {{"description", "description"}, {"scheme", "scheme"}, {"bearerFormat", "bearerFormat"}},
	"oauth2":        {{"description", "description"}, {"flows", "flows"}, {"oauth2MetadataUrl", "oauth2MetadataUrl"}},
	"openIdConnect": {{"description", "description"}, {"openIdConnectUrl", "openIdConnectUrl"}},
	"mutualTLS":     {{"description", "description"}},
}

func (m *migration) schemes() {
	schemes := m.card.get("securitySchemes")
	if !schemes.isObject() {
		return
	}
	for _, sm := range schemes.members {
		s := sm.val
		if !s.isObject() || s.index("type") < 0 {
			continue
		}
		label := i18n.T("phrase.security-scheme", jsonpos.QuoteClipped(sm.key))
		typ := s.get("type").text()
		wrapper, ok := schemeWrappers[typ]
		if !ok {
			m.note("migrate.note.scheme-unknown", label, jsonpos.QuoteClipped(s.get("type").raw))
			continue
		}
		hasWrapper := false
		for _, w := range schemeWrappers {
			if s.index(w) >= 0 {
				hasWrapper = true
			}
		}
		if !hasWrapper {
			inner := object()
			for _, pair := range schemeMembers[typ] {
				if v := s.get(pair[0]); v != nil {
					if pair[0] == "flows" {
						v = m.flows(label, v)
					}
					inner.set(pair[1], v)
				}
			}
			s.members = append(s.members, member{wrapper, inner})
			if m.to == Mixed {
				m.change("migrate.done.scheme.mixed", label, wrapper)
			} else {
				m.change("migrate.done.scheme", label, typ, wrapper)
			}
		}
		if m.to == To10Only {
			// keep only the wrapper(s); list what had no place in them
			kept := s.members[:0]
			for _, mem := range s.members {
				if _, isWrapper := wrapperKeys[mem.key]; isWrapper {
					kept = append(kept, mem)
					continue
				}
				if !carried(typ, mem.key) {
					m.drop("/securitySchemes/" + pointerEscape(sm.key) + "/" + pointerEscape(mem.key))
				}
			}
			s.members = kept
		}
	}
}

var wrapperKeys = func() map[string]bool {
	out := map[string]bool{}
	for _, w := range schemeWrappers {
		out[w] = true
	}
	return out
}()

func carried(typ, key string) bool {
	if key == "type" {
		return true
	}
	for _, pair := range schemeMembers[typ] {
		if pair[0] == key {
			return true
		}
	}
	return false
}

// flows keeps one OAuth flow: 1.0 allows exactly one per scheme, a 0.3
// card may list several. The first in the card's order is kept and a note
// names the others (a second scheme per flow would keep them, but which
// requirements should then name it is the author's call).
func (m *migration) flows(label i18n.Text, flows *value) *value {
	if !flows.isObject() || len(flows.members) <= 1 {
		return flows
	}
	var others []string
	for _, f := range flows.members[1:] {
		others = append(others, f.key)
	}
	m.note("migrate.note.oauth-flows", label, len(flows.members), flows.members[0].key, strings.Join(others, ", "))
	return object(flows.members[0])
}

// requirements converts a card's or a skill's security into
// securityRequirements: [{NAME: [scopes]}] → [{"schemes": {NAME: {"list": [scopes]}}}].
func (m *migration) requirements(owner *value, at string) {
	sec := owner.get("security")
	if sec == nil {
		return
	}
	i := owner.index("security")
	switch {
	case owner.index("securityRequirements") >= 0:
		m.note("migrate.note.requirements-kept", at+"/securityRequirements", at+"/security")
	case sec.kind == jsonpos.Array:
		list := array()
		for _, item := range sec.items {
			schemes := object()
			if item.isObject() {
				for _, ref := range item.members {
					scopes := ref.val
					if scopes.kind != jsonpos.Array {
						scopes = array()
					}
					schemes.set(ref.key, object(member{"list", scopes}))
				}
			}
			list.items = append(list.items, object(member{"schemes", schemes}))
		}
		where := i
		if m.to == Mixed {
			where = i + 1
		}
		owner.insert(where, "securityRequirements", list)
		m.change("migrate.done.requirements", len(list.items), at+"/security", at+"/securityRequirements")
	default:
		m.note("migrate.note.security-not-list", at+"/security")
	}
	if m.to == To10Only {
		owner.del("security")
		m.drop(at + "/security")
	}
}

// signatures are dropped: they sign the card's old content and would no
// longer verify, which is worse than none.
func (m *migration) signatures() {
	if m.card.index("signatures") < 0 || len(m.res.Changes) == 0 {
		return
	}
	m.card.del("signatures")
	m.drop("/signatures")
	m.note("migrate.note.signatures")
}

func pointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}
