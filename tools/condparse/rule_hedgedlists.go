package condparse

import (
	"strings"
	"unicode/utf8"
)

// pastedRow reports a pasted spreadsheet row: two cell separators or more
// (a pipe or a tab) in one line ("Indonesia / Malaysia | Instagram |
// modest fashion, hijab styling | 30k-300k | last post < 45 days"). Each
// cell is its own field, read as in a sentence; the topic cell ranks,
// as a brief's topics do, for the writer marked none of it (audit 38,
// X3).
func (st *state) pastedRow() bool {
	for _, line := range strings.Split(st.t.typed, "\n") {
		if strings.Count(line, "|")+strings.Count(line, "\t") >= 2 {
			return true
		}
	}
	return false
}

// hedgedLater reports a clause n of a list whose closing item is hedged
// ("零残忍、纯素指甲油方向优先", "vegan, cruelty-free preferably",
// "hijab styling, modest fashion ideally"): the hedge said after the
// list covers every item of it, so none is an item typed to filter. The
// list runs on over 、, commas and slashes to the clause that holds the
// hedge at its end.
func (st *state) hedgedLater(cs []clauseSpan, n int) bool {
	for k := n; k < len(cs); k++ {
		if k > n && st.lastHedge(cs[k]) {
			return true
		}
		sep := cs[k].to + 1
		if sep >= len(st.toks) || k+1 >= len(cs) {
			return false
		}
		if r := st.t.norm[st.toks[sep].s]; !strings.ContainsRune("、,，/", r) {
			return false
		}
	}
	return false
}

// lastHedge reports a clause whose last word is a hedge ("…方向优先",
// "… preferably", "… ideally").
func (st *state) lastHedge(c clauseSpan) bool {
	for k := c.to; k >= c.from; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			continue
		}
		return tk.kind == tkLex && tk.has(clsHedge) != nil
	}
	return false
}

// fragmentRunes are the single characters a Chinese posting word leaves
// behind when an activity word took the rest: 推 of 发推 ("一个月没发过推的
// 不要"), 帖 of 发帖, 文 of 发文, 片 of 上片.
var fragmentRunes = map[string]bool{"推": true, "帖": true, "文": true, "片": true, "贴": true}

// postingFragments joins such a character, right after an activity or
// inactivity word of a window, to that window's words: it is the thing
// posted, never a keyword to keep or exclude (audit 38, X3: 推 from 推特
// / 发推).
func (st *state) postingFragments() {
	for i := 1; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if !st.free(i) || tk.e-tk.s != 1 || !fragmentRunes[string(st.t.norm[tk.s])] {
			continue
		}
		p := i - 1
		if st.toks[p].kind != tkLex || st.tokCond[p] == 0 {
			continue
		}
		if st.toks[p].has(clsActWord) == nil && !inactiveWordAt(st.word(p)) {
			continue
		}
		if n := i + 1; n < len(st.toks) && st.toks[n].kind != tkPunct && st.toks[n].kind != tkSpace && st.word(n) != "的" {
			// "没发过推特的": a longer word goes on
			if r, _ := utf8.DecodeRuneInString(st.tokText(n)); r != '的' {
				continue
			}
		}
		tk.role = roleFiller
		tk.neg = 0
		st.tokCond[i] = st.tokCond[p]
	}
}

// inactiveWordAt reports an inactivity word ("没发过", "断更").
func inactiveWordAt(w string) bool {
	for _, x := range inactiveWords {
		if x == w {
			return true
		}
	}
	return false
}

// pastedRows reads a pasted spreadsheet row as a brief, not as keywords
// typed: its topic cells rank (pastedRow).
func (st *state) pastedRows() {
	if st.pastedRow() {
		st.sig.Sentence = true
	}
}
