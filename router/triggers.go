package router

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Triggers derived from a regex: a pattern without triggers is gated by
// literals of which every match of its regex must contain one (RE2's
// prefilter idea, in miniature), found at Compile time from the regex's
// syntax tree. The automaton finds them in the same single pass as the
// terms; the regex runs only on inputs that hold one. Lint uses the same
// analysis to report triggers that contradict their regex.

const (
	// maxLitSet bounds the size of a literal set: the comparator cue
	// words of tools/number ({{bound}}, 75 words) are one set; two
	// digits (100) are still two sets.
	maxLitSet = 96
)

// litInfo describes what a regex node matches: exact is the finite set
// of strings it matches (nil when unknown or too large); reqs are sets of
// literals each of which has a member in every match.
type litInfo struct {
	exact []string
	reqs  [][]string
}

// requiredLiterals analyses a regex (as written against normalised text,
// macros expanded) and returns its literal sets, best first. It returns
// nil when the regex does not parse or nothing is required.
func requiredLiterals(src string) [][]string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	return literalSets(re.Simplify())
}

// literalSets is requiredLiterals of a parsed and simplified regex.
func literalSets(re *syntax.Regexp) [][]string {
	info := analyse(re)
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
func analyse(re *syntax.Regexp) litInfo {
	switch re.Op {
	case syntax.OpNoMatch:
		return litInfo{exact: []string{}}
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return litInfo{exact: []string{""}}
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
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
		return analyse(re.Sub[0])
	case syntax.OpQuest:
		sub := analyse(re.Sub[0])
		if sub.exact != nil && len(sub.exact) < maxLitSet {
			return litInfo{exact: union(sub.exact, []string{""})}
		}
		return litInfo{}
	case syntax.OpPlus:
		return atLeastOnce(analyse(re.Sub[0]))
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
			si := analyse(sub)
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
			subs[i] = analyse(sub)
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

// litKind classifies a literal against masked text: plain text, one
// sentinel byte (the k-th vocabulary of the pattern), or unusable (mixes
// sentinels with text).
func litKind(s string) (mark int, ok bool) {
	for i := 0; i < len(s); i++ {
		if isSentinel(s[i]) {
			if len(s) == 1 && s[0] >= maskStart && s[0] < maskStart+maxMaskSlots {
				return int(s[0] - maskStart), true
			}
			return 0, false
		}
	}
	return -1, true
}

func isSentinel(b byte) bool {
	return b >= maskStart && b < maskStart+maxMaskSlots || b == maskCont
}

// commonSet reports whether set has a literal so common in text (white
// space, a single letter) that finding it filters little while costing
// an automaton hit at nearly every word.
func commonSet(set []string) bool {
	for _, s := range set {
		if len(s) == 1 && (s[0] <= ' ' && !isSentinel(s[0]) || isASCIILetter(s[0])) {
			return true
		}
	}
	return false
}

// maxNeeds bounds the literal sets a pattern checks before its regex
// runs: a cheap check, since most triggered runs fail and a failing run
// costs as much as a match.
const maxNeeds = 4

// derivedTriggers returns the most selective literal set of the expanded
// regex src that can serve as triggers: text literals as they are, the
// sentinel of the k-th {{lex:SLOT}} macro as "{{lex:SLOT}}". It returns
// nil when no usable set exists (the pattern then runs on every input).
func derivedTriggers(src string, lexSlots []string) []string {
next:
	for _, set := range requiredLiterals(src) {
		if commonSet(set) {
			continue
		}
		var out []string
		for _, lit := range set {
			k, ok := litKind(lit)
			switch {
			case !ok || k >= len(lexSlots):
				continue next
			case k >= 0:
				lit = "{{lex:" + lexSlots[k] + "}}"
			}
			if !slices.Contains(out, lit) {
				out = append(out, lit)
			}
		}
		return out
	}
	return nil
}

// triggerText is a trigger as the analysis sees it: its normal form, or
// the sentinel byte of a {{lex:SLOT}} trigger.
func triggerText(t string, lexSlots []string) string {
	if m := lexTriggerRe.FindStringSubmatch(t); m != nil {
		if k := slices.Index(lexSlots, m[1]); k >= 0 {
			return string(rune(maskStart + k))
		}
		return ""
	}
	return Normalize(t)
}

// hintContradictions lists how a pattern's declared triggers and anchor
// contradict its expanded regex src: a match that holds none of the
// triggers (the pattern would miss it), and, for anchor: trigger, a
// trigger no match can start with (it never fires).
func hintContradictions(p Pattern, src string, lexSlots []string) []string {
	if len(p.Triggers) == 0 {
		return nil
	}
	trig := make([]string, 0, len(p.Triggers))
	for _, t := range expandTriggers(p.Triggers) {
		if n := triggerText(t, lexSlots); n != "" {
			trig = append(trig, n)
		}
	}
	var out []string
	sets := requiredLiterals(src)
	covered := len(sets) == 0
	var miss string
	for _, set := range sets {
		ok := true
		for _, lit := range set {
			if !slices.ContainsFunc(trig, func(t string) bool { return strings.Contains(lit, t) }) {
				ok = false
				if miss == "" && !strings.ContainsFunc(lit, func(r rune) bool { return r < ' ' }) {
					miss = lit
				}
				break
			}
		}
		if ok {
			covered = true
			break
		}
	}
	if !covered {
		if miss != "" {
			out = append(out, fmt.Sprintf("a match can hold none of its triggers (one with %q, say): the pattern misses it; drop triggers to derive them from the regex", miss))
		} else {
			out = append(out, "a match can hold none of its triggers: the pattern misses it; drop triggers to derive them from the regex")
		}
	}
	if p.Anchor == "trigger" {
		if re, err := syntax.Parse(src, syntax.Perl); err == nil {
			if first := firstLiterals(re.Simplify()); first != nil {
				for _, t := range trig {
					if !slices.ContainsFunc(first, func(f string) bool { return strings.HasPrefix(t, f) || strings.HasPrefix(f, t) }) {
						out = append(out, fmt.Sprintf("anchor: trigger, but no match starts with trigger %q", t))
					}
				}
			}
		}
	}
	return out
}

// firstLiterals is the finite set of strings the first element of re
// matches, or nil when unknown.
func firstLiterals(re *syntax.Regexp) []string {
	for re.Op == syntax.OpCapture {
		re = re.Sub[0]
	}
	if re.Op == syntax.OpConcat && len(re.Sub) > 0 {
		return firstLiterals(re.Sub[0])
	}
	info := analyse(re)
	if info.exact == nil || slices.Contains(info.exact, "") {
		return nil
	}
	return info.exact
}

// wholeAlphabet returns, for a regex src anchored at both ends (^…$), a
// regex that matches the texts made only of runes src can match: a text
// with any other rune cannot match src as a whole. It returns nil for
// other regexes and when src can match any rune.
func wholeAlphabet(src string) *regexp.Regexp {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	if re.Op != syntax.OpConcat || re.Sub[0].Op != syntax.OpBeginText || re.Sub[len(re.Sub)-1].Op != syntax.OpEndText {
		return nil
	}
	var b strings.Builder
	var walk func(re *syntax.Regexp) bool
	walk = func(re *syntax.Regexp) bool {
		switch re.Op {
		case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
			return false
		case syntax.OpLiteral:
			for _, r := range re.Rune {
				fmt.Fprintf(&b, `\x{%x}`, r)
				for f := unicode.SimpleFold(r); f != r && re.Flags&syntax.FoldCase != 0; f = unicode.SimpleFold(f) {
					fmt.Fprintf(&b, `\x{%x}`, f)
				}
			}
		case syntax.OpCharClass:
			for i := 0; i+1 < len(re.Rune); i += 2 {
				fmt.Fprintf(&b, `\x{%x}-\x{%x}`, re.Rune[i], re.Rune[i+1])
			}
		}
		return !slices.ContainsFunc(re.Sub, func(sub *syntax.Regexp) bool { return !walk(sub) })
	}
	if !walk(re) || b.Len() == 0 {
		return nil
	}
	return regexp.MustCompile(`^[` + b.String() + `]*$`)
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
