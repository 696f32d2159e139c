package condparse

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
)

// TestUnsupportedMeasureIsNoCount: an amount a measure the catalog lacks
// governs (a budget, a price, an age), even a few words before it, is no
// follower bound: no count condition is read from it, and its clause is
// remainder with role unsupported, so the box names it as not applied.
// A follower bound in a clause of its own still stands.
func TestUnsupportedMeasureIsNoCount(t *testing.T) {
	tests := []struct {
		text      string
		wantCount string // the followers condition left, "" for none
		// unnamed: a known gap, the amount's span is split from its
		// measure by a ranking term, so it carries no role.
		unnamed bool
	}{
		{"预算控制在一万以内，找日本的美食博主", "", false},
		{"预算五千块以内", "", false},
		{"our budget is capped at 5k, beauty creators", "", false},
		{"budget under $5k per video, fitness creators in Canada", "", false},
		{"报价两千以内的韩国美妆博主", "", false},
		{"the price should stay below 800, tech creators", "", true},
		{"价格不超过三千，粉丝一万以上", "followers gte 10000", false},
		{"美妆博主 预算3万 粉丝5万以上 美国", "followers gte 50000", false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			var counts []string
			for _, s := range readHard(t, tt.text) {
				if len(s) > 9 && s[:9] == "followers" {
					counts = append(counts, s)
				}
			}
			switch {
			case tt.wantCount == "" && len(counts) > 0:
				t.Errorf("Read(%q) reads a follower bound %q from a measure the catalog lacks", tt.text, counts)
			case tt.wantCount != "" && !slices.Contains(counts, tt.wantCount+" applied"):
				t.Errorf("Read(%q) = %q, want %q", tt.text, counts, tt.wantCount)
			}
			if !tt.unnamed && !slices.ContainsFunc(rd.Remainder, func(sp Span) bool { return sp.Role == ResidueUnsupported }) {
				t.Errorf("Read(%q): remainder %+v has no span with role unsupported", tt.text, rd.Remainder)
			}
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
					t.Errorf("Read(%q): keyword %q filters", tt.text, c.Value.Str)
				}
			}
		})
	}
}
