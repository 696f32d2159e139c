package store

import (
	"fmt"
	"slices"
	"strings"

	"searchagent/tools/catalog"
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
	// Source is "" for the bilingual alias table (taxonomy.Synonyms) and
	// the model name ("cooc-ppmi-v1-…@64") for a learned expansion (see
	// LearnedExpansion), whose Cosines give each alias's similarity.
	Source  string    `json:"source,omitempty"`
	Cosines []float64 `json:"cosines,omitempty"`
}

// Learned reports whether the expansion comes from a learned model rather
// than the alias table.
func (e Expansion) Learned() bool { return e.Source != "" }

// Label is how the expansion reads in locale ("zh" or anything else for
// en): "cooking · also matches food, 美食".
func (e Expansion) Label(locale string) string {
	if e.Learned() {
		if strings.HasPrefix(locale, "zh") {
			return e.Keyword + " · 同时匹配相近词 " + strings.Join(e.Also, "、") + "（从目录学到）"
		}
		return e.Keyword + " · also matches the nearby terms " + strings.Join(e.Also, ", ") + " (learned from the catalog)"
	}
	if strings.HasPrefix(locale, "zh") {
		return e.Keyword + " · 同时匹配 " + strings.Join(e.Also, "、")
	}
	return e.Keyword + " · also matches " + strings.Join(e.Also, ", ")
}

// Aliases are the texts a keyword also matches: for a positive, excluded
// or soft keyword in tag scope (all scope: see below) that is not Exact
// and names a topic of taxonomy.Synonyms, the topic's other words and, for a whole topic
// (not a subtopic such as "baking" inside food), its category id (every
// channel of the category carries it in tag scope). So 耳机 meets
// "headphones" and "不要烘焙" keeps out channels tagged "baking". A
// keyword in all scope (said in a sentence) widens through subtopics only.
// Nil otherwise. The keyword must be canonical (see CanonicalKeywords).
func Aliases(k Keyword) []string {
	if k.Exact || k.Scope != scope.Tags && k.Scope != scope.All {
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
		if k.Scope == scope.All && !g.Sub {
			// A keyword said in a sentence widens to the translations of
			// a narrow topic only: "不要露营" next to 户外博主 must not keep
			// out the whole category, nor "加上关键词 露营" match it.
			continue
		}
		for _, w := range g.Words {
			add(w)
		}
		if !g.Sub {
			add(g.Category)
		}
	}
	return out
}

// Expansions lists the aliases of every keyword that has some (see
// Aliases), in keyword order: soft (ranking) keywords too, since their
// aliases order the results.
func Expansions(kws []Keyword) []Expansion {
	var out []Expansion
	for _, k := range kws {
		if a := Aliases(k); len(a) > 0 {
			out = append(out, Expansion{Keyword: k.Text, Scope: k.Scope, Also: slices.Clip(a)})
		}
	}
	return out
}

// ReasonAlias is the code of a result reason that says a keyword met the
// channel through an alias ("耳机 · matches the tag headphones").
const ReasonAlias = "keyword_alias"

// ReasonExpansion is the code of a result reason that says a keyword met
// the channel through a learned expansion ("basketball · matches sports,
// a term near it in the catalog").
const ReasonExpansion = "keyword_expansion"

// AliasReasons says, for one result, which expansion met it through an
// alias rather than the keyword's own words: one reason per expansion
// whose alias is one of the channel's tags (after textnorm) while the
// keyword itself is not, so a result found across languages says so. A
// learned expansion's alias may also be the channel's category id; its
// reason is ReasonExpansion.
func AliasReasons(ch *catalog.Channel, exps []Expansion) []Reason {
	if ch == nil || len(exps) == 0 {
		return nil
	}
	tags := map[string]string{}
	for _, t := range ch.Tags {
		tags[textnorm.Normalize(t)] = t
	}
	var out []Reason
	for _, e := range exps {
		if _, own := tags[textnorm.Normalize(e.Keyword)]; own {
			continue
		}
		for i, a := range e.Also {
			t, ok := tags[textnorm.Normalize(a)]
			if !ok && e.Learned() {
				// A learned alias matches with its own aliases (memstore
				// keywordMatch): say which of them met the channel.
				if strings.EqualFold(a, ch.Category) {
					t, ok = CategoryLabel(ch.Category), true
				}
				for _, b := range Aliases(Keyword{Text: a, Scope: e.Scope}) {
					if ok {
						break
					}
					if strings.EqualFold(b, ch.Category) {
						t, ok = CategoryLabel(ch.Category), true
					} else {
						t, ok = tags[textnorm.Normalize(b)]
					}
				}
			}
			if !ok {
				continue
			}
			if e.Learned() {
				cos := 0.0
				if i < len(e.Cosines) {
					cos = e.Cosines[i]
				}
				out = append(out, Reason{ReasonExpansion,
					fmt.Sprintf("「%s」扩展匹配 %s（从目录学到的相近词，相似度 %.2f）", e.Keyword, t, cos),
					fmt.Sprintf("“%s” expanded to %s (a nearby term learned from the catalog, similarity %.2f)", e.Keyword, t, cos)})
				break
			}
			out = append(out, Reason{ReasonAlias, "「" + e.Keyword + "」匹配标签 " + t, "“" + e.Keyword + "” matches the tag " + t})
			break
		}
	}
	return out
}
