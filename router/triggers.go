package router

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"searchagent/tools/textmatch"
	"slices"
	"strings"
	"unicode"
)

// Triggers derived from a regex: a pattern without triggers is gated by
// literals of which every match of its regex must contain one (RE2's
// prefilter idea, in miniature), found at Compile time from the regex's
// syntax tree. The automaton finds them in the same single pass as the
// terms; the regex runs only on inputs that hold one. Lint uses the same
// analysis to report triggers that contradict their regex.

// requiredLiterals analyses a regex (as written against normalised text,
// macros expanded) and returns its literal sets, best first. It returns
// nil when the regex does not parse or nothing is required.
func requiredLiterals(src string) [][]string {
	re, err := syntax.Parse(src, syntax.Perl)
	if err != nil {
		return nil
	}
	return textmatch.RequiredLiterals(re.Simplify(), false)
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
	exact := textmatch.ExactLiterals(re)
	if exact == nil || slices.Contains(exact, "") {
		return nil
	}
	return exact
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
