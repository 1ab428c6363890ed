//go:build !remoteverify

package signature

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/agentcard/agentcard/core/i18n"
)

// Verify checks each signature of card (a JSON document) against the
// specification's payload (§8.4.3). When a signature fails, the payload
// variants other signers produce are tried to explain why. The error is
// non-nil (an *Error) only when the card itself cannot be canonicalized;
// a card without signatures gives a Report without results.
func Verify(ctx context.Context, card []byte, opts Options) (*Report, error) {
	root, err := decode(card)
	if err != nil {
		return nil, err
	}
	if root.kind != kObject {
		return nil, errText("msg.signature-card.not-object")
	}
	if opts.MaxWork <= 0 {
		opts.MaxWork = DefaultMaxWork
	}
	v := &verifier{ctx: ctx, opts: opts, root: root, payloads: map[Variant][]byte{}, encoded: map[Variant]string{}, sets: map[string]fetched{}}
	rep := &Report{Payload: v.payload(Spec), Supplied: len(opts.Keys)}
	defer func() { rep.Work = v.work }()
	sigs := root.get("signatures")
	if sigs == nil || sigs.kind != kArray {
		return rep, nil
	}
	for i, s := range sigs.arr {
		if i >= MaxSignatures {
			rep.Unchecked = len(sigs.arr) - i
			break
		}
		if v.over {
			rep.Results = append(rep.Results, v.notChecked(Result{Index: i}))
			continue
		}
		if i > 0 {
			v.yield()
		}
		rep.Results = append(rep.Results, v.one(i, s))
	}
	return rep, nil
}

type fetched struct {
	set KeySet
	err i18n.Text
}

type verifier struct {
	ctx      context.Context
	opts     Options
	root     *value
	payloads map[Variant][]byte
	encoded  map[Variant]string // base64url of each payload
	sets     map[string]fetched
	work     int  // work units spent
	explain  int  // of which on payload variants that explain a failure
	over     bool // the budget ran out: the rest is not checked
}

// spendExplaining takes n units for explaining a failure (trying the
// payloads other signers produce): at most half the budget goes to that,
// and running out of it leaves later signatures their own checks.
func (v *verifier) spendExplaining(n int) bool {
	if v.over || v.explain+n > v.opts.MaxWork/2 || v.work+n > v.opts.MaxWork {
		return false
	}
	v.work += n
	v.explain += n
	return true
}

// yield lets the caller's runtime serve others between two pieces of work
// (Options.Yield).
func (v *verifier) yield() {
	if v.opts.Yield != nil {
		v.opts.Yield(v.ctx)
	}
}

// spend takes n work units from the budget; false when they do not fit,
// which leaves every later signature unchecked too.
func (v *verifier) spend(n int) bool {
	if v.over || v.work+n > v.opts.MaxWork {
		v.over = true
		return false
	}
	v.work += n
	return true
}

func (v *verifier) payload(variant Variant) []byte {
	p, ok := v.payloads[variant]
	if !ok {
		p = payloadOf(v.root, variant)
		v.payloads[variant] = p
	}
	return p
}

// encodedPayload is the base64url of a variant's payload, made once per
// Verify (it is the larger part of every signing input).
func (v *verifier) encodedPayload(variant Variant) string {
	e, ok := v.encoded[variant]
	if !ok {
		e = base64.RawURLEncoding.EncodeToString(v.payload(variant))
		v.encoded[variant] = e
	}
	return e
}

func str(o *value, key string) (string, bool) {
	if o == nil || o.kind != kObject {
		return "", false
	}
	m := o.get(key)
	if m == nil || m.kind != kString {
		return "", false
	}
	return m.s, true
}

// kidArg shows a kid in a message; a signature without one says so.
func kidArg(kid string) any {
	if kid == "" {
		return i18n.Phrase("phrase.signature-no-kid")
	}
	return quoteArg(kid)
}

