package agent

// One reading for first searches and follow-ups (issue 26 items 3 and 5),
// through Handle on the demo catalog: every part of a compound follow-up
// applies or is named, a sort said in words sorts, a hedged wish stays a
// reference, one question per episode, and an open question stays
// answerable while other follow-ups come in.

import (
	"fmt"
	"searchagent/tools/condition"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/contract"
)

// condOf finds the chip of a field (and kind, when set).
func condOf(s api.Snapshot, field, kind string) *contract.Condition {
	for i, c := range s.Context.Conditions {
		if c.Field == field && (kind == "" || string(c.Kind) == kind) {
			return &s.Context.Conditions[i]
		}
	}
	return nil
}

func TestCompoundFollowupAppliesEveryPart(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, first, followup string
		want                    map[string]string // field → op of a hard chip
		notice                  string            // what the notice must say ("" = not checked)
	}{
		{"zh", "帮我找美国的科技测评频道，粉丝五万以上", "不要游戏类的，粉丝改成十万以上",
			map[string]string{"followers": "gte", "category": "not_in"}, "粉丝 ≥ 5万 → 粉丝 ≥ 10万"},
		{"en", "find US tech review channels with 50k+ followers", "no gaming ones, and change followers to 100k+",
			map[string]string{"followers": "gte"}, "Followers ≥ 50K → Followers ≥ 100K"},
		{"zh", "帮我找做美食的博主", "只要说英语的，粉丝要十万以上", map[string]string{"language": "eq", "followers": "gte"}, ""},
		{"en", "find US tech review channels with 50k+ followers", "followers above 20k and posted in the last two weeks",
			map[string]string{"followers": "gte", "last_active": "within_days"}, ""},
		{"zh", "帮我找做美食的博主", "只要美国的，粉丝不要太多", map[string]string{"country": "eq"}, "没有具体数值"},
		{"zh", "帮我找美国的科技测评频道，粉丝五万以上", "粉丝数第三档，排除游戏", map[string]string{"followers": "gte"}, "「粉丝数第三档」没有读懂"},
		// 量级/体量 name the follower count: its tier is read
		{"zh", "帮我找美国的科技测评频道，粉丝五万以上", "粉丝量级二十万档，排除游戏", map[string]string{"followers": "gte"}, "粉丝 ≥ 5万 → 粉丝 ≥ 20万"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.first})
		b.send("followup.submit", api.Args{Text: tc.followup})
		for field, op := range tc.want {
			if !slices.ContainsFunc(b.snap.Context.Conditions, func(c contract.Condition) bool {
				return c.Field == field && c.Kind == condition.KindHard && string(c.Op) == op && c.Status == condition.StatusApplied
			}) {
				t.Errorf("%q then %q: chips %v, want a hard %s %s applied", tc.first, tc.followup, b.shown().conds, field, op)
			}
		}
		if !strings.Contains(b.snap.Context.Notice, tc.notice) {
			t.Errorf("%q then %q: notice %q, want it to say %q", tc.first, tc.followup, b.snap.Context.Notice, tc.notice)
		}
	}
}

func TestWordSortsSort(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, first, followup, by string
	}{
		{"zh", "帮我找美国的科技测评频道", "按平均播放量排一下", "avg_views"},
		{"en", "find US tech review channels", "sort by most followers", "followers"},
		{"zh", "帮我找美国的科技测评频道", "越活跃越好", "recent"},
		{"zh", "帮我找做美食的博主", "粉丝从高到低", "followers"},
		{"en", "food creators in the US", "the more active the better", "recent"},
		{"zh", "美国的科技博主，按平均播放量排一下", "", "avg_views"},
		{"en", "US tech creators, sort by most followers", "", "followers"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.first})
		total := b.snap.Results.Total
		if tc.followup != "" {
			b.send("followup.submit", api.Args{Text: tc.followup})
			if b.snap.Results.Total != total {
				t.Errorf("%q: %d results after the sort, want the same %d (a sort filters nothing)", tc.followup, b.snap.Results.Total, total)
			}
		}
		r := b.snap.Results
		if b.snap.Context.Sort != tc.by || r.Sort != tc.by {
			t.Errorf("%q %q: sort %q (results %q), want %q", tc.first, tc.followup, b.snap.Context.Sort, r.Sort, tc.by)
		}
		if c := condOf(b.snap, "last_active", ""); c != nil {
			t.Errorf("%q %q: the sort's words became a condition %s", tc.first, tc.followup, c.Label)
		}
		if condOf(b.snap, "keyword", "") != nil {
			t.Errorf("%q %q: the sort's words became a keyword", tc.first, tc.followup)
		}
		if !strings.Contains(b.snap.Context.Notice, pick(tc.locale == "zh", "已按", "Sorted by")) {
			t.Errorf("%q %q: notice %q does not say the sort", tc.first, tc.followup, b.snap.Context.Notice)
		}
	}
}

func TestHedgedFollowupIsAReference(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, first, followup, field string
	}{
		{"zh", "帮我找美国的科技测评频道", "最好是最近还在更新的", "last_active"},
		{"en", "food creators in the US", "ideally english speaking", "language"},
		{"zh", "帮我找做美食的博主", "尽量粉丝十万以上", "followers"},
		{"en", "food creators in the US", "ideally posted in the last month", "last_active"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.first})
		total := b.snap.Results.Total
		b.send("followup.submit", api.Args{Text: tc.followup})
		c := condOf(b.snap, tc.field, "")
		if c == nil || c.Kind != condition.KindSoft || c.Status != condition.StatusReference {
			t.Errorf("%q: %s chip %+v, want a soft reference", tc.followup, tc.field, c)
		}
		if b.snap.Results.Total != total {
			t.Errorf("%q: %d results, want %d (a reference filters nothing)", tc.followup, b.snap.Results.Total, total)
		}
		if strings.Contains(b.snap.Context.Notice, "最近") {
			t.Errorf("%q: notice %q calls words of the chip unread", tc.followup, b.snap.Context.Notice)
		}
	}
}

