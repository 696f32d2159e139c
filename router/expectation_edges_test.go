package router

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExpectationHitCommandAndTrace pins the command an answered
// expectation becomes (the registry action passed on, a two-character
// description accepted, a label with up to three characters of filler
// around it) and what the trace tells the auditor: the pending ids, the
// one answered, its option and how it was answered.
func TestExpectationHitCommandAndTrace(t *testing.T) {
	countries := []Choice{{ID: "US", Label: "美国"}, {ID: "GB", Label: "英国"}}
	tests := []struct {
		name     string
		in       Input
		commands string // JSON; "null" when nothing was answered
		trace    ExpectationTrace
	}{
		{"choice passes its action on",
			Input{Text: "英国", Turn: 2, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries, ActionID: "A_CLARIFY_COUNTRY"}}},
			`[{"name":"answer_option","args":{"action_id":"A_CLARIFY_COUNTRY","by":"text","label":"英国","option_id":"GB","question_id":"q"},"spec":"expectation:q"}]`,
			ExpectationTrace{PendingIDs: []string{"q"}, HitID: "q", OptionID: "GB", By: "text"}},
		{"three characters around a label",
			Input{Text: "我觉得美国", Turn: 2, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries}}},
			`[{"name":"answer_option","args":{"by":"text","label":"美国","option_id":"US","question_id":"q"},"spec":"expectation:q"}]`,
			ExpectationTrace{PendingIDs: []string{"q"}, HitID: "q", OptionID: "US", By: "text"}},
		{"a position with a particle after it",
			Input{Text: "第二个吧", Turn: 2, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries}}},
			`[{"name":"answer_option","args":{"by":"position","label":"英国","option_id":"GB","question_id":"q"},"spec":"expectation:q"}]`,
			ExpectationTrace{PendingIDs: []string{"q"}, HitID: "q", OptionID: "GB", By: "position"}},
		{"a position with fillers around it",
			Input{Text: "I'll take the second option please", Turn: 2, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries}}},
			`[{"name":"answer_option","args":{"by":"position","label":"英国","option_id":"GB","question_id":"q"},"spec":"expectation:q"}]`,
			ExpectationTrace{PendingIDs: []string{"q"}, HitID: "q", OptionID: "GB", By: "position"}},
		{"four characters around a label are no answer",
			Input{Text: "大概还是美国", Turn: 2, Pending: []Expectation{{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries}}},
			`null`,
			ExpectationTrace{PendingIDs: []string{"q"}, Misses: []RejectedSpec{{ID: "q", Reason: "matches no option by text or position"}}}},
		{"second expectation answers after the first misses",
			Input{Text: "the second one", Turn: 2, Pending: []Expectation{
				{ID: "fix", Kind: ExpectURL, DeclaredTurn: 1},
				{ID: "q", Kind: ExpectChoice, DeclaredTurn: 1, Options: countries}}},
			`[{"name":"answer_option","args":{"by":"position","label":"英国","option_id":"GB","question_id":"q"},"spec":"expectation:q"}]`,
			ExpectationTrace{PendingIDs: []string{"fix", "q"}, HitID: "q", OptionID: "GB", By: "position",
				Misses: []RejectedSpec{{ID: "fix", Reason: "expects a URL; the input has none"}}}},
		{"two-character description",
			Input{Text: "露营", Turn: 2, Pending: []Expectation{{ID: "nl", Kind: ExpectText, DeclaredTurn: 1, ActionID: "A_REPAIR_SWITCH_TO_NL"}}},
			`[{"name":"switch_to_nl","args":{"action_id":"A_REPAIR_SWITCH_TO_NL","text":"露营"},"spec":"expectation:nl"}]`,
			ExpectationTrace{PendingIDs: []string{"nl"}, HitID: "nl", By: "text_input"}},
		{"description without an action",
			Input{Text: "  cozy cooking channels ", Turn: 2, Pending: []Expectation{{ID: "nl", Kind: ExpectText, DeclaredTurn: 1}}},
			`[{"name":"switch_to_nl","args":{"text":"cozy cooking channels"},"spec":"expectation:nl"}]`,
			ExpectationTrace{PendingIDs: []string{"nl"}, HitID: "nl", By: "text_input"}},
		{"link of no known platform, no action",
			Input{Text: "https://example.com/creator", Turn: 2, Pending: []Expectation{{ID: "fix", Kind: ExpectURL, DeclaredTurn: 1}}},
			`[{"name":"replace_anchor","args":{"url":"https://example.com/creator"},"spec":"expectation:fix"}]`,
			ExpectationTrace{PendingIDs: []string{"fix"}, HitID: "fix", By: "url"}},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, tr, err := snap.Explain(tc.in)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", tc.in.Text, err)
			}
			var cmds []Command
			if res.Branch == BranchExpectationHit {
				cmds = res.Commands
			}
			if got, _ := json.Marshal(cmds); string(got) != tc.commands {
				t.Errorf("Explain(%q) expectation commands = %s, want %s", tc.in.Text, got, tc.commands)
			}
			if tr.Expectation == nil {
				t.Fatalf("Explain(%q) trace has no expectation part", tc.in.Text)
			}
			if diff := cmp.Diff(tc.trace, *tr.Expectation); diff != "" {
				t.Errorf("Explain(%q) expectation trace mismatch (-want +got):\n%s", tc.in.Text, diff)
			}
		})
	}
}
