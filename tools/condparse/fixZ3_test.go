package condparse

import (
	"testing"
)

// TestFixZ3Readings is the reading side of fixZ3's classes Z1 (a
// keep-only narrows the held list: no IssueAdded), Z2 (连同 /
// 加埋 / 連埋 add a value to the held list: IssueAdded) and Z5 (a creator
// noun of a category excluded is the category left out; a wanted
// "vloggers" names no category).
func TestFixZ3Readings(t *testing.T) {
	tests := []struct{ text, want string }{
		{"no gamers", "category not_in [gaming] []"},
		{"leave out the gamers", "category not_in [gaming] []"},
		{"channels in the UK, no gamers", "country eq GB []; category not_in [gaming] []"},
		{"skip the vloggers", "category not_in [lifestyle] []"},
		{"food channels in Canada but no vloggers", "category eq food []; country eq CA []; category not_in [lifestyle] []"},
		{"cooking channels, no chefs", "category eq food []; keyword not_contains chefs []"},
		{"vloggers in the UK", "country eq GB []"},
		{"travel vloggers in Spain", "category eq travel []; country eq ES []"},
		{"gamers in the UK", "category eq gaming []; country eq GB []"},
		{"连同英国", "country eq GB [added]"},
		{"加埋加拿大", "country eq CA [added]"},
		{"連埋英國", "country eq GB [added]"},
		{"换成英国", "country eq GB []"},
		// Z1: a keep-only narrows, never adds; an "also" on the keep adds
		{"of these keep the UK ones and only those that also do travel stuff", "country eq GB []; category eq travel [added]"},
		{"只保留英国的", "country eq GB []"},
		{"这些里面英国的留下，最好也做旅行的", "country eq GB []; category eq travel []"},
		{"keep Japan too", "country eq JP [added]"},
		{"also keep Japan", "country eq JP [added]"},
	}
	for _, tt := range tests {
		r, _ := Parse(tt.text)
		if g := condsLine(r); g != tt.want {
			t.Errorf("%q: got %q, want %q", tt.text, g, tt.want)
		}
	}
}
