package agent

import "testing"

// TestLeftV holds audit 29's follow-up classes (issue 26 items 3 and 5,
// fixV), said in words of my own: a retraction inside the same message
// applies nothing it takes back and says what stayed, never both
// "nothing changed" and a change; an undo puts back the search before
// the last change, or the named field's earlier value, and says when
// there is nothing to put back; "same" and a result pointed at are never
// words of the search; deixis (those, 这批) is frame; a count of results
// in a follow-up is no term. The phrasings held out are in
// leftV_heldout_test.go.
func TestLeftV(t *testing.T) {
	t.Setenv("AUDIT24Y_STRICT", "1")
	cases := []case24y{
		// 1: a retraction inside the same message
		{platform: "tiktok", loc: "en", first: "pet creators in Canada, 30k+ followers, actually never mind the follower minimum", want: []string{"country eq CA", "category eq pets"}, not: []string{"followers"}, noTerm: []string{"minimum", "mind"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Peru, Spanish, at least 20k subs, oh and forget the subscriber floor", want: []string{"country eq PE", "language eq es"}, not: []string{"followers"}},
		{platform: "instagram", loc: "zh", first: "韩国的美妆博主，粉丝10万以上，算了粉丝门槛不要了", want: []string{"country eq KR", "category eq beauty"}, not: []string{"followers"}},
		{platform: "youtube", loc: "zh", first: "巴西的健身频道，葡萄牙语，粉丝5万以上", follow: "换成阿根廷的……算了，撤销刚才的，还是巴西", want: []string{"country eq BR", "language eq pt", "followers gte 50000"}, not: []string{"AR"}, unsaid: []string{"→", "没有可以撤回"}, says: []string{"撤回"}},
		{platform: "youtube", loc: "zh", first: "法国的美食频道，粉丝1万以上", follow: "改成比利时的，算了，还是法国吧", want: []string{"country eq FR"}, not: []string{"BE"}, unsaid: []string{"→"}},
		{platform: "tiktok", loc: "en", first: "comedy creators in Nigeria, 100k+ followers", follow: "switch to Ghana... no wait, undo that, keep Nigeria", want: []string{"country eq NG", "followers gte 100000"}, not: []string{"GH"}, unsaid: []string{"→", "no earlier change"}},
		{platform: "tiktok", loc: "en", first: "comedy creators in Nigeria, 100k+ followers", follow: "make it Kenya, actually forget that", want: []string{"country eq NG"}, not: []string{"KE"}, unsaid: []string{"→", "no earlier change"}},
		{platform: "instagram", loc: "en", first: "travel creators in Spain, Spanish, 10k+ followers", follow: "drop the follower minimum — actually keep it", want: []string{"followers gte 10000", "country eq ES"}, unsaid: []string{"removed", "→"}},
		{platform: "instagram", loc: "en", first: "travel creators in Spain, Spanish, 10k+ followers", follow: "get rid of the language filter, no wait, leave it", want: []string{"language eq es"}, unsaid: []string{"removed", "→"}},
		{platform: "youtube", loc: "zh", first: "日本的动漫频道，日语，粉丝2万以上", follow: "去掉语言要求……算了还是保留吧", want: []string{"language eq ja", "followers gte 20000"}, unsaid: []string{"已去掉", "→"}},
		// 2: undo and history
		{platform: "youtube", loc: "en", first: "chess channels in Norway", before: []string{"only over 5k subscribers"}, follow: "revert that", want: []string{"country eq NO"}, not: []string{"followers"}, says: []string{"undid"}},
		{platform: "youtube", loc: "en", first: "chess channels in Norway", before: []string{"only over 5k subscribers"}, follow: "take me back to the previous results", want: []string{"country eq NO"}, not: []string{"followers"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美食博主", before: []string{"只要泰语的"}, follow: "撤销刚才的修改", want: []string{"country eq TH"}, not: []string{"language"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美食博主", before: []string{"只要泰语的"}, follow: "返回上一步", want: []string{"country eq TH"}, not: []string{"language"}},
		{platform: "instagram", loc: "en", first: "fashion creators in Italy, Italian, 50k+", before: []string{"remove the country"}, follow: "bring the country back please", want: []string{"country eq IT", "language eq it", "followers gte 50000"}},
		{platform: "instagram", loc: "en", first: "fashion creators in Italy, Italian, 50k+", before: []string{"remove the country", "make it 100k+"}, follow: "put the country back", want: []string{"country eq IT", "followers gte 100000"}},
		{platform: "youtube", loc: "zh", first: "英国的科技频道，粉丝5万到20万", before: []string{"粉丝改成100万以上"}, follow: "把粉丝条件改回原来的", want: []string{"followers between {max:200000,min:50000}", "country eq GB"}},
		{platform: "youtube", loc: "zh", first: "英国的科技频道，英语", before: []string{"去掉英语"}, follow: "刚才去掉的那个加回来", want: []string{"language eq en", "country eq GB"}},
		{platform: "youtube", loc: "en", first: "tech channels in the UK, English", before: []string{"drop the language"}, follow: "add back what you just removed", want: []string{"language eq en", "country eq GB"}},
		{platform: "tiktok", loc: "en", first: "baking creators in France, 10k+ followers, scratch the follower part", follow: "put the follower minimum back in", want: []string{"followers gte 10000", "country eq FR"}},
		{platform: "tiktok", loc: "zh", first: "法国的烘焙博主，粉丝1万以上，粉丝不限了", follow: "把粉丝要求加回来", want: []string{"followers gte 10000", "country eq FR"}},
		{platform: "youtube", loc: "en", first: "astronomy channels in Chile, 5k+ subs", follow: "undo the last change", says: []string{"no earlier change"}, unsaid: []string{"could not map"}},
		{platform: "youtube", loc: "zh", first: "智利的天文频道，粉丝5千以上", follow: "撤销上一步", says: []string{"没有可以撤回"}, unsaid: []string{"无法"}},
		{platform: "youtube", loc: "en", first: "astronomy channels in Chile", follow: "put the language back", want: []string{"country eq CL"}, unsaid: []string{"could not map"}, says: []string{"language"}},
		// 3: referring back
		{platform: "instagram", loc: "en", first: "surf creators in Portugal, 10k-80k followers", follow: "same but for TikTok", want: []string{"country eq PT", "followers between {max:80000,min:10000}"}, pending: []string{"tiktok"}, noTerm: []string{"same"}},
		{platform: "youtube", loc: "en", first: "cycling channels in Belgium, 5k+ subs", follow: "the same thing in Dutch", want: []string{"language eq nl", "country eq BE", "followers gte 5000"}, noTerm: []string{"same", "thing"}},
		{platform: "tiktok", loc: "en", first: "comedy creators in Nigeria, 1M+ followers", follow: "what about South Africa, same filters otherwise", want: []string{"country eq ZA", "followers gte 1000000"}, noTerm: []string{"same", "filters"}, unsaid: []string{"not understood"}},
		{platform: "youtube", loc: "zh", first: "马来西亚的数码博主，粉丝1万以上", follow: "同样的条件，新加坡的呢", want: []string{"country eq SG", "followers gte 10000"}, noTerm: []string{"同样", "条件"}, unsaid: []string{"未识别"}},
		{platform: "youtube", loc: "zh", first: "马来西亚的数码博主", follow: "一样的，换成印尼", want: []string{"country eq ID", "category eq tech"}, noTerm: []string{"一样"}},
		{platform: "instagram", loc: "en", first: "K-beauty creators based in the US, 30k-150k", follow: "like the second result but in Australia", want: []string{"country eq AU", "followers between {max:150000,min:30000}"}, noTerm: []string{"second", "result"}},
		{platform: "youtube", loc: "zh", first: "美国的健身博主", follow: "第二个那种的，多找一些", noTerm: []string{"第二", "那种"}},
		// 4: deixis is frame
		{platform: "youtube", loc: "zh", first: "美国的健身博主，粉丝10万到50万", follow: "刚才那批里面，只留英语的", want: []string{"language eq en", "country eq US"}, unsaid: []string{"未识别"}, noTerm: []string{"那批"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美妆博主", follow: "这些里面只要最近一个月更新过的", want: []string{"last_active within_days 30"}, unsaid: []string{"未识别"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美妆博主", follow: "那几个里面粉丝要三万以上", want: []string{"followers gte 30000"}, unsaid: []string{"未识别"}, noTerm: []string{"那几个"}},
		{platform: "instagram", loc: "en", first: "coffee creators in Colombia", follow: "from these, only the Spanish-speaking ones", want: []string{"language eq es", "country eq CO"}, unsaid: []string{"not understood"}, noTerm: []string{"these"}},
		{platform: "instagram", loc: "en", first: "coffee creators in Colombia", follow: "of them, keep just those with 10k+ followers", want: []string{"followers gte 10000"}, unsaid: []string{"not understood"}, noTerm: []string{"them", "those"}},
		{platform: "x", loc: "en", first: "esports analysts in Sweden, Poland, Spain", follow: "them but in Polish only", want: []string{"language eq pl", "country in [SE,PL,ES]"}, unsaid: []string{"not understood"}},
		// 5: counts of results in a follow-up
		{platform: "youtube", loc: "en", first: "gardening channels in the UK", follow: "just give me 10", want: []string{"country eq GB"}, not: []string{"followers"}, noTerm: []string{"10", "give"}},
		{platform: "youtube", loc: "en", first: "gardening channels in the UK", follow: "only 5", want: []string{"country eq GB"}, not: []string{"followers"}, noTerm: []string{"5"}},
		{platform: "tiktok", loc: "zh", first: "越南的美食博主", follow: "再来十个", want: []string{"country eq VN"}, not: []string{"followers"}, noTerm: []string{"十个"}},
		{platform: "tiktok", loc: "zh", first: "越南的美食博主", follow: "给我二十个就行", want: []string{"country eq VN"}, not: []string{"followers"}, noTerm: []string{"二十"}},
		{platform: "instagram", loc: "en", first: "dog trainers in Canada", follow: "show 15 more", want: []string{"category eq pets"}, not: []string{"followers"}, noTerm: []string{"15", "more"}},
	}
	a := newTestAgent(t)
	for _, tc := range cases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
