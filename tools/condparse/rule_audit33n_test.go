package condparse

import "testing"

// TestAudit33nClasses is the tuning table of audit 33's last classes
// (the held-out table is agent/audit33n_heldout_test.go): a window said
// as "post in" a calendar period or a year runs from its start to now; a
// writer's business said in telegraphic English is frame, its goods one
// ranking term and its country no filter; the goods of a Chinese brand
// description rank, the brand frame dropped. The clock is 2026-12-06.
func TestAudit33nClasses(t *testing.T) {
	for _, tc := range []struct {
		in        string
		want, not []string
		frame     []string
	}{
		{in: "TikTok KOL in Vietnam and Thailand, please only who post in this month", want: []string{"hard last_active within_days 6"}},
		{in: "gaming creators in Brazil who upload in this week", want: []string{"hard last_active within_days"}},
		{in: "tech channels active in 2026, 10k+ subs", want: []string{"hard last_active within_days 340"}},
		{in: "We are Vietnam company sell fragrance, want creators in Thailand", want: []string{`hard country eq "TH"`, `keyword keyword contains "fragrance"`}, not: []string{"VN"}, frame: []string{"company", "sell"}},
		{in: "our shop selling pet food want Instagram creators in Chile", want: []string{`hard country eq "CL"`}, frame: []string{"shop", "selling"}},
		{in: "我們是香港的手錶品牌，想找美國的 IG 網紅", want: []string{`hard country eq "US"`, `keyword keyword contains "手錶"`}, not: []string{"HK"}, frame: []string{"品牌", "我們"}},
	} {
		r := readAt(t, tc.in, tc.want, tc.not)
		noTerm(t, r, tc.frame...)
	}
}
