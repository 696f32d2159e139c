package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// TestFixT2Tuning is the tuning table of audit 37's T2 and T3 (named
// removals): the audit's own follow-ups and variants, each must hold.
func TestFixT2Tuning(t *testing.T) {
	cases := []caseFixT{
		{"youtube", "en", "watch reviewers in the UAE, Saudi or Kuwait, 50k-300k subs, sort by average views", "reset the follower range and keep the rest",
			all(wantApplied("followers", ""), noKeyword("keep", "rest", "reset"))},
		{"youtube", "zh", "新加坡或马来西亚的亲子博主，粉丝不超过10万，最近半年有更新", "粉丝那个条件和活跃时间，两个条件都去掉",
			all(wantApplied("followers", ""), wantApplied("last_active", ""), noKeyword("两个"))},
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

// TestFixT2Seen is the tuning table of audit 37's T4: a request to leave
// out seen results is said as not possible, never an excluded keyword,
// and the conditions stay.
func TestFixT2Seen(t *testing.T) {
	cases := []caseFixT{
		{"tiktok", "en", "musical theatre creators in the UK, 5k+ followers, active in the last 30 days", "exclude anyone we've seen",
			all(noKeyword("seen", "anyone"), hasApplied("country eq GB", "followers gte 5000", "last_active within_days 30"), noticeHas("seen"))},
		{"youtube", "zh", "日本的美食博主，粉丝一万以上", "不要之前看过的",
			all(noKeyword("看过", "之前"), hasApplied("country eq JP", "followers gte 10000"), noticeHas("看过"))},
		{"instagram", "en", "beauty creators in France, 10k+ followers", "hide the ones from the first page",
			all(noKeyword("page", "first", "ones"), hasApplied("country eq FR", "followers gte 10000"))},
		{"youtube", "zh", "德国的汽车频道，订阅两万以上", "第一页那些就别再推了",
			all(noKeyword("第一页"), hasApplied("country eq DE", "followers gte 20000"))},
		// an exclusion of a thing stays one
		{"youtube", "en", "cooking channels in Italy, 10k+ subs", "exclude anyone doing baking",
			noticeLacks("seen")},
	}
	for _, tc := range cases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range runFixT(t, newTestAgent(t), tc) {
				t.Error(m)
			}
		})
	}
}

// noticeHas checks the turn's notice holds w.
func noticeHas(w string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		if !strings.Contains(snap.Context.Notice, w) {
			return []string{fmt.Sprintf("notice %q lacks %q", snap.Context.Notice, w)}
		}
		return nil
	}
}

// noticeLacks checks the turn's notice does not hold w.
func noticeLacks(w string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		if strings.Contains(snap.Context.Notice, w) {
			return []string{fmt.Sprintf("notice %q holds %q", snap.Context.Notice, w)}
		}
		return nil
	}
}

// TestFixT2AlsoDo is the tuning table of audit 37's T1: "only the ones
// that also do X" keeps the held category (never an either-or list),
// ranks X, and says the set is ordered toward X.
func TestFixT2AlsoDo(t *testing.T) {
	cases := []caseFixT{
		{"tiktok", "en", "food creators in the philippines, 10-50K followers, last 2 weeks", "only the ones that also do travel",
			all(wantApplied("category", "category eq food"), noKeyword("do travel"), hasTopic([]string{"travel"}, nil), noticeHas("travel"))},
		{"youtube", "zh", "泰国的美食博主，粉丝一万以上", "只要同时也做旅行的",
			all(wantApplied("category", "category eq food"), hasTopic([]string{"旅行"}, nil), noKeyword("同时"), noticeHas("旅行"))},
		{"instagram", "en", "fitness creators in Spain, 10k+ followers", "just those who also cover yoga",
			all(wantApplied("category", "category eq fitness"), hasTopic([]string{"yoga"}, nil), noKeyword("cover"))},
	}
	for _, tc := range cases {
		t.Run(tc.first+" | "+tc.follow, func(t *testing.T) {
			for _, m := range runFixT(t, newTestAgent(t), tc) {
				t.Error(m)
			}
		})
	}
}
