package check

import (
	"context"
	"errors"
	"sync"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/signature"
)

// SignatureInput is everything the verification of one card's signatures
// needs, as data: the card's bytes, the operator's keys, where the card
// was served from (which decides whose keys count, see core/signature's
// Options), and what each self-published jku answered. The pipeline
// fetches the key sets itself (under the policy, the outbound budget, the
// limits and the cache), so a Verifier sends nothing and may run
// anywhere: here, or in another Worker or a Queue consumer that receives
// this value.
type SignatureInput struct {
	Card    []byte
	Keys    signature.KeySet
	CardURL string
	KeySets map[string]KeySetAnswer
	MaxWork int
}

// KeySetAnswer is what fetching one jku gave: its bytes, or why there are
// none.
type KeySetAnswer struct {
	Body    []byte
	Problem i18n.Text
}

// Verifier verifies the signatures of one card.
type Verifier interface {
	VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error)
}

// LocalVerifier verifies in this process with core/signature.
type LocalVerifier struct{}

// VerifySignatures runs signature.Verify, answering each jku from
// in.KeySets.
func (LocalVerifier) VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error) {
	fetch := func(_ context.Context, jku string) ([]byte, error) {
		a, ok := in.KeySets[jku]
		switch {
		case !ok:
			return nil, &signature.Error{Text: i18n.T("phrase.keyset.unreachable")}
		case !a.Problem.IsZero():
			return nil, &signature.Error{Text: a.Problem}
		}
		return a.Body, nil
	}
	return signature.Verify(ctx, in.Card, signature.Options{Keys: in.Keys, Fetch: fetch, CardURL: in.CardURL, MaxWork: in.MaxWork})
}

// signatures verifies the card's signatures: it fetches the key sets of
// its self-published jkus (each from the cache when allowed; one a cache
// does not answer costs a token of the client's budget), then verifies,
// the report cached with the card (keyed by the card's bytes and the key
// sets' bytes) and one verification shared by checks of the same card
// that run at the same time. verr is the card's own problem (no canonical
// form); err a limit that refused the check.
func (r *runner) signatures(ctx context.Context, rep *discovery.Report) (out *signature.Report, verr, err error) {
	cardURL := rep.Facts.FinalURL
	if rep.URL == nil {
		cardURL = ""
	}
	in := SignatureInput{Card: rep.Body, Keys: r.o.Keys, CardURL: cardURL, KeySets: map[string]KeySetAnswer{},
		MaxWork: r.o.MaxSignatureWork}
	if in.MaxWork <= 0 {
		in.MaxWork = signature.DefaultMaxWork
	}
	jkus := signature.KeySetsToFetch(rep.Result.Doc, signature.Options{Keys: r.o.Keys, CardURL: cardURL})
	var fetch func(context.Context, string) ([]byte, error)
	if r.total != nil {
		// A key set is public: never the caller's headers.
		fetch = discovery.KeySetFetcher(discovery.NewBudget(r.total, KeySetRequests), r.o.Policy)
	}
	for _, jku := range jkus {
		if r.cache != nil && !r.o.Refresh {
			if b, ok := r.cache.Get(ctx, keySetKey(jku)); ok {
				in.KeySets[jku] = KeySetAnswer{Body: b}
				continue
			}
		}
		if fetch == nil {
			continue
		}
		if err := r.c.Limits.Spend(r.o.Client); err != nil {
			return nil, nil, err
		}
		b, ferr := fetch(ctx, jku)
		if ferr != nil {
			in.KeySets[jku] = KeySetAnswer{Problem: problemOf(ferr)}
			continue
		}
		in.KeySets[jku] = KeySetAnswer{Body: b}
		if r.cache != nil {
			r.cache.Put(ctx, keySetKey(jku), b, TTL)
		}
	}
	v := r.c.Verifier
	if v == nil {
		v = LocalVerifier{}
	}
	if r.cache == nil {
		out, verr = v.VerifySignatures(ctx, in)
		return out, verr, nil
	}
	key := signatureKey(in)
	if b, ok := r.cache.Get(ctx, key); ok {
		if cached, derr := decodeSignatures(b); derr == nil {
			return cached, nil, nil
		}
	}
	out, verr = coalesce(key, func() (*signature.Report, error) { return v.VerifySignatures(ctx, in) })
	if verr == nil {
		r.cache.Put(ctx, key, encodeSignatures(out), TTL)
	}
	return out, verr, nil
}

// problemOf is a key-set fetch failure as a message.
func problemOf(err error) i18n.Text {
	var de *discovery.Error
	if errors.As(err, &de) && !de.Text.IsZero() {
		return de.Text
	}
	return i18n.T("phrase.signature-fetch-failed")
}

// flights are the verifications running now, by cache key: checks of the
// same card at the same time (sixteen readers opening one shared report)
// wait for the first one's result instead of each doing the work.
var flights = struct {
	mu sync.Mutex
	m  map[string]*flight
}{m: map[string]*flight{}}

type flight struct {
	done chan struct{}
	rep  *signature.Report
	err  error
}

// coalesce runs f once for all callers with the same key at the same
// time; each gets its own copy of the report.
func coalesce(key string, f func() (*signature.Report, error)) (*signature.Report, error) {
	flights.mu.Lock()
	if fl, ok := flights.m[key]; ok {
		flights.mu.Unlock()
		<-fl.done
		return copyReport(fl.rep), fl.err
	}
	fl := &flight{done: make(chan struct{})}
	flights.m[key] = fl
	flights.mu.Unlock()
	defer func() {
		flights.mu.Lock()
		delete(flights.m, key)
		flights.mu.Unlock()
		close(fl.done)
	}()
	fl.rep, fl.err = f()
	return copyReport(fl.rep), fl.err
}

func copyReport(r *signature.Report) *signature.Report {
	if r == nil {
		return nil
	}
	c := *r
	c.Results = append([]signature.Result(nil), r.Results...)
	return &c
}
