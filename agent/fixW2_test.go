package agent

import "testing"

// TestFixW2SimilarGroup is the tuning table of fixW2's class W6: "more
// like the first three" names a group of results as examples; with no
// results the notice says there is nothing to compare with, with
// results it asks for one result, never a result count.
func TestFixW2SimilarGroup(t *testing.T) {
	a := newTestAgent(t)
	tests := []caseFixT{
		{"youtube", "en", "DIY channels in Iceland with 7M+ subscribers", "find more like the top two",
			all(noticeHas("nothing to compare"), noticeLacks("is not a filter"))},
		{"youtube", "zh", "冰岛的手工频道，订阅七百万以上", "跟前三个差不多的",
			all(noticeHas("没有可比较"), noticeLacks("不作为筛选条件"))},
		{"youtube", "en", "travel vloggers in the UK", "more like the first three",
			all(noticeHas("name one"), noticeLacks("nothing to compare"))},
		{"youtube", "zh", "美国的美食博主", "和前两个类似的",
			all(noticeHas("请指定一个"), noticeLacks("没有可比较"))},
		{"youtube", "en", "travel vloggers in the UK", "just the first three",
			noticeHas("is not a filter")},
	}
	for _, tc := range tests {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
	}
}

// TestFixW2UnservedPlatform is the tuning table of fixW2's class W5: a
// platform this version does not serve is named as not available, the
// search runs on the session's platform, and it is never a keyword; a
// platform's name inside a topic ("Facebook ads") stays the topic's.
func TestFixW2UnservedPlatform(t *testing.T) {
	a := newTestAgent(t)
	tests := []caseFixT{
		{"youtube", "en", "cooking channels in Italy", "switch to Twitch",
			all(noKeyword("twitch"), noticeHas("Twitch"), noticeHas("not available"), wantApplied("country", "country eq IT"))},
		{"youtube", "zh", "美国的美食博主", "小红书上的",
			all(noKeyword("小红书"), noticeHas("暂不支持"), wantApplied("country", "country eq US"))},
		{"instagram", "zh", "日本的旅行博主", "B站有没有",
			all(noKeyword("B站"), noticeHas("B站"))},
		{"tiktok", "en", "fitness creators in Canada", "only Weibo ones",
			all(noKeyword("weibo"), noticeHas("Weibo"), wantApplied("country", "country eq CA"))},
		{"youtube", "en", "marketing channels in the US", "only the ones about facebook ads",
			noticeLacks("not available")},
	}
	for _, tc := range tests {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
	}
}
