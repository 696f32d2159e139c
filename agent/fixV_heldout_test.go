package agent

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// windowDays checks the applied activity window is within lo..hi days.
func windowDays(lo, hi int) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		for _, c := range snap.Context.Conditions {
			if c.Field == "last_active" && c.Status == condition.StatusApplied {
				raw, _ := json.Marshal(c.Value)
				var n int
				if json.Unmarshal(raw, &n) == nil && n >= lo && n <= hi {
					return nil
				}
				return []string{fmt.Sprintf("window %s, want %d..%d days", raw, lo, hi)}
			}
		}
		return []string{"no activity window"}
	}
}

// followersBand checks the applied followers bound is a two-sided band
// holding v, or (lower) a lower bound above the old one.
func followersBand(v int) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		got := appliedField(snap, "followers")
		for _, g := range got {
			var lo, hi int
			if _, err := fmt.Sscanf(g, "followers between {max:%d,min:%d}", &hi, &lo); err == nil && lo < v && v < hi {
				return nil
			}
		}
		return []string{fmt.Sprintf("followers %v, want a band about %d", got, v)}
	}
}

// followersMoved checks followers changed from before to some applied
// bound other than before, lower (down) or higher.
func followersMoved(before string, down bool) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		got := appliedField(snap, "followers")
		if len(got) != 1 || got[0] == before {
			return []string{fmt.Sprintf("followers %v, want moved from %q", got, before)}
		}
		var n int
		f := strings.Fields(got[0])
		if len(f) == 3 && f[1] == "gte" {
			fmt.Sscan(f[2], &n)
			var b int
			fmt.Sscan(strings.Fields(before)[2], &b)
			if down != (n < b) {
				return []string{fmt.Sprintf("followers %v moved the wrong way from %q", got, before)}
			}
		}
		return nil
	}
}

// TestFixVHeldout is the lead's classes V1 (no neighbouring category
// forced), V2 (zh relative counts, "about N" bands), V3 (window steps
// and calendar-year windows) and V4 ("X too" is the platform question)
// in phrasings of my own, written before any change and never tuned on.
// Base (before the fixes): 12 of 19; after: 17 (the two left are V4
// after a search with no results: the platform stays pending and named,
// the repair's buttons are offered instead of the platform question).
func TestFixVHeldout(t *testing.T) {
	measureFixT(t, "held-out V", 17, heldoutFixV())
}

// heldoutFixV is the held-out table (see TestFixVHeldout).
func heldoutFixV() []caseFixT {
	return []caseFixT{
		// V1: a topic the taxonomy does not list ranks, no neighbour forced
		{"youtube", "en", "kitesurfing and windsurfing channels from Spain, 5k+ subs", "",
			all(hasTopic([]string{"surf"}, nil), noCategoryBut("outdoor"))},
		{"instagram", "zh", "找一些冲浪和潜水的博主，印尼的，粉丝两万以上", "",
			all(hasTopic([]string{"冲浪", "潜水"}, nil), noCategoryBut("outdoor"))},
		{"youtube", "en", "vanlife couples living off-grid in Canada", "",
			all(hasTopic([]string{"van", "off-grid"}, nil), noCategoryBut(""))},
		{"tiktok", "zh", "想找房车生活、车居旅行的博主，美国", "",
			all(hasTopic([]string{"房车", "车居"}, nil), noCategoryBut("travel"))},
		{"x", "zh", "找聊投资理财知识分享的推特账号，粉丝五万以上", "",
			all(wantApplied("category", "category eq finance"))},
		{"youtube", "en", "chess streamers in India, 10k+ subs", "",
			all(hasTopic([]string{"chess"}, nil), noCategoryBut("gaming"))},
		// V2: zh relative counts move a step; "about N" is a band
		{"youtube", "zh", "英国的烘焙博主，订阅两万以上", "订阅门槛再降一点",
			followersMoved("followers gte 20000", true)},
		{"instagram", "zh", "日本的旅行博主，粉丝一万以上", "粉丝再多一些的",
			followersMoved("followers gte 10000", false)},
		{"tiktok", "zh", "美国的健身博主，粉丝五万以上", "粉丝少一点的也可以",
			followersMoved("followers gte 50000", true)},
		{"youtube", "en", "cooking channels in Italy", "ones with roughly 200k subs",
			followersBand(200000)},
		{"instagram", "zh", "韩国的美妆博主", "粉丝二十万上下的",
			followersBand(200000)},
		// V3: window steps; calendar-year windows (the test clock is
		// demo.DefaultNow, 81 days into 2026)
		{"youtube", "zh", "德国的科技博主，近两个月活跃", "活跃时间再收紧一点",
			windowDays(1, 59)},
		{"tiktok", "en", "pet creators in Brazil active in the last 30 days", "loosen the activity window a little",
			windowDays(31, 400)},
		{"instagram", "zh", "法国的时尚博主，今年有更新的", "",
			windowDays(80, 82)},
		{"youtube", "en", "history channels that have posted this year, 10k+ subs", "",
			windowDays(80, 82)},
		{"tiktok", "zh", "从去年开始一直在更新的美食博主", "",
			windowDays(445, 447)},
		// V4: "X too" is the platform question, no chip
		{"youtube", "en", "woodworking channels in Australia, 5k+ subs", "look at Instagram too",
			platformAsked("instagram", "look")},
		{"instagram", "zh", "泰国的美食博主，粉丝一万以上", "油管也看一下",
			platformAsked("youtube", "看")},
		{"tiktok", "zh", "新加坡的搞笑博主", "顺带看看推特",
			platformAsked("x", "看")},
	}
}

// noCategoryBut checks no category other than allowed (none if "") is
// applied as a hard filter.
func noCategoryBut(allowed string) func(api.Snapshot) []string {
	return func(snap api.Snapshot) []string {
		for _, g := range appliedField(snap, "category") {
			if allowed == "" || !strings.Contains(g, allowed) {
				return []string{fmt.Sprintf("category %q forced", g)}
			}
		}
		return nil
	}
}
