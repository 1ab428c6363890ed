package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	a2apb "github.com/a2aproject/a2a-go/v2/a2apb/v1"
	"github.com/agentcard/agentcard/internal/toolchain"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/descriptorpb"

	"github.com/agentcard/agentcard/core/card"
	"github.com/agentcard/agentcard/core/jsonpos"
	"github.com/agentcard/agentcard/core/selection"
)

// The a2a-python differential test runs protobuf's own Python parser,
// json_format.ParseDict, on the sweep's cards after the legacy
// conversions a2a-python v1.1.0 makes (testdata/pyreader.py restates
// them), and holds the a2a-python reader model to what it does.
//
// The version gap: the parser here is Debian's python3-protobuf 3.21.12
// (bookworm), while a2a-python v1.1.0 asks for protobuf >= 5.29.5, < 7.
// The part of json_format the model depends on (ConvertMessage,
// _ConvertFieldValuePair, _ConvertMapFieldValue: a message's members read
// by iterating whatever value stands there, names checked by their raw
// key, one-of members counted, null clearing a field, TypeError and
// ValueError turned into ParseError) was compared, whitespace aside, with
// protobuf's tags v29.5 and v33.6 (the Python 5.29.5 and 6.33.6
// releases): the same checks in the same order; those releases only moved
// the scalar conversions into helper methods. Upstream, only the test of
// alternate names (testDuplicateFieldAlternateNames, 33.0 on) pins the
// behaviour down; a later change would go unseen here.

// pythonProtobuf is the interpreter the test runs: Debian's, which has
// python3-protobuf (not whatever python3 comes first in PATH).
const pythonProtobuf = "/usr/bin/python3"

// requirePythonProtobuf skips (or, under AGENTCARD_REQUIRE_ALL=1, fails:
// internal/toolchain decides)
// when protobuf's Python parser is not installed.
func requirePythonProtobuf(t *testing.T) {
	t.Helper()
	why := ""
	if _, err := os.Stat(pythonProtobuf); err != nil {
		why = pythonProtobuf + " is not installed"
	} else if out, err := exec.Command(pythonProtobuf, "-c", "import google.protobuf.json_format").CombinedOutput(); err != nil {
		why = pythonProtobuf + " cannot import google.protobuf (apt-get install python3-protobuf): " + string(bytes.TrimSpace(out))
	}
	if why == "" {
		return
	}
	why += ": the a2a-python reader model is not compared with protobuf's ParseDict"
	toolchain.Missing(t, why)
}

// a2aDescriptorSet is the A2A proto as a2a-go v2.4.0 compiled it, with
// every file it imports, dependencies first: what a2a-python's generated
// a2a_pb2 holds.
func a2aDescriptorSet(t *testing.T) []byte {
	t.Helper()
	set := &descriptorpb.FileDescriptorSet{}
	seen := map[string]bool{}
	var add func(f protoreflect.FileDescriptor)
	add = func(f protoreflect.FileDescriptor) {
		if seen[f.Path()] {
			return
		}
		seen[f.Path()] = true
		imports := f.Imports()
		for i := 0; i < imports.Len(); i++ {
			add(imports.Get(i).FileDescriptor)
		}
		set.File = append(set.File, protodesc.ToFileDescriptorProto(f))
	}
	add(a2apb.File_a2av1_proto)
	b, err := proto.Marshal(set)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// runPythonReader runs testdata/pyreader.py over cases and reads its
// answer: per card, loads, the error and what was read.
func runPythonReader(t *testing.T, cases []sweepCase) map[string]observed {
	t.Helper()
	dir := t.TempDir()
	set, cards := filepath.Join(dir, "a2a.pb"), filepath.Join(dir, "cards.json")
	if err := os.WriteFile(set, a2aDescriptorSet(t), 0o600); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cards, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, pythonProtobuf, filepath.Join(testdataDir(t), "pyreader.py"), set,
		string((&a2apb.AgentCard{}).ProtoReflect().Descriptor().FullName()), cards)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 pyreader.py: %v\n%s", err, stderr.String())
	}
	var res map[string]observed
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("pyreader.py printed %.200q: %v", out, err)
	}
	var entries map[string]struct {
		Entries []pyEntry `json:"entries"`
	}
	if err := json.Unmarshal(out, &entries); err != nil {
		t.Fatal(err)
	}
	for name, e := range entries {
		o := res[name]
		o.entries = e.Entries
		res[name] = o
	}
	return res
}

// pyEntry is one supportedInterfaces entry as ParseDict read it.
type pyEntry struct {
	URL     string `json:"url"`
	Binding string `json:"binding"`
	Version string `json:"version"`
	Tenant  string `json:"tenant"`
}

