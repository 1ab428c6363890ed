package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2aclient"
	"github.com/a2aproject/a2a-go/v2/a2aclient/agentcard"
	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/a2aproject/a2a-go/v2/a2apb/v1/pbconv"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
	a2alog "github.com/a2aproject/a2a-go/v2/log"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
	"github.com/agentcard/agentcard/core/signature"
	"github.com/agentcard/agentcard/internal/toolchain"
)

// World is what the claim checks look at: the sweep run through a2a-go
// and a2a-js themselves, and the a2a-python model, computed once.
type World struct {
	T     *testing.T
	once  sync.Once
	cases map[string]sweepCase
	goObs map[string]observed
	jsObs map[string]observed
	// noJS says why a2a-js cannot run here ("" when it can): the claims
	// about it are then left unchecked, and the others checked.
	noJS string
}

// preferredCase is a sweep card chosen by a factory whose client puts
// the given transports first.
type preferredCase struct {
	Name      string          `json:"name"`
	Card      json.RawMessage `json:"card"`
	Preferred []string        `json:"preferred"`
}

func (w *World) load() {
	w.once.Do(func() {
		w.cases, w.goObs = map[string]sweepCase{}, map[string]observed{}
		var all []any
		for _, c := range sweep(w.T) {
			w.cases[c.Name] = c
			w.goObs[c.Name] = goObserved(w.T, c)
			all = append(all, c)
		}
		pref := w.cases["two JSONRPC 1.0 entries"]
		all = append(all, preferredCase{Name: "prefer HTTP+JSON", Card: pref.Card, Preferred: []string{"HTTP+JSON"}})
		if w.noJS = jsMissing(w.T); w.noJS == "" {
			w.jsObs = RunJS(w.T, all)
		}
	})
}

func (w *World) get(m map[string]observed, sdk, name string) (observed, error) {
	w.load()
	o, ok := m[name]
	if !ok {
		return o, fmt.Errorf("%s: no sweep case %q", sdk, name)
	}
	return o, nil
}

// Go, JS and Py are what each library (Python: its model) did with the
// sweep case of that name.
func (w *World) Go(name string) (observed, error) { w.load(); return w.get(w.goObs, "a2a-go", name) }
func (w *World) JS(name string) (observed, error) { w.load(); return w.get(w.jsObs, "a2a-js", name) }
func (w *World) Py(name string) (observed, error) {
	w.load()
	c, ok := w.cases[name]
	if !ok {
		return observed{}, fmt.Errorf("a2a-python: no sweep case %q", name)
	}
	return modelled(c, selection.SDKPython), nil
}

type lookup func(string) (observed, error)

// chose fails unless the library chose the entry with that URL.
func chose(get lookup, name, url string) error {
	o, err := get(name)
	if err != nil {
		return err
	}
	if o.Outcome != "selected" || o.URL != url {
		return fmt.Errorf("%s: the library says %s %s, the claim %s", name, o.Outcome, o.URL, url)
	}
	return nil
}

func outcome(get lookup, name, want string) error {
	o, err := get(name)
	if err != nil {
		return err
	}
	if o.Outcome != want {
		return fmt.Errorf("%s: the library says %s (%s), the claim %s", name, o.Outcome, o.URL, want)
	}
	return nil
}

func loaded(get lookup, name string, want bool) error {
	o, err := get(name)
	if err != nil {
		return err
	}
	if o.Loads != want {
		return fmt.Errorf("%s: the library's reader loads=%v, the claim %v", name, o.Loads, want)
	}
	return nil
}

func readsOf(get lookup, name string, f func(*Reads) bool) error {
	o, err := get(name)
	if err != nil {
		return err
	}
	if o.Reads == nil || !f(o.Reads) {
		b, _ := json.Marshal(o.Reads)
		return fmt.Errorf("%s: the library read %s", name, b)
	}
	return nil
}

func all(errs ...error) error { return errors.Join(errs...) }

const (
	first    = "https://a.example.com/first"
	fallback = "https://a.example.com/fallback"
	second   = "https://a.example.com/second"
)

