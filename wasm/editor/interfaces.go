package main

import (
	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// MaxInterfaces is how many interface entries the page receives: a card can
// list 100,000 interfaces and the preview shows a handful, so the rest is
// only counted (InterfaceList.Omitted).
const MaxInterfaces = 50

// InterfaceList is the card's interface list exactly as the engine reads
// it (card.Interfaces: supportedInterfaces, else the legacy url,
// preferredTransport and additionalInterfaces), cut to MaxInterfaces. The
// page shows it as is so the preview never disagrees with lint and the
// simulator about which entries a card offers.
type InterfaceList struct {
	Entries []card.Interface `json:"entries"`
	// Omitted counts entries after the first MaxInterfaces.
	Omitted int `json:"omitted"`
}

// interfacesOf bounds card.Interfaces of a parsed document's root.
func interfacesOf(root *jsonpos.Node) InterfaceList {
	all := card.Interfaces(root)
	n := min(len(all), MaxInterfaces)
	out := InterfaceList{Entries: make([]card.Interface, n), Omitted: len(all) - n}
	copy(out.Entries, all[:n])
	return out
}

// Interfaces parses src and returns its interface list (agentcard.interfaces).
func Interfaces(src []byte) InterfaceList {
	return interfacesOf(jsonpos.Parse(src, jsonpos.Options{}).Root)
}
