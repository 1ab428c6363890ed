package lint

import (
	"regexp"
	"sync"
)

// Nothing of the catalogue is built at package init (docs/ARCHITECTURE.md
// §6: a CLI process starts in milliseconds, the playground's engine in a
// few hundred of them on a phone): the rule list, its sources and the
// patterns rules match with are made on first use, once.

// lazyRegexp is regexp.MustCompile deferred to the first call: a program
// pays for compiling a rule's pattern only when the rule runs (agentcard
// version compiles none). Every pattern is compiled by the tests.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

var rulesOnce sync.Once

// loadRules builds the rule catalogue (registry, ruleByCode, ruleSources)
// once; every reader of it calls this first.
func loadRules() {
	rulesOnce.Do(func() {
		ruleSources = ruleSourceTable()
		ruleByCode = map[string]*Rule{}
		for _, rules := range catalogue() {
			register(rules...)
		}
	})
}
