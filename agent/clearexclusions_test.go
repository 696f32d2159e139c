package agent

import "testing"

// clearExclusionsCases: a follow-up that removes the exclusions as a kind
// ("clear the exclusions", 排除项都去掉) removes every excluded keyword and
// every excluded value, beside the other parts of the message; with none
// held it says so; naming one exclusion is not clearing them all.
var clearExclusionsCases = []case24y{
	{platform: "x", loc: "en", first: "accounts about EV charging in Germany, 10k+ followers, no Tesla, no crypto", follow: "clear the exclusions and drop the country",
		want: []string{"followers gte 10000"}, not: []string{"Tesla", "crypto", "DE"}, noTerm: []string{"Tesla", "crypto", "exclusions"}},
	{platform: "youtube", loc: "zh", first: "美国的科技博主，不要游戏类的，不要苹果", follow: "排除项都去掉",
		want: []string{"country eq US", "category eq tech"}, not: []string{"gaming", "苹果"}, noTerm: []string{"苹果", "排除"}},
	{platform: "youtube", loc: "zh", first: "日本的美食博主，不要吃播，不要韩国的", follow: "清空排除条件",
		want: []string{"country eq JP"}, not: []string{"吃播", "KR"}, noTerm: []string{"吃播"}},
	{platform: "instagram", loc: "en", first: "travel creators in Italy, no cruise content", follow: "remove all the excluded keywords please",
		want: []string{"country eq IT"}, not: []string{"cruise"}, noTerm: []string{"cruise", "keywords"}},
	{platform: "tiktok", loc: "en", first: "fitness creators in the UK", follow: "clear the exclusions",
		want: []string{"country eq GB", "category eq fitness"}, says: []string{"no exclusions"}, noTerm: []string{"exclusions"}},
}

func TestClearExclusions(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range clearExclusionsCases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