func firstAt(binding, version string) string { return fmt.Sprintf("first %q at %q", binding, version) }
func thenAt(binding, version string) string {
	return fmt.Sprintf("0.3 then %q at %q", binding, version)
}

func reqs(want ...map[string][]string) func(*Reads) bool {
	return func(r *Reads) bool {
		if want == nil {
			want = []map[string][]string{}
		}
		return reflect.DeepEqual(r.SecurityRequirements, want)
	}
}

// ClaimChecks is the check of every claim of Claims(), by id. A nil check
// marks an a2a-python claim about its HTTP resolver, which has no model:
// it may only be stated as read from the source (TestSourceOnlyClaims).
var ClaimChecks = map[string]func(*World) error{
	"go.scopes-bare-list": func(w *World) error {
		return all(loaded(w.Go, "requirement spec, proto schemes, card level", false), loaded(w.Go, "requirement spec, proto schemes, skill level", false),
			readsOf(w.Go, "requirement bare, proto schemes, card level", reqs(map[string][]string{"bearer": {"read"}})))
	},
	"go.scopes-parser-workaround": checkGoWorkaround,
	"go.binding-exact": func(w *World) error {
		return all(chose(w.Go, firstAt("jsonrpc", "1.0"), fallback), chose(w.Go, firstAt("JSON-RPC", "1.0"), fallback), chose(w.Go, firstAt("REST", "1.0"), fallback), chose(w.Go, firstAt("JSONRPC", "1.0"), first))
	},
	"go.default-transports": func(w *World) error {
		return all(chose(w.Go, firstAt("GRPC", "1.0"), fallback), chose(w.Go, firstAt("https://example.com/bindings/ws/v1", "1.0"), fallback),
			chose(w.Go, firstAt("HTTP+JSON", "1.0"), first), outcome(w.Go, thenAt("GRPC", "1.0"), "none"))
	},
	"go.version-semver-major": func(w *World) error {
		var errs []error
		for _, v := range []string{"v1", "1", "1.1", "1.0.0", "v1.0"} {
			errs = append(errs, chose(w.Go, firstAt("JSONRPC", v), first))
		}
		for _, v := range []string{"latest", "2.0", "0.3", ""} {
			errs = append(errs, chose(w.Go, firstAt("JSONRPC", v), fallback))
		}
		errs = append(errs, chose(w.Go, `only "v1"`, first), chose(w.Go, `only "1"`, first), outcome(w.Go, `only "latest"`, "none"))
		return all(errs...)
	},
	"go.supported-only": func(w *World) error {
		return all(outcome(w.Go, "legacy card", "none"), chose(w.Go, "mixed card", "https://a.example.com/v1"), readsOf(w.Go, "mixed card", func(r *Reads) bool { return r.Interfaces == 2 }))
	},
	"go.wrong-type-refused": func(w *World) error {
		return all(loaded(w.Go, "version is a number", false), loaded(w.Go, "capabilities is an array", false), loaded(w.Go, "streaming is a string", false))
	},
	"go.scheme-one-of": func(w *World) error {
		return all(loaded(w.Go, "a scheme with two wrappers", false), loaded(w.Go, "a scheme with no wrapper", false), loaded(w.Go, "requirement bare, legacy schemes, card level", false))
	},
	"go.flows-one-of": func(w *World) error { return loaded(w.Go, "oauth without flows", false) },
	"go.legacy-requirement-empty": func(w *World) error {
		return readsOf(w.Go, "requirement in the 0.3 shape inside securityRequirements", reqs(map[string][]string{}))
	},
	"go.extended-flag-only-capabilities": func(w *World) error {
		return all(readsOf(w.Go, "extended card flags 0", func(r *Reads) bool { return r.ExtendedCard }), readsOf(w.Go, "extended card flags 1", func(r *Reads) bool { return !r.ExtendedCard }))
	},
	"go.duplicates-last": func(w *World) error {
		return all(chose(w.Go, "binding member repeated", first), chose(w.Go, "supportedInterfaces repeated", "https://a.example.com/last"), chose(w.Go, "url repeated in an entry", second))
	},
	"go.snake-ignored": func(w *World) error { return chose(w.Go, "snake_case entry members", fallback) },
	"go.tenant": func(w *World) error {
		o, err := w.Go("tenants 0")
		if err == nil && (o.Outcome != "selected" || o.Tenant != "acme") {
			err = fmt.Errorf("tenants 0: tenant %q", o.Tenant)
		}
		return err
	},
	"go.sends-version": func(w *World) error {
		o, err := w.Go(firstAt("JSONRPC", "1.0"))
		if err == nil && o.Speaks != "1.0" {
			err = fmt.Errorf("the call carried A2A-Version %q", o.Speaks)
		}
		return err
	},
	"go.resolver-status-200":        checkGoResolverStatus,
	"go.resolver-no-version":        checkGoResolverHeader,
	"go.resolver-follows-redirects": checkGoResolverRedirect,
	"go.no-verifier":                checkGoNoVerifier,
	"go.url-leading-space":          checkGoLeadingSpace,
	"go.wrong-binding-fails":        checkGoWrongBinding,
	"go.auth-skips-undefined":       checkGoAuthUndefined,
	"go.invalid-utf8-replaced": func(w *World) error {
		c, err := agentcard.DefaultCardParser([]byte("{\"name\": \"Caf\xe9 Bot\", \"supportedInterfaces\": []}"))
		if err != nil || c.Name != "Caf\uFFFD Bot" {
			return fmt.Errorf("a2a-go read %v, %v", c, err)
		}
		return nil
	},
	"go.card-handler-cors": func(w *World) error {
		h := a2asrv.NewStaticAgentCardHandler(&a2a.AgentCard{Name: "n"})
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(http.MethodGet, "/.well-known/agent-card.json", nil)
		req.Header.Set("Origin", "https://inspector.example.org")
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Access-Control-Allow-Origin") == "" {
			return fmt.Errorf("no Access-Control-Allow-Origin: %v", rec.Header())
		}
		return nil
	},
	"go.resolver-ignores-content-type": func(*World) error {
		srv := serveTyped("text/html")
		defer srv.Close()
		ctx, cancel := quietCtx()
		defer cancel()
		c, err := agentcard.DefaultResolver.Resolve(ctx, srv.URL)
		if err != nil || c.Name != "Parcel Desk" {
			return fmt.Errorf("a card served as text/html: %v, %v", c, err)
		}
		return nil
	},
	"js.resolver-ignores-content-type": func(w *World) error {
		srv := serveTyped("text/html")
		defer srv.Close()
		out, err := runResolve(w, srv.URL)
		if err != nil || !strings.Contains(out, `"ok":true`) {
			return fmt.Errorf("a card served as text/html: %s %v", out, err)
		}
		return nil
	},
	"go.card-order":        func(w *World) error { return chose(w.Go, "two JSONRPC 1.0 entries", "https://a.example.com/one") },
	"go.client-preference": checkGoPreference,
	"js.binding-any-case": func(w *World) error {
		o, err := w.JS(firstAt("http+json", "1.0"))
		if err == nil && (o.URL != first || o.Binding != "HTTP+JSON") {
			err = fmt.Errorf("http+json: %s %s", o.Binding, o.URL)
		}
		return all(err, chose(w.JS, thenAt("jsonrpc", "1.0"), second), chose(w.JS, firstAt("JSON-RPC", "1.0"), fallback), chose(w.JS, firstAt("REST", "1.0"), fallback))
	},
	"js.default-transports": func(w *World) error {
		return all(chose(w.JS, firstAt("GRPC", "1.0"), fallback), chose(w.JS, firstAt("https://example.com/bindings/ws/v1", "1.0"), fallback), chose(w.JS, firstAt("HTTP+JSON", "1.0"), first))
	},
	"js.version-first-entry": func(w *World) error {
		var errs []error
		for _, v := range []string{"latest", "v1", "1", "2.0", "0.3"} {
			errs = append(errs, chose(w.JS, firstAt("HTTP+JSON", v), first))
		}
		errs = append(errs, chose(w.JS, `only "v1"`, first), chose(w.JS, `only "latest"`, first))
		return all(errs...)
	},
	"js.last-1.0-wins": func(w *World) error {
		return all(chose(w.JS, "0.3, HTTP+JSON, JSONRPC twice", "https://a.example.com/four"), chose(w.JS, firstAt("JSONRPC", "latest"), fallback), chose(w.JS, firstAt("JSONRPC", "1.0.0"), fallback))
	},
	"js.supported-only": func(w *World) error {
		return all(outcome(w.JS, "legacy card", "none"), readsOf(w.JS, "mixed card", func(r *Reads) bool { return r.Interfaces == 2 }))
	},
	"js.extended-flag-only-capabilities": func(w *World) error {
		return all(readsOf(w.JS, "extended card flags 0", func(r *Reads) bool { return r.ExtendedCard }), readsOf(w.JS, "extended card flags 1", func(r *Reads) bool { return !r.ExtendedCard }))
	},
	"js.duplicates-last": func(w *World) error {
		return all(chose(w.JS, "binding member repeated", first), chose(w.JS, "supportedInterfaces repeated", "https://a.example.com/last"), chose(w.JS, "url repeated in an entry", second))
	},
	"js.tenant": func(w *World) error {
		o, err := w.JS("tenants 0")
		if err == nil && (o.Outcome != "selected" || o.Tenant != "acme") {
			err = fmt.Errorf("tenants 0: tenant %q", o.Tenant)
		}
		return err
	},
	"js.legacy-requirement-empty": func(w *World) error {
		return readsOf(w.JS, "requirement in the 0.3 shape inside securityRequirements", reqs(map[string][]string{}))
	},
	"js.resolver-sends-version": checkJSResolverHeader,
	"js.reads-scopes": func(w *World) error {
		return all(readsOf(w.JS, "requirement spec, proto schemes, card level", reqs(map[string][]string{"bearer": {"read"}})),
			readsOf(w.JS, "requirement bare, proto schemes, card level", reqs(map[string][]string{"bearer": {}})),
			readsOf(w.JS, "requirement bare, none schemes, card level", reqs(map[string][]string{"bearer": nil})))
	},
	"js.client-preference": func(w *World) error { return chose(w.JS, "prefer HTTP+JSON", "https://a.example.com/three") },
	// the answer rules: answers_test.go
	"go.protojson-enum-refused":    checkGoProtoJSONEnum,
	"go.protojson-oneof-refused":   checkGoProtoJSONOneof,
	"go.protojson-unknown-refused": checkGoProtoJSONUnknown,
	"go.answer-enum-kept":          checkGoClientEnum,
	"js.answer-enum-unrecognized":  checkJSClientEnum,
	"go.answer-oneof-refused":      checkGoClientOneof,
	"js.answer-oneof-one-kept":     checkJSClientOneof,
	"go.answer-required-missing":   checkGoClientRequired,
	"js.answer-required-missing":   checkJSClientRequired,
	"go.answer-0.3-fails":          checkGoClient03,
	"js.answer-0.3-fails":          checkJSClient03,
	"go.server-answers-1.0":        checkGoServerAnswer,
	"go.stream-no-bound":           checkGoStreamNoBound,
	// a2a-python: its model (core/selection), read from its sources
	"py.scopes-bare-lost": func(w *World) error {
		return all(readsOf(w.Py, "requirement bare, proto schemes, card level", reqs(map[string][]string{"bearer": {}})),
			readsOf(w.Py, "requirement bare, proto schemes, skill level", func(*Reads) bool { return true }), scopesLostSaid())
	},
	"py.reads-spec-scopes": func(w *World) error {
		return readsOf(w.Py, "requirement spec, proto schemes, card level", reqs(map[string][]string{"bearer": {"read"}}))
	},
	"py.binding-exact": func(w *World) error { return chose(w.Py, firstAt("jsonrpc", "1.0"), fallback) },
	"py.jsonrpc-only": func(w *World) error {
		return all(chose(w.Py, firstAt("HTTP+JSON", "1.0"), fallback), chose(w.Py, firstAt("GRPC", "1.0"), fallback))
	},
	"py.version-rank": func(w *World) error {
		return all(chose(w.Py, thenAt("JSONRPC", "1.0"), second), chose(w.Py, thenAt("JSONRPC", "2.0"), second), chose(w.Py, firstAt("JSONRPC", "latest"), fallback),
			chose(w.Py, firstAt("JSONRPC", "1.0.0"), fallback), chose(w.Py, thenAt("JSONRPC", "latest"), first),
			chose(w.Py, `only "v1"`, first), chose(w.Py, `only "1"`, first), outcome(w.Py, `only "latest"`, "none"))
	},
	"py.legacy-fallback": func(w *World) error {
		return all(readsOf(w.Py, "legacy card with security", func(r *Reads) bool {
			return r.ExtendedCard && reflect.DeepEqual(r.SecurityRequirements, []map[string][]string{{"bearer": {"read"}}})
		}), readsOf(w.Py, "extended card flags 1", func(r *Reads) bool { return r.ExtendedCard }))
	},
	"py.legacy-interfaces": func(w *World) error { return chose(w.Py, "legacy card", "https://a.example.com/legacy") },
	"py.default-jsonrpc": func(w *World) error {
		return chose(w.Py, "legacy card without preferredTransport", "https://a.example.com/legacy")
	},
	"py.wrong-type-refused": func(w *World) error {
		return all(loaded(w.Py, "version is a number", false), loaded(w.Py, "streaming is a string", false))
	},
	"py.snake-read":              func(w *World) error { return chose(w.Py, "snake_case entry members", first) },
	"py.legacy-scheme-converted": func(w *World) error { return loaded(w.Py, "requirement spec, legacy schemes, card level", true) },
	"py.drops-legacy-half": func(w *World) error {
		return all(readsOf(w.Py, "mixed card", func(r *Reads) bool { return r.Interfaces == 2 }), chose(w.Py, "mixed card", "https://a.example.com/v1"))
	},
	"py.proto-name-both-later-wins": func(w *World) error {
		src := `{"name": "n", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": ["text/plain"], "default_input_modes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [],
			"securityRequirements": [{"schemes": {"a": {"list": []}}}], "security_requirements": [{"schemes": {"b": {"list": []}}}],
			"supportedInterfaces": [{"url": "https://a.example.com/x", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}`
		r := selection.ReadCard(jsonpos.Parse([]byte(src), jsonpos.Options{}).Root, selection.SDKPython)
		if r.Refusal != nil || !reflect.DeepEqual(r.SecurityRequirements, []map[string][]string{{"b": {}}}) {
			return fmt.Errorf("the model refuses it or reads the first: %+v %v", r.Refusal, r.SecurityRequirements)
		}
		oneOf := `{"name": "n", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [], "skills": [],
			"securitySchemes": {"k": {"apiKeySecurityScheme": {"location": "header", "name": "X"}, "api_key_security_scheme": {"location": "header", "name": "Y"}}}}`
		if r := selection.ReadCard(jsonpos.Parse([]byte(oneOf), jsonpos.Options{}).Root, selection.SDKPython); r.Refusal == nil || r.Refusal.Kind != selection.RefuseDuplicate {
			return fmt.Errorf("the model reads a one-of member given twice: %+v", r.Refusal)
		}
		return nil
	},
	"py.scheme-type-half": func(w *World) error {
		card := func(scheme string) selection.CardReading {
			src := `{"name": "n", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [], "skills": [],
				"securitySchemes": {"o": ` + scheme + `}}`
			return selection.ReadCard(jsonpos.Parse([]byte(src), jsonpos.Options{}).Root, selection.SDKPython)
		}
		cc := `{"tokenUrl": "https://id.example.com/token", "scopes": {}}`
		two := card(`{"type": "oauth2", "flows": {"clientCredentials": ` + cc + `, "password": ` + cc + `}, "oauth2SecurityScheme": {"flows": {"clientCredentials": ` + cc + `}}}`)
		one := card(`{"type": "oauth2", "flows": {"clientCredentials": ` + cc + `}, "oauth2SecurityScheme": {"flows": {"clientCredentials": ` + cc + `, "password": ` + cc + `}}}`)
		if two.Refusal == nil || one.Refusal != nil {
			return fmt.Errorf("the model reads the 1.0 half of a mixed scheme: two flows in the 0.3 half %+v, in the wrapper %+v", two.Refusal, one.Refusal)
		}
		return nil
	},
	"py.verifier-json-dumps": func(w *World) error {
		p, err := signature.Payload([]byte(`{"name": "发票", "description": "d"}`), signature.Python)
		if err != nil || !strings.Contains(string(p), `\u53d1`) {
			return fmt.Errorf("the Python payload model gives %s (%v)", p, err)
		}
		return nil
	},
	"py.resolver-no-redirects": nil,
	"py.resolver-2xx":          nil,
}

