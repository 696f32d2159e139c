package condparse

import "testing"

// windowDeedCases: a marked window right before what the creators do in
// it — a content verb, or the platform where they do it (在推特上聊…) —
// bounds their activity, with the window said as one word too (近半年,
// 过去一年); a partner verb never cuts a platform's name (在推特 is 在 +
// 推特, not 在推, promoting).
var windowDeedCases = []leftCase{
	{in: "近半年在推特上聊跨境电商的中文博主", want: []string{"last_active within_days 180", `platform eq "x"`}, noKw: []string{"在推", "推特"}},
	{in: "近三个月聊AI的博主", want: []string{"last_active within_days 90"}, noKw: []string{"近三个月", "聊"}},
	{in: "过去一年聊理财的博主", want: []string{"last_active within_days 365", `category eq "finance"`}},
	{in: "近一个月讲理财的博主", want: []string{"last_active within_days 30"}},
	{in: "近半年在抖音上做测评的博主", want: []string{"last_active within_days 180", `platform eq "tiktok"`}},
	{in: "近两周在油管上分享旅行的频道", want: []string{"last_active within_days 14", `platform eq "youtube"`}},
	{in: "在推特上很火的科技博主", want: []string{`platform eq "x"`, `category eq "tech"`}, noKw: []string{"在推"}},
	{in: "不要在推保健品的博主", want: []string{`keyword not_contains "保健品"`}},
}

func TestWindowBeforeDeed(t *testing.T) {
	for _, tc := range windowDeedCases {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("%q: %v", tc.in, p)
		}
	}
}
