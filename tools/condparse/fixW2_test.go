package condparse

import (
	"fmt"
	"strings"
	"testing"
)

// TestFixW2Readings is the tuning table of fixW2's classes W2 (a creator
// noun excluded is its kind left out, never a keyword) and W4 (a clause
// asking an amount of a figure of the results is a question, never a
// term).
func TestFixW2Readings(t *testing.T) {
	tests := []struct {
		text string
		want string // the conditions, "field op value" joined by "; "
		ask  bool   // a question residue is named
	}{
		{"leave out the chefs", "category not_in [food]", false},
		{"skip the comedians", "category not_in [comedy]", false},
		{"without comedians", "category not_in [comedy]", false},
		{"no more of the comedians", "category not_in [comedy]", false},
		{"不要厨师", "category not_in [food]", false},
		{"comedians in the UK", "category eq comedy; country eq GB", false},
		{"cooking channels, no chefs", "category eq food; keyword not_contains chefs", false},
		{"平均粉丝多少", "", true},
		{"这些人一般多少粉", "", true},
		{"这批人平均有多少粉丝", "", true},
		{"美国的，平均多少粉", "country eq US", true},
		{"粉丝多少都行", "", false},
		{"小红书风的咖啡博主", "category eq food; keyword contains 小红书风; keyword contains 咖啡", false},
	}
	for _, tt := range tests {
		r, _ := Parse(tt.text)
		got := ""
		for i, c := range r.Conditions {
			if i > 0 {
				got += "; "
			}
			got += fmt.Sprintf("%s %s %s", c.Field, c.Op, strings.ReplaceAll(c.Value.String(), `"`, ""))
		}
		if got != tt.want {
			t.Errorf("%q: conditions %q, want %q", tt.text, got, tt.want)
		}
		ask := false
		for _, s := range r.Remainder {
			if s.Role == ResidueQuestion {
				ask = true
			}
		}
		if ask != tt.ask {
			t.Errorf("%q: question %v, want %v (remainder %v)", tt.text, ask, tt.ask, r.Remainder)
		}
	}
}