// TestClaimsChecked: every claim has a check, every check a claim, and
// every check passes (the real libraries, or a2a-python's model, do
// what the product's words say).
func TestClaimsChecked(t *testing.T) {
	w := &World{T: t}
	w.load()
	known := map[string]bool{}
	var unchecked []string // claims about a2a-js, without it
	for _, c := range Claims() {
		known[c.ID] = true
		check, ok := ClaimChecks[c.ID]
		if !ok {
			t.Errorf("claim %s has no check", c.ID)
			continue
		}
		if check == nil {
			continue
		}
		if c.SDK == selection.SDKJS && w.noJS != "" {
			unchecked = append(unchecked, c.ID)
			continue
		}
		if err := check(w); err != nil {
			t.Errorf("claim %s (%s) does not hold: %v", c.ID, c.Says, err)
		}
	}
	for id := range ClaimChecks {
		if !known[id] {
			t.Errorf("check %s has no claim in the registry", id)
		}
	}
	if len(unchecked) > 0 && !t.Failed() {
		toolchain.Missing(t, fmt.Sprintf("%s; the other claims hold, these %d were not checked: %s", w.noJS, len(unchecked), strings.Join(unchecked, ", ")))
	}
}

// TestSourceOnlyClaims: a claim without a check is about a2a-python (which
// cannot run here), and every text tying to it says so.
func TestSourceOnlyClaims(t *testing.T) {
	for _, c := range Claims() {
		if check, ok := ClaimChecks[c.ID]; ok && check == nil && (c.SDK != selection.SDKPython || c.Running) {
			t.Errorf("claim %s has no check but is not an a2a-python source claim", c.ID)
		}
	}
}

