package lint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/internal/testcards"

	"github.com/agentcard/agentcard/core/jsonpos"
)

// findingCase is one table row for the topic rules: a card (a member list
// applied to BaseCard/BaseLegacyCard, or a whole document), the rule
// code, how many findings of that code to expect, and what the first one
// must look like.
type findingCase struct {
	name    string
	card    string
	code    string
	want    int
	sev     Severity // severity of the first finding; 0 = the rule's default
	id      string   // message id of the first finding
	args    []any    // arguments the first finding's message must have (any order)
	msg     string   // substring of the first message (English; prefer id and args)
	pointer string   // pointer of the first finding
	fix     string   // NewText of the first edit of the first fix; "-" = no fix; "<delete>" = an empty edit
}

func checkFindingCases(t *testing.T, cases []findingCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := ExampleDocument(tc.card)
			res := Lint([]byte(src), Options{})
			got := withCode(res, tc.code)
			if len(got) != tc.want {
				t.Fatalf("%s: got %d findings, want %d\n%s\nall: %v", tc.code, len(got), tc.want, src, res.Diagnostics)
			}
			if tc.want == 0 {
				return
			}
			d := got[0]
			sev := tc.sev
			if sev == 0 {
				sev = RuleFor(tc.code).Severity
			}
			if d.Severity != sev {
				t.Errorf("severity %s, want %s", d.Severity, sev)
			}
			if tc.id != "" && d.MessageID != tc.id {
				t.Errorf("message id %q, want %q (%s)", d.MessageID, tc.id, d.Message)
			}
			for _, a := range tc.args {
				if !hasArg(d, a) {
					t.Errorf("message %s%v has no argument %#v", d.MessageID, d.Args, a)
				}
			}
			if tc.msg != "" && !strings.Contains(d.Message, tc.msg) {
				t.Errorf("message %q does not contain %q", d.Message, tc.msg)
			}
			if tc.pointer != "" && d.Pointer != tc.pointer {
				t.Errorf("pointer %q, want %q", d.Pointer, tc.pointer)
			}
			switch tc.fix {
			case "":
			case "-":
				if len(d.Fixes) > 0 {
					t.Errorf("unexpected fix %+v", d.Fixes)
				}
			default:
				if len(d.Fixes) == 0 || len(d.Fixes[0].Edits) == 0 {
					t.Fatalf("no fix, want %q", tc.fix)
				}
				want := tc.fix
				if want == "<delete>" {
					want = ""
				}
				if e := d.Fixes[0].Edits[0].NewText; e != want {
					t.Errorf("fix text %q, want %q", e, want)
				}
				fixed := applyFix(src, d.Fixes[0])
				if !json.Valid([]byte(fixed)) {
					t.Fatalf("fix makes invalid JSON:\n%s", fixed)
				}
				after := Lint([]byte(fixed), Options{Examples: true})
				if n := len(withCode(after, tc.code)); n >= len(got) {
					t.Errorf("fix did not remove the finding (%d left):\n%s", n, fixed)
				}
			}
		})
	}
}

// hasArg reports whether a finding's message has the argument a: equal
// to one of its arguments, or to an argument of a Text among them (a
// host's reason, a list).
func hasArg(d Diagnostic, a any) bool {
	var in func(args []any) bool
	in = func(args []any) bool {
		for _, x := range args {
			if reflect.DeepEqual(x, a) {
				return true
			}
			if t, ok := x.(i18n.Text); ok && in(t.Args) {
				return true
			}
		}
		return false
	}
	return in(d.Args)
}