func TestAnsweringNeverBringsASecondQuestion(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, text, option string }{
		{"en", "apple creators on tiktok with 10k+ followers", "o1"},
		{"en", "apple creators on tiktok with 10k+ followers", "o2"},
		{"zh", "找 TikTok 上做苹果的博主，粉丝一万以上", "o1"},
		{"zh", "找 TikTok 上做苹果的博主，粉丝一万以上", "o2"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.text})
		if b.snap.Slots.Question == nil {
			t.Fatalf("%q asks no question; the test needs one", tc.text)
		}
		b.send("clarify.answer", api.Args{OptionID: tc.option})
		if q := b.snap.Slots.Question; q != nil || b.snap.State.Session != "results_ready" {
			t.Errorf("%q answered %s: %s with question %+v, want results and no second question", tc.text, tc.option, stateString(b.snap.State), q)
		}
	}
}

func TestOpenQuestionStaysAnswerable(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, locale, first, followup, field string
	}{
		{"youtube", "en", "apple creators on tiktok with 10k+ followers", "only US ones", "country"},
		{"youtube", "zh", "找 TikTok 上做苹果的博主，粉丝一万以上", "只要美国的", "country"},
		{"tiktok", "zh", "apple creators with 10k+ followers", "粉丝两万以上", "followers"},
	} {
		b := newBox(t, a, tc.platform, tc.locale)
		b.send("search.submit", api.Args{Text: tc.first})
		q := b.snap.Slots.Question
		if q == nil {
			t.Fatalf("%q asks no question; the test needs one", tc.first)
		}
		b.send("followup.submit", api.Args{Text: tc.followup})
		if condOf(b.snap, tc.field, "hard") == nil {
			t.Errorf("%q during a question: no %s chip", tc.followup, tc.field)
		}
		if got := b.snap.Slots.Question; got == nil || got.Text != q.Text || b.snap.State.Session != "clarifying" {
			t.Errorf("%q during a question: %s with question %+v, want the same question open", tc.followup, stateString(b.snap.State), got)
		}
		if !slices.ContainsFunc(b.snap.Actions, func(x api.AllowedAction) bool { return x.Event == "clarify.answer" }) {
			t.Errorf("%q during a question: no answer button", tc.followup)
		}
		b.send("clarify.answer", api.Args{OptionID: q.Options[0].ID})
		if b.snap.Slots.Question != nil || b.snap.State.Session != "results_ready" {
			t.Errorf("%q: answering after the follow-up left %s with question %+v", tc.first, stateString(b.snap.State), b.snap.Slots.Question)
		}
		for _, c := range b.snap.Context.Conditions {
			if c.Status == condition.StatusPending {
				t.Errorf("%q: chip %s still pending after the answer", tc.first, c.Label)
			}
		}
	}
}

// The router stage of a follow-up's trace says what the turn did with
// the decision, and never contradicts what changed: a fallback whose text
// the condition reading applied says so (the trace said fallback,
// should_execute false while the filter changed), a refusal changes
// nothing, the router's commands say they ran.
func TestRouterStageSaysWhatTheTurnDid(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale, first, followup, outcome string
		changes                          bool
	}{
		{"zh", "帮我找美国的科技测评频道，粉丝五万以上", "不要游戏类的，粉丝改成十万以上", OutcomeCommands, true},
		{"zh", "帮我找美国的科技测评频道", "找住在东京的旅行博主", OutcomeReading, true},
		{"en", "find US tech review channels", "qwxz zzkv", OutcomeReading, true},
		{"zh", "帮我找美国的科技测评频道", "粉丝不要太多", OutcomeRefused, false},
		{"zh", "帮我找美国的科技测评频道", "哪里可以买粉", OutcomeGuard, false},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.first})
		before := fmt.Sprint(b.shown().conds)
		b.send("followup.submit", api.Args{Text: tc.followup})
		changed := fmt.Sprint(b.shown().conds) != before
		rs := b.lastTrace().Router
		if rs == nil {
			t.Fatalf("%q: no router stage in the trace", tc.followup)
		}
		if rs.Outcome != tc.outcome || rs.OutcomeNote == "" {
			t.Errorf("%q: router outcome %q (%q) after branch %s, want %q", tc.followup, rs.Outcome, rs.OutcomeNote, rs.Result.Branch, tc.outcome)
		}
		if changed != tc.changes {
			t.Errorf("%q: conditions changed = %v, want %v (%s → %v)", tc.followup, changed, tc.changes, before, b.shown().conds)
		}
		// The invariant: a refusal never comes with a changed search, and a
		// changed search never with a decision that says nothing ran.
		if changed && (rs.Outcome == OutcomeRefused || rs.Outcome == OutcomeGuard) {
			t.Errorf("%q: the conditions changed but the router stage says %s", tc.followup, rs.Outcome)
		}
		if changed && !rs.Result.Decision.ShouldExecute && rs.Outcome != OutcomeReading {
			t.Errorf("%q: should_execute false and the conditions changed, but the outcome is %s", tc.followup, rs.Outcome)
		}
	}
}