// ---- focused checks of a2a-go ----

func quietCtx() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	return a2alog.AttachLogger(ctx, slog.New(slog.DiscardHandler)), cancel
}

const specCard = `{"name": "Parcel Desk", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "track", "name": "Track", "description": "Tracks a parcel.", "tags": ["parcels"]}],
  "supportedInterfaces": [{"url": "https://a.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
  "securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
  "securityRequirements": [{"schemes": {"bearer": {"list": ["parcels:read"]}}}]}`

func serveCard(body string, status int, seen func(*http.Request)) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen != nil {
			seen(r)
		}
		if r.URL.Path == "/moved" {
			http.Redirect(w, r, "/.well-known/agent-card.json", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
}

func checkGoWorkaround(*World) error {
	srv := serveCard(specCard, http.StatusOK, nil)
	defer srv.Close()
	parser := func(b []byte) (*a2a.AgentCard, error) {
		var pc a2apb.AgentCard
		if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, &pc); err != nil {
			return nil, err
		}
		return pbconv.FromProtoAgentCard(&pc)
	}
	ctx, cancel := quietCtx()
	defer cancel()
	if _, err := agentcard.DefaultResolver.Resolve(ctx, srv.URL); err == nil {
		return errors.New("the default parser reads the spec-shaped card: the workaround proves nothing")
	}
	c, err := (&agentcard.Resolver{Client: srv.Client(), CardParser: parser}).Resolve(ctx, srv.URL)
	if err != nil {
		return err
	}
	if len(c.SecurityRequirements) != 1 || fmt.Sprint(c.SecurityRequirements[0]["bearer"]) != "[parcels:read]" {
		return fmt.Errorf("read %v", c.SecurityRequirements)
	}
	return nil
}

