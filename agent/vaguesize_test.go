package agent

import (
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
)

// TestStepRange: the ladder steps of a held follower range.
func TestStepRange(t *testing.T) {
	for _, tc := range []struct {
		lo, hi         int64
		larger, accept bool
		wantLo, wantHi int64
	}{
		{50_000, 0, true, false, 100_000, 0},               // a floor rises a rung
		{50_000, 0, false, false, 0, 50_000},               // smaller than the floor: a cap there
		{0, 20_000, true, false, 20_000, 0},                // bigger than the cap: a floor there
		{0, 20_000, false, false, 0, 10_000},               // a cap drops a rung
		{10_000, 100_000, true, false, 100_000, 1_000_000}, // the band above, as wide
		{10_000, 100_000, false, false, 1_000, 10_000},     // the band below
		{20_000, 80_000, false, true, 10_000, 80_000},      // smaller welcome: the floor drops a rung
		{20_000, 80_000, true, true, 20_000, 0},            // bigger welcome: the cap goes
		{20_000, 0, true, true, 0, 0},                      // nothing to take in
	} {
		lo, hi := stepRange(tc.lo, tc.hi, tc.larger, tc.accept)
		if lo != tc.wantLo || hi != tc.wantHi {
			t.Errorf("stepRange(%d, %d, larger=%v, accept=%v) = %d, %d; want %d, %d", tc.lo, tc.hi, tc.larger, tc.accept, lo, hi, tc.wantLo, tc.wantHi)
		}
	}
}

// TestVagueSizeFollowUps: vague sizes in follow-ups, with my own
// phrasings (issue 26, audit 21's class): a held range moves one step; a
// wish for bigger ones with no range held sorts by followers and adds no
// filter; a smaller one with nothing held, or a vague amount of another
// measure, stays named; none is ever a keyword.
func TestVagueSizeFollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want                       []string // applied followers after
		sort                       string
		named                      string
	}{
		{"youtube", "en", "home cooking channels in Canada, 5k to 50k", "way too small, larger ones please", []string{"between 50000..500000"}, "", "way too small"},
		{"instagram", "zh", "法国的穿搭博主，粉丝两万以上", "粉丝太少了", []string{"gte 50000"}, "", "太少"},
		{"tiktok", "en", "pet creators in australia over 100k", "nothing massive please", []string{"lte 100000"}, "", "nothing massive"},
		{"youtube", "zh", "德国的汽车频道，粉丝一万到十万", "小一点的也行", []string{"between 5000..100000"}, "", "小一点"},
		{"youtube", "en", "german car channels, 10k-100k", "bigger ones are welcome too", []string{"gte 10000"}, "", "bigger ones"},
		{"youtube", "en", "travel vloggers in portugal", "larger ones", nil, "followers", "larger ones"},
		{"youtube", "zh", "葡萄牙的旅行博主", "粉丝少一些的", nil, "", "少一些"},
		{"youtube", "zh", "葡萄牙的旅行博主，粉丝一万以上", "播放多一点的", []string{"gte 10000"}, "avg_views", ""},
		// a tier up or down said in words, two words of one wish
		{"tiktok", "zh", "日本的宠物博主，粉丝1w-5w", "粉丝再往上提一档", []string{"between 50000..500000"}, "", "往上提一档"},
		{"tiktok", "zh", "美国的宠物博主，粉丝 5k-50k", "量级小了点，往上调一调", []string{"between 50000..500000"}, "", "小了点"},
		{"tiktok", "zh", "美国的宠物博主，粉丝 5k-50k", "体量大了点，往下降一档", []string{"between 1000..5000"}, "", "大了点"},
		{"youtube", "en", "diy channels in the UK, 10k-80k", "go a tier up please", []string{"between 80000..500000"}, "", "a tier up"},
		{"youtube", "en", "diy channels in the UK, 10k-80k", "these feel a bit small, go larger", []string{"between 80000..500000"}, "", "a bit small"},
		// a measure in another clause is not what the size is said of
		{"tiktok", "zh", "日本的宠物博主，粉丝1w-5w", "粉丝再往上调一档吧，顺便按播放量从高到低排", []string{"between 50000..500000"}, "avg_views", "往上调一档"},
		// "like" here names no measure
		{"youtube", "en", "portuguese travel vloggers, 10k+", "bigger ones, like the top result", []string{"gte 50000"}, "", "bigger ones"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, tc.platform, tc.loc)
			before := b.send("search.submit", api.Args{Text: tc.first})
			snap := b.send(followupEvent(before), api.Args{Text: tc.text})
			if got := appliedFollowers(snap); !slices.Equal(got, tc.want) {
				t.Errorf("%q: followers %q, want %q", tc.text, got, tc.want)
			}
			if tc.sort != "" && (snap.Results == nil || snap.Results.Sort != tc.sort) {
				t.Errorf("%q: sort %v, want %q", tc.text, snap.Results, tc.sort)
			}
			for _, c := range snap.Context.Conditions {
				if c.Kind == condition.KindKeyword && !slices.ContainsFunc(before.Context.Conditions, func(o contract.Condition) bool { return o.ID == c.ID }) {
					t.Errorf("%q: keyword chip %v", tc.text, c.Value)
				}
			}
			if !strings.Contains(snap.Context.Notice, tc.named) {
				t.Errorf("%q: notice %q does not name %q", tc.text, snap.Context.Notice, tc.named)
			}
		})
	}
}
