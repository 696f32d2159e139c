package agent

import (
	"context"
	"slices"
	"testing"

	"searchagent/api"
)

// TestCreatedSessionShowsTheEmptyBox: a new session comes with the empty
// box's slots already rendered (the buttons it offers, in its locale), and
// its log holds nothing until the first turn: creating is not a turn.
func TestCreatedSessionShowsTheEmptyBox(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		locale string
		want   []string
	}{
		{"zh", []string{"输入关键词", "搜索", "转为智能搜索", "设置筛选", "新建搜索"}},
		{"en", []string{"Type a keyword", "Search", "Switch to smart search", "Set a filter", "New search"}},
	} {
		res, err := a.CreateSession(context.Background(), api.CreateSessionRequest{Platform: "youtube", Locale: tc.locale})
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		for _, ac := range res.Snapshot.Slots.Actions {
			labels = append(labels, ac.Label)
		}
		if !slices.Equal(labels, tc.want) {
			t.Errorf("CreateSession(%s) shows the buttons %q, want %q", tc.locale, labels, tc.want)
		}
		n := 0
		a.Follow(cancelled(), res.SessionID, res.Token, 0, func(api.StreamEvent) error { n++; return nil })
		if n != 0 {
			t.Errorf("CreateSession(%s): the log holds %d events before the first turn, want none", tc.locale, n)
		}
	}
}
