package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// Audit 28's follow-up command classes (issue 26 item 3, fixR), said in
// phrasings of my own, zh and en: the tuning table, one block per class.
// The held-out table, written before any fix and never tuned on, is in
// leftR_heldout_test.go.
var leftRTuning = []case24y{
	// 1: a held bound scaled by a factor: computed and said, never a keyword
	{platform: "x", loc: "en", first: "SaaS founders in the US, 5k-50k followers", follow: "double the follower floor", want: []string{"followers between {max:50000,min:10000}"}, says: []string{"10K"}, noTerm: []string{"double", "floor"}},
	{platform: "tiktok", loc: "en", first: "stationery hauls in the UK, 100k+ followers", follow: "half that size", want: []string{"followers gte 50000", "country eq GB"}, noTerm: []string{"half", "size"}},
	{platform: "youtube", loc: "en", first: "piano channels, 20k-80k subscribers", follow: "twice as big", want: []string{"followers between {max:160000,min:40000}"}, noTerm: []string{"twice"}},
	{platform: "youtube", loc: "en", first: "vegan food channels in Canada, 90k+ subscribers", follow: "a third of that", want: []string{"followers gte 30000"}, noTerm: []string{"third"}},
	{platform: "instagram", loc: "en", first: "surf creators in Portugal, at least 40k followers", follow: "raise the minimum by half", want: []string{"followers gte 60000"}, noTerm: []string{"half"}},
	{platform: "youtube", loc: "en", first: "home gym channels, under 200k subscribers", follow: "halve the cap please", want: []string{"followers lte 100000"}, noTerm: []string{"halve", "cap"}},
	{platform: "youtube", loc: "en", first: "retro gaming channels, 10k-100k subs", follow: "lower the max by 25%", want: []string{"followers between {max:75000,min:10000}"}, noTerm: []string{"25"}},
	{platform: "tiktok", loc: "en", first: "skincare creators in Korea, 10k+ followers", follow: "triple the minimum", want: []string{"followers gte 30000"}, noTerm: []string{"triple"}},
	{platform: "youtube", loc: "zh", first: "德国的科技博主，粉丝1万到5万", follow: "粉丝下限翻倍", want: []string{"followers between {max:50000,min:20000}"}, says: []string{"2万"}, noTerm: []string{"翻倍"}},
	{platform: "tiktok", loc: "zh", first: "日本的美食博主，粉丝10万以上", follow: "门槛减半", want: []string{"followers gte 50000"}, noTerm: []string{"减半"}},
	{platform: "youtube", loc: "zh", first: "韩国的游戏博主，粉丝5万以下", follow: "上限翻一倍", want: []string{"followers lte 100000"}, noTerm: []string{"翻一倍"}},
	{platform: "instagram", loc: "zh", first: "法国的时尚博主，粉丝2万以上", follow: "粉丝要求提高一半", want: []string{"followers gte 30000"}, noTerm: []string{"一半"}},
	{platform: "youtube", loc: "zh", first: "巴西的足球博主，粉丝3万到9万", follow: "体量缩小到三分之一", want: []string{"followers between {max:30000,min:10000}"}, noTerm: []string{"三分之一"}},
	{platform: "youtube", loc: "en", first: "pottery channels in Japan", follow: "double the subscriber floor", want: []string{"country eq JP"}, not: []string{"followers"}, says: []string{"not applied"}, noTerm: []string{"double"}},
	{platform: "youtube", loc: "zh", first: "日本的陶艺频道", follow: "门槛翻倍", not: []string{"followers"}, says: []string{"未应用"}, noTerm: []string{"翻倍"}},
	{platform: "youtube", loc: "en", first: "gaming channels in Brazil, 20k+ subscribers", follow: "half of these look inactive", want: []string{"followers gte 20000"}, unsaid: []string{"computed"}},
	{platform: "youtube", loc: "zh", first: "巴西的游戏博主，粉丝2万以上", follow: "感觉一半粉丝是假的", want: []string{"followers gte 20000"}, unsaid: []string{"计算"}},
	// 1: a more recent wish shortens the held window, and says by how much
	{platform: "instagram", loc: "en", first: "real estate agents in Miami, 50k+ followers, posted in the last 30 days", follow: "a bit more recent", want: []string{"last_active within_days 14", "followers gte 50000"}, says: []string{"14 days"}, unsaid: []string{"sorted by"}},
	{platform: "youtube", loc: "en", first: "chess channels active in the last 90 days", follow: "more recently active ones", want: []string{"last_active within_days 60"}, unsaid: []string{"sorted by"}},
	{platform: "tiktok", loc: "zh", first: "美国的宠物博主，最近半年有更新", follow: "再新一点", want: []string{"last_active within_days 90"}, says: []string{"90"}, unsaid: []string{"排序"}},
	{platform: "youtube", loc: "zh", first: "英国的烘焙博主，近30天活跃", follow: "活跃时间再近一些", want: []string{"last_active within_days 14"}, unsaid: []string{"排序"}},
	// 2: paging turns the page; a result count is named, the rest applied
	{platform: "youtube", loc: "en", first: "medical device reviewers in the US, 10k+ subs", follow: "show me the next batch", want: []string{"country eq US", "followers gte 10000"}, says: []string{"page"}, noTerm: []string{"batch"}},
	{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "more results", says: []string{"page"}, noTerm: []string{"results"}},
	{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "next 20 please", says: []string{"page"}, noTerm: []string{"20"}, not: []string{"followers"}},
	{platform: "tiktok", loc: "zh", first: "美国的美妆博主", follow: "下一页", says: []string{"页"}, noTerm: []string{"下一页"}},
	{platform: "tiktok", loc: "zh", first: "美国的美妆博主", follow: "再来一批", says: []string{"页"}, noTerm: []string{"一批"}},
	{platform: "tiktok", loc: "zh", first: "美国的美妆博主", follow: "换一批看看", says: []string{"页"}, noTerm: []string{"一批"}},
	{platform: "youtube", loc: "en", first: "news channels in Brazil, 100k+ subscribers", follow: "sort by subscribers, top 10 only", sort: "followers", says: []string{"top 10"}, noTerm: []string{"top"}},
	{platform: "youtube", loc: "zh", first: "巴西的新闻频道，订阅10万以上", follow: "按订阅数排，只看前十个", sort: "followers", says: []string{"前十"}, noTerm: []string{"前十"}},
	{platform: "youtube", loc: "en", first: "cooking channels in Italy", follow: "just the first five, and only Italian", want: []string{"language eq it"}, says: []string{"first five"}, noTerm: []string{"five"}},
	// 3: a sort by two keys: the first sorts, the second is named
	{platform: "tiktok", loc: "zh", first: "日本的厨房小家电测评达人，粉丝3万以上", follow: "先按播放再按粉丝排序", sort: "avg_views", says: []string{"粉丝"}},
	{platform: "tiktok", loc: "en", first: "kitchen gadget reviewers in Japan", follow: "sort by views, then followers", sort: "avg_views", says: []string{"followers"}},
	{platform: "youtube", loc: "en", first: "tech reviewers in Germany", follow: "rank by engagement and then by size", sort: "engagement", says: []string{"second sort key"}},
	{platform: "youtube", loc: "zh", first: "德国的科技博主", follow: "按互动率排，然后按粉丝", sort: "engagement", says: []string{"第二排序"}},
	// compounds: every part applied or named
	{platform: "youtube", loc: "en", first: "travel vloggers in Spain, 20k-100k subscribers", follow: "double the minimum and only Spanish speaking", want: []string{"followers between {max:100000,min:40000}", "language eq es"}, noTerm: []string{"double"}},
	{platform: "youtube", loc: "zh", first: "西班牙的旅行博主，粉丝2万到10万", follow: "下限翻倍，另外只要西班牙语的", want: []string{"followers between {max:100000,min:40000}", "language eq es"}, noTerm: []string{"翻倍"}},
	{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "only English, and the next page", want: []string{"language eq en"}, says: []string{"first page"}, noTerm: []string{"page"}},
	{platform: "instagram", loc: "en", first: "real estate agents in Miami, posted in the last 30 days", follow: "a bit more recent, and sort by followers", want: []string{"last_active within_days 14"}, sort: "followers"},
	// 4: start over keeping what is named, no confirmation asked
	{platform: "x", loc: "en", first: "cybersecurity analysts on X in the EU, English or French, 3k+ followers", follow: "start over but keep X, just beauty creators in Korea", want: []string{"country eq KR", "category eq beauty"}, not: []string{"3000", "language", "FR"}, unsaid: []string{"confirmation"}, noTerm: []string{"cybersecurity"}},
	{platform: "youtube", loc: "en", first: "coding channels in India, English, 10k+ subscribers", follow: "reset everything except the language, find cooking channels in Italy", want: []string{"language eq en", "country eq IT", "category eq food"}, not: []string{"IN", "10000"}, unsaid: []string{"confirmation"}},
	{platform: "youtube", loc: "zh", first: "印度的编程博主，英语，粉丝1万以上", follow: "重新来，只保留平台，找韩国的美妆博主", want: []string{"country eq KR", "category eq beauty"}, not: []string{"language", "10000", "IN"}, unsaid: []string{"确认"}},
	{platform: "youtube", loc: "en", first: "gaming creators in Germany, 10k+ followers", follow: "start over: tech creators in Asia except China", not: []string{"country eq DE"}, unsaid: []string{"keeping"}},
	{platform: "tiktok", loc: "zh", first: "美国的健身博主，英语，粉丝5万以上", follow: "从头开始，粉丝条件留着，换成日本的美食博主", want: []string{"followers gte 50000", "country eq JP", "category eq food"}, not: []string{"language", "US"}, unsaid: []string{"确认"}},
}

