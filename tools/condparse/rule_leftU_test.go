package condparse

import (
	"strings"
	"testing"
)

// The first-search reading classes of audit 29 (fixU), read by condparse
// alone, with phrasings of my own in zh and en: the tuning phrasings
// beside agent/leftU_test.go; the held-out table runs through the agent
// (agent/leftU_heldout_test.go).
var leftUCases = []leftCase{
	// 1. a place visited, or a product's origin beside a base, ranks
	{in: "lifestyle vloggers from Canada who backpacked through Vietnam", want: []string{`country eq "CA"`, `keyword contains "Vietnam" reference`}, not: []string{`"VN"`}},
	{in: "打卡过泰国的美食博主，新加坡的", want: []string{`country eq "SG"`, `keyword contains "泰国" reference`}, not: []string{`"TH"`}, noKw: []string{"打卡过"}},
	{in: "想去日本旅行的博主", not: []string{`"JP"`}},
	{in: "French wine reviewers based in Australia", want: []string{`country eq "AU"`, `keyword contains "French wine" reference`}, not: []string{`"FR"`}},
	{in: "韩国护肤博主，人在加拿大", want: []string{`country eq "CA"`}, not: []string{`"KR"`}},
	{in: "Korean beauty creators", want: []string{`country eq "KR"`}},
	{in: "beauty creators in the US, the UK would also be ok", want: []string{`country in [US,GB]`}},
	{in: "去掉日本，美国的美妆博主", want: []string{`country eq "US"`}},
	{in: "Mexican cooking creators who post in Spanish", want: []string{`country eq "MX"`, `language eq "es"`}},
	{in: "English/Spanish gaming channels in Canada", want: []string{`language in [en,es]`, `country eq "CA"`}},
	// 2. a city's demonym is its country
	{in: "Londoners who review sneakers", want: []string{`country eq "GB"`}},
	{in: "Angeleno fitness creators", want: []string{`country eq "US"`}},
	{in: "tech creators in the SF Bay Area", want: []string{`country eq "US"`}, noKw: []string{"bay"}},
	// 3. a dead or stopped channel left out asks for activity; week windows
	{in: "travel vloggers, no abandoned channels", want: []string{"last_active within_days 30"}, not: []string{"not_contains"}, noKw: []string{"abandoned"}},
	{in: "gaming creators but nobody who went quiet", want: []string{"last_active within_days 30"}, noKw: []string{"quiet"}},
	{in: "别找僵尸号，母婴博主", want: []string{"last_active within_days 30"}, noKw: []string{"僵尸"}},
	{in: "must have streamed within the past 2 weeks", want: []string{"last_active within_days 14"}},
	{in: "最近3周直播过的游戏主播", want: []string{"last_active within_days 21"}},
	// 4. a loose genre ranks; a title is one term
	{in: "vlog and cooking creators in Italy", want: []string{`country eq "IT"`, `keyword contains "cooking" reference`}, not: []string{`category eq "food" applied`}},
	{in: "travel and food creators in Spain", want: []string{`category in`}},
	{in: "Call of Duty streamers in the US", want: []string{`keyword contains "Call of Duty" reference`}},
	{in: "Dead by Daylight streamers", want: []string{`keyword contains "Dead by Daylight" reference`}, not: []string{"last_active"}},
	// 5. my size with a stated size is a band
	{in: "similar size to me, I have 300k, tech channels", want: []string{"followers between 240000..360000"}, noKw: []string{"size", "have"}},
	{in: "差不多体量，我三十万粉，美妆博主", want: []string{"followers between 240000..360000"}},
	{in: "same size creators, 50k+", want: []string{"followers gte 50000"}},
	{in: "找跟我同量级的游戏博主，我这边粉丝3万", want: []string{"followers between 24000..36000"}, noKw: []string{"量级"}, noStart: []string{"同"}},
	// 6. counts and growth words name no term
	{in: "a dozen fitness creators", want: []string{`category eq "fitness"`}, noKw: []string{"dozen"}},
	{in: "找二十个左右的宠物博主", want: []string{`category eq "pets"`}, noKw: []string{"二十"}},
	{in: "tech channels growing the fastest", want: []string{`category eq "tech"`}, noKw: []string{"growing", "fastest"}},
	{in: "增长最快的健身博主", want: []string{`category eq "fitness"`}, noKw: []string{"增长"}},
}

// TestLeftUClasses runs the tuning table: every case must hold.
func TestLeftUClasses(t *testing.T) {
	for _, tc := range leftUCases {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("Read(%q): %s", tc.in, strings.Join(p, "; "))
		}
	}
}
