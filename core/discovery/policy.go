package discovery

import (
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/hosts"
)

// Policy is what discovery may fetch and how (docs/ARCHITECTURE.md §7). The zero value
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
	MaxRequests  int           // outbound requests per check, all chains together (see Budget)
	MaxBody      int64         // bytes read; more is cut and reported
	Timeout      time.Duration // for everything, both fetches and all hops
	UserAgent    string

	// Self lists the checker's own endpoints ("host:port", or "host" for
	// every port of that host): URLs there are refused, on the first URL
	// and on every redirect hop, so that the checker can never be made to
	// fetch itself (a nested /api/card?url=<self>/api/card?url=… chain
	// would multiply requests at every level).
	Self []string
}

// DefaultPolicy is the Worker's policy: https to public hosts only.
func DefaultPolicy() Policy {
	return Policy{
		MaxRedirects: DefaultMaxRedirects,
		MaxRequests:  DefaultMaxRequests,
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
	for _, self := range p.Self {
		if sameEndpoint(u, self) {
			return &Error{Kind: KindRefused, URL: u.String(),
				Message: "We do not fetch " + u.Host + ": it is this checker itself, and a check of the checker would only ask it to check again.",
				Hint:    "Give the URL of the agent's card, not a link to this checker."}
		}
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

// classifyHost maps hosts.Classify onto what the policy decides about:
// loopback (allowed in development), public (fetched), private (never
// fetched by the Worker) and invalid.
func classifyHost(host string) (hostClass, string) { return policyClass(hosts.Classify(host)) }

func classifyAddr(a netip.Addr) (hostClass, string) { return policyClass(hosts.ClassifyAddr(a)) }

func policyClass(p hosts.Place, why string) (hostClass, string) {
	switch p {
	case hosts.Public, hosts.Tunnel:
		return hostPublic, why
	case hosts.Loopback:
		return hostLoopback, why
	case hosts.Invalid:
		return hostInvalid, why
	}
	return hostPrivate, why
}
