package condparse

// kindObjects reads an excluded object made of a kind of account and a
// creator noun ("no Tesla fan accounts", "no fan pages", "不要小米粉丝号",
// "别要营销号"): the kind word (kindQualifiers) belongs to what is left
// out. After a topic it joins the topic ("Tesla fan", "小米粉丝"), never
// standing alone; said alone it keeps its creator noun ("fan pages",
// "粉丝号", "营销号"), so neither the bare kind word nor the bare creator
// noun is ever the excluded term (fixT).
func (st *state) kindObjects() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.neg == 0 || !st.free(k) && tk.role != roleContent || !kindQualifiers[st.tokText(k)] {
			continue
		}
		n := k + 1
		if st.tok(n).kind == tkSpace && st.latinEdge(k, true) {
			n++
		}
		noun := st.tok(n)
		if noun.kind != tkLex || noun.has(clsCreator) == nil || noun.neg == 0 {
			continue
		}
		tk.role = roleContent
		if !st.kindTopicBefore(k) {
			noun.role = roleContent
		}
	}
}

// kindTopicBefore reports an excluded word right before the kind word at
// k that names what the accounts are about ("Tesla", "小米").
func (st *state) kindTopicBefore(k int) bool {
	p := st.prevSig(k)
	if p < 0 || p < k-2 {
		return false
	}
	tk := st.tok(p)
	if tk.neg == 0 || tk.role != roleNone && tk.role != roleContent {
		return false
	}
	switch tk.kind {
	case tkWord, tkCJK, tkQuote:
		return !objectLead[st.tokText(p)]
	case tkLex:
		return tk.has(clsCategory) != nil || tk.has(clsTopic) != nil || tk.has(clsPlatform) != nil
	}
	return false
}
