package lint

import (
	"net/url"
	"strings"

	"github.com/agentcard/agentcard/core/hosts"
	"github.com/agentcard/agentcard/core/i18n"
)

// URL classification shared by the identity, interface and security rules.
// It never resolves names: it only reads what the card says.

// urlForm is the syntactic shape of a URL-like string.
type urlForm uint8

const (
	formEmpty       urlForm = iota // "" or only spaces
	formPlaceholder                // a template left unfilled: {BASE_URL}, ${HOST}, <your-url>
	formHTTP                       // absolute http: or https: URL with a host
	formOtherScheme                // absolute URI with another scheme (grpc:, urn:, data:, ftp:)
	formHostPort                   // host:port without scheme (valid for gRPC only)
	formNoScheme                   // looks like a host and path without a scheme: agent.example.com/a2a
	formRelative                   // a path: /a2a, ./a2a, a2a
	formInvalid                    // a scheme but no usable host (https:/x, http://), or spaces
)

// hostKind says where a host lives; hosts.Place is the one classification
// the fetch policy uses too.
type hostKind = hosts.Place

const (
	hostPublic      = hosts.Public
	hostLoopback    = hosts.Loopback
	hostUnspecified = hosts.Unspecified
	hostPrivate     = hosts.Private
	hostLinkLocal   = hosts.LinkLocal
	hostLocalName   = hosts.LocalName
	hostTunnel      = hosts.Tunnel
	hostInvalid     = hosts.Invalid
)

// urlInfo is what classifyURL found out about a string.
type urlInfo struct {
	Raw    string
	Form   urlForm
	Scheme string // lower case; "" when there is none
	Host   string // lower case, without brackets and port
	Port   string
	// Placeholder is the unfilled template text, for messages.
	Placeholder string
	Where       hostKind
	// Why explains Where in a few words (`the address 10.0.0.1 (a private
	// network address)`), as a catalogue phrase for messages; Reason is
	// its English.
	Why    i18n.Text
	Reason string
}

// Secure reports whether the URL uses TLS (https, wss, grpcs).
func (u urlInfo) Secure() bool {
	return u.Scheme == "https" || u.Scheme == "wss" || u.Scheme == "grpcs"
}

// Internal reports whether the host cannot be reached from the public
// internet, or only through a temporary tunnel.
func (u urlInfo) Internal() bool { return u.Host != "" && u.Where != hostPublic }

// hasPlaceholderWord reports whether s holds, in any ASCII case, one of
// the words the word forms of placeholderForms need: one pass over s.
func hasPlaceholderWord(s string) bool {
	for i := 0; i < len(s); i++ {
		var w string
		switch s[i] | 0x20 { // ASCII lower case (other bytes match no first letter)
		case 'y':
			w = "your"
		case 'c':
			w = "change"
		case 'r':
			w = "replace"
		case 'p':
			w = "placeholder"
		default:
			continue
		}
		if len(s)-i >= len(w) && strings.EqualFold(s[i:i+len(w)], w) {
			return true
		}
	}
	return false
}

// findPlaceholder returns the first unfilled template in s, or "".
func findPlaceholder(s string) string {
	// Every pattern needs one of these bytes or words; most strings have
	// none, and this is the linter's hottest path otherwise.
	if !strings.ContainsAny(s, "{<$%_") && !hasPlaceholderWord(s) {
		return ""
	}
	for _, form := range placeholderForms {
		if m := form(s); m != "" {
			return m
		}
	}
	return ""
}

// classifyURL is classifyURL remembered for one run: several rules look at
// the same URL.
func (c *Context) classifyURL(raw string) urlInfo {
	if i, ok := c.urls[raw]; ok {
		return c.urlVals[i]
	}
	if c.urls == nil {
		c.urls = make(map[string]int32)
	}
	u := classifyURLWith(raw, c.classifyHost)
	c.urls[raw] = int32(len(c.urlVals))
	c.urlVals = append(c.urlVals, u)
	return u
}

// classifyHost is classifyHost memoized for the run: a card's URLs share
// a few hosts.
func (c *Context) classifyHost(host string) hostInfo {
	if h, ok := c.hosts[host]; ok {
		return h
	}
	if c.hosts == nil {
		c.hosts = make(map[string]hostInfo, 8)
	}
	h := classifyHost(host)
	c.hosts[host] = h
	return h
}

// hostInfo is what classifyHost says of a host: where it lives and why,
// as a phrase and in English.
type hostInfo struct {
	kind   hostKind
	why    i18n.Text
	reason string
}

// set records the host's classification in u.
func (u *urlInfo) set(h hostInfo) { u.Where, u.Why, u.Reason = h.kind, h.why, h.reason }

// hostPortMatch matches the scheme-less host:port form; it never contains
// a slash, which rules out most URLs at once. It is this expression
// without the regexp engine (TestHostPortMatchesRegexp keeps both
// agreeing), returning its two groups, [host, port], or nil:
//
//	^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.\-]*[A-Za-z0-9])?):([0-9]{1,5})$
func hostPortMatch(s string) []string {
	if strings.IndexByte(s, '/') >= 0 {
		return nil
	}
	colon := strings.LastIndexByte(s, ':')
	if colon < 1 {
		return nil
	}
	host, port := s[:colon], s[colon+1:]
	if len(port) < 1 || len(port) > 5 {
		return nil
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return nil
		}
	}
	alnum := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }
	if host[0] == '[' {
		if len(host) < 3 || host[len(host)-1] != ']' {
			return nil
		}
		for i := 1; i < len(host)-1; i++ {
			if c := host[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == ':' || c == '.') {
				return nil
			}
		}
		return []string{s, host, port}
	}
	if !alnum(host[0]) || !alnum(host[len(host)-1]) {
		return nil
	}
	for i := 1; i < len(host)-1; i++ {
		if c := host[i]; !alnum(c) && c != '.' && c != '-' {
			return nil
		}
	}
	return []string{s, host, port}
}

