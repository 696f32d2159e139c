package agent

import "testing"

// TestLeftVHeldout holds out phrasings of audit 29's follow-up classes
// (issue 26 items 3 and 5, fixV): a retraction inside the same message,
// undo and history, referring back to the search or a result, deixis
// words that are frame, and counts of results in a follow-up. Written
// before any fix and never tuned on: its pass count is logged (go test
// ./agent -run LeftVHeldout -v) and a count below the one reached after
// the fixes fails; AUDIT24Y_STRICT=1 makes every miss an error.
func TestLeftVHeldout(t *testing.T) {
	measure24y(t, "leftV held-out", 22, []case24y{
		// 1: a retraction inside the same message applies nothing of what it takes back
		{platform: "instagram", loc: "en", first: "beauty creators in Spain, over 50k followers, actually scrap the follower floor", want: []string{"country eq ES", "category eq beauty"}, not: []string{"followers"}, noTerm: []string{"scrap", "floor"}},
		{platform: "youtube", loc: "zh", first: "日本的美食博主，粉丝5万以上", follow: "改成韩国的……算了，还是日本吧", want: []string{"country eq JP", "followers gte 50000"}, not: []string{"KR"}, unsaid: []string{"→"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Germany, 10k+ subs", follow: "switch it to Austria, hmm no, undo that, stay with Germany", want: []string{"country eq DE"}, not: []string{"AT"}, unsaid: []string{"→"}},
		{platform: "youtube", loc: "en", first: "history channels in the UK, English, 20k+", follow: "remove the language requirement, actually no, keep it", want: []string{"language eq en", "country eq GB"}, unsaid: []string{"removed", "→"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美妆博主，泰语，粉丝3万以上", follow: "把粉丝门槛去掉，算了还是留着吧", want: []string{"followers gte 30000", "language eq th"}, unsaid: []string{"去掉"}},
		// 2: undo and history
		{platform: "youtube", loc: "en", first: "fitness creators in Canada, English", before: []string{"only 100k+ followers"}, follow: "undo the last change please", want: []string{"country eq CA", "language eq en"}, not: []string{"followers"}},
		{platform: "instagram", loc: "zh", first: "美国的美妆博主", before: []string{"只要粉丝十万以上的"}, follow: "撤销刚才那一步", want: []string{"country eq US"}, not: []string{"followers"}},
		{platform: "instagram", loc: "en", first: "food creators in Italy, Italian", before: []string{"drop the country"}, follow: "put the country back", want: []string{"country eq IT", "language eq it"}},
		{platform: "youtube", loc: "zh", first: "德国的科技博主，粉丝1万到10万", before: []string{"粉丝改成50万以上"}, follow: "恢复原来的粉丝条件", want: []string{"followers between {max:100000,min:10000}", "country eq DE"}},
		{platform: "instagram", loc: "zh", first: "法国的时尚博主，法语", before: []string{"去掉语言"}, follow: "把刚才删掉的加回来", want: []string{"language eq fr", "country eq FR"}},
		{platform: "tiktok", loc: "en", first: "travel creators in Peru", follow: "undo", want: []string{"country eq PE"}, says: []string{"undo"}, unsaid: []string{"could not map"}},
		{platform: "tiktok", loc: "en", first: "pet creators in Australia, 10k+ followers, never mind the follower part", follow: "bring the follower minimum back", want: []string{"followers gte 10000", "country eq AU"}, unsaid: []string{"could not map"}},
		// 3: referring back
		{platform: "instagram", loc: "en", first: "yoga creators in India, 10k-100k followers", follow: "same thing but on YouTube", want: []string{"country eq IN", "followers between {max:100000,min:10000}"}, pending: []string{"youtube"}, noTerm: []string{"same", "thing"}},
		{platform: "youtube", loc: "zh", first: "墨西哥的美食博主，粉丝1万以上", follow: "一样的条件，换成西班牙的", want: []string{"country eq ES", "followers gte 10000", "category eq food"}, noTerm: []string{"一样", "条件"}},
		{platform: "tiktok", loc: "en", first: "dance creators in Brazil, 50k+ followers", follow: "same search for Argentina", want: []string{"country eq AR", "followers gte 50000"}, not: []string{"BR"}, noTerm: []string{"same", "search"}},
		{platform: "instagram", loc: "en", first: "skincare creators in Japan, 20k-200k", follow: "like the third result but in Germany", want: []string{"country eq DE", "followers between {max:200000,min:20000}"}, noTerm: []string{"third", "result"}, unsaid: []string{"not understood"}},
		{platform: "youtube", loc: "zh", first: "英国的汽车频道", follow: "跟第二个差不多的再多找点", noTerm: []string{"第二", "差不多"}},
		{platform: "instagram", loc: "zh", first: "韩国的穿搭博主，粉丝5万以上", follow: "同样的要求，找TikTok上的", want: []string{"country eq KR", "followers gte 50000"}, pending: []string{"tiktok"}, noTerm: []string{"同样", "要求"}},
		// 4: deixis words are frame
		{platform: "youtube", loc: "en", first: "cooking channels in France, 10k+ subs", follow: "of those, only ones active in the last month", want: []string{"last_active within_days 30", "country eq FR"}, unsaid: []string{"not understood"}, noTerm: []string{"those"}},
		{platform: "tiktok", loc: "zh", first: "越南的美食博主", follow: "这批里面只要粉丝五万以上的", want: []string{"followers gte 50000", "country eq VN"}, unsaid: []string{"未识别"}, noTerm: []string{"这批"}},
		{platform: "youtube", loc: "en", first: "tech reviewers in Canada", follow: "those ones but only in French", want: []string{"language eq fr", "country eq CA"}, unsaid: []string{"not understood"}, noTerm: []string{"those"}},
		{platform: "instagram", loc: "zh", first: "意大利的旅行博主", follow: "上面那几个里，只要意大利语的", want: []string{"language eq it", "country eq IT"}, unsaid: []string{"未识别"}, noTerm: []string{"那几个"}},
		// 5: counts of results in a follow-up
		{platform: "youtube", loc: "en", first: "chess channels in Norway", follow: "just show me 10", want: []string{"country eq NO"}, not: []string{"followers"}, noTerm: []string{"10", "show"}},
		{platform: "tiktok", loc: "zh", first: "印尼的游戏博主", follow: "再要二十个", want: []string{"country eq ID"}, not: []string{"followers"}, noTerm: []string{"二十"}},
		{platform: "instagram", loc: "en", first: "wedding photographers in Greece", follow: "only give me 5 of them", want: []string{"country eq GR"}, not: []string{"followers"}, noTerm: []string{"5", "give"}},
	})
}
