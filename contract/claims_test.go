package contract

import (
	"testing"
)

// TestCheckClaims pins each claim rule on short texts.
func TestCheckClaims(t *testing.T) {
	zh := Claims{Locale: "zh", Figures: []int64{482, 20},
		Conditions: []Condition{{ID: "c1", Kind: "hard", Field: "country", Op: "in", Value: []any{"US"}, Label: "美国"},
			{ID: "c2", Kind: "hard", Field: "followers", Op: "gte", Value: 10000, Label: "粉丝 ≥ 1万"}},
		Known: []string{"露营 2024"}}
	en := zh
	en.Locale = "en"
	en.Conditions = []Condition{{ID: "c1", Kind: "hard", Field: "country", Op: "in", Value: []any{"US"}, Label: "United States"}}
	for _, tc := range []struct {
		cl   Claims
		text string
		want Code // "" for none
	}{
		{zh, "找到 482 个频道，先看 20 个", ""},
		{zh, "已按美国筛选，粉丝 1万 以上", ""},
		{zh, "关键词“露营 2024”", ""},
		{zh, "还差一个条件", ""},
		{zh, "找到 483 个频道", CountMismatch},
		{zh, "粉丝 5万 以上", UngroundedClaim},
		{zh, "已生效：日本", UngroundedClaim},
		{zh, "已生效：美妆", UngroundedClaim},
		{zh, "Found 482 channels", WrongLocale},
		{zh, "详见 www.example.com", InternalIdentifier},
		{zh, "按 filter_country 筛选", InternalIdentifier},
		{en, "482 channels in the United States", ""},
		{en, "Tell us more about music", ""},
		{en, "482 channels in Japan", UngroundedClaim},
		{en, "已生效：美国", WrongLocale},
		{en, "see @someone", InternalIdentifier},
	} {
		vs := CheckClaims(tc.cl, []ClaimText{{Pointer: "/task_summary", Text: tc.text}})
		var got Code
		if len(vs) > 0 {
			got = vs[0].Code
		}
		if got != tc.want {
			t.Errorf("CheckClaims(%s, %q) = %v, want %q", tc.cl.Locale, tc.text, vs, tc.want)
		}
	}
}
