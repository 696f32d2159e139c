package condparse

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
)

// TestVagueSizeKeepsTopic: a vague size phrase ("not too big, not too
// small", 粉丝不要太大也不要太小) sets no number and never swallows the
// topic said after it, however long the clause (audit 34, S7).
func TestVagueSizeKeepsTopic(t *testing.T) {
	tests := []struct {
		in    string
		terms []string
	}{
		{"not too big, not too small — horse riding / equestrian creators in the UK or Ireland for our riding school's summer camp promo", []string{"horse riding", "equestrian"}},
		{"粉丝不要太大也不要太小——马术博主，英国", []string{"马术"}},
		{"粉丝不要太大也不要太小 马术博主 英国", []string{"马术"}},
		{"woodworking / carpentry channels in Canada for our hardware store's spring tool sale promo", []string{"woodworking", "carpentry"}},
	}
	for _, tt := range tests {
		res, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range res.Conditions {
			if c.Field == condition.Followers {
				t.Errorf("%q: a followers bound %v from a vague phrase", tt.in, c.Value)
			}
			if c.Kind == condition.KindKeyword {
				got = append(got, c.Value.Str)
			}
		}
		for _, w := range tt.terms {
			if !slices.Contains(got, w) {
				t.Errorf("%q: terms %v, want %q among them", tt.in, got, w)
			}
		}
	}
}
