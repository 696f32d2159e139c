package agent

import "testing"

// TestAudit26zHeldout is audit 26's five classes said in words of my own,
// written before any change and never tuned on (issue 26, helper z):
// ranges said in words or with a spaced unit, a subtopic or format word
// beside its category in terse input, a wish about the audience, region
// names and their abbreviations, and the mild ones (a lone category
// rune, a rate the catalog lacks, parent nouns). Its pass count is logged
// (go test ./agent -run Audit26zHeldout -v); a count below the one
// measured after the fixes fails (measure24y); AUDIT24Y_STRICT=1 makes
// every miss an error.
func TestAudit26zHeldout(t *testing.T) {
	measure24y(t, "26z held-out", 23, []case24y{
		// 1: ranges said in words or with a spaced unit
		{platform: "youtube", loc: "en", first: "cooking channels in Canada with twenty to sixty thousand subscribers", want: []string{"followers between {max:60000,min:20000}", "country eq CA"}},
		{platform: "tiktok", loc: "en", first: "dance creators in Brazil, between 3 and 15 k followers", want: []string{"followers between {max:15000,min:3000}", "country eq BR"}, not: []string{"contains"}},
		{platform: "instagram", loc: "en", first: "travel creators in Italy, followers in the five figures", want: []string{"followers between {max:99999,min:10000}", "country eq IT"}},
		{platform: "youtube", loc: "zh", first: "日本的科技博主 粉丝七位数", want: []string{"followers between {max:9999999,min:1000000}", "country eq JP"}, not: []string{"contains"}},
		{platform: "x", loc: "en", first: "finance accounts in India with one to five hundred thousand followers", want: []string{"followers between {max:500000,min:100000}", "country eq IN"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Mexico, 10k+", follow: "make it fifteen to forty thousand subs", want: []string{"followers between {max:40000,min:15000}", "country eq MX"}},
		// 2: a subtopic or format word beside its category in terse input ranks
		{platform: "tiktok", loc: "zh", first: "泰国 美食 街头小吃 粉丝5万以内", want: []string{"category eq food", "followers lte 50000"}, not: []string{"contains 街头小吃"}, ranks: []string{"街头小吃"}},
		{platform: "youtube", loc: "en", first: "US fitness weight loss 100k+", want: []string{"category eq fitness", "country eq US"}, not: []string{"contains weight loss"}, ranks: []string{"weight loss"}},
		{platform: "instagram", loc: "zh", first: "韩国 美妆 教程 粉丝1万以上 互动率3%以上", want: []string{"category eq beauty", "country eq KR"}, not: []string{"contains 教程"}, ranks: []string{"教程"}},
		// 3: a wish about the audience is named, never a creator filter
		{platform: "tiktok", loc: "en", first: "beauty creators whose viewers are mostly in Japan, 20k-100k", want: []string{"category eq beauty", "followers between {max:100000,min:20000}"}, not: []string{"JP"}, says: []string{"audience"}},
		{platform: "youtube", loc: "zh", first: "受众主要在英国的科技博主 粉丝5万以上", want: []string{"category eq tech", "followers gte 50000"}, not: []string{"GB"}, says: []string{"受众"}},
		{platform: "instagram", loc: "en", first: "fashion creators in France with a mostly male audience", want: []string{"country eq FR", "category eq fashion"}, not: []string{"male"}, says: []string{"audience"}},
		{platform: "youtube", loc: "zh", first: "粉丝大多是男生的美妆博主 韩国", want: []string{"country eq KR", "category eq beauty"}, not: []string{"男"}, says: []string{"受众"}},
		{platform: "tiktok", loc: "zh", first: "美食博主 观众主要在马来西亚 粉丝1万到5万", want: []string{"category eq food", "followers between {max:50000,min:10000}"}, not: []string{"MY"}, says: []string{"受众"}},
		// 4: regions and their abbreviations
		{platform: "instagram", loc: "en", first: "skincare creators across ANZ, 5k-50k", want: []string{"country in [AU,NZ]", "category eq beauty"}},
		{platform: "x", loc: "en", first: "fintech founders in APAC with 10k+ followers", want: []string{"country in [CN,JP,KR,TW,HK,IN,PK,BD,ID,MY,SG,TH,VN,PH,AU,NZ]"}, not: []string{"APAC"}},
		{platform: "tiktok", loc: "en", first: "comedy creators MENA, 50k+", want: []string{"country in [AE,SA,KW,IQ,JO,SY,IL,YE,IR,EG,MA,DZ]", "category eq comedy"}, not: []string{"TR"}},
		{platform: "youtube", loc: "en", first: "sea fishing channels in the UK", want: []string{"country eq GB"}, not: []string{"ID,MY"}},
		{platform: "youtube", loc: "en", first: "travel vloggers in SEA or Taiwan, 10k+", want: []string{"country in [ID,MY,SG,TH,VN,PH,TW]"}, not: []string{"SEA"}},
		// 5: a lone category rune, a rate the catalog lacks, parent nouns
		{platform: "tiktok", loc: "zh", first: "韩国 宠物 狗 粉丝1w-5w", want: []string{"category eq pets", "country eq KR"}, unsaid: []string{"未识别"}},
		{platform: "tiktok", loc: "zh", first: "美国 搞笑 达人 完播率高的 粉丝十万以内", want: []string{"country eq US", "followers lte 100000"}, not: []string{"率"}, says: []string{"完播率"}},
		{platform: "instagram", loc: "en", first: "dad bloggers in Canada with 10k+ followers", want: []string{"category eq family", "country eq CA"}},
		{platform: "youtube", loc: "zh", first: "宝妈博主 新加坡 粉丝一万以上", want: []string{"category eq family", "country eq SG"}},
	})
}
