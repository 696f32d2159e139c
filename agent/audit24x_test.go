package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// TestAudit24xMentions: a first search or a follow-up pasted from a chat,
// with the colleague it addresses mentioned, searches as the same words
// without the mention: no anchor that does not resolve, no "the link gave
// no anchor" (audit 24, class A). A handle the user wants more of still
// pins.
func TestAudit24xMentions(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, text string
		want                []string
	}{
		{"x", "en", "@channel need crypto accounts in Kenya with 5k+ followers", []string{"country eq KE", "followers gte 5000"}},
		{"instagram", "en", "@Nadia can you find food creators in Madrid, 10k–40k followers 🙏 cc @Ben", []string{"country eq ES", "followers between {max:40000,min:10000}"}},
		{"youtube", "zh", "@小周 收到 找一下日本的汽车频道 订阅10万以上 辛苦", []string{"country eq JP", "followers gte 100000"}},
		{"tiktok", "en", "dance creators in the Philippines, 20k-200k, posted this month 💃 @Kim fyi", []string{"country eq PH", "followers between {max:200000,min:20000}"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			b := newBox(t, a, tc.platform, tc.loc)
			snap := b.send("search.submit", api.Args{Text: tc.text})
			if snap.Context.Anchor != nil || strings.Contains(snap.Substate, "invalid") {
				t.Errorf("%q: substate %s anchor %+v, want no anchor", tc.text, snap.Substate, snap.Context.Anchor)
			}
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, []string{"all contains"})
		})
	}
	// in a follow-up
	snap := followup(t, a, "instagram", "en", "beauty creators in Spain", "@Rosa can you add Portugal too")
	if snap.Context.Anchor != nil {
		t.Errorf("follow-up: anchor %+v, want none", snap.Context.Anchor)
	}
	checkConds(t, "follow-up", appliedConds(snap), []string{"country in [ES,PT]"}, []string{"all contains"})
	// a handle the user wants more of pins
	b := newBox(t, a, "youtube", "en")
	snap = b.send("search.submit", api.Args{Text: "channels like @mkbhd in the US"})
	if snap.Context.Anchor == nil {
		t.Errorf("channels like @mkbhd: no anchor, want one")
	}
}

// TestAudit24xSizes: a size complained of with a number beside it sets
// the bound the number says, and the held minimum stays ("too big, cap
// it at under half a mil" after 100k+ is 100k–500k), never the one-step
// move of a size said without a number, which made a cap at the floor
// (audit 24, class C); approximate counts in a follow-up read as ranges.
func TestAudit24xSizes(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		{"youtube", "en", "hiking channels in Canada with 50k+ subscribers", "too big, keep them under half a mil", []string{"followers between {max:500000,min:50000}"}, []string{"all contains"}},
		{"youtube", "en", "hiking channels in Canada with 50k+ subscribers", "hmm way too big, a quarter mil max", []string{"followers between {max:250000,min:50000}"}, []string{"all contains"}},
		{"youtube", "en", "hiking channels in Canada with 50k+ subscribers", "way too big, cap it at 300k", []string{"followers between {max:300000,min:50000}"}, []string{"all contains"}},
		{"instagram", "zh", "日本的咖啡博主 粉丝2万以上", "太大了，十来万以内吧", []string{"followers between {max:150000,min:20000}"}, []string{"all contains"}},
		{"instagram", "zh", "日本的咖啡博主 粉丝2万以上", "粉丝太多了 控制在小几万", []string{"followers between {max:40000,min:10000}"}, []string{"all contains"}},
		{"instagram", "zh", "日本的咖啡博主", "粉丝要大几千到一万多的", []string{"followers between {max:20000,min:5000}"}, []string{"all contains"}},
		{"tiktok", "zh", "日本的咖啡博主 粉丝1万到3万", "改成十来万", []string{"followers between {max:150000,min:100000}"}, []string{"all contains"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q after %q", tc.text, tc.first), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAudit24xTimeShapes: a window said from a named day, 今年 with 一直,
// or posting said as going on, in a follow-up, bounds activity beside the
// other parts; "since" is no ranking term (audit 24, class D). The
// agent's clock is the demo catalog's, 2026-03-23.
func TestAudit24xTimeShapes(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// Black Friday 2025 was 11-28: 115 days before 2026-03-23
		{"x", "en", "the biggest fitness accounts on X in Mexico", "ok only the ones posting since Black Friday, and nobody under 20k", []string{"last_active within_days 115", "followers gte 20000"}, []string{"all contains"}},
		{"youtube", "en", "gardening channels in the UK", "just ones that uploaded since Christmas", []string{"last_active within_days 88"}, []string{"all contains"}},
		{"youtube", "zh", "英国的园艺频道", "只要春节以来还在更新的", []string{"last_active within_days 34"}, []string{"all contains"}},
		{"youtube", "zh", "英国的园艺频道", "今年一直有在更新的就行", []string{"last_active within_days 81"}, []string{"all contains"}},
		{"x", "en", "football accounts in Spain", "only ones still tweeting", []string{"last_active within_days 30"}, []string{"all contains"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q after %q", tc.text, tc.first), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAudit24xSuperlatives: a superlative of fame in a first search or a
// follow-up sorts the results by followers and adds no keyword chip
// (audit 24, class G).
func TestAudit24xSuperlatives(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ platform, loc, first, text string }{
		{"tiktok", "zh", "越南最火的美食博主", ""},
		{"youtube", "en", "the hottest gaming channels in Canada", ""},
		{"instagram", "zh", "意大利的旅行博主", "换成最受欢迎的那几个"},
		{"youtube", "en", "science channels in the UK", "show me the best-known ones"},
	} {
		b := newBox(t, a, tc.platform, tc.loc)
		snap := b.send("search.submit", api.Args{Text: tc.first})
		said := tc.first
		if tc.text != "" {
			snap = b.send(followupEvent(snap), api.Args{Text: tc.text})
			said = tc.text
		}
		if snap.Results == nil || snap.Results.Sort != "followers" {
			t.Errorf("%q: sort %+v, want followers", said, snap.Results)
		}
		for _, c := range snap.Context.Conditions {
			if v, ok := c.Value.(string); ok && c.Kind == "keyword" && strings.ContainsAny(strings.ToLower(v), "火欢") || ok && strings.Contains(strings.ToLower(v), "hottest") {
				t.Errorf("%q: keyword chip %q", said, v)
			}
		}
	}
}
