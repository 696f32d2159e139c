package condparse

import "slices"

// An exclusion whose object opens, or ends, with a verb of promoting,
// selling or making an ad ("不要推广X的", "别接X广告的", "不要给X带货的",
// "不要代言X的", "不做X宣传的"; issue 26, fixQ class 1): what is promoted
// is what is excluded, as a plain object is (its category, or its words),
// and the verb is frame, named in Result.Dropped; never a piece of the
// object ("广X").

// promoteWord reports a word of promoteWords at k.
func (st *state) promoteWord(k int) bool {
	return st.tok(k).kind == tkLex && slices.Contains(promoteWords, st.tokText(k))
}

// promoteAt reports a promoting verb at k of an exclusion object that
// opens at j: a promote word, or a selling form (带货, 种草) that opens the
// object ("不要带货美妆的") or follows a word of whom it is for ("给X带货");
// glued to a word before it it is one form with it ("团购带货", "直播带货").
func (st *state) promoteAt(j, k int) bool {
	if n := st.tok(st.skipSpace(k + 1)); n.has(clsAnd) != nil || n.kind == tkPunct && st.t.norm[n.s] == '、' {
		// "不要带货和炒币的": a listed item, not a verb
		return false
	}
	if st.promoteWord(k) {
		return true
	}
	if st.tok(k).kind != tkLex || !sellingForms[st.tokText(k)] {
		return false
	}
	for j < k && st.toks[j].role == roleFiller {
		j++
	}
	return j == k || st.tok(j).kind == tkCJK && partnerGlue[st.tokText(j)]
}

// promoteNegation reports a negation at i that says the creators do not
// promote something ("不做X宣传的", "从不接X广告", "没给X带货的"): one of
// promoteNegations spelt by the tokens from i, then, in the same clause,
// a promote word or a partner verb with another word (what is promoted)
// before or after it. It returns the negation's last token.
func (st *state) promoteNegation(i int) (int, bool) {
	if !st.free(i) || st.tok(i).kind != tkLex && st.tok(i).kind != tkCJK {
		return 0, false
	}
	last := -1
	for _, n := range promoteNegations {
		text, k := "", i
		for ; k < len(st.toks) && len(text) < len(n) && st.free(k) && (st.toks[k].kind == tkLex || st.toks[k].kind == tkCJK); k++ {
			text += st.tokText(k)
		}
		if text == n && k-1 > last {
			last = k - 1
		}
	}
	if last < 0 || i > 0 && st.toks[i-1].kind == tkCJK {
		// inside a word ("对不起") it negates nothing
		return 0, false
	}
	verb, other := false, false
	for k := last + 1; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind == tkSpace || tk.kind == tkPunct || tk.kind == tkSym || tk.has(clsDe) != nil || !st.free(k) {
			break
		}
		w := st.tokText(k)
		switch {
		case st.promoteAt(last+1, k) || tk.kind == tkLex && slices.Contains(partnerVerbs, w) && !isLatinWord(w):
			verb = true
		case partnerGlue[w] || st.word(k) == "做":
		default:
			other = true
		}
	}
	return last, verb && other
}

// promotedObject reports an exclusion object [j, end] that holds a promote
// word beside words of its own that are neither frame nor a content form:
// what is promoted ("推广游戏", "给保健品带货"). A form run with a selling
// form ("团购带货") stays what is excluded.
func (st *state) promotedObject(j, end int) bool {
	promote, other := false, false
	for k := j; k <= end; k++ {
		tk := &st.toks[k]
		switch {
		case st.promoteAt(j, k):
			promote = true
		case tk.kind == tkSpace, tk.kind == tkPunct, tk.role == roleFiller, st.partnerWord(k),
			tk.kind == tkLex && (tk.has(clsDe) != nil || tk.has(clsStop) != nil || tk.has(clsAnd) != nil || isFormLex(tk) || isFillerLex(tk) && tk.has(clsCategory) == nil):
		default:
			other = true
		}
	}
	return promote && other
}
