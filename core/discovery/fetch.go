package discovery

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Hop is one redirect followed on the way to the card.
type Hop struct {
	URL      string `json:"url"`
	Status   int    `json:"status"`
	Location string `json:"location"`
}

// Facts are what the HTTP exchange that produced the card looked like.
// HTTP-level rules check them; the report page shows them.
type Facts struct {
	RequestURL   string `json:"requestUrl"` // the first URL asked for
	FinalURL     string `json:"finalUrl"`   // where the card came from, after redirects
	Status       int    `json:"status"`
	StatusText   string `json:"statusText,omitempty"`
	ContentType  string `json:"contentType"`
	CacheControl string `json:"cacheControl"`
	ETag         string `json:"etag"`
	LastModified string `json:"lastModified"`
	AllowOrigin  string `json:"accessControlAllowOrigin"`
	Size         int    `json:"size"`      // bytes read (at most the cap)
	Truncated    bool   `json:"truncated"` // the body was longer than the cap
	DurationMS   int64  `json:"durationMs"`
	Redirects    []Hop  `json:"redirects"`
	// LegacyPath is set when the well-known path answered 404 and the card
	// was found at /.well-known/agent.json instead.
	LegacyPath bool `json:"legacyPath"`
	// Tried lists URLs asked for before the one that answered, with their
	// status (the 404 at the well-known path).
	Tried []Hop `json:"tried,omitempty"`
	// NoStore is set when the origin asked not to be cached by others
	// (Cache-Control: no-store, private, or max-age=0); the Worker does
	// not cache such reports.
	NoStore bool `json:"-"`
}

// Variant is what a client without the A2A-Version header got, when that
// differs from what a v1.0 client got (some servers serve a 0.3 card to
// header-less clients).
type Variant struct {
	Status int    `json:"status"`
	Size   int    `json:"size"`
	Era    string `json:"era,omitempty"` // filled by Analyze
	Body   []byte `json:"-"`
}

// Fetched is the raw outcome of Fetch: the card's bytes and the facts.
type Fetched struct {
	Input      string
	URL        *url.URL // the normalized URL
	Facts      Facts
	Body       []byte
	Headerless *Variant // nil when both requests got the same bytes
	// HeaderlessNote says why the second request could not be compared,
	// when it failed.
	HeaderlessNote string
}

