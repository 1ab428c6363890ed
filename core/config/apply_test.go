package config

import (
	"reflect"
	"slices"
	"testing"

	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/lint"
)

// TestLocalCodesExist: the local profile's table names real rules and
// real messages, so a renamed code cannot silently drop out of it.
func TestLocalCodesExist(t *testing.T) {
	seen := map[string]bool{}
	for _, lf := range LocalCodes {
		if lint.RuleFor(lf.Code) == nil || !slices.ContainsFunc(lint.Rules(), func(r *lint.Rule) bool { return r.Code == lf.Code }) {
			t.Errorf("%s is not a rule in lint.Rules()", lf.Code)
		}
		if seen[lf.Code] {
			t.Errorf("%s is listed twice", lf.Code)
		}
		seen[lf.Code] = true
		for _, id := range lf.MessageIDs {
			if !i18n.EnglishCatalogue().Has(id) {
				t.Errorf("%s: message id %s is not in the English catalogue", lf.Code, id)
			}
		}
	}
}

func newFinding(code string, sev lint.Severity, id string) lint.Diagnostic {
	return lint.Diagnostic{Code: code, Severity: sev, MessageID: id}
}

type got struct {
	Code     string
	Severity lint.Severity
}

func summary(ds []lint.Diagnostic) []got {
	out := []got{}
	for _, d := range ds {
		out = append(out, got{d.Code, d.Severity})
	}
	return out
}

func TestApply(t *testing.T) {
	in := []lint.Diagnostic{
		newFinding("name-generic", lint.Info, "msg.name-generic"),
		newFinding("skill-no-examples", lint.Info, "msg.skill-no-examples"),
		newFinding("interface-url-not-https", lint.Error, "msg.interface-url-not-https"),
		newFinding("interface-url-internal", lint.Warning, "msg.interface-url-internal.first"),
		newFinding("security-url-not-https", lint.Error, "msg.security-url-not-https.http"),
		newFinding("security-url-not-https", lint.Error, "msg.security-url-not-https.placeholder"),
		newFinding(lint.CodeHTTPETag, lint.Warning, "msg.http-etag-missing"),
		{Code: "findings-capped", Severity: lint.Info, OmittedCode: "skill-no-examples", Omitted: 30},
		{Code: "findings-capped", Severity: lint.Info, OmittedCode: "interface-url-internal", Omitted: 5},
	}
	orig := slices.Clone(in)
	cases := []struct {
		name string
		cfg  *Config
		want []got
	}{
		{"nil configuration", nil, summary(in)},
		{"empty configuration", &Config{}, summary(in)},
		{"publish is the default", &Config{Profile: Publish}, summary(in)},
		{"off and severities", &Config{Rules: map[string]Level{"skill-no-examples": LevelOff, "name-generic": LevelError, "interface-url-not-https": LevelWarning}}, []got{
			{"name-generic", lint.Error},
			{"interface-url-not-https", lint.Warning},
			{"interface-url-internal", lint.Warning},
			{"security-url-not-https", lint.Error},
			{"security-url-not-https", lint.Error},
			{lint.CodeHTTPETag, lint.Warning},
			{"findings-capped", lint.Info},
		}},
		{"local profile", &Config{Profile: Local}, []got{
			{"name-generic", lint.Info},
			{"skill-no-examples", lint.Info},
			{"interface-url-not-https", lint.Info},
			{"interface-url-internal", lint.Info},
			{"security-url-not-https", lint.Info},  // plain http
			{"security-url-not-https", lint.Error}, // a placeholder is no local setup
			{lint.CodeHTTPETag, lint.Info},
			{"findings-capped", lint.Info},
			{"findings-capped", lint.Info},
		}},
		{"a rule's setting wins over the profile", &Config{Profile: Local, Rules: map[string]Level{"interface-url-not-https": LevelError, "interface-url-internal": LevelOff}}, []got{
			{"name-generic", lint.Info},
			{"skill-no-examples", lint.Info},
			{"interface-url-not-https", lint.Error},
			{"security-url-not-https", lint.Info},
			{"security-url-not-https", lint.Error},
			{lint.CodeHTTPETag, lint.Info},
			{"findings-capped", lint.Info},
		}},
	}
	for _, tc := range cases {
		out := Apply(tc.cfg, in)
		if g := summary(out); !reflect.DeepEqual(g, tc.want) {
			t.Errorf("%s:\n got %v\nwant %v", tc.name, g, tc.want)
		}
		if !reflect.DeepEqual(in, orig) {
			t.Fatalf("%s: Apply modified its input", tc.name)
		}
	}
}

