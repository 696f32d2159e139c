package agent

import (
	"strings"
	"testing"

	"searchagent/tools/condparse"
)

// The reading classes issue 26 left after audit 24 and the code review
// (fixM), read through the agent with phrasings of my own, zh and en:
// 2 a follow-up of a complained figure and a new bound, 3 a hobby or
// trade word under a category, 4 activity windows of a couple or a few
// months and since a season, 5 an exclusion and an acceptance in one
// follow-up, 6 too much of something said with "tons of" or as brand
// deals, 7 platform nouns (X账户, handles) and "ie" as Ireland, 8 every
// unsupported item of one message named. (Class 1 is the lexicon's
// complaint flag, tested in tools/condparse.)

// TestLeftMHeldout was written before any rule of these classes was
// changed and is not tuned on: each miss is logged (an error with
// AUDIT24Y_STRICT=1), and a pass count below the one measured after the
// fixes fails (measure24y). Base (before the fixes): 15 of 36; after:
// 36 of 36.
func TestLeftMHeldout(t *testing.T) {
	measure24y(t, "fixM held-out", 36, []case24y{
		// 2. a complained figure and the bound meant: the bound, never
		// a widening or narrowing that loses it (also on an empty result)
		{platform: "youtube", loc: "zh", first: "冰岛的游戏博主 粉丝五千到一万", follow: "五千到一万太少了 起码要八万", want: []string{"followers gte 80000"}, not: []string{"followers between"}},
		{platform: "instagram", loc: "en", first: "travel creators in Iceland with 5k-15k followers", follow: "15k is far too small, 60k minimum", want: []string{"followers gte 60000"}, not: []string{"followers between"}},
		{platform: "tiktok", loc: "zh", first: "卢森堡的美食博主 粉丝二十万到五十万", follow: "二十万太多了 十万以内就行", want: []string{"followers lte 100000"}, not: []string{"followers between"}},
		{platform: "youtube", loc: "en", first: "tech channels in Luxembourg, 200k to 500k subs", follow: "500k is too big, keep it below 80k", want: []string{"followers lte 80000"}, not: []string{"followers between"}},
		{platform: "youtube", loc: "zh", first: "日本的美食博主 粉丝一两万", follow: "一两万太少了吧 至少三万", want: []string{"followers gte 30000"}, not: []string{"followers between"}},
		// 3. a hobby or trade under a category ranks beside it
		{platform: "youtube", loc: "zh", first: "加拿大的钓鱼博主 粉丝五千以上", want: []string{"country eq CA"}, ranks: []string{"钓鱼"}},
		{platform: "youtube", loc: "en", first: "fly fishing youtubers in New Zealand", want: []string{"country eq NZ"}, ranks: []string{"fishing"}},
		{platform: "youtube", loc: "en", first: "piano teachers in Austria with 2k+ subs", want: []string{"country eq AT"}, ranks: []string{"piano"}},
		{platform: "youtube", loc: "en", first: "music creators in Spain", follow: "only violin teachers", want: []string{"country eq ES"}, ranks: []string{"violin"}},
		{platform: "youtube", loc: "zh", first: "美国的户外博主", follow: "只要做钓鱼的", want: []string{"category eq outdoor"}, ranks: []string{"钓鱼"}},
		{platform: "youtube", loc: "en", first: "outdoor creators in Norway", follow: "ice fishing ones only", want: []string{"country eq NO"}, ranks: []string{"fishing"}},
		{platform: "instagram", loc: "zh", first: "台湾的琵琶老师 粉丝三千以上", want: []string{"country eq TW"}, ranks: []string{"琵琶"}},
		// 4. a couple of months, a few months, since a season
		{platform: "instagram", loc: "en", first: "pet creators in Canada who've been posting over the past couple of months", want: []string{"last_active within_days 60"}},
		{platform: "youtube", loc: "en", first: "cooking channels active over the last few months", want: []string{"last_active within_days 90"}},
		{platform: "youtube", loc: "zh", first: "近两三个月还在更新的旅行博主", want: []string{"last_active within_days 90"}},
		{platform: "tiktok", loc: "en", first: "gaming streamers that have been active since the fall", want: []string{"last_active within_days 203"}, not: []string{"all contains"}},
		{platform: "instagram", loc: "zh", first: "入夏以来有更新的美妆博主", want: []string{"last_active within_days 295"}},
		// 5. an exclusion and an acceptance in one follow-up
		{platform: "instagram", loc: "zh", first: "巴西的旅行博主 葡萄牙语", follow: "做美妆的不要 西班牙语也可以", want: []string{"language in [pt,es]"}, not: []string{"language not_in"}},
		{platform: "youtube", loc: "en", first: "food creators in Germany, German", follow: "skip the vegan ones, English is fine too", want: []string{"language in [de,en]"}, not: []string{"language not_in"}},
		{platform: "youtube", loc: "zh", first: "韩国的科技博主", follow: "不要游戏的 日本的也可以", want: []string{"country in [KR,JP]"}, not: []string{"country not_in"}},
		{platform: "instagram", loc: "en", first: "beauty creators in France", follow: "no haul videos, Belgian ones are ok too", want: []string{"country in [FR,BE]"}, not: []string{"country not_in"}},
		// 6. too much of something: never a hard exclusion or filter
		{platform: "instagram", loc: "en", first: "skincare creators in Canada, not too many brand collabs", want: []string{"country eq CA"}, not: []string{"not_contains", "all contains"}},
		{platform: "youtube", loc: "en", first: "gaming channels without a ton of paid promotions", not: []string{"not_contains", "all contains"}},
		{platform: "youtube", loc: "zh", first: "美食博主 别接太多商单的", not: []string{"not_contains", "all contains"}},
		{platform: "instagram", loc: "zh", first: "英国的美妆博主", follow: "广告合作太多的不要", want: []string{"country eq GB"}, not: []string{"not_contains", "all contains"}},
		{platform: "youtube", loc: "en", first: "tech creators in Japan", follow: "avoid ones with loads of sponsorships", want: []string{"country eq JP"}, not: []string{"not_contains", "all contains"}},
		// 7. platform nouns are the platform; "ie" closing a search is Ireland
		{platform: "x", loc: "zh", first: "X账户 做加密货币的 新加坡", want: []string{"country eq SG"}, noTerm: []string{"账户"}},
		{platform: "x", loc: "zh", first: "美国的推特帐户 游戏类", want: []string{"country eq US"}, noTerm: []string{"帐户"}},
		{platform: "x", loc: "en", first: "tech X handles based in India", want: []string{"country eq IN"}, noTerm: []string{"handles"}},
		{platform: "instagram", loc: "en", first: "vegan food creators ie", want: []string{"country eq IE"}},
		{platform: "youtube", loc: "en", first: "cooking channels ie, 5k+", want: []string{"country eq IE", "followers gte 5000"}},
		{platform: "youtube", loc: "en", first: "travel creators, ie people who film their trips, in Portugal", want: []string{"country eq PT"}, not: []string{"IE"}},
		// 8. every unsupported item of one message is named
		{platform: "youtube", loc: "zh", first: "美国的健身博主 要男博主 别找接过竞争对手推广的", notice: []string{"男博主", "竞争对手"}},
		{platform: "youtube", loc: "en", first: "male fitness creators in Australia, nobody who promoted our rivals", notice: []string{"male", "rivals"}},
		{platform: "instagram", loc: "zh", first: "英国的美妆博主", follow: "只要女生 不要帮友商带过货的", notice: []string{"女生", "友商"}},
		{platform: "instagram", loc: "en", first: "fashion creators in Spain, women only, and skip anyone sponsored by competitors", notice: []string{"women", "competitors"}},
	})
}