// FetchRaw normalizes input, applies the policy and fetches the card the way a
// client would: GET with A2A-Version: 1.0, following at most
// p.MaxRedirects redirects (each hop checked again), falling back once to
// the legacy path when the well-known path answers 404, and a second GET
// without the header to see whether the answer depends on it. Failures are
// *Error values with a kind, a message and a hint.
func FetchRaw(ctx context.Context, d Doer, input string, p Policy) (*Fetched, error) {
	u, err := Normalize(input)
	if err != nil {
		return nil, err
	}
	if err := p.Check(u); err != nil {
		return nil, err
	}
	if p.Timeout <= 0 {
		p.Timeout = DefaultTimeout
	}
	if p.MaxBody <= 0 {
		p.MaxBody = DefaultMaxBody
	}
	if p.UserAgent == "" {
		p.UserAgent = UserAgent
	}
	if p.MaxRequests <= 0 {
		p.MaxRequests = DefaultMaxRequests
	}
	// One count for every request of this check, whichever chain makes it.
	d = budgeted(d, p.MaxRequests)
	ctx, cancel := context.WithTimeout(ctx, p.Timeout)
	defer cancel()
	start := time.Now()

	var (
		wg         sync.WaitGroup
		plain      *Response
		plainFacts Facts
		plainErr   error
	)
	wg.Add(1)
	go func() { // the header-less request runs beside the main one
		defer wg.Done()
		defer func() {
			// A panic on this goroutine would take the whole process (the
			// Worker's instance) down; the caller's recover cannot see it.
			if v := recover(); v != nil {
				plain, plainErr = nil, fmt.Errorf("internal error: %v", v)
			}
		}()
		plain, plainFacts, plainErr = chain(ctx, d, u, p, false)
	}()
	res, facts, err := chain(ctx, d, u, p, true)
	target := u
	if err == nil && (res.Status == 404 || res.Status == 410) && IsWellKnown(u) {
		legacy := *u
		legacy.Path, legacy.RawPath, legacy.RawQuery = LegacyPath, "", ""
		lres, lfacts, lerr := chain(ctx, d, &legacy, p, true)
		var capErr *Error
		switch {
		case lerr == nil && lres.Status >= 200 && lres.Status < 300:
			lfacts.Tried = append([]Hop{{URL: facts.FinalURL, Status: res.Status}}, lfacts.Tried...)
			lfacts.LegacyPath = true
			res, facts, target = lres, lfacts, &legacy
		case errors.As(lerr, &capErr) && capErr.Kind == KindRequestCap:
			// Say that the legacy path could not be tried to the end,
			// rather than that there is no card there.
			err = capErr
		default:
			facts.Tried = append(facts.Tried, Hop{URL: legacy.String(), Status: statusOf(lres)})
		}
	}
	wg.Wait()
	facts.DurationMS = time.Since(start).Milliseconds()
	if err != nil {
		if e, ok := err.(*Error); ok && e.Facts == nil && facts.RequestURL != "" {
			e.Facts = &facts
		}
		return nil, err
	}
	out := &Fetched{Input: input, URL: u, Facts: facts, Body: res.Body}
	if fail := judge(res, &facts); fail != nil {
		fail.Facts = &out.Facts
		return nil, fail
	}
	// Compare with the header-less answer. When the card came from the
	// legacy path, the header-less request went to the well-known path and
	// is not comparable; ask the legacy path again.
	if target != u {
		plain, plainFacts, plainErr = chain(ctx, d, target, p, false)
	}
	_ = plainFacts
	switch {
	case plainErr != nil:
		out.HeaderlessNote = "A second request without the A2A-Version header failed: " + plainErr.Error()
	case plain.Status != res.Status || !bytes.Equal(plain.Body, res.Body):
		out.Headerless = &Variant{Status: plain.Status, Size: len(plain.Body), Body: plain.Body}
	}
	return out, nil
}

func statusOf(r *Response) int {
	if r == nil {
		return 0
	}
	return r.Status
}

// judge turns a final response that cannot be a card into an *Error.
func judge(res *Response, f *Facts) *Error {
	switch {
	case res.Status == 404 || res.Status == 410:
		where := f.FinalURL
		if len(f.Tried) > 0 {
			where += " nor at " + f.Tried[len(f.Tried)-1].URL
		}
		return &Error{Kind: KindNotFound, URL: f.FinalURL, RemoteStatus: res.Status,
			Message: "No card found: the server answered " + statusLine(res) + " at " + where + ".",
			Hint:    "Check that the agent publishes its card at /.well-known/agent-card.json on this host, or give the card's full URL."}
	case res.Status < 200 || res.Status >= 300:
		return &Error{Kind: KindRemoteStatus, URL: f.FinalURL, RemoteStatus: res.Status,
			Message: "The server answered " + statusLine(res) + " instead of the card.",
			Hint:    "A client gets the same answer; fix the server so that a plain GET returns 200 with the card."}
	case res.Truncated:
		return &Error{Kind: KindTooLarge, URL: f.FinalURL,
			Message: "The answer is larger than " + humanBytes(int64(len(res.Body))) + "; we stopped reading there.",
			Hint:    "A card is a small JSON document; check that this URL serves the card and not something else. Clients may refuse large cards too."}
	case !looksLikeJSON(res.Body, f.ContentType):
		what := "text that is not JSON"
		if ct := mediaType(f.ContentType); ct != "" {
			what = ct + " content that is not JSON"
		}
		if isHTML(res.Body, f.ContentType) {
			what = "an HTML page"
		}
		return &Error{Kind: KindNotJSON, URL: f.FinalURL,
			Message: "The server answered with " + what + ", not an Agent Card.",
			Hint:    "Check the URL: a card is JSON served as application/a2a+json or application/json. Login pages, error pages and single-page apps often answer every path with HTML."}
	}
	return nil
}

