//go:build !js

package discovery

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// NewHTTPDoer returns a Doer backed by net/http for native programs (the
// CLI, the natively served Worker handler, tests). It never follows
// redirects, keeps no cookies, uses no proxy from the environment, and
// checks every address it is about to connect to against p, after DNS: a
// public name that resolves to a private address is refused before a
// single packet is sent to it.
func NewHTTPDoer(p Policy) Doer {
	dialer := &net.Dialer{
		Timeout: p.Timeout,
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return err
			}
			return p.CheckAddr(ap.Addr())
		},
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   p.Timeout,
		ResponseHeaderTimeout: p.Timeout,
		MaxIdleConns:          16,
		IdleConnTimeout:       30 * time.Second,
	}
	return &httpDoer{client: &http.Client{
		Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

type httpDoer struct{ client *http.Client }

func (d *httpDoer) Do(ctx context.Context, r *Request) (*Response, error) {
	method, payload := http.MethodGet, io.Reader(nil)
	if r.Method == http.MethodPost {
		method, payload = http.MethodPost, bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.URL, payload)
	if err != nil {
		return nil, err
	}
	for k, vs := range r.Header {
		req.Header[k] = vs
	}
	res, err := d.client.Do(req)
	if err != nil {
		var pe *Error
		if errors.As(err, &pe) {
			return nil, pe
		}
		if ctx.Err() != nil || isTimeout(err) {
			return nil, errors.Join(ErrTimeout, err)
		}
		return nil, classify(err)
	}
	defer res.Body.Close()
	max := r.MaxBody
	if max <= 0 {
		max = DefaultMaxBody
	}
	var body []byte
	stream := strings.HasPrefix(strings.ToLower(res.Header.Get("Content-Type")), "text/event-stream")
	switch {
	case r.Stream != nil && stream:
		head := &Response{Status: res.StatusCode, Header: res.Header}
		body, err = readStream(res.Body, max+1, func(b []byte) bool { return r.Stream(head, b) })
		if err != nil {
			out := &Response{Status: res.StatusCode, Header: res.Header, Body: body}
			if ctx.Err() != nil || isTimeout(err) {
				return out, errors.Join(ErrTimeout, err)
			}
			return out, errors.Join(ErrConnLost, err)
		}
	case r.FirstEvent && stream:
		body, err = readFirstEvent(res.Body, max+1)
	default:
		body, err = io.ReadAll(io.LimitReader(res.Body, max+1))
	}
	if err != nil {
		if ctx.Err() != nil || isTimeout(err) {
			return nil, errors.Join(ErrTimeout, err)
		}
		return nil, errors.Join(ErrConnLost, err)
	}
	out := &Response{Status: res.StatusCode, Header: res.Header, Body: body}
	if int64(len(body)) > max {
		out.Body, out.Truncated = body[:max], true
	}
	if len(res.Status) > 4 {
		out.StatusText = res.Status[4:]
	}
	return out, nil
}

// looksLikeHTTP reports whether the first bytes a server sent back to a
// TLS handshake are an HTTP/1.x status line.
func looksLikeHTTP(hdr []byte) bool {
	// An HTTP/1.x status line, or an HTML or XML body without one: a
	// server that reads the TLS hello as an HTTP/0.9 request (Python's
	// http.server) answers with its error page alone. A TLS record
	// starts with a content type byte (0x14-0x18), never '<'.
	return len(hdr) >= 5 && (string(hdr[:5]) == "HTTP/" || hdr[0] == '<')
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// classify wraps a net/http error with the discovery error that says what
// happened, so that the message does not depend on Go's wording.
func classify(err error) error {
	var (
		dns     *net.DNSError
		unknown x509.UnknownAuthorityError
		invalid x509.CertificateInvalidError
		name    x509.HostnameError
		record  tls.RecordHeaderError
		verify  *tls.CertificateVerificationError
		alert   tls.AlertError
	)
	switch {
	case errors.As(err, &record) && looksLikeHTTP(record.RecordHeader[:]),
		strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		// net/http says this in words only (no error type of its own)
		return errors.Join(ErrPlainHTTP, err)
	case errors.Is(err, syscall.ECONNREFUSED):
		return errors.Join(ErrConnRefused, err)
	case errors.As(err, &dns):
		return errors.Join(ErrNoSuchHost, err)
	case errors.As(err, &unknown), errors.As(err, &invalid), errors.As(err, &name), errors.As(err, &record),
		errors.As(err, &verify), errors.As(err, &alert):
		return errors.Join(ErrTLS, err)
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, syscall.EPIPE):
		return errors.Join(ErrConnLost, err)
	}
	return err
}

// readStream reads a stream to its end (or limit bytes), handing each
// piece to each as it comes; each returning false stops the reading.
func readStream(rd io.Reader, limit int64, each func([]byte) bool) ([]byte, error) {
	var out []byte
	buf := make([]byte, 32<<10)
	for int64(len(out)) < limit {
		n, err := rd.Read(buf[:min(int64(len(buf)), limit-int64(len(out)))])
		out = append(out, buf[:n]...)
		if n > 0 && !each(buf[:n]) {
			return out, nil
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}

// readFirstEvent reads a stream until its first event is complete (or
// limit bytes, or its end), and no further.
func readFirstEvent(rd io.Reader, limit int64) ([]byte, error) {
	var out []byte
	buf := make([]byte, 4096)
	for int64(len(out)) < limit {
		n, err := rd.Read(buf[:min(int64(len(buf)), limit-int64(len(out)))])
		out = append(out, buf[:n]...)
		if end := FirstEventEnd(out); end >= 0 {
			return out[:end], nil
		}
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
	return out, nil
}
