package lint

import "sync"

// Nothing of the catalogue is built at package init (docs/PERFORMANCE.md:
// a CLI process starts in milliseconds, the playground's engine in a
// few hundred of them on a phone): the rule list and its sources are made
// on first use, once.

var rulesOnce sync.Once

// loadRules builds the rule catalogue (registry, ruleByCode)
// once; every reader of it calls this first.
func loadRules() {
	rulesOnce.Do(func() {
		cat := catalogue()
		n := 0
		for _, rules := range cat {
			n += len(rules)
		}
		// Made at their size once: growing the map rule by rule was 15 %
		// of this function's time in a benchmark.
		ruleByCode = make(map[string]*Rule, n)
		registry = make([]*Rule, 0, n)
		for _, rules := range cat {
			register(rules...)
		}
		installMessages()
	})
}
