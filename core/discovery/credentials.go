package discovery

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"

	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
)

// Credentials is the credential scope of one check: the caller's own
// headers (an Authorization header, an API key) and where they may go.
// It is built once per check (core/check) and every request of the check
// that could carry them asks it, so that the rule lives in one place:
//
//   - to the origin the user named, for the card's own fetch;
//   - to the origins of the endpoints the card declares, but only when
//     the card was served from that named origin with no hop through
//     another origin: a cross-origin redirect drops them for the rest of
//     the check (Withheld says so, and why);
//   - for a card read from a file there is no origin: only to the origins
//     the user names for them (the CLI's --header-origin), and never to a
//     declared endpoint elsewhere (issue 16, B6);
//   - a URL read from a list (the CLI's --from) was not named by the user
//     either: whoever edits the list would choose where the headers go.
//     Its card gets them only when its origin is one the user names for
//     them, and then as a named origin's (issue 36, B22);
//   - never to a key set (a jku is public) or to anything else.
//
// Header values are checked with CheckHeader before anything is sent; a
// Credentials never prints, logs or returns them except to a request it
// allows.
type Credentials struct {
	headers Header
	named   string // the origin the user named; "" for a card without origin
	mu      sync.Mutex
	allowed map[string]bool
	// fetching is set while the card's own fetch runs: a request then to
	// an origin that is not allowed is a redirect hop elsewhere.
	fetching bool
	withheld *Withheld
}

// Withheld says why the caller's headers were kept from the rest of a
// check (the JSON answers' credentialsWithheldReason).
type Withheld struct {
	// Reason is WithheldRedirect.
	Reason string `json:"code"`
	// From is the origin the user named, To the one the card's fetch was
	// redirected to.
	From string `json:"from"`
	To   string `json:"to"`
	// Text says it as data; Message is its rendering (English until
	// Localize).
	Text    i18n.Text `json:"-"`
	Message string    `json:"message"`
}

// Reasons of Withheld: the card's fetch went through another origin; the
// card's URL came from a list and its origin is none the user named.
const (
	WithheldRedirect = "cross-origin-redirect"
	WithheldListed   = "listed-origin-not-named"
)

// Localize renders the reason in cat's language.
func (w *Withheld) Localize(cat *i18n.Catalogue) {
	if w != nil && cat != nil && !w.Text.IsZero() {
		w.Message = cat.Render(w.Text)
	}
}

// Errors of NewCredentials.
var (
	// ErrHeaderOriginNeeded: headers for a card that has no origin (a
	// file) without any origin named for them.
	ErrHeaderOriginNeeded = errors.New("headers for a card read from a file need the origins they may go to")
	// ErrHeaderOriginListed: headers for cards named by a list (the CLI's
	// --from) without any origin named for them.
	ErrHeaderOriginListed = errors.New("headers for cards named by a list need the origins they may go to")
)

// CheckScope is the credential rule for the inputs of one run, checked
// before anything is sent: headers for a card without an origin the user
// named, a file (file) or a URL read from a list (listed), need origins
// named for them. NewCredentials applies it to each check again.
func CheckScope(headers Header, origins []string, file, listed bool) error {
	switch {
	case len(headers) == 0 || len(origins) > 0:
		return nil
	case file:
		return ErrHeaderOriginNeeded
	case listed:
		return ErrHeaderOriginListed
	}
	return nil
}

// HeaderOriginError is an origin named for the headers that is not an
// http(s) origin.
type HeaderOriginError struct{ Value string }

func (e *HeaderOriginError) Error() string { return "not an http(s) origin: " + e.Value }

// HeaderError is a refused header (CheckHeader); it names the header,
// never its value.
type HeaderError struct {
	Name    string
	Problem HeaderProblem
}

func (e *HeaderError) Error() string { return "refused header " + e.Name }

// NewCredentials builds the scope of one check. named is the card URL the
// user gave (normalized), nil for a card without origin; origins are the
// origins the user named for the headers (required when named is nil and
// there are headers; "https://host[:port]", a path is ignored). Headers
// that CheckHeader refuses are an error: nothing is sent.
func NewCredentials(headers Header, named *url.URL, origins []string) (*Credentials, error) {
	c := &Credentials{allowed: map[string]bool{}}
	if name, p := CheckHeaders(headers); p != HeaderOK {
		return nil, &HeaderError{Name: name, Problem: p}
	}
	if len(headers) > 0 {
		c.headers = headers.Clone()
	}
	for _, o := range origins {
		u, ok := ParseTarget(o)
		if !ok || u.User != nil {
			return nil, &HeaderOriginError{Value: o}
		}
		c.allowed[hosts.Origin(u)] = true
	}
	if named != nil {
		c.named = hosts.Origin(named)
		if c.named != "" {
			c.allowed[c.named] = true
		}
	} else if err := CheckScope(c.headers, origins, true, false); err != nil {
		return nil, err
	}
	return c, nil
}

