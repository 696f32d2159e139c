package agent

import "testing"

// TestAudit27x is audit 27's reading classes of helper x said in words of
// my own, tuned on (the held-out table is agent/audit27x_heldout_test.go):
// words nobody marked never filter (growth and stage wording, a
// follow-up's own verbs, words that point at the results, question
// words, brand-safety wording, scripts and captions); a question or a
// remark about the results leaves the held conditions (a question about
// posting sorts by recent activity); a permission or a hedged tier is no
// hard bound.
func TestAudit27x(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		// 1: stage and growth wording, named
		{platform: "instagram", loc: "en", first: "dance creators in Brazil, rising-star types, under 40k followers", want: []string{"country eq BR", "followers lte 40000"}, not: []string{"keyword contains"}, notice: []string{"growth"}},
		{platform: "youtube", loc: "en", first: "long established history channels in the UK, 200k+ subs", want: []string{"country eq GB", "followers gte 200000"}, not: []string{"keyword contains"}, notice: []string{"not a filter"}},
		{platform: "tiktok", loc: "zh", first: "找潜力股类型的韩国美妆博主，粉丝三万以内", want: []string{"country eq KR", "followers lte 30000"}, not: []string{"keyword contains"}, noTerm: []string{"股"}, notice: []string{"成长阶段"}},
		{platform: "youtube", loc: "zh", first: "找刚起步的英国园艺频道", want: []string{"country eq GB"}, not: []string{"keyword contains"}, notice: []string{"刚起步"}},
		// 1: a follow-up's verbs, words about the results, questions
		{platform: "instagram", loc: "en", first: "pilates creators in Portugal, 5k-50k followers", follow: "everything else stays, just swap it to TikTok", want: []string{"country eq PT"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "葡萄牙的普拉提博主，粉丝五千到五万", follow: "其他都不变，切到油管", want: []string{"country eq PT"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "en", first: "motorbike channels in Vietnam, 20k+ subs", follow: "in this list, any female riders?", want: []string{"country eq VN", "followers gte 20000"}, not: []string{"keyword contains"}, notice: []string{"gender"}},
		{platform: "tiktok", loc: "zh", first: "越南的摩托车博主 粉丝两万以上", follow: "这里面有女生吗", want: []string{"country eq VN", "followers gte 20000"}, not: []string{"keyword contains"}},
		// 1: brand safety, fillers, scripts and captions
		{platform: "youtube", loc: "en", first: "woodworking channels in Canada, clean content obviously, 10k-90k subs", want: []string{"country eq CA", "followers between {max:90000,min:10000}"}, not: []string{"keyword contains"}},
		{platform: "instagram", loc: "zh", first: "泰国的旅行博主，三观正，粉丝一万以上", want: []string{"country eq TH", "followers gte 10000"}, not: []string{"keyword contains"}, noTerm: []string{"三观"}},
		{platform: "youtube", loc: "en", first: "Hong Kong cooking channels, traditional Chinese captions, 2k-20k subs", want: []string{"country eq HK", "followers between {max:20000,min:2000}"}, not: []string{"keyword contains"}, notice: []string{"captions"}},
		{platform: "tiktok", loc: "zh", first: "马来西亚的美食博主，发简体的，粉丝两万以上", want: []string{"country eq MY", "followers gte 20000"}, not: []string{"keyword contains"}, noTerm: []string{"简体"}},
		// 2: a remark about a shown result keeps the held range
		{platform: "instagram", loc: "en", first: "surf creators in Australia, 10k-60k followers", follow: "hmm the fourth one has way over 60k though", want: []string{"followers between {max:60000,min:10000}"}, not: []string{"keyword contains"}, notice: []string{"result shown"}},
		{platform: "youtube", loc: "zh", first: "澳洲的冲浪博主 粉丝一万到六万", follow: "第三个粉丝远远不止六万", want: []string{"followers between {max:60000,min:10000}"}, not: []string{"keyword contains"}, notice: []string{"结果"}},
		{platform: "tiktok", loc: "en", first: "skate creators in Spain, 5k-40k followers", follow: "how come this one is in the list?", want: []string{"followers between {max:40000,min:5000}"}, not: []string{"keyword contains"}},
		// 2: a question about posting sorts by recent activity
		{platform: "youtube", loc: "en", first: "chess channels in Norway", follow: "who of them posts the most?", sort: "recent", noTerm: []string{"most"}},
		{platform: "instagram", loc: "zh", first: "挪威的国际象棋博主", follow: "哪一个最常更新", sort: "recent", noTerm: []string{"最常"}},
		// 3: permissions and hedged tiers
		{platform: "tiktok", loc: "en", first: "pottery creators in Mexico, under 2k followers is fine too", want: []string{"country eq MX"}, not: []string{"followers"}, notice: []string{"acceptable"}},
		{platform: "youtube", loc: "zh", first: "找墨西哥的陶艺博主，订阅少于两千也行", want: []string{"country eq MX"}, not: []string{"followers"}},
		{platform: "instagram", loc: "en", first: "cycling creators in the Netherlands, no problem if they're small", want: []string{"country eq NL"}, not: []string{"followers", "keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "荷兰的骑行博主，粉丝一万以上，最好是腰部偏下的", want: []string{"country eq NL", "followers gte 10000"}, not: []string{"1000000", "500000"}, noTerm: []string{"偏下"}},
		{platform: "tiktok", loc: "zh", first: "荷兰的骑行博主，粉丝一万以上，最好是腰部偏下的", follow: "上限别超过二十万", want: []string{"followers between {max:200000,min:10000}"}},
		{platform: "youtube", loc: "en", first: "cycling channels in Belgium, preferably micro or a bit above", want: []string{"country eq BE"}, not: []string{"followers"}, noTerm: []string{"above"}},
	} {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
