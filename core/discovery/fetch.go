package discovery

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
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
	// when it failed (in English; HeaderlessNoteText is the same as data).
	HeaderlessNote     string
	HeaderlessNoteText i18n.Text
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
	// One count for every request of this check, whichever chain makes
	// it, in two fixed shares (Budget.split): the card's chains and the
	// header-less comparisons.
	d, plainD := budgeted(d, p.MaxRequests).split()
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
				plain, plainErr = nil, fail(KindUnreachable, u.String(), i18n.T("msg.fetch.internal", fmt.Sprint(v)), i18n.Text{})
			}
		}()
		plain, plainFacts, plainErr = chain(ctx, plainD, u, p, false)
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
		plain, plainFacts, plainErr = chain(ctx, plainD, target, p, false)
	}
	_ = plainFacts
	switch {
	case plainErr != nil:
		out.HeaderlessNoteText = i18n.T("msg.fetch.headerless-failed", errText(plainErr))
		out.HeaderlessNote = i18n.EnglishCatalogue().Render(out.HeaderlessNoteText)
	case plain.Status != res.Status || !bytes.Equal(plain.Body, res.Body):
		out.Headerless = &Variant{Status: plain.Status, Size: len(plain.Body), Body: plain.Body}
	}
	return out, nil
}

// errText is an error as a message: an *Error's own Text, else the error's
// words (a Doer's failure that is not one of ours) as an internal error.
func errText(err error) i18n.Text {
	var e *Error
	if errors.As(err, &e) && !e.Text.IsZero() {
		return e.Text
	}
	return i18n.T("msg.fetch.internal", err.Error())
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
		msg := i18n.T("msg.fetch.not-found", statusLine(res), f.FinalURL)
		if len(f.Tried) > 0 {
			msg = i18n.T("msg.fetch.not-found.tried", statusLine(res), f.FinalURL, f.Tried[len(f.Tried)-1].URL)
		}
		e := fail(KindNotFound, f.FinalURL, msg, hint("hint.fetch.not-found"))
		e.RemoteStatus = res.Status
		return e
	case res.Status < 200 || res.Status >= 300:
		e := fail(KindRemoteStatus, f.FinalURL, i18n.T("msg.fetch.remote-status", statusLine(res)), hint("hint.fetch.remote-status"))
		e.RemoteStatus = res.Status
		return e
	case res.Truncated:
		return fail(KindTooLarge, f.FinalURL, i18n.T("msg.fetch.too-large", humanBytes(int64(len(res.Body)))), hint("hint.fetch.too-large"))
	case !looksLikeJSON(res.Body, f.ContentType):
		what := i18n.T("phrase.fetch.text-not-json")
		if ct := mediaType(f.ContentType); ct != "" {
			what = i18n.T("phrase.fetch.type-not-json", jsonpos.Clip(ct, jsonpos.MaxQuoted))
		}
		if isHTML(res.Body, f.ContentType) {
			what = i18n.T("phrase.fetch.html-page")
		}
		return fail(KindNotJSON, f.FinalURL, i18n.T("msg.fetch.not-json", what), hint("hint.fetch.not-json"))
	}
	return nil
}

func statusLine(r *Response) string {
	s := statusText(r.Status)
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
				e.setText(i18n.T("msg.fetch.redirect-refused", e.Text))
				e.Facts = &f
			}
			return nil, f, err
		}
		key := cur.String()
		if seen[key] {
			e := fail(KindRedirectLoop, key, i18n.T("msg.fetch.redirect-loop", key), hint("hint.fetch.redirect-loop"))
			e.Facts = &f
			return nil, f, e
		}
		seen[key] = true
		h := Header{}
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
		for retry := 0; retry < 2 && (errors.Is(err, ErrConnLost) || errors.Is(err, ErrConnFailed)) && ctx.Err() == nil; retry++ {
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
				e := fail(KindBadRedirect, key, i18n.T("msg.fetch.bad-redirect", statusLine(res)), hint("hint.fetch.bad-redirect"))
				e.Facts = &f
				return nil, f, e
			}
			f.Redirects = append(f.Redirects, Hop{URL: key, Status: res.Status, Location: next.String()})
			if len(f.Redirects) > p.MaxRedirects {
				e := fail(KindTooManyRedirects, key, i18n.T("msg.fetch.too-many-redirects", p.MaxRedirects), hint("hint.fetch.too-many-redirects"))
				e.Facts = &f
				return nil, f, e
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
		e := fail(KindTimeout, u, i18n.T("msg.fetch.timeout", u), hint("hint.fetch.timeout"))
		e.Facts = f
		return e
	}
	var host any = i18n.Phrase("phrase.fetch.the-server")
	port, loopback := "", false
	if pu, perr := url.Parse(u); perr == nil {
		h, p := hostPort(pu)
		host, port = pu.Host, p
		c, _ := classifyHost(h)
		loopback = c == hostLoopback
	}
	where := hint("hint.fetch.unreachable")
	if loopback {
		where = i18n.T("hint.fetch.unreachable-local", port)
	}
	msg, reason := i18n.T("msg.fetch.unreachable", u), ""
	switch {
	case errors.Is(err, ErrConnRefused):
		reason, msg = ReasonConnRefused, i18n.T("msg.fetch.conn-refused", u, host)
		if !loopback {
			where = i18n.T("hint.fetch.conn-refused", port)
		}
	case errors.Is(err, ErrNoSuchHost):
		h, _ := host.(string)
		reason, msg = ReasonNoSuchHost, i18n.T("msg.fetch.no-such-host", u, strconv.Quote(hostOnly(h)))
		where = hint("hint.fetch.no-such-host")
	case errors.Is(err, ErrPlainHTTP):
		reason, msg = ReasonHTTPAnswer, i18n.T("msg.fetch.http-answer", u)
		where = i18n.T("hint.fetch.http-answer", httpURL(u))
	case errors.Is(err, ErrTLS):
		reason, msg = ReasonTLS, i18n.T("msg.fetch.tls", u)
		where = hint("hint.fetch.tls")
	case errors.Is(err, ErrConnLost):
		reason, msg = ReasonConnLost, i18n.T("msg.fetch.conn-lost", u)
	case errors.Is(err, ErrConnFailed):
		reason, msg = ReasonConnFailed, i18n.T("msg.fetch.conn-failed", u, host)
	}
	if loopback && strings.HasPrefix(u, "https://") && (reason == ReasonTLS || reason == ReasonConnLost || reason == ReasonConnFailed) {
		// A development server on this machine usually speaks plain
		// http; a runtime that cannot tell (workerd's fetch loses the
		// connection either way) still points at the http URL, without
		// a probe of its own (issue 16, B9).
		where = i18n.T("hint.fetch.local-https", port, httpURL(u))
	}
	out := fail(KindUnreachable, u, msg, where)
	out.Facts, out.Reason = f, reason
	return out
}

// httpURL is u with the http scheme, for the hint of a server that
// answers https requests in plain HTTP.
func httpURL(u any) string {
	s := fmt.Sprint(u)
	if rest, ok := strings.CutPrefix(s, "https://"); ok {
		return "http://" + rest
	}
	return s
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

// humanBytes is a size for a message: whole MiB or KiB (symbols, the same
// in every language), else a number of bytes (a phrase).
func humanBytes(n int64) any {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(int(n>>20)) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(int(n>>10)) + " KiB"
	}
	return i18n.T("phrase.fetch.bytes", int(n))
}
