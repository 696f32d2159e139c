package condparse

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
)

// TestRelativeComparativeIsVague: a comparative relative to the results
// held ("smaller ones", "bigger than these", 再大一点的, 小一些的) is a vague
// amount — remainder with role vague, named — never a keyword; with a
// number it is a bound ("bigger than 100k", "smaller than 50k followers").
func TestRelativeComparativeIsVague(t *testing.T) {
	tests := []struct {
		text  string
		bound string // the followers condition, "" for none
	}{
		{"smaller ones", ""},
		{"the smaller ones", ""},
		{"bigger than these", ""},
		{"those but bigger", ""},
		{"larger than those please", ""},
		{"再大一点的", ""},
		{"小一些的", ""},
		{"比这些大的", ""},
		{"有没有粉丝更多一点的", ""},
		{"稍微大一点的", ""},
		{"bigger than 100k", "followers gte 100000 applied"},
		{"smaller than 50k followers", "followers lte 50000 applied"},
		{"larger than 20k subs, in Japan", "followers gte 20000 applied"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword {
					t.Errorf("Read(%q): keyword %q from a comparative", tt.text, c.Value.Str)
				}
			}
			got := readHard(t, tt.text)
			if tt.bound == "" {
				if len(got) > 0 {
					t.Errorf("Read(%q) = %q, want no condition", tt.text, got)
				}
				if !slices.ContainsFunc(rd.Remainder, func(sp Span) bool { return sp.Role == ResidueVague }) {
					t.Errorf("Read(%q): remainder %+v has no vague span", tt.text, rd.Remainder)
				}
				return
			}
			if !slices.Contains(got, tt.bound) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, tt.bound)
			}
		})
	}
}
