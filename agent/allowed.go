package agent

import (
	"slices"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/states"
	"searchagent/tools/urlresolve"
)

// AllowedInState lists the action ids offered in a contract state key
// (<container_state>/<session_state>) in any input state: the set the
// contract's ACTION_NOT_ALLOWED check takes (contract.Input's
// AllowedActions), for `searchagent contract check`. Without a context
// every user row that starts there counts; with a snapshot's context the
// guards are evaluated as the agent's own turns do (fsm.Registry.Offers),
// with the result list — which a context does not carry — assumed present.
func AllowedInState(key contract.StateKey, c *api.Context) []string {
	reg := fsm.Default()
	out := []string{}
	add := func(id string) {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, in := range states.Inputs {
		st := fsm.State{Input: in, Container: states.Container(key.Container()), Session: states.Session(key.Session())}
		if c == nil {
			for _, a := range reg.Actions() {
				if !a.System() && !a.Outcome && a.From.Matches(st) {
					add(a.ID)
				}
			}
			continue
		}
		for _, a := range reg.Offers(st, ContextFacts(*c)) {
			add(a.ID)
		}
	}
	return out
}

// ContextFacts is the guard view of a snapshot's context (the same facts
// the agent computes from its session).
func ContextFacts(c api.Context) fsm.Facts {
	f := fsm.Facts{
		Tags: len(c.KeywordTags), HasAnchor: c.Anchor != nil && c.Anchor.Resolution == string(urlresolve.StateExact),
		PendingQuestion: c.PendingQuestion != nil, RepairReason: states.RepairReason(c.RepairReason),
		HintVisible: c.RepairHintVisible, Origin: fsm.Origin(c.Origin), MenuOpen: c.ActiveTagMenu,
		OnlyExplicit: true, HasResults: true, MoreResults: true,
	}
	for _, cond := range c.Conditions {
		switch cond.Kind {
		case condition.KindAnchor, condition.KindKeyword:
		default:
			f.OnlyExplicit = false
			if cond.Kind == condition.KindSoft {
				f.SoftPending = true
			}
		}
	}
	f.Draft, f.DraftHasURL = classify(c.Draft)
	return f
}
