package discovery

import (
	"context"
	"sync/atomic"

	"github.com/agentcard/agentcard/core/i18n"
)

// DefaultMaxRequests caps the outbound requests one check may make: the
// card's redirect chain (at most DefaultMaxRedirects hops, so 6 requests),
// the header-less comparison beside it, and the legacy path with its own
// comparison when the well-known path answers 404. Without one shared cap
// those four chains made up to 24 requests for one inbound request.
// FetchRaw gives the card's chains two thirds of it and the comparisons
// the rest (Budget.split).
const DefaultMaxRequests = 12

// Budget is a Doer that lets through at most a fixed number of requests and
// refuses the rest with a KindRequestCap error, whatever asks: the card's
// chain, the header-less comparison or the legacy path. The Worker makes
// one Budget per inbound request, so nothing the remote side answers can
// make one check cost more than the cap. It is safe for concurrent use (the
// header-less request runs beside the main one).
type Budget struct {
	d    Doer
	max  int64
	says int64 // the cap a refusal names, when it is not max (a share's)
	used atomic.Int64
}

// NewBudget wraps d so that at most max requests go through it.
func NewBudget(d Doer, max int) *Budget {
	if max <= 0 {
		max = DefaultMaxRequests
	}
	return &Budget{d: d, max: int64(max)}
}

// Used is how many requests were let through.
func (b *Budget) Used() int { return int(min(b.used.Load(), b.max)) }

// Max is the cap.
func (b *Budget) Max() int { return int(b.max) }

// Do sends r when the cap allows it.
func (b *Budget) Do(ctx context.Context, r *Request) (*Response, error) {
	if b.used.Add(1) > b.max {
		return nil, fail(KindRequestCap, r.URL, i18n.T("msg.fetch.request-cap", int(b.named())), hint("hint.fetch.request-cap"))
	}
	return b.d.Do(ctx, r)
}

// named is the cap a refusal tells the reader: the check's, for a share.
func (b *Budget) named() int64 {
	if b.says > 0 {
		return b.says
	}
	return b.max
}

// split divides b into two fixed shares: the card's own chains (the
// well-known path, then the legacy path) get two thirds, the header-less
// comparisons beside them the rest. The comparison runs concurrently with
// the card's chain: drawing on one pool, how far it had got when the
// legacy path asked decided whether the legacy path was reached, so one
// site could get two verdicts (TestRequestCap, pacedComparison). Every
// request still counts against b, and a refusal names b's cap.
func (b *Budget) split() (card, comparison *Budget) {
	c := b.max / 3
	return &Budget{d: b, max: b.max - c, says: b.named()}, &Budget{d: b, max: c, says: b.named()}
}

// budgeted returns d when it already is a Budget (the caller counts the
// whole inbound request), else a fresh Budget of max requests around it.
func budgeted(d Doer, max int) *Budget {
	if b, ok := d.(*Budget); ok {
		return b
	}
	return NewBudget(d, max)
}
