package agent

import "testing"

// The first-search reading classes of audit 28 (issue 26 items 1, 2, 4;
// fixS), read through the agent with phrasings of my own, zh and en: the
// tuning table, one block per class. The held-out table, written before
// any fix and never tuned on, is in leftS_heldout_test.go; what condparse
// reads alone is in tools/condparse/rule_leftS_test.go.
var leftSTuning = []case24y{
	// 1. a part of China named by its provinces or cities is CN; a region
	// with a part left out; a demonym that qualifies a business
	{platform: "tiktok", loc: "zh", first: "江浙沪的宝妈博主，粉丝两万以上", want: []string{"country eq CN", "followers gte 20000"}, noTerm: []string{"江浙沪"}},
	{platform: "youtube", loc: "zh", first: "长三角地区的科技博主", want: []string{"country eq CN", "category eq tech"}, noTerm: []string{"长三角"}},
	{platform: "instagram", loc: "zh", first: "华南的美食探店博主", want: []string{"country eq CN", "category eq food"}, noTerm: []string{"华南"}},
	{platform: "youtube", loc: "zh", first: "亚太地区但不在日本的游戏博主", want: []string{"category eq gaming"}, not: []string{"country eq JP", "JP,"}},
	{platform: "youtube", loc: "en", first: "travel vloggers anywhere in Europe except France", not: []string{"country eq FR", "FR,"}},
	{platform: "tiktok", loc: "en", first: "we run a Thai restaurant and want food creators in Chicago", want: []string{"country eq US", "category eq food"}, not: []string{"TH"}},
	{platform: "instagram", loc: "en", first: "French bakery in Montreal looking for dessert creators", want: []string{"country eq CA"}, not: []string{"FR"}},
	{platform: "tiktok", loc: "zh", first: "我们在东京开了一家川菜馆，想找美食博主", want: []string{"country eq JP", "category eq food"}},
	{platform: "instagram", loc: "zh", first: "我们是韩国护肤品牌，在洛杉矶，想找美妆博主", want: []string{"country eq US", "category eq beauty"}, not: []string{"KR"}},
	{platform: "instagram", loc: "zh", first: "找美国纽约的健身博主", want: []string{"country eq US"}, unsaid: []string{"美国、美国"}},
	// 2. examples widen the topic
	{platform: "youtube", loc: "en", first: "camera reviewers (e.g. mirrorless bodies, lenses) in Japan", want: []string{"country eq JP"}, not: []string{"all contains"}, ranks: []string{"mirrorless", "lenses"}},
	{platform: "youtube", loc: "zh", first: "做小家电测评的博主，例如空气炸锅、扫地机器人", not: []string{"all contains"}, ranks: []string{"空气炸锅"}},
	{platform: "instagram", loc: "en", first: "craft creators in the US, such as knitting or pottery", want: []string{"country eq US"}, not: []string{"all contains"}},
	{platform: "instagram", loc: "zh", first: "美妆博主，比如眼线、腮红这类", want: []string{"category eq beauty"}, not: []string{"all contains"}, ranks: []string{"眼线"}},
	// 3. an exclusion whose object follows a verb
	{platform: "youtube", loc: "en", first: "kids science channels, nothing that pushes vaping", want: []string{"all not_contains vaping"}, noTerm: []string{"pushes"}},
	{platform: "youtube", loc: "en", first: "gaming channels in Canada, no channels that sell skins", want: []string{"country eq CA", "all not_contains skins"}, noTerm: []string{"sell"}},
	{platform: "instagram", loc: "en", first: "mom bloggers in the UK, nobody who shills diet pills", want: []string{"country eq GB", "all not_contains diet pills"}, noTerm: []string{"shills"}},
	// 4. an OR-list of professions ranks each
	{platform: "youtube", loc: "en", first: "lawyers or accountants on YouTube in the US", want: []string{"country eq US"}, ranks: []string{"lawyers"}},
	{platform: "instagram", loc: "en", first: "nurses or doctors sharing health tips in Canada", want: []string{"country eq CA"}, ranks: []string{"nurses", "doctors"}},
	{platform: "tiktok", loc: "zh", first: "找医生或者护士博主，美国的", want: []string{"country eq US"}, ranks: []string{"医生", "护士"}},
	// 5. campaign events and posting words are frame
	{platform: "tiktok", loc: "zh", first: "双12前想找几个泰国的美妆博主", want: []string{"country eq TH", "category eq beauty"}, noTerm: []string{"双12", "之前"}},
	{platform: "youtube", loc: "en", first: "ahead of Black Friday, tech reviewers in Germany", want: []string{"country eq DE"}, not: []string{"last_active"}, noTerm: []string{"black friday"}},
	{platform: "instagram", loc: "en", first: "Eid campaign: fashion creators in Indonesia", want: []string{"country eq ID", "category eq fashion"}, noTerm: []string{"eid", "campaign"}},
	{platform: "youtube", loc: "zh", first: "端午节前要推粽子，找新加坡的美食博主", want: []string{"country eq SG", "category eq food"}, noTerm: []string{"端午"}},
	{platform: "x", loc: "en", first: "crypto analysts on X tweeting in Spanish", want: []string{"language eq es"}, unsaid: []string{"not understood"}},
	{platform: "x", loc: "zh", first: "用法语发推的政治博主", want: []string{"language eq fr"}, unsaid: []string{"未识别"}},
	{platform: "instagram", loc: "zh", first: "想找做红酒测评的博主，受众要是成年人", noTerm: []string{"成年人"}},
	{platform: "instagram", loc: "en", first: "shop owner here: looking for pet creators in Canada", want: []string{"country eq CA", "category eq pets"}, noTerm: []string{"owner"}},
	// 6. topic phrases stay whole, a category said plainly filters
	{platform: "youtube", loc: "en", first: "budget creators in the UK doing back to school hauls", want: []string{"country eq GB"}, ranks: []string{"back to school"}},
	{platform: "instagram", loc: "zh", first: "找台湾的养生博主", want: []string{"country eq TW", "category eq fitness"}},
}

// TestLeftSReadings runs the tuning table: every case must hold.
func TestLeftSReadings(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range leftSTuning {
		for _, m := range run24y(t, a, tc) {
			t.Error(m)
		}
	}
}
