package number

import (
	"slices"
	"strings"
	"testing"
)

// TestCueLists: the comparator cue lists are lower case, each word once
// per list, every negated upper bound is a lower bound, and ParseRange
// reads each word before a number with its direction (the lists and the
// sentence reader cannot drift apart).
func TestCueLists(t *testing.T) {
	lists := map[string][]string{"MinBefore": MinBefore, "MaxBefore": MaxBefore, "MinAfter": MinAfter, "MaxAfter": MaxAfter, "NegatedMax": NegatedMax}
	for name, l := range lists {
		for i, w := range l {
			if w != strings.ToLower(w) || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("%s[%d] = %q: want a trimmed lower-case word", name, i, w)
			}
			if slices.Index(l, w) != i {
				t.Errorf("%s lists %q twice", name, w)
			}
		}
	}
	for _, w := range NegatedMax {
		if !slices.Contains(MinBefore, w) {
			t.Errorf("NegatedMax %q is not in MinBefore", w)
		}
	}
	for _, tc := range []struct {
		list []string
		max  bool
	}{{MinBefore, false}, {MaxBefore, true}} {
		for _, w := range tc.list {
			if substringUnsafe[w] {
				continue
			}
			r, err := ParseRange(w + " 50000")
			if err != nil {
				t.Errorf("ParseRange(%q): %v", w+" 50000", err)
				continue
			}
			if got := r.Max != nil; got != tc.max {
				t.Errorf("ParseRange(%q) = %s, want an upper bound: %v", w+" 50000", r, tc.max)
			}
		}
	}
	for _, tc := range []struct {
		list []string
		max  bool
	}{{MinAfter, false}, {MaxAfter, true}} {
		for _, w := range tc.list {
			if substringUnsafe[w] {
				continue
			}
			r, err := ParseRange("50000 " + w)
			if err != nil {
				t.Errorf("ParseRange(%q): %v", "50000 "+w, err)
				continue
			}
			if got := r.Max != nil; got != tc.max {
				t.Errorf("ParseRange(%q) = %s, want an upper bound: %v", "50000 "+w, r, tc.max)
			}
		}
	}
}
