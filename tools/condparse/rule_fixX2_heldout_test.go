package condparse

import "testing"

// TestFixX2HeldOut: phrasings of my own for the classes X1 (brackets
// around words are emphasis: a condition inside them is that condition),
// X2 (a currency or unit slipped onto a follower count keeps the bound),
// X3 (hedged topics, spreadsheet rows, single-character fragments and
// "not dead" never filter), X4 (the product's origin is not the
// creators' country; food creator nouns give food) and X5 (a category
// alias inside a compound loses to the compound), written before any
// rule was changed and never tuned on. It logs its misses and fails only
// when fewer pass than measured after the fixes (the floor below):
// 7/21 before, 20/21 after (the miss left: "20k EUR followers minimum").
func TestFixX2HeldOut(t *testing.T) {
	const floor = 20
	measureHeldOut(t, floor, []heldCase{
		// X1
		{"想找【日本】的【露营】博主，【粉丝5万以上】，【近两周有更新】", []string{"has hard country eq \"JP\" applied", "followers lo 50000..50000 nohi", "active 14..15", "noterm 日本", "noterm 粉丝"}},
		{"「韩国」「美妆」博主，「日语」内容，「10万粉以下」", []string{"has hard country eq \"KR\" applied", "lang ja", "followers hi 100000..100000", "noterm 韩国", "noterm 日语"}},
		{"Looking for \"Mexico\" creators doing \"street tacos\", \"20k+ followers\", \"active in the last month\"", []string{"has hard country eq \"MX\" applied", "followers lo 20000..20000 nohi", "active 28..31", "noterm mexico", "noterm followers"}},
		{"[Canada] [hiking] channels, [English], [over 30k subs]", []string{"has hard country eq \"CA\" applied", "lang en", "followers lo 30000..30000 nohi", "noterm canada"}},
		// X2
		{"need beauty creators in France with 20k EUR followers minimum", []string{"followers lo 20000..20000 nohi", "noterm eur"}},
		{"gaming streamers, subs max 500k$", []string{"followers hi 500000..500000", "noterm $"}},
		{"找粉丝3万元以上的健身博主", []string{"followers lo 30000..30000 nohi", "noterm 元"}},
		{"美妆博主，粉丝不超过20万块的", []string{"followers hi 200000..200000", "noterm 块"}},
		{"fitness creators with 15k £ followers and up", []string{"followers lo 15000..15000 nohi"}},
		// X3
		{"找做咖啡的博主，手冲、拉花方向优先，粉丝1万以上", []string{"nohardterm", "term 手冲", "term 拉花"}},
		{"yoga creators in India, ideally prenatal yoga or meditation", []string{"nohardterm", "has hard country eq \"IN\" applied"}},
		{"Japan | YouTube | ramen, izakaya | 10k-100k | last upload < 30 days", []string{"nohardterm", "has hard country eq \"JP\" applied", "followers lo 10000..10000 hi 100000..100000", "active 30..30", "term ramen"}},
		{"三个月没发过推的不要，找日本的动漫推主", []string{"noexcl 推", "active 89..92"}},
		{"美国的健身号，不要死号，最近一个月要有更新", []string{"noexcl 死号", "noexcl 死", "active 28..31"}},
		{"travel creators in Italy, not dead accounts please, posted within 2 weeks", []string{"noexcl dead", "active 14..15"}},
		// X4
		{"Korean skincare brand, looking for TikTok creators in the UK or Ireland — Korean-British ideally", []string{"countries GB,IE", "nocat x"}},
		{"Vietnamese coffee importer, want food lovers on IG in Australia", []string{"has hard country eq \"AU\" applied", "cat food"}},
		{"我们是泰国零食品牌，想找新加坡的吃货博主", []string{"has hard country eq \"SG\" applied", "cat food"}},
		// X5
		{"nail art creators in Spain, 10k+", []string{"nocat art", "has hard country eq \"ES\" applied"}},
		{"game day recipes and tailgate food creators in the US", []string{"nocat gaming"}},
		{"想找做美甲艺术的博主，韩国的", []string{"nocat art"}},
	}, missesFixR)
}
