package router

import (
	"context"
	"fmt"
	"slices"

	"searchagent/tools/states"
)

// LintRouting compiles specs and lints how they route (LintExamples). A
// set that does not compile returns no issues here: Lint reports why.
func LintRouting(specs []Spec) []Issue {
	snap, err := Compile(specs)
	if err != nil {
		return nil
	}
	return LintExamples(snap)
}

// LintExamples routes every spec's own examples (the spec's `examples`,
// which classifiers and refusals show as what the spec is for) through the
// snapshot's rules, with no classifier, and reports each example whose
// decision is not the spec: an error, because a spec that no longer
// recognises its own example has lost a pattern, a term or a weight (a
// dropped `buy_en` made "buy 10k followers" an add_filter and lint said
// nothing). A guard's example must be a guard hit on it; a rules spec's
// example must have it as the top candidate or one of the commands.
//
// Each example is routed over results, in the context the spec's
// preconditions ask for: a pending choice for pending_question, an anchor
// for has_anchor, conditions for has_conditions (only the anchor and a
// keyword when only_explicit_conditions is set).
func LintExamples(snap *Snapshot) []Issue {
	r, err := New(snap)
	if err != nil {
		return []Issue{{Severity: SeverityError, Code: "example_route", Message: err.Error()}}
	}
	var out []Issue
	for _, cs := range snap.specs {
		for _, ex := range cs.Examples {
			in := exampleInput(&cs.Spec, ex)
			res, err := r.QueryRules(context.Background(), in)
			if err != nil {
				out = append(out, Issue{File: cs.file, SpecID: cs.ID, Severity: SeverityError, Code: "example_route", Message: fmt.Sprintf("its example %q: %v", ex, err)})
				continue
			}
			if got, ok := routesTo(res, cs); !ok {
				out = append(out, Issue{File: cs.file, SpecID: cs.ID, Severity: SeverityError, Code: "example_route",
					Message: fmt.Sprintf("its own example %q does not route to it: %s", ex, got)})
			}
		}
	}
	return out
}

// ExampleCount is how many examples the snapshot's specs carry (what
// LintExamples routes).
func (s *Snapshot) ExampleCount() int {
	n := 0
	for _, cs := range s.specs {
		n += len(cs.Examples)
	}
	return n
}

// exampleInput is the follow-up context an example is routed in: over
// results, with what the spec's preconditions need.
func exampleInput(s *Spec, text string) Input {
	in := Input{
		Text:  text,
		Turn:  2,
		State: State{Input: string(states.FollowupWaiting), Container: string(states.ExpandedAgent), Session: string(states.ResultsReady)},
	}
	anchor := Condition{ID: "c_anchor", Kind: "anchor", Label: "https://www.youtube.com/@example"}
	keyword := Condition{ID: "c_kw", Kind: "keyword", Label: "fitness"}
	hard := Condition{ID: "c_followers", Kind: "hard", Field: "followers", Op: "gte", Value: 10000, Label: "followers ≥ 10K"}
	switch {
	case slices.Contains(s.Preconditions, PreOnlyExplicitConditions):
		in.Conditions = []Condition{anchor, keyword}
	case slices.Contains(s.Preconditions, PreHasAnchor), slices.Contains(s.Preconditions, PreHasConditions):
		in.Conditions = []Condition{anchor, keyword, hard}
	}
	if slices.Contains(s.Preconditions, PrePendingQuestion) {
		in.State = State{Input: string(states.FollowupWaiting), Container: string(states.ExpandedClarifying), Session: string(states.Clarifying)}
		in.Pending = []Expectation{{ID: "q_example", Kind: ExpectChoice, DeclaredTurn: 1, Options: []Choice{
			{ID: "a", Label: "美国"}, {ID: "b", Label: "日本"}, {ID: "c", Label: "United Kingdom"},
		}}}
	}
	return in
}

// routesTo reports whether res decides for cs, and otherwise what it
// decided.
func routesTo(res *Result, cs *compiledSpec) (string, bool) {
	top := ""
	if res.Top != nil {
		top = res.Top.ID
	}
	if cs.Stage == StageGuard {
		return fmt.Sprintf("branch %s, top %q", res.Branch, top), res.Branch == BranchGuardHit && top == cs.ID
	}
	if top == cs.ID && res.Branch != BranchGuardHit && res.Branch != BranchFallback {
		return "", true
	}
	var cmds []string
	for _, c := range res.Commands {
		// The expectation stage answers a pending question before the
		// rules: the same command from it is the spec's decision.
		if c.Spec == cs.ID || res.Branch == BranchExpectationHit && cs.Command != nil && c.Name == cs.Command.Name {
			return "", true
		}
		cmds = append(cmds, c.Name+" ("+c.Spec+")")
	}
	return fmt.Sprintf("branch %s, top %q, commands %v", res.Branch, top, cmds), false
}
