package condparse

import (
	"slices"
	"testing"
)

// TestComplainedFigureLetGo: a figure said to be too small or too large,
// with the figure meant after it, is let go: the later figure is the one
// bound, applied, never two conflicting pending bounds. Without a figure
// after it the complaint keeps its reading.
func TestComplainedFigureLetGo(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"两三千太少了，最少要八千", []string{`hard followers gte 8000 applied`}},
		{"5k subscribers is too small, 25k or more", []string{`hard followers gte 25000 applied`}},
		{"二十万太多了 五万以内吧", []string{`hard followers lte 50000 applied`}},
		{"100k is too big, keep it under 40k", []string{`hard followers lte 40000 applied`}},
		{"粉丝一万太低了，三万起", []string{`hard followers gte 30000 applied`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		n := 0
		for _, c := range r.Conditions {
			if c.Field == "followers" {
				n++
			}
			if slices.Contains(c.Issues, IssueConflict) {
				t.Errorf("Read(%q): a conflict remains: %s", tc.in, brief(c))
			}
		}
		if n != 1 {
			t.Errorf("Read(%q): %d follower conditions, want 1: %q", tc.in, n, briefs(r.Result))
		}
	}
}