// TestLocalProfileOnCard is issue 11's case: a card developed against
// http://127.0.0.1:9001 and a private address has errors and warnings
// about those URLs when published, and none under the local profile,
// while its other findings keep their severity.
func TestLocalProfileOnCard(t *testing.T) {
	src := []byte(`{
  "name": "Local Test Agent",
  "description": "Answers questions about the test fixtures on this machine, for development only.",
  "version": "0.1.0",
  "supportedInterfaces": [
    {"url": "http://127.0.0.1:9001/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "http://192.168.1.20:9002/a2a", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}
  ],
  "provider": {"organization": "Example", "url": "http://10.0.0.5/"},
  "documentationUrl": "http://localhost:9001/docs",
  "capabilities": {},
  "securitySchemes": {"o": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "http://127.0.0.1:9001/.well-known/openid-configuration"}}},
  "securityRequirements": [{"schemes": {"o": {"list": []}}}],
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text/plain"],
  "skills": [{"id": "ask", "name": "Ask", "description": "Answers one question about the fixtures.", "tags": ["test"], "inputModes": ["text"]}]
}`)
	res := lint.Lint(src, lint.Options{})
	relaxed := map[string]bool{}
	for _, lf := range LocalCodes {
		relaxed[lf.Code] = true
	}
	before := 0
	for _, d := range res.Diagnostics {
		if relaxed[d.Code] && d.Severity != lint.Info {
			before++
		}
	}
	if before < 3 {
		t.Fatalf("the card should have at least 3 errors or warnings about local URLs when published, has %d: %v", before, summary(res.Diagnostics))
	}
	local := *res
	local.Diagnostics = slices.Clone(res.Diagnostics)
	ApplyResult(&Config{Profile: Local}, &local)
	for _, d := range local.Diagnostics {
		if relaxed[d.Code] && d.Severity != lint.Info {
			t.Errorf("local profile: %s is still %s: %s", d.Code, d.Severity, d.Message)
		}
	}
	if local.Errors >= res.Errors && local.Warnings >= res.Warnings {
		t.Errorf("counts did not drop: %d/%d errors, %d/%d warnings", local.Errors, res.Errors, local.Warnings, res.Warnings)
	}
	// a finding that has nothing to do with the setup keeps its severity
	keep := func(ds []lint.Diagnostic) []got {
		var out []got
		for _, d := range ds {
			if !relaxed[d.Code] {
				out = append(out, got{d.Code, d.Severity})
			}
		}
		return out
	}
	if !reflect.DeepEqual(keep(res.Diagnostics), keep(local.Diagnostics)) {
		t.Errorf("other findings changed:\n%v\n%v", keep(res.Diagnostics), keep(local.Diagnostics))
	}
	if !slices.ContainsFunc(local.Diagnostics, func(d lint.Diagnostic) bool { return d.Code == "mode-not-media-type" && d.Severity == lint.Warning }) {
		t.Errorf("the control finding mode-not-media-type is missing: %v", summary(local.Diagnostics))
	}
}

// TestApplyResult: counts follow the configuration, so the CLI's summary
// and exit status do (issue 11: name-generic as an error fails the run).
func TestApplyResult(t *testing.T) {
	r := &lint.Result{Diagnostics: []lint.Diagnostic{
		newFinding("name-generic", lint.Info, ""),
		newFinding("skill-no-examples", lint.Info, ""),
		newFinding("required-field", lint.Error, ""),
		newFinding("unknown-field", lint.Warning, ""),
	}, Errors: 1, Warnings: 1, Infos: 2}
	ApplyResult(&Config{Rules: map[string]Level{"name-generic": LevelError, "skill-no-examples": LevelOff, "unknown-field": LevelInfo}}, r)
	if r.Errors != 2 || r.Warnings != 0 || r.Infos != 1 || len(r.Diagnostics) != 3 {
		t.Errorf("counts %d/%d/%d, %d findings", r.Errors, r.Warnings, r.Infos, len(r.Diagnostics))
	}
	ApplyResult(nil, nil) // must not panic
}
