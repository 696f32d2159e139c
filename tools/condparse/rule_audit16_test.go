package condparse

import (
	"strings"
	"testing"
	"time"
)

// TestReadingRulesAudit16: the classes the sixteenth reading audit (briefs
// written by a helper who did not read the rules) found, with phrasings of
// their own.
func TestReadingRulesAudit16(t *testing.T) {
	tests := []struct {
		in   string
		want []string // brief() prefixes of conditions that must be there
		not  []string // substrings no applied keyword may contain
	}{
		// a profession names the creators, so the sentence's words rank
		{in: "ai startup founders on X, Canada, 5k+", want: []string{`hard country eq "CA" applied`}, not: []string{"founders", "ai startup"}},
		{in: "mobile game devs on tiktok in Korea", not: []string{"devs", "mobile"}},
		{in: "health journalists, UK, over 20k", not: []string{"journalists", "health"}},
		// a place, 的, then what the creators do and a content form
		{in: "韩国的咖啡馆探店vlog，粉丝一万以上", want: []string{`hard country eq "KR" applied`}, not: []string{"咖啡馆"}},
		// a style word and the items after a hedge only rank
		{in: "travel creators in Peru, ideally with a moody, cinematic aesthetic", not: []string{"cinematic", "moody"}},
		// a full stop ends a clause; the sort that names its measure wins
		{in: "cooking channels in Spain, posted in the last fortnight. Sort by views thanks", want: []string{`hard last_active within_days 14 applied`}},
		// a count said to be enough is a floor; a count before 就行 too
		{in: "fishing channels in Canada, 8k will do", want: []string{`hard followers gte 8000 applied`}, not: []string{"8k"}},
		{in: "钓鱼博主，三万就行", want: []string{`hard followers gte 30000 applied`}},
		// anything/whoever before a count: the count's complement
		{in: "knitting creators, cut anything with fewer than 1k subs", want: []string{`hard followers gte 1000 applied`}, not: []string{"cut", "anything"}},
		// anything/channels with X excluded
		{in: "food creators, exclude anything with alcohol", want: []string{`keyword keyword not_contains "alcohol" applied`}, not: []string{"exclude"}},
		{in: "tech channels, remove channels with crypto content", not: []string{"remove", "crypto content"}},
		// 带/涉及 open the excluded word; 带 stays in 带货
		{in: "不要涉及医美的", want: []string{`keyword keyword not_contains "医美" applied`}},
		{in: "不要带彩票内容的", want: []string{`keyword keyword not_contains "彩票" applied`}},
		{in: "不要带货主播", want: []string{`keyword keyword not_contains "带货`}},
		// a half year, a video posted
		{in: "美食博主，半年内发过视频", want: []string{`hard last_active within_days 180 applied`}},
		{in: "bakers who posted in the past half-year", want: []string{`hard last_active within_days 180 applied`}},
		{in: "数码博主，一个月内有新作品", want: []string{`hard last_active within_days 30 applied`}},
		// sub names the follower field
		{in: "摄影博主，sub 不超过 3w", want: []string{`hard followers lte 30000 applied`}, not: []string{"sub"}},
		// a region narrowed by its own countries
		{in: "European fashion creators, only Italy or Spain", want: []string{`hard country in [IT,ES] applied`}},
		// nothing but X: X以外的都去掉
		{in: "把日本以外的都去掉", want: []string{`hard country eq "JP" applied !nothing_but`}},
		// a range whose lower end is approximate
		{in: "粉丝两万左右到十万的健身博主", want: []string{`hard followers between 20000..100000 applied`}},
		// a country said whole
		{in: "gaming creators in the Czech Republic", want: []string{`hard country eq "CZ" applied`}, not: []string{"republic"}},
		// 用 before a language names it; 用X代替Y replaces
		{in: "用法语做视频的美妆博主", want: []string{`hard language eq "fr" applied`}},
		{in: "用德国代替法国", want: []string{`hard country not_in [FR] applied !removed`, `hard country eq "DE" applied`}},
		// a subtopic names its category
		{in: "上海的探店博主", want: []string{`hard category eq "food" applied`}},
		// the held-out part's classes, fixed after its one run
		{in: "tech channels, skip anything politics-related", want: []string{`keyword keyword not_contains "politics" applied`}},
		{in: "美妆博主，一个季度内有更新", want: []string{`hard last_active within_days 90 applied`}, not: []string{"季度"}},
		{in: "finance youtubers, no crypto", want: []string{`keyword keyword not_contains "crypto" applied`}},
		{in: "讲法国历史的频道", not: []string{"法国历史"}},
		{in: "语言不变，粉丝五万以上", want: []string{`hard followers gte 50000 applied`}, not: []string{"不变", "变"}},
		// audit 17's classes (briefs by another helper), phrasings of my own
		{in: "把国家扩大到日本和韩国", want: []string{`hard country in [JP,KR] applied !added`}},
		{in: "expand it to mexico", want: []string{`hard country eq "MX" applied !added`}},
		{in: "podcasters on X, tweeted in the last 3 days", want: []string{`hard last_active within_days 3 applied`}, not: []string{"tweeted"}},
		{in: "cooking creators, last post within two weeks", want: []string{`hard last_active within_days 14 applied`}, not: []string{"post"}},
		{in: "bakers in Italy, nothing gluten, thanks", want: []string{`keyword keyword not_contains "gluten" applied`}},
		// audit 17's held-out classes, fixed after its one run
		// (fixQ class 1: the ad noun is frame, what it advertises is excluded)
		{in: "母婴博主，别推奶粉广告", want: []string{`keyword keyword not_contains "奶粉" applied`}, not: []string{"推", "广告"}},
		{in: "food creators in Malaysia, bahasa only", want: []string{`hard language eq "id" applied`}, not: []string{"bahasa"}},
	}
	for _, tt := range tests {
		parseChecked(t, tt.in, tt.want, tt.not, WithNow(time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)))
	}
}

