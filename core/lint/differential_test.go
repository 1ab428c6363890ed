package lint

// Differential test against the official oracles (CONTRIBUTING.md, How the tests are layered): every card
// that the official Go SDK's ProtoJSON types (with the REQUIRED field
// annotations) or the published v0.2.6/v0.3.0 JSON Schemas reject must get
// at least one error from us. The oracle imports live only in this _test
// file, so they never reach the wasm builds.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/agentcard/agentcard/internal/testcards"
)

// oracle says why the official tooling rejects a card, or "" when it
// accepts it. Cards with supportedInterfaces are read with the SDK's
// ProtoJSON types; others with the JSON Schema of their version (v0.2.6 for
// protocolVersion 0.2.x, v0.3.0 otherwise), as testdata/README.md
// does.
func oracle(t testing.TB, src []byte) (name, why string) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(src, &probe); err == nil {
		if _, ok := probe["supportedInterfaces"]; !ok {
			var pv string
			_ = json.Unmarshal(probe["protocolVersion"], &pv)
			if strings.HasPrefix(pv, "0.2") {
				return "schema v0.2.6", schemaOracle(t, "a2a-v0.2.6.json", src)
			}
			return "schema v0.3.0", schemaOracle(t, "a2a-v0.3.0.json", src)
		}
	}
	return "protojson", protoOracle(src)
}

func protoOracle(src []byte) string {
	var c a2apb.AgentCard
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(src, &c); err != nil {
		return "protojson: " + err.Error()
	}
	if missing := missingRequired(c.ProtoReflect(), ""); len(missing) > 0 {
		return "REQUIRED fields not set: " + strings.Join(missing, ", ")
	}
	return ""
}

// missingRequired walks a message and lists the fields annotated
// (google.api.field_behavior) = REQUIRED that are not set. For proto3
// scalars without presence "set" means non-default, for repeated fields
// non-empty: exactly what protoreflect's Has reports.
func missingRequired(m protoreflect.Message, path string) []string {
	var out []string
	fields := m.Descriptor().Fields()
	for i := 0; i < fields.Len(); i++ {
		fd := fields.Get(i)
		if isRequired(fd) && !m.Has(fd) {
			out = append(out, path+"/"+fd.JSONName())
		}
		if !m.Has(fd) {
			continue
		}
		p := path + "/" + fd.JSONName()
		switch {
		case fd.IsList() && fd.Kind() == protoreflect.MessageKind:
			l := m.Get(fd).List()
			for j := 0; j < l.Len(); j++ {
				out = append(out, missingRequired(l.Get(j).Message(), p+"/"+strconv.Itoa(j))...)
			}
		case fd.IsMap() && fd.MapValue().Kind() == protoreflect.MessageKind:
			m.Get(fd).Map().Range(func(k protoreflect.MapKey, v protoreflect.Value) bool {
				out = append(out, missingRequired(v.Message(), p+"/"+k.String())...)
				return true
			})
		case !fd.IsList() && !fd.IsMap() && fd.Kind() == protoreflect.MessageKind:
			out = append(out, missingRequired(m.Get(fd).Message(), p)...)
		}
	}
	return out
}

func isRequired(fd protoreflect.FieldDescriptor) bool {
	opts := fd.Options()
	if opts == nil {
		return false
	}
	behaviors, _ := proto.GetExtension(opts, annotations.E_FieldBehavior).([]annotations.FieldBehavior)
	for _, b := range behaviors {
		if b == annotations.FieldBehavior_REQUIRED {
			return true
		}
	}
	return false
}

var (
	schemaMu    sync.Mutex
	schemaCache = map[string]*jsonschema.Schema{}
)

func schemaOracle(t testing.TB, file string, src []byte) string {
	sch := loadSchema(t, file)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return "not JSON: " + err.Error()
	}
	if err := sch.Validate(inst); err != nil {
		return oneLine(err.Error())
	}
	return ""
}

