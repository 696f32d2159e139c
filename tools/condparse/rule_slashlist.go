package condparse

import (
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/platform"
	"searchagent/tools/textmatch"
)

// A typed slash list ("X / 新闻时政评论 / 印度 / 英文 / 5万+ / 近30天 /
// 按互动排", audit 22) is a brief written as items: every item is read as
// the same words would be in a sentence. Two things only an item says:
//
//   - an item that is a capital X alone is the platform X (a lone "x"
//     elsewhere is a letter: "x-ray", "3x");
//   - a CJK item that opens with a category word glued to words of its
//     own ("新闻时政评论") names that category, and the rest of the item
//     ("时政评论") ranks; outside a slash list a category word glued to an
//     unknown word stays inside the keyword ("游戏耳机").

// slashList reports that the input is a typed slash list: two or more
// slashes standing between items (not inside a link or "x/twitter").
func (st *state) slashList() bool {
	n := 0
	for i := range st.toks {
		if st.slashSep(i) {
			n++
		}
	}
	return n >= 2
}

// slashSep reports a slash token that separates two items.
func (st *state) slashSep(i int) bool {
	tk := st.tok(i)
	return tk.kind == tkPunct && st.t.norm[tk.s] == '/'
}

// itemEdge reports that token k is the edge of a list item: the input's
// start or end, a slash or another clause separator.
func (st *state) itemEdge(k int) bool {
	if k < 0 || k >= len(st.toks) {
		return true
	}
	tk := st.tok(k)
	return tk.kind == tkPunct && (st.t.norm[tk.s] == '/' || isClauseSep(st.t.norm[tk.s]))
}

// slashItems reads a lone capital X item as the platform X.
func (st *state) slashItems() {
	if !st.slashList() {
		return
	}
	for i := range st.toks {
		tk := &st.toks[i]
		if !st.free(i) || tk.kind != tkWord || string(st.t.orig[tk.s:tk.e]) != "X" {
			continue
		}
		if !st.itemEdge(st.prevSig(i)) || !st.itemEdge(st.skipSpace(i+1)) {
			continue
		}
		pc := st.vocabCond(condition.Platform, []string{string(platform.X)}, 0)
		st.add(pc, i, i)
	}
}

// slashItemHead reports that the category word at token i opens a CJK
// item of a slash list and is glued to unknown CJK runes after it: the
// item names the category and its rest ranks (see above).
func (st *state) slashItemHead(i int) bool {
	tk := st.tok(i)
	if !textmatch.IsCJK(st.t.norm[tk.s]) || !st.itemEdge(st.prevSig(i)) || !st.slashList() {
		return false
	}
	n := i + 1
	if n >= len(st.toks) || st.toks[n].kind != tkCJK || st.toks[n].role != roleNone {
		return false
	}
	// the item holds nothing but CJK words up to its edge
	for k := n; k < len(st.toks) && !st.itemEdge(k); k++ {
		if st.toks[k].kind == tkSpace {
			if !st.itemEdge(st.skipSpace(k)) {
				return false
			}
			break
		}
		if !textmatch.IsCJK(st.t.norm[st.toks[k].s]) {
			return false
		}
	}
	return !strings.ContainsRune(string(st.t.norm[tk.s:tk.e]), '/')
}
