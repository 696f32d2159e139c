package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// TestFixC3UnlistedCountry is the tuning table of class C2: a country the
// catalog's country list does not have is named in the notice as not
// available as a filter, never a keyword, and a listed country beside it
// filters — in a first search and in a follow-up.
func TestFixC3UnlistedCountry(t *testing.T) {
	a := newTestAgent(t)
	tests := []caseFixT{
		{"youtube", "en", "cooking channels in Sri Lanka or India", "",
			all(noKeyword("sri", "lanka"), noticeHas("Sri Lanka"), noticeHas("not available as a country filter"), wantApplied("country", "country eq IN"))},
		{"youtube", "zh", "找尼泊尔和日本的旅行博主", "",
			all(noKeyword("尼泊尔"), noticeHas("尼泊尔"), noticeHas("不在可筛选的国家列表"), wantApplied("country", "country eq JP"))},
		{"instagram", "en", "fashion creators from Senegal and Bolivia", "",
			all(noKeyword("senegal", "bolivia"), noticeHas("Senegal"), noticeHas("not available as a country filter"))},
		{"tiktok", "zh", "美国的美食博主", "再加上斯里兰卡的",
			all(noKeyword("斯里兰卡"), noticeHas("斯里兰卡"), wantApplied("country", "country eq US"))},
	}
	for _, tc := range tests {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
	}
}

// TestFixC3CalendarRange is the tuning table of class C1: a range of
// months said of when creators posted is an activity window back to its
// start, and the notice says the range's end is not applied; a campaign's
// range is no window.
func TestFixC3CalendarRange(t *testing.T) {
	a := newTestAgent(t)
	tests := []caseFixT{
		{"youtube", "en", "pet channels that posted between August and October", "",
			all(noKeyword("august", "october"), noticeHas("“October”, was not applied"), wantAppliedPrefix("last_active within_days"))},
		{"youtube", "zh", "去年5月至7月有更新的健身博主", "",
			all(noKeyword("7月"), noticeHas("时间段的结束「7月」未应用"), wantAppliedPrefix("last_active within_days"))},
		{"tiktok", "zh", "美国的美食博主", "9月到10月之间发过视频的",
			all(noticeHas("「10月」未应用"), wantAppliedPrefix("last_active within_days"), wantApplied("country", "country eq US"))},
		{"youtube", "zh", "我们明年3月到5月投放，找美妆博主", "",
			all(noKeyword("3月", "5月"), noticeLacks("时间段的结束"), wantApplied("last_active", ""))},
	}
	for _, tc := range tests {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
	}
}

// wantAppliedPrefix checks that one applied condition starts with p.
func wantAppliedPrefix(p string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		for _, c := range appliedConds(snap) {
			if strings.HasPrefix(c, p) {
				return nil
			}
		}
		return []string{"no applied " + p}
	}
}

// TestFixC3SortWords is the tuning table of class C5: the words of a
// sort follow-up ("how recently", "even the small ones", 小的也要) are no
// ranking terms; a size said with the sort is named as accepted.
func TestFixC3SortWords(t *testing.T) {
	a := newTestAgent(t)
	tests := []caseFixT{
		{"youtube", "en", "cooking channels in Canada", "order by newest, the little ones too",
			all(noKeyword("little", "ones"), noticeHas("acceptable"), wantApplied("country", "country eq CA"))},
		{"youtube", "en", "cooking channels in Canada", "how recently are they active? latest first",
			all(noKeyword("recently"), wantApplied("country", "country eq CA"))},
		{"tiktok", "zh", "日本的美妆博主", "按最新的排",
			all(noKeyword("最新"), wantApplied("country", "country eq JP"))},
	}
	for _, tc := range tests {
		for _, m := range runFixT(t, a, tc) {
			t.Error(m)
		}
		b := newBox(t, a, tc.platform, tc.loc)
		b.send("search.submit", api.Args{Text: tc.first})
		if snap := b.send("followup.submit", api.Args{Text: tc.follow}); snap.Context.Sort != "recent" {
			t.Errorf("%q: sort %q, want recent", tc.follow, snap.Context.Sort)
		}
	}
}
