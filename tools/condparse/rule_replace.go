package condparse

import (
	"slices"
	"strings"
)

// Replacements ("replace the US with Canada", "swap Spanish for
// Portuguese", "switch YouTube to TikTok"): the first value leaves the
// search and the second takes its place. Read as both wanted, the
// follow-up kept the value the user replaced (US, CA).

// replaceVerbs open a replacement when a value of the search follows
// them and a second value of the same kind follows a replaceLink.
var replaceVerbs = map[string]bool{"replace": true, "swap": true, "swap out": true, "switch": true, "change": true,
	"trade": true, "substitute": true, "sub": true, "exchange": true}

// replaceLinks join the replaced value to the one replacing it.
var replaceLinks = map[string]bool{"with": true, "for": true, "to": true, "by": true, "into": true, "->": true, "→": true}

// replacements marks the replaced value as removed (IssueRemoved): the
// follow-up takes it out of the filter, and the other value stays wanted.
func (st *state) replacements() {
	for i := range st.toks {
		if !st.free(i) || !replaceVerbs[st.tokText(i)] || !st.opensClause(i) {
			continue
		}
		x := st.skipArticle(st.skipSpace(i + 1))
		if st.free(x) && st.tokText(x) == "from" {
			x = st.skipArticle(st.skipSpace(x + 1)) // "switch from the US to Canada"
		}
		link := st.skipSpace(x + 1)
		if !st.free(link) || !replaceLinks[st.tokText(link)] {
			continue
		}
		y := st.skipArticle(st.skipSpace(link + 1))
		if _, ok := st.commonClass(x, y); !ok {
			if !st.demonymPair(x, y) {
				continue
			}
			// "switch spanish to portuguese": two demonyms replaced
			// one by the other name what people speak.
			st.toks[x].asLanguage, st.toks[y].asLanguage = true, true
		}
		st.toks[i].role, st.toks[link].role = roleFiller, roleFiller
		st.toks[x].neg, st.toks[x].removal = 1, true
		st.sig.Sentence = true // an edit of the search, never keywords as typed
	}
	// "make it Canada instead of the US", "Portuguese rather than
	// Spanish", "加拿大而不是美国": the value after the link is the one
	// replaced.
	for i := range st.toks {
		if !insteadLinks[st.tokText(i)] {
			continue
		}
		y, x := st.prevSig(i), st.skipArticle(st.skipSpace(i+1))
		if y > 0 && st.tokText(y) == "的" {
			y = st.prevSig(y) // "要日本的而不是韩国的"
		}
		if _, ok := st.commonClass(x, y); !ok {
			if !st.demonymPair(x, y) {
				continue
			}
			st.toks[x].asLanguage, st.toks[y].asLanguage = true, true
		}
		if st.free(i) {
			st.toks[i].role = roleFiller
		}
		if u := st.prevSig(y); u >= 0 && st.free(u) && (st.tokText(u) == "用" || st.tokText(u) == "拿") {
			st.toks[u].role = roleFiller // "用加拿大代替美国": 用 only opens the pair
		}
		st.toks[x].neg, st.toks[x].removal = 1, true
		st.sig.Sentence = true // an edit of the search, never keywords as typed
	}
	// "美妆换成穿搭", "把美国的改成加拿大": a value, a change verb, a
	// value of the same kind.
	for i := range st.toks {
		if !st.free(i) || !zhReplaceLinks[st.tokText(i)] {
			continue
		}
		x := st.prevSig(i)
		if x > 0 && st.tokText(x) == "的" {
			x = st.prevSig(x)
		}
		y := st.skipSpace(i + 1)
		if x < 0 {
			continue
		}
		if _, ok := st.commonClass(x, y); !ok {
			continue
		}
		st.toks[i].role = roleFiller
		st.toks[x].neg, st.toks[x].removal = 1, true
		st.sig.Sentence = true // an edit of the search, never keywords as typed
	}
}

// insteadLinks stand between a value and the one it replaces.
var insteadLinks = map[string]bool{"instead of": true, "rather than": true, "in place of": true, "而不是": true, "代替": true, "取代": true}

// zhReplaceLinks stand between a value and the one replacing it.
var zhReplaceLinks = map[string]bool{"换成": true, "改成": true, "替换成": true, "换为": true, "改为": true, "替换为": true, "变成": true}

