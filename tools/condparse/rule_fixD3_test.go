package condparse

import "testing"

// TestFixD3 is the tuning table of the audit's classes D1 (a labelled
// field of a key/value brief), D2 (a window as a brief's cell, a hedged
// window), D3 (one field said twice: the later value applies) and D4 (a
// loose count is a range around its figure), with the readings that must
// not change beside them.
func TestFixD3(t *testing.T) {
	cases := []heldCase{
		// D1
		{"region = DE/AT, category = gaming", []string{"countries DE,AT", "cat gaming", "noterm at"}},
		{"country: BR; platform = YouTube; followers = 20k-80k", []string{"has hard country eq \"BR\" applied", "followers lo 20000..20000 hi 80000..80000", "noterm br"}},
		{"followers - 10k+, country - uk, language - en", []string{"has hard country eq \"GB\" applied", "lang en", "noterm en"}},
		{"category = beauty, country = it", []string{"has hard country eq \"IT\" applied", "cat beauty", "nohardterm"}},
		{"geo - UK", []string{"has hard country eq \"GB\" applied"}},
		{"国家=日本，地区：美国", []string{"nohardterm"}},
		// D2
		{"window: 14 days", []string{"active 14..14", "nohardterm"}},
		{"window = 60d, country = US", []string{"active 60..60", "has hard country eq \"US\" applied", "noterm 60d"}},
		{"US/beauty/10k+/30d", []string{"active 30..30", "noterm 30d"}},
		{"beauty | US | 10k+ | 90 days |", []string{"active 90..90", "nohardterm"}},
		{"recency - 3 weeks, geo - US", []string{"active 21..21", "has hard country eq \"US\" applied"}},
		{"posted circa within the last month", []string{"active 30..30", "nohardterm"}},
		{"大概最近一个月内活跃", []string{"active 30..30", "nohardterm"}},
		{"最近大概两个月有更新", []string{"active 60..60", "nohardterm"}},
		{"comedy tiktokers posted in the last ten days or so", []string{"active 10..10", "nohardterm"}},
		{"近两周左右有更新的美食博主", []string{"active 14..14", "nohardterm"}},
		// not a window: a slash pair that is no brief, a 3d printer
		{"3d printing channels", []string{"noactive"}},
		// D3
		{"last 30 days, actually within 14 days", []string{"active 14..14", "oneactive"}},
		{"active in the past 2 months, actually the last 3 weeks", []string{"active 21..21", "oneactive"}},
		{"粉丝 1w+，粉丝 2w+", []string{"followers lo 20000..20000 nohi", "onefollowers"}},
		// a range said in two bounds is one range, not a replacement
		{"粉丝1万以上，粉丝5万以下", []string{"followers lo 10000..10000 hi 50000..50000", "onefollowers"}},
		// D4
		{"beauty creators with 30k followers roughly", []string{"followers lo 24000..24000 hi 36000..36000"}},
		{"give or take 30k followers", []string{"followers lo 24000..24000 hi 36000..36000", "noterm give"}},
		{"30k-ish followers", []string{"followers lo 24000..24000 hi 36000..36000", "noterm ish"}},
		{"30k subs more or less, US", []string{"followers lo 24000..24000 hi 36000..36000"}},
		{"粉丝3万上下浮动", []string{"followers lo 24000..24000 hi 36000..36000", "nohardterm"}},
		// the hedge before the next figure is that figure's
		{"30k subs roughly 50k views", []string{"followers lo 30000..30000 nohi"}},
	}
	for _, tc := range cases {
		for _, m := range missesFixD3(t, readAt(t, tc.in, nil, nil), tc.checks) {
			t.Error(m)
		}
	}
}

// TestFixD3Replaced: the value said earlier and replaced is named in
// Result.Replaced with the value that replaced it; a range said in two
// bounds replaces nothing.
func TestFixD3Replaced(t *testing.T) {
	for _, tc := range []struct{ in, from, to string }{
		{"粉丝5万以上的美妆博主。补充：粉丝10万以上", "Followers ≥ 50K", "Followers ≥ 100K"},
		{"gaming creators, active in the last 60 days... actually make it the last 20 days", "Active in last 60 days", "Active in last 20 days"},
		{"粉丝1万以上，粉丝5万以下", "", ""},
	} {
		r := readAt(t, tc.in, nil, nil)
		if tc.from == "" {
			if len(r.Replaced) != 0 {
				t.Errorf("Read(%q).Replaced = %v, want none", tc.in, r.Replaced)
			}
			continue
		}
		if len(r.Replaced) != 1 || r.Replaced[0].From.EN != tc.from || r.Replaced[0].To.EN != tc.to {
			t.Errorf("Read(%q).Replaced = %v, want %s → %s", tc.in, r.Replaced, tc.from, tc.to)
		}
	}
}