// TestLeftR runs the tuning table: every case must hold.
func TestLeftR(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range leftRTuning {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}

// TestLeftRPageTurns: a paging follow-up shows the next page of the same
// search (the offset moves by a page, the conditions stay), a second one
// the page after; a follow-up that changes the search shows its first
// page again.
func TestLeftRPageTurns(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, next string }{
		{"en", "beauty creators in the US", "show me the next batch"},
		{"zh", "美国的美妆博主", "再来一批"},
		{"en", "beauty creators in the US", "next page please"},
	} {
		b := newBox(t, a, "youtube", tc.loc)
		s := b.send("search.submit", api.Args{Text: tc.first})
		if s.Results == nil || s.Results.NextCursor == "" {
			t.Fatalf("%q: no second page to turn to (total %d)", tc.first, s.Results.Total)
		}
		first := s.Results.Items[0].Channel.ID
		conds := appliedConds(s)
		s = b.send(followupEvent(s), api.Args{Text: tc.next})
		if s.Results == nil || len(s.Results.Items) == 0 || s.Results.Items[0].Channel.ID == first {
			t.Errorf("%q then %q: the page did not turn (notice %q)", tc.first, tc.next, s.Context.Notice)
			continue
		}
		if got := appliedConds(s); strings.Join(got, "|") != strings.Join(conds, "|") {
			t.Errorf("%q then %q: conditions %q, want them as before %q", tc.first, tc.next, got, conds)
		}
		if s.Results.NextCursor != "" && s.Results.NextCursor != "40" {
			t.Errorf("%q then %q: next cursor %q, want 40", tc.first, tc.next, s.Results.NextCursor)
		}
		s = b.send(followupEvent(s), api.Args{Text: pick(tc.loc == "zh", "只要英语的", "English only")})
		if s.Results != nil && s.Results.NextCursor != "" && s.Results.NextCursor != "20" {
			t.Errorf("%q then a new condition: next cursor %q, want the first page again", tc.first, s.Results.NextCursor)
		}
	}
}
