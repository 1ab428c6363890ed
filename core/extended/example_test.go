package extended_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/agentcard/agentcard/core/discovery"
	"github.com/agentcard/agentcard/core/extended"
	"github.com/agentcard/agentcard/core/i18n"
	"github.com/agentcard/agentcard/core/i18n/catalog"
	"github.com/agentcard/agentcard/core/lint"
)

// How a front end checks the extended card after linting the public one:
// `agentcard lint --header 'Authorization: Bearer …' --extended` passes the
// headers, the URL the card came from, discovery.LocalPolicy() and a native
// HTTP Doer; the Worker's POST /api/check passes its own policy and the
// inbound request's discovery.Budget. The findings join the public card's
// (discovery.Merge keeps the counts); the extended card's own findings are
// in Result.Lint. Here a Doer without a network stands in for an agent
// that serves its extended card to anyone, with one public skill missing.
func ExampleCheck() {
	public := []byte(`{"name":"Travel Agent","version":"2.1.0",
  "capabilities":{"extendedAgentCard":true},
  "supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
  "skills":[{"id":"search"},{"id":"compare"}]}`)
	agent := discovery.DoerFunc(func(_ context.Context, r *discovery.Request) (*discovery.Response, error) {
		return &discovery.Response{Status: 200, Header: http.Header{"Content-Type": {"application/json"}},
			Body: []byte(`{"jsonrpc":"2.0","id":"agentcard-extended","result":{"name":"Travel Agent","version":"2.1.0",
  "supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
  "skills":[{"id":"search"},{"id":"book"}]}}`)}, nil
	})
	res := lint.Lint(public, lint.Options{})
	// The credential scope of the check (core/check builds it): the card
	// was fetched from agent.example.com, so its headers may go there.
	from, _ := url.Parse("https://agent.example.com/.well-known/agent-card.json")
	creds, _ := discovery.NewCredentials(http.Header{"Authorization": {"Bearer s3cret"}}, from, nil)
	ext := extended.Check(context.Background(), res.Doc, discovery.NewBudget(agent, discovery.DefaultMaxRequests), extended.Options{
		Credentials: creds,
		Policy:      discovery.DefaultPolicy(),
		Linter:      lint.Lint,
	})
	for _, r := range ext.Requests {
		fmt.Println(r.Method, r.URL, r.Credentials, r.Outcome)
	}
	for _, d := range ext.Diagnostics {
		fmt.Println(d.Severity, d.Code, d.Pointer)
	}
	ext.Localize(catalog.Of(i18n.Chinese))
	fmt.Println(ext.Diagnostics[2].Message)
	// Output:
	// POST https://agent.example.com/a2a true card
	// POST https://agent.example.com/a2a false card
	// error extended-card-public /capabilities/extendedAgentCard
	// warning extended-card-invalid /capabilities/extendedAgentCard
	// warning extended-card-skills-missing /capabilities/extendedAgentCard
	// 扩展卡片缺少公开卡片中的 1 个技能："compare"
}
