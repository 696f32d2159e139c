package evals

import (
	"cmp"
	"context"
	"encoding/json"
	"strings"

	"searchagent/router"
	"searchagent/tools/llm"
)

// RouteCase is a routing case: the router's own case format (input,
// state, pending, conditions → branch, top intent, commands, slots,
// missing and invalid slots, decision fields), so the router's tests and
// `intentctl diff` read the same files.
type RouteCase = router.Case

// routeOutcome is what the router answered, for the confusion matrix and
// the baseline diff.
type routeOutcome struct {
	Branch  string `json:"branch"`
	Top     string `json:"top,omitempty"`
	WantTop string `json:"want_top,omitempty"`
	// WantBranch is the branch the case expects ("" when it names none).
	WantBranch string `json:"want_branch,omitempty"`
	Commands   string `json:"commands,omitempty"`
	// Stage is the stage that decided (guard, rules, classifier:local, …).
	Stage string `json:"stage,omitempty"`
}

func (r *Runner) runRoute(ctx context.Context, c *Case) caseRun {
	rc := *c.Route
	rc.Name = cmp.Or(rc.Name, c.ID)
	res, trace, err := r.router.Explain(ctx, rc.Input)
	if err != nil {
		return caseRun{failures: []string{"router error: " + err.Error()}}
	}
	out := router.CaseOutcome(rc, res)
	run := caseRun{
		failures: append(append(router.Check(rc, res), router.CheckTrace(rc, trace)...), prefixed("model replay miss: ", classifierMisses(trace))...),
		route:    &routeOutcome{Branch: string(res.Branch), Top: out.Top, WantTop: rc.Want.Top, WantBranch: string(rc.Want.Branch), Commands: out.Commands, Stage: trace.DecidedBy()},
		decision: string(res.Branch) + " " + out.Top + " " + out.Commands,
		evidence: evidence("", trace),
	}
	if len(run.failures) > 0 {
		run.trace = trace
	}
	return run
}

// classifierMisses are the replay misses of a route case: the router's
// classifier trace carries the model path's error text (no call record),
// so a classifier call that found no cassette fails its case too.
func classifierMisses(trace *router.Trace) []string {
	out := replayMisses(trace)
	if c := trace.Classifier; c != nil && strings.Contains(c.Error, llm.ErrReplayMiss.Error()) {
		out = append(out, "classifier: "+c.Error)
	}
	return out
}

// replayMisses walks a trace (any JSON-encodable value) for model calls
// whose outcome is replay_miss and returns their error texts, which name
// the cassette key.
func replayMisses(trace any) []string {
	if trace == nil {
		return nil
	}
	data, err := json.Marshal(trace)
	if err != nil {
		return nil
	}
	var doc any
	if json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if x["outcome"] == "replay_miss" {
				msg, _ := x["error"].(string)
				if key, _ := x["cassette"].(string); key != "" && !strings.Contains(msg, key) {
					msg += " (cassette " + key + ")"
				}
				out = append(out, msg)
			}
			for _, k := range sortedKeys(x) {
				walk(x[k])
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(doc)
	return out
}

func prefixed(p string, xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = p + x
	}
	return out
}

// ModelSlots sums the slots stage over the model-written turns of a run:
// how many turns asked the model for slots, how many first answers
// validated, the re-asks and the tokens they cost, and the turns that
// fell back to the template.
type ModelSlots struct {
	Turns          int `json:"turns"`
	FirstPassValid int `json:"first_pass_valid"`
	Reasks         int `json:"reasks"`
	RepairTokens   int `json:"repair_tokens"`
	Template       int `json:"template_fallbacks"`
}

func (m *ModelSlots) add(o ModelSlots) {
	m.Turns += o.Turns
	m.FirstPassValid += o.FirstPassValid
	m.Reasks += o.Reasks
	m.RepairTokens += o.RepairTokens
	m.Template += o.Template
}

// modelSlotStats reads the model_slots entries of a session trace.
func modelSlotStats(trace any) ModelSlots {
	var out ModelSlots
	if trace == nil {
		return out
	}
	data, err := json.Marshal(trace)
	if err != nil {
		return out
	}
	var doc struct {
		Turns []struct {
			ModelSlots *struct {
				Source         string `json:"source"`
				Asks           int    `json:"asks"`
				Reasks         int    `json:"reasks"`
				FirstPassValid bool   `json:"first_pass_valid"`
				RepairTokens   int    `json:"repair_tokens"`
			} `json:"model_slots"`
		} `json:"turns"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return out
	}
	for _, t := range doc.Turns {
		ms := t.ModelSlots
		if ms == nil || ms.Asks == 0 {
			continue
		}
		out.Turns++
		out.Reasks += ms.Reasks
		out.RepairTokens += ms.RepairTokens
		if ms.FirstPassValid {
			out.FirstPassValid++
		}
		if ms.Source == "template" {
			out.Template++
		}
	}
	return out
}
