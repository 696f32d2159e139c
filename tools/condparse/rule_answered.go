package condparse

import "strings"

// A self-answered list (fixF3, class F4): the writer asks each item and
// answers it at once ("US? yes. Gaming? no. Over 10k? yes", "英语？要。
// 游戏类？不要", "English: yes, Spanish: no"). A yes reads the item as
// stated; a no excludes it, as a post-posed exclusion word does ("游戏
// 类不要"), and a count answered no is its complement.

// yesAnswers and noAnswers are the whole answers an item may be given
// after its question mark or colon, folded to lower case.
var (
	yesAnswers = map[string]bool{"yes": true, "yep": true, "yeah": true, "y": true, "sure": true, "ok": true, "okay": true,
		"yes please": true, "required": true, "needed": true, "must": true, "a must": true, "definitely": true,
		"要": true, "要的": true, "需要": true, "是": true, "是的": true, "对": true, "对的": true, "可以": true, "行": true,
		"必须": true, "必须要": true, "好": true, "好的": true, "嗯": true, "有": true, "要求": true}
	noAnswers = map[string]bool{"no": true, "nope": true, "nah": true, "n": true, "no thanks": true, "no thank you": true,
		"not needed": true, "no need": true, "not wanted": true, "none": true, "never": true, "pass": true,
		"不要": true, "不要的": true, "不": true, "不用": true, "不需要": true, "否": true, "不是": true, "没必要": true,
		"免了": true, "不行": true, "不可以": true, "排除": true, "别": true}
)

// answeredItems reads each item asked and answered in one breath: the
// answer's words are frame; a no answer marks the item before the
// question mark excluded (exclusionObjectBefore), a yes leaves it to
// the rules that read it as stated. A question mark whose answer is
// no such word ("any in Canada? with 10k+") is left to the other rules.
func (st *state) answeredItems() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkPunct || tk.e-tk.s != 1 {
			continue
		}
		switch st.t.norm[tk.s] {
		case '?', '？', ':', '：':
		default:
			continue
		}
		if p := st.prevSig(i); p < 0 || st.toks[p].kind == tkPunct {
			continue
		}
		a := st.skipSpace(i + 1)
		if a >= len(st.toks) || st.toks[a].kind == tkPunct || st.toks[a].role != roleNone {
			continue
		}
		// the answer runs to the next punctuation, a line break or the end
		b := a
		for n := a + 1; n < len(st.toks); n++ {
			k := st.toks[n].kind
			if k == tkPunct || k == tkSpace && !st.plainSpace(n) {
				break
			}
			if k != tkSpace {
				b = n
			}
		}
		if st.toks[b].role != roleNone {
			continue
		}
		ans := strings.ToLower(strings.TrimSpace(string(st.t.norm[st.toks[a].s:st.toks[b].e])))
		yes, no := yesAnswers[ans], noAnswers[ans]
		if !yes && !no {
			continue
		}
		if no && !st.exclusionObjectBefore(i, 1) {
			continue
		}
		for k := a; k <= b; k++ {
			st.toks[k].role = roleFiller
		}
		st.sig.Sentence = true
	}
}
