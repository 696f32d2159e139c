package condparse

import (
	"regexp"

	"searchagent/tools/condition"
)

// Countries said by their first characters in brackets, a brief's
// shorthand: "欧洲（德法意西）" is Germany, France, Italy and Spain, not all
// of Europe; "北美（美加）" the US and Canada. The bracket narrows a
// region named right before it, which is then no condition of its own.

// countryInitials are the characters that stand for a country in such a
// list (ambiguous ones, 新 for Singapore or New Zealand, 瑞 for Sweden
// or Switzerland, are left out).
var countryInitials = map[rune]string{'德': "DE", '法': "FR", '意': "IT", '西': "ES", '英': "GB", '美': "US", '日': "JP",
	'韩': "KR", '中': "CN", '葡': "PT", '荷': "NL", '比': "BE", '澳': "AU", '加': "CA", '泰': "TH", '越': "VN", '俄': "RU",
	'印': "IN", '墨': "MX", '巴': "BR"}

var initialsRun = regexp.MustCompile(`[（(]([德法意西英美日韩中葡荷比澳加泰越俄印墨巴、/]{2,12})[)）]`)

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
