package check

import (
	"context"
	"errors"

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

// Verifier verifies the signatures of one card. The error is the card's
// own problem (a *signature.Error: no canonical form), or why the
// verification could not be had (RemoteVerifier); either way the check
// goes on without signature findings and nothing is cached.
type Verifier interface {
	VerifySignatures(ctx context.Context, in SignatureInput) (*signature.Report, error)
}

// KeyReader reads the keys an operator supplies (a JWK or a JWKS, as
// signature.ParseKeys reads them); the error is a *signature.Error that
// says what is wrong with them.
type KeyReader interface {
	ReadKeys(ctx context.Context, data []byte) (signature.KeySet, error)
}

// signatures verifies the card's signatures: it fetches the key sets of
// its self-published jkus (each from the cache when allowed; one a cache
// does not answer costs a token of the client's budget), then verifies,
// the report cached with the card (keyed by the card's bytes and the key
// sets' bytes), in the process's Memory and in the Cache. verr
// is the card's own problem (no canonical form); err a limit that refused
// the check.
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
			if b, ok := r.c.Memory.bytes(keySetKey(jku)); ok {
				in.KeySets[jku] = KeySetAnswer{Body: b}
				continue
			}
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
			r.c.Memory.putBytes(keySetKey(jku), b)
			r.cache.Put(ctx, keySetKey(jku), b, TTL)
		}
	}
	v := r.c.Verifier
	if v == nil {
		v = defaultVerifier()
	}
	if r.cache == nil {
		return r.verifyGated(ctx, v, in, "")
	}
	key := signatureKey(in)
	if rep, ok := r.c.Memory.report(key); ok {
		return rep, nil, nil
	}
	if b, ok := r.cache.Get(ctx, key); ok {
		if cached, derr := decodeSignatures(b); derr == nil {
			if err := gated(ctx, r.c.Gate, func() { cached.Payload, derr = signature.Canonical(rep.Body) }); err != nil {
				return nil, nil, err
			}
			if derr == nil {
				r.c.Memory.putReport(key, cached)
				return copyReport(cached), nil, nil
			}
		}
	}
	out, verr, err = r.verifyGated(ctx, v, in, key)
	if err == nil && verr == nil {
		r.cache.Put(ctx, key, encodeSignatures(out), TTL)
	}
	return out, verr, err
}

// verifyGated verifies through the gate. With a key (a check that is not
// private) the process's memory is looked at again just before the work:
// another check of the same card may have finished it while this one
// waited for the cache or the gate. Nothing is awaited between that look
// and the verification, so in the Worker's single-threaded instance a
// card is verified once however many readers open its report at the same
// time. (A check never waits for another one's result: in workerd it
// would then go on in the other request's context, where its own I/O is
// refused.)
func (r *runner) verifyGated(ctx context.Context, v Verifier, in SignatureInput, key string) (*signature.Report, error, error) {
	leave, err := enter(ctx, r.c.Gate)
	if err != nil {
		return nil, nil, err
	}
	defer leave()
	if key != "" {
		if rep, ok := r.c.Memory.report(key); ok {
			return rep, nil, nil
		}
	}
	rep, verr := v.VerifySignatures(ctx, in)
	if key != "" && verr == nil {
		r.c.Memory.putReport(key, rep)
	}
	return rep, verr, nil
}

// problemOf is a key-set fetch failure as a message.
func problemOf(err error) i18n.Text {
	var de *discovery.Error
	if errors.As(err, &de) && !de.Text.IsZero() {
		return de.Text
	}
	return i18n.T("phrase.signature-fetch-failed")
}

func copyReport(r *signature.Report) *signature.Report {
	if r == nil {
		return nil
	}
	c := *r
	c.Results = append([]signature.Result(nil), r.Results...)
	return &c
}
