package agent

import (
	"encoding/json"
	"testing"

	"searchagent/agent/sessions"
	"searchagent/router"
)

// TestTurnBranchIsTheStoredTracesBranch: the branch a turn hands the
// session store beside its trace is the one the store would read from the
// encoded trace, so that the store need not decode it.
func TestTurnBranchIsTheStoredTracesBranch(t *testing.T) {
	tests := []struct {
		name string
		tr   TurnTrace
	}{
		{"no router", TurnTrace{Event: "results.page"}},
		{"router without a result", TurnTrace{Router: &RouterStage{}}},
		{"matched", TurnTrace{Router: &RouterStage{Result: &router.Result{Branch: router.BranchMatched}}}},
		{"guard hit", TurnTrace{Router: &RouterStage{Result: &router.Result{Branch: router.BranchGuardHit}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := json.Marshal(tc.tr)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := tc.tr.branch(), sessions.TraceBranch(raw); got != want {
				t.Errorf("branch() = %q, want %q (TraceBranch of the encoded trace)", got, want)
			}
		})
	}
}
