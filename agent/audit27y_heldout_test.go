package agent

import "testing"

// TestAudit27yHeldout is audit 27's four reading classes of helper y said
// in words of my own, written before any change and never tuned on
// (issue 26): a correction "not X, I want Y" that replaces X by Y, a
// Chinese exclusion cut around its object (adverbs, "related to" verbs),
// dialects and language variants, a two-topic category against an
// exclusion of one topic, and the mild ones (a format word carried, a
// notice that names whole words). Its pass count is logged (go test
// ./agent -run Audit27yHeldout -v); a count below the one measured after
// the fixes fails (measure24y); AUDIT24Y_STRICT=1 makes every miss an
// error. Base (before the fixes): 5 of 25; after: 23 (the two misses are
// left on purpose: a review form a category absorbs ranks unseen, as the
// spec examples read "汽配评测"; the writer's own business after "we're a"
// is frame, as audit 23 reads "a fintech startup").
func TestAudit27yHeldout(t *testing.T) {
	measure24y(t, "27y held-out", 23, []case24y{
		// 1: a correction replaces what it corrects, in the held category
		{platform: "youtube", loc: "zh", first: "找法国的美食博主 粉丝五万以上", follow: "我说的不是探店，是烘焙教程", want: []string{"category eq food", "followers gte 50000"}, not: []string{"category not_in"}, ranks: []string{"烘焙"}},
		{platform: "youtube", loc: "en", first: "baking channels in the UK, 10k+", follow: "no, I meant bread recipes, not cake decorating", want: []string{"category eq food", "country eq GB"}, not: []string{"category not_in"}, ranks: []string{"bread"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Canada with 20k+ subs", follow: "not gaming news - game walkthroughs", want: []string{"category eq gaming", "country eq CA"}, not: []string{"category not_in"}, ranks: []string{"walkthrough"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美妆博主 粉丝一万以上", follow: "不是要美妆教程，要的是直播带货的", want: []string{"country eq TH"}, not: []string{"category not_in"}, ranks: []string{"带货"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Germany, 5k-50k", follow: "sorry, not yoga, I meant strength training", want: []string{"category eq fitness", "followers between {max:50000,min:5000}"}, not: []string{"category not_in"}, ranks: []string{"strength"}},
		{platform: "youtube", loc: "zh", first: "日本的游戏博主", follow: "我要的不是手游，是主机游戏", want: []string{"category eq gaming", "country eq JP"}, not: []string{"category not_in"}, ranks: []string{"主机"}},
		{platform: "youtube", loc: "zh", first: "韩国的美食博主", follow: "不是美食，我要的是旅行博主", want: []string{"category eq travel", "country eq KR"}, not: []string{"food"}},
		{platform: "youtube", loc: "en", first: "tech review channels in Spain", follow: "no, not tech reviews, I meant travel vlogs", want: []string{"category eq travel", "country eq ES"}, not: []string{"tech"}},
		// 2: a Chinese exclusion cut around its object
		{platform: "youtube", loc: "zh", first: "找日本的美食博主，不要纯探店的", want: []string{"category eq food", "all not_contains 探店"}, noTerm: []string{"纯"}},
		{platform: "instagram", loc: "zh", first: "韩国穿搭博主 跟整容沾边的不要", want: []string{"category eq fashion", "all not_contains 整容"}, noTerm: []string{"沾边"}},
		{platform: "youtube", loc: "zh", first: "英国的科技博主，涉及加密货币的不要", want: []string{"category eq tech", "country eq GB"}, noTerm: []string{"涉及"}},
		{platform: "tiktok", loc: "zh", first: "美国的健身博主 不要和烟酒有关的", want: []string{"category eq fitness", "all not_contains 烟酒"}, noTerm: []string{"有关"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美妆博主，不要恰饭太多的", want: []string{"category eq beauty"}, noTerm: []string{"太多"}},
		{platform: "tiktok", loc: "zh", first: "英国的数码测评博主 粉丝十万以上", want: []string{"category eq tech", "followers gte 100000"}, not: []string{"测评"}, ranks: []string{"测评"}},
		{platform: "instagram", loc: "zh", first: "马来西亚的护肤种草博主", want: []string{"category eq beauty", "country eq MY"}, not: []string{"种草"}, ranks: []string{"种草"}},
		// 3: dialects and language variants
		{platform: "tiktok", loc: "en", first: "Hong Kong food creators speaking Cantonese, no Mandarin", want: []string{"country eq HK", "category eq food"}, not: []string{"language not_in"}, refsNot: []string{"language not_in"}},
		{platform: "tiktok", loc: "zh", first: "香港的搞笑博主，说粤语的，普通话的不要", want: []string{"country eq HK"}, not: []string{"language not_in"}, refsNot: []string{"language not_in"}},
		{platform: "instagram", loc: "en", first: "European Portuguese lifestyle creators in Portugal", want: []string{"language eq pt", "country eq PT"}, noTerm: []string{"European"}},
		{platform: "youtube", loc: "en", first: "Mexican Spanish comedy creators, 10k+", want: []string{"language eq es", "followers gte 10000"}, noTerm: []string{"Mexican"}},
		{platform: "youtube", loc: "en", first: "Hinglish comedy channels with 50k+ subscribers", want: []string{"followers gte 50000"}, noTerm: []string{"Hinglish"}},
		// 4: a two-topic category against an exclusion of one of them
		{platform: "x", loc: "zh", first: "找美国的科技新闻博主，不要政治", want: []string{"category eq tech", "country eq US"}, not: []string{"news"}},
		{platform: "x", loc: "en", first: "tech news accounts in the UK, nothing political", want: []string{"category eq tech", "country eq GB"}, not: []string{"news"}},
		{platform: "youtube", loc: "en", first: "gaming news channels, stay away from politics", want: []string{"category eq gaming"}, not: []string{"news"}},
		// mild: a brand's product carried, a notice naming whole words
		{platform: "instagram", loc: "en", first: "We're a tiny pet food startup expanding into Mexico and need creators with 10k+ followers", want: []string{"country eq MX", "followers gte 10000"}, ranks: []string{"pet food"}},
		{platform: "youtube", loc: "en", first: "German travel channels with 50k+ subs", follow: "you lost the Germany filter - I want Germany only", want: []string{"country eq DE"}, unsaid: []string{"not understood"}},
	})
}

// TestAudit27yHeldoutLate is a second held-out table, written after the
// changes (so that held-out cases are over a third of all) and run once,
// never tuned on: its pass count is logged, and a count below its one run
// (6 of 8) fails.
func TestAudit27yHeldoutLate(t *testing.T) {
	measure24y(t, "27y late held-out", 6, []case24y{
		{platform: "youtube", loc: "zh", first: "找德国的汽车博主", follow: "不是说改装，我要的是新能源车评测",
			want: []string{"category eq automotive", "country eq DE"}, not: []string{"category not_in", "not_contains 改装"}},
		{platform: "instagram", loc: "en", first: "travel creators in Greece", follow: "I meant island hopping guides, not cruise ads",
			want: []string{"category eq travel", "country eq GR", "all not_contains cruise ads"}, not: []string{"category not_in"}},
		{platform: "tiktok", loc: "zh", first: "越南的美食博主，不要全是带货的", want: []string{"category eq food", "all not_contains 带货"}, noTerm: []string{"全是"}},
		{platform: "youtube", loc: "zh", first: "英国的财经博主，跟赌球沾边的不要", want: []string{"category eq finance", "all not_contains 赌球"}, noTerm: []string{"沾边"}},
		{platform: "tiktok", loc: "en", first: "Singapore food creators speaking Hokkien, no Mandarin", want: []string{"country eq SG", "language eq zh"}, not: []string{"language not_in"}},
		{platform: "youtube", loc: "en", first: "Quebec French cooking channels", want: []string{"language eq fr", "category eq food"}},
		{platform: "x", loc: "en", first: "sports news accounts in Australia, steer clear of politics", want: []string{"category eq sports", "country eq AU"}, not: []string{"news]", "category eq news"}},
		{platform: "youtube", loc: "en", first: "pet channels in Spain, 5k+", follow: "you dropped Spain, I want Spanish creators only", want: []string{"country eq ES"}, unsaid: []string{"not understood"}},
	})
}
