// Package hosts says where a host can be reached from: the public
// internet, only this machine, only a private network, or nowhere. The
// Worker's fetch policy (core/discovery) and the card rules about internal
// and tunnel URLs (core/lint) both read hosts through it, so the address a
// card names and the address the checker refuses are judged the same way.
//
// Hosts are read the way fetch reads them (the WHATWG URL Standard): so
// "0x7f000001", "2130706433" and "127.1" are all 127.0.0.1. Unicode hosts,
// which fetch maps through IDNA to something else (fullwidth digits become
// an IPv4 literal), are Invalid: callers ask for the ASCII (xn--) form.
package hosts

import (
	"net/netip"
	"strconv"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// Place is where a host can be reached from.
type Place uint8

const (
	Public      Place = iota
	Loopback          // 127.0.0.0/8, ::1, localhost: this machine only
	Unspecified       // 0.0.0.0, ::: a listen address, not a destination
	Private           // RFC 1918, fc00::/7, 100.64/10, single-label names
	LinkLocal         // 169.254/16, fe80::/10 (cloud metadata lives here)
	Special           // reserved, documentation, multicast, NAT64, outside 2000::/3
	LocalName         // .local, .internal, .lan, .home.arpa, …
	Tunnel            // ngrok, trycloudflare, localtunnel, …: public, but temporary
	Invalid           // not a host anyone can fetch
)

// Reachable reports whether the place can be reached from the public
// internet (tunnels can, for now).
func (p Place) Reachable() bool { return p == Public || p == Tunnel }

// TunnelSuffixes are public hosts that forward to someone's laptop: fine
// for a demo, gone when the session ends.
var TunnelSuffixes = []string{
	"ngrok.io", "ngrok.app", "ngrok.dev", "ngrok-free.app", "ngrok-free.dev", "ngrok.pizza",
	"trycloudflare.com", "loca.lt", "localtunnel.me", "serveo.net", "lhr.life", "localhost.run",
	"pinggy.link", "pinggy.io", "devtunnels.ms", "tunnelmole.net", "telebit.io", "localto.net",
}

// LocalSuffixes are name suffixes that only resolve inside a site or host,
// or never resolve at all (.test, .invalid, .example, .onion).
var LocalSuffixes = []string{".local", ".internal", ".lan", ".localdomain", ".home.arpa", ".intranet", ".corp", ".home", ".test", ".invalid", ".example", ".onion"}

// Classify classifies a host name or IP literal (without brackets or
// port); ClassifyText also says why.
func Classify(host string) Place {
	p, _ := ClassifyText(host)
	return p
}

// ClassifyAddr classifies an IP address; ClassifyAddrText also says why.
func ClassifyAddr(a netip.Addr) Place {
	p, _ := ClassifyAddrText(a)
	return p
}

// ClassifyText is Classify with the reason as a catalogue phrase
// ("phrase.host.*", zero for a public host): data, which the caller words
// in its reader's language (this package words nothing).
func ClassifyText(host string) (Place, jsonpos.Text) {
	// Every trailing dot goes, as Canonical drops them: "localhost.." is
	// the host the fetcher reaches as localhost (issue 16, B8).
	h := strings.ToLower(strings.TrimRight(host, "."))
	if h == "" {
		return Invalid, phrase("phrase.host.empty")
	}
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			return Invalid, phrase("phrase.host.non-ascii", strconv.Quote(host))
		}
	}
	if strings.ContainsAny(h, "%[]@/\\ ") {
		return Invalid, phrase("phrase.host.bad-chars", strconv.Quote(host))
	}
	if strings.Contains(h, ":") {
		a, err := netip.ParseAddr(h)
		if err != nil {
			return Invalid, phrase("phrase.host.bad-ipv6", strconv.Quote(host))
		}
		return ClassifyAddrText(a)
	}
	if a, isIP, ok := parseIPv4WHATWG(h); isIP {
		if !ok {
			return Invalid, phrase("phrase.host.bad-ipv4", strconv.Quote(host))
		}
		return ClassifyAddrText(a)
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return Loopback, phrase("phrase.host.localhost", strconv.Quote(h))
	}
	for _, s := range TunnelSuffixes {
		if h == s || (strings.HasSuffix(h, s) && h[len(h)-len(s)-1] == '.') {
			return Tunnel, phrase("phrase.host.tunnel", strconv.Quote(h), s)
		}
	}
	for _, s := range LocalSuffixes {
		if strings.HasSuffix(h, s) {
			return LocalName, phrase("phrase.host.local-name", strconv.Quote(h), s)
		}
	}
	if !strings.Contains(h, ".") {
		return Private, phrase("phrase.host.single-label", strconv.Quote(h))
	}
	return Public, jsonpos.Text{}
}

// special lists IP ranges that are not public unicast destinations
// (IANA special-purpose registries), beyond what netip's predicates cover.
// They are parsed on first use: only an address classifies against them,
// and every program (the playground's engine at each start) would pay
// for parsing them at init.
var special = sync.OnceValue(func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24",
		"198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		"64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23", "2001:db8::/32", "2002::/16", "fec0::/10", "3fff::/20",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
})

