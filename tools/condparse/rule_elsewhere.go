package condparse

import (
	"strings"
	"unicode"
)

// A place that is not where the creators are (audit 29, class 1): a
// place the creators visited or will visit ("who have been to Iceland",
// 去过冰岛的) and a product's or style's origin said beside the creators'
// own base ("Korean skincare creators based in the US", 韩国护肤博主，在美国
// 的) are what the content is about. They rank; the base is the filter.

// visitMarks are the words before a place that say the creators went or
// will go there (folded; the Latin ones end with a space before the
// place, the Chinese ones are glued to it).
var visitMarks = struct{ en, zh []string }{
	en: []string{"visited", "visiting", "visit", "been to", "gone to", "went to", "going to", "heading to", "headed to", "travelled to",
		"traveled to", "travelling to", "traveling to", "trip to", "trips to", "trip through", "backpacked", "backpacking", "backpacked through",
		"backpacking through", "toured", "touring", "explored", "exploring", "vacationed in", "vacationing in", "holidayed in", "holidaying in",
		"stayed in", "stayed at", "stayed on", "staying in", "staying at", "honeymooned in", "road-tripped through", "road tripped through"},
	zh: []string{"去过", "到过", "去了", "要去", "想去", "打卡过", "打卡", "游过", "玩过", "旅行过", "旅游过", "逛过", "走过", "飞过", "住过", "待过", "呆过", "去", "到"},
}

// baseMarks are the words before a place that say the creators live or
// work there.
var baseMarks = struct{ en, zh []string }{
	en: []string{"in", "from", "based in", "based out of", "located in", "living in", "who live in", "that live in", "out of", "residing in"},
	zh: []string{"在", "来自", "坐标", "人在", "身在", "定居", "常驻"},
}

// visitMarksAfter are the Chinese words glued after a place that say the
// creators were there once (在日本待过的, 在泰国住过一年, 在英国留学过): a
// past stay, not where they are now. Each ends in 过; a stay said without
// it (在日本生活的) is their base.
var visitMarksAfter = []string{"待过", "呆过", "住过", "玩过", "旅行过", "旅游过", "旅居过", "游玩过", "留学过", "生活过", "工作过", "读过书", "念过书"}

// visitedPlace reports a place word at i that a visit word before it
// makes a destination ("visited Japan", 去过冰岛), or one after it
// (在日本待过).
func (st *state) visitedPlace(i int) bool {
	_, ok := st.markedBy(i, visitMarks.en, visitMarks.zh)
	return ok || st.visitedAfter(i) > 0
}

// visitedAfter is the rune offset where the visit word glued after the
// place word at i ends (在日本待过的: after 待过), 0 when there is none.
func (st *state) visitedAfter(i int) int {
	end := st.toks[i].e
	after := string(st.t.norm[end:])
	for _, m := range visitMarksAfter {
		if strings.HasPrefix(after, m) {
			return end + len([]rune(m))
		}
	}
	return 0
}

// dropVisitMark makes the free tokens of the visit word before the place
// at i frame: the place alone ranks ("Iceland", not "been to Iceland");
// so are a visit word after it and the 在 before it (在日本待过).
func (st *state) dropVisitMark(i int) {
	from, ok := st.markedBy(i, visitMarks.en, visitMarks.zh)
	if to := st.visitedAfter(i); to > 0 {
		for k := i + 1; k < len(st.toks) && st.toks[k].e <= to; k++ {
			if st.free(k) {
				st.toks[k].role = roleFiller
			}
		}
		if !ok {
			from, ok = st.markedBy(i, nil, baseMarks.zh)
		}
	}
	for k := i - 1; ok && k >= 0 && st.toks[k].s >= from; k-- {
		if st.free(k) {
			st.toks[k].role = roleFiller
		}
	}
}

// baseMarked reports a place word at i said with a base word before it
// ("based in the US", 在美国).
func (st *state) baseMarked(i int) bool {
	_, ok := st.markedBy(i, baseMarks.en, baseMarks.zh)
	return ok
}

// markedBy reports a place word at i said right after one of the Latin
// marks (a space between, an article allowed: "in the US") or the
// Chinese ones (glued), and the rune offset where the mark starts.
func (st *state) markedBy(i int, en, zh []string) (int, bool) {
	start := st.toks[i].s
	before := strings.ToLower(string(st.t.norm[:start]))
	if strings.HasSuffix(before, " ") {
		b := strings.TrimRight(before, " ")
		b = strings.TrimSuffix(b, " the")
		for _, m := range en {
			if strings.HasSuffix(b, m) && (len(b) == len(m) || !isWordRune(rune(b[len(b)-len(m)-1]))) {
				return len([]rune(b)) - len([]rune(m)), true
			}
		}
		return 0, false
	}
	for _, m := range zh {
		if !strings.HasSuffix(before, m) {
			continue
		}
		if m == "去" || m == "到" {
			// "想去日本的", "，去泰国拍vlog的" — but never 去掉/除去 or a
			// range's 到 ("1万到5万"): the single rune needs a clause or a
			// wish before it
			r := []rune(strings.TrimSuffix(before, m))
			if len(r) > 0 && !strings.ContainsRune("，,。；;：: 想要常经都会曾", r[len(r)-1]) {
				continue
			}
		}
		return start - len([]rune(m)), true
	}
	return 0, false
}

