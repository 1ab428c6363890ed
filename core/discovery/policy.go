package discovery

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Policy is what discovery may fetch and how (DESIGN.md §7). The zero value
// is not useful; start from DefaultPolicy.
type Policy struct {
	// AllowLoopback permits 127.0.0.0/8, ::1 and localhost, over http or
	// https: for checking an agent on one's own machine. The Worker sets it
	// only when its ALLOW_LOOPBACK variable is "1".
	AllowLoopback bool
	// AllowPrivate permits private, link-local and other non-public
	// addresses and names, and plain http to them. Only for tools that run
	// on the user's own machine (the CLI); never in the Worker.
	AllowPrivate bool
	// AllowHTTP permits plain http to public hosts (the CLI).
	AllowHTTP bool

	MaxRedirects int           // hops followed; each is checked again
	MaxBody      int64         // bytes read; more is cut and reported
	Timeout      time.Duration // for everything, both fetches and all hops
	UserAgent    string
}

// DefaultPolicy is the Worker's policy: https to public hosts only.
func DefaultPolicy() Policy {
	return Policy{
		MaxRedirects: DefaultMaxRedirects,
		MaxBody:      DefaultMaxBody,
		Timeout:      DefaultTimeout,
		UserAgent:    UserAgent,
	}
}

// LocalPolicy is for tools the user runs on their own machine (the CLI):
// like curl, it may reach any host the user can, over http or https.
func LocalPolicy() Policy {
	p := DefaultPolicy()
	p.AllowLoopback, p.AllowPrivate, p.AllowHTTP = true, true, true
	return p
}

// hostClass is what a host is, as far as can be told without sending a
// packet.
type hostClass int

const (
	hostPublic hostClass = iota
	hostLoopback
	hostPrivate // private, link-local, reserved, special-purpose: never fetched by the Worker
	hostInvalid // not a host anyone can fetch
)

const refusedHint = "Check a card that is published on the public internet. To check an agent running on your own machine, run the checker locally with `make dev` (it allows loopback addresses) or use the agentcard CLI."

// Check applies the policy to a parsed target. It looks only at the URL:
// it sends nothing and resolves nothing, so it is safe to call on anything.
func (p Policy) Check(u *url.URL) error {
	if u == nil {
		return errorf(KindBadInput, "", "No URL given.")
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "https" && scheme != "http" {
		e := refusedScheme(scheme)
		e.URL = u.String()
		return e
	}
	if u.User != nil {
		return &Error{Kind: KindRefused, URL: u.Redacted(), Message: "The URL contains credentials (user:password@); we do not fetch such URLs.",
			Hint: "Remove the user name and password from the URL: a public card needs no credentials."}
	}
	class, why := classifyHost(u.Hostname())
	refuse := func(msg string) error {
		return &Error{Kind: KindRefused, URL: u.String(), Message: msg, Hint: refusedHint}
	}
	switch class {
	case hostInvalid:
		return refuse("We do not fetch " + why + ".")
	case hostLoopback:
		if !p.AllowLoopback && !p.AllowPrivate {
			return refuse("We do not fetch " + why + ": it points back at the machine running the checker.")
		}
		return nil // http or https: it is the user's own machine
	case hostPrivate:
		if !p.AllowPrivate {
			return refuse("We do not fetch " + why + ": it is not a public internet address.")
		}
		return nil
	}
	if scheme == "http" && !p.AllowHTTP {
		return &Error{Kind: KindRefused, URL: u.String(),
			Message: "We only fetch https URLs from public hosts; " + u.String() + " uses plain http.",
			Hint:    "Use the https:// URL of the card. Clients should never fetch a card over plain http, since anyone on the path could change it."}
	}
	return nil
}

// CheckAddr applies the policy to the address a connection is about to be
// made to, after DNS. Natively the HTTP Doer calls it for every dial, so a
// public name that resolves to a private address is still refused.
func (p Policy) CheckAddr(a netip.Addr) error {
	class, why := classifyAddr(a)
	switch {
	case class == hostLoopback && !p.AllowLoopback && !p.AllowPrivate,
		class == hostPrivate && !p.AllowPrivate:
		return &Error{Kind: KindRefused, Message: "The host name resolves to " + why + ", which we do not fetch.", Hint: refusedHint}
	}
	return nil
}

// classifyHost classifies a host name or IP literal (without brackets or
// port) the way a WHATWG URL parser, which fetch uses, would read it: so
// "0x7f000001", "2130706433" and "127.1" are all 127.0.0.1.
func classifyHost(host string) (hostClass, string) {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "" {
		return hostInvalid, "an empty host"
	}
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			// fetch maps Unicode hosts through IDNA (fullwidth digits,
			// ideographic full stops and soft hyphens become an IPv4
			// literal such as 127.0.0.1), so a name must be classified in
			// the form fetch will use; we ask for that form instead of
			// guessing it.
			return hostInvalid, "the host " + strconv.Quote(host) + " (it has non-ASCII characters: write an internationalized name in its ASCII xn-- form)"
		}
	}
	if strings.ContainsAny(h, "%[]@/\\ ") {
		return hostInvalid, "the host " + strconv.Quote(host) + " (it contains characters a host name cannot have)"
	}
	if strings.Contains(h, ":") {
		a, err := netip.ParseAddr(h)
		if err != nil {
			return hostInvalid, "the host " + strconv.Quote(host) + " (not a valid IPv6 address)"
		}
		return classifyAddr(a)
	}
	if a, isIP, ok := parseIPv4WHATWG(h); isIP {
		if !ok {
			return hostInvalid, "the host " + strconv.Quote(host) + " (it looks like an IPv4 address but is not a valid one)"
		}
		return classifyAddr(a)
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return hostLoopback, "the host " + strconv.Quote(h)
	}
	if !strings.Contains(h, ".") {
		return hostPrivate, "the host " + strconv.Quote(h) + " (a single-label name is not a public domain)"
	}
	for _, suffix := range privateSuffixes {
		if strings.HasSuffix(h, suffix) {
			return hostPrivate, "the host " + strconv.Quote(h) + " (" + suffix + " names are private to a network)"
		}
	}
	return hostPublic, ""
}