func loadSchema(t testing.TB, file string) *jsonschema.Schema {
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s := schemaCache[file]; s != nil {
		return s
	}
	path := filepath.Join(testcards.Require(t), "spec", file)
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open schema: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("read schema %s: %v", file, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(file, doc); err != nil {
		t.Fatalf("add schema %s: %v", file, err)
	}
	s, err := c.Compile(file + "#/definitions/AgentCard")
	if err != nil {
		t.Fatalf("compile schema %s: %v", file, err)
	}
	schemaCache[file] = s
	return s
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

type corpusCard struct {
	name string
	src  []byte
}

// differentialCorpus is the shared cards, every rule example (bad and
// good, as whole documents) and mutations of the valid cards.
func differentialCorpus(t testing.TB) []corpusCard {
	var out []corpusCard
	var valid []corpusCard
	for _, p := range testcards.Cards(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c := corpusCard{"cards/" + filepath.Base(p), b}
		out = append(out, c)
		if !strings.HasPrefix(filepath.Base(p), "broken-") && !strings.HasPrefix(filepath.Base(p), "not-a-card") {
			valid = append(valid, c)
		}
	}
	for _, r := range Rules() {
		if r.External {
			continue
		}
		out = append(out, corpusCard{"rule " + r.Code + " bad", []byte(ExampleDocument(r.Bad))})
		out = append(out, corpusCard{"rule " + r.Code + " good", []byte(ExampleDocument(r.Good))})
	}
	valid = append(valid, corpusCard{"BaseCard", []byte(BaseCard)}, corpusCard{"BaseLegacyCard", []byte(BaseLegacyCard)})
	for _, v := range valid {
		out = append(out, mutations(v)...)
	}
	return out
}

// mutation is a change to one member, addressed by a JSON Pointer.
type mutation struct {
	name  string
	ptr   string
	del   bool
	value any
}

var mutationList = func() []mutation {
	var ms []mutation
	for _, k := range []string{"name", "description", "version", "supportedInterfaces", "capabilities", "defaultInputModes",
		"defaultOutputModes", "skills", "url", "protocolVersion", "provider/url", "provider/organization",
		"supportedInterfaces/0/url", "supportedInterfaces/0/protocolBinding", "supportedInterfaces/0/protocolVersion",
		"skills/0/id", "skills/0/name", "skills/0/description", "skills/0/tags", "additionalInterfaces/0/transport",
		"additionalInterfaces/0/url", "capabilities/extensions/0/uri"} {
		ms = append(ms, mutation{name: "drop " + k, ptr: "/" + k, del: true})
	}
	set := func(name, ptr string, v any) { ms = append(ms, mutation{name: name, ptr: ptr, value: v}) }
	set("name as number", "/name", 42)
	set("name null", "/name", nil)
	set("name empty", "/name", "")
	set("description null", "/description", nil)
	set("version as number", "/version", 1.0)
	set("capabilities as array", "/capabilities", []any{"streaming"})
	set("capabilities null", "/capabilities", nil)
	set("streaming as string", "/capabilities/streaming", "true")
	set("pushNotifications as number", "/capabilities/pushNotifications", 1)
	set("extensions as object", "/capabilities/extensions", map[string]any{})
	set("skills as object", "/skills", map[string]any{})
	set("skills empty", "/skills", []any{})
	set("skills null", "/skills", nil)
	set("skill as string", "/skills/0", "search")
	set("tags as string", "/skills/0/tags", "search")
	set("tags empty", "/skills/0/tags", []any{})
	set("tag as number", "/skills/0/tags/0", 7)
	set("examples as string", "/skills/0/examples", "one example")
	set("inputModes as string", "/defaultInputModes", "text/plain")
	set("inputModes empty", "/defaultInputModes", []any{})
	set("outputModes number element", "/defaultOutputModes/0", 1)
	set("interfaces as object", "/supportedInterfaces", map[string]any{"url": "https://a.example.com"})
	set("interfaces empty", "/supportedInterfaces", []any{})
	set("interface as string", "/supportedInterfaces/0", "https://a.example.com")
	set("interface url number", "/supportedInterfaces/0/url", 443)
	set("interface url empty", "/supportedInterfaces/0/url", "")
	set("interface version number", "/supportedInterfaces/0/protocolVersion", 1.0)
	set("interface binding empty", "/supportedInterfaces/0/protocolBinding", "")
	set("interface tenant number", "/supportedInterfaces/0/tenant", 5)
	set("provider as string", "/provider", "Example Inc.")
	set("provider empty", "/provider", map[string]any{})
	set("url as number", "/url", 1)
	set("url null", "/url", nil)
	set("protocolVersion number", "/protocolVersion", 0.3)
	set("preferredTransport number", "/preferredTransport", 1)
	set("additionalInterfaces object", "/additionalInterfaces", map[string]any{})
	set("securitySchemes as array", "/securitySchemes", []any{})
	set("securitySchemes entry string", "/securitySchemes/x", "bearer")
	set("securityRequirements object", "/securityRequirements", map[string]any{})
	set("signatures as object", "/signatures", map[string]any{})
	set("signature empty", "/signatures", []any{map[string]any{}})
	set("documentationUrl number", "/documentationUrl", 3)
	set("iconUrl array", "/iconUrl", []any{})
	set("supportsAuthenticatedExtendedCard string", "/supportsAuthenticatedExtendedCard", "yes")
	return ms
}()

// mutations applies every mutation that fits the card, plus a few
// syntax-level breakages.
func mutations(c corpusCard) []corpusCard {
	var out []corpusCard
	var base any
	if err := json.Unmarshal(c.src, &base); err != nil {
		return nil
	}
	for _, m := range mutationList {
		var doc any
		_ = json.Unmarshal(c.src, &doc) // a fresh copy
		if !applyMutation(&doc, strings.Split(m.ptr[1:], "/"), m) {
			continue
		}
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			continue
		}
		out = append(out, corpusCard{c.name + " / " + m.name, b})
	}
	s := string(c.src)
	if i := strings.LastIndex(s, "}"); i > 0 {
		out = append(out, corpusCard{c.name + " / truncated", []byte(s[:i*2/3])})
		out = append(out, corpusCard{c.name + " / trailing comma", []byte(strings.TrimRight(s[:i], " \n") + ",\n}")})
		out = append(out, corpusCard{c.name + " / duplicate name", []byte(strings.Replace(s, "{", `{"name": "dup", `, 1))})
		out = append(out, corpusCard{c.name + " / comment", []byte(strings.Replace(s, "{", "{ // note\n", 1))})
		out = append(out, corpusCard{c.name + " / single quotes", []byte(strings.Replace(s, `"name"`, `'name'`, 1))})
		out = append(out, corpusCard{c.name + " / wrapped in array", []byte("[" + s + "]")})
	}
	return out
}

// applyMutation changes the member at path; it reports false when the
// path does not fit the document (nothing to delete, no parent).
func applyMutation(doc *any, path []string, m mutation) bool {
	cur := *doc
	for i, tok := range path {
		last := i == len(path)-1
		switch v := cur.(type) {
		case map[string]any:
			if last {
				if m.del {
					if _, ok := v[tok]; !ok {
						return false
					}
					delete(v, tok)
					return true
				}
				if _, ok := v[tok]; !ok {
					return false // change only members the card has
				}
				v[tok] = m.value
				return true
			}
			next, ok := v[tok]
			if !ok {
				return false
			}
			cur = next
		case []any:
			j, err := strconv.Atoi(tok)
			if err != nil || j < 0 || j >= len(v) {
				return false
			}
			if last {
				if m.del {
					return false
				}
				v[j] = m.value
				return true
			}
			cur = v[j]
		default:
			return false
		}
	}
	return false
}

// onlyDuplicates reports whether the oracle's reason is a repeated
// member and our finding for it is json-duplicate-key.
func onlyDuplicates(why string, res *Result) bool {
	if !strings.Contains(why, "duplicate field") {
		return false
	}
	for _, d := range res.Diagnostics {
		if d.Code == "json-duplicate-key" {
			return true
		}
	}
	return false
}

// onlyEmptySkills reports whether the oracle's one reason is an empty
// skills list and we warn about it.
func onlyEmptySkills(why string, res *Result) bool {
	if !strings.HasSuffix(why, "REQUIRED fields not set: /skills") {
		return false
	}
	for _, d := range res.Diagnostics {
		if d.MessageID == "msg.required-field-empty.skills" {
			return true
		}
	}
	return false
}

func TestDifferential(t *testing.T) {
	corpus := differentialCorpus(t)
	var rejected, weStricter int
	var stricter []string
	for _, c := range corpus {
		oracleName, why := oracle(t, c.src)
		res := Lint(c.src, Options{})
		if why != "" {
			rejected++
			// protojson refuses a repeated member; no official card reader
			// does (core/sdk's sweep runs a2a-go and a2a-js on such cards: both
			// keep the last value), so RFC 8259's SHOULD gives a warning.
			if res.Errors == 0 && onlyDuplicates(why, res) {
				continue
			}
			// protojson applies §5.7's REQUIRED to an empty skills list;
			// the specification's own signed example (§8.4) has one and
			// A2A issue #2122 is open, so we warn (required-field-empty).
			if res.Errors == 0 && onlyEmptySkills(why, res) {
				continue
			}
			if res.Errors == 0 {
				t.Errorf("%s: %s rejects it (%s) but we report no error; our findings: %v\n%s", c.name, oracleName, why, codes(res), clip(c.src))
			}
			continue
		}
		if res.Errors > 0 {
			weStricter++
			var errs []string
			for _, d := range res.Diagnostics {
				if d.Severity == Error {
					errs = append(errs, d.Code)
				}
			}
			stricter = append(stricter, fmt.Sprintf("%s (%s accepts): %s", c.name, oracleName, strings.Join(dedupe(errs), ", ")))
		}
	}
	t.Logf("corpus %d documents; oracles reject %d; we report errors on %d more that the oracles accept", len(corpus), rejected, weStricter)
	sort.Strings(stricter)
	for _, s := range stricter {
		t.Logf("  stricter: %s", s)
	}
	if len(corpus) < 100 {
		t.Errorf("corpus has only %d documents", len(corpus))
	}
}

// The oracles themselves: the sample cards' README verdicts.
func TestOracleAgreesWithREADME(t *testing.T) {
	for name, valid := range map[string]bool{
		"seed-document-search.json": true, "seed-three-interfaces.json": true, "minimal-1.0.json": true,
		"full-1.0.json": true, "legacy-0.3.json": true, "mixed-consistent.json": true, "mixed-inconsistent.json": true,
		"broken-common-mistakes.json": false, "broken-not-json.json": false, "broken-duplicate-key-cjk.json": false,
		"not-a-card-mcp.json": false,
	} {
		o, why := oracle(t, testcards.Card(t, name))
		if (why == "") != valid {
			t.Errorf("%s: %s says %q, README says valid=%v", name, o, why, valid)
		}
	}
}

func dedupe(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func clip(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
}