func (v *verifier) one(i int, s *value) Result {
	r := Result{Index: i}
	fail := func(o Outcome, id string, args ...any) Result {
		r.Outcome, r.Text = o, i18n.T(id, append([]any{i}, args...)...)
		return r
	}
	protected, ok1 := str(s, "protected")
	sigText, ok2 := str(s, "signature")
	if !ok1 || !ok2 {
		return fail(Malformed, "msg.signature-malformed.members")
	}
	raw, err := base64.RawURLEncoding.DecodeString(protected)
	var header map[string]any
	if err != nil || json.Unmarshal(raw, &header) != nil || header == nil {
		return fail(Malformed, "msg.signature-malformed.protected")
	}
	alg, _ := header["alg"].(string)
	r.Alg = alg
	r.Kid, _ = header["kid"].(string)
	if r.Kid == "" {
		r.Kid, _ = str(s.get("header"), "kid")
	}
	r.JKU, _ = header["jku"].(string)
	switch {
	case alg == "":
		return fail(Malformed, "msg.signature-malformed.alg")
	case strings.EqualFold(alg, "none"):
		return fail(AlgRefused, "msg.signature-alg-refused.none", quoteArg(alg))
	case isHMAC(alg):
		return fail(AlgRefused, "msg.signature-alg-refused.hmac", quoteArg(alg))
	case algorithms[alg].fam == 0:
		return fail(AlgRefused, "msg.signature-alg-refused.unsupported", quoteArg(alg))
	}
	if crit, has := header["crit"]; has {
		b, _ := json.Marshal(crit)
		return fail(Malformed, "msg.signature-malformed.crit", quoteArg(string(b)))
	}
	sig, err := base64.RawURLEncoding.DecodeString(sigText)
	if err != nil || len(sig) == 0 {
		return fail(Malformed, "msg.signature-malformed.signature")
	}
	keys, source, why := v.keys(r, i)
	if len(keys) == 0 {
		r.Outcome, r.Text = KeyUnavailable, why
		return r
	}
	r.KeySource = source
	a := algorithms[alg]
	der := false
	tried := map[string]bool{}
	for _, variant := range Variants() {
		// The specification's payload decides; the others only explain a
		// failure, from their own part of the budget (spendExplaining): when
		// it runs out the signature is still invalid, without the SDK's name.
		explaining := variant != Spec
		spend := v.spend
		if explaining {
			spend = v.spendExplaining
			v.yield()
			if !v.variantBuilt(variant) && !spend(buildWork(len(v.payload(Spec)))) {
				break
			}
		}
		payload := v.payload(variant)
		if tried[string(payload)] {
			continue // the same bytes as an earlier variant: the same answer
		}
		tried[string(payload)] = true
		encoded := v.encodedPayload(variant)
		size := len(protected) + 1 + len(encoded)
		// The signing input is hashed as it streams by, once however many
		// keys are tried; only EdDSA, which hashes inside, needs it whole.
		var msg, d []byte
		if a.fam != famEdDSA {
			if !spend(hashWork(size)) {
				if explaining {
					break
				}
				return v.notChecked(r)
			}
			h := a.hash.New()
			io.WriteString(h, protected)
			io.WriteString(h, ".")
			io.WriteString(h, encoded)
			d = h.Sum(nil)
		} else {
			msg = make([]byte, 0, size)
			msg = append(append(append(msg, protected...), '.'), encoded...)
		}
		for _, k := range keys {
			if !spend(KeyWork(k.Public) + edHash(a, size)) {
				if explaining {
					break
				}
				return v.notChecked(r)
			}
			ok, isDER := checkDigest(alg, k.Public, msg, d, sig)
			der = der || isDER
			if !ok {
				continue
			}
			r.Variant = variant
			switch {
			case variant != Spec:
				return fail(Invalid, "msg.signature-invalid."+string(variant))
			case source == FromJKU:
				r.Outcome, r.Text = SelfPublished, i18n.T("msg.signature-self-published", i, quoteArg(alg), kidArg(k.ID), quoteArg(r.JKU))
			default:
				r.Outcome, r.Text = Verified, i18n.T("msg.signature-verified", i, quoteArg(alg), kidArg(k.ID), sourceText(source, r.JKU))
			}
			return r
		}
	}
	if der {
		return fail(Invalid, "msg.signature-invalid.der", quoteArg(alg))
	}
	return fail(Invalid, "msg.signature-invalid", kidArg(r.Kid), sourceText(source, r.JKU))
}

// variantBuilt reports whether a variant's payload was built already.
func (v *verifier) variantBuilt(variant Variant) bool {
	_, ok := v.payloads[variant]
	return ok
}

// notChecked is the result of a signature the work budget left unchecked.
func (v *verifier) notChecked(r Result) Result {
	r.Outcome, r.KeySource, r.Variant = NotChecked, "", ""
	r.Text = i18n.T("msg.signature-not-checked.work", r.Index, v.opts.MaxWork)
	return r
}

func sourceText(s KeySource, jku string) i18n.Text {
	if s == FromJKU {
		return i18n.T("phrase.signature-source.jku", quoteArg(jku))
	}
	return i18n.T("phrase.signature-source.supplied")
}

