package agent

import "testing"

// The first-search reading classes of audit 29 (issue 26 items 1, 2, 4;
// fixU), read through the agent with phrasings of my own, zh and en: the
// tuning table, one block per class. The held-out table, written before
// any fix and never tuned on, is in leftU_heldout_test.go; what condparse
// reads alone is in tools/condparse/rule_leftU_test.go.
var leftUTuning = []case24y{
	// 1. a place visited or a product's origin is no country of the
	// creators; their base is
	{platform: "instagram", loc: "en", first: "food creators from Germany who travelled to Mexico", want: []string{"country eq DE"}, not: []string{"MX"}, ranks: []string{"Mexico"}},
	{platform: "youtube", loc: "zh", first: "到过越南的澳大利亚旅行博主", want: []string{"country eq AU"}, not: []string{"VN"}},
	{platform: "instagram", loc: "en", first: "Japanese stationery reviewers living in Canada", want: []string{"country eq CA"}, not: []string{"JP"}, ranks: []string{"Japanese"}},
	{platform: "instagram", loc: "zh", first: "意大利皮具测评，在英国的博主", want: []string{"country eq GB"}, not: []string{"IT"}},
	{platform: "instagram", loc: "en", first: "Korean skincare creators in the US", want: []string{"country eq US", "category eq beauty"}, not: []string{"KR"}, ranks: []string{"Korean skincare"}},
	// 2. a city's demonym reads as its country; a country added makes two
	{platform: "instagram", loc: "en", first: "Milanese fashion creators", follow: "add Spain as well", want: []string{"country in [IT,ES]"}},
	{platform: "youtube", loc: "en", first: "New Yorker food creators", want: []string{"country eq US", "category eq food"}},
	{platform: "tiktok", loc: "zh", first: "北京的科技博主", follow: "再加上韩国", want: []string{"country in [CN,KR]"}},
	// 3. negated state words ask for activity
	{platform: "youtube", loc: "en", first: "Minecraft creators, not dead channels", want: []string{"last_active within_days 30"}, not: []string{"not_contains"}, noTerm: []string{"dead"}},
	{platform: "youtube", loc: "en", first: "VTubers, nobody who stopped streaming, must have streamed in the last 3 weeks", want: []string{"last_active within_days 21"}, noTerm: []string{"stopped", "streamed"}},
	{platform: "tiktok", loc: "zh", first: "别找断更的游戏博主，近三周发过视频的", want: []string{"last_active within_days 21"}, noTerm: []string{"断更"}},
	// 4. loose genres rank; titles stay whole
	{platform: "tiktok", loc: "en", first: "mukbang or ASMR creators in Japan", want: []string{"country eq JP"}, not: []string{"category eq food"}, ranks: []string{"mukbang", "asmr"}},
	{platform: "x", loc: "en", first: "analysts covering Call of Duty in the UK", want: []string{"country eq GB"}, ranks: []string{"call of duty"}},
	// 5. my size with a stated size
	{platform: "youtube", loc: "en", first: "channels around my size (80k subs) doing tech", want: []string{"followers between {max:96000,min:64000}"}, noTerm: []string{"size"}},
	{platform: "tiktok", loc: "zh", first: "差不多体量的美妆博主，我三十万粉", want: []string{"followers between {max:360000,min:240000}"}},
	// 6. counts, growth, topic words
	{platform: "instagram", loc: "en", first: "half a dozen yoga creators in India", want: []string{"country eq IN"}, not: []string{"followers"}, noTerm: []string{"dozen"}},
	{platform: "tiktok", loc: "zh", first: "找二十个左右的宠物博主", not: []string{"followers"}, noTerm: []string{"二十"}},
	{platform: "youtube", loc: "en", first: "rapidly growing finance channels in Canada", want: []string{"country eq CA"}, noTerm: []string{"growing"}},
}

// TestLeftUReadings runs the tuning table: every case must hold.
func TestLeftUReadings(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range leftUTuning {
		for _, m := range run24y(t, a, tc) {
			t.Error(m)
		}
	}
}
