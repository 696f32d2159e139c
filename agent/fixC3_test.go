package agent

import "testing"

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
