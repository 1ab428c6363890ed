package discovery

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/jsonpos"
)

// NoAnswer words why a request to u got no answer at all (time limit,
// refused connection, unknown host, TLS, lost connection), for the
// programs that send requests of their own through a Doer (core/probe,
// core/extended): one wording of transport failures everywhere.
func NoAnswer(ctx context.Context, u *url.URL, err error, timeout time.Duration) i18n.Text {
	switch {
	case errors.Is(err, ErrTimeout), errors.Is(err, context.DeadlineExceeded), ctx.Err() != nil:
		return i18n.T("phrase.net.timeout", int(timeout.Milliseconds()))
	case errors.Is(err, ErrConnRefused):
		return i18n.T("phrase.net.refused", u.Host)
	case errors.Is(err, ErrNoSuchHost):
		return i18n.T("phrase.net.dns", jsonpos.QuoteClipped(u.Hostname()))
	case errors.Is(err, ErrPlainHTTP):
		return i18n.T("phrase.net.http-answer")
	case errors.Is(err, ErrTLS):
		return i18n.T("phrase.net.tls")
	case errors.Is(err, ErrConnLost):
		return i18n.T("phrase.net.lost")
	case errors.Is(err, ErrConnFailed):
		return i18n.T("phrase.net.failed", u.Host)
	}
	return i18n.T("phrase.net.other", jsonpos.Clip(err.Error(), 200))
}

// IsToken reports whether s is an HTTP token (RFC 9110 §5.6.2): a header
// name, or an authentication scheme in WWW-Authenticate.
func IsToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}
