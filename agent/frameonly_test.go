package agent

import (
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// TestFollowupOfFunctionWordsAddsNoKeyword: a follow-up made of undo
// words or a CJK comparative with no number ("undo that", "换回去",
// "更大的") is no keyword: the conditions held stay as
// they were and the notice says the words were not applied.
func TestFollowupOfFunctionWordsAddsNoKeyword(t *testing.T) {
	a := newTestAgent(t)
	for _, tt := range []struct{ before, text string }{
		{"pet creators in the US", "undo that"},
		{"美国的宠物博主，粉丝一万以上", "换回去"},
		{"日本的游戏博主", "要更大的"},
		{"travel creators in Italy", "revert it"},
	} {
		t.Run(tt.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap, err := b.try(followupEvent(before), api.Args{Text: tt.text})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range snap.Context.Conditions {
				if c.Kind == condition.KindKeyword {
					t.Errorf("keyword chip %v from %q", c.Value, tt.text)
				}
			}
			if len(snap.Context.Conditions) != len(before.Context.Conditions) {
				t.Errorf("conditions %d, were %d", len(snap.Context.Conditions), len(before.Context.Conditions))
			}
			if snap.Context.Notice == "" {
				t.Errorf("no notice names %q as not applied", tt.text)
			}
		})
	}
}
