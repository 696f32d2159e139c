package router

import (
	"testing"
)

// TestBackToClassicPreconditions pins when "back to classic search" runs
// and, when it cannot, the refusal the user reads: an open question (a
// live choice, or a clarifying session or container), a repair (its
// container or session), or conditions other than tags and the anchor.
// An expired question or a pending link is no open question.
func TestBackToClassicPreconditions(t *testing.T) {
	ready := State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}
	tags := []Condition{{ID: "k1", Kind: "keyword", Value: "露营"}, {ID: "a1", Kind: "anchor", Field: "anchor", Value: "https://www.youtube.com/@mkbhd"}}
	question := []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 2, Options: []Choice{{ID: "US", Label: "美国"}}}}
	tests := []struct {
		name    string
		in      Input
		refusal string // "" when it runs
	}{
		{"tags and an anchor only", Input{Text: "回到经典搜索", State: ready, Conditions: tags}, ""},
		{"a live question", Input{Text: "回到经典搜索", State: ready, Conditions: tags, Turn: 3, Pending: question}, "回到经典搜索：还有未回答的追问"},
		{"an expired question", Input{Text: "回到经典搜索", State: ready, Conditions: tags, Turn: 4, Pending: question}, ""},
		{"a pending link is no question", Input{Text: "回到经典搜索", State: ready, Conditions: tags, Turn: 3,
			Pending: []Expectation{{ID: "fix", Kind: ExpectURL, DeclaredTurn: 2}}}, ""},
		{"a clarifying session", Input{Text: "back to classic search", Locale: "en", Conditions: tags,
			State: State{Input: "followup_waiting", Container: "expanded_agent", Session: "clarifying"}}, "Back to classic search: a clarifying question is still open"},
		{"a clarifying container", Input{Text: "back to classic search", Locale: "en", Conditions: tags,
			State: State{Input: "followup_waiting", Container: "expanded_clarifying", Session: "results_ready"}}, "Back to classic search: a clarifying question is still open"},
		{"a repair container", Input{Text: "回到经典搜索", Conditions: tags,
			State: State{Input: "followup_waiting", Container: "expanded_repair", Session: "results_ready"}}, "回到经典搜索：修正尚未完成"},
		{"a repair session", Input{Text: "回到经典搜索", Conditions: tags,
			State: State{Input: "followup_waiting", Container: "expanded_agent", Session: "empty_repair"}}, "回到经典搜索：修正尚未完成"},
		{"a hard filter remains", Input{Text: "回到经典搜索", State: ready,
			Conditions: append([]Condition{{ID: "h1", Kind: "hard", Field: "country", Op: "in", Value: []string{"US"}}}, tags...)}, "回到经典搜索：当前还有关键词和锚点以外的条件"},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := snap.Query(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if res.Top == nil || res.Top.ID != "session.back_to_classic" {
				t.Fatalf("Query(%q) top = %+v, want session.back_to_classic", tc.in.Text, res.Top)
			}
			d := res.Decision
			if d.Refusal != tc.refusal {
				t.Errorf("Query(%q).Decision.Refusal = %q, want %q", tc.in.Text, d.Refusal, tc.refusal)
			}
			wantAction := "back_to_classic"
			if tc.refusal != "" {
				wantAction = "refuse"
			}
			if d.ActionType != wantAction || d.ShouldExecute != (tc.refusal == "") {
				t.Errorf("Query(%q) action %s execute %v, want %s execute %v", tc.in.Text, d.ActionType, d.ShouldExecute, wantAction, tc.refusal == "")
			}
		})
	}
}

// TestLocaleFollowsTheText: without a locale, any CJK ideograph (U+3400
// to U+9FFF) makes the refusal Chinese; text outside that range gets
// English.
func TestLocaleFollowsTheText(t *testing.T) {
	zh, en := fallbackRefusal.ZH, fallbackRefusal.EN
	tests := []struct{ text, want string }{
		{"\u3400\u3400", zh},
		{"\u9fff\u9fff", zh},
		{"\u33ff\u33ff", en},
		{"\ua000\ua000", en},
		{"ok 嗯嗯", zh},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		res, err := snap.Query(Input{Text: tc.text})
		if err != nil {
			t.Fatal(err)
		}
		if res.Branch != BranchFallback || res.Decision.Refusal != tc.want {
			t.Errorf("Query(%q) = %s refusal %q, want fallback refusal %q", tc.text, res.Branch, res.Decision.Refusal, tc.want)
		}
	}
}

// TestRemoveAnchorNeedsAnAnchor: only an anchor condition lets "remove the
// anchor" run; keyword tags alone do not.
func TestRemoveAnchorNeedsAnAnchor(t *testing.T) {
	kw := Condition{ID: "k1", Kind: "keyword", Value: "camping"}
	anchor := Condition{ID: "a1", Kind: "anchor", Field: "anchor", Value: "https://www.youtube.com/@mkbhd"}
	snap := defaultSnapshot(t)
	for _, tc := range []struct {
		conds   []Condition
		refusal string
	}{
		{[]Condition{kw}, "Remove the anchor, keep keywords: there is no anchor"},
		{[]Condition{kw, anchor}, ""},
	} {
		res, err := snap.Query(Input{Text: "remove the anchor", Locale: "en", Conditions: tc.conds})
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision.Refusal != tc.refusal || res.Decision.ShouldExecute != (tc.refusal == "") {
			t.Errorf("Query(remove the anchor) with %d conditions: refusal %q execute %v, want refusal %q", len(tc.conds), res.Decision.Refusal, res.Decision.ShouldExecute, tc.refusal)
		}
	}
}
