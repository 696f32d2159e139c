package condparse

import (
	"strings"

	"searchagent/tools/condition"

	"searchagent/tools/number"
	"searchagent/tools/textmatch"
)

// Ranges said in words (audit 26, class 1): the unit of a range said once
// at its end is both ends' unit, whether the end is spelled out ("ten to
// fifty thousand subs", "between five and twenty k") or its unit letter
// stands apart ("between 5 and 20 k", "3 to 8 k subs"); a count said by
// its number of digits ("six figures", 七位数) is read by the lexer
// (number.ScanFigures) as a range of its own.

// spelledCounts runs on the tokens as lexed, before any rule: it gives a
// spelled count its scale, joins a unit letter standing apart to its
// number and reads a spelled lower end of a range as a number.
func (st *state) spelledCounts() {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind != tkNum || !tk.num.Unit || tk.num.Mult != 1 || tk.num.IntRaw >= 0 || tk.num.Chinese || tk.num.ApproxLo > 0 {
			continue
		}
		// "fifty thousand" is fifty of a thousand, as "50 thousand" is,
		// so that a bare lower end takes the thousand ("10 to fifty
		// thousand").
		if m := spelledScale(st.tokText(k)); m > 1 && tk.num.Value%m == 0 {
			tk.num.Mult, tk.num.IntRaw = m, tk.num.Value/m
		}
	}
	for k := 0; k < len(st.toks); k++ {
		st.spacedUnit(k)
	}
	for k := 0; k < len(st.toks); k++ {
		st.spelledLowerEnd(k)
	}
}

// spelledScale is the scale word a spelled count ends with ("fifty
// thousand" 1000, "two million" 1e6), 0 when it ends with none.
func spelledScale(text string) int64 {
	f := strings.Fields(strings.ToLower(text))
	if len(f) == 0 {
		return 0
	}
	switch f[len(f)-1] {
	case "thousand", "k":
		return 1e3
	case "million", "mil", "mill":
		return 1e6
	case "billion":
		return 1e9
	case "lakh", "lakhs":
		return 1e5
	case "crore", "crores":
		return 1e7
	}
	return 0
}

// spacedUnits are the unit letters that may stand apart from their
// number where a count is meant.
var spacedUnits = map[string]int64{"k": 1e3, "m": 1e6, "w": 1e4}

// spacedUnit joins a unit letter standing apart to the bare number at k
// ("20 k") where a count is meant: at the end of a range ("between 5 and
// 20 k"), at its start before another count ("5 k to 20k"), before a
// count word or a bound ("20 k followers", "3 k+"), or after a bound
// ("over 5 k"). Elsewhere "5 k" is left as typed (a 5K run).
func (st *state) spacedUnit(k int) {
	tk := &st.toks[k]
	if tk.kind != tkNum || tk.num.Unit || tk.num.Percent || tk.num.Chinese || tk.num.IntRaw < 0 || k+2 >= len(st.toks) || st.toks[k+1].kind != tkSpace {
		return
	}
	u := &st.toks[k+2]
	m := spacedUnits[strings.ToLower(st.tokText(k+2))]
	if m == 0 || u.e-u.s != 1 || u.e < len(st.t.norm) && (st.t.norm[u.e] == '-' || textmatch.IsWordRune(st.t.norm[u.e])) {
		return
	}
	next := st.skipSpace(k + 3)
	prev := st.prevSig(k)
	count := false
	switch {
	case next < len(st.toks) && (st.toks[next].has(clsField) != nil || st.toks[next].has(clsPostGte) != nil || st.toks[next].has(clsPostLte) != nil):
		count = true // "20 k followers", "3 k+", "5 k以上"
	case next < len(st.toks) && st.toks[next].has(clsRangeConn) != nil && st.tok(st.skipSpace(next+1)).kind == tkNum:
		count = true // "5 k to 20k"
	case prev >= 0 && (st.toks[prev].has(clsPreGte) != nil || st.toks[prev].has(clsPreLte) != nil || st.toks[prev].has(clsPreApprox) != nil):
		count = true // "over 5 k", "around 20 k"
	case prev >= 0 && st.rangeConnector(prev):
		q := st.prevSig(prev)
		count = q >= 0 && (st.toks[q].kind == tkNum || st.spelledAt(q) > 0) // "between 5 and 20 k", "ten to 50 k"
	}
	if !count {
		return
	}
	tk.num.Value, tk.num.Mult, tk.num.Unit = tk.num.IntRaw*m, m, true
	tk.e, tk.lowSet = u.e, false
	st.toks = append(st.toks[:k+1], st.toks[k+3:]...)
}

