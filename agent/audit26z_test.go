package agent

import "testing"

// TestAudit26z: audit 26's five classes through the agent, in first
// searches and follow-ups, phrasings of my own (the held-out table is
// audit26z_heldout_test.go): every case must hold.
func TestAudit26z(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		// 1: ranges said in words or with a spaced unit
		{platform: "youtube", loc: "en", first: "uk parenting channels, ten to forty thousand subs", want: []string{"followers between {max:40000,min:10000}", "country eq GB"}},
		{platform: "tiktok", loc: "en", first: "pet creators in Chile between 2 and 9 k", want: []string{"followers between {max:9000,min:2000}"}, not: []string{"contains"}},
		{platform: "youtube", loc: "en", first: "history channels, six figures of subscribers", want: []string{"followers between {max:999999,min:100000}"}, not: []string{"figures"}},
		{platform: "youtube", loc: "zh", first: "美国的科技博主", follow: "粉丝要六位数的", want: []string{"followers between {max:999999,min:100000}", "country eq US"}},
		{platform: "instagram", loc: "en", first: "travel creators in Greece", follow: "between 5 and 25 k please", want: []string{"followers between {max:25000,min:5000}", "country eq GR"}, not: []string{"contains"}},
		// 2: terse input
		{platform: "tiktok", loc: "zh", first: "马来西亚 美食 探店 粉丝5万以内 互动率3%以上", want: []string{"category eq food", "engagement gte 300"}, not: []string{"contains 探店"}, ranks: []string{"探店"}},
		{platform: "youtube", loc: "en", first: "Germany fitness weight loss 50k+", want: []string{"category eq fitness"}, not: []string{"contains weight loss"}, ranks: []string{"weight loss"}},
		{platform: "youtube", loc: "zh", first: "德国 Hollyland 麦克风 1w+", want: []string{"country eq DE"}, ranks: nil, not: []string{"category"}},
		// 3: the audience
		{platform: "tiktok", loc: "en", first: "fitness creators whose audience is mostly in Spain, 10k-80k", want: []string{"category eq fitness", "followers between {max:80000,min:10000}"}, not: []string{"ES"}, says: []string{"audience"}},
		{platform: "youtube", loc: "zh", first: "粉丝主要是女性的数码博主 日本", want: []string{"country eq JP", "category eq tech"}, not: []string{"女"}, says: []string{"受众"}, unsaid: []string{"创作者的性别"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Italy", follow: "their audience should mostly be in the UK", want: []string{"country eq IT", "category eq food"}, not: []string{"GB"}, says: []string{"audience"}},
		{platform: "youtube", loc: "zh", first: "意大利的美食博主", follow: "受众最好在英国", want: []string{"country eq IT"}, not: []string{"GB"}, says: []string{"受众"}},
		// 4: regions
		{platform: "x", loc: "en", first: "policy commentators in MENA, 5k+", want: []string{"country in [AE,SA,KW,IQ,JO,SY,IL,YE,IR,EG,MA,DZ]"}, not: []string{"TR"}},
		{platform: "x", loc: "en", first: "AI founders, SEA or Korea, 10k+", want: []string{"country in [ID,MY,SG,TH,VN,PH,KR]"}, not: []string{"SEA"}},
		{platform: "x", loc: "en", first: "AI founders, SEA or Korea, 10k+", follow: "no Korea", want: []string{"country in [ID,MY,SG,TH,VN,PH]"}},
		{platform: "instagram", loc: "en", first: "surf creators in Portugal", follow: "switch to ANZ", want: []string{"country in [AU,NZ]"}, not: []string{"PT"}},
		// 5: mild ones
		{platform: "tiktok", loc: "zh", first: "英国 宠物 猫 粉丝5千到2万", want: []string{"category eq pets", "followers between {max:20000,min:5000}"}, ranks: []string{"猫"}, unsaid: []string{"未识别"}},
		{platform: "tiktok", loc: "zh", first: "韩国 美妆 达人 转化率高的", want: []string{"category eq beauty", "country eq KR"}, not: []string{"率"}, says: []string{"转化率"}, unsaid: []string{"未识别"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Brazil with a high hit rate", want: []string{"category eq gaming"}, says: []string{"hit rate"}},
		{platform: "youtube", loc: "en", first: "mom bloggers in Ireland, 2k-20k", want: []string{"category eq family", "country eq IE"}, ranks: []string{"mom"}},
	} {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range run24y(t, a, tc) {
				t.Error(m)
			}
		})
	}
}
