package condparse

import (
	"strings"
	"testing"
)

// TestAudit33yClasses is the tuning table of audit 33's classes S1, S2,
// S4 and M5 (the held-out table is agent/audit33y_heldout_test.go; the
// clock here is 2026-12-06 12:00): an English window from a date after a
// posting verb ("posted after Oct 1", "since 10/15", "since 2026-11-01"),
// the days' shorthand ("w/in last 30d") while a campaign date stays out of
// the window; a lower-case country code heading a "+", "&", "/" list or
// ending a follow-up ("+ ie too"), never the pronoun; a demonym before
// "content" is the language; 太 heading a noun (太阳能板) is the noun's.
// want are prefixes of brief lines that must be read; never substrings no
// line may hold; frame words no keyword may hold.
func TestAudit33yClasses(t *testing.T) {
	for _, tc := range []struct {
		in          string
		want, never []string
		frame       []string
	}{
		// S1: a date tied to activity
		{in: "Fragrance reviewers on YouTube, France or Italy, who've posted after Oct 1, at least 25k subs", want: []string{`hard last_active within_days 67 applied`, `hard country in [FR,IT]`}},
		{in: "skincare creators who uploaded after November 15", want: []string{`hard last_active within_days 22 applied`}},
		{in: "vloggers in Chile active since 10/15", want: []string{`hard last_active within_days 53 applied`, `hard country eq "CL"`}},
		{in: "gaming channels that posted since 2026-11-01", want: []string{`hard last_active within_days 36 applied`}, never: []string{"within_days 340"}},
		{in: "posted w/in last 30d, us + uk", want: []string{`hard last_active within_days 30 applied`, `hard country in [US,GB]`}, frame: []string{"30d", "+"}},
		{in: "uploaded in the past 45d", want: []string{`hard last_active within_days 45 applied`}, frame: []string{"45d"}},
		{in: "active in the past 3wks", want: []string{`hard last_active within_days 21 applied`}},
		// a campaign or deadline date stays out of the window
		{in: "beauty creators in Korea, we launch after Oct 1", want: []string{`hard country eq "KR"`}, never: []string{"last_active"}},
		{in: "food creators in Peru, need them by Oct 1", want: []string{`hard country eq "PE"`}, never: []string{"last_active"}},
		{in: "3d printing channels in Germany", want: []string{`hard country eq "DE"`}, never: []string{"last_active"}},
		// S2: a code heading a list, never the pronoun
		{in: "fitness creators, us & ca, 10k+", want: []string{`hard country in [US,CA]`}},
		{in: "us/uk beauty creators", want: []string{`hard country in [US,GB]`}},
		{in: "add uk + ie too", want: []string{`hard country in [GB,IE]`}},
		{in: "help us find gaming creators in germany", want: []string{`hard country eq "DE"`}, never: []string{"US"}},
		{in: "find for us some travel creators in Peru", want: []string{`hard country eq "PE"`}, never: []string{"US"}},
		// S4: a demonym before "content" is the language
		{in: "want IG watch reviewers in Japan or South Korea, 40k+ followers, japanese or korean content", want: []string{`hard country in [JP,KR]`, `hard language in [ja,ko]`}},
		{in: "food channels in Spain or Mexico, Spanish content only", want: []string{`hard country in [ES,MX]`, `hard language eq "es"`}},
		{in: "Japanese content creators, 10k+", want: []string{`hard country eq "JP"`}, never: []string{"language"}},
		// M5: 太 inside a noun
		{in: "找美国做家庭储能和太阳能板测评的频道", want: []string{`keyword keyword contains "太阳能板"`}, never: []string{`"阳能板"`}},
		{in: "找太空科普类的频道", want: []string{`keyword keyword contains "太空`}},
		{in: "不要太商业化的美妆博主", want: []string{`soft preference avoid "商业化"`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.frame...)
		for _, c := range r.Conditions {
			for _, n := range tc.never {
				if b := brief(c); strings.Contains(b, n) {
					t.Errorf("Read(%q): %s holds %q", tc.in, b, n)
				}
			}
		}
	}
}
