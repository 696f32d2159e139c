package condparse

import (
	"slices"
	"testing"
)

// TestAudit33mClasses is the tuning table of audit 33's second sorts and
// paired lower-case codes and a shortfall's words (the held-out table is
// agent/audit33m_heldout_test.go): the second key with its cue is one
// second_sort remainder, never a term or unread text; a code joined to a
// code is a country whatever noun follows, the pronoun stays one.
func TestAudit33mClasses(t *testing.T) {
	for _, tc := range []struct {
		in         string
		want, not  []string
		second     string
		frame      []string
		sortRemain string
	}{
		{in: "按互动率排序，其次按粉丝数", second: "其次按粉丝数", frame: []string{"其次"}},
		{in: "美妆博主，先按粉丝数排再看互动率", second: "再看互动率", frame: []string{"先按", "再看"}},
		{in: "beauty creators in the US, sort by engagement, then by followers", want: []string{`hard country eq "US"`}, second: "then by followers", frame: []string{"then", "followers"}},
		{in: "fitness channels sort by avg views and after that by subs", second: "after that by subs", frame: []string{"after that"}},
		{in: "粉丝一万到五万，再按播放量排"},                                        // one sort, said after a filter
		{in: "sort by views, then remove the cap", frame: []string{}}, // no second key
		// a shortfall conditioning a relaxation is frame
		{in: "bike channels in Canada. If there aren't enough in Canada, include the US too", want: []string{`hard country in [CA,US]`}, frame: []string{"enough"}},
		{in: "找墨西哥的手工博主，如果墨西哥的人不够，哥伦比亚的也可以", want: []string{`hard country in [MX,CO]`}, frame: []string{"不够"}},
		{in: "us or ca fitness creators", want: []string{`hard country in [US,CA]`}},
		{in: "uk and ie beauty girls", want: []string{`hard country in [GB,IE]`}},
		{in: "help us and our team find gaming creators in Peru", want: []string{`hard country eq "PE"`}, not: []string{"US"}},
	} {
		r := readAt(t, tc.in, tc.want, tc.not)
		noTerm(t, r, tc.frame...)
		got := ""
		for _, sp := range r.Remainder {
			if sp.Role == ResidueSecondSort {
				got = sp.Text
			}
		}
		if got != tc.second && !(tc.second != "" && len(got) > len(tc.second) && got[len(got)-len(tc.second):] == tc.second) {
			t.Errorf("Read(%q): second sort %q, want %q (remainder %+v)", tc.in, got, tc.second, r.Remainder)
		}
		if tc.second != "" && r.Sort == nil {
			t.Errorf("Read(%q): no sort", tc.in)
		}
		if slices.ContainsFunc(r.Remainder, func(sp Span) bool { return sp.Role == "" && tc.second != "" }) {
			t.Errorf("Read(%q): unread text %+v", tc.in, r.Remainder)
		}
	}
}
