package agent

import "testing"

// tuningFixZ3 is fixZ3's tuning table: the brief's phrasings of the
// classes Z1–Z6 and my own, tuned on (the held-out table is
// fixZ3_heldout_test.go).
func tuningFixZ3() []caseFixT {
	return []caseFixT{
		// Z1: a keep-only of a nationality narrows the country list; "also do X" ranks
		{"youtube", "en", "gaming creators in the UK and Ireland", "great — of these keep the UK ones and only those that also do travel stuff",
			all(countryIn("GB"), hasTopic([]string{"travel"}, []string{"travel"}), noKeyword("stuff", "also do"))},
		{"youtube", "zh", "英国和爱尔兰的游戏博主", "这些里面英国的留下，最好也做旅行的",
			all(countryIn("GB"), hasTopic([]string{"旅行", "travel"}, []string{"travel"}), noKeyword("留下", "也做"))},
		{"youtube", "en", "food creators in Spain and Portugal", "keep the Spanish ones, drop anything under 20k",
			all(countryIn("ES"), wantApplied("followers", "followers gte 20000"))},
		{"youtube", "en", "food creators in Spain and France", "only keep the French ones",
			countryIn("FR")},
		// Z2: adding to the list held
		{"youtube", "zh", "美国的美食博主", "加埋加拿大", countryIn("US", "CA")},
		{"youtube", "zh", "美国的美食博主", "連埋英國", countryIn("US", "GB")},
		{"youtube", "zh", "美国的美食博主", "连同英国", countryIn("US", "GB")},
		{"youtube", "zh", "美国的美食博主", "再加上加拿大", countryIn("US", "CA")},
		{"youtube", "en", "food creators in the US", "add Canada too", countryIn("US", "CA")},
		{"youtube", "en", "food creators in the US", "and Mexico as well", countryIn("US", "MX")},
		{"youtube", "zh", "美国的美食博主", "换成加拿大", countryIn("CA")},
		// Z3: more results
		{"youtube", "zh", "美国的美食博主", "再找多一些", moreNoBound("", "找")},
		{"youtube", "zh", "美国的美食博主", "再多找几个", moreNoBound("", "找")},
		{"youtube", "zh", "美国的美食博主", "再搵多啲", moreNoBound("", "搵")},
		{"youtube", "en", "food creators in the US", "show me more", moreNoBound("", "more")},
		{"youtube", "en", "food creators in the US", "find more", moreNoBound("", "more")},
		{"youtube", "en", "food creators in the US", "any more?", moreNoBound("", "more")},
		// Z4: assent
		{"youtube", "en", "beauty creators on Instagram", "yes, the first one", questionAnswered("platform")},
		{"youtube", "zh", "在Instagram上找美妆博主", "对，第二个", questionAnswered("platform")},
		{"youtube", "en", "travel vloggers in Spain", "yep that one", all(noticeNothingChanged, countryIn("ES"))},
		{"youtube", "zh", "日本的美食博主", "对就这个", all(noticeNothingChanged, countryIn("JP"))},
		// Z5: a category alias excluded
		{"youtube", "en", "channels in Canada with 100k+ subscribers", "no gamers", all(excludedCat("gaming", "gamers"), countryIn("CA"))},
		{"youtube", "zh", "美国的科技博主", "不要游戏主播", excludedCat("gaming", "游戏主播")},
		{"youtube", "en", "entertainment channels in the UK", "skip the vloggers", excludedCat("lifestyle", "vloggers")},
		{"youtube", "en", "channels in the UK, no gamers", "", excludedCat("gaming", "gamers")},
		// Z6: 抖音 / Douyin
		{"tiktok", "en", "fitness creators in Japan", "what about Douyin", all(onPlatform("tiktok"), noKeyword("douyin"), noticeHas("Douyin"))},
		{"tiktok", "zh", "美国的美食博主", "换成抖音上的", all(onPlatform("tiktok"), noKeyword("抖音"), noticeHas("抖音"))},
		{"tiktok", "zh", "抖音美妆博主", "", all(onPlatform("tiktok"), noKeyword("抖音"), noticeHas("抖音"))},
		{"tiktok", "en", "douyin food creators", "", all(onPlatform("tiktok"), noKeyword("douyin"), noticeHas("Douyin"))},
	}
}

// TestFixZ3 runs the tuning table: every case must hold.
func TestFixZ3(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range tuningFixZ3() {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
	}
}
