package diag

// Registry is a rule catalogue: the rules a program knows, by code, in
// the order they were added. core/lint builds the one every program uses
// (lint.Catalogue); a package that only reports findings reads severities
// from Elsewhere and needs none.
type Registry struct {
	rules  []*Rule
	byCode map[string]*Rule
}

// NewRegistry makes an empty registry with room for n rules.
func NewRegistry(n int) *Registry {
	return &Registry{rules: make([]*Rule, 0, n), byCode: make(map[string]*Rule, n)}
}

// Add adds r and reports false, adding nothing, when its code is taken.
func (g *Registry) Add(r *Rule) bool {
	if _, dup := g.byCode[r.Code]; dup {
		return false
	}
	g.rules = append(g.rules, r)
	g.byCode[r.Code] = r
	return true
}

// Rule returns the rule with the code, or nil.
func (g *Registry) Rule(code string) *Rule { return g.byCode[code] }

// Rules returns every rule in the order they were added. The slice is
// the caller's; the rules are shared.
func (g *Registry) Rules() []*Rule { return append([]*Rule(nil), g.rules...) }

// Len is the number of rules.
func (g *Registry) Len() int { return len(g.rules) }