func checkGoResolverStatus(*World) error {
	ctx, cancel := quietCtx()
	defer cancel()
	for status, ok := range map[int]bool{http.StatusOK: true, http.StatusNonAuthoritativeInfo: false, http.StatusPartialContent: false} {
		srv := serveCard(specCardReadable, status, nil)
		_, err := agentcard.DefaultResolver.Resolve(ctx, srv.URL)
		srv.Close()
		if (err == nil) != ok {
			return fmt.Errorf("status %d: %v", status, err)
		}
	}
	return nil
}

const specCardReadable = `{"name": "Parcel Desk", "supportedInterfaces": [{"url": "https://a.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]}`

func checkGoResolverHeader(*World) error {
	var got atomic.Value
	srv := serveCard(specCardReadable, http.StatusOK, func(r *http.Request) { got.Store(r.Header.Get("A2A-Version") + "|" + r.URL.Path) })
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	if _, err := agentcard.DefaultResolver.Resolve(ctx, srv.URL); err != nil {
		return err
	}
	if s, _ := got.Load().(string); s != "|/.well-known/agent-card.json" {
		return fmt.Errorf("the request carried A2A-Version|path %q", s)
	}
	return nil
}

func checkGoResolverRedirect(*World) error {
	srv := serveCard(specCardReadable, http.StatusOK, nil)
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	c, err := agentcard.DefaultResolver.Resolve(ctx, srv.URL, agentcard.WithPath("/moved"))
	if err != nil || c.Name != "Parcel Desk" {
		return fmt.Errorf("through a redirect: %v, %v", c, err)
	}
	return nil
}