// leftMTuning are the phrasings the rules were fixed against, one block
// per class.
var leftMTuning = []case24y{
	// 2. a complained figure and the bound meant, on results and on an
	// empty result (where the router's widening ran alone)
	{platform: "youtube", loc: "zh", first: "冰岛的科技博主 粉丝三四万", follow: "三四万太少了 最低也得十五万", want: []string{"followers gte 150000", "country eq IS"}, not: []string{"followers between"}},
	{platform: "youtube", loc: "en", first: "fishing creators in Iceland, 20k-30k followers", follow: "30k is way too small, need at least 150k", want: []string{"followers gte 150000", "country eq IS"}, not: []string{"followers between"}},
	{platform: "instagram", loc: "zh", first: "冰岛的美妆博主 粉丝三千到八千", follow: "八千太多了 控制在五千以内", want: []string{"followers between {max:5000,min:3000}", "country eq IS"}},
	{platform: "instagram", loc: "en", first: "beauty creators in Iceland, 20k-60k followers", follow: "60k is too big, 10k max", want: []string{"followers lte 10000", "country eq IS"}, not: []string{"followers between"}},
	{platform: "youtube", loc: "en", first: "gaming creators in Japan, 10k-30k followers", follow: "10k-30k is too few, make it 200k+", want: []string{"followers gte 200000", "country eq JP"}, not: []string{"followers between"}},
	{platform: "youtube", loc: "zh", first: "日本的美食博主 粉丝两三万", follow: "两三万太少 十万起", want: []string{"followers gte 100000", "country eq JP"}, not: []string{"followers between"}},
	{platform: "tiktok", loc: "en", first: "comedy creators in Malta with 1k-5k followers", follow: "too few results, and 5k is too small anyway, 50k or more", want: []string{"followers gte 50000"}, not: []string{"followers between"}},
	// 3. a hobby or trade under a category ranks beside it, in a first
	// search and in a follow-up alike
	{platform: "youtube", loc: "zh", first: "美国的户外博主", follow: "要做路亚的", want: []string{"category eq outdoor", "country eq US"}, ranks: []string{"路亚"}},
	{platform: "youtube", loc: "en", first: "fitness creators in Germany", follow: "yoga ones only", want: []string{"category eq fitness"}, ranks: []string{"yoga"}},
	{platform: "youtube", loc: "en", first: "diy creators in the US", follow: "just woodworking channels", want: []string{"category eq diy"}, ranks: []string{"woodworking"}},
	{platform: "youtube", loc: "en", first: "music creators in Spain", follow: "only guitar teachers", want: []string{"category eq music"}, ranks: []string{"guitar"}, not: []string{"contains"}},
	{platform: "youtube", loc: "zh", first: "西班牙的音乐博主", follow: "只要古筝老师", want: []string{"category eq music"}, ranks: []string{"古筝"}, not: []string{"contains"}},
	{platform: "youtube", loc: "en", first: "outdoor creators in Canada", follow: "what about bouldering channels", want: []string{"category eq outdoor"}, ranks: []string{"bouldering"}, noTerm: []string{"what"}},
	{platform: "instagram", loc: "en", first: "yoga instructors in Mexico", want: []string{"category eq fitness", "country eq MX"}, ranks: []string{"yoga"}},
	{platform: "youtube", loc: "zh", first: "英国的园艺博主 粉丝一万以上", want: []string{"category eq home", "country eq GB"}, ranks: []string{"园艺"}},
	{platform: "tiktok", loc: "en", first: "sports creators in the Philippines", follow: "basketball ones", want: []string{"category eq sports"}, ranks: []string{"basketball"}},
	{platform: "youtube", loc: "en", first: "outdoor channels in Canada", follow: "no fishing ones", want: []string{"category eq outdoor"}, not: []string{"category not_in"}},
	// a subtopic replaced by another leaves the ranking terms, never
	// excluded
	{platform: "youtube", loc: "zh", first: "英国的烘焙博主", follow: "烘焙的换成甜品的", want: []string{"category eq food"}, ranks: []string{"甜品"}, noTerm: []string{"烘焙"}},
	{platform: "youtube", loc: "en", first: "fly fishing channels in Scotland", follow: "swap fly fishing for angling", ranks: []string{"angling"}, noTerm: []string{"fly"}},
	// 4. a couple of months, a few months, since a season (the test
	// clock is 23 March 2026: winter began 1 December 2025, 112 days)
	{platform: "youtube", loc: "en", first: "travel creators in Peru active over the last couple of months", want: []string{"last_active within_days 60", "country eq PE"}},
	{platform: "youtube", loc: "zh", first: "入冬以来还有更新的科技博主", want: []string{"last_active within_days 112", "category eq tech"}},
	{platform: "instagram", loc: "en", first: "food creators in Chile", follow: "only ones posting during the past few months", want: []string{"last_active within_days 90", "country eq CL"}},
	{platform: "youtube", loc: "zh", first: "智利的美食博主", follow: "这两个月还在更新的", want: []string{"last_active within_days 60"}},
	// 5. an exclusion and an acceptance in one follow-up: the exclusion
	// keeps to its part, the accepted value widens the held one
	{platform: "youtube", loc: "zh", first: "墨西哥的美食博主 西班牙语", follow: "探店的不要 英语的也可以", want: []string{"language in [es,en]"}, not: []string{"language not_in"}},
	{platform: "instagram", loc: "en", first: "travel creators in Portugal, Portuguese", follow: "no hotel reviews, Spanish is fine too", want: []string{"language in [pt,es]"}, not: []string{"language not_in"}},
	{platform: "youtube", loc: "zh", first: "德国的汽车博主", follow: "不要改装的 奥地利的也行", want: []string{"country in [DE,AT]"}, not: []string{"country not_in"}},
	{platform: "youtube", loc: "en", first: "gaming creators in Sweden", follow: "skip the horror ones, Norway is fine too", want: []string{"country in [SE,NO]"}, not: []string{"country not_in"}},
	{platform: "instagram", loc: "en", first: "beauty creators in Italy, Italian", follow: "drop the nail ones and English works too", want: []string{"language in [it,en]"}, not: []string{"language not_in"}},
	{platform: "youtube", loc: "en", first: "tech creators in Japan", follow: "no unboxing, Korea is ok too", want: []string{"country in [JP,KR]"}, not: []string{"not_in"}},
	// 6. too much of something: a soft wish, never an exclusion or a
	// filter of its words
	{platform: "youtube", loc: "en", first: "food creators in Spain, not too many brand partnerships", want: []string{"country eq ES"}, not: []string{"not_contains", "all contains"}, noTerm: []string{"brand"}},
	{platform: "instagram", loc: "en", first: "beauty creators in Canada", follow: "preferably without loads of ads", want: []string{"country eq CA"}, not: []string{"not_contains", "all contains"}, noTerm: []string{"loads"}},
	{platform: "youtube", loc: "zh", first: "美国的科技博主", follow: "别接太多商单的", want: []string{"country eq US"}, not: []string{"not_contains", "all contains"}, noTerm: []string{"商单"}},
	{platform: "tiktok", loc: "zh", first: "带货不要太多的美食博主 泰国", want: []string{"country eq TH"}, not: []string{"not_contains", "all contains"}, noTerm: []string{"带货"}},
	// 7. platform nouns are the platform; "ie" closing a search is Ireland
	{platform: "x", loc: "zh", first: "日本的X账户 聊动漫的", want: []string{"country eq JP"}, noTerm: []string{"账户"}},
	{platform: "x", loc: "zh", first: "推特账户 做美股的", noTerm: []string{"账户", "推特"}},
	{platform: "x", loc: "en", first: "football twitter handles in Brazil", want: []string{"country eq BR"}, noTerm: []string{"handles"}},
	{platform: "youtube", loc: "en", first: "home baking channels ie", want: []string{"country eq IE"}},
	{platform: "youtube", loc: "en", first: "diy creators", follow: "only ones in ie", want: []string{"country eq IE"}},
	{platform: "youtube", loc: "en", first: "gaming creators, ie people who stream", not: []string{"country"}},
	// 8. every unsupported item of one message is named
	{platform: "instagram", loc: "zh", first: "英国的美妆博主 只要男生 不要帮竞品推广过的", notice: []string{"男生", "竞品"}},
	{platform: "youtube", loc: "en", first: "female fitness creators in Canada, no one sponsored by our competitors", notice: []string{"female", "competitors"}},
	{platform: "youtube", loc: "zh", first: "日本的游戏博主", follow: "只要女主播 别找给友商做过广告的", notice: []string{"女主播", "友商"}},
	{platform: "instagram", loc: "en", first: "travel creators in Greece, women only, budget under $500", notice: []string{"women", "budget"}},
}

