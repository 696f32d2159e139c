package condparse

import (
	"strings"

	"searchagent/tools/condition"
)

// Terse input (audit 26, class 2): a search typed as words and
// conditions with no sentence ("印尼 美食 探店 粉丝10万以内 互动率2%以上")
// stays terse however many condition fields it holds: fields are no
// sentence signal, and a word typed beside them that names something of
// its own (a product, a brand: "Sony A9 评测, 日本, 1w+") is the search
// itself, so it filters as typed. What ranks is a word that only refines
// the category the input names: a subtopic of that category ("探店"
// beside 美食, "weight loss" beside fitness) or a content format ("教程",
// "vlog", "测评" beside any category named). The category already keeps
// the right channels; filtering by the refinement too would drop those
// whose tags do not spell it. With no category named, a subtopic or
// format word is the search, and filters as typed.

// namedCategories are the categories the user named in words of their
// own (not read from a subtopic, not excluded).
func (st *state) namedCategories() map[string]bool {
	out := map[string]bool{}
	for _, pc := range st.conds {
		if pc.dropped || pc.topic || pc.neg || pc.c.Field != condition.Category || pc.c.Kind != condition.KindHard {
			continue
		}
		if pc.c.Value.Str != "" {
			out[pc.c.Value.Str] = true
		}
		for _, c := range pc.c.Value.Strs {
			out[c] = true
		}
	}
	return out
}

// formatRun reports a keyword run that is one content format ("教程",
// "tutorials", "测评"): how the content is told, not what it is about.
func (st *state) formatRun(r run) bool {
	text := strings.ToLower(strings.TrimSpace(string(st.t.norm[st.toks[r.from].s:st.toks[r.to].e])))
	return formatWords[text]
}
