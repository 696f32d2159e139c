package condparse

import (
	"strings"
	"unicode"

	"searchagent/tools/textmatch"
)

// minCJKTypoTarget is the shortest Chinese country name a name one rune
// off may be read as: two-rune names (日本, 美国) are one rune from too many
// words.
const minCJKTypoTarget = 3

// cjkTypoFunction are runes that end or join words rather than misspell a
// name: "新加的" is something newly added, not 新加坡.
const cjkTypoFunction = "的了在是和与或及都也不人有要找个些我你他她它这那就还很吧呢吗啊哦"

// cjkCountryTypos (audit 36, P3) reads a run of Chinese runes one rune off
// a country name of three or more runes as that country (马来西压 →
// 马来西亚, 菲律滨 → 菲律宾): the rune is replaced in the folded text, so the
// dictionary reads the country there, and the place is remembered so the
// country's condition says it was corrected. A rune that a dictionary word
// covers there is no typo (压力, 葡萄酒 when the lexicon knows it), nor is a
// function rune (的, 和). A three-rune name, one rune from many real words
// (葡萄干 for 葡萄牙), is read so only beside another country, in a list
// ("马来西压和菲律宾"). The longest name one rune off wins (澳大利压 is
// 澳大利亚, not 意大利); two names of one length as near are none.
func (st *state) cjkCountryTypos() {
	if len(st.lx.cjkCountries) == 0 {
		return
	}
	norm := st.t.norm
	for i := 0; i < len(norm); i++ {
		if !unicode.Is(unicode.Han, norm[i]) {
			continue
		}
		var hit []rune
		pos, tie := -1, false
		for _, name := range st.lx.cjkCountries {
			if i+len(name) > len(norm) {
				continue
			}
			p := oneRuneOff(norm[i:i+len(name)], name)
			if p < 0 {
				continue
			}
			switch {
			case hit == nil || len(name) > len(hit):
				hit, pos, tie = name, i+p, false
			case len(name) == len(hit) && string(name) != string(hit):
				tie = true // two names as near: none
			}
		}
		if hit == nil || tie || strings.ContainsRune(cjkTypoFunction, norm[pos]) || !unicode.Is(unicode.Han, norm[pos]) {
			continue
		}
		if st.coveredByWord(i, pos) {
			continue
		}
		if len(hit) == minCJKTypoTarget && !st.countryBeside(i, i+len(hit)) {
			continue
		}
		norm[pos] = hit[pos-i]
		st.cjkFixed = append(st.cjkFixed, [2]int{i, i + len(hit)})
		i += len(hit) - 1
	}
}

// oneRuneOff is the index of the one rune in which w differs from name
// (of the same length), -1 when none or more differ.
func oneRuneOff(w, name []rune) int {
	p := -1
	for k := range w {
		if w[k] != name[k] {
			if p >= 0 {
				return -1
			}
			p = k
		}
	}
	return p
}

// coveredByWord reports a dictionary word of two or more runes that
// covers rune pos, starting at or before it (one starting before from
// too: 大利亚 inside 澳大利亚 is no 叙利亚).
func (st *state) coveredByWord(from, pos int) bool {
	var buf [8]textmatch.Prefix
	for j := max(0, from-8); j <= pos; j++ {
		for _, p := range st.lx.dict.Prefixes(st.t.norm, j, buf[:0]) {
			if e := int(p.End); e-j >= 2 && e > pos {
				return true
			}
		}
	}
	return false
}

// countryBeside reports a country name right before s or right after e,
// past at most one list separator.
func (st *state) countryBeside(s, e int) bool {
	norm := st.t.norm
	const seps = "、和与或及,，/ "
	a := e
	if a < len(norm) && strings.ContainsRune(seps, norm[a]) {
		a++
	}
	if a < len(norm) && st.countryAt(a) >= 0 {
		return true
	}
	b := s
	if b > 0 && strings.ContainsRune(seps, norm[b-1]) {
		b--
	}
	for j := max(0, b-6); j < b; j++ {
		if st.countryAt(j) == b {
			return true
		}
	}
	return false
}

// countryAt is the end of the longest country name the dictionary reads
// at rune i, -1 when none.
func (st *state) countryAt(i int) int {
	var buf [8]textmatch.Prefix
	ps := st.lx.dict.Prefixes(st.t.norm, i, buf[:0])
	for k := len(ps) - 1; k >= 0; k-- {
		for _, e := range st.lx.ents[ps[k].ID] {
			if e.cls == clsCountry && !e.place {
				return int(ps[k].End)
			}
		}
	}
	return -1
}

// allHan reports a non-empty run of Han runes only.
func allHan(rs []rune) bool {
	for _, r := range rs {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return len(rs) > 0
}
