package agent

import "testing"

// TestFixZ2 is the tuning table of fixZ2's classes Z2 (written Cantonese
// "不用理 X", 唔使理, lets go of X) and Z3 (a condition removed by its
// field's everyday name: "the window", "the date filter", 时间, 随便):
// the named condition goes, never a keyword, the rest stays.
func TestFixZ2(t *testing.T) {
	cases := []caseFixT{
		{"youtube", "zh", "日本的美食博主，粉丝一万以上", "唔使理粉絲數",
			all(wantApplied("followers", ""), wantApplied("country", "country eq JP"))},
		{"youtube", "zh", "美国的美食博主，粉丝一万以上", "唔使理國家",
			all(wantApplied("country", ""), wantApplied("followers", "followers gte 10000"))},
		{"youtube", "zh", "美国的美食博主，粉丝一万以上", "不用理国家",
			all(wantApplied("country", ""), wantApplied("followers", "followers gte 10000"))},
		{"youtube", "en", "food channels in Spain active in the last month", "forget the window",
			all(wantApplied("last_active", ""), noKeyword("window"), wantApplied("country", "country eq ES"))},
		{"youtube", "en", "food channels in Spain active in the last month", "never mind the date filter",
			all(wantApplied("last_active", ""), noKeyword("date", "filter"), wantApplied("country", "country eq ES"))},
		{"youtube", "en", "food channels in Spain with 50k+ subscribers", "ditch the size limit",
			all(wantApplied("followers", ""), noKeyword("size"), wantApplied("country", "country eq ES"))},
		{"youtube", "zh", "西班牙的美食频道，最近一个月更新过", "时间那个不要了",
			all(wantApplied("last_active", ""), noKeyword("时间"), wantApplied("country", "country eq ES"))},
		{"youtube", "zh", "西班牙的美食频道，粉丝五万以上", "粉丝数随便",
			all(wantApplied("followers", ""), noKeyword("随便"), wantApplied("country", "country eq ES"))},
		// a removal beside a change: both apply
		{"youtube", "zh", "西班牙的美食频道，粉丝五万以上", "粉丝随便，国家换成法国",
			all(wantApplied("followers", ""), wantApplied("country", "country eq FR"))},
		// a value said is a filter, never a removal
		{"youtube", "en", "food channels in Spain with 50k+ subscribers", "drop anything under 100k",
			wantApplied("followers", "followers gte 100000")},
	}
	for _, tc := range cases {
		for _, m := range runFixT(t, newTestAgent(t), tc) {
			t.Error(m)
		}
	}
}