// cgnat is 100.64.0.0/10 and globalUnicast6 2000::/3, made without parsing.
var (
	cgnat          = netip.PrefixFrom(netip.AddrFrom4([4]byte{100, 64, 0, 0}), 10)
	globalUnicast6 = netip.PrefixFrom(netip.AddrFrom16([16]byte{0x20}), 3)
)

// ClassifyAddrText is ClassifyAddr with the reason as a catalogue phrase.
func ClassifyAddrText(a netip.Addr) (Place, jsonpos.Text) {
	a = a.Unmap()
	what := a.String()
	if a.Zone() != "" {
		return LinkLocal, phrase("phrase.addr.zone", what)
	}
	switch {
	case a.IsLoopback():
		return Loopback, phrase("phrase.addr.loopback", what)
	case a.IsUnspecified():
		return Unspecified, phrase("phrase.addr.unspecified", what)
	case a.IsPrivate():
		return Private, phrase("phrase.addr.private", what)
	case a.Is4() && cgnat.Contains(a):
		return Private, phrase("phrase.addr.cgnat", what)
	case a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast():
		return LinkLocal, phrase("phrase.addr.link-local", what)
	case a.IsMulticast() || a.IsInterfaceLocalMulticast():
		return Special, phrase("phrase.addr.multicast", what)
	case a.Is6() && !globalUnicast6.Contains(a):
		// IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d) and every
		// other IPv6 address outside 2000::/3 is not a public destination.
		return Special, phrase("phrase.addr.outside-global", what)
	case !a.IsGlobalUnicast():
		return Special, phrase("phrase.addr.not-unicast", what)
	}
	for _, p := range special() {
		if p.Contains(a) {
			return Special, phrase("phrase.addr.special", what, p.String())
		}
	}
	return Public, jsonpos.Text{}
}

// parseIPv4WHATWG follows the WHATWG URL Standard's IPv4 parser: a host
// whose last label is numeric is an IPv4 address, written with 1 to 4 parts,
// each decimal, octal (leading 0) or hex (0x). isIP reports whether the host
// must be read as an address at all; ok whether it is a valid one.
func parseIPv4WHATWG(h string) (addr netip.Addr, isIP, ok bool) {
	// Only a numeric last label makes a host an IPv4 address: most hosts
	// are names and are answered without splitting.
	tail := strings.TrimSuffix(h, ".")
	if tail == "" {
		tail = h
	}
	if _, numeric := ipv4Number(tail[strings.LastIndexByte(tail, '.')+1:]); !numeric {
		return netip.Addr{}, false, false
	}
	parts := strings.Split(h, ".")
	if parts[len(parts)-1] == "" && len(parts) > 1 {
		parts = parts[:len(parts)-1]
	}
	if _, numeric := ipv4Number(parts[len(parts)-1]); !numeric {
		return netip.Addr{}, false, false
	}
	if len(parts) > 4 {
		return netip.Addr{}, true, false
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		n, numeric := ipv4Number(p)
		if !numeric {
			return netip.Addr{}, true, false
		}
		nums[i] = n
	}
	for _, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, true, false
		}
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, true, false
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		v += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, true
}

// ipv4Number parses one part of a WHATWG IPv4 host. numeric is false when
// the part is not a number in any of the three notations.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := 10
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		s, base = s[2:], 16
		if s == "" {
			return 0, true
		}
	case len(s) > 1 && s[0] == '0':
		s, base = s[1:], 8
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 1 << 40, true // numeric, but too big: invalid address
		}
		return 0, false
	}
	return n, true
}

// Canonical is the one spelling of host that both the policy and the
// fetcher read the same way: lower case without a trailing dot, and an IP
// address in its standard form whatever notation it was written in
// ("0x7f000001", "2130706433", "0177.0.0.1" and "127.1" are all
// "127.0.0.1"; IPv6 is compressed, without brackets). Go's net/http would
// send "0x7f000001" to DNS while a browser's fetch connects to 127.0.0.1,
// so discovery rewrites every URL to this spelling before any check or
// request. ok is false for a host that looks like an IPv4 address but is
// not a valid one ("256.0.0.1", "1.2.3.4.5"), which nobody can fetch.
func Canonical(host string) (canon string, ok bool) {
	h := strings.ToLower(host)
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		h = h[1 : len(h)-1]
	}
	if strings.Contains(h, ":") {
		a, err := netip.ParseAddr(h)
		if err != nil {
			return h, false
		}
		return a.String(), true
	}
	h = strings.TrimRight(h, ".")
	if h == "" {
		return h, false
	}
	if a, isIP, valid := parseIPv4WHATWG(h); isIP {
		if !valid {
			return h, false
		}
		return a.String(), true
	}
	return h, true
}

// phrase is a reason as data: a catalogue id and its arguments (i18n.T,
// which this package does not import: it only classifies).
func phrase(id string, args ...any) jsonpos.Text { return jsonpos.Text{ID: id, Args: args} }