// pythonCases are cards about ParseDict's own leniency, beside the
// sweep: values of another JSON type where a message stands, a member
// under both its names, mixed 0.3/1.0 security schemes.
func pythonCases(t *testing.T) []sweepCase {
	var out []sweepCase
	add := func(name string, change func(c map[string]any)) {
		c := base()
		change(c)
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sweepCase{Name: name, Card: b})
	}
	bare := func(scopes ...any) func(c map[string]any) {
		return func(c map[string]any) {
			c["securitySchemes"] = bearer
			c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": scopes}}}
		}
	}
	add("bare scopes [read write]", bare("read", "write"))
	add("bare scopes naming the list member", bare("list"))
	add("bare scopes with a number", bare("read", 7))
	add("bare scopes with an object", bare(map[string]any{"list": []any{"read"}}))
	add("scopes as a string", func(c map[string]any) {
		c["securitySchemes"] = bearer
		c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": "read"}}}
	})
	add("scopes as a number", func(c map[string]any) {
		c["securitySchemes"] = bearer
		c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": 1}}}
	})
	add("capabilities is a string", func(c map[string]any) { c["capabilities"] = "streaming" })
	add("capabilities is a number", func(c map[string]any) { c["capabilities"] = 1 })
	add("capabilities is true", func(c map[string]any) { c["capabilities"] = true })
	add("an entry is a list of strings", func(c map[string]any) {
		c["supportedInterfaces"] = []any{[]any{"url"}, entry("https://a.example.com/fallback", "JSONRPC", "1.0")}
	})
	add("both names of defaultInputModes", func(c map[string]any) { c["default_input_modes"] = []any{"application/json"} })
	add("both names of a scheme wrapper", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"k": map[string]any{"apiKeySecurityScheme": map[string]any{"location": "header", "name": "X"}, "api_key_security_scheme": map[string]any{"location": "header", "name": "Y"}}}
	})
	add("both names of securityRequirements", func(c map[string]any) {
		c["securitySchemes"] = bearer
		c["securityRequirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": map[string]any{"list": []any{"a"}}}}}
		c["security_requirements"] = []any{map[string]any{"schemes": map[string]any{"bearer": map[string]any{"list": []any{"b"}}}}}
	})
	oauthFlows := map[string]any{
		"authorizationCode": map[string]any{"authorizationUrl": "https://id.example.com/auth", "tokenUrl": "https://id.example.com/token", "scopes": map[string]any{}},
		"clientCredentials": map[string]any{"tokenUrl": "https://id.example.com/token", "scopes": map[string]any{}},
	}
	oneFlow := map[string]any{"clientCredentials": oauthFlows["clientCredentials"]}
	add("mixed oauth2, 0.3 half with two flows", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"o": map[string]any{"type": "oauth2", "flows": oauthFlows, "oauth2SecurityScheme": map[string]any{"flows": oneFlow}}}
	})
	add("mixed oauth2, 0.3 half with one flow", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"o": map[string]any{"type": "oauth2", "flows": oneFlow, "oauth2SecurityScheme": map[string]any{"flows": oneFlow}}}
	})
	add("mixed apiKey, the halves disagree", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"k": map[string]any{"type": "apiKey", "in": "header", "name": "X-Old", "apiKeySecurityScheme": map[string]any{"location": "query", "name": "new"}}}
	})
	add("0.3 oauth2 with two flows", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"o": map[string]any{"type": "oauth2", "flows": oauthFlows}}
	})
	add("a 1.0 scheme with a type member of no 0.3 kind", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"b": map[string]any{"type": "bearer", "httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}}}
	})
	add("both names of documentationUrl", func(c map[string]any) {
		c["documentationUrl"], c["documentation_url"] = "https://a.example.com/docs", "https://a.example.com/other"
	})
	add("both names of extendedAgentCard", func(c map[string]any) {
		c["capabilities"] = map[string]any{"extendedAgentCard": true, "extended_agent_card": false}
	})
	add("extended_agent_card false beside the 0.3 flag", func(c map[string]any) {
		c["capabilities"] = map[string]any{"extended_agent_card": false}
		c["supportsAuthenticatedExtendedCard"] = true
	})
	add("supported_interfaces beside a legacy url", func(c map[string]any) {
		c["supported_interfaces"] = c["supportedInterfaces"]
		delete(c, "supportedInterfaces")
		c["url"] = "https://a.example.com/legacy"
	})
	add("a scheme whose type is a list", func(c map[string]any) {
		c["securitySchemes"] = map[string]any{"b": map[string]any{"type": []any{"http"}, "httpAuthSecurityScheme": map[string]any{"scheme": "Bearer"}}}
	})
	add("an extension name where scopes stand", bare("[a.b]"))
	add("an entry gives protocolBinding under both names", func(c map[string]any) {
		c["supportedInterfaces"] = []any{map[string]any{"url": "https://a.example.com/first", "protocolBinding": "GRPC", "protocol_binding": "JSONRPC", "protocolVersion": "1.0"}}
	})
	add("an entry gives protocol_binding before protocolBinding", func(c map[string]any) {
		c["supportedInterfaces"] = []any{json.RawMessage(`{"url": "https://a.example.com/first", "protocol_binding": "GRPC", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}`)}
	})
	add("null capabilities", func(c map[string]any) { c["capabilities"] = nil })
	add("null in defaultInputModes", func(c map[string]any) { c["defaultInputModes"] = []any{nil} })
	return out
}

