// Package selection picks the interface a client would use from an Agent
// Card (docs/CARD-FORMAT.md §4, spec §8.3.2): walk the card's list in order, take
// the first entry whose binding and Major.Minor version the client
// supports, never reorder. It explains every step, so a person can see why
// a client connects where it does, or why it cannot connect at all.
package selection

import (
	"strings"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
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

// Notes explain, in English, what ParseProfile corrected in the profile
// as written.
func (p Profile) Notes() []string {
	var out []string
	for _, t := range p.NoteTexts() {
		out = append(out, english(t))
	}
	return out
}

// NoteTexts are Notes as data.
func (p Profile) NoteTexts() []i18n.Text {
	var out []i18n.Text
	for _, s := range p {
		if s.Written != "" {
			out = append(out, i18n.T("msg.profile.variant", jsonpos.QuoteClipped(s.Written), s.Binding, s.Binding, s.Binding, jsonpos.Quote(s.Binding)))
		}
	}
	return out
}

// ProfileError is a client profile that cannot be read: what is wrong, as
// data (Text) and in English (Error).
type ProfileError struct {
	Text i18n.Text
}

func (e *ProfileError) Error() string { return english(e.Text) }

func profileErr(id string, args ...any) error { return &ProfileError{Text: i18n.T(id, args...)} }

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
		return nil, profileErr("msg.profile.empty")
	}
	var p Profile
	for i, raw := range strings.Split(s, ",") {
		item := strings.TrimSpace(raw)
		if item == "" {
			return nil, profileErr("msg.profile.empty-entry", i+1, jsonpos.QuoteClipped(s))
		}
		at := strings.LastIndexByte(item, '@')
		if at < 0 {
			return nil, profileErr("msg.profile.no-version", jsonpos.QuoteClipped(item), clipped(item), clipped(item))
		}
		binding := strings.TrimSpace(item[:at])
		if binding == "" {
			return nil, profileErr("msg.profile.no-binding", jsonpos.QuoteClipped(item))
		}
		if strings.ContainsAny(binding, " \t|") {
			return nil, profileErr("msg.profile.binding-space", jsonpos.QuoteClipped(binding))
		}
		written := ""
		if core := coreBinding(binding); core != "" && core != binding {
			written, binding = binding, core
		}
		if p.find(binding) != nil {
			return nil, profileErr("msg.profile.duplicate", clipped(binding), clipped(binding))
		}
		sup := Support{Binding: binding, Written: written}
		for _, v := range strings.Split(item[at+1:], "|") {
			v = strings.TrimSpace(v)
			if v == "" {
				return nil, profileErr("msg.profile.empty-version", jsonpos.QuoteClipped(item), clipped(binding))
			}
			mm, ok := card.ParseMajorMinor(v)
			if !ok {
				return nil, profileErr("msg.profile.bad-version", jsonpos.QuoteClipped(v), clipped(binding))
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
// Localized gives it with its Label in a language (the catalogue id is
// "phrase.preset.<ID>"); the entries of Presets carry none, so that
// nothing loads a catalogue at package init.
type Preset struct {
	ID      string `json:"id"`
	Label   string `json:"label"`
	Profile string `json:"profile"`
}

// Localized returns the preset with its label in cat's language (nil:
// English).
func (p Preset) Localized(cat *i18n.Catalogue) Preset {
	if cat == nil {
		cat = i18n.EnglishCatalogue()
	}
	if cat != nil {
		if id := "phrase.preset." + p.ID; cat.Has(id) {
			p.Label = cat.S(id)
		}
	}
	return p
}

// Presets are the client profiles the editor offers. Every Profile parses.
var Presets = []Preset{
	preset("jsonrpc-1.0", "JSONRPC@1.0"),
	preset("http-json-1.0", "HTTP+JSON@1.0"),
	preset("grpc-1.0", "GRPC@1.0"),
	preset("sdk-1.0", "JSONRPC@1.0|0.3,HTTP+JSON@1.0|0.3"),
	preset("legacy-0.3", "JSONRPC@0.3,HTTP+JSON@0.3,GRPC@0.3"),
}

// preset is a Preset without its label (Localized).
func preset(id, profile string) Preset {
	return Preset{ID: id, Profile: profile}
}
