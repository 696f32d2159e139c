package agent

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"searchagent/agent/agenttest"
	"searchagent/api"
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

// TestRefusedPlanSaysTheNotice: a follow-up the router asks about or
// wants confirmed is carried out by the notice that asks: its plan steps
// say so in the trace, and the step that waits for the answer did not
// run.
func TestRefusedPlanSaysTheNotice(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ platform, search, followup string }{
		{"instagram", agenttest.MixedZH, "只搜简介"},
		{"youtube", agenttest.NaturalZH, "全部清空"},
	} {
		b := newBox(t, a, tc.platform, "zh")
		b.send("search.submit", api.Args{Text: tc.search})
		b.send("followup.submit", api.Args{Text: tc.followup})
		doc, err := a.Trace(context.Background(), b.id, b.token)
		if err != nil {
			t.Fatal(err)
		}
		turns := doc.(TraceDoc).Turns
		var tt TurnTrace
		if err := json.Unmarshal(turns[len(turns)-1], &tt); err != nil {
			t.Fatal(err)
		}
		noticed := 0
		for _, p := range tt.Plan {
			if slices.Contains(p.By, "notice") {
				noticed++
				if !p.Ran {
					t.Errorf("%q: plan step %s is carried out by the notice but not marked ran", tc.followup, p.StepCode)
				}
			}
		}
		waits := slices.IndexFunc(tt.Plan, func(p PlanTrace) bool { return p.StepCode == "reset_session" })
		if tc.followup == "全部清空" && (waits < 0 || tt.Plan[waits].Ran || len(tt.Plan[waits].By) > 0) {
			// The reset waits for the confirmation: not carried out.
			t.Errorf("%q: plan %+v, want reset_session in it, not carried out before any confirmation", tc.followup, tt.Plan)
		}
		if tt.Notice == "" || noticed == 0 {
			t.Errorf("%q: notice %q, %d plan steps carried out by it (plan %+v); want the notice to carry one", tc.followup, tt.Notice, noticed, tt.Plan)
		}
	}
}

// TestGuardRefusalPlanRan: a follow-up the guard refuses carries out the
// router's refuse step by the transition to unsupported, and the trace
// says it ran (it showed as not run).
func TestGuardRefusalPlanRan(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ locale, search, followup string }{
		{"zh", agenttest.NaturalZH, "给我这些博主的手机号"},
		{"en", "US beauty creators with over 50k followers", "where can I buy 10k followers"},
	} {
		b := newBox(t, a, "youtube", tc.locale)
		b.send("search.submit", api.Args{Text: tc.search})
		snap := b.send("followup.submit", api.Args{Text: tc.followup})
		if snap.State.Session != "unsupported" {
			t.Fatalf("%q: session %s, want unsupported", tc.followup, snap.State.Session)
		}
		tt := b.lastTrace()
		i := slices.IndexFunc(tt.Plan, func(p PlanTrace) bool { return p.StepCode == "refuse" })
		if i < 0 || !tt.Plan[i].Ran {
			t.Errorf("%q: plan %+v, want a refuse step that ran", tc.followup, tt.Plan)
		}
	}
}
