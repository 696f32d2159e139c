package store

import (
	"slices"
	"strings"

	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
	"searchagent/tools/textnorm"
)

// Expansion says which aliases a keyword was widened with at query time:
// Keyword (as the user wrote it, in Scope) also matched Also. Stores list
// their expansions with every result so that the search box and the trace
// show them ("cooking · also matches food, 美食"); nothing is widened
// silently.
type Expansion struct {
	Keyword string   `json:"keyword"`
	Scope   Scope    `json:"scope"`
	Also    []string `json:"also_matches"`
}

// Label is how the expansion reads in locale ("zh" or anything else for
// en): "cooking · also matches food, 美食".
func (e Expansion) Label(locale string) string {
	if strings.HasPrefix(locale, "zh") {
		return e.Keyword + " · 同时匹配 " + strings.Join(e.Also, "、")
	}
	return e.Keyword + " · also matches " + strings.Join(e.Also, ", ")
}

// Aliases are the texts a keyword also matches: for a positive or
// excluded keyword in tag scope that is not Exact and names a topic of
// taxonomy.Synonyms, the topic's other words and its category id (every
// channel of the category carries it in tag scope). Nil otherwise. The
// keyword must be canonical (see CanonicalKeywords).
func Aliases(k Keyword) []string {
	if k.Exact || k.Scope != scope.Tags {
		return nil
	}
	groups := taxonomy.Synonyms.Lookup(k.Text)
	if len(groups) == 0 {
		return nil
	}
	self := textnorm.Normalize(k.Text)
	var out []string
	seen := map[string]bool{self: true}
	add := func(w string) {
		n := textnorm.Normalize(w)
		if n == "" || seen[n] {
			return
		}
		seen[n] = true
		out = append(out, w)
	}
	for _, g := range groups {
		for _, w := range g.Words {
			add(w)
		}
		add(g.Category)
	}
	return out
}

// Expansions lists the aliases of every keyword that has some (see
// Aliases), in keyword order.
func Expansions(kws []Keyword) []Expansion {
	var out []Expansion
	for _, k := range kws {
		if k.Soft {
			continue // ranks only: nothing the user sees was widened
		}
		if a := Aliases(k); len(a) > 0 {
			out = append(out, Expansion{Keyword: k.Text, Scope: k.Scope, Also: slices.Clip(a)})
		}
	}
	return out
}
