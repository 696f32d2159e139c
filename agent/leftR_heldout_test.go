package agent

import "testing"

// TestLeftRHeldout holds out phrasings of audit 28's follow-up command
// classes (issue 26 item 3, fixR): relative edits of a held bound and of
// the activity window, paging and result counts, sorts by two keys, and
// a start over that keeps something. Written before any fix and never
// tuned on: its pass count is logged (go test ./agent -run
// LeftRHeldout -v) and a count below the one reached after the fixes
// fails; AUDIT24Y_STRICT=1 makes every miss an error.
func TestLeftRHeldout(t *testing.T) {
	measure24y(t, "leftR held-out", 22, []case24y{
		// 1: a held bound scaled by a factor, or named as not applied
		{platform: "youtube", loc: "en", first: "gaming channels in Brazil, 20k-200k subscribers", follow: "can you double the minimum", want: []string{"followers between {max:200000,min:40000}"}, noTerm: []string{"double"}},
		{platform: "tiktok", loc: "zh", first: "日本的美妆博主，粉丝5万以上", follow: "门槛提高一倍", want: []string{"followers gte 100000", "country eq JP"}, noTerm: []string{"一倍"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Spain with at least 60k followers", follow: "cut that in half", want: []string{"followers gte 30000", "country eq ES"}, noTerm: []string{"half"}},
		{platform: "youtube", loc: "zh", first: "英国的科技频道，订阅10万到40万", follow: "上限减半", want: []string{"followers between {max:200000,min:100000}"}, noTerm: []string{"减半"}},
		{platform: "x", loc: "en", first: "crypto commentators in the US, 8k+ followers", follow: "make the floor three times higher", want: []string{"followers gte 24000"}, noTerm: []string{"three", "times"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Italy, 30k-90k subs", follow: "a third of that size", want: []string{"followers between {max:30000,min:10000}"}, noTerm: []string{"third"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美食博主 粉丝2万以上", follow: "粉丝要求翻一番", want: []string{"followers gte 40000"}, noTerm: []string{"翻一番"}},
		{platform: "instagram", loc: "en", first: "travel creators in Greece, under 40k followers", follow: "double the cap", want: []string{"followers lte 80000"}, noTerm: []string{"cap"}},
		{platform: "youtube", loc: "en", first: "chess channels, 10k+ subscribers", follow: "raise the minimum by 50%", want: []string{"followers gte 15000"}, not: []string{"engagement"}, noTerm: []string{"50"}},
		{platform: "youtube", loc: "zh", first: "德国的汽车博主，粉丝1万到10万", follow: "起步线提到原来的两倍", want: []string{"followers between {max:100000,min:20000}"}, noTerm: []string{"两倍"}},
		{platform: "youtube", loc: "en", first: "pottery channels in Japan", follow: "double the follower minimum", want: []string{"country eq JP"}, not: []string{"followers"}, says: []string{"not applied"}, noTerm: []string{"double"}},
		// 1: a more recent wish shortens the held window
		{platform: "instagram", loc: "en", first: "yoga creators in India, active in the last 60 days", follow: "somewhat more recently active please", want: []string{"last_active within_days 30"}, unsaid: []string{"sorted by"}},
		{platform: "tiktok", loc: "zh", first: "韩国的穿搭博主 最近90天有更新", follow: "更新时间再新一些", want: []string{"last_active within_days 60"}, unsaid: []string{"排序"}},
		{platform: "youtube", loc: "en", first: "woodworking channels in Canada, posted within the last 30 days", follow: "fresher ones please", want: []string{"last_active within_days 14", "country eq CA"}, unsaid: []string{"sorted by"}},
		// 2: paging turns the page, a count of results is named
		{platform: "youtube", loc: "en", first: "beauty creators", follow: "let me see the next page of results", says: []string{"page"}, noTerm: []string{"page"}},
		{platform: "tiktok", loc: "zh", first: "美食博主", follow: "再给我看一批", says: []string{"页"}, noTerm: []string{"一批"}},
		{platform: "instagram", loc: "en", first: "fitness creators in the US", follow: "load the next 20", want: []string{"country eq US"}, not: []string{"followers"}, says: []string{"page"}, noTerm: []string{"20"}},
		{platform: "youtube", loc: "zh", first: "游戏博主 粉丝1万以上", follow: "只要排名前五的", want: []string{"followers gte 10000"}, says: []string{"前五"}, noTerm: []string{"前五", "排名"}},
		{platform: "youtube", loc: "en", first: "tech reviewers in Germany", follow: "only show me the top 3", want: []string{"country eq DE"}, says: []string{"top 3"}, noTerm: []string{"top"}},
		// 3: a sort by two keys sorts by the first, names the second
		{platform: "tiktok", loc: "en", first: "dance creators in Korea", follow: "order by engagement, and after that by follower count", sort: "engagement", says: []string{"follower"}},
		{platform: "youtube", loc: "zh", first: "美国的科技博主", follow: "按粉丝排，粉丝一样的再按均播", sort: "followers", says: []string{"播放"}},
		// 4: start over keeping what is named
		{platform: "x", loc: "en", first: "AI researchers in Canada, English, 5k+ followers", follow: "wipe it all but keep the language, now find chess players in Norway", want: []string{"language eq en", "country eq NO"}, not: []string{"CA", "5000"}, unsaid: []string{"confirmation"}},
		{platform: "youtube", loc: "zh", first: "法国的美妆博主，法语，粉丝一万以上", follow: "重新开始，语言不变，找意大利的美食博主", want: []string{"language eq fr", "country eq IT", "category eq food"}, not: []string{"country eq FR", "10000", "beauty"}, unsaid: []string{"确认"}},
		{platform: "instagram", loc: "en", first: "pet creators in Australia, 10k-100k followers", follow: "clear everything except the follower range and look for cat creators in New Zealand", want: []string{"followers between {max:100000,min:10000}", "country eq NZ"}, not: []string{"AU"}, unsaid: []string{"confirmation"}},
	})
}