// commonClass is the one kind of value the free vocabulary tokens at x
// and y both name ("Spanish" is a language and a demonym; before
// "Portuguese" it is replaced as a language). Two subtopics are one kind
// ("钓鱼的换成冲浪的", "swap baking for desserts"): the ranking term of
// the one replaced goes (topicCond).
func (st *state) commonClass(x, y int) (lexClass, bool) {
	classes := func(j int) []lexClass {
		if j < 0 || j >= len(st.toks) || !st.free(j) || st.toks[j].kind != tkLex {
			return nil
		}
		var out []lexClass
		for _, c := range []lexClass{clsCountry, clsLanguage, clsCategory, clsPlatform, clsTopic} {
			if st.toks[j].has(c) != nil {
				out = append(out, c)
			}
		}
		return out
	}
	cy := classes(y)
	var common []lexClass
	for _, c := range classes(x) {
		if slices.Contains(cy, c) {
			common = append(common, c)
		}
	}
	if len(common) != 1 {
		return 0, false
	}
	return common[0], true
}

// skipArticle steps over "the" at j.
func (st *state) skipArticle(j int) int {
	if st.free(j) && st.tokText(j) == "the" {
		return st.skipSpace(j + 1)
	}
	return j
}

// demonymPair reports two free Latin words at x and y that each name a
// country and a language (demonyms: "Spanish", "Portuguese").
func (st *state) demonymPair(x, y int) bool {
	for _, j := range []int{x, y} {
		if j < 0 || j >= len(st.toks) || !st.free(j) || st.toks[j].kind != tkLex || !isLatinWord(st.word(j)) ||
			st.toks[j].has(clsCountry) == nil || st.toks[j].has(clsLanguage) == nil {
			return false
		}
	}
	return true
}

// Corrections that say what was meant instead ("不是探店，是烘焙教程",
// "我要的是教做饭的，不是吃播", "not yoga, I meant strength training",
// "not beauty tutorials — live selling", "not gaming but cooking"): the
// words after 不是/not are what the user did not mean, and the clause
// beside them says what they did. What was not meant is replaced, never
// a category excluded: the category it shares with what was meant (or
// the category of the search, when what was meant names none) stays,
// and its own words are an excluded keyword ("吃播" beside 做饭, both
// food); a category replaced by another ("不是美食，是旅行") leaves the
// search as a replaced value does (IssueRemoved), nothing excluded
// (audit 27).

// meantLinks join what was not meant to what was, with no separator
// ("not gaming but cooking", "不是游戏而是美食").
var meantLinks = map[string]bool{"but": true, "而是": true, "rather": true}

// meantOpeners open the clause that says what was meant ("，是烘焙",
// "我要的是…", "I meant …", "— live selling" needs none), longest first.
var meantOpeners = []string{"what i meant was", "what i meant is", "what i mean is", "i'm looking for", "我想要的是", "我的意思是",
	"i'm after", "i am after", "i wanted", "我要的是", "我说的是", "我指的是", "i meant", "i mean", "i want", "i need", "要的是",
	"我是说", "我想要", "我要", "i'd like", "it's", "it is", "rather", "instead", "而是", "but", "想要", "要", "是"}

// kindWords say that what was not meant is a kind of content ("不是烘焙
// 那种", "not the dog kind", "not that type"): they end its words.
var kindWords = map[string]bool{"那种": true, "这种": true, "那类": true, "这类": true, "类": true, "类型": true, "一类": true,
	"kind": true, "kinds": true, "type": true, "types": true, "sort": true, "style": true, "的": true}

// meantLeads are the discourse words a clause of what was meant may open
// with before its opener ("no, I meant …", "不对，是…").
var meantLeads = []string{"no", "nope", "sorry", "oh", "oops", "哦", "噢", "不对", "不是这个意思", "不是那个意思"}

// saidOpeners open a clause that says what the user said or meant
// ("我说的是…", "I meant …"): after any other exclusion word than
// 不是/not ("别给我美妆的，我说的是穿搭", "skip gaming, I meant anime") they
// make it a correction, as 不是 does with any meantOpeners word.
var saidOpeners = []string{"what i meant was", "what i meant is", "what i mean is", "我的意思是", "我说的是", "我指的是",
	"我是说", "i meant", "i mean"}

