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
