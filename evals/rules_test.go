package evals

import (
	"encoding/json"
	"strings"
	"testing"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
)

func snapshot(session string, mut func(*api.Snapshot)) api.Snapshot {
	s := api.Snapshot{State: api.State{Input: "followup_waiting", Container: "expanded_agent", Session: session}}
	if mut != nil {
		mut(&s)
	}
	return s
}

func decisionEvent(cmds ...string) api.StreamEvent {
	var d routerDecision
	for _, c := range cmds {
		d.Commands = append(d.Commands, struct {
			Name string         `json:"name"`
			Args map[string]any `json:"args"`
		}{Name: c})
	}
	data, _ := json.Marshal(d)
	return api.StreamEvent{Name: api.EventRouterDecision, Data: data}
}

func TestRules(t *testing.T) {
	us := contract.Condition{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"US"}, Label: "美国"}
	tag := func(scope contract.Scope) []contract.Tag {
		return []contract.Tag{{ID: "k1", Text: "gaming", Scope: scope}}
	}
	anchor := &api.Anchor{URL: "https://www.youtube.com/@gadgetgrid", Resolution: "resolved_exact"}
	question := func(id string) *contract.Question { return &contract.Question{ID: id, Text: id + "?"} }
	for _, tc := range []struct {
		name  string
		turn  turnView
		want  string // "" = no finding
		rules []string
	}{
		{"loading in a stable state", turnView{Event: "followup.submit",
			After: snapshot("results_ready", func(s *api.Snapshot) { s.Slots.Status = &contract.Status{Text: "正在搜索…", Loading: true} })},
			"no_fake_loading at step 1 followup.submit: status.loading is true in the stable state results_ready", nil},
		{"loading while retrieving is fine", turnView{Event: "followup.submit",
			After: snapshot("retrieving", func(s *api.Snapshot) { s.Slots.Status = &contract.Status{Loading: true} })}, "", nil},
		{"second question", turnView{Event: "followup.submit",
			Before: snapshot("clarifying", func(s *api.Snapshot) { s.Context.PendingQuestion = question("q1") }),
			After:  snapshot("clarifying", func(s *api.Snapshot) { s.Context.PendingQuestion = question("q2") })},
			"one_question at step 1 followup.submit: a second question", nil},
		{"the same question asked again is not a second one", turnView{Event: "condition.edit",
			Before: snapshot("clarifying", func(s *api.Snapshot) { s.Context.PendingQuestion = question("q1") }),
			After: snapshot("clarifying", func(s *api.Snapshot) {
				s.Context.PendingQuestion = &contract.Question{ID: "q2", Text: "q1?"}
			})}, "", nil},
		{"scope rewritten by a follow-up", turnView{Event: "followup.submit",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.KeywordTags = tag("tags") }),
			After:  snapshot("results_ready", func(s *api.Snapshot) { s.Context.KeywordTags = tag("all") })},
			"scope_kept at step 1 followup.submit: tag k1 \"gaming\" changed scope tags → all", nil},
		{"scope changed by the user", turnView{Event: "tag.set_scope",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.KeywordTags = tag("tags") }),
			After:  snapshot("results_ready", func(s *api.Snapshot) { s.Context.KeywordTags = tag("all") })}, "", nil},
		{"anchor lost", turnView{Event: "followup.submit",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.Anchor = anchor }),
			After:  snapshot("results_ready", nil), Events: []api.StreamEvent{decisionEvent("add_filter")}},
			"anchor_kept at step 1 followup.submit: the anchor https://www.youtube.com/@gadgetgrid disappeared", nil},
		{"anchor replaced on request", turnView{Event: "followup.submit",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.Anchor = anchor }),
			After:  snapshot("results_ready", nil), Events: []api.StreamEvent{decisionEvent("replace_anchor")}}, "", nil},
		{"constraint lost", turnView{Event: "followup.submit",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.Conditions = []contract.Condition{us} }),
			After:  snapshot("results_ready", nil), Events: []api.StreamEvent{decisionEvent("exclude_keyword")}},
			"constraints_kept at step 1 followup.submit: condition country in [\"US\"] (美国) was lost", nil},
		{"constraint replaced on the same field", turnView{Event: "followup.submit",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.Conditions = []contract.Condition{us} }),
			After: snapshot("clarifying", func(s *api.Snapshot) {
				s.Context.Conditions = []contract.Condition{{ID: "c2", Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"GB"}, Label: "英国"}}
			}), Events: []api.StreamEvent{decisionEvent("exclude_keyword")}}, "", nil},
		{"constraint removed on request", turnView{Event: "condition.remove",
			Before: snapshot("results_ready", func(s *api.Snapshot) { s.Context.Conditions = []contract.Condition{us} }),
			After:  snapshot("results_ready", nil)}, "", nil},
		{"duplicate labels", turnView{Event: "followup.submit",
			After: snapshot("results_ready", func(s *api.Snapshot) {
				s.Actions = []api.AllowedAction{{ActionID: "A1", Label: "搜索"}, {ActionID: "A2", Label: "搜索"}}
			})}, `buttons at step 1 followup.submit: the label "搜索" is shown 2 times in the offered actions`, nil},
		{"contract violation event", turnView{Event: "followup.submit", After: snapshot("results_ready", nil),
			Events: []api.StreamEvent{{Name: api.EventContractViolation, Data: json.RawMessage(`{"violations":[{"code":"FAKE_LOADING"}]}`)}}},
			"contract at step 1 followup.submit: contract.violation", nil},
		{"a rule turned off", turnView{Event: "followup.submit",
			After: snapshot("results_ready", func(s *api.Snapshot) { s.Slots.Status = &contract.Status{Loading: true} })},
			"", []string{RuleScopeKept}},
		{"a refused turn is not judged", turnView{Event: "followup.submit", Refused: &agent.Error{Code: "not_allowed"},
			After: snapshot("results_ready", func(s *api.Snapshot) { s.Slots.Status = &contract.Status{Loading: true} })}, "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rules := tc.rules
			if rules == nil {
				rules = AllRules
			}
			rs := ruleSet{on: map[string]bool{}}
			for _, r := range rules {
				rs.on[r] = true
			}
			tc.turn.Step = 1
			got := rs.check([]turnView{tc.turn})
			if tc.want == "" {
				if len(got) != 0 {
					t.Errorf("findings = %q, want none", got)
				}
				return
			}
			if len(got) == 0 || !strings.Contains(strings.Join(got, "\n"), tc.want) {
				t.Errorf("findings = %q, want one containing %q", got, tc.want)
			}
		})
	}
}
