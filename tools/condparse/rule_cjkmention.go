package condparse

import "searchagent/tools/textmatch"

// A colleague addressed by a Chinese name in a pasted chat ("@小王 收到",
// "@王总 帮忙看下"): who the message is for, the brief's frame, never a
// ranking term (audit 24). Latin @handles are the anchors rule's
// (tkHandle); this reads the mentions no handle rule takes.

// maxMentionRunes is the longest Chinese name a mention takes when
// nothing ends it sooner ("@欧阳小明").
const maxMentionRunes = 4

// cjkMentions marks an "@" and the Chinese name right after it as frame:
// dropped and named, never a term. The name ends at the first rune that
// is not Chinese, at a dictionary word of two or more runes after its
// first rune ("@小王收到", "@阿杰帮我找"), or after maxMentionRunes runes.
// An "@" glued to a word before it (an e-mail address) or followed by a
// vocabulary word ("@抖音") is no mention.
func (st *state) cjkMentions() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkPunct && tk.kind != tkSym || st.t.norm[tk.s] != '@' || tk.role != roleNone {
			continue
		}
		if i > 0 && st.toks[i-1].kind != tkSpace && st.toks[i-1].kind != tkPunct && st.toks[i-1].kind != tkSym {
			continue
		}
		end, runes := -1, 0
		for k := i + 1; k < len(st.toks); k++ {
			n := &st.toks[k]
			if n.kind != tkCJK && n.kind != tkLex || n.role != roleNone || !allCJK(st.t.norm[n.s:n.e]) {
				break
			}
			if n.kind == tkLex && (k == i+1 && namesVocabulary(n) || k > i+1 && n.e-n.s >= 2) {
				break
			}
			if runes += n.e - n.s; runes > maxMentionRunes {
				break
			}
			end = k
		}
		if end < 0 {
			continue
		}
		for k := i; k <= end; k++ {
			st.toks[k].role, st.toks[k].frameWord = roleFiller, true
		}
	}
}

// allCJK reports runes that are all Chinese characters.
func allCJK(rs []rune) bool {
	for _, r := range rs {
		if !textmatch.IsCJK(r) {
			return false
		}
	}
	return len(rs) > 0
}

// namesVocabulary reports a dictionary token that names a country,
// language, category, platform or subtopic.
func namesVocabulary(tk *token) bool {
	return tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil ||
		tk.has(clsPlatform) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsTopic) != nil
}