func withCode(r *Result, code string) []Diagnostic {
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// applyFix applies a fix's edits, last first so offsets stay valid.
func applyFix(src string, f Fix) string {
	edits := append([]Edit(nil), f.Edits...)
	sort.Slice(edits, func(i, j int) bool { return edits[i].Range.Start.Offset > edits[j].Range.Start.Offset })
	for _, e := range edits {
		src = src[:e.Range.Start.Offset] + e.NewText + src[e.Range.End.Offset:]
	}
	return src
}

func TestClassifyURL(t *testing.T) {
	cases := []struct {
		name, in    string
		form        urlForm
		host        string
		where       hostKind
		placeholder string
	}{
		{"https public", "https://agent.example.com/a2a", formHTTP, "agent.example.com", hostPublic, ""},
		{"http with port", "http://agent.example.com:8080/a2a", formHTTP, "agent.example.com", hostPublic, ""},
		{"upper-case scheme and host", "HTTPS://Agent.Example.COM/a2a", formHTTP, "agent.example.com", hostPublic, ""},
		{"empty", "  ", formEmpty, "", hostPublic, ""},
		{"brace placeholder", "{BASE_URL}/a2a", formPlaceholder, "", hostPublic, "{BASE_URL}"},
		{"shell placeholder", "https://${HOST}/a2a", formPlaceholder, "", hostPublic, "${HOST}"},
		{"mustache placeholder", "{{ base_url }}/a2a", formPlaceholder, "", hostPublic, "{{ base_url }}"},
		{"angle placeholder", "<your-url>", formPlaceholder, "", hostPublic, "<your-url>"},
		{"your-domain", "https://your-domain.com/a2a", formPlaceholder, "", hostPublic, "your-domain.com"},
		{"relative path", "/a2a", formRelative, "", hostPublic, ""},
		{"dot relative", "./a2a", formRelative, "", hostPublic, ""},
		{"no scheme", "agent.example.com/a2a", formNoScheme, "agent.example.com", hostPublic, ""},
		{"grpc host port", "agents.northwind.example.org:443", formHostPort, "agents.northwind.example.org", hostPublic, ""},
		{"ipv6 host port", "[::1]:50051", formHostPort, "::1", hostLoopback, ""},
		{"localhost host port", "localhost:50051", formHostPort, "localhost", hostLoopback, ""},
		{"grpc scheme", "grpc://agent.example.com:443", formOtherScheme, "agent.example.com", hostPublic, ""},
		{"urn", "urn:example:binding", formOtherScheme, "", hostPublic, ""},
		{"grpc dns target", "dns:///grpc.example.com:443", formOtherScheme, "grpc.example.com", hostPublic, ""},
		{"grpc dns target with authority", "dns://8.8.8.8/grpc.example.com:443", formOtherScheme, "grpc.example.com", hostPublic, ""},
		{"grpc dns target, short", "dns:grpc.example.com", formOtherScheme, "grpc.example.com", hostPublic, ""},
		{"scheme without host", "https:/a2a", formInvalid, "", hostPublic, ""},
		{"spaces", "https://agent example.com", formInvalid, "", hostPublic, ""},
		{"loopback v4", "http://127.0.0.1:8000/", formHTTP, "127.0.0.1", hostLoopback, ""},
		{"loopback name", "http://localhost:8000/", formHTTP, "localhost", hostLoopback, ""},
		{"unspecified", "http://0.0.0.0:8000/", formHTTP, "0.0.0.0", hostUnspecified, ""},
		{"private 10", "http://10.0.3.7:8080/a2a", formHTTP, "10.0.3.7", hostPrivate, ""},
		{"private 172.16", "https://172.20.1.1/a2a", formHTTP, "172.20.1.1", hostPrivate, ""},
		{"public 172.32", "https://172.32.1.1/a2a", formHTTP, "172.32.1.1", hostPublic, ""},
		{"private 192.168", "https://192.168.1.10/a2a", formHTTP, "192.168.1.10", hostPrivate, ""},
		{"ula v6", "https://[fd12:3456::1]/a2a", formHTTP, "fd12:3456::1", hostPrivate, ""},
		{"link-local v4", "http://169.254.169.254/latest", formHTTP, "169.254.169.254", hostLinkLocal, ""},
		{"link-local v6", "http://[fe80::1]/a2a", formHTTP, "fe80::1", hostLinkLocal, ""},
		{"cgnat", "https://100.101.1.2/a2a", formHTTP, "100.101.1.2", hostPrivate, ""},
		{"mdns", "https://agent.local/a2a", formHTTP, "agent.local", hostLocalName, ""},
		{"cluster", "http://agent.default.svc.cluster.local:8080", formHTTP, "agent.default.svc.cluster.local", hostLocalName, ""},
		{"docker internal", "http://host.docker.internal:9999", formHTTP, "host.docker.internal", hostLocalName, ""},
		{"home.arpa", "https://nas.home.arpa/a2a", formHTTP, "nas.home.arpa", hostLocalName, ""},
		{"lan", "https://agent.lan/a2a", formHTTP, "agent.lan", hostLocalName, ""},
		{"container name", "http://agent:8080/a2a", formHTTP, "agent", hostPrivate, ""},
		{"ngrok", "https://1a2b-3c4d.ngrok-free.app/a2a", formHTTP, "1a2b-3c4d.ngrok-free.app", hostTunnel, ""},
		{"ngrok io", "https://abc.ngrok.io/a2a", formHTTP, "abc.ngrok.io", hostTunnel, ""},
		{"trycloudflare", "https://words-here.trycloudflare.com", formHTTP, "words-here.trycloudflare.com", hostTunnel, ""},
		{"localtunnel", "https://quiet-fox.loca.lt/a2a", formHTTP, "quiet-fox.loca.lt", hostTunnel, ""},
		{"cjk host", "https://例子.测试/a2a", formHTTP, "例子.测试", hostPublic, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u := classifyURL(tc.in)
			if u.Form != tc.form || u.Host != tc.host || u.Where != tc.where || u.Placeholder != tc.placeholder {
				t.Errorf("classifyURL(%q) = form %d host %q where %d placeholder %q; want %d %q %d %q",
					tc.in, u.Form, u.Host, u.Where, u.Placeholder, tc.form, tc.host, tc.where, tc.placeholder)
			}
		})
	}
}