// isWordRune reports a letter or digit.
func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// originBesideBase reports a country word at i that qualifies a thing
// the creators make or use ("Korean skincare", "Italian leather", 韩国护
// 肤) while another country in the input is said as their base ("based
// in the US", 在美国, "，美国的").
func (st *state) originBesideBase(i int) bool {
	ce := st.toks[i].has(clsCountry)
	if ce == nil || ce.place || len(ce.codes) > 1 || st.baseMarked(i) || !st.qualifiesThing(i) || st.inLanguageList(i) {
		return false
	}
	for j := range st.toks {
		if j == i || st.toks[j].has(clsLanguage) != nil {
			// "who post in Portuguese": a demonym that names a language
			// after "in" is what they speak, never their base
			continue
		}
		o := st.toks[j].has(clsCountry)
		if o == nil || len(o.codes) > 1 || o.code == ce.code || o.code == "" && !o.place || st.sameCountryList(i, j) {
			// "在日本、韩国拍街头美食", "澳洲、新西兰跑房车": a member of
			// one list with the base is a base too (audit 34, S2)
			continue
		}
		if st.baseMarked(j) || st.standsAlone(j) {
			return true
		}
	}
	return false
}

// standsAlone reports a Chinese place word at i that is a clause of its
// own, with at most 的 after it ("日系穿搭博主，美国的", "…，美国"), or
// that is the 的-phrase before the creator noun ("美国的美妆博主").
func (st *state) standsAlone(i int) bool {
	if st.toks[i].kind != tkLex || !unicode.Is(unicode.Han, st.t.norm[st.toks[i].s]) {
		return false
	}
	n := i + 1
	if n < len(st.toks) && st.toks[n].has(clsDe) != nil {
		n++
	}
	if p := st.prevSig(i); p >= 0 && !(st.toks[p].kind == tkPunct) {
		return false
	}
	return n >= len(st.toks) || st.clauseEndsAt(n) || st.toks[n].has(clsCreator) != nil
}

// qualifiesThing reports a word right after the place word at i that is
// neither a creator noun, a list's glue, a language mark nor another
// place: the place qualifies that thing ("Korean skincare", 韩国护肤).
func (st *state) qualifiesThing(i int) bool {
	if strings.HasSuffix(st.tokText(i), "的") {
		return false // "美国的科技博主": where they are, 的 and the topic
	}
	n := i + 1
	if n < len(st.toks) && st.toks[n].kind == tkSpace {
		if !isLatinWord(st.tokText(i)) {
			return false
		}
		n++
	} else if isLatinWord(st.tokText(i)) {
		return false // "Korean-speaking", "Korea," …
	}
	if n >= len(st.toks) {
		return false
	}
	tk := &st.toks[n]
	switch {
	case tk.kind == tkPunct || tk.kind == tkSpace || tk.kind == tkNum:
		return false
	case tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsAnd) != nil || tk.has(clsCountry) != nil ||
		tk.has(clsLanguage) != nil || tk.has(clsDe) != nil || tk.has(clsPlatform) != nil:
		return false
	case isLangSuffix(st.word(n)) || isLangSuffix(strings.ToLower(st.tokText(n))):
		return false
	}
	if w := strings.ToLower(st.tokText(i)); isLatinWord(w) && !demonymLike(w) {
		return false // "Spain would work too", "Korea is fine": a name, no adjective
	}
	if tk.kind == tkLex {
		// a word of the vocabulary qualified is a category or a subtopic
		// ("Korean skincare", 韩国护肤); hedges, stop words and the rest
		// say something else ("马来西亚优先", "Spanish a bonus")
		return tk.has(clsCategory) != nil || tk.has(clsTopic) != nil
	}
	return tk.kind == tkWord || tk.kind == tkCJK
}

// demonymLike reports a Latin place word spelt as an adjective
// ("Korean", "Japanese", "British", "Dutch", "Thai"), not a country's
// name ("Korea", "Spain").
func demonymLike(w string) bool {
	for _, suf := range []string{"an", "ese", "ish", "ch", "ai", "ss", "ek", "ic", "i"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// inLanguageList reports a demonym at i listed after a language ("English/
// Spanish parenting channels", "English and Spanish"): a language too.
func (st *state) inLanguageList(i int) bool {
	if st.toks[i].has(clsLanguage) == nil {
		return false
	}
	g := st.prevSig(i)
	if g < 0 || !(st.toks[g].kind == tkPunct && strings.ContainsRune("/&、", st.t.norm[st.toks[g].s]) || st.toks[g].has(clsAnd) != nil) {
		return false
	}
	p := st.prevSig(g)
	return p >= 0 && st.toks[p].has(clsLanguage) != nil
}

// sameCountryList reports place words at i and j in one list: between
// them only spaces, list commas (、 , ， /), "and"/"or" words and other
// place words.
func (st *state) sameCountryList(i, j int) bool {
	if i > j {
		i, j = j, i
	}
	for k := i + 1; k < j; k++ {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkSpace:
		case tk.kind == tkPunct && strings.ContainsRune("、,，/", st.t.norm[tk.s]):
		case tk.kind == tkLex && (tk.has(clsAnd) != nil || tk.has(clsCountry) != nil):
		default:
			return false
		}
	}
	return true
}
