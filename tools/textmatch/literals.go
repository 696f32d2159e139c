package textmatch

import (
	"regexp/syntax"
	"slices"
	"strings"
	"unicode/utf8"
)

// Required literals of a regular expression: sets of strings one of which
// every match contains, found from its syntax tree (RE2's prefilter idea,
// in miniature). The router derives a pattern's triggers from them; the
// condition parser skips an expression whose literals an input holds
// none of.

// maxLitSet bounds the size of a literal set: the comparator cue words
// of tools/number ({{bound}}, about a hundred words, fewer once the words
// that hold another are left out: minimalSet) are one set; two digits
// (100) are still two sets.
const maxLitSet = 96

// litInfo describes what a regex node matches: exact is the finite set
// of strings it matches (nil when unknown or too large); reqs are sets of
// literals each of which has a member in every match.
type litInfo struct {
	exact []string
	reqs  [][]string
}

// RequiredLiterals returns the literal sets of a parsed and simplified
// regex (syntax.Regexp.Simplify), best first: every match holds a member
// of each set. With foldCase, a case-insensitive literal ((?i)) counts by
// its own runes, for a caller that compares case-folded text; without, it
// tells nothing (the router's text is normalised, its regexes are not
// folded).
func RequiredLiterals(re *syntax.Regexp, foldCase bool) [][]string {
	info := analyse(re, foldCase)
	sets := info.reqs
	if info.exact != nil {
		sets = append(sets, info.exact)
	}
	var out [][]string
	for _, s := range sets {
		if usableSet(s) {
			out = append(out, minimalSet(s))
		}
	}
	slices.SortStableFunc(out, func(a, b []string) int { return setScore(b) - setScore(a) })
	return out
}

// usableSet reports whether a set constrains anything: no empty literal,
// not too large.
func usableSet(s []string) bool {
	return len(s) <= maxLitSet && !slices.Contains(s, "")
}

// setScore ranks sets: longer shortest literals and fewer literals first.
func setScore(s []string) int {
	if len(s) == 0 {
		return 1 << 20 // matches nothing: decisive
	}
	m := len(s[0])
	for _, x := range s {
		m = min(m, len(x))
	}
	return m*100 - len(s)
}

// analyse is the litInfo of a simplified regex (Simplify leaves no
// counted repetition, OpRepeat).
func analyse(re *syntax.Regexp, fold bool) litInfo {
	switch re.Op {
	case syntax.OpNoMatch:
		return litInfo{exact: []string{}}
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return litInfo{exact: []string{""}}
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 && !fold {
			return litInfo{}
		}
		return litInfo{exact: []string{string(re.Rune)}}
	case syntax.OpCharClass:
		n := 0
		for i := 0; i+1 < len(re.Rune); i += 2 {
			n += int(re.Rune[i+1]-re.Rune[i]) + 1
			if n > 16 {
				return litInfo{}
			}
		}
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if !utf8.ValidRune(r) {
					return litInfo{}
				}
				out = append(out, string(r))
			}
		}
		return litInfo{exact: out}
	case syntax.OpCapture:
		return analyse(re.Sub[0], fold)
	case syntax.OpQuest:
		sub := analyse(re.Sub[0], fold)
		if sub.exact != nil && len(sub.exact) < maxLitSet {
			return litInfo{exact: union(sub.exact, []string{""})}
		}
		return litInfo{}
	case syntax.OpPlus:
		return atLeastOnce(analyse(re.Sub[0], fold))
	case syntax.OpConcat:
		var info litInfo
		run := []string{""}
		allExact := true
		flush := func() {
			if usableSet(run) {
				info.reqs = append(info.reqs, run)
			}
			run = []string{""}
		}
		for _, sub := range re.Sub {
			si := analyse(sub, fold)
			if si.exact == nil {
				allExact = false
				flush()
				info.reqs = append(info.reqs, si.reqs...)
				continue
			}
			if len(run)*len(si.exact) > maxLitSet {
				allExact = false
				flush()
				run = si.exact
				continue
			}
			run = cross(run, si.exact)
		}
		if allExact {
			info.exact = run
			return info
		}
		flush()
		return info
	case syntax.OpAlternate:
		subs := make([]litInfo, len(re.Sub))
		for i, sub := range re.Sub {
			subs[i] = analyse(sub, fold)
		}
		var exact []string
		allExact := true
		for _, si := range subs {
			if si.exact == nil {
				allExact = false
				break
			}
			exact = union(exact, si.exact)
		}
		if allExact && len(exact) <= maxLitSet {
			return litInfo{exact: exact}
		}
		if allExact {
			// Too many strings to be exact, but a member that holds
			// another adds nothing to a required set ("exceeding" holds
			// "exceed", "a floor of" "floor"): the comparator cue words
			// stay one set as they grow.
			if m := minimalSet(exact); len(m) <= maxLitSet {
				return litInfo{reqs: [][]string{m}}
			}
		}
		// Each match goes through one branch and holds a literal of each
		// of its sets: every choice of one set per branch gives a
		// required union. The best few choices are kept, so that a later
		// check can demand several (a digit and "yo", not "yo" alone).
		combos := [][]string{nil}
		for _, si := range subs {
			cands := usableSets(si)
			if len(cands) == 0 {
				return litInfo{}
			}
			var next [][]string
			for _, c := range combos {
				for _, set := range cands {
					if u := union(c, set); len(u) <= maxLitSet {
						next = append(next, u)
					}
				}
			}
			if len(next) == 0 {
				return litInfo{}
			}
			slices.SortStableFunc(next, func(a, b []string) int { return setScore(b) - setScore(a) })
			combos = next[:min(len(next), maxAltSets)]
		}
		return litInfo{reqs: combos}
	}
	return litInfo{}
}

// atLeastOnce is the info of a node repeated one or more times.
func atLeastOnce(sub litInfo) litInfo {
	reqs := sub.reqs
	if sub.exact != nil {
		reqs = append(reqs, sub.exact)
	}
	return litInfo{reqs: reqs}
}

// maxAltSets bounds the required sets an alternation keeps, and the
// sets per branch it combines.
const maxAltSets = 4

// usableSets are a node's usable sets, most selective first, at most
// maxAltSets.
func usableSets(si litInfo) [][]string {
	cands := si.reqs
	if si.exact != nil {
		cands = append(cands[:len(cands):len(cands)], si.exact)
	}
	var out [][]string
	for _, s := range cands {
		if usableSet(s) {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b []string) int { return setScore(b) - setScore(a) })
	return out[:min(len(out), maxAltSets)]
}

func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			if s := x + y; !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

func union(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, y := range b {
		if !slices.Contains(out, y) {
			out = append(out, y)
		}
	}
	return out
}

// minimalSet drops literals that contain another literal of the set:
// wherever they occur, the shorter one occurs too.
func minimalSet(set []string) []string {
	var out []string
	for i, s := range set {
		redundant := false
		for j, t := range set {
			if i != j && strings.Contains(s, t) && (len(t) < len(s) || j < i) {
				redundant = true
				break
			}
		}
		if !redundant {
			out = append(out, s)
		}
	}
	return out
}

// ExactLiterals is the finite set of strings re matches (a simplified
// regex, case-sensitive literals only), or nil when unknown or too large.
func ExactLiterals(re *syntax.Regexp) []string {
	return analyse(re, false).exact
}