func TestIsAbsoluteURI(t *testing.T) {
	for in, want := range map[string]bool{
		"https://example.com/ext/v1": true,
		"urn:example:a2a:ext":        true,
		"tag:example.com,2026:ext":   true,
		"https://":                   false,
		"cost-estimate":              false,
		"/ext/cost":                  false,
		"example.com/ext":            false,
		"https://example.com/a b":    false,
		"":                           false,
	} {
		if got := isAbsoluteURI(in); got != want {
			t.Errorf("isAbsoluteURI(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestJSONString(t *testing.T) {
	for in, want := range map[string]string{
		"text/plain":   `"text/plain"`,
		"a<b>&c":       `"a<b>&c"`,
		"文本":           `"文本"`,
		"\x7f":         "\"\x7f\"",
		"quote\"slash": `"quote\"slash"`,
	} {
		if got := jsonpos.Quote(in); got != want {
			t.Errorf("jsonpos.Quote(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(jsonpos.Quote(in)), &back); err != nil || back != in {
			t.Errorf("jsonpos.Quote(%q) does not round-trip: %v", in, err)
		}
	}
}

// sharedCards is testdata/cards (failing the test when it is missing).
func sharedCards(t *testing.T) string { return filepath.Join(testcards.Require(t), "cards") }

// myTopics are the topics of identity.go, interfaces.go, legacy.go,
// capabilities.go and modes.go.
var myTopics = map[string]bool{"identity": true, "interfaces": true, "legacy": true, "capabilities": true, "modes": true}

// TestSharedCardVerdicts checks the verdicts of testdata/README.md
// as far as these topics are concerned.
func TestSharedCardVerdicts(t *testing.T) {
	dir := sharedCards(t)
	lintFile := func(t *testing.T, name string) (*Result, []byte) {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return Lint(src, Options{Examples: true}), src // the sample cards use example.org
	}
	for _, name := range []string{"seed-document-search.json", "seed-three-interfaces.json", "minimal-1.0.json", "full-1.0.json", "legacy-0.3.json", "mixed-consistent.json"} {
		t.Run(name+" has no errors", func(t *testing.T) {
			res, _ := lintFile(t, name)
			for _, d := range res.Diagnostics {
				if d.Severity == Error {
					t.Errorf("%s %s %s: %s", d.Range.Start, d.Code, d.Pointer, d.Message)
				}
			}
		})
	}
	t.Run("seed card gets nothing from these topics", func(t *testing.T) {
		res, _ := lintFile(t, "seed-document-search.json")
		for _, d := range res.Diagnostics {
			if r := RuleFor(d.Code); r != nil && myTopics[r.Topic] {
				t.Errorf("unexpected %s %s: %s", d.Severity, d.Code, d.Message)
			}
		}
	})
	t.Run("full card: one tenant info for three interfaces sharing it", func(t *testing.T) {
		res, _ := lintFile(t, "full-1.0.json")
		if n := len(withCode(res, codeIfaceTenant)); n != 1 {
			t.Errorf("got %d tenant infos, want 1 (three interfaces share one tenant)", n)
		}
		for _, d := range res.Diagnostics {
			if r := RuleFor(d.Code); r != nil && myTopics[r.Topic] && d.Severity != Info {
				t.Errorf("unexpected %s %s: %s", d.Severity, d.Code, d.Message)
			}
		}
	})
	t.Run("legacy card: exactly the migration warning", func(t *testing.T) {
		res, src := lintFile(t, "legacy-0.3.json")
		var mine []string
		for _, d := range res.Diagnostics {
			if r := RuleFor(d.Code); r != nil && myTopics[r.Topic] {
				mine = append(mine, d.Code+"/"+d.Severity.String())
			}
		}
		if strings.Join(mine, ",") != codeLegacyCard+"/warning" {
			t.Errorf("findings %v, want only %s", mine, codeLegacyCard)
		}
		d := withCode(res, codeLegacyCard)[0]
		if d.MessageID != "msg.legacy-card" || len(d.Fixes) != 1 {
			t.Fatalf("migration not named or no fix: %+v", d)
		}
		fixed := applyFix(string(src), d.Fixes[0])
		after := Lint([]byte(fixed), Options{Examples: true})
		if after.Era != "mixed" {
			t.Errorf("migrated card is %s, want mixed:\n%s", after.Era, fixed)
		}
		for _, d := range after.Diagnostics {
			if r := RuleFor(d.Code); r != nil && myTopics[r.Topic] && d.Severity != Info {
				t.Errorf("migrated card: %s %s: %s\n%s", d.Severity, d.Code, d.Message, fixed)
			}
		}
	})
	t.Run("mixed-consistent: infos only", func(t *testing.T) {
		res, _ := lintFile(t, "mixed-consistent.json")
		for _, d := range res.Diagnostics {
			if r := RuleFor(d.Code); r != nil && myTopics[r.Topic] && d.Severity != Info {
				t.Errorf("unexpected %s %s: %s", d.Severity, d.Code, d.Message)
			}
		}
	})
	t.Run("mixed-inconsistent is flagged", func(t *testing.T) {
		res, _ := lintFile(t, "mixed-inconsistent.json")
		got := withCode(res, codeMixedUndeclared)
		if len(got) != 1 || got[0].Pointer != "/url" || !hasArg(got[0], `"https://old-parcels.example.com/jsonrpc"`) {
			t.Errorf("got %v", got)
		}
	})
	t.Run("common mistakes: one finding per mistake", func(t *testing.T) {
		res, _ := lintFile(t, "broken-common-mistakes.json")
		for _, w := range []struct{ code, pointer string }{
			{codeIfaceURLNotAbsolute, "/supportedInterfaces/0/url"},
			{codeIfaceBindingVariant, "/supportedInterfaces/0/protocolBinding"},
			{codeIfaceVersionPatch, "/supportedInterfaces/0/protocolVersion"},
			{codeIfaceURLInternal, "/supportedInterfaces/1/url"},
			{codeIfaceURLNotHTTPS, "/supportedInterfaces/1/url"},
			{codeIfaceBindingVariant, "/supportedInterfaces/2/protocolBinding"},
			{codeModeNotMediaType, "/defaultInputModes/0"},
			{codeDescriptionVague, "/description"},
			{codeNameGeneric, "/name"},
		} {
			found := false
			for _, d := range withCode(res, w.code) {
				found = found || d.Pointer == w.pointer
			}
			if !found {
				t.Errorf("no %s at %s", w.code, w.pointer)
			}
		}
		// the private address is in the second entry: a warning, not the
		// first-entry error
		if d := withCode(res, codeIfaceURLInternal); len(d) != 1 || d[0].Severity != Warning {
			t.Errorf("internal-host findings: %v", d)
		}
		for _, d := range withCode(res, codeIfaceBindingVariant) {
			if len(d.Fixes) != 1 {
				t.Errorf("binding variant without fix: %v", d)
			}
		}
	})
	t.Run("CJK mode column is exact", func(t *testing.T) {
		res, src := lintFile(t, "broken-duplicate-key-cjk.json")
		got := withCode(res, codeModeNotMediaType)
		if len(got) != 1 {
			t.Fatalf("got %v", got)
		}
		off := strings.Index(string(src), `"文本"`)
		r := got[0].Range
		if r.Start.Offset != off || r.End.Offset != off+len(`"文本"`) || r.Start.Line != 1 || r.Start.Column != off+1 {
			t.Errorf("range %+v, want offset %d..%d at 1:%d", r, off, off+len(`"文本"`), off+1)
		}
		if got[0].Fixes[0].Edits[0].NewText != `"text/plain"` {
			t.Errorf("fix %+v", got[0].Fixes)
		}
	})
}

// hasScheme replaced a regular expression on a hot path; it must agree.
func TestHasSchemeMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.\-]*:`)
	for _, s := range []string{"https://a", "HTTP:x", "grpc+tls:y", "a.b-c:", "1http:", ":x", "", "host:443", "/path", "a", "a b:", "ab", "x-:", "é:"} {
		if got, want := hasScheme(s), re.MatchString(s); got != want {
			t.Errorf("hasScheme(%q) = %v, regexp says %v", s, got, want)
		}
	}
}
