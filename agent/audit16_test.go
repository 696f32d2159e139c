package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// TestAudit16FollowUps: the follow-up classes the sixteenth reading audit
// found, through the agent, with phrasings of their own.
func TestAudit16FollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		loc, first, text string
		want, not        []string
	}{
		// nothing but X, said with an exclusion after it
		{"zh", "日本或者韩国的美妆博主", "把韩国以外的都去掉", []string{"country eq KR"}, []string{"not_in"}},
		// a value taken away and its field said unlimited: removed, not excluded
		{"zh", "法国的美食频道，粉丝一万以上", "把法国去掉，国家不限", []string{"followers gte 10000"}, []string{"country"}},
		// an exclusion and a sort in one Chinese follow-up: both apply
		{"zh", "美国的游戏频道", "不要带抽奖内容的，另外按播放量排", []string{"not_contains 抽奖"}, []string{"not_contains 带抽奖"}},
		// a one-sided bound beside an open-ended tier is the bound
		{"zh", "美国的科技频道", "要粉丝二十万以上的头部", []string{"followers gte 200000"}, nil},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, "youtube", tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAnchorFromResultPosition: "more like the second one" pins that
// result as the anchor; a position beyond the page is refused by name.
func TestAnchorFromResultPosition(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text string }{
		{"en", "tech reviewers in the US", "more like the second one"},
		{"zh", "美国的科技测评频道", "像第一个那样的，但粉丝要十万以下"},
	} {
		b := newBox(t, a, "youtube", tc.loc)
		first := b.send("search.submit", api.Args{Text: tc.first})
		if first.Results == nil || len(first.Results.Items) < 2 {
			t.Fatalf("%q: too few results to point at", tc.first)
		}
		snap := b.send(followupEvent(first), api.Args{Text: tc.text})
		if snap.Context.Anchor == nil {
			t.Fatalf("%q: no anchor pinned; notice %q", tc.text, snap.Context.Notice)
		}
		pos := 2
		if tc.loc == "zh" {
			pos = 1
		}
		want := first.Results.Items[pos-1].Channel
		if !strings.EqualFold(snap.Context.Anchor.URL, want.URL) {
			t.Errorf("%q: anchor %q, want result %d (%s)", tc.text, snap.Context.Anchor.URL, pos, want.URL)
		}
	}
	b := newBox(t, a, "youtube", "en")
	first := b.send("search.submit", api.Args{Text: "tech reviewers in the US"})
	snap := b.send(followupEvent(first), api.Args{Text: "more like the 99th one"})
	if snap.Context.Anchor != nil {
		t.Errorf("a position beyond the page pinned %q", snap.Context.Anchor.URL)
	}
}

// TestGenderNamedInTheNotice: a creator's gender is named as not applied.
func TestGenderNamedInTheNotice(t *testing.T) {
	a := newTestAgent(t)
	snap := followup(t, a, "youtube", "zh", "巴西的健身博主", "别要男博主")
	if !strings.Contains(snap.Context.Notice, "性别") {
		t.Errorf("notice %q does not name the gender as not applied", snap.Context.Notice)
	}
	checkConds(t, "别要男博主", appliedConds(snap), []string{"country eq BR"}, []string{"男"})
}
