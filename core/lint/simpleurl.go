package lint

import "net/url"

// simpleURL splits scheme://authority[rest] without net/url when the
// string is one that url.Parse accepts and re-serializes unchanged: ASCII
// letters, digits and -._~:/?#&=+,;!$'()* only (no '%', no '@', no
// brackets, no space), an authority of a host name with at most one
// colon followed by digits, and at most one '#', not the last byte.
// Cards' URLs are nearly all such strings, and url.Parse was a tenth of
// the linter's time on a small card. ok is false for anything else; the
// callers then ask net/url. TestSimpleURLMatchesNetURL holds the claim.
func simpleURL(s string) (scheme, authority, rest string, ok bool) {
	colon := -1
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			colon = i
		default:
			return "", "", "", false
		}
		if colon >= 0 {
			break
		}
	}
	if colon < 0 || len(s) < colon+3 || s[colon+1] != '/' || s[colon+2] != '/' {
		return "", "", "", false
	}
	scheme = s[:colon]
	start := colon + 3
	end := start
	portAt := -1
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		c := s[end]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '-', c == '.', c == '_', c == '~':
			if portAt >= 0 {
				return "", "", "", false // a port is digits
			}
		case '0' <= c && c <= '9':
		case c == ':' && portAt < 0:
			portAt = end
		default:
			return "", "", "", false
		}
		end++
	}
	authority = s[start:end]
	if authority == "" || portAt == start {
		return "", "", "", false
	}
	hashes := 0
	for i := end; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '#':
			hashes++
			if hashes > 1 || i == len(s)-1 {
				return "", "", "", false
			}
		default:
			switch c {
			case '-', '.', '_', '~', ':', '/', '?', '&', '=', '+', ',', ';', '!', '$', '\'', '(', ')', '*':
			default:
				return "", "", "", false
			}
		}
	}
	return scheme, authority, s[end:], true
}

// hostPort is url.URL's Hostname and Port of an authority simpleURL gave.
func hostPort(authority string) (host, port string) {
	u := url.URL{Host: authority}
	return u.Hostname(), u.Port()
}
