package agent

import "testing"

// TestFollowUpNarrowsHeldCount: a follow-up that takes channels out of the
// results by a count ("drop anyone under 100k", 这些里面去掉粉丝低于X的,
// "不要粉丝低于X的") or keeps only some of them by it ("only the ones above
// 80k", 只保留粉丝X以上的, 只要X以上的) narrows the range the search holds, keeping its
// other end, and never widens it; the removal verb never removes the field's
// condition (the router's remove_filter gives way). A bound said as the
// new condition ("change followers to 100k+", 粉丝改成X以上) still
// replaces the range.
func TestFollowUpNarrowsHeldCount(t *testing.T) {
	t.Setenv("AUDIT24Y_STRICT", "1")
	cases := []case24y{
		{platform: "youtube", loc: "en", first: "tech reviewers in Germany, 50k to 200k followers", follow: "from these, drop anyone under 100k", want: []string{"followers between {max:200000,min:100000}", "country eq DE"}},
		{platform: "instagram", loc: "en", first: "yoga creators in Brazil, 20k-80k followers", follow: "remove the ones with fewer than 40k followers", want: []string{"followers between {max:80000,min:40000}", "country eq BR"}},
		{platform: "tiktok", loc: "zh", first: "宠物博主，美国，粉丝二十万到五十万", follow: "这些里面去掉粉丝低于三十万的", want: []string{"followers between {max:500000,min:300000}", "country eq US"}},
		{platform: "youtube", loc: "zh", first: "日本的游戏频道，粉丝10万到100万", follow: "不要粉丝低于二十万的", want: []string{"followers between {max:1000000,min:200000}", "country eq JP"}},
		// below the held floor: nothing is taken out, the range stays
		{platform: "tiktok", loc: "zh", first: "宠物博主，美国，粉丝十万到五十万", follow: "这些里面去掉粉丝低于五万的", want: []string{"followers between {max:500000,min:100000}"}},
		{platform: "youtube", loc: "en", first: "tech reviewers in Germany, 50k to 200k followers", follow: "get rid of anyone below 30k", want: []string{"followers between {max:200000,min:50000}"}},
		// keeping only some of the results by a count narrows too
		{platform: "youtube", loc: "en", first: "tech reviewers in Germany, 50k to 200k followers", follow: "only the ones above 80k", want: []string{"followers between {max:200000,min:80000}"}},
		{platform: "instagram", loc: "en", first: "yoga creators in Brazil, 20k-80k followers", follow: "keep just those with over 30k followers", want: []string{"followers between {max:80000,min:30000}"}},
		{platform: "tiktok", loc: "zh", first: "宠物博主，美国，粉丝二十万到五十万", follow: "只保留粉丝三十万以上的", want: []string{"followers between {max:500000,min:300000}"}},
		// 只要/只看 … 的: "only the ones past the bound"
		{platform: "youtube", loc: "zh", first: "美国的美妆博主，粉丝5万到20万", follow: "只要10万以上的", want: []string{"followers between {max:200000,min:100000}"}},
		{platform: "instagram", loc: "zh", first: "巴西的瑜伽博主，粉丝两万到八万", follow: "只看粉丝五万以下的", want: []string{"followers between {max:50000,min:20000}"}},
		// the same from an empty page's repair
		{platform: "tiktok", loc: "zh", first: "宠物博主，美国，粉丝二十四万到三十六万", follow: "这些里面去掉粉丝低于二十万的", want: []string{"followers between {max:360000,min:240000}"}},
		// a bound said as the new condition replaces the range
		{platform: "youtube", loc: "en", first: "tech reviewers in Germany, 50k to 200k followers", follow: "change followers to 100k+", want: []string{"followers gte 100000"}},
		{platform: "tiktok", loc: "zh", first: "宠物博主，美国，粉丝二十万到五十万", follow: "粉丝改成三十万以上", want: []string{"followers gte 300000"}},
	}
	measure24y(t, "narrowed held count", len(cases), cases)
}
