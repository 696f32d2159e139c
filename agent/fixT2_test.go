package agent

import "testing"

// TestFixT2Tuning is the tuning table of audit 37's T2 and T3 (named
// removals): the audit's own follow-ups and variants, each must hold.
func TestFixT2Tuning(t *testing.T) {
	cases := []caseFixT{
		{"youtube", "en", "watch reviewers in the UAE, Saudi or Kuwait, 50k-300k subs, sort by average views", "reset the follower range and keep the rest",
			all(wantApplied("followers", ""), noKeywordWith("keep", "rest", "reset"))},
		{"youtube", "zh", "新加坡或马来西亚的亲子博主，粉丝不超过10万，最近半年有更新", "粉丝那个条件和活跃时间，两个条件都去掉",
			all(wantApplied("followers", ""), wantApplied("last_active", ""), noKeywordWith("两个"))},
		{"youtube", "zh", "美国的科技频道，粉丝一万以上，英语", "粉丝范围重置一下",
			all(wantApplied("followers", ""), wantApplied("language", "language eq en"))},
		{"instagram", "en", "travel creators in Japan, 10k+ followers, Japanese, active in the last 30 days", "drop the follower and language filters",
			all(wantApplied("followers", ""), wantApplied("language", ""), wantApplied("last_active", "last_active within_days 30"))},
		// a single field removed without a reset verb stays the router's
		{"instagram", "en", "travel creators in Japan, 10k+ followers", "remove the follower limit",
			wantApplied("followers", "")},
	}
	for _, tc := range cases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range runFixT(t, newTestAgent(t), tc) {
				t.Error(m)
			}
		})
	}
}
