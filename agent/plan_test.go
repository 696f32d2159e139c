package agent

import (
	"context"
	"encoding/json"
	"testing"

	"searchagent/agent/agenttest"
)

// TestRouterPlanIsFollowed: for every follow-up of the scripted sessions
// that the router decided to execute, every step of its execution plan
// is carried out by a step or a transition of the turn, and the trace
// shows which.
func TestRouterPlanIsFollowed(t *testing.T) {
	a := newTestAgent(t)
	checked := 0
	for _, sc := range agenttest.Catalogue {
		b := newBox(t, a, sc.Platform, sc.Locale)
		for _, st := range sc.Steps {
			b.send(st.Event, st.Args)
		}
		doc, err := a.Trace(context.Background(), b.id, b.token)
		if err != nil {
			t.Fatal(err)
		}
		for _, raw := range doc.(TraceDoc).Turns {
			var tt TurnTrace
			if err := json.Unmarshal(raw, &tt); err != nil {
				t.Fatal(err)
			}
			if tt.Router == nil || !tt.Router.Result.Decision.ShouldExecute || tt.Notice != "" {
				continue
			}
			if len(tt.Plan) != len(tt.Router.Result.Decision.ExecutionPlan) {
				t.Errorf("%s turn %d: trace plan has %d steps, the router's %d", sc.Name, tt.Turn, len(tt.Plan), len(tt.Router.Result.Decision.ExecutionPlan))
			}
			for _, p := range tt.Plan {
				checked++
				if !p.Ran {
					t.Errorf("%s turn %d (%s %q): plan step %s (%s) was not carried out", sc.Name, tt.Turn, tt.Event, tt.Args.Text, p.StepCode, p.Reason)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no executed router plan in the scripted sessions")
	}
}