func checkGoNoVerifier(*World) error {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/a2aproject/a2a-go/v2").Output()
	if err != nil {
		return err
	}
	dir := strings.TrimSpace(string(out))
	verify := regexp.MustCompile(`func \(?[^)]*\)? ?\w*[Vv]erif\w*\(`)
	found, signatures := "", false
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if bytes := string(b); strings.Contains(bytes, "AgentCardSignature") {
			signatures = true
			if m := verify.FindString(bytes); m != "" {
				found = p + ": " + m
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if !signatures || found != "" {
		return fmt.Errorf("signature types seen %v; a verifier: %s", signatures, found)
	}
	return nil
}

// newGoClient is a2a-go's default client for a one-entry card.
func newGoClient(ctx context.Context, url, binding string, opts ...a2aclient.FactoryOption) (*a2aclient.Client, error) {
	return a2aclient.NewFromCard(ctx, &a2a.AgentCard{Name: "n", SupportedInterfaces: []*a2a.AgentInterface{{URL: url, ProtocolBinding: a2a.TransportProtocol(binding), ProtocolVersion: "1.0"}}}, opts...)
}

func checkGoLeadingSpace(*World) error {
	var hits atomic.Int32
	srv := serveCard(`{}`, http.StatusOK, func(*http.Request) { hits.Add(1) })
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	for _, binding := range []string{"JSONRPC", "HTTP+JSON"} {
		client, err := newGoClient(ctx, " "+srv.URL, binding)
		if err == nil {
			_, err = client.GetTask(ctx, &a2a.GetTaskRequest{ID: "t"})
		}
		if err == nil {
			return fmt.Errorf("%s: a call to a URL with a leading space succeeded", binding)
		}
	}
	if hits.Load() != 0 {
		return fmt.Errorf("a request reached the server")
	}
	return nil
}

func checkGoWrongBinding(*World) error {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("<!doctype html><title>Not found</title>"))
	}))
	defer srv.Close()
	ctx, cancel := quietCtx()
	defer cancel()
	client, err := newGoClient(ctx, srv.URL, "JSONRPC")
	if err != nil {
		return err
	}
	if _, err := client.GetTask(ctx, &a2a.GetTaskRequest{ID: "t"}); err == nil {
		return errors.New("an HTML answer was taken as a task")
	}
	return nil
}

