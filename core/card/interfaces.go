package card

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Interface is one entry a client can choose from (§8.3.2), read from
// supportedInterfaces or derived from a legacy card's url,
// preferredTransport and additionalInterfaces. It is the one model of the
// interface list: selection, the linter, the report and the playground's
// preview all read it, so they cannot disagree on what a card offers.
type Interface struct {
	Index   int    `json:"index"`
	URL     string `json:"url"`
	Binding string `json:"protocolBinding"`
	Version string `json:"protocolVersion"`
	Tenant  string `json:"tenant,omitempty"`
	// HasTenant distinguishes an absent tenant from an empty one.
	HasTenant bool `json:"-"`
	// Source says where the entry came from, for traces:
	// "supportedInterfaces[0]", "url + preferredTransport",
	// "additionalInterfaces[1]".
	Source string `json:"source"`
	// Legacy marks entries derived from the 0.2/0.3 members.
	Legacy bool `json:"-"`
	// Node is the entry's object (or, for the derived first legacy entry,
	// the url member).
	Node *jsonpos.Node `json:"-"`
	// The members as written, nil when absent: url, the binding
	// (protocolBinding; preferredTransport or transport for legacy
	// entries), protocolVersion (1.0 entries) and tenant.
	URLNode, BindingNode, VersionNode, TenantNode *jsonpos.Node `json:"-"`
}

// Interfaces returns the list clients select from: supportedInterfaces when
// present (1.0 clients read only it; a2a-go's default parser ignores the
// legacy members), else the legacy list.
func Interfaces(root *jsonpos.Node) []Interface {
	if root.Has("supportedInterfaces") {
		return V10Interfaces(root)
	}
	return LegacyInterfaces(root)
}

// V10Interfaces reads supportedInterfaces, one entry per element in order
// (elements that are not objects keep their index, with nothing set), or
// nil when the member is absent or not an array.
func V10Interfaces(root *jsonpos.Node) []Interface {
	si := root.Get("supportedInterfaces")
	if si == nil || si.Kind != jsonpos.Array {
		return nil
	}
	out := make([]Interface, 0, len(si.Children))
	for i, e := range si.Children {
		it := Interface{Index: i, Source: "supportedInterfaces[" + strconv.Itoa(i) + "]", Node: e,
			URLNode: e.Get("url"), BindingNode: e.Get("protocolBinding"), VersionNode: e.Get("protocolVersion"), TenantNode: e.Get("tenant")}
		it.URL, it.Binding, it.Version = it.URLNode.Text(), it.BindingNode.Text(), it.VersionNode.Text()
		if it.TenantNode != nil {
			it.Tenant, it.HasTenant = it.TenantNode.Text(), true
		}
		out = append(out, it)
	}
	return out
}

// LegacyInterfaces derives the 0.2/0.3 list: url with preferredTransport
// (JSONRPC when absent, as the 0.3 JSON Schema defaults it), then each
// additionalInterfaces entry, all at the card's MajorMinor protocolVersion.
func LegacyInterfaces(root *jsonpos.Node) []Interface {
	u := root.Get("url")
	if u == nil {
		return nil
	}
	version := MajorMinor(root.Get("protocolVersion").Text())
	first := Interface{Index: 0, URL: u.Text(), Binding: "JSONRPC", Version: version, Source: "url + preferredTransport",
		Legacy: true, Node: u, URLNode: u, BindingNode: root.Get("preferredTransport")}
	if first.BindingNode != nil {
		first.Binding = first.BindingNode.Text()
	}
	out := []Interface{first}
	if ai := root.Get("additionalInterfaces"); ai != nil && ai.Kind == jsonpos.Array {
		for i, e := range ai.Children {
			it := Interface{Index: len(out), Version: version, Source: "additionalInterfaces[" + strconv.Itoa(i) + "]",
				Legacy: true, Node: e, URLNode: e.Get("url"), BindingNode: e.Get("transport")}
			it.URL, it.Binding = it.URLNode.Text(), it.BindingNode.Text()
			out = append(out, it)
		}
	}
	return out
}

// MajorMinor cuts a version to Major.Minor ("0.3.0" → "0.3"); patch numbers
// never count in negotiation (§3.6). Anything unparseable is returned as is.
func MajorMinor(v string) string {
	if mm, ok := ParseMajorMinor(v); ok {
		return mm
	}
	return strings.TrimSpace(v)
}

// ParseMajorMinor reads "1", "1.0", "1.0.3" or "v1.0" as "1.0"; it reports
// false for anything that is not one to three dot-separated numbers.
func ParseMajorMinor(v string) (string, bool) {
	v = strings.TrimSpace(v)
	v = strings.TrimPrefix(strings.TrimPrefix(v, "v"), "V")
	parts := strings.Split(v, ".")
	if len(parts) > 3 {
		return "", false
	}
	for _, part := range parts {
		if !isDigits(part) {
			return "", false
		}
	}
	if len(parts) == 1 {
		return trimZeros(parts[0]) + ".0", true
	}
	return trimZeros(parts[0]) + "." + trimZeros(parts[1]), true
}

func trimZeros(s string) string {
	t := strings.TrimLeft(s, "0")
	if t == "" {
		return "0"
	}
	return t
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