// TestPythonAgreesWithModel runs protobuf's ParseDict (Debian's
// python3-protobuf) on the sweep and on pythonCases, after a2a-python's
// legacy conversions, and holds the a2a-python reader model to it:
// whether the card is read, and what is read (interfaces, card-level
// requirements with their scopes, the extended-card flag).
func TestPythonAgreesWithModel(t *testing.T) {
	requirePythonProtobuf(t)
	cases := append(sweep(t), pythonCases(t)...)
	res := runPythonReader(t, cases)
	loaded, compared := 0, 0
	for _, c := range cases {
		got, ok := res[c.Name]
		if !ok {
			t.Errorf("pyreader.py said nothing about %s", c.Name)
			continue
		}
		if got.Loads {
			loaded++
		}
		doc := jsonpos.Parse(c.Card, jsonpos.Options{})
		r := selection.ReadCard(doc.Root, selection.SDKPython)
		want := observed{Loads: r.Refusal == nil}
		if want.Loads {
			want.Reads = &Reads{Interfaces: r.Interfaces, SecurityRequirements: r.SecurityRequirements, ExtendedCard: r.ExtendedCard}
		}
		if got.Loads != want.Loads {
			t.Errorf("%s: ParseDict loads=%v (%s), the model's loads=%v", c.Name, got.Loads, got.Detail, want.Loads)
			continue
		}
		if got.Loads && !reflect.DeepEqual(got.Reads, want.Reads) {
			g, _ := json.Marshal(got.Reads)
			w, _ := json.Marshal(want.Reads)
			t.Errorf("%s: ParseDict read %s, the model %s", c.Name, g, w)
		}
		// the entries the client model chooses from are the ones ParseDict
		// read (cards whose list a2a-python does not build)
		if got.Loads && doc.Root.Has("supportedInterfaces") {
			compared++
			var read [][4]string
			for _, e := range got.entries {
				read = append(read, [4]string{e.URL, e.Binding, e.Version, e.Tenant})
			}
			if model := selection.PythonEntries(doc.Root); !reflect.DeepEqual(model, read) {
				t.Errorf("%s: the client model chooses from %q, ParseDict read %q", c.Name, model, read)
			}
		}
	}
	t.Logf("a2a-python %s (its card preparation restated, python3-protobuf 3.21.12's ParseDict): %d cards, %d loaded, %d refused; %d interface lists compared",
		card.A2APythonVersion, len(cases), loaded, len(cases)-loaded, compared)
}

// TestProtoOneOfs holds the model's one-of groups (selection.ProtoOneOf)
// to the A2A proto as a2a-go compiled it: every field of AgentCard and
// the messages it holds that protobuf puts in a one-of (synthetic for a
// proto3 optional field), and no other.
func TestProtoOneOfs(t *testing.T) {
	seen := map[protoreflect.FullName]bool{}
	var walk func(m protoreflect.MessageDescriptor)
	walk = func(m protoreflect.MessageDescriptor) {
		if seen[m.FullName()] || m.FullName().Parent() == "google.protobuf" {
			return
		}
		seen[m.FullName()] = true
		fields := m.Fields()
		for i := 0; i < fields.Len(); i++ {
			f := fields.Get(i)
			want := ""
			if o := f.ContainingOneof(); o != nil {
				want = string(o.Name())
			}
			if got := selection.ProtoOneOf(string(m.Name()), f.JSONName()); got != want {
				t.Errorf("%s.%s: the model's one-of group %q, the proto's %q", m.Name(), f.JSONName(), got, want)
			}
			if f.Message() != nil {
				walk(f.Message())
			}
		}
	}
	walk((&a2apb.AgentCard{}).ProtoReflect().Descriptor())
	if len(seen) < 10 {
		t.Errorf("walked %d messages", len(seen))
	}
}
