package router

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// The trace reports the gap it observed between the two candidates that
// competed (not only the configured margin), what broke or would break a
// tie, and the words no deciding stage read (issue 30 item 4).
func TestTraceReportsObservedMarginTieBreakAndUnusedText(t *testing.T) {
	r, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	ready := State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}
	tests := []struct {
		text   string
		branch Branch
		margin float64 // -1: none observed
		tie    string  // substring; "" = none
		unused []string
	}{
		{"放宽一点但是更精准", BranchAmbiguous, 0, "the user's answer to the clarifying question decides", []string{"一点但是"}},
		{"清空，回到经典搜索", BranchAmbiguous, 0, "within the margin 0.10 at the same priority 80", nil},
		{"排除西班牙语", BranchMatched, -1, "filter.language_exclude's reading covers more of the text", nil},
		{"帮我找粉丝十万以上的，谢谢", BranchMatched, -1, "", []string{"帮我找", "谢谢"}}, // "以上的" is one bound word (number.MinAfter),
		{"asdf qwer", BranchFallback, -1, "", []string{"asdf qwer"}},
	}
	for _, tc := range tests {
		res, tr, err := r.ExplainRules(context.Background(), Input{Text: tc.text, State: ready, Turn: 1})
		if err != nil {
			t.Fatal(err)
		}
		if res.Branch != tc.branch {
			t.Errorf("Explain(%q) branch = %s, want %s", tc.text, res.Branch, tc.branch)
		}
		switch {
		case tc.margin < 0 && tr.ObservedMargin != nil:
			t.Errorf("Explain(%q) observed margin = %v, want none", tc.text, *tr.ObservedMargin)
		case tc.margin >= 0 && (tr.ObservedMargin == nil || *tr.ObservedMargin != tc.margin):
			t.Errorf("Explain(%q) observed margin = %v, want %v", tc.text, tr.ObservedMargin, tc.margin)
		}
		if (tc.tie == "") != (tr.TieBreak == "") || !strings.Contains(tr.TieBreak, tc.tie) {
			t.Errorf("Explain(%q) tie break = %q, want one containing %q", tc.text, tr.TieBreak, tc.tie)
		}
		if !slices.Equal(tr.Unused, tc.unused) {
			t.Errorf("Explain(%q) unused = %q, want %q", tc.text, tr.Unused, tc.unused)
		}
	}
}
