package condparse

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/textmatch"
)

// mustContain is a quick necessary condition of a regular expression,
// derived from the expression itself: every match contains one of its
// literals, compared with each rune replaced by the least rune of its
// case-folding orbit (foldKey), so a case-insensitive literal is found
// however it is cased. When the folded input contains none, the
// expression cannot match and is not run (the comparatives are a dozen
// and a half expressions that rarely match, each run on every sentence:
// 4% of the embedded service's CPU at 50 users). any: nothing is known,
// the expression always runs.
type mustContain struct {
	any  bool
	lits []string // folded (foldKey)
}

// newMustContain derives the condition of re: the most selective of its
// required literal sets (textmatch.RequiredLiterals, case-folded).
func newMustContain(re *regexp.Regexp) mustContain {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return mustContain{any: true}
	}
	sets := textmatch.RequiredLiterals(parsed.Simplify(), true)
	if len(sets) == 0 {
		return mustContain{any: true}
	}
	lits := make([]string, len(sets[0]))
	for i, l := range sets[0] {
		lits[i] = foldKey(l)
	}
	return mustContain{lits: lits}
}

// may reports whether an input whose foldKey is folded can match.
func (m mustContain) may(folded string) bool {
	if m.any {
		return true
	}
	for _, l := range m.lits {
		if strings.Contains(folded, l) {
			return true
		}
	}
	return false
}

// foldKey replaces each rune of s with the least rune of its simple
// case-folding orbit ("k", "K" and the Kelvin sign all become "K"): two
// strings that match each other case-insensitively have the same key,
// and a string that contains another contains its key in its key.
func foldKey(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		// The least rune of an ASCII letter's orbit is its upper case.
		return strings.ToUpper(s)
	}
	return strings.Map(foldMin, s)
}

// foldMin is the least rune of r's simple case-folding orbit.
func foldMin(r rune) rune {
	if r >= 0x2E00 && r < 0xA640 || r >= 0xAC00 && r < 0xFF21 {
		// CJK, kana and Hangul fold to themselves (TestFoldMinFastPath)
		return r
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