// correctionPairs reads every 不是/not whose object a clause of what was
// meant follows or precedes, and every other exclusion word whose object
// a clause saying what was meant (saidOpeners) follows. The words that
// only say the object is a kind ("不是烘焙那种", "not the dog kind") may
// stand between the object and the clause.
func (st *state) correctionPairs() {
	for i := range st.toks {
		w := st.tokText(i)
		plain := w == "不是" || w == "not"
		if st.toks[i].has(clsExclude) == nil || st.toks[i].role != roleFiller {
			continue
		}
		var xs []int
		end := -1
		for k := st.skipSpace(i + 1); k < len(st.toks) && (st.toks[k].neg > 0 || st.toks[k].kind == tkSpace || st.toks[k].role == roleFiller && st.toks[k].kind != tkPunct || len(xs) > 0 && kindWords[st.tokText(k)]); k++ {
			if st.toks[k].neg > 0 {
				xs = append(xs, k)
			}
			if st.toks[k].kind != tkSpace && (st.toks[k].neg > 0 || kindWords[st.tokText(k)]) {
				end = k
			}
		}
		if len(xs) == 0 {
			continue
		}
		openers := meantOpeners
		if !plain {
			openers = saidOpeners
		}
		ys, after := st.meantAfter(end, openers), true
		if len(ys) == 0 && plain && st.opensClause(i) {
			ys, after = st.meantBefore(i), false
		}
		if len(ys) == 0 && plain {
			ys, after = st.meantInline(i), false
		}
		if len(ys) == 0 {
			continue
		}
		st.notMeant(xs, ys, after)
	}
}

// meantAfter returns the tokens of the clause of what was meant right
// after what was not, which ends at token e: after a meantLinks word,
// or after a separator and a meantOpeners word (after a dash none is
// needed); nil when there is none.
func (st *state) meantAfter(e int, openers []string) []int {
	k := st.skipSpace(e + 1)
	if k >= len(st.toks) {
		return nil
	}
	if meantLinks[st.tokText(k)] && len(openers) == len(meantOpeners) {
		return st.clauseFrom(st.skipSpace(k + 1))
	}
	sep, dash := st.separatorAt(k)
	if !sep {
		return nil
	}
	k = st.skipSpace(k + 1)
	if y, ok := st.afterOpener(k, openers); ok {
		return st.clauseFrom(y)
	}
	if dash && len(openers) == len(meantOpeners) {
		return st.clauseFrom(k)
	}
	return nil
}

// clauseStart is the first token of the clause that holds token p: the
// one after the separator before it, or the input's first.
func (st *state) clauseStart(p int) int {
	start := p
	for start > 0 {
		if sep, _ := st.separatorAt(start - 1); sep {
			break
		}
		start--
	}
	return start
}

// meantBefore returns the tokens of the clause of what was meant right
// before the 不是/not at i that opens its own clause ("我要的是教做饭的，
// 不是吃播", "I meant cooking tutorials, not mukbang"): it opens with a
// meantOpeners word; nil when there is none.
func (st *state) meantBefore(i int) []int {
	p := st.prevSig(i)
	if sep, _ := st.separatorAt(p); !sep {
		return nil
	}
	start := st.clauseStart(p)
	y, ok := st.afterOpener(st.skipSpace(start), meantOpeners)
	if !ok || y >= p {
		return nil
	}
	var out []int
	for k := y; k < p; k++ {
		if st.toks[k].neg == 0 && st.toks[k].kind != tkSpace {
			out = append(out, k)
		}
	}
	return out
}

// meantInline returns the tokens of what was meant said right before the
// 不是/not at i in its own clause, when that clause says it is what was
// meant: it opens with a meantOpeners word ("要的是时尚不是美妆") or
// follows a clause of nothing but a meantLeads word ("no, music not
// gaming", "不对，穿搭不是美妆"); nil otherwise (fixT).
func (st *state) meantInline(i int) []int {
	p := st.prevSig(i)
	if p < 0 {
		return nil
	}
	if sep, _ := st.separatorAt(p); sep {
		return nil
	}
	start := st.clauseStart(p)
	sep := start - 1 // the separator before the clause, if any
	start = st.skipSpace(start)
	y, ok := st.afterOpener(start, meantOpeners)
	if !ok && sep > 0 {
		q := sep
		for q > 0 {
			if sep, _ := st.separatorAt(q - 1); sep {
				break
			}
			q--
		}
		if n, _ := st.afterOpener(st.skipSpace(q), nil); n >= start && st.skipSpace(q) < sep {
			y, ok = start, true
		}
	}
	if !ok || y > p {
		return nil
	}
	var out []int
	for k := y; k <= p; k++ {
		if st.toks[k].neg == 0 && st.toks[k].kind != tkSpace {
			out = append(out, k)
		}
	}
	return out
}

