package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/taxonomy"
)

// A list of topics the creators talk about (audit 30, class 6): "talk
// about health, nutrition or cooking", "cover health, cooking and
// gardening", 讲健康、做饭的博主. Each item of the list that names a category
// joins the category set, as the category the list also names does: a
// category word too generic to filter alone ("health", 健康:
// genericCategoryWords) is its category there, and a subtopic word
// ("gardening") keeps its category beside the one named in words of its
// own (pruneTopics would drop it). Words of the list that name no category
// ("nutrition") still rank.

// topicListCategories reads the categories of a topic list (see above).
func (st *state) topicListCategories() {
	type item struct {
		k, end int    // first and last token
		pc     *pcond // a category condition of the item
		code   string // a generic category word's category
	}
	catAt := func(k int) *pcond {
		tk := &st.toks[k]
		for _, pc := range st.conds {
			if pc.c.Field == condition.Category && pc.c.Kind == condition.KindHard && !pc.neg && pc.s <= tk.s && tk.e <= pc.e {
				return pc
			}
		}
		return nil
	}
	itemAt := func(k int) (item, bool) {
		if k >= len(st.toks) {
			return item{}, false
		}
		tk := &st.toks[k]
		if tk.neg != 0 {
			return item{}, false
		}
		if pc := catAt(k); pc != nil {
			end := k
			for end+1 < len(st.toks) && st.toks[end+1].e <= pc.e {
				end++
			}
			return item{k: k, end: end, pc: pc}, true
		}
		if tk.role == roleCond || tk.kind == tkPunct || tk.kind == tkNum || tk.kind == tkSpace || tk.kind == tkSym ||
			tk.kind == tkLex && (tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsAnd) != nil || tk.has(clsDe) != nil || tk.has(clsRequest) != nil) {
			return item{}, false
		}
		end := k
		for tk.kind == tkCJK && end+1 < len(st.toks) && st.toks[end+1].kind == tkCJK && st.toks[end+1].role != roleCond {
			end++ // runes the lexicon does not know, one word ("健康")
		}
		w := strings.ToLower(string(st.t.norm[tk.s:st.toks[end].e]))
		if genericCategoryWords[w] {
			if t, ok := taxonomy.Categories.Lookup(w); ok {
				return item{k: k, end: end, code: t.Code}, true
			}
		}
		return item{k: k, end: end}, true // a word of the list that names no category
	}
	glue := func(k int) bool {
		if k >= len(st.toks) {
			return false
		}
		tk := &st.toks[k]
		if tk.kind == tkPunct {
			return strings.ContainsRune(",、/", st.t.norm[tk.s])
		}
		return tk.kind == tkLex && tk.has(clsAnd) != nil
	}
	for k := 0; k < len(st.toks); {
		first, ok := itemAt(k)
		if !ok || st.toks[k].kind == tkSpace {
			k++
			continue
		}
		chain := []item{first}
		n := first.end + 1
		for {
			g := st.skipSpace(n)
			if !glue(g) {
				break
			}
			g = st.skipSpace(g + 1)
			if glue(g) { // ", and", ", or"
				g = st.skipSpace(g + 1)
			}
			it, ok := itemAt(g)
			if !ok {
				break
			}
			chain = append(chain, it)
			n = it.end + 1
		}
		k = n
		named, others := false, 0
		for _, it := range chain {
			switch {
			case it.pc != nil && !it.pc.dropped && !it.pc.topic:
				named = true
			case it.pc != nil || it.code != "":
				others++
			}
		}
		if len(chain) < 2 || !named || others == 0 {
			continue
		}
		for _, it := range chain {
			switch {
			case it.pc != nil && it.pc.dropped && it.pc.topic:
				// an item of the list, not a subtopic said alone
				it.pc.dropped = false
				it.pc.c.Issues = slices.DeleteFunc(it.pc.c.Issues, func(i string) bool { return i == IssueSubtopic })
			case it.code != "":
				pc := st.vocabCond(condition.Category, []string{it.code}, 0)
				st.add(pc, it.k, it.end)
				st.sig.Category = true
			}
		}
	}
}