var privateSuffixes = []string{".local", ".internal", ".lan", ".localdomain", ".home.arpa", ".intranet", ".corp", ".home", ".test", ".invalid", ".example", ".onion"}

// special lists IP ranges that are not public unicast destinations
// (IANA special-purpose registries), beyond what netip's predicates cover.
var special = func() []netip.Prefix {
	var out []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24",
		"198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		"64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001::/23", "2001:db8::/32", "2002::/16", "fec0::/10", "3fff::/20",
	} {
		out = append(out, netip.MustParsePrefix(s))
	}
	return out
}()

var globalUnicast6 = netip.MustParsePrefix("2000::/3")

func classifyAddr(a netip.Addr) (hostClass, string) {
	a = a.Unmap()
	what := "the address " + a.String()
	if a.Zone() != "" {
		return hostPrivate, what + " (an address with a zone is local to a link)"
	}
	switch {
	case a.IsLoopback():
		return hostLoopback, what + " (loopback)"
	case a.IsUnspecified():
		return hostPrivate, what + " (the unspecified address)"
	case a.IsPrivate():
		return hostPrivate, what + " (a private network range)"
	case a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast():
		return hostPrivate, what + " (link-local; cloud metadata services live here)"
	case a.IsMulticast() || a.IsInterfaceLocalMulticast():
		return hostPrivate, what + " (multicast)"
	case a.Is6() && !globalUnicast6.Contains(a):
		// IPv4-compatible (::a.b.c.d), SIIT (::ffff:0:a.b.c.d) and every
		// other IPv6 address outside 2000::/3 is not a public destination.
		return hostPrivate, what + " (outside the IPv6 global unicast range 2000::/3)"
	case !a.IsGlobalUnicast():
		return hostPrivate, what + " (not a unicast address)"
	}
	for _, p := range special {
		if p.Contains(a) {
			return hostPrivate, what + " (a special-purpose range " + p.String() + ")"
		}
	}
	return hostPublic, ""
}

// parseIPv4WHATWG follows the WHATWG URL Standard's IPv4 parser: a host
// whose last label is numeric is an IPv4 address, written with 1 to 4 parts,
// each decimal, octal (leading 0) or hex (0x). isIP reports whether the host
// must be read as an address at all; ok whether it is a valid one.
func parseIPv4WHATWG(h string) (addr netip.Addr, isIP, ok bool) {
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