func checkGoAuthUndefined(*World) error {
	store := a2aclient.NewInMemoryCredentialsStore()
	store.Set("s", "bearer", "token")
	ai := &a2aclient.AuthInterceptor{Service: store}
	ctx := a2aclient.AttachSessionID(context.Background(), "s")
	sent := func(schemes a2a.NamedSecuritySchemes) bool {
		req := &a2aclient.Request{ServiceParams: a2aclient.ServiceParams{}, Card: &a2a.AgentCard{
			SecuritySchemes: schemes, SecurityRequirements: a2a.SecurityRequirementsOptions{{"bearer": {}}}}}
		_, _, _ = ai.Before(ctx, req)
		return len(req.ServiceParams["Authorization"]) > 0
	}
	if !sent(a2a.NamedSecuritySchemes{"bearer": a2a.HTTPAuthSecurityScheme{Scheme: "Bearer"}}) {
		return errors.New("no credential even for a declared scheme: the check proves nothing")
	}
	if sent(a2a.NamedSecuritySchemes{"other": a2a.HTTPAuthSecurityScheme{Scheme: "Bearer"}}) {
		return errors.New("a credential was sent for an undeclared scheme")
	}
	return nil
}

func checkGoPreference(w *World) error {
	w.load()
	parsed, err := agentcard.DefaultCardParser(w.cases["two JSONRPC 1.0 entries"].Card)
	if err != nil {
		return err
	}
	ctx, cancel := quietCtx()
	defer cancel()
	stop := &stopBefore{}
	client, err := a2aclient.NewFromCard(ctx, parsed, a2aclient.WithConfig(a2aclient.Config{PreferredTransports: []a2a.TransportProtocol{"HTTP+JSON"}}), a2aclient.WithCallInterceptors(stop))
	if err != nil {
		return err
	}
	_, _ = client.GetTask(ctx, &a2a.GetTaskRequest{ID: "t"})
	if stop.url != "https://a.example.com/three" {
		return fmt.Errorf("with HTTP+JSON preferred the client calls %s", stop.url)
	}
	return nil
}

