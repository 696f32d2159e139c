package agent

import (
	"fmt"
	"testing"
	"time"
)

// TestAudit22FollowUps: audit 22's reading classes said in a follow-up,
// with phrasings of my own: a window after "published" or from the middle
// of a month, a marked window before 有 and a deed, until/till between two
// counts, reuse forms excluded one by one with their frame left out
// (issue 26, audit 22 classes 1–3).
func TestAudit22FollowUps(t *testing.T) {
	a := newTestAgent(t)
	// the middle of the month before the test clock's, and its days
	midMonth := time.Date(testNow.Year(), testNow.Month()-1, 15, 0, 0, 0, 0, time.UTC)
	midDays := int((testNow.Sub(midMonth) + 24*time.Hour - 1) / (24 * time.Hour))
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// class 1: dates
		{"youtube", "en", "cooking channels in France", "only ones that have published in the last three weeks", []string{"last_active within_days 21"}, []string{"keyword contains published"}},
		{"youtube", "en", "cooking channels in France", "just the ones uploaded since mid-" + midMonth.Month().String(), []string{fmt.Sprintf("last_active within_days %d", midDays)}, []string{"keyword contains mid"}},
		{"youtube", "zh", "法国的美食博主", fmt.Sprintf("%d月中旬以来有更新的", midMonth.Month()), []string{fmt.Sprintf("last_active within_days %d", midDays)}, []string{"keyword contains 中旬"}},
		{"tiktok", "zh", "日本的美妆博主", "只要近两周有直播的", []string{"last_active within_days 14"}, []string{"keyword contains 有直播"}},
		// class 2: until/till join two counts
		{"youtube", "en", "cooking channels in France", "from 20k until 150k subs", []string{"followers between {max:150000,min:20000}"}, []string{"followers gte"}},
		{"instagram", "en", "fashion creators in Milan", "make it 5k till 40k", []string{"followers between {max:40000,min:5000}"}, []string{"all "}},
		{"youtube", "en", "cooking channels in France", "between 10k and up to 90k followers", []string{"followers between {max:90000,min:10000}"}, []string{"followers gte"}},
		// class 3: reuse forms excluded
		{"tiktok", "zh", "菲律宾的搞笑博主", "顺便排除掉做 reaction 的", []string{"not_contains reaction", "category eq comedy"}, []string{"keyword not_contains 做"}},
		{"tiktok", "zh", "日本的游戏博主", "不要纯切片二创号", []string{"not_contains 切片", "not_contains 二创"}, []string{"keyword not_contains 纯", "keyword not_contains 切片二创"}},
		{"youtube", "zh", "美国的音乐博主", "不接受翻唱/纯音乐的频道", []string{"not_contains 翻唱", "not_contains 纯音乐"}, []string{"keyword contains"}},
		{"youtube", "en", "US gaming channels", "we cannot accept compilations or reuploads", []string{"not_contains compilations", "not_contains reuploads"}, []string{"keyword contains"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAudit22SortHeading: "Sort: X" said as a follow-up sorts by X, and
// the measure is no ranking term (audit 22, class 5).
func TestAudit22SortHeading(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, sort string }{
		{"en", "cooking channels in France", "Sort: engagement.", "engagement"},
		{"en", "cooking channels in France", "sort: views", "avg_views"},
		{"zh", "法国的美食博主", "排序：粉丝数", "followers"},
	} {
		snap := followup(t, a, "youtube", tc.loc, tc.first, tc.text)
		if snap.Context.Sort != tc.sort {
			t.Errorf("%q: sort %q, want %q", tc.text, snap.Context.Sort, tc.sort)
		}
		if terms := refTerms(snap); len(terms) > 0 {
			t.Errorf("%q: ranking terms %q, want none", tc.text, terms)
		}
	}
}
