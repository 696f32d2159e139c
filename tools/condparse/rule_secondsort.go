package condparse

import (
	"strings"
)

// A second sort key said after the first ("sort by engagement, then by
// followers", "by avg views and after that by subs", 按互动率排序，其次按粉
// 丝数, 先按粉丝数排再看互动率): the results sort by one key, the first one
// said. The second key with its cue (then, after that, 其次, 再看) is
// named as not applied (ResidueSecondSort), so none of its words is a
// ranking term, a preference or unread text.

// secondSortCue is a cue of a later key and the key's words (group 1 in
// English, group 2 in Chinese).
var secondSortCue = mustRx(`(?i)(?:[,;]\s*|\s)(?:and\s+)?(?:then|after\s+that|afterwards|followed\s+by|secondarily|next)\s+(?:sort(?:ed)?\s+|order(?:ed)?\s+|rank(?:ed)?\s+)?(?:by\s+|on\s+)?(?:the\s+)?([a-z][a-z ]{1,24}?)\s*(?:please|pls)?\s*(?:[,;.!?]|$)` +
	`|[，,、;；]?\s*(?:其次|然后|之后|接着|再)再?(?:按照|按|看|比|排)([^，,。；;！!？?\s再]{1,8}?)(?:来)?(?:排序|排列|排|来排)?(?:吧)?\s*(?:[，,。；;！!？?]|$)`)

// firstSortSaid is a sort said before a second key: a sort verb, "by" or
// 按/排.
var firstSortSaid = mustRx(`(?i)\b(?:sort|sorted|order|ordered|rank|ranked|by)\b|按|排`)

// secondSorts names each second sort key of the text.
func (st *state) secondSorts() {
	norm := string(st.t.norm)
	for _, m := range secondSortCue.FindAllStringSubmatchIndex(norm, -1) {
		words := ""
		for _, g := range []int{2, 4} {
			if m[g] >= 0 {
				words = norm[m[g]:m[g+1]]
			}
		}
		before := norm[:m[0]]
		if sortKeyIn(words) == "" || !firstSortSaid.MatchString(before) || sortKeyIn(before) == "" {
			continue // "…, then remove the cap": no key; "再按粉丝排" alone: the only sort
		}
		// the cue's own runes: from the cue word (past a separator) to the
		// key's last word
		s := m[0] + len(norm[m[0]:]) - len(strings.TrimLeft(norm[m[0]:], ",;，、； \t"))
		e := m[3]
		if m[2] < 0 {
			e = m[5]
			if rest := norm[e:m[1]]; strings.HasPrefix(rest, "来") || strings.HasPrefix(rest, "排") {
				e += len(strings.TrimRight(rest, "，,。；;！!？? \t"))
			}
		}
		from, to := st.tokAt(runeCount(norm[:s])), st.tokAt(runeCount(norm[:e])-1)
		if from < 0 || to < from {
			continue
		}
		st.name(from, to, ResidueSecondSort)
		// "先按粉丝数排再看互动率": 先 orders the first key, no word
		for k := 0; k+1 < from; k++ {
			if st.tokText(k) == "先" && strings.HasPrefix(string(st.t.norm[st.toks[k+1].s:]), "按") && st.toks[k].role == roleNone {
				st.toks[k].role = roleFiller
			}
		}
		st.sig.Sentence = true
	}
}

// tokAt is the token holding rune r, -1 when none.
func (st *state) tokAt(r int) int {
	for k := range st.toks {
		if st.toks[k].s <= r && r < st.toks[k].e {
			return k
		}
	}
	return -1
}

// runeCount is the number of runes of s.
func runeCount(s string) int { return len([]rune(s)) }