func statusLine(r *Response) string {
	s := http.StatusText(r.Status)
	if r.StatusText != "" {
		s = r.StatusText
	}
	return strings.TrimSpace(strconv.Itoa(r.Status) + " " + s)
}

// chain follows redirects from u. withVersion adds the A2A-Version header.
func chain(ctx context.Context, d Doer, u *url.URL, p Policy, withVersion bool) (*Response, Facts, error) {
	f := Facts{RequestURL: u.String()}
	seen := map[string]bool{}
	cur := u
	for hop := 0; ; hop++ {
		if err := p.Check(cur); err != nil {
			if hop > 0 {
				e := err.(*Error)
				e.Message = "A redirect led to a target we do not fetch. " + e.Message
				e.Facts = &f
			}
			return nil, f, err
		}
		key := cur.String()
		if seen[key] {
			return nil, f, &Error{Kind: KindRedirectLoop, URL: key, Facts: &f,
				Message: "The redirects go round in a loop: " + key + " was visited twice.",
				Hint:    "Fix the server's redirect rules so that the card's URL answers 200 directly."}
		}
		seen[key] = true
		h := http.Header{}
		h.Set("User-Agent", p.UserAgent)
		h.Set("Accept", "application/a2a+json, application/json;q=0.9, */*;q=0.1")
		if withVersion {
			h.Set("A2A-Version", "1.0")
		}
		res, err := d.Do(ctx, &Request{URL: key, Header: h, MaxBody: p.MaxBody})
		// A connection lost before any answer is tried again on a fresh
		// one (at most twice; every try counts against the request cap):
		// under workerd a kept-alive connection that the server closed
		// fails the next request sent on it.
		for retry := 0; retry < 2 && errors.Is(err, ErrConnLost) && ctx.Err() == nil; retry++ {
			res, err = d.Do(ctx, &Request{URL: key, Header: h, MaxBody: p.MaxBody})
		}
		if err != nil {
			return nil, f, transportError(ctx, key, err, &f)
		}
		f.FinalURL = key
		f.Status, f.StatusText = res.Status, res.StatusText
		if isRedirect(res.Status) {
			loc := res.Header.Get("Location")
			next, ok := resolveLocation(cur, loc)
			if !ok {
				return nil, f, &Error{Kind: KindBadRedirect, URL: key, Facts: &f,
					Message: "The server answered " + statusLine(res) + " without a usable Location header.",
					Hint:    "Fix the redirect so that it names the card's URL, or serve the card directly."}
			}
			f.Redirects = append(f.Redirects, Hop{URL: key, Status: res.Status, Location: next.String()})
			if len(f.Redirects) > p.MaxRedirects {
				return nil, f, &Error{Kind: KindTooManyRedirects, URL: key, Facts: &f,
					Message: "More than " + strconv.Itoa(p.MaxRedirects) + " redirects; we stopped following them.",
					Hint:    "Point clients straight at the card's final URL; every redirect is a round trip, and many clients give up early."}
			}
			cur = next
			continue
		}
		f.ContentType = res.Header.Get("Content-Type")
		f.CacheControl = res.Header.Get("Cache-Control")
		f.ETag = res.Header.Get("ETag")
		f.LastModified = res.Header.Get("Last-Modified")
		f.AllowOrigin = res.Header.Get("Access-Control-Allow-Origin")
		f.Size, f.Truncated = len(res.Body), res.Truncated
		f.NoStore = uncacheable(f.CacheControl)
		return res, f, nil
	}
}

func isRedirect(status int) bool {
	switch status {
	case 301, 302, 303, 307, 308:
		return true
	}
	return false
}