// NewListedCredentials is NewCredentials for a card whose URL named came
// from a list rather than from the user: origins are required with
// headers (ErrHeaderOriginListed), and the card is treated as named only
// when its origin is one of them; otherwise the headers go nowhere in
// this check, and Withheld says why.
func NewListedCredentials(headers Header, named *url.URL, origins []string) (*Credentials, error) {
	if err := CheckScope(headers, origins, false, true); err != nil {
		return nil, err
	}
	c, err := NewCredentials(headers, named, origins)
	if err != nil || !c.Any() || named == nil {
		return c, err
	}
	for _, o := range origins {
		if u, ok := ParseTarget(o); ok && hosts.Origin(u) == c.named {
			return c, nil
		}
	}
	t := i18n.T("msg.credentials.withheld.listed", c.named)
	c.withheld = &Withheld{Reason: WithheldListed, To: c.named, Text: t, Message: i18n.EnglishCatalogue().Render(t)}
	return c, nil
}

// Any reports whether the caller gave headers at all.
func (c *Credentials) Any() bool { return c != nil && len(c.headers) > 0 }

// Withheld is why the headers were dropped for the rest of the check, or
// nil when they were not (or there were none).
func (c *Credentials) Withheld() *Withheld {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.withheld == nil {
		return nil
	}
	w := *c.withheld
	return &w
}

// withhold drops the headers for the rest of the check because the
// card's fetch reached origin to; the first reason stays.
func (c *Credentials) withhold(to string) {
	if c.withheld != nil || len(c.headers) == 0 {
		return
	}
	t := i18n.T("msg.credentials.withheld.redirect", c.named, to)
	c.withheld = &Withheld{Reason: WithheldRedirect, From: c.named, To: to, Text: t, Message: i18n.EnglishCatalogue().Render(t)}
}

// StartFetch marks the card's own fetch as running; Fetched ends it.
func (c *Credentials) StartFetch() {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.fetching = true
	c.mu.Unlock()
}

// Fetched ends the card's fetch. Any hop of its redirect chains to
// another origin than the one named drops the headers for the rest of
// the check, even when a later hop came back.
func (c *Credentials) Fetched(f *Facts) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.fetching = false
	if f == nil || c.named == "" {
		return
	}
	for _, hop := range append(append([]Hop(nil), f.Redirects...), Hop{Location: f.FinalURL}) {
		if o := hosts.OriginOf(hop.Location); o != "" && o != c.named {
			c.withhold(o)
			return
		}
	}
}

// AllowDeclared lets the headers go to the origins of the endpoints a
// card declares (its interface urls; a gRPC entry's bare "host:port" is
// read as https), when the card was served from the origin the user named
// with no hop elsewhere. For a card without origin it does nothing: its
// endpoints get the headers only where the user named their origin.
func (c *Credentials) AllowDeclared(urls []string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.named == "" || c.withheld != nil || c.fetching {
		return
	}
	for _, raw := range urls {
		raw = strings.TrimSpace(raw)
		if raw != "" && !strings.Contains(raw, "://") {
			raw = "https://" + raw
		}
		if u, ok := ParseTarget(raw); ok && u.User == nil {
			if o := hosts.Origin(u); o != "" {
				c.allowed[o] = true
			}
		}
	}
}

// For is the caller's headers for a request to u (a copy), or nil when
// they may not go there. During the card's fetch, asking for another
// origin is a redirect elsewhere: it drops the headers for the rest of
// the check.
func (c *Credentials) For(u *url.URL) Header {
	if c == nil || len(c.headers) == 0 || u == nil {
		return nil
	}
	o := hosts.Origin(u)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.withheld != nil {
		return nil
	}
	if o == "" || !c.allowed[o] {
		if c.fetching && o != "" {
			c.withhold(o)
		}
		return nil
	}
	return c.headers.Clone()
}

// Doer wraps d so that every request the scope allows carries the
// caller's headers (never replacing a header the request sets itself)
// and every other request goes without them.
func (c *Credentials) Doer(d Doer) Doer {
	if !c.Any() {
		return d
	}
	return credentialDoer{d: d, c: c}
}

type credentialDoer struct {
	d Doer
	c *Credentials
}

func (cd credentialDoer) Do(ctx context.Context, r *Request) (*Response, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return cd.d.Do(ctx, r)
	}
	h := cd.c.For(u)
	if h == nil {
		return cd.d.Do(ctx, r)
	}
	with := *r
	with.Header = r.Header.Clone()
	if with.Header == nil {
		with.Header = Header{}
	}
	for k, vs := range h {
		if with.Header.Get(k) == "" {
			with.Header[k] = vs
		}
	}
	return cd.d.Do(ctx, &with)
}
