package agent

import "testing"

// TestFixQTuning is the tuning table of the follow-up classes Q1–Q5
// (audit 36's own phrasings and variants of them). Written after the
// Q3 fix, 8 of 15 then; after: 14 (left:
// "not planners", a trade noun alone as the excluded, Q2).
func TestFixQTuning(t *testing.T) {
	measureFixT(t, "tuning Q", 14, tuningFixQ())
}

// tuningFixQ is the tuning table (see TestFixQTuning).
func tuningFixQ() []caseFixT {
	return []caseFixT{
		// Q1
		{"youtube", "en", "pregnancy and mum-life YouTubers in the UK and Ireland, 20k to 150k subs", "client replied: Ireland's out, UK only. Also how many of these are actually mums?",
			all(wantApplied("country", "country eq GB"), noticeTruthful("Ireland"), noKeyword("how", "mums", "out"))},
		{"youtube", "en", "surf creators in Spain and Portugal", "drop Spain, Portugal only",
			all(wantApplied("country", "country eq PT"), noticeTruthful("Spain"))},
		{"instagram", "en", "food creators in Ireland and the UK", "Ireland is out",
			all(wantApplied("country", "country eq GB"), noticeTruthful("Ireland"))},
		{"tiktok", "zh", "找香港和台湾的旅行博主", "香港不要了，只要台湾",
			all(wantApplied("country", "country eq TW"), noticeTruthful("香港"))},
		{"youtube", "zh", "美国、英国、澳大利亚的健身博主", "除了澳大利亚别的都不要",
			all(wantApplied("country", "country eq AU"), noticeTruthful("美国", "英国"))},
		{"tiktok", "en", "card breakers in Canada and the US, 10k+ followers", "ok now only Canada — and how many are left?",
			all(wantApplied("country", "country eq CA"), noKeyword("left", "how"))},
		// Q2
		{"instagram", "en", "wedding content creators in Australia with 5k–40k followers", "not them, the other ones — makeup artists who film bridal looks, not planners",
			all(hasTopic([]string{"makeup"}, nil), excludedOrNamed("planner"))},
		{"youtube", "zh", "美国的文具测评博主", "换一批，要做手账的，不要文具测评的",
			all(hasTopic([]string{"手账"}, nil), excludedOrNamed("文具"))},
		// Q3
		{"youtube", "en", "creators in Germany, 10k+ subs", "no gaming, only tech",
			all(wanted("tech", "tech"), excludedOrNamed("gaming"))},
		{"instagram", "zh", "日本的博主", "不要美妆的，只要穿搭的",
			all(wanted("穿搭", "fashion"), excludedOrNamed("beauty"))},
		// Q4
		{"youtube", "en", "skincare YouTubers in Germany, France, Netherlands, 50k+ subs", "same but for TikTok",
			all(onPlatform("tiktok"), wantApplied("followers", "followers gte 50000"))},
		{"instagram", "zh", "泰国的旅行博主，粉丝一万以上", "TikTok也来一份",
			onPlatform("tiktok")},
		{"youtube", "zh", "日本的美食博主", "同样的条件在抖音找一下",
			onPlatform("tiktok")},
		// Q5
		{"x", "en", "birding accounts in the UK, nothing over 50k", "bump the cap to 80k, and what's the total now?",
			all(wantApplied("followers", "followers lte 80000"), noKeyword("what", "total"))},
		{"tiktok", "en", "dog trainers in the US and Canada", "keep only the US and leave the rest",
			all(wantApplied("country", "country eq US"), noKeyword("leave", "rest"))},
	}
}
