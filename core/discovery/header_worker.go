//go:build worker

package discovery

import "net/textproto"

// Header is the header map of a Request and a Response. The Worker's
// build (-tags worker) does not link net/http: importing it links
// crypto/tls and the initialisers of every curve and cipher it knows,
// about 220 KB of the bundle's gzip size, for a map type. This one has
// the same shape, keys in the same canonical form, and the methods the
// engine uses (http.Header's own, which call textproto's).
type Header map[string][]string

func (h Header) Add(key, value string)      { textproto.MIMEHeader(h).Add(key, value) }
func (h Header) Set(key, value string)      { textproto.MIMEHeader(h).Set(key, value) }
func (h Header) Get(key string) string      { return textproto.MIMEHeader(h).Get(key) }
func (h Header) Values(key string) []string { return textproto.MIMEHeader(h).Values(key) }
func (h Header) Del(key string)             { textproto.MIMEHeader(h).Del(key) }

// Clone is a deep copy (nil for nil), as http.Header's.
func (h Header) Clone() Header {
	if h == nil {
		return nil
	}
	out := make(Header, len(h))
	for k, vs := range h {
		out[k] = append([]string(nil), vs...)
	}
	return out
}
