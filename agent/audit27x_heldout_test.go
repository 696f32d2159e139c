package agent

import "testing"

// TestAudit27xHeldout is audit 27's reading classes of helper x said in
// words of my own, written before any change and never tuned on (issue
// 26, the reading of free language): words nobody marked (growth and
// stage wording, a follow-up's own verbs, words that point at the
// results, question words, brand-safety wording, script and caption
// wording) never filter; a question or remark about the results leaves
// the held conditions alone (a question about posting sorts by recent
// activity); a permission or a hedged tier is no hard bound. Its pass
// count is logged (go test ./agent -run Audit27xHeldout -v); a count below
// the one measured after the fixes fails (measure24y); AUDIT24Y_STRICT=1
// makes every miss an error.
func TestAudit27xHeldout(t *testing.T) {
	measure24y(t, "27x held-out", 23, []case24y{
		// 1: growth and stage wording ranks or is named, never a filter
		{platform: "instagram", loc: "en", first: "home cooking creators in Ireland, emerging voices, 5k-40k followers", want: []string{"country eq IE", "followers between {max:40000,min:5000}"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "en", first: "woodworking channels in Canada, long-established, 100k+ subs", want: []string{"country eq CA", "followers gte 100000"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "法国的烘焙博主，新晋那种，粉丝两万以下", want: []string{"country eq FR", "followers lte 20000"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "zh", first: "找成长期的美国科技博主，粉丝1万以上", want: []string{"country eq US", "followers gte 10000"}, not: []string{"keyword contains"}},
		// 1: a follow-up's own verbs and words that point at the results
		{platform: "instagram", loc: "en", first: "fitness creators in Spain, 10k-50k followers", follow: "leave the rest as it is but move it over to YouTube", want: []string{"country eq ES"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "en", first: "gaming streamers in Brazil, 50k+ followers", follow: "out of the ones shown, are any of them women?", want: []string{"country eq BR", "followers gte 50000"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "巴西的游戏主播 粉丝五万以上", follow: "这几个当中有男生吗", want: []string{"country eq BR", "followers gte 50000"}, not: []string{"keyword contains"}},
		// 1: brand-safety wording
		{platform: "youtube", loc: "en", first: "wholesome science channels in the US, nothing edgy of course, 20k-200k subscribers", want: []string{"country eq US", "followers between {max:200000,min:20000}"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "zh", first: "日本的亲子博主，内容健康向上，粉丝五万以内", want: []string{"country eq JP", "followers lte 50000"}, not: []string{"keyword contains"}},
		{platform: "instagram", loc: "en", first: "parenting creators in Australia, advertiser-safe naturally, 10k to 100k followers", want: []string{"country eq AU", "followers between {max:100000,min:10000}"}, not: []string{"keyword contains"}},
		// 1: script and caption wording
		{platform: "instagram", loc: "en", first: "food creators based in Taiwan, traditional Chinese subtitles, 5k-60k followers", want: []string{"country eq TW", "followers between {max:60000,min:5000}"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "zh", first: "香港的美妆博主，简体字幕，粉丝一万以上", want: []string{"country eq HK", "followers gte 10000"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "en", first: "Japanese travel vloggers, English captions, 10k+ subscribers", want: []string{"followers gte 10000"}, not: []string{"keyword contains"}},
		// 2: a remark about a shown result keeps the held range
		{platform: "youtube", loc: "en", first: "chess channels in India, 10k-100k subscribers", follow: "how come the second one is here? it's got well over 100k", want: []string{"followers between {max:100000,min:10000}"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "印度的象棋博主 粉丝2万到10万", follow: "第一个粉丝肯定不止十万吧", want: []string{"followers between {max:100000,min:20000}"}, not: []string{"keyword contains"}},
		// 2: a question about posting sorts by recent activity
		{platform: "youtube", loc: "en", first: "tech reviewers in Canada, under 100k subscribers", follow: "which one of them uploads the most?", want: []string{"followers lte 100000"}, sort: "recent", noTerm: []string{"most", "upload"}},
		{platform: "tiktok", loc: "zh", first: "加拿大的科技博主 粉丝十万以下", follow: "哪几个发视频最频繁", want: []string{"followers lte 100000"}, sort: "recent", noTerm: []string{"频繁"}},
		// 3: a permission is no bound, a hedged tier no hard cap
		{platform: "youtube", loc: "zh", first: "找英国的园艺博主，粉丝少于一万也可以", want: []string{"country eq GB"}, not: []string{"followers"}},
		{platform: "instagram", loc: "en", first: "knitting creators in Norway, fine if they have under 3k followers", want: []string{"country eq NO"}, not: []string{"followers"}},
		{platform: "youtube", loc: "en", first: "indie game channels in Poland, doesn't matter if they're tiny", want: []string{"country eq PL"}, not: []string{"followers", "keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "找韩国的美甲博主，粉丝少点没关系", want: []string{"country eq KR"}, not: []string{"followers"}, noTerm: []string{"没关系"}},
		{platform: "youtube", loc: "zh", first: "德国的汽车博主，最好是腰部偏上的", want: []string{"country eq DE"}, not: []string{"followers"}, noTerm: []string{"偏上"}},
		{platform: "youtube", loc: "en", first: "car reviewers in Germany, preferably mid-tier or slightly above", want: []string{"country eq DE"}, not: []string{"followers"}, noTerm: []string{"above"}},
	})
}

// TestAudit27xHeldoutLate is a second held-out table, written after the
// changes (so that held-out cases are a third of all) and run once,
// never tuned on: its pass count is logged, and a count below its one
// run fails.
func TestAudit27xHeldoutLate(t *testing.T) {
	measure24y(t, "27x late held-out", 12, []case24y{
		// 1: stage and growth wording, brand safety, captions
		{platform: "instagram", loc: "en", first: "yoga teachers in Austria, emerging talent, 2k-20k followers", want: []string{"country eq AT", "followers between {max:20000,min:2000}"}, not: []string{"keyword contains"}},
		{platform: "tiktok", loc: "zh", first: "找成长型的西班牙旅行博主，粉丝一万以内", want: []string{"country eq ES", "followers lte 10000"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "en", first: "early-stage fintech creators in Singapore", want: []string{"country eq SG"}, not: []string{"keyword contains"}},
		{platform: "instagram", loc: "en", first: "family travel creators in Denmark, clean humour, 10k+ followers", want: []string{"country eq DK", "followers gte 10000"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "zh", first: "台湾的读书博主，繁体字幕，粉丝五千以上", want: []string{"country eq TW", "followers gte 5000"}, not: []string{"keyword contains"}},
		// 1: words about the results and a follow-up's verbs
		{platform: "tiktok", loc: "en", first: "street food creators in Thailand, 20k+ followers", follow: "out of these, are any of them men?", want: []string{"country eq TH", "followers gte 20000"}, not: []string{"keyword contains"}},
		{platform: "instagram", loc: "en", first: "minimalist home creators in Sweden", follow: "flip it to YouTube, leave the rest as is", want: []string{"country eq SE"}, not: []string{"keyword contains"}},
		// 2: remarks about a result and posting questions
		{platform: "instagram", loc: "en", first: "sneaker creators in Japan, 10k-80k followers", follow: "why's number 2 in the results? they've got way more than 80k", want: []string{"followers between {max:80000,min:10000}"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "zh", first: "日本的球鞋博主 粉丝一万到八万", follow: "这位粉丝早就超过八万了吧", want: []string{"followers between {max:80000,min:10000}"}, not: []string{"keyword contains"}},
		{platform: "youtube", loc: "en", first: "gardening channels in Ireland", follow: "which one of these uploads most regularly?", sort: "recent", noTerm: []string{"regularly"}},
		{platform: "tiktok", loc: "zh", first: "爱尔兰的园艺博主", follow: "哪个发视频最多", sort: "recent", noTerm: []string{"最多"}},
		// 3: permissions and hedged tiers
		{platform: "instagram", loc: "en", first: "ceramics creators in Italy, even under 1k followers would be ok", want: []string{"country eq IT"}, not: []string{"followers"}},
		{platform: "tiktok", loc: "zh", first: "找意大利的陶瓷博主，哪怕粉丝不到一千也可以", want: []string{"country eq IT"}, not: []string{"followers"}},
		{platform: "youtube", loc: "zh", first: "找比利时的巧克力博主，最好是尾部偏上的", want: []string{"country eq BE"}, not: []string{"followers"}, noTerm: []string{"偏上"}},
	})
}