// TestResidueNoticeNamesEvery: one sentence a role, every item of the
// role quoted in it, in the order they were said.
func TestResidueNoticeNamesEvery(t *testing.T) {
	rem := []condparse.Span{{Text: "男博主", Role: condparse.ResidueGender}, {Text: "竞品", Role: condparse.ResidueRelation},
		{Text: "女生", Role: condparse.ResidueGender}, {Text: "博主"}}
	if got, want := residueNotice(true, rem), "「男博主」、「女生」未加入条件：频道库不记录创作者的性别，无法按性别筛选。「竞品」未加入条件："; !strings.HasPrefix(got, want) {
		t.Errorf("residueNotice(zh) = %q, want it to start %q", got, want)
	}
	rem = []condparse.Span{{Text: "male", Role: condparse.ResidueGender}, {Text: "female", Role: condparse.ResidueGender}}
	if got, want := residueNotice(false, rem), "“male”, “female” were not applied"; !strings.HasPrefix(got, want) {
		t.Errorf("residueNotice(en) = %q, want it to start %q", got, want)
	}
	if got := residueNotice(false, []condparse.Span{{Text: "nice"}}); got != "" {
		t.Errorf("residueNotice of no role = %q, want none", got)
	}
}

// TestLeftMClasses runs the tuning phrasings; every miss is an error.
func TestLeftMClasses(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range leftMTuning {
		for _, m := range run24y(t, a, tc) {
			t.Error(m)
		}
	}
}
