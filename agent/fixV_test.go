package agent

import "testing"

// TestFixV is the tuning table of the lead's classes V1-V4 (fixV): the
// phrasings the fixes were written against (FIXT_STRICT=1 makes each miss
// an error; every case holds).
func TestFixV(t *testing.T) {
	cases := []caseFixT{
		// V1
		{"instagram", "en", "australian surf and beach creators, 10k to 100k followers", "",
			all(hasTopic([]string{"surf", "beach"}, nil), noCategoryBut("outdoor"))},
		{"youtube", "en", "van life and off-grid living youtubers in the US", "",
			all(hasTopic([]string{"van life"}, nil), noCategoryBut(""))},
		{"x", "zh", "帮我找做理财知识分享的博主", "", wantApplied("category", "category eq finance")},
		{"x", "zh", "有没有做会计、税务知识分享的推特账号？", "", noCategoryBut("")},
		// V2
		{"youtube", "zh", "美国的美食博主，粉丝两万以上", "粉丝要求再低一点", wantApplied("followers", "followers gte 10000")},
		{"youtube", "zh", "美国的美食博主，粉丝两万以上", "订阅门槛再降一点", wantApplied("followers", "followers gte 10000")},
		{"youtube", "zh", "美国的美食博主，粉丝两万以上", "粉丝要求再高一点", wantApplied("followers", "followers gte 50000")},
		{"youtube", "en", "cooking channels in the US", "like 100k subs", followersBand(100000)},
		{"youtube", "en", "cooking channels in the US", "大概十万粉左右", followersBand(100000)},
		// V3 (the test clock is 81 days into 2026)
		{"youtube", "zh", "德国的科技博主，近两个月活跃", "活跃时间再收紧一点", wantApplied("last_active", "last_active within_days 30")},
		{"youtube", "en", "tech channels in Germany active in the last 60 days", "tighten the window", wantApplied("last_active", "last_active within_days 30")},
		{"youtube", "en", "tech channels in Germany active in the last 60 days", "widen the last-active window a bit", wantApplied("last_active", "last_active within_days 90")},
		{"youtube", "zh", "美妆博主，2026年活跃过的", "", windowDays(80, 82)},
		{"youtube", "zh", "2025年有更新的美食博主", "", windowDays(445, 447)},
		// V4
		{"youtube", "zh", "美国的美食博主", "顺便看下Instagram", platformAsked("instagram", "看")},
		{"youtube", "en", "cooking channels in the US", "check TikTok too", platformAsked("tiktok", "check")},
	}
	measureFixT(t, "tuning V", len(cases), cases)
}
