package agent

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
)

// TestFollowupsOfTheDec06Audit: follow-ups of the 2026-12-06 audit's
// classes, in phrasings of their own. A clause about a field's limit
// removes it (object first or last, zh and en) and never filters as a
// tag; a self-correction ("no wait") is no exclusion and "anything about
// X" excludes X; a light verb before an excluded word is dropped; "too
// many, keep only …" applies the bound and asks nothing; a sort said
// lowest first is named and not run the other way round.
func TestFollowupsOfTheDec06Audit(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		loc, first, text string
		want, not        []string // "field op value" of conditions
		notice           string   // a substring of the notice ("" = any)
		noNotice         string   // a substring the notice must not hold
	}{
		{loc: "zh", first: "日本的美食博主，粉丝十万以下", text: "粉丝上限也去掉吧", not: []string{"followers lte 100000", "all contains", "tags contains"}},
		{loc: "en", first: "food creators in Japan under 100k", text: "ok the subscriber cap can go", not: []string{"followers lte 100000", "all contains", "tags contains"}},
		{loc: "en", first: "beauty creators in the UK", text: "hmm no wait, just leave out anything about lashes", want: []string{"not_contains lashes"}, not: []string{"all not_contains wait"}},
		{loc: "zh", first: "德国的游戏频道", text: "不要玩主机的", want: []string{"not_contains 主机"}},
		{loc: "zh", first: "巴西的搞笑博主", text: "结果太多了，只留粉丝二十万以上的", want: []string{"followers gte 200000"}, noNotice: "请说明按什么收窄"},
		{loc: "en", first: "fitness creators in Canada", text: "order by subscribers, smallest first", notice: "lowest first"},
		{loc: "zh", first: "加拿大的健身博主", text: "按粉丝从少到多排一下", notice: "从低到高"},
		// a spec that matched but cannot run (an exclusion of nothing once
		// trimmed) leaves the rest of the follow-up to the reading
		{loc: "zh", first: "英国的科技博主", text: "不要太小的，三万以上就行", want: []string{"followers gte 30000"}},
		{loc: "en", first: "tech creators in the UK", text: "no huge ones, under 80k is fine", want: []string{"followers lte 80000"}, not: []string{"all not_contains huge"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, "youtube", tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q after %q", tc.text, tc.first), appliedConds(snap), tc.want, tc.not)
			notice := snap.Context.Notice
			if tc.notice != "" && !strings.Contains(notice, tc.notice) {
				t.Errorf("%q: notice %q, want it to say %q", tc.text, notice, tc.notice)
			}
			if tc.noNotice != "" && strings.Contains(notice, tc.noNotice) {
				t.Errorf("%q: notice %q says %q", tc.text, notice, tc.noNotice)
			}
			if tc.notice != "" && snap.Results != nil && snap.Results.Sort == "followers" {
				t.Errorf("%q: sorted by followers highest first", tc.text)
			}
		})
	}
}

// TestRelaxToASaidBound: "relax it to X" sets X and widens nothing else
// (the bound was widened a second time, to 12k–150k, on top of the
// move), and the activity window said with its own words moves.
func TestRelaxToASaidBound(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, want string }{
		{"zh", "美国的游戏博主，粉丝五万到二十万", "下限放宽到三万", "followers between {max:200000,min:30000}"},
		{"zh", "美国的游戏博主，最近一个月有更新", "活跃时间放宽到两个月吧", "last_active within_days 60"},
		{"en", "gaming creators in the US active in the last month", "set the activity window to 45 days", "last_active within_days 45"},
		{"zh", "美国的游戏博主，粉丝两三万", "换回一两万", "followers between {max:20000,min:10000}"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.loc)
			s := b.send("search.submit", api.Args{Text: tc.first})
			snap := b.send(followupEvent(s), api.Args{Text: tc.text})
			got := appliedConds(snap)
			if !slices.Contains(got, tc.want) {
				t.Errorf("%q after %q: conditions %q, want %q (notice %q)", tc.text, tc.first, got, tc.want, snap.Context.Notice)
			}
		})
	}
}

// TestCityExclusionIsNamed: excluding a city inside the country searched
// is named (the catalog records countries), never a conflict question or
// an exclusion of the whole country.
func TestCityExclusionIsNamed(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, country, named string }{
		{"zh", "日本的美食博主", "不要大阪的", "JP", "大阪"},
		{"en", "food creators in the US", "skip anyone in California", "US", "California"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.loc)
			s := b.send("search.submit", api.Args{Text: tc.first})
			snap := b.send(followupEvent(s), api.Args{Text: tc.text})
			if snap.Context.PendingQuestion != nil {
				t.Errorf("%q: a question %q", tc.text, snap.Context.PendingQuestion.Text)
			}
			for _, c := range snap.Context.Conditions {
				if c.Field == "country" && (c.Op == "not_in" || c.Status != "applied") {
					t.Errorf("%q: country condition %s %v %s", tc.text, c.Op, c.Value, c.Status)
				}
			}
			if !strings.Contains(snap.Context.Notice, tc.named) {
				t.Errorf("%q: notice %q does not name %q", tc.text, snap.Context.Notice, tc.named)
			}
		})
	}
}