// classifyURL reads the shape of a URL as written in a card.
func classifyURL(raw string) urlInfo { return classifyURLWith(raw, classifyHost) }

// classifyURLWith is classifyURL with the host classifier given.
func classifyURLWith(raw string, classifyHost func(string) hostInfo) urlInfo {
	u := urlInfo{Raw: raw}
	s := strings.TrimSpace(raw)
	if s == "" {
		u.Form = formEmpty
		return u
	}
	if p := findPlaceholder(s); p != "" {
		u.Form, u.Placeholder = formPlaceholder, p
		return u
	}
	if strings.ContainsAny(s, " \t\r\n") {
		u.Form = formInvalid
		return u
	}
	if m := hostPortMatch(s); m != nil && !isKnownScheme(strings.ToLower(m[1])) {
		u.Form = formHostPort
		u.Host = strings.ToLower(strings.Trim(m[1], "[]"))
		u.Port = m[2]
		u.set(classifyHost(u.Host))
		return u
	}
	if hasScheme(s) {
		i := strings.IndexByte(s, ':')
		u.Scheme = strings.ToLower(s[:i])
		switch u.Scheme {
		case "dns":
			// gRPC name syntax: dns:[//authority/]host[:port]
			target := s[i+1:]
			if strings.HasPrefix(target, "//") {
				if j := strings.IndexByte(target[2:], '/'); j >= 0 {
					target = target[2+j+1:]
				} else {
					target = ""
				}
			}
			host, port, ok := hosts.SplitHostPort(target)
			if !ok {
				host = target
			}
			if host == "" || strings.ContainsAny(host, "/?#") {
				u.Form = formInvalid
				return u
			}
			u.Form, u.Host, u.Port = formOtherScheme, strings.ToLower(strings.Trim(host, "[]")), port
			u.set(classifyHost(u.Host))
			return u
		case "unix", "unix-abstract":
			u.Form = formOtherScheme
			u.set(hostInfo{hostLoopback, unixSocket, i18n.EnglishCatalogue().Render(unixSocket)})
			return u
		}
		if !hierarchical(u.Scheme) {
			u.Form = formOtherScheme
			return u
		}
		if _, auth, _, ok := simpleURL(s); ok {
			host, port := hostPort(auth)
			u.Host, u.Port = strings.ToLower(host), port
		} else {
			p, err := url.Parse(s)
			if err != nil || p.Host == "" || !strings.HasPrefix(s[i:], "://") {
				u.Form = formInvalid
				return u
			}
			u.Host = strings.ToLower(p.Hostname())
			u.Port = p.Port()
		}
		if u.Host == "" {
			u.Form = formInvalid
			return u
		}
		if u.Scheme == "http" || u.Scheme == "https" {
			u.Form = formHTTP
		} else {
			u.Form = formOtherScheme
		}
		u.set(classifyHost(u.Host))
		return u
	}
	if isBareHost(s) && !strings.HasPrefix(s, ".") {
		u.Form = formNoScheme
		host := s
		if j := strings.IndexAny(host, "/?#"); j >= 0 {
			host = host[:j]
		}
		if h, port, ok := hosts.SplitHostPort(host); ok {
			host, u.Port = h, port
		}
		u.Host = strings.ToLower(host)
		u.set(classifyHost(u.Host))
		return u
	}
	u.Form = formRelative
	return u
}

// hasScheme reports whether s starts with a URI scheme and a colon
// (RFC 3986 §3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"): the
// expression ^[A-Za-z][A-Za-z0-9+.\-]*: without the regexp engine
// (TestHasSchemeMatchesRegexp keeps both agreeing).
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// isKnownScheme tells "https:443"-like oddities from host:port.
func isKnownScheme(s string) bool {
	switch s {
	case "http", "https", "grpc", "grpcs", "ws", "wss", "urn", "data", "mailto", "file", "ftp":
		return true
	}
	return false
}

// hierarchical schemes carry an authority (//host) we can classify.
func hierarchical(scheme string) bool {
	switch scheme {
	case "http", "https", "grpc", "grpcs", "ws", "wss", "ftp", "ftps":
		return true
	}
	return false
}

// unixSocket is the reason given for unix: targets.
var unixSocket = i18n.T("phrase.url.unix-socket")

// classifyHost says whether a host (no port, no brackets) is reachable from
// the public internet, and why not.
// An internationalized name is taken as public: clients map it to ASCII
// (IDNA) before connecting, and a card may rightly use one.
func classifyHost(host string) hostInfo {
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			return hostInfo{kind: hostPublic}
		}
	}
	k, why := hosts.ClassifyText(host)
	h := hostInfo{kind: k, why: why}
	if !why.IsZero() {
		h.reason = i18n.EnglishCatalogue().Render(why)
	}
	return h
}

// isAbsoluteURI reports whether s is an absolute URI: a scheme followed by
// something, no spaces (RFC 3986 §4.3).
func isAbsoluteURI(s string) bool {
	if !hasScheme(s) || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	i := strings.IndexByte(s, ':')
	rest := s[i+1:]
	if rest == "" || rest == "//" {
		return false
	}
	if hierarchical(strings.ToLower(s[:i])) {
		p, err := url.Parse(s)
		return err == nil && p.Host != ""
	}
	return true
}
