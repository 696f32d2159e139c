package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestStyleItem: a clause that ends in a style noun ("…, old-money look",
// "…, minimal aesthetic") ranks, also where a comma makes it look like a
// list item typed; a list item without one still filters as typed.
func TestStyleItem(t *testing.T) {
	for _, tc := range []struct {
		in, term string
		status   condition.Status
	}{
		{"Parisian fashion creators with an understated, old-money look, 40k-250k followers", "old-money look", condition.StatusReference},
		{"fashion creators with a calm, minimal aesthetic", "minimal aesthetic", condition.StatusReference},
		{"vloggers in Japan, 10k+, clean girl look", "clean girl look", condition.StatusReference},
		{"beauty creators, Korea, glass skin look, 50k+", "glass skin look", condition.StatusReference},
		{"home decor creators in Sweden, 20k+, cozy scandinavian vibe", "cozy", condition.StatusReference},
		// a list item typed without a style noun filters
		{"找美国博主，Hollyland 麦克风", "Hollyland", condition.StatusApplied},
		{"find me a reviewer, Sony A7 IV, Germany", "Sony A7 IV", condition.StatusApplied},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range r.Conditions {
				if c.Kind == condition.KindKeyword && c.Value.Str == tc.term {
					if c.Status != tc.status {
						t.Errorf("%q: status %s, want %s", tc.term, c.Status, tc.status)
					}
					return
				}
			}
			t.Errorf("no keyword %q in %+v", tc.term, r.Conditions)
		})
	}
}
