package discovery

import (
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
)

// Policy is what discovery may fetch and how (docs/ARCHITECTURE.md, Security model). The zero value
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

// refusedHint is the hint of every refused host: check a public card, or
// run the checker locally.
var refusedHint = hint("hint.fetch.refused")

// Check applies the policy to a parsed target. It looks only at the URL:
// it sends nothing and resolves nothing, so it is safe to call on anything.
func (p Policy) Check(u *url.URL) error {
	if u == nil {
		return fail(KindBadInput, "", i18n.T("msg.fetch.no-url"), i18n.Text{})
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "https" && scheme != "http" {
		e := refusedScheme(scheme)
		e.URL = u.String()
		return e
	}
	if u.User != nil {
		return fail(KindRefused, u.Redacted(), i18n.T("msg.fetch.credentials"), hint("hint.fetch.credentials-public"))
	}
	class, why := classifyHost(u.Hostname())
	refuse := func(id string) error {
		return fail(KindRefused, u.String(), i18n.T(id, why), refusedHint)
	}
	for _, self := range p.Self {
		if sameEndpoint(u, self) {
			return fail(KindRefused, u.String(), i18n.T("msg.fetch.self", u.Host), hint("hint.fetch.self"))
		}
	}
	switch class {
	case hostInvalid:
		return refuse("msg.fetch.invalid-host")
	case hostLoopback:
		if !p.AllowLoopback && !p.AllowPrivate {
			return refuse("msg.fetch.loopback")
		}
		return nil // http or https: it is the user's own machine
	case hostPrivate:
		if !p.AllowPrivate {
			return refuse("msg.fetch.private")
		}
		return nil
	}
	if scheme == "http" && !p.AllowHTTP {
		return fail(KindRefused, u.String(), i18n.T("msg.fetch.plain-http", u.String()), hint("hint.fetch.plain-http"))
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
		return fail(KindRefused, "", i18n.T("msg.fetch.resolves-private", why), refusedHint)
	}
	return nil
}

// classifyHost maps hosts.ClassifyText onto what the policy decides about:
// loopback (allowed in development), public (fetched), private (never
// fetched by the Worker) and invalid. The reason is a phrase, put into the
// refusal's message.
func classifyHost(host string) (hostClass, i18n.Text) { return policyClass(hosts.ClassifyText(host)) }

func classifyAddr(a netip.Addr) (hostClass, i18n.Text) { return policyClass(hosts.ClassifyAddrText(a)) }

func policyClass(p hosts.Place, why i18n.Text) (hostClass, i18n.Text) {
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