// keys finds the keys that may have made signature i (see Options for
// whose keys count). Without any, the text says why.
func (v *verifier) keys(r Result, i int) (KeySet, KeySource, i18n.Text) {
	if len(v.opts.Keys) > 0 {
		found, unsuitable := pick(v.opts.Keys, r.Kid, r.Alg)
		switch {
		case len(found) > 0:
			return found, FromSupplied, i18n.Text{}
		case unsuitable != nil:
			return nil, "", i18n.T("msg.signature-key-unavailable.unsuitable", i, quoteArg(r.Alg), kidArg(r.Kid), unsuitableWhy(unsuitable, r.Alg))
		}
		// The signer's jku is not read: a key set the signer publishes
		// cannot make its own signature trusted.
		return nil, "", i18n.T("msg.signature-key-unavailable.no-kid", i, kidArg(r.Kid), len(v.opts.Keys))
	}
	if r.JKU == "" {
		return nil, "", i18n.T("msg.signature-key-unavailable", i, kidArg(r.Kid))
	}
	if ok, why := SelfPublishedJKU(v.opts.CardURL, r.JKU); !ok {
		return nil, "", i18n.T("msg.signature-key-unavailable.foreign-jku", i, kidArg(r.Kid), quoteArg(r.JKU), why)
	}
	if v.opts.Fetch == nil {
		return nil, "", i18n.T("msg.signature-key-unavailable.not-fetched", i, kidArg(r.Kid), quoteArg(r.JKU))
	}
	f, ok := v.sets[r.JKU]
	if !ok {
		if len(v.sets) >= MaxFetches {
			return nil, "", i18n.T("msg.signature-key-unavailable.jku-limit", i, quoteArg(r.JKU), MaxFetches)
		}
		f = v.fetch(r.JKU)
		v.sets[r.JKU] = f
	}
	if !f.err.IsZero() {
		return nil, "", i18n.T("msg.signature-key-unavailable.jku-failed", i, quoteArg(r.JKU), f.err)
	}
	found, bad := pick(f.set, r.Kid, r.Alg)
	switch {
	case len(found) > 0:
		return found, FromJKU, i18n.Text{}
	case bad != nil:
		return nil, "", i18n.T("msg.signature-key-unavailable.unsuitable", i, quoteArg(r.Alg), kidArg(r.Kid), unsuitableWhy(bad, r.Alg))
	}
	return nil, "", i18n.T("msg.signature-key-unavailable.jku-no-kid", i, kidArg(r.Kid), quoteArg(r.JKU))
}

func (v *verifier) fetch(url string) fetched {
	data, err := v.opts.Fetch(v.ctx, url)
	if err == nil {
		var set KeySet
		if set, err = ParseKeys(data); err == nil {
			return fetched{set: set}
		}
	}
	var e *Error
	if errors.As(err, &e) {
		return fetched{err: e.Text}
	}
	// a fetcher from core/discovery words its failures the same way
	var de interface{ Localizable() i18n.Text }
	if errors.As(err, &de) && !de.Localizable().IsZero() {
		return fetched{err: de.Localizable()}
	}
	return fetched{err: i18n.T("phrase.signature-fetch-failed")}
}

// pick returns the keys of set that may check a signature with kid and
// alg. A key without a kid of its own matches any kid: a user who passes
// one bare JWK means "check with this key". When some key matches but
// none can be used, the first such key is returned as unsuitable, so that
// the message can say why.
func pick(set KeySet, kid, alg string) (found KeySet, unsuitable *Key) {
	for _, k := range set {
		if kid != "" && k.ID != "" && k.ID != kid {
			continue
		}
		if (k.Use == "" || k.Use == "sig") && (k.Alg == "" || k.Alg == alg) && keyFits(alg, k.Public) {
			if len(found) < maxCandidates {
				found = append(found, k)
			}
		} else if unsuitable == nil {
			unsuitable = k
		}
	}
	return found, unsuitable
}

func unsuitableWhy(k *Key, alg string) i18n.Text {
	switch {
	case k.Use != "" && k.Use != "sig":
		return i18n.T("phrase.signature-unsuitable.use", quoteArg(k.Use))
	case k.Alg != "" && k.Alg != alg:
		return i18n.T("phrase.signature-unsuitable.alg", quoteArg(k.Alg))
	}
	return i18n.T("phrase.signature-unsuitable.kind", keyKind(k.Public))
}
