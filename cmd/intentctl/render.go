package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"searchagent/router"
)

// renderTree prints a result and its trace as a readable tree.
func renderTree(in router.Input, res *router.Result, tr *router.Trace) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("input       %q (%d chars)\n", in.Text, tr.InputLen)
	if tr.View != "" {
		p("view        %s %q (the guard matched this reading, not the input as written)\n", tr.View, tr.ViewText)
	}
	p("normalized  %q\n", tr.Normalized)
	p("state       %s/%s/%s  turn %d\n", or(in.State.Input), or(in.State.Container), or(in.State.Session), in.Turn)
	p("snapshot    %d\n", tr.SnapshotRevision)
	top := "—"
	if res.Top != nil {
		top = res.Top.ID
	}
	p("branch      %s → top %s\n", res.Branch, top)
	p("stages\n")
	skipped := func(stage string) string {
		for _, s := range tr.Skipped {
			if strings.HasPrefix(s, stage+":") {
				return strings.TrimSpace(strings.TrimPrefix(s, stage+":"))
			}
		}
		return ""
	}

	// Stage 0.
	mark := "✗"
	if res.Branch == router.BranchGuardHit && len(tr.Guard) > 0 {
		mark = "✓"
	}
	if why := skipped("guard"); why != "" {
		p("├─ 0 guard – skipped: %s\n", why)
	} else {
		p("├─ 0 guard %s\n", mark)
		var rows []string
		for _, s := range tr.Guard {
			rows = append(rows, fmt.Sprintf("✓ %s %.2f ≥ %.2f  %s", s.ID, s.Score, s.Threshold, hits(s)))
		}
		for _, r := range tr.GuardRejected {
			rows = append(rows, fmt.Sprintf("✗ %s %.2f  %s", r.ID, r.Score, r.Reason))
		}
		if len(rows) == 0 {
			rows = append(rows, "no guard spec scored")
		}
		tree(&b, "│  ", rows)
	}

	// Stage 1.
	switch {
	case skipped("expectation") != "":
		p("├─ 1 expectation – %s\n", skipped("expectation"))
	case tr.Expectation != nil:
		e := tr.Expectation
		mark = "✗"
		if e.HitID != "" {
			mark = "✓"
		}
		p("├─ 1 expectation %s  pending [%s]\n", mark, strings.Join(e.PendingIDs, ", "))
		var rows []string
		for _, id := range e.Expired {
			rows = append(rows, fmt.Sprintf("✗ %s expired (TTL)", id))
		}
		for _, m := range e.Misses {
			rows = append(rows, fmt.Sprintf("✗ %s %s", m.ID, m.Reason))
		}
		if e.HitID != "" {
			hit := fmt.Sprintf("✓ %s answered by %s", e.HitID, e.By)
			if e.OptionID != "" {
				hit += " → option " + e.OptionID
			}
			rows = append(rows, hit)
		}
		tree(&b, "│  ", rows)
	}

	// Stage 2.
	if why := skipped("rules"); why != "" {
		p("├─ 2 rules – skipped: %s\n", why)
	} else {
		mark = "✗"
		if res.Branch == router.BranchMatched {
			mark = "✓"
		}
		if tr.ObservedMargin != nil {
			p("├─ 2 rules %s  (ambiguity margin %.2f, observed gap %.2f)\n", mark, tr.AmbiguityMargin, *tr.ObservedMargin)
		} else {
			p("├─ 2 rules %s  (ambiguity margin %.2f)\n", mark, tr.AmbiguityMargin)
		}
		var rows []string
		for _, s := range tr.Rules {
			kind := "exclusive"
			if s.Composable {
				kind = "composable"
			}
			rows = append(rows, fmt.Sprintf("✓ %s %.2f ≥ %.2f  [p%d %s]  %s", s.ID, s.Score, s.Threshold, s.Priority, kind, hits(s)))
		}
		for _, r := range tr.RulesRejected {
			rows = append(rows, fmt.Sprintf("✗ %s %.2f  %s", r.ID, r.Score, r.Reason))
		}
		if len(rows) == 0 {
			rows = append(rows, "no rules spec scored")
		}
		tree(&b, "│  ", rows)
	}

	// Stage 3.
	switch {
	case tr.Classifier != nil:
		c := tr.Classifier
		mark = "✗"
		if c.Accepted {
			mark = "✓"
		}
		stage := ""
		if c.Stage != "" {
			stage = " (" + c.Stage + ")"
		}
		p("└─ 3 classifier%s %s  from %s: %s%s\n", stage, mark, c.From, c.Reason, errText(c.Error))
		if a := c.Answer; a != nil && (len(a.Scores) > 0 || len(a.TopFeatures) > 0) {
			var rows []string
			if len(a.Scores) > 0 {
				var sc []string
				for _, s := range a.Scores {
					sc = append(sc, fmt.Sprintf("%s %.2f", s.Class, s.Prob))
				}
				rows = append(rows, fmt.Sprintf("scores: %s  margin %.2f", strings.Join(sc, ", "), a.Margin))
			}
			if len(a.TopFeatures) > 0 {
				var fs []string
				for _, f := range a.TopFeatures {
					fs = append(fs, fmt.Sprintf("%s +%.2f", f.Feature, f.Weight))
				}
				rows = append(rows, "top features: "+strings.Join(fs, ", "))
			}
			tree(&b, "   ", rows)
		}
	default:
		p("└─ 3 classifier – %s\n", skipped("classifier"))
	}

	if tr.TieBreak != "" {
		p("tie        %s\n", tr.TieBreak)
	}
	if len(tr.Unused) > 0 {
		p("unused     %s  (no deciding stage read these words)\n", strings.Join(quoteAll(tr.Unused), " "))
	}
	if tr.RunnerUp != nil || len(tr.NearMisses) > 0 || len(tr.SlotHints) > 0 {
		p("what would have changed the outcome\n")
		var rows []string
		if r := tr.RunnerUp; r != nil {
			rows = append(rows, fmt.Sprintf("runner-up %s %.2f: %s", r.ID, r.Score, r.Note))
		}
		for _, n := range tr.NearMisses {
			if tr.RunnerUp != nil && n.ID == tr.RunnerUp.ID {
				continue
			}
			rows = append(rows, fmt.Sprintf("near miss %s %.2f/%.2f: %s", n.ID, n.Score, n.Threshold, n.Note))
		}
		for _, h := range tr.SlotHints {
			s := fmt.Sprintf("invalid slot %s.%s %q", h.SpecID, h.Slot, h.Value)
			if h.Nearest != "" {
				s += " → nearest valid value " + h.Nearest
			}
			rows = append(rows, s)
		}
		tree(&b, "", rows)
	}

	p("commands\n")
	if len(res.Commands) == 0 {
		p("  —\n")
	}
	for i, c := range res.Commands {
		args, _ := json.Marshal(c.Args)
		if c.Args == nil {
			args = []byte("{}")
		}
		p("  %d. %s %s  (%s)\n", i+1, c.Name, args, c.Spec)
	}
	if res.Top != nil && (len(res.Top.MissingRequiredSlots) > 0 || len(res.Top.InvalidSlots) > 0) {
		p("top slots\n")
		if len(res.Top.MissingRequiredSlots) > 0 {
			p("  missing: %s\n", strings.Join(res.Top.MissingRequiredSlots, ", "))
		}
		for _, k := range sortedKeys(res.Top.InvalidSlots) {
			p("  invalid %s: %s\n", k, res.Top.InvalidSlots[k])
		}
	}
	d := res.Decision
	p("decision\n")
	p("  scope %s · intent %s · action %s\n", d.Scope, or(d.IntentType), d.ActionType)
	p("  execute %s · clarify %s · confirm %s\n", yes(d.ShouldExecute), yes(d.NeedsClarification), yes(d.RequiresConfirmation))
	if len(d.MissingData) > 0 {
		p("  missing: %s\n", strings.Join(d.MissingData, "; "))
	}
	var steps []string
	for _, s := range d.ExecutionPlan {
		steps = append(steps, s.StepCode)
	}
	p("  plan: %s\n", strings.Join(steps, " → "))
	for _, r := range d.NextRecommendations {
		p("  next: %s — %s", r.Code, r.Label)
		if r.Reason != "" {
			p(" (%s)", r.Reason)
		}
		p("\n")
	}
	if d.Refusal != "" {
		p("  refusal: %s\n", d.Refusal)
	}
	p("  reason: %s\n", d.Reason)
	return b.String()
}

func tree(b *strings.Builder, indent string, rows []string) {
	for i, r := range rows {
		branch := "├─ "
		if i == len(rows)-1 {
			branch = "└─ "
		}
		fmt.Fprintf(b, "%s%s%s\n", indent, branch, r)
	}
}

func hits(s router.ScoredSpec) string {
	var parts []string
	if len(s.HitTerms) > 0 {
		parts = append(parts, "terms: "+strings.Join(s.HitTerms, ", "))
	}
	if len(s.HitLexicon) > 0 {
		parts = append(parts, "lexicon: "+strings.Join(s.HitLexicon, ", "))
	}
	if len(s.HitPatterns) > 0 {
		parts = append(parts, "patterns: "+strings.Join(s.HitPatterns, ", "))
	}
	if len(s.OtherClause) > 0 {
		parts = append(parts, "in another clause, not cancelling: "+strings.Join(s.OtherClause, ", "))
	}
	return strings.Join(parts, "; ")
}

func or(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func yes(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}

func errText(e string) string {
	if e == "" {
		return ""
	}
	return " (error: " + e + ")"
}

func sortedKeys(m map[string]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}
