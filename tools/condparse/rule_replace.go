package condparse

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
		cls, ok := st.valueClass(x)
		if !ok {
			continue
		}
		link := st.skipSpace(x + 1)
		if !st.free(link) || !replaceLinks[st.tokText(link)] {
			continue
		}
		y := st.skipArticle(st.skipSpace(link + 1))
		if c, ok := st.valueClass(y); !ok || c != cls {
			continue
		}
		st.toks[i].role, st.toks[link].role = roleFiller, roleFiller
		st.toks[x].neg, st.toks[x].removal = 1, true
	}
}

// skipArticle steps over "the" at j.
func (st *state) skipArticle(j int) int {
	if st.free(j) && st.tokText(j) == "the" {
		return st.skipSpace(j + 1)
	}
	return j
}

// valueClass returns the kind of value a free vocabulary token at j
// names: a country, a language, a category or a platform, when it names
// one kind only.
func (st *state) valueClass(j int) (lexClass, bool) {
	if j >= len(st.toks) || !st.free(j) || st.toks[j].kind != tkLex {
		return 0, false
	}
	var found lexClass
	for _, c := range []lexClass{clsCountry, clsLanguage, clsCategory, clsPlatform} {
		if st.toks[j].has(c) != nil {
			if found != clsNone {
				// "Spanish" is a language and a demonym: which one the
				// user replaces is the vocabulary rule's reading, not
				// this one's.
				return 0, false
			}
			found = c
		}
	}
	return found, found != clsNone
}
