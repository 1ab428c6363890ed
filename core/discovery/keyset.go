package discovery

import (
	"context"

	"github.com/agentcard/agentcard/core/i18n"
)

// maxKeySet bounds the bytes read of a key set.
const maxKeySet = 64 << 10

// KeySetFetcher reads a key set URL (a signature's jku) through d,
// checking the URL and every redirect hop against the policy first, and
// reading at most 64 KiB. The CLI and the Worker verify signatures with
// it, so a card's jku is fetched under the same SSRF rules as the card.
func KeySetFetcher(d Doer, p Policy) func(ctx context.Context, raw string) ([]byte, error) {
	return func(ctx context.Context, raw string) ([]byte, error) {
		// The jku is read like every other outbound URL (ParseTarget,
		// then the policy): "https://localhost../jwks" is localhost and
		// refused in production, as it is for a card or a probe (B8).
		u, ok := ParseTarget(raw)
		if !ok {
			return nil, keySetError(KindBadInput, i18n.T("phrase.keyset.url"))
		}
		ctx, cancel := context.WithTimeout(ctx, p.Timeout)
		defer cancel()
		for hop := 0; ; hop++ {
			if err := p.Check(u); err != nil {
				return nil, err
			}
			h := Header{}
			h.Set("User-Agent", p.UserAgent)
			h.Set("Accept", "application/jwk-set+json, application/json;q=0.9")
			res, err := d.Do(ctx, &Request{URL: u.String(), Header: h, MaxBody: maxKeySet})
			if err != nil {
				return nil, keySetError(KindUnreachable, i18n.T("phrase.keyset.unreachable"))
			}
			switch res.Status {
			case 301, 302, 303, 307, 308:
				next, ok := ResolveLocation(u, res.Header.Get("Location"))
				if !ok || hop >= p.MaxRedirects {
					return nil, keySetError(KindRemoteStatus, i18n.T("phrase.keyset.status", res.Status))
				}
				u = next
				continue
			case 200:
				if res.Truncated {
					return nil, keySetError(KindTooLarge, i18n.T("phrase.keyset.large", maxKeySet))
				}
				return res.Body, nil
			}
			return nil, keySetError(KindRemoteStatus, i18n.T("phrase.keyset.status", res.Status))
		}
	}
}

func keySetError(kind Kind, t i18n.Text) *Error {
	return &Error{Kind: kind, Text: t, Message: i18n.EnglishCatalogue().Render(t)}
}
