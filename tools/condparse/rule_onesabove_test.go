package condparse

import (
	"testing"

	"searchagent/tools/condition"
)

// TestOnesAboveFigure: "the ones above" before a figure is a bound, never
// the results pointed at ("only the ones above 80k" was read as talk about
// the list and its figure left unread, so the follow-up changed nothing).
func TestOnesAboveFigure(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{
		{"only the ones above 80k", 80000},
		{"just the ones above 50k, English", 50000},
		{"keep the ones above 120k subscribers", 120000},
		{"the ones above 5万", 50000},
	} {
		t.Run(tc.in, func(t *testing.T) {
			r, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range r.Conditions {
				if c.Field == condition.Followers && c.Op == condition.OpGte && c.Value.Int == tc.want && c.Status == condition.StatusApplied {
					return
				}
			}
			t.Errorf("no followers ≥ %d in %+v", tc.want, r.Conditions)
		})
	}
}
