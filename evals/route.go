package evals

import (
	"context"

	"searchagent/router"
)

// RouteCase is a routing case: the router's own case format (input,
// state, pending, conditions → branch, top intent, commands, slots,
// missing and invalid slots, decision fields), so the router's tests and
// `intentctl diff` read the same files.
type RouteCase = router.Case

// routeOutcome is what the router answered, for the confusion matrix and
// the baseline diff.
type routeOutcome struct {
	Branch   string `json:"branch"`
	Top      string `json:"top,omitempty"`
	WantTop  string `json:"want_top,omitempty"`
	Commands string `json:"commands,omitempty"`
}

func (r *Runner) runRoute(ctx context.Context, c *Case) caseRun {
	rc := *c.Route
	if rc.Name == "" {
		rc.Name = c.ID
	}
	res, trace, err := r.router.Explain(ctx, rc.Input)
	if err != nil {
		return caseRun{failures: []string{"router error: " + err.Error()}}
	}
	out := router.Replay(r.router.Snapshot(), []router.Case{rc})[0]
	run := caseRun{
		failures: router.Check(rc, res),
		route:    &routeOutcome{Branch: string(res.Branch), Top: out.Top, WantTop: rc.Want.Top, Commands: out.Commands},
		decision: string(res.Branch) + " " + out.Top + " " + out.Commands,
	}
	if len(run.failures) > 0 {
		run.trace = trace
	}
	return run
}