// TestGenderNamedNotApplied: a creator's gender is named as not applied,
// never a keyword nor an exclusion.
func TestGenderNamedNotApplied(t *testing.T) {
	for _, in := range []string{"别要女博主", "male creators in fitness", "只要女性博主，美妆"} {
		r := parseChecked(t, in, nil, []string{"男", "女", "male"})
		gender := false
		for _, sp := range r.Remainder {
			gender = gender || sp.Role == ResidueGender
		}
		if !gender {
			t.Errorf("Parse(%q): no gender remainder in %+v", in, r.Remainder)
		}
		for _, c := range r.Conditions {
			if c.Excluded && (strings.Contains(c.Value.Str, "男") || strings.Contains(c.Value.Str, "女")) {
				t.Errorf("Parse(%q): excludes %q", in, c.Value.Str)
			}
		}
	}
}

// TestSortNamedWins: a sort that names its measure wins over a wish said
// elsewhere in the brief, and "ranking by" sorts.
func TestSortNamedWins(t *testing.T) {
	for _, tc := range []struct{ in, by string }{
		{"the biggest chess streamers, sorted by engagement", "engagement"},
		{"宠物博主 活跃一点 按播放量排", SortAvgViews},
		{"diy channels, ranking by followers is fine", SortFollowers},
		{"largest beauty creators in Korea", SortFollowers},
	} {
		r, err := Read(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if r.Sort == nil || r.Sort.By != tc.by {
			t.Errorf("Read(%q).Sort = %+v, want by %s", tc.in, r.Sort, tc.by)
		}
		for _, c := range r.Conditions {
			if c.Kind == "keyword" && (strings.Contains(c.Value.Str, "biggest") || strings.Contains(c.Value.Str, "largest") || strings.EqualFold(c.Value.Str, "ranking")) {
				t.Errorf("Read(%q): keeps %q as a term", tc.in, c.Value.Str)
			}
		}
	}
}

// TestPlaceAsTopic: a place said as the subject of the content ("讲法国历史
// 的", "Korean history") is no country filter.
func TestPlaceAsTopic(t *testing.T) {
	for _, in := range []string{"讲法国历史的频道", "Korean history explainers on youtube"} {
		r := parseChecked(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == "country" {
				t.Errorf("Parse(%q): filters on the country (%s)", in, brief(c))
			}
		}
	}
	parseChecked(t, "法国的历史博主", []string{`hard country eq "FR" applied`}, nil)
}
