package condparse

import (
	"slices"
	"strings"
	"testing"
)

// missesC3 checks a reading against specs: those of misses34s plus
// "role R" (a remainder span of role R) and "norole R" (none).
func missesC3(t *testing.T, r Reading, specs []string) []string {
	t.Helper()
	var out, rest []string
	for _, sp := range specs {
		word, arg, _ := strings.Cut(sp, " ")
		has := slices.ContainsFunc(r.Remainder, func(s Span) bool { return string(s.Role) == arg })
		switch {
		case word == "role" && !has:
			out = append(out, "Read("+r.Input+"): no remainder of role "+arg+"; got "+strings.Join(briefs(r.Result), " | "))
		case word == "norole" && has:
			out = append(out, "Read("+r.Input+"): a remainder of role "+arg)
		case word == "role" || word == "norole":
		default:
			rest = append(rest, sp)
		}
	}
	return append(out, misses34s(t, r, rest)...)
}

// TestFixC3HeldOut: phrasings of my own for the classes C1 (a range of
// months or dates that says when creators posted is an activity window
// back to its start; a campaign's or a future range stays a campaign
// schedule), C2 (a country the catalog does not list is named, never a
// keyword, the listed ones beside it filter), C3 (an exclusion in mixed
// zh/en applies to the category or keyword named, a zh quantifier is
// never the excluded word) and C5 (the words of a sort are no ranking
// term), written before any rule was changed and never tuned on. Dates
// count from readAt's 2026-12-06. It logs its misses and fails only
// when fewer pass than measured after the fixes: 4/19 before, 19/19
// after.
func TestFixC3HeldOut(t *testing.T) {
	measureHeldOut(t, 19, []heldCase{
		// C1
		{"美妆博主，8月到10月之间发过视频的", []string{"active 126..128", "nohardterm"}},
		{"fitness creators who posted between July and September", []string{"active 157..159", "noterm july", "noterm september"}},
		{"今年4月至6月有更新的游戏频道", []string{"active 248..250", "nohardterm", "norole campaign"}},
		{"tech channels that were active from February through April", []string{"active 307..309", "noterm april"}},
		{"10月15日到11月20日之间发过内容的宠物博主", []string{"active 51..53", "nohardterm"}},
		{"我们的活动明年3月到5月投放，找美妆博主", []string{"noactive", "role campaign", "nohardterm"}},
		{"we run the campaign from January to March, need skincare creators", []string{"noactive", "noterm january", "noterm march"}},
		// C2
		{"cooking channels in Cambodia or Thailand", []string{"has hard country eq \"TH\" applied", "noterm cambodia", "role unlisted_country"}},
		{"找蒙古和韩国的旅行博主", []string{"has hard country eq \"KR\" applied", "noterm 蒙古", "role unlisted_country"}},
		{"beauty creators from Ghana", []string{"noterm ghana", "role unlisted_country"}},
		{"找乌拉圭的足球博主", []string{"noterm 乌拉圭", "role unlisted_country"}},
		// C3
		{"travel channels, 排除任何 gaming", []string{"has hard category eq \"travel\" applied", "has hard category not_in [gaming] applied", "noterm 任何"}},
		{"skip 全部 美妆 channels", []string{"has hard category not_in [beauty] applied", "noterm 全部"}},
		{"no 任何 food 频道 please, tech only", []string{"has hard category not_in [food] applied", "noterm 任何"}},
		{"除了 fitness 之外都行", []string{"has hard category not_in [fitness] applied", "nohardterm"}},
		{"不要任何 ASMR content", []string{"excl asmr", "noterm 任何"}},
		// C5
		{"newest first please", []string{"sort recent", "noterm newest"}},
		{"按更新时间从新到旧排", []string{"sort recent", "nohardterm", "noterm 从新到旧"}},
		{"how recently did they post? newest on top", []string{"sort recent", "noterm recently", "noterm newest"}},
	}, missesC3)
}