// separatorAt reports a clause separator at token k (a comma, a stop, a
// dash), and whether it is a dash.
func (st *state) separatorAt(k int) (sep, dash bool) {
	if k < 0 || k >= len(st.toks) {
		return false, false
	}
	tk := &st.toks[k]
	switch w := st.tokText(k); {
	case w == "—" || w == "–" || w == "--" || w == "-" && st.tok(k-1).kind == tkSpace:
		return true, true
	case tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]), w == ";" || w == "；":
		return true, false
	}
	return false, false
}

// afterOpener returns the token after the opener (one of openers, and
// the meantLeads before it) the text from token k opens with.
func (st *state) afterOpener(k int, openers []string) (int, bool) {
	if k >= len(st.toks) {
		return k, false
	}
	at := func(k int, words []string) (int, bool) {
		if k >= len(st.toks) {
			return k, false
		}
		rest := strings.ToLower(string(st.t.norm[st.toks[k].s:]))
		for _, w := range words {
			if !strings.HasPrefix(rest, w) {
				continue
			}
			end := st.toks[k].s + len([]rune(w))
			n := k
			for n < len(st.toks) && st.toks[n].e <= end {
				n++
			}
			if n > k && st.toks[n-1].e == end {
				return n, true
			}
		}
		return k, false
	}
	for {
		n, ok := at(k, meantLeads)
		if !ok {
			break
		}
		k = n
		for k < len(st.toks) && (st.toks[k].kind == tkSpace || st.toks[k].kind == tkPunct) {
			k++
		}
	}
	n, ok := at(k, openers)
	if !ok {
		return k, false
	}
	for m := k; m < n; m++ {
		if st.toks[m].role == roleNone {
			st.toks[m].role = roleFiller
		}
	}
	return st.skipSpace(n), true
}

// clauseFrom lists the tokens from k to the end of its clause (a dash
// does not end it).
func (st *state) clauseFrom(k int) []int {
	var out []int
	for ; k < len(st.toks); k++ {
		if sep, dash := st.separatorAt(k); sep && !dash {
			break
		}
		if st.toks[k].kind != tkSpace && st.toks[k].neg == 0 {
			out = append(out, k)
		}
	}
	return out
}

// notMeant reads what was not meant (tokens xs) beside what was (ys).
// Taken back before what was meant ("不是探店，是烘焙", "not yoga, I meant
// strength training"), what was not meant leaves the search: its words
// and subtopics stop ranking and nothing is excluded (IssueRemoved).
// Said after it ("我要的是教做饭的，不是吃播"), it is left out: its words
// are an excluded keyword.
func (st *state) notMeant(xs, ys []int, after bool) {
	meant := map[string]bool{}
	for _, k := range ys {
		if c := st.vocabCategory(k); c != "" {
			meant[c] = true
		}
	}
	shared := slices.ContainsFunc(xs, func(k int) bool { return meant[st.vocabCategory(k)] })
	for _, k := range xs {
		c := st.vocabCategory(k)
		if after && st.toks[k].kind != tkSpace && (c == "" || st.toks[k].has(clsTopic) != nil) {
			st.toks[k].removal = true
		}
		switch {
		case c == "":
		case len(meant) > 0 && !shared:
			// "不是美食，是旅行": the category is replaced
			st.toks[k].removal = true
		case st.toks[k].has(clsCategory) != nil && st.toks[k].has(clsTopic) == nil:
			// "我要的是教做饭的，不是吃播", "not beauty tutorials — live
			// selling": the words are left out, the category stays
			st.toks[k].role = roleContent
			st.toks[k].removal = after
		}
	}
	st.sig.Sentence = true // a correction of the search, never keywords as typed
}

// vocabCategory is the category code a free dictionary token at k names
// as a category or a subtopic, or "".
func (st *state) vocabCategory(k int) string {
	tk := st.tok(k)
	if !st.free(k) || tk.kind != tkLex {
		return ""
	}
	if e := tk.has(clsTopic); e != nil {
		return e.code
	}
	if e := tk.has(clsCategory); e != nil {
		return e.code
	}
	return ""
}
