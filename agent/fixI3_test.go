package agent

import (
	"testing"
)

// TestFixI3 is the tuning table of the reading classes I1–I4 (issue 26:
// a sort reversed, a window or bound said short in a follow-up, "drop
// the last one", an exclusion's scope): each case must hold.
func TestFixI3(t *testing.T) {
	cases := []caseFixT{
		// I1
		{"youtube", "en", "US beauty channels sorted by subscribers", "the opposite",
			all(sortIs("followers"), noticeSaid, noKeyword("opposite"))},
		{"youtube", "en", "US beauty channels sorted by subscribers", "reverse it",
			all(sortIs("followers"), noticeSaid, noKeyword("reverse"))},
		{"youtube", "zh", "美国的美妆博主，按粉丝数排序", "反过来",
			all(sortIs("followers"), noticeSaid, noKeyword("反过来"))},
		{"youtube", "zh", "美国的美妆博主，按粉丝数排序", "倒过来排",
			all(sortIs("followers"), noticeSaid, noKeyword("倒过来"))},
		// I2
		{"youtube", "zh", "美国的美妆博主", "只看近一周的",
			all(appliedHas("last_active within_days 7"), noKeyword("近一周"))},
		{"youtube", "zh", "美国的美妆博主", "近三天的就行",
			all(appliedHas("last_active within_days 3"), noKeyword("三天"))},
		{"youtube", "en", "US beauty channels", "only last 10 days",
			all(appliedHas("last_active within_days 10"), noKeyword("days"))},
		{"youtube", "en", "US beauty channels", "no more than 80k",
			all(appliedHas("followers lte 80000"), noKeyword("80k"))},
		{"youtube", "en", "US beauty channels", "50k max",
			all(appliedHas("followers lte 50000"), noKeyword("50k", "max"))},
		{"youtube", "en", "US beauty channels", "exactly 50k not more",
			all(appliedHas("followers"), noKeyword("50k", "exactly"))},
		// I3
		{"youtube", "zh", "美国的美妆博主，粉丝一万以上，不要币圈的", "最后那个去掉",
			all(appliedHas("followers gte 10000"), appliedLacks("币圈"))},
		{"youtube", "en", "US beauty channels over 10k, no crypto", "remove the last condition",
			all(appliedHas("followers gte 10000"), appliedLacks("crypto"))},
		{"youtube", "en", "US beauty channels over 10k, no crypto", "drop the last one",
			all(appliedHas("followers gte 10000"), appliedLacks("crypto"))},
		// a ranking term said after the last filter is no condition
		{"youtube", "en", "UK cycling channels, 20k+, active in the last month. We make bike lights.", "drop the last one",
			all(appliedHas("followers gte 20000"), appliedLacks("last_active"))},
		// I4
		{"youtube", "en", "US creators 10k+, no family/kids channels", "",
			all(noKeyword("channels"), appliedHas("followers gte 10000"))},
		{"youtube", "en", "US creators 10k+, no cooking-only accounts", "",
			all(appliedLacks("category not_in food", "not_in [food]"), noKeyword("accounts"))},
	}
	for _, tc := range cases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range runFixT(t, newTestAgent(t), tc) {
				t.Error(m)
			}
		})
	}
}
