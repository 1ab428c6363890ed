package lint

import "sync"

// Nothing of the catalogue is built at package init (docs/ARCHITECTURE.md
// §6: a CLI process starts in milliseconds, the playground's engine in a
// few hundred of them on a phone): the rule list and its sources are made
// on first use, once.

var rulesOnce sync.Once

// loadRules builds the rule catalogue (registry, ruleByCode)
// once; every reader of it calls this first.
func loadRules() {
	rulesOnce.Do(func() {
		ruleByCode = map[string]*Rule{}
		for _, rules := range catalogue() {
			register(rules...)
		}
	})
}
