package store

import (
	"strings"

	"searchagent/tools/embed/cooc"
	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
)

// Learned keyword expansion (issue 32): a keyword whose own words and
// aliases find no channel of the platform ("basketball" on a list whose
// sports channels are labelled "Sports with a ball") is
// widened with the labels (category ids and tags) nearest to it in a term
// space learned from the catalog (tools/embed/cooc). The expansion is
// listed with the results (Expansion.Source names the model) and every
// result it brought says so (ReasonExpansion); it only ever adds matches
// to a keyword, ranked after the keyword's own, and never widens an
// exclusion (a learned neighbour is a guess; keeping channels out on a
// guess would hide them silently).
const (
	// LearnedExpansionMin is the least cosine of an expansion term.
	LearnedExpansionMin = 0.5
	// LearnedExpansionSpread keeps only terms within this much of the
	// nearest one, so that a word near one category does not widen to a
	// second, distant one.
	LearnedExpansionSpread = 0.1
	// LearnedExpansionMax is the most terms one keyword is widened with.
	LearnedExpansionMax = 3
)

// LearnedEligible reports whether keyword k may be widened by a learned
// model: positive or soft, in tag or all scope, not Exact.
func LearnedEligible(k Keyword) bool {
	return !k.Exact && !k.Excluded && (k.Scope == scope.Tags || k.Scope == scope.All)
}

// LearnedExpansion is the learned expansion of k in m: at most
// LearnedExpansionMax label terms (category ids, tags) that has accepts
// (the labels the platform's channels carry), at least
// LearnedExpansionMin and within LearnedExpansionSpread of the nearest,
// nearest first. ok is false when k is not eligible or nothing is near.
func LearnedExpansion(m *cooc.Model, k Keyword, has func(key string) bool) (Expansion, bool) {
	if m == nil || !LearnedEligible(k) {
		return Expansion{}, false
	}
	own := map[string]bool{}
	for _, a := range Aliases(k) {
		own[cooc.TagKey(a)] = true
		own[cooc.CategoryKey(a)] = true
	}
	label := func(key string) bool {
		if !strings.HasPrefix(key, cooc.KindCategory) && !strings.HasPrefix(key, cooc.KindTag) {
			return false
		}
		return !own[key] && (has == nil || has(key))
	}
	ns := m.Neighbours(k.Text, LearnedExpansionMax, LearnedExpansionMin, label)
	if len(ns) == 0 {
		return Expansion{}, false
	}
	e := Expansion{Keyword: k.Text, Scope: k.Scope, Source: m.Name()}
	for _, n := range ns {
		if n.Cosine < ns[0].Cosine-LearnedExpansionSpread {
			break
		}
		text := n.Text
		if strings.HasPrefix(n.Key, cooc.KindCategory) {
			text = strings.TrimPrefix(n.Key, cooc.KindCategory)
		}
		e.Also = append(e.Also, text)
		e.Cosines = append(e.Cosines, n.Cosine)
	}
	return e, true
}

// CategoryLabel is how a category id reads in a reason: its zh and en
// names ("体育 Sports"), the id when the taxonomy does not know it.
func CategoryLabel(code string) string {
	if t, ok := taxonomy.Categories.ByCode(code); ok {
		return t.ZH + " " + t.EN
	}
	return code
}

// LearnedReasons adds to each keyword-search hit the reason of the
// learned expansions in exps that met it (AliasReasons of those only:
// the alias-table ones are the search's own words), as both stores do.
func LearnedReasons(hits []Hit, exps []Expansion) {
	var learned []Expansion
	for _, e := range exps {
		if e.Learned() {
			learned = append(learned, e)
		}
	}
	if len(learned) == 0 {
		return
	}
	for i := range hits {
		hits[i].Reasons = append(hits[i].Reasons, AliasReasons(hits[i].Channel, learned)...)
	}
}
