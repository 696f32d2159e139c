package agent

import (
	"searchagent/tools/condition"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
)

// TestFollowupResidueNeverKeyword drives follow-ups through a session
// (issue 16 item 3, seed 002 §3.7.5): words the parser cannot place never
// become a keyword chip — an edit changes the condition it names, a sort
// or a vague amount is said in the notice, a reference is a soft
// preference.
func TestFollowupResidueNeverKeyword(t *testing.T) {
	tests := []struct {
		locale, text string
		notice       string // a part of the notice, "" when any
	}{
		{"zh", "把粉丝改成 5 万以上", ""},
		{"zh", "粉丝改成10万以上", ""},
		{"zh", "把粉丝改成 1万到5万", ""},
		{"zh", "换成科技博主", ""},
		{"zh", "改成美妆博主", ""},
		{"zh", "把国家换成日本", ""},
		{"zh", "把地区改为英国", ""},
		{"zh", "换成德国的", ""},
		{"zh", "改成最近一个月活跃的", ""},
		{"zh", "不要美国的", ""},
		{"zh", "按粉丝排序", "已按粉丝量从高到低排序"},
		{"zh", "按粉丝数排序", "已按粉丝量从高到低排序"},
		{"zh", "按播放量从高到低排", "已按平均播放量从高到低排序"},
		{"zh", "粉丝从多到少排列", "已按粉丝量从高到低排序"},
		{"zh", "按订阅数排个序", "已按粉丝量从高到低排序"},
		{"zh", "找粉丝不太多的美国科技博主", ""},
		{"zh", "粉丝少一点", "没有具体数值"},
		{"zh", "播放量高一点的", "没有具体数值"},
		{"zh", "再多一点", "没有具体数值"},
		{"zh", "更像真人推荐一点", ""},
		{"zh", "要更有高级感的", ""},
		{"zh", "调性合适就行", ""},
		{"en", "feel like real recommendations", ""},
		{"en", "feels like a real recommendation", ""},
		{"en", "more authentic please", ""},
		{"en", "something that feels real", ""},
		{"en", "change followers to 50k+", ""},
		{"en", "switch to tech creators", ""},
		{"en", "change it to Japan", ""},
		{"en", "make it US only", ""},
		{"en", "switch to beauty instead", ""},
		{"en", "set to over 100k subscribers", ""},
		{"en", "only over 10k, no gaming", ""},
		{"en", "sort by followers", "Sorted by followers"},
		{"en", "sort them by views", "Sorted by average views"},
		{"en", "order by subscribers, highest first", "Sorted by followers"},
		{"en", "rank by average views", "Sorted by average views"},
		{"en", "not too many followers", "has no number"},
		{"en", "fewer followers", "has no number"},
		{"en", "a bit fewer followers", "has no number"},
	}
	if len(tests) < 40 {
		t.Fatalf("the follow-up table has %d phrasings, want at least 40", len(tests))
	}
	a := newTestAgent(t)
	for _, tc := range tests {
		t.Run(tc.locale+"/"+tc.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.locale)
			first := "帮我找美国的科技博主"
			if tc.locale == "en" {
				first = "find tech creators in the US"
			}
			b.send("search.submit", api.Args{Text: first})
			before := map[string]bool{}
			for _, c := range b.snap.Context.Conditions {
				if c.Kind == condition.KindKeyword {
					before[c.Label] = true
				}
			}
			if _, err := b.try("followup.submit", api.Args{Text: tc.text}); err != nil {
				t.Fatalf("followup.submit %q: %v", tc.text, err)
			}
			for _, c := range b.snap.Context.Conditions {
				// an exclusion the user typed ("no gaming") is theirs.
				if c.Kind == condition.KindKeyword && c.Op != condition.OpNotContains && !before[c.Label] {
					t.Errorf("followup %q added keyword %s (%v)", tc.text, c.Label, c.Value)
				}
			}
			if tc.notice != "" && !strings.Contains(b.snap.Context.Notice, tc.notice) {
				t.Errorf("followup %q: notice %q, want it to contain %q", tc.text, b.snap.Context.Notice, tc.notice)
			}
		})
	}
}

// TestSlotTextsShowNoCodes drives the texts issue 16 item 8 found through
// sessions: a router soft preference is named, not shown as its code; an
// en count takes the plural it needs. The executor's test mode
// (FailOnViolation) fails any turn whose slot texts match an internal
// identifier pattern, so every scripted session here and elsewhere
// enforces the rest.
func TestSlotTextsShowNoCodes(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, first, followup, label string }{
		{"zh", "帮我找美国的科技博主", "要性价比高的", "性价比高"},
		{"en", "find tech creators in the US", "value for money please", "Good value"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			b := newBox(t, a, "youtube", tc.locale)
			b.send("search.submit", api.Args{Text: tc.first})
			b.send("followup.submit", api.Args{Text: tc.followup})
			var labels []string
			for _, c := range b.snap.Context.Conditions {
				if c.Field == "preference" {
					labels = append(labels, c.Label)
				}
			}
			if len(labels) != 1 || labels[0] != tc.label {
				t.Errorf("followup %q: preference labels %q, want [%q]", tc.followup, labels, tc.label)
			}
		})
	}
}

// TestSourcesSayWhoDecided drives issue 16 item 9: a creator tier's
// follower range is the agent's reading (agent_inferred), not the user's
// words; results after a repair are post_repair, also when the repair was
// made from the classic box.
func TestSourcesSayWhoDecided(t *testing.T) {
	a := newTestAgent(t)
	t.Run("tier is inferred", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "帮我找腰部科技博主"})
		var got []string
		for _, c := range b.snap.Context.Conditions {
			got = append(got, c.Field+"="+string(c.Source))
		}
		if !slices.Contains(got, "followers=agent_inferred") || !slices.Contains(got, "category=user_input") {
			t.Errorf("conditions %v, want followers=agent_inferred and category=user_input", got)
		}
	})
	t.Run("classic keyword repair", func(t *testing.T) {
		b := newBox(t, a, "youtube", "zh")
		b.send("search.submit", api.Args{Text: "Torque"})
		if b.snap.Context.SourceStage == "post_repair" {
			t.Fatalf("first search is already post_repair")
		}
		id := b.snap.Context.KeywordTags[0].ID
		b.send("tag.set_scope", api.Args{TagID: id, Scope: "name"})
		if got := b.snap.Context.SourceStage; got != "post_repair" {
			t.Errorf("after tag.set_scope from %s: source_stage %q, want post_repair", stateString(b.snap.State), got)
		}
	})
}
