package condparse

import "slices"

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
