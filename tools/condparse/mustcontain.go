package condparse

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
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

// newMustContain derives the condition of re.
func newMustContain(re *regexp.Regexp) mustContain {
	parsed, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return mustContain{any: true}
	}
	lits, ok := required(parsed.Simplify())
	if !ok {
		return mustContain{any: true}
	}
	for i, l := range lits {
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

// maxClassRunes bounds the runes a character class contributes as
// literals of its own.
const maxClassRunes = 12

// required returns strings one of which every match of re contains, ok
// false when there are none to tell (an empty match, any character, a
// large class).
func required(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCharClass:
		var rs []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			lo, hi := re.Rune[i], re.Rune[i+1]
			if hi-lo+1 > maxClassRunes || len(rs)+int(hi-lo+1) > maxClassRunes {
				return nil, false
			}
			for r := lo; r <= hi; r++ {
				rs = append(rs, string(r))
			}
		}
		return rs, len(rs) > 0
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min < 1 {
			return nil, false
		}
		return required(re.Sub[0])
	case syntax.OpConcat:
		// Any one part's strings will do: the one whose shortest string
		// is longest (the most selective).
		var best []string
		bestLen := 0
		for _, sub := range re.Sub {
			lits, ok := required(sub)
			if !ok {
				continue
			}
			short := utf8.RuneCountInString(slices.MinFunc(lits, func(a, b string) int {
				return utf8.RuneCountInString(a) - utf8.RuneCountInString(b)
			}))
			if short > bestLen {
				best, bestLen = lits, short
			}
		}
		return best, best != nil
	case syntax.OpAlternate:
		var all []string
		for _, sub := range re.Sub {
			lits, ok := required(sub)
			if !ok {
				return nil, false
			}
			all = append(all, lits...)
		}
		return all, true
	}
	return nil, false
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
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