func transportError(ctx context.Context, u string, err error, f *Facts) *Error {
	var e *Error
	if errors.As(err, &e) { // the Doer's own policy check (native dial) or the request cap
		e.URL, e.Facts = u, f
		return e
	}
	if errors.Is(err, ErrTimeout) || errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
		return &Error{Kind: KindTimeout, URL: u, Facts: f,
			Message: "No complete answer from " + u + " within the time limit.",
			Hint:    "Check that the server is up and answers quickly; clients give up on slow card fetches too."}
	}
	host, port, loopback := "the server", "", false
	if pu, perr := url.Parse(u); perr == nil {
		h, p := hostPort(pu)
		host, port = pu.Host, p
		c, _ := classifyHost(h)
		loopback = c == hostLoopback
	}
	where := "Check the host name, that the server is running and reachable from the internet, and its TLS certificate."
	if loopback {
		where = "Check that the agent is running on this machine and listening on port " + port + "."
	}
	out := &Error{Kind: KindUnreachable, URL: u, Facts: f, Hint: where}
	switch {
	case errors.Is(err, ErrConnRefused):
		out.Reason = ReasonConnRefused
		out.Message = "Could not connect to " + u + ": the connection was refused (nothing is listening on " + host + ")."
		if !loopback {
			out.Hint = "Check that the server is running and accepts connections on port " + port + " from the internet."
		}
	case errors.Is(err, ErrNoSuchHost):
		out.Reason = ReasonNoSuchHost
		out.Message = "Could not connect to " + u + ": the host name " + strconv.Quote(hostOnly(host)) + " does not resolve."
		out.Hint = "Check the spelling of the host name and that its DNS records are published."
	case errors.Is(err, ErrTLS):
		out.Reason = ReasonTLS
		out.Message = "Could not connect to " + u + ": the TLS handshake failed (the certificate is invalid, expired or for another name)."
		out.Hint = "Serve a valid certificate for this host name; clients refuse the card otherwise."
	case errors.Is(err, ErrConnLost):
		out.Reason = ReasonConnLost
		out.Message = "Could not read the answer from " + u + ": the connection was closed before the answer was complete."
	default:
		out.Message = "Could not connect to " + u + "."
	}
	return out
}

func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}

// looksLikeJSON reports whether the body is JSON enough to lint: its first
// meaningful byte starts a JSON value (or a comment, which the linter
// explains). HTML and other text are refused before linting.
func looksLikeJSON(body []byte, contentType string) bool {
	if isHTML(body, contentType) {
		return false
	}
	b := bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(b) == 0 {
		return true // an empty body: the linter says so
	}
	switch b[0] {
	case '{', '[', '"', '/':
		return true
	}
	return strings.HasSuffix(mediaType(contentType), "json")
}

func isHTML(body []byte, contentType string) bool {
	mt := mediaType(contentType)
	if mt == "text/html" || mt == "application/xhtml+xml" {
		return true
	}
	b := bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(b) > 0 && b[0] == '<'
}

func mediaType(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

func hasDirective(cacheControl, name string) bool {
	for _, d := range strings.Split(cacheControl, ",") {
		k, _, _ := strings.Cut(strings.TrimSpace(d), "=")
		if strings.EqualFold(k, name) {
			return true
		}
	}
	return false
}

// uncacheable reports whether a Cache-Control value asks shared caches not
// to keep the response.
func uncacheable(cc string) bool {
	return hasDirective(cc, "no-store") || hasDirective(cc, "private") ||
		directiveValue(cc, "max-age") == "0" || directiveValue(cc, "s-maxage") == "0"
}

// directiveValue returns the value of a Cache-Control directive ("" when
// absent or valueless).
func directiveValue(cacheControl, name string) string {
	for _, d := range strings.Split(cacheControl, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(d), "=")
		if strings.EqualFold(k, name) {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(int(n>>20)) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(int(n>>10)) + " KiB"
	}
	return strconv.Itoa(int(n)) + " bytes"
}
