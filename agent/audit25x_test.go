package agent

import (
	"testing"

	"searchagent/api"
)

// The reading classes of audit 25 mended on branch a25x, through the
// whole agent, in phrasings of my own (case24y's checks; the held-out
// table is audit25x_heldout_test.go).

// TestAudit25xBriefMoney: money of a brief beside follower words — a
// product's price, a budget for creators, a fee or a gift per creator —
// is a brief and reads as one; a price said of followers themselves is
// still refused (class 1).
func TestAudit25xBriefMoney(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		{platform: "instagram", loc: "en", first: "Hey! We're launching a $29 hair mask next month and have a $10k budget for creators. Looking for haircare creators in Australia with 20k to 70k followers, posted in the last 3 weeks.", want: []string{"country eq AU", "followers between {max:70000,min:20000}", "last_active within_days 21"}},
		{platform: "youtube", loc: "en", first: "Cycling channels in the Netherlands, 30k-150k subs, we'll send each one a $900 bike computer", want: []string{"country eq NL", "followers between {max:150000,min:30000}"}},
		{platform: "tiktok", loc: "en", first: "fee is $350 per creator; dance creators in Mexico with 50k to 200k followers", want: []string{"country eq MX", "followers between {max:200000,min:50000}"}},
		{platform: "instagram", loc: "zh", first: "新品精华售价268元，达人预算一共6万，找新加坡的护肤博主，粉丝2万到10万，最近两周发过帖", want: []string{"country eq SG", "followers between {max:100000,min:20000}", "last_active within_days 14"}, not: []string{"268", "60000"}},
		{platform: "youtube", loc: "zh", first: "每位博主寄一台价值2000元的投影仪，找韩国的数码博主，订阅5万到30万", want: []string{"country eq KR", "followers between {max:300000,min:50000}"}},
	} {
		if bad := run24y(t, a, tc); len(bad) > 0 {
			for _, m := range bad {
				t.Error(m)
			}
		}
	}
	for _, tc := range []struct{ platform, loc, text string }{
		{"instagram", "en", "buy 15k instagram followers for $45"},
		{"tiktok", "en", "we have a $200 budget to pay for followers"},
		{"youtube", "en", "10k-20k subs for $80, who sells them"},
		{"instagram", "zh", "预算两百块，帮我买一万粉丝"},
	} {
		b := newBox(t, a, tc.platform, tc.loc)
		snap := b.send("search.submit", api.Args{Text: tc.text})
		if snap.State.Session != "unsupported" {
			t.Errorf("%q: state %s, want a refusal (unsupported)", tc.text, stateString(snap.State))
		}
	}
}

// TestAudit25xFollowUps: the bounds, separators, glued counts and
// activity windows of classes 2 to 6 said in a follow-up move the search
// held as they read in a first search.
func TestAudit25xFollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []case24y{
		{platform: "youtube", loc: "en", first: "cooking channels in Spain with 20k+ subscribers", follow: "and subscribers should not exceed 400k", want: []string{"followers between {max:400000,min:20000}"}, not: []string{"not_contains"}},
		{platform: "instagram", loc: "en", first: "beauty creators in Italy, 10k+ followers", follow: "make sure they don't go beyond 90k", want: []string{"followers between {max:90000,min:10000}"}, not: []string{"not_contains"}},
		{platform: "tiktok", loc: "zh", first: "日本的美食博主，粉丝一万以上", follow: "粉丝不能超出二十万", want: []string{"followers between {max:200000,min:10000}"}, not: []string{"not_contains"}},
		{platform: "youtube", loc: "en", first: "woodworking channels in Austria", follow: "no more than 150.000 subscribers", want: []string{"followers lte 150000"}},
		{platform: "youtube", loc: "en", first: "gaming channels in Poland", follow: "only 25kfollowers+", want: []string{"followers gte 25000"}, not: []string{"all contains"}},
		{platform: "instagram", loc: "zh", first: "泰国的美妆博主", follow: "只要十天内发过帖的", want: []string{"last_active within_days 10"}},
		{platform: "instagram", loc: "en", first: "travel creators in Chile", follow: "recent posting is a must (last 3 weeks)", want: []string{"last_active within_days 21"}, not: []string{"all contains"}},
	} {
		if bad := run24y(t, a, tc); len(bad) > 0 {
			for _, m := range bad {
				t.Error(m)
			}
		}
	}
}