// stopBefore stops a call before it is sent and keeps where it would
// have gone (core/sdk/gorun has the same for the matrix's a2a-go row).
type stopBefore struct {
	a2aclient.PassthroughInterceptor
	url string
}

func (s *stopBefore) Before(ctx context.Context, req *a2aclient.Request) (context.Context, any, error) {
	s.url = req.BaseURL
	return ctx, nil, errors.New("stopped before sending")
}

// serveTyped serves a readable card with the given Content-Type.
func serveTyped(contentType string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		_, _ = w.Write([]byte(specCardReadable))
	}))
}

// runResolve has a2a-js's default resolver fetch the card at url.
func runResolve(w *World, url string) (string, error) {
	RequireJS(w.T)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", filepath.Join(testdataDir(w.T), "conformance.mjs"), "--resolve", url).Output()
	return string(out), err
}

func checkJSResolverHeader(w *World) error {
	RequireJS(w.T)
	var got atomic.Value
	srv := serveCard(specCardReadable, http.StatusOK, func(r *http.Request) { got.Store(r.Header.Get("A2A-Version")) })
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", filepath.Join(testdataDir(w.T), "conformance.mjs"), "--resolve", srv.URL).Output()
	if err != nil {
		return err
	}
	var res struct {
		OK bool `json:"ok"`
	}
	_ = json.Unmarshal(out, &res)
	if v, _ := got.Load().(string); !res.OK || v != "1.0" {
		return fmt.Errorf("a2a-js's resolver: %s, A2A-Version %q", out, v)
	}
	return nil
}

// scopesLostSaid: the matrix says where a2a-python and a2a-js lose a bare
// list of scopes (Loads yes, with the place).
func scopesLostSaid() error {
	src := `{"name": "n", "description": "d", "version": "1", "capabilities": {}, "defaultInputModes": [], "defaultOutputModes": [], "skills": [],
		"supportedInterfaces": [{"url": "https://a.example.com/x", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
		"securitySchemes": {"b": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"b": ["read"]}}]}`
	for _, row := range Check(jsonpos.Parse([]byte(src), jsonpos.Options{}), Options{Model: true})[1:] {
		if row.Loads.Answer != Yes || row.Loads.Text.ID != "msg.sdk.matrix.loads.scopes-lost" {
			return fmt.Errorf("%s: loads %s, %s", row.SDK, row.Loads.Answer, row.Loads.Message)
		}
	}
	return nil
}
