package agent

import (
	"slices"
	"testing"

	"searchagent/api"
)

// TestFirstSearchExclusions: a first search keeps what the user excluded
// excluded and what they wanted wanted, as the search box shows it
// (condition chips and keyword tags, "-text/scope" when excluded).
func TestFirstSearchExclusions(t *testing.T) {
	a := newTestAgent(t)
	cases := []struct {
		in, locale string
		conds      []string
		tags       []string
	}{
		{"帮我找不是美国的露营博主", "zh", []string{"排除 美国(applied)", "户外(applied)"}, nil},
		{"camping creators not from the US", "en", []string{"Outdoor(applied)", "Not United States(applied)"}, nil},
		{"非游戏类的美国博主", "zh", []string{"排除 游戏(applied)", "美国(applied)"}, nil},
		{"帮我找美国的科技博主，粉丝 500万以上，不要评测", "zh",
			[]string{"排除「评测」 · 全部来源(applied)", "美国(applied)", "科技(applied)", "粉丝 ≥ 500万(applied)"}, []string{"-评测/all"}},
		{"帮我找美国的户外博主，不要露营", "zh",
			[]string{"排除「露营」 · 全部来源(applied)", "美国(applied)", "户外(applied)"}, []string{"-露营/all"}},
		{"不要推荐游戏博主", "zh", []string{"排除 游戏(applied)"}, nil},
		{"find creators -gaming", "en", []string{"Not Gaming(applied)"}, nil},
		{"除了美国都行，另外要英语的", "zh", []string{"排除 美国(applied)", "英语(applied)"}, nil},
		{"不要太高端的美妆博主", "zh", []string{"美妆(applied)", "避免：高级感(reference)"}, nil},
	}
	for _, tc := range cases {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.in})
		got := b.shown()
		if got.state != "followup_waiting/expanded_agent/results_ready" {
			t.Errorf("search.submit %q: state %s, want results_ready", tc.in, got.state)
		}
		if !slices.Equal(got.conds, tc.conds) || !slices.Equal(got.tags, tc.tags) {
			t.Errorf("search.submit %q shows conds %q tags %q, want %q %q", tc.in, got.conds, got.tags, tc.conds, tc.tags)
		}
	}
}
