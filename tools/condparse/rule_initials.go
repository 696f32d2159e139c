package condparse

import (
	"strings"

	"searchagent/tools/condition"
	"searchagent/tools/taxonomy"
)

// Countries said by their first characters in brackets, a brief's
// shorthand: "欧洲（德法意西）" is Germany, France, Italy and Spain, not all
// of Europe; "北美（美加）" the US and Canada. The bracket narrows a
// region named right before it, which is then no condition of its own.

// countryInitials are the characters that stand for a country in such a
// list: the first character of a country's Chinese name that no other
// country's starts with (taxonomy.Initials: 印 is left out, 印度 or
// 印度尼西亚).
var countryInitials = taxonomy.Countries.Initials()

// initialsRun is a bracketed run of those characters (and 、 or /).
var initialsRun = func() *rx {
	var b strings.Builder
	for r := range countryInitials {
		b.WriteRune(r)
	}
	return mustRx(`[（(]([` + b.String() + `、/]{2,12})[)）]`)
}()

// initialSpans finds the bracketed initials of the text as spans no token
// crosses (the brackets included).
func (st *state) initialSpans() [][2]int {
	norm := string(st.t.norm)
	var out [][2]int
	for _, m := range initialsRun.FindAllStringSubmatchIndex(norm, -1) {
		n := 0
		for _, r := range norm[m[2]:m[3]] {
			if _, ok := countryInitials[r]; ok {
				n++
			}
		}
		if n < 2 {
			continue
		}
		out = append(out, [2]int{len([]rune(norm[:m[2]])), len([]rune(norm[:m[3]]))})
	}
	return out
}

// initials reads the bracketed country initials as one country condition,
// and drops a region named right before the bracket.
func (st *state) initials() {
	for _, sp := range st.initialRuns {
		from, to := -1, -1
		for k := range st.toks {
			if st.toks[k].s == sp[0] {
				from = k
			}
			if st.toks[k].e == sp[1] {
				to = k
			}
		}
		if from < 0 || to < from {
			continue
		}
		free := true
		for k := from; k <= to; k++ {
			free = free && st.free(k)
		}
		if !free {
			continue
		}
		var codes []string
		for _, r := range st.t.norm[sp[0]:sp[1]] {
			if c, ok := countryInitials[r]; ok {
				codes = append(codes, c)
			}
		}
		st.add(st.vocabCond(condition.Country, codes, 0), from, to)
		// the region before the bracket: "欧洲（德法意西）"
		if p := st.prevSig(st.prevSig(from)); p >= 0 && st.free(p) && st.tok(p).has(clsCountry) != nil && st.tok(p).has(clsCountry).codes != nil {
			st.toks[p].role = roleFiller
		}
	}
}
