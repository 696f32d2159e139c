package condparse

import "testing"

// TestFixX2Classes: the tuning table for the fixX2 classes (audit 38's
// r5, r6, r10, r11, r14, r19, r23 and phrasings of my own): X1 brackets
// are emphasis, X2 a currency slipped onto a follower count keeps the
// bound, X3 hedged topics, spreadsheet rows, fragments and "not dead"
// never filter, X4 the product's origin is not the creators' country,
// X5 a compound's meaning beats an alias inside it.
func TestFixX2Classes(t *testing.T) {
	for _, tc := range []struct {
		in     string
		checks []string
	}{
		// X1
		{"找「芬兰」或「瑞典」的「桑拿」「冷水浴」博主，「粉丝1万以上」，「最近30天活跃」，「英文」内容", []string{"nohardterm", "countries FI,SE", "followers lo 10000..10000 nohi", "active 30..30", "lang en", "term 桑拿", "term 冷水浴"}},
		{"\"Brazil\" \"skincare\" creators, \"under 50k followers\"", []string{"nohardterm", "has hard country eq \"BR\" applied", "followers hi 50000..50000"}},
		{"『英语』的『旅行』博主，『泰国』", []string{"nohardterm", "has hard country eq \"TH\" applied", "lang en"}},
		// a title holding a country word stays the writer's quoted title
		{"“美国队长”的解说博主", []string{"has keyword keyword contains \"美国队长\" applied"}},
		// a quote after a marking cue stays a required word
		{"必须「露营」，「日本」的博主", []string{"has hard country eq \"JP\" applied", "has keyword keyword contains \"露营\" applied"}},
		// X2
		{"tattoo aftercare balm brand, need US tattoo artists on tiktok with 50k USD followers minimum and max 1M$, posting in the last 30 days", []string{"followers lo 50000..50000 hi 1000000..1000000", "noterm usd"}},
		{"粉丝5万元以上的美妆博主", []string{"followers lo 50000..50000 nohi"}},
		{"10k € subs, tech channels in Germany", []string{"followers lo 10000..10000 nohi"}},
		{"粉丝10万块以下的穿搭博主", []string{"followers hi 100000..100000"}},
		// X3
		{"找做美甲的ins博主，英国的，粉丝2万-10万，零残忍、纯素指甲油方向优先", []string{"nohardterm", "term 零残忍", "term 纯素指甲油"}},
		{"想找露营博主，帐篷、睡袋、炉具评测优先", []string{"nohardterm", "term 帐篷", "term 睡袋"}},
		{"skincare creators in Korea, vegan, fragrance-free preferably", []string{"nohardterm", "term vegan"}},
		{"Indonesia / Malaysia | Instagram | modest fashion, hijab styling | 30k-300k | last post < 45 days | any language", []string{"nohardterm", "countries ID,MY", "followers lo 30000..30000 hi 300000..300000", "active 44..45", "term modest fashion", "term hijab styling"}},
		{"Brazil\tTikTok\tstreet food, churrasco\t10k-50k", []string{"nohardterm", "has hard country eq \"BR\" applied", "term churrasco"}},
		{"老板交代：要菲律宾本地的美食推特号，粉丝不少于一万且不多于十万，他特别强调要英文发帖，一个月没发过推的不要", []string{"noexcl 推", "active 28..31", "nohardterm"}},
		{"两个月没发过帖的不要，找韩国的穿搭博主", []string{"noexcl 帖", "active 59..62"}},
		{"food creators in Spain, not dead", []string{"noexcl dead", "active 7..90"}},
		{"美妆博主，不要死号", []string{"noexcl 死号", "active 7..90"}},
		// X4
		{"Filipino snack exporter (dried mango, chicharrón). Want IG foodies in the US or Canada — Filipino-American ideally — nano size, last post within 10 days.", []string{"countries US,CA", "cat food", "nohardterm"}},
		{"Italian olive oil exporter. Looking for cooking creators in Germany or Austria", []string{"countries DE,AT", "nohardterm"}},
		{"找日本的吃货博主，粉丝一万以上", []string{"cat food", "has hard country eq \"JP\" applied"}},
		// X5
		{"nail art and manicure creators in Canada", []string{"cat beauty", "nocat art"}},
		{"找做美甲的博主，美甲艺术方向", []string{"nocat art"}},
		{"game day snacks creators in the US", []string{"nocat gaming"}},
		// money that is a budget stays frame
		{"预算5万元以上，找粉丝10万以上的美妆博主", []string{"followers lo 100000..100000 nohi"}},
		{"fitness creators over 20k followers, budget 500 USD per post", []string{"followers lo 20000..20000 nohi"}},
	} {
		if m := missesFixR(t, readAt(t, tc.in, nil, nil), tc.checks); len(m) > 0 {
			t.Error(m)
		}
	}
}
