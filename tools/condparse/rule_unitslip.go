package condparse

import "searchagent/tools/condition"

// unitSlips drops a currency slipped onto a follower count: "50k USD
// followers", "max 1M$" after "followers", "粉丝5万元以上", "10k € subs".
// A count of followers, subscribers or 粉丝 is never money, so the unit
// is a slip and the number keeps its field (audit 38, X2). The currency
// is a slip when a follower field word follows it, or when one stands a
// few words before the number in its clause with no money measure
// ("预算", "budget", "报价", "rate") between: that money stays a price
// and no count ("粉丝5万以上，预算5万元", "followers 50k, rate 500 USD").
// The slipped unit becomes white space, which every rule skips.
func (st *state) unitSlips() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind != tkNum || tk.role != roleNone {
			continue
		}
		c := st.skipSpace(k + 1)
		if c >= len(st.toks) || st.toks[c].kind != tkLex || !currencies[st.tokText(c)] || st.tokText(c) == "多少钱" {
			continue
		}
		if st.followerWord(st.skipSpace(c+1)) || st.followerWordBefore(k) {
			st.toks[c].kind = tkSpace
		}
	}
}

// followerWord reports a follower field word at i ("followers", "subs",
// "粉丝").
func (st *state) followerWord(i int) bool {
	return i < len(st.toks) && st.fieldOf(i) == condition.Followers
}

// followerWordBefore reports a follower field word at most five words
// before the number at k in its clause, with no money measure, other
// currency or field between.
func (st *state) followerWordBefore(k int) bool {
	for p, n := st.prevSig(k), 0; p >= 0 && n < 5; p, n = st.prevSig(p), n+1 {
		tk := &st.toks[p]
		switch {
		case tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]):
			return false
		case st.followerWord(p):
			return true
		case tk.has(clsField) != nil, currencies[st.tokText(p)]:
			return false
		case tk.has(clsUnsupport) != nil && unsupportedMeasures[st.word(p)]:
			return false
		}
	}
	return false
}
