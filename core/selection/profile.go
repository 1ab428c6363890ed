// Package selection picks the interface a client would use from an Agent
// Card (docs/CARD-FORMAT.md §4, spec §8.3.2): walk the card's list in order, take
// the first entry whose binding and Major.Minor version the client
// supports, never reorder. It explains every step, so a person can see why
// a client connects where it does, or why it cannot connect at all.
package selection

import (
	"errors"
	"fmt"
	"strings"

	"github.com/agentcard/agentcard/core/card"
)

// Support is one entry of a client profile: a binding and the protocol
// versions (Major.Minor) the client speaks over it.
type Support struct {
	Binding  string   `json:"binding"`
	Versions []string `json:"versions"`
	// Written is the binding as the profile wrote it, when that was a
	// case or spelling variant of a core binding ("jsonrpc", "http+json")
	// that ParseProfile read as the core name. The profile is the one
	// that is off then, never a card that spells the core name right.
	Written string `json:"written,omitempty"`
}

// coreBinding returns the core binding a profile's binding means when it
// differs from it only in letter case or punctuation ("jsonrpc",
// "json-rpc", "http+json", "Grpc"), or "".
func coreBinding(b string) string {
	var k strings.Builder
	for _, r := range strings.ToLower(b) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			k.WriteRune(r)
		}
	}
	switch k.String() {
	case "jsonrpc":
		return "JSONRPC"
	case "grpc":
		return "GRPC"
	case "httpjson":
		return "HTTP+JSON"
	}
	return ""
}

// Notes explain what ParseProfile corrected in the profile as written.
func (p Profile) Notes() []string {
	var out []string
	for _, s := range p {
		if s.Written != "" {
			out = append(out, fmt.Sprintf("the client profile writes %q, read as %s: bindings are compared exactly and the specified name is %s, so a client must send %s (a card that says %q is right)", s.Written, s.Binding, s.Binding, s.Binding, s.Binding))
		}
	}
	return out
}

// Profile is what a client can speak, written
// `BINDING@VERSION[|VERSION],...` (for example
// "JSONRPC@1.0,HTTP+JSON@1.0|0.3"). The order is kept for display only:
// the card's order decides, not the client's.
type Profile []Support

// String writes the profile in the syntax ParseProfile reads.
func (p Profile) String() string {
	parts := make([]string, len(p))
	for i, s := range p {
		parts[i] = s.Binding + "@" + strings.Join(s.Versions, "|")
	}
	return strings.Join(parts, ",")
}

// Supports reports whether the client speaks binding (compared exactly) at
// the Major.Minor version.
func (p Profile) Supports(binding, version string) bool {
	for _, s := range p {
		if s.Binding == binding {
			for _, v := range s.Versions {
				if v == version {
					return true
				}
			}
		}
	}
	return false
}

func (p Profile) find(binding string) *Support {
	for i := range p {
		if p[i].Binding == binding {
			return &p[i]
		}
	}
	return nil
}

// foldMatch returns a client binding that equals binding except for
// letter case, or "".
func (p Profile) foldMatch(binding string) string {
	for _, s := range p {
		if s.Binding != binding && strings.EqualFold(s.Binding, binding) {
			return s.Binding
		}
	}
	return ""
}

// ParseProfile reads `BINDING@VERSION[|VERSION],...`. Spaces around the
// parts are ignored. Versions are Major.Minor; a patch number ("1.0.0") is
// accepted and dropped, since negotiation never looks at it. Bindings are
// kept as written: the core names are JSONRPC, GRPC and HTTP+JSON, and a
// URI names a custom binding.
func ParseProfile(s string) (Profile, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("the client profile is empty; write BINDING@VERSION entries separated by commas, for example JSONRPC@1.0,HTTP+JSON@1.0|0.3")
	}
	var p Profile
	for i, raw := range strings.Split(s, ",") {
		item := strings.TrimSpace(raw)
		if item == "" {
			return nil, fmt.Errorf("entry %d of the client profile %q is empty (a stray comma?)", i+1, s)
		}
		at := strings.LastIndexByte(item, '@')
		if at < 0 {
			return nil, fmt.Errorf("%q has no version: write it as %s@1.0 (or %s@1.0|0.3 for several versions)", item, item, item)
		}
		binding := strings.TrimSpace(item[:at])
		if binding == "" {
			return nil, fmt.Errorf("%q has no binding before '@': use JSONRPC, GRPC, HTTP+JSON or a custom binding URI", item)
		}
		if strings.ContainsAny(binding, " \t|") {
			return nil, fmt.Errorf("binding %q in the client profile contains a space or '|'; separate entries with commas", binding)
		}
		written := ""
		if core := coreBinding(binding); core != "" && core != binding {
			written, binding = binding, core
		}
		if p.find(binding) != nil {
			return nil, fmt.Errorf("binding %s appears twice in the client profile; list its versions once, separated by '|' (for example %s@1.0|0.3)", binding, binding)
		}
		sup := Support{Binding: binding, Written: written}
		for _, v := range strings.Split(item[at+1:], "|") {
			v = strings.TrimSpace(v)
			if v == "" {
				return nil, fmt.Errorf("%q has an empty version; write versions as Major.Minor, for example %s@1.0", item, binding)
			}
			mm, ok := card.ParseMajorMinor(v)
			if !ok {
				return nil, fmt.Errorf("version %q of %s is not a version number; write Major.Minor, for example 1.0 or 0.3", v, binding)
			}
			if !contains(sup.Versions, mm) {
				sup.Versions = append(sup.Versions, mm)
			}
		}
		p = append(p, sup)
	}
	return p, nil
}

// MustParseProfile is ParseProfile for profiles known to be valid (presets,
// tests); it panics on an error.
func MustParseProfile(s string) Profile {
	p, err := ParseProfile(s)
	if err != nil {
		panic(err)
	}
	return p
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Preset is a ready-made client profile for the editor's client picker.
type Preset struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Profile string `json:"profile"`
}

// Presets are the client profiles the editor offers. Every Profile parses.
var Presets = []Preset{
	{ID: "jsonrpc-1.0", Label: "JSON-RPC client (A2A 1.0)", Profile: "JSONRPC@1.0"},
	{ID: "http-json-1.0", Label: "HTTP+JSON (REST) client (A2A 1.0)", Profile: "HTTP+JSON@1.0"},
	{ID: "grpc-1.0", Label: "gRPC client (A2A 1.0)", Profile: "GRPC@1.0"},
	{ID: "sdk-1.0", Label: "SDK default: JSON-RPC and HTTP+JSON, 1.0 and 0.3", Profile: "JSONRPC@1.0|0.3,HTTP+JSON@1.0|0.3"},
	{ID: "legacy-0.3", Label: "0.3 client (any core binding)", Profile: "JSONRPC@0.3,HTTP+JSON@0.3,GRPC@0.3"},
}
