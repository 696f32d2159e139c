package router

import (
	"regexp"
	"strings"
	"testing"

	"searchagent/tools/number"
)

// TestBoundCuesAreTheNumberLists: the comparator cue words live once, in
// tools/number. The count macros and the {{bound}} macros hold every
// word of those lists, and no spec pattern spells a list of its own: a
// regex alternation of three or more cue words, or a trigger list of
// them, in a pattern that reads a count or ratio fails here (use {{bound}} and
// {{bound_after}}, and the trigger macro).
func TestBoundCuesAreTheNumberLists(t *testing.T) {
	for name, tc := range map[string]struct {
		re    string
		lists [][]string
	}{
		"count (before)":  {countRe, [][]string{number.MinBefore, number.MaxBefore}},
		"count (after)":   {countBareRe, [][]string{number.MinAfter, number.MaxAfter}},
		"{{bound}}":       {boundWordsRe, [][]string{cueWords(number.MinBefore), cueWords(number.MaxBefore)}},
		"{{bound_after}}": {boundAfterRe, [][]string{number.MinAfter, number.MaxAfter}},
	} {
		for _, l := range tc.lists {
			for _, w := range l {
				if !strings.Contains(tc.re, regexp.QuoteMeta(w)) {
					t.Errorf("%s lacks the cue word %q", name, w)
				}
			}
		}
	}
	isCue := map[string]bool{}
	for _, l := range [][]string{number.MinBefore, number.MaxBefore, number.MinAfter, number.MaxAfter} {
		for _, w := range cueWords(l) {
			isCue[w] = true
		}
	}
	alt := regexp.MustCompile(`\(\?:([^()]*)\)`)
	specs, err := DefaultSpecs()
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range specs {
		for _, p := range sp.Patterns {
			if !strings.Contains(p.Regex, "{{count") && !strings.Contains(p.Regex, "{{ratio") {
				continue // a bound of a count or ratio; 以内 of a time window is no count cue
			}
			for _, m := range alt.FindAllStringSubmatch(p.Regex, -1) {
				n := 0
				for _, w := range strings.Split(m[1], "|") {
					if isCue[strings.ReplaceAll(w, `\s+`, " ")] {
						n++
					}
				}
				if n >= 3 {
					t.Errorf("spec %s pattern %s spells %d comparator cue words of its own in %q: use the {{bound…}} macros", sp.ID, p.Name, n, m[0])
				}
			}
			n := 0
			for _, tr := range p.Triggers {
				if isCue[strings.ToLower(tr)] {
					n++
				}
			}
			if n >= 3 {
				t.Errorf("spec %s pattern %s lists %d comparator cue words as triggers: use ['{{bound}}']", sp.ID, p.Name, n)
			}
		}
	}
}
