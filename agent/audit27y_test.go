package agent

import "testing"

// TestAudit27yFollowUps: audit 27's classes of helper y through the
// agent, in phrasings of my own: a correction that says what was meant
// keeps the category the search holds and leaves out only the words not
// meant (or replaces a category by another); a dialect left out is named,
// never the language excluded; a category whose label joins two topics
// stays out beside the one excluded; a complaint that a condition was
// lost is no word left unread.
func TestAudit27yFollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		{platform: "youtube", loc: "zh", first: "找西班牙的美食博主，粉丝两万以上", follow: "不是说探店，我要的是家常菜教程，不是大胃王",
			want: []string{"category eq food", "followers gte 20000", "all not_contains 大胃王"}, not: []string{"category not_in", "not_contains 探店"}, ranks: []string{"家常菜"}},
		{platform: "youtube", loc: "en", first: "fitness channels in Ireland", follow: "no, I meant home workouts, not gym bros",
			want: []string{"category eq fitness", "country eq IE"}, not: []string{"category not_in"}, ranks: []string{"home workouts"}},
		{platform: "instagram", loc: "zh", first: "日本的美妆博主", follow: "不是彩妆，是护肤",
			want: []string{"category eq beauty", "country eq JP"}, not: []string{"category not_in", "not_contains"}},
		{platform: "tiktok", loc: "en", first: "food creators in Peru", follow: "not food, I meant travel",
			want: []string{"category eq travel", "country eq PE"}, not: []string{"food"}},
		{platform: "tiktok", loc: "zh", first: "香港的美食博主", follow: "不要讲普通话的",
			want: []string{"country eq HK", "category eq food"}, not: []string{"language"}, refsNot: []string{"language"}, says: []string{"方言"}},
		{platform: "instagram", loc: "en", first: "Hong Kong beauty creators who speak Cantonese", follow: "no Mandarin speakers",
			want: []string{"country eq HK", "language eq zh"}, not: []string{"language not_in"}, says: []string{"dialects"}},
		{platform: "x", loc: "en", first: "tech news accounts in India, no politics, 5k+ followers",
			want: []string{"category eq tech", "country eq IN", "all not_contains politics"}, not: []string{"news]"}, ranks: []string{"news"}},
		{platform: "youtube", loc: "en", first: "gaming creators in Brazil with 50k+ subs", follow: "you forgot the 50k floor, keep it",
			want: []string{"followers gte 50000", "country eq BR"}, unsaid: []string{"not understood"}},
	} {
		for _, m := range run24y(t, a, tc) {
			t.Error(m)
		}
	}
}
