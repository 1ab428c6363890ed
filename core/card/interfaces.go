package card

import (
	"strconv"
	"strings"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Interface is one entry a client can choose from (§8.3.2), read from
// supportedInterfaces or derived from a legacy card's url,
// preferredTransport and additionalInterfaces.
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
	// Node is the entry's object (or, for the derived first legacy entry,
	// the url member).
	Node *jsonpos.Node `json:"-"`
}

// Interfaces returns the list clients select from: supportedInterfaces when
// present (1.0 clients read only it; a2a-go's default parser ignores the
// legacy members), else the legacy list.
func Interfaces(root *jsonpos.Node) []Interface {
	if si := root.Get("supportedInterfaces"); si != nil {
		if si.Kind != jsonpos.Array {
			return nil
		}
		out := make([]Interface, 0, len(si.Children))
		for i, e := range si.Children {
			it := Interface{Index: i, Source: "supportedInterfaces[" + strconv.Itoa(i) + "]", Node: e,
				URL: e.Get("url").Text(), Binding: e.Get("protocolBinding").Text(), Version: e.Get("protocolVersion").Text()}
			if t := e.Get("tenant"); t != nil {
				it.Tenant, it.HasTenant = t.Text(), true
			}
			out = append(out, it)
		}
		return out
	}
	return LegacyInterfaces(root)
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
	binding := "JSONRPC"
	if pt := root.Get("preferredTransport"); pt != nil {
		binding = pt.Text()
	}
	out := []Interface{{Index: 0, URL: u.Text(), Binding: binding, Version: version, Source: "url + preferredTransport", Node: u}}
	if ai := root.Get("additionalInterfaces"); ai != nil && ai.Kind == jsonpos.Array {
		for i, e := range ai.Children {
			out = append(out, Interface{Index: len(out), URL: e.Get("url").Text(), Binding: e.Get("transport").Text(), Version: version,
				Source: "additionalInterfaces[" + strconv.Itoa(i) + "]", Node: e})
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
