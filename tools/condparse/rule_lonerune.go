package condparse

import (
	"unicode/utf8"

	"searchagent/tools/taxonomy"
	"searchagent/tools/textmatch"
)

// A one-rune category name ("猫", "狗": pets) is too ambiguous inside
// words (热狗, 猫粮) for the lexicon, but said as a word of its own ("日本
// 宠物 猫 账号", "猫博主") it is that kind of content: read as a subtopic,
// its category plus a ranking term, so it is never named as unread
// beside the category it belongs to (audit 26, class 5).

// loneEntries are the one-rune CJK names of the categories, as subtopic
// entries.
func loneEntries() map[rune]*lexEntry {
	out := map[rune]*lexEntry{}
	for _, nt := range taxonomy.Categories.Names() {
		r, n := utf8.DecodeRuneInString(nt.Name)
		if n != len(nt.Name) || !textmatch.IsCJK(r) {
			continue
		}
		out[r] = &lexEntry{word: nt.Name, cls: clsTopic, code: nt.Term.Code}
	}
	return out
}

// loneCategoryRunes reads a one-rune category name standing as a word:
// after an edge or a place, before an edge, a creator noun or 的.
func (st *state) loneCategoryRunes() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind != tkCJK || tk.e-tk.s != 1 || st.lx.lone[st.t.norm[tk.s]] == nil {
			continue
		}
		edge := func(j int) bool {
			return j < 0 || j >= len(st.toks) || st.toks[j].kind == tkSpace || st.toks[j].kind == tkPunct
		}
		left := edge(k-1) || st.toks[k-1].kind == tkLex && (st.toks[k-1].has(clsCountry) != nil || st.toks[k-1].has(clsPlatform) != nil)
		right := edge(k+1) || st.toks[k+1].kind == tkLex && (st.toks[k+1].has(clsCreator) != nil || st.toks[k+1].has(clsCreatorPlatform) != nil || st.toks[k+1].has(clsDe) != nil)
		if left && right {
			tk.kind, tk.ents = tkLex, []*lexEntry{st.lx.lone[st.t.norm[tk.s]]}
		}
	}
}