// rangeConnector reports a word that joins a range's two ends at token
// p: "to", "-", "until", or "and" after "between".
func (st *state) rangeConnector(p int) bool {
	if st.toks[p].has(clsRangeConn) != nil {
		return true
	}
	if st.toks[p].has(clsAnd) == nil || st.word(p) != "and" {
		return false
	}
	for q, n := st.prevSig(p), 0; q >= 0 && n < 3; q, n = st.prevSig(q), n+1 {
		if st.toks[q].has(clsBetween) != nil && st.word(q) == "between" {
			return true
		}
	}
	return false
}

// spelledAt returns how many tokens from k a number spelled out with no
// scale word takes ("ten", "twenty-five", "two hundred"), 0 when none
// starts there.
func (st *state) spelledAt(k int) int {
	tk := &st.toks[k]
	if tk.kind != tkLex && tk.kind != tkWord {
		return 0
	}
	_, e, ok := number.ScanSpelled(st.t.norm, tk.s)
	if !ok {
		return 0
	}
	for m := k; m < len(st.toks) && st.toks[m].s < e; m++ {
		if st.toks[m].e == e {
			return m - k + 1
		}
	}
	return 0
}

// spelledLowerEnd reads a spelled number at k before a range connector
// and a count said with its unit as the range's lower end ("ten to fifty
// thousand", "between five and 20k"); with "hundred" said before the
// upper end's scale, a lower end under ten counts hundreds of it too
// ("one to five hundred thousand" is 100,000 to 500,000).
func (st *state) spelledLowerEnd(k int) {
	n := st.spelledAt(k)
	if n == 0 {
		return
	}
	last := k + n - 1
	c := st.skipSpace(last + 1)
	if c >= len(st.toks) || !st.rangeConnector(c) {
		return
	}
	up := st.skipSpace(c + 1)
	if up >= len(st.toks) || st.toks[up].kind != tkNum || !st.toks[up].num.Unit || st.toks[up].num.Mult <= 1 || st.toks[up].num.Percent {
		return
	}
	v, _, _ := number.ScanSpelled(st.t.norm, st.toks[k].s)
	b := st.toks[up].num
	if v.Value < 10 && strings.Contains(strings.ToLower(st.tokText(up)), "hundred") && v.Value*100 <= b.IntRaw {
		v.Value *= 100
		v.IntRaw = v.Value
	}
	st.toks[k] = token{kind: tkNum, s: st.toks[k].s, e: st.toks[last].e, num: numTok(v)}
	st.toks = append(st.toks[:k+1], st.toks[last+1:]...)
}

// ofCountNoun skips the "of" between a count and its count word ("six
// figures of followers", "50k of subs"): k when none is there.
func (st *state) ofCountNoun(k int) int {
	if st.free(k) && st.word(k) == "of" {
		if n := st.skipSpace(k + 1); st.countNoun(n) != "" {
			return n
		}
	}
	return k
}

// countNoun is the field a count word right after a count names: a field
// word of the registry, or "following" ("a six-figure following", "a
// 50k following"), the followers.
func (st *state) countNoun(k int) condition.Field {
	if f := st.fieldOf(k); f != "" {
		return f
	}
	if st.free(k) && (st.tokText(k) == "following" || st.tokText(k) == "followings") {
		return condition.Followers
	}
	return ""
}
