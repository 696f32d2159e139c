package agent

import "testing"

// fixP (issue 26 item 3, one reading for first searches and follow-ups):
// the follow-up path, router then agent, for three classes: a correction
// inside a follow-up and the selling forms (class 1), a question about
// the results (class 2), and a platform switch said with a hedged size
// (class 3). A first search that finds nothing ("冰岛…五百万以上") puts
// the follow-up on the repair page.

// TestLeftPHeldout is written before any rule of these classes was
// changed (base: 5 of 20; after the fixes: 20 of 20, the floor) and
// never tuned on: its misses are logged
// (AUDIT24Y_STRICT=1 makes them errors), and a pass count below the one
// reached after the fixes fails.
func TestLeftPHeldout(t *testing.T) {
	measure24y(t, "fixP held-out", 20, []case24y{
		// 1. a correction in a follow-up: what was meant replaces what was
		// not, never an exclusion of the category both share
		{platform: "youtube", loc: "zh", first: "英国的美食博主", follow: "不是烘焙那种，我要探店的", want: []string{"category eq food", "country eq GB"}, not: []string{"not_contains", "not_in"}, ranks: []string{"探店"}},
		{platform: "instagram", loc: "en", first: "fashion creators in Italy", follow: "no, not fashion — I meant beauty", want: []string{"category eq beauty", "country eq IT"}, not: []string{"not_in", "fashion"}},
		{platform: "tiktok", loc: "zh", first: "冰岛的美妆博主 粉丝三百万以上", follow: "别给我美妆的，我说的是穿搭", want: []string{"category eq fashion"}, not: []string{"not_in", "beauty"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Iceland with over 8M subs", follow: "sorry, I meant anime, not gaming", want: []string{"category eq animation"}, not: []string{"not_in", "gaming"}},
		{platform: "youtube", loc: "zh", first: "日本的健身博主", follow: "不是瑜伽那种，我要练力量的", want: []string{"category eq fitness", "country eq JP"}, not: []string{"not_contains", "not_in"}},
		{platform: "youtube", loc: "en", first: "food creators in Mexico", follow: "not the street food kind, I want baking", want: []string{"category eq food", "country eq MX"}, not: []string{"not_contains", "not_in"}, ranks: []string{"baking"}},
		{platform: "youtube", loc: "en", first: "pet creators in Iceland with over 6M followers", follow: "no, not the dog kind — I want cat channels", want: []string{"category eq pets"}, not: []string{"not_in", "not_contains"}},
		{platform: "instagram", loc: "zh", first: "法国的旅行博主", follow: "别给我旅行类的 我说的是美食", want: []string{"category eq food", "country eq FR"}, not: []string{"not_in", "travel"}},
		// 1b. a selling form said as a follow-up ranks as in a first search
		{platform: "tiktok", loc: "zh", first: "英国的美妆博主", follow: "要那种直播带货的", want: []string{"category eq beauty", "country eq GB"}, not: []string{"all contains"}, ranks: []string{"直播带货"}},
		{platform: "tiktok", loc: "en", first: "skincare creators in Korea", follow: "the ones doing live selling", want: []string{"category eq beauty", "country eq KR"}, not: []string{"all contains"}, ranks: []string{"live selling"}},
		// 2. a question about the results adds nothing
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "do any of them have a TikTok too?", want: []string{"category eq beauty", "country eq US"}, not: []string{"platform", "all contains", "not_"}, refsNot: []string{"tiktok"}, noTerm: []string{"tiktok"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主", follow: "这几个里面有在加拿大的吗", want: []string{"country eq US", "category eq beauty"}, not: []string{"CA", "not_", "all contains"}, refsNot: []string{"CA"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Brazil", follow: "are any of these still posting?", want: []string{"country eq BR", "category eq fitness"}, not: []string{"last_active", "all contains"}},
		{platform: "youtube", loc: "zh", first: "日本的游戏博主", follow: "这个号现在还在更新吗", want: []string{"country eq JP", "category eq gaming"}, not: []string{"last_active", "all contains"}, noTerm: []string{"更新"}},
		{platform: "youtube", loc: "en", first: "travel creators in Iceland with over 5M followers", follow: "is any of them in Norway?", want: []string{"country eq IS", "category eq travel"}, not: []string{"NO", "not_"}},
		{platform: "tiktok", loc: "zh", first: "韩国的美妆博主", follow: "其中有没有男博主？", want: []string{"country eq KR", "category eq beauty"}, not: []string{"all contains", "not_"}, noTerm: []string{"男"}},
		// 3. a platform switch with a hedged size: the switch waits for
		// its confirmation, the hard count held stays
		{platform: "youtube", loc: "en", first: "tech creators in Germany with 200k+ followers", follow: "same thing but over on Instagram, ideally 100k+", want: []string{"followers gte 200000", "country eq DE", "category eq tech"}, pending: []string{"platform eq instagram"}, not: []string{"followers gte 100000"}},
		{platform: "instagram", loc: "zh", first: "英国的时尚博主 粉丝十万以上", follow: "其他都不变 换到抖音 粉丝最好二十万以上", want: []string{"followers gte 100000", "country eq GB", "category eq fashion"}, pending: []string{"platform eq tiktok", "followers gte 200000"}, not: []string{"followers gte 200000"}},
		{platform: "tiktok", loc: "en", first: "comedy creators in Canada, 50k+ followers", follow: "let's try YouTube instead, keep the rest, preferably over 20k", want: []string{"followers gte 50000", "country eq CA"}, pending: []string{"platform eq youtube"}, not: []string{"followers gte 20000"}},
		{platform: "youtube", loc: "zh", first: "美国的科技博主 粉丝五万以上", follow: "一样的条件换到TikTok上看看，粉丝最好三万以上", want: []string{"followers gte 50000", "country eq US"}, pending: []string{"platform eq tiktok"}, not: []string{"followers gte 30000"}},
	})
}

// TestLeftP holds the tuning phrasings of the three classes; every case
// must pass.
func TestLeftP(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		// 1. corrections in a follow-up, results page and repair page
		{platform: "youtube", loc: "zh", first: "美国的美食博主", follow: "不是吃播那种，我要教做饭的", want: []string{"category eq food", "country eq US"}, not: []string{"not_contains", "not_in"}, ranks: []string{"做饭"}},
		{platform: "youtube", loc: "zh", first: "美国的美食博主", follow: "不是探店，我要做烘焙的", want: []string{"category eq food"}, not: []string{"not_contains", "not_in"}, ranks: []string{"烘焙"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "I meant fashion, not beauty", want: []string{"category eq fashion", "country eq US"}, not: []string{"not_in", "beauty"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主", follow: "别给我美妆的，我说的是时尚", want: []string{"category eq fashion", "country eq US"}, not: []string{"not_in", "beauty"}},
		{platform: "youtube", loc: "en", first: "travel creators in Japan", follow: "not the food type — I want hiking", want: []string{"country eq JP"}, not: []string{"not_contains", "not_in"}},
		{platform: "instagram", loc: "en", first: "fitness creators in Spain", follow: "no, not the yoga kind, I want strength training", want: []string{"category eq fitness", "country eq ES"}, not: []string{"not_contains", "not_in"}},
		{platform: "youtube", loc: "zh", first: "日本的游戏博主", follow: "不是游戏，我要的是动漫", want: []string{"category eq animation", "country eq JP"}, not: []string{"not_in", "gaming"}},
		{platform: "youtube", loc: "zh", first: "冰岛的宠物博主 粉丝五百万以上", follow: "不是宠物那种，我要美食的", want: []string{"category eq food", "country eq IS"}, not: []string{"not_in", "pets"}},
		{platform: "youtube", loc: "en", first: "pet creators in Iceland with over 5M followers", follow: "skip pets, I meant food", want: []string{"category eq food", "country eq IS"}, not: []string{"not_in", "not_contains", "pets"}},
		{platform: "tiktok", loc: "zh", first: "冰岛的美食博主 粉丝五百万以上", follow: "不是探店，我要做烘焙的", want: []string{"category eq food"}, not: []string{"not_contains", "not_in"}, ranks: []string{"烘焙"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Iceland with over 9M subs", follow: "not the mukbang kind — I want recipes for beginners", want: []string{"category eq food"}, not: []string{"not_contains", "not_in"}},
		{platform: "instagram", loc: "zh", first: "韩国的时尚博主", follow: "不要时尚类的，我的意思是美妆", want: []string{"category eq beauty", "country eq KR"}, not: []string{"not_in", "fashion"}},
		// 1b. selling forms read as a first search reads them
		{platform: "tiktok", loc: "zh", first: "美国的美妆博主", follow: "直播卖货的", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"直播卖货"}},
		{platform: "tiktok", loc: "zh", first: "美国的美妆博主", follow: "要直播带货的", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"直播带货"}},
		{platform: "tiktok", loc: "en", first: "beauty creators in the US", follow: "ones who sell on livestream", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"sell on livestream"}, noTerm: []string{`"sell"`}},
		{platform: "tiktok", loc: "en", first: "beauty creators in the US", follow: "only creators who do live selling", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"live selling"}},
		{platform: "tiktok", loc: "en", first: "beauty creators in the US who do live selling", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"live selling"}},
		{platform: "tiktok", loc: "zh", first: "冰岛的美妆博主 粉丝五百万以上", follow: "做直播带货的", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"直播带货"}},
		// 2. questions about the results keep the conditions
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "do any of these also have an Instagram?", want: []string{"category eq beauty", "country eq US"}, not: []string{"platform", "all contains"}, refsNot: []string{"instagram"}, notice: []string{"asks about the results"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主", follow: "这些里面有做直播的吗", want: []string{"category eq beauty", "country eq US"}, not: []string{"all contains"}, noTerm: []string{"直播"}, notice: []string{"对结果的提问"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "are any of them based in Canada?", want: []string{"country eq US"}, not: []string{"CA"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "is this one still active?", want: []string{"country eq US"}, not: []string{"last_active"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主", follow: "第二个还在更新吗？", want: []string{"country eq US"}, not: []string{"last_active", "all contains"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "which of them post in Spanish?", want: []string{"country eq US"}, not: []string{"language"}},
		{platform: "instagram", loc: "zh", first: "法国的美食博主", follow: "其中有英国的吗", want: []string{"country eq FR"}, not: []string{"GB"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "any of them in Canada? also only 100k+", want: []string{"country eq US", "followers gte 100000"}, not: []string{"CA"}},
		{platform: "youtube", loc: "en", first: "pet creators in Iceland with over 5M followers", follow: "are any of these in English?", want: []string{"country eq IS"}, not: []string{"language"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主", follow: "这几个当中有没有做测评的？另外粉丝要十万以上", want: []string{"country eq US", "followers gte 100000"}, not: []string{"all contains"}, noTerm: []string{"测评"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US", follow: "are any of them in Canada? and only 100k+ please", want: []string{"country eq US", "followers gte 100000"}, not: []string{"CA"}},
		// 3. a platform switch with a hedged size
		{platform: "youtube", loc: "en", first: "beauty creators in the US with 100k+ followers", follow: "keep everything but move it to TikTok, ideally 50k+", want: []string{"followers gte 100000", "country eq US"}, pending: []string{"platform eq tiktok", "followers gte 50000"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主 粉丝五万以上", follow: "换成TikTok吧，其他不变，粉丝最好十万以上", want: []string{"followers gte 50000", "country eq US"}, pending: []string{"platform eq tiktok", "followers gte 100000"}},
		{platform: "instagram", loc: "en", first: "beauty creators in the US with 20k+ followers", follow: "same search on YouTube, preferably bigger than 100k", want: []string{"followers gte 20000"}, pending: []string{"platform eq youtube", "followers gte 100000"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主 粉丝五万以上", follow: "其他都不变 换到TikTok", want: []string{"followers gte 50000"}, pending: []string{"platform eq tiktok"}, noTerm: []string{"其他"}},
		{platform: "youtube", loc: "en", first: "beauty creators in the US with 100k+ followers", follow: "ideally 200k+", want: []string{"followers gte 100000"}, pending: []string{"followers gte 200000"}},
		{platform: "youtube", loc: "zh", first: "美国的美妆博主 粉丝十万以上", follow: "粉丝最好五万以上就行", want: []string{"followers gte 100000"}, not: []string{"followers gte 50000"}},
	} {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
