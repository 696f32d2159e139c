package evals

import (
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"searchagent/agent/fsm"
	"searchagent/contract"
	"searchagent/router"
)

// Case statuses.
const (
	StatusPass = "pass"
	StatusFail = "fail"
	StatusSkip = "skip"
)

// Report is the outcome of a run; its JSON form is what --json writes and
// --baseline reads.
type Report struct {
	Model  string        `json:"model"`
	Repeat int           `json:"repeat"`
	Rules  []string      `json:"rules"`
	Suites []SuiteResult `json:"suites"`
	Cases  []CaseResult  `json:"cases"`
	// Confusion is the router's confusion over route cases that name a
	// top intent.
	Confusion *Confusion `json:"confusion,omitempty"`
	// Branches is the router's expected × got branch over every route
	// case (a case that names no branch is counted in the row
	// BranchUnstated), with per-branch precision and recall over the
	// cases that name one.
	Branches *Confusion `json:"branches,omitempty"`
	// Violations counts contract violations by code and by state: the
	// codes contract cases produced, and contract.violation events seen in
	// scenarios.
	Violations Violations `json:"violations"`
	// Coverage is which registry actions and which state × event cells the
	// scenarios exercised.
	Coverage Coverage `json:"coverage"`
	// Latency is p50/p95 per agent step (from step.finished) and per case
	// kind, in milliseconds.
	Latency map[string]Percentiles `json:"latency"`
	Flaky   []string               `json:"flaky,omitempty"`
	// SpecExamples is how the router's specs route their own examples
	// (router.LintExamples), when route suites ran.
	SpecExamples *SpecExamples `json:"spec_examples,omitempty"`
}

// SpecExamples counts the specs' own examples and lists each one that
// does not route to its spec.
type SpecExamples struct {
	Examples int      `json:"examples"`
	Misroute []string `json:"misrouted,omitempty"`
}

// Regressions are the changes from base of the cases that passed there
// and fail now.
func (rep *Report) Regressions(base *Report) []Change {
	var out []Change
	for _, ch := range rep.Diff(base) {
		if ch.OldStatus == StatusPass && ch.NewStatus == StatusFail {
			out = append(out, ch)
		}
	}
	return out
}

// SuiteResult is one suite's tally.
type SuiteResult struct {
	Name     string  `json:"name"`
	File     string  `json:"file"`
	Kind     Kind    `json:"kind"`
	Cases    int     `json:"cases"`
	Passed   int     `json:"passed"`
	Failed   int     `json:"failed"`
	Skipped  int     `json:"skipped"`
	PassRate float64 `json:"pass_rate"`
	MinPass  float64 `json:"min_pass"`
}

// OK reports whether the suite met its threshold.
func (s SuiteResult) OK() bool { return s.PassRate >= s.MinPass }

// CaseResult is one case's outcome over its runs.
type CaseResult struct {
	Suite      string   `json:"suite"`
	ID         string   `json:"id"`
	Kind       Kind     `json:"kind"`
	Seed       string   `json:"seed,omitempty"`
	Tags       []string `json:"tags,omitempty"`
	Status     string   `json:"status"`
	SkipReason string   `json:"skip_reason,omitempty"`
	Runs       int      `json:"runs"`
	Passes     int      `json:"passes"`
	// Decision is the comparable answer (router branch, top and commands;
	// contract codes), for the baseline diff.
	Decision string `json:"decision,omitempty"`
	// DecidedBy is the router stage that decided a route case (guard,
	// expectation, rules, classifier:local, classifier:model, none).
	DecidedBy string `json:"decided_by,omitempty"`
	// Turns are a scenario's decisions, one line a turn (state, fired
	// actions, results, router commands, conditions, status).
	Turns []string `json:"turns,omitempty"`
	// Evidence is what decided the case: the router stage, the specs
	// with the patterns, terms and words they hit, the classifier's
	// answer, the specs' revision, the rendered prompts' hashes.
	Evidence []string `json:"evidence,omitempty"`
	Failures []string `json:"failures,omitempty"`
	// Trace is the router's explain trace (route) or the session's audit
	// trail (scenario) of a failed run.
	Trace any     `json:"trace,omitempty"`
	MS    float64 `json:"ms"`
}

// Confusion is expected × got top intent counts with per-intent
// precision and recall.
type Confusion struct {
	Labels  []string                  `json:"labels"`
	Counts  map[string]map[string]int `json:"counts"`
	Intents []IntentScore             `json:"intents"`
}

// IntentScore is one intent's precision and recall over route cases.
type IntentScore struct {
	Intent    string  `json:"intent"`
	Support   int     `json:"support"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
}

// Violations are contract violation counts.
type Violations struct {
	ByCode  map[string]int `json:"by_code"`
	ByState map[string]int `json:"by_state"`
	// ScenarioEvents counts contract.violation events in scenario turns;
	// SlotsBySource counts slots events by renderer (template, model).
	ScenarioEvents int            `json:"scenario_events"`
	SlotsBySource  map[string]int `json:"slots_by_source"`
	// ModelSlots is the model's slot writing (model modes only):
	// first-pass validity against re-asks and their repair tokens.
	ModelSlots ModelSlots `json:"model_slots"`
}

// Percentiles are latency figures in milliseconds.
type Percentiles struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50_ms"`
	P95 float64 `json:"p95_ms"`
}

func caseResult(s *Suite, c *Case, runs []caseRun) CaseResult {
	cr := CaseResult{Suite: s.Name, ID: c.ID, Kind: s.Kind, Seed: c.Seed, Tags: c.Tags, Runs: len(runs)}
	if c.SkipReason != "" {
		cr.Status, cr.SkipReason = StatusSkip, c.SkipReason
		return cr
	}
	var total time.Duration
	for _, r := range runs {
		total += r.dur
		if len(r.failures) == 0 {
			cr.Passes++
		} else if cr.Failures == nil {
			cr.Failures, cr.Trace = r.failures, r.trace
		}
		cr.Decision = cmp.Or(cr.Decision, r.decision)
		if cr.Turns == nil && cr.Evidence == nil {
			cr.Turns, cr.Evidence = r.turnLines, r.evidence
		}
		if cr.DecidedBy == "" && r.route != nil {
			cr.DecidedBy = r.route.Stage
		}
	}
	if len(runs) > 0 {
		cr.MS = float64(total.Microseconds()) / 1000 / float64(len(runs))
	}
	cr.Status = StatusPass
	if cr.Passes < cr.Runs {
		cr.Status = StatusFail
	}
	return cr
}

func (rep *Report) build(suites []*Suite, results [][]CaseResult, runs [][][]caseRun) {
	rep.Violations = Violations{ByCode: map[string]int{}, ByState: map[string]int{}, SlotsBySource: map[string]int{}}
	rep.Latency = map[string]Percentiles{}
	conf := map[string]map[string]int{}
	branches := map[string]map[string]int{}
	steps := map[string][]float64{}
	kinds := map[string][]float64{}
	actions := map[string]bool{}
	cells := map[string]bool{}
	substates := map[string]bool{}
	for si, s := range suites {
		sr := SuiteResult{Name: s.Name, File: s.File, Kind: s.Kind, Cases: len(s.Cases), MinPass: s.MinPass}
		for ci, cr := range results[si] {
			rep.Cases = append(rep.Cases, cr)
			switch cr.Status {
			case StatusPass:
				sr.Passed++
			case StatusFail:
				sr.Failed++
			case StatusSkip:
				sr.Skipped++
			}
			if cr.Passes > 0 && cr.Passes < cr.Runs {
				rep.Flaky = append(rep.Flaky, s.Name+"/"+cr.ID)
			}
			for _, run := range runs[si][ci] {
				kinds[string(s.Kind)] = append(kinds[string(s.Kind)], float64(run.dur.Microseconds())/1000)
				if ro := run.route; ro != nil {
					want := cmp.Or(ro.WantBranch, BranchUnstated)
					if branches[want] == nil {
						branches[want] = map[string]int{}
					}
					branches[want][ro.Branch]++
				}
				if ro := run.route; ro != nil && ro.WantTop != "" {
					got := ro.Top
					got = cmp.Or(got, "("+ro.Branch+")")
					if conf[ro.WantTop] == nil {
						conf[ro.WantTop] = map[string]int{}
					}
					conf[ro.WantTop][got]++
				}
				if co := run.contract; co != nil {
					for _, code := range co.Codes {
						rep.Violations.ByCode[string(code)]++
						rep.Violations.ByState[co.State]++
					}
				}
				rep.Violations.ModelSlots.add(run.slots)
				for _, st := range run.steps {
					steps[st.Step] = append(steps[st.Step], st.MS)
				}
				for _, t := range run.transitions {
					actions[t.ActionID] = true
					if t.Substate != "" {
						substates[t.Substate] = true
					}
				}
				for _, v := range run.turns {
					if v.Refused != nil {
						continue
					}
					cells[v.Before.State.Container+"/"+v.Before.State.Session+" × "+v.Event] = true
					substates[v.After.Substate] = true
					for _, e := range v.Events {
						switch e.Name {
						case "contract.violation":
							rep.Violations.ScenarioEvents++
							var d struct {
								Violations []contract.Violation `json:"violations"`
								State      string               `json:"state"`
							}
							if json.Unmarshal(e.Data, &d) == nil {
								for _, vi := range d.Violations {
									rep.Violations.ByCode[string(vi.Code)]++
									rep.Violations.ByState[d.State]++
								}
							}
						case "slots":
							var d struct {
								Source string `json:"source"`
							}
							if json.Unmarshal(e.Data, &d) == nil {
								rep.Violations.SlotsBySource[d.Source]++
							}
						}
					}
				}
			}
		}
		counted := sr.Cases - sr.Skipped
		sr.PassRate = 1
		if counted > 0 {
			sr.PassRate = float64(sr.Passed) / float64(counted)
		}
		rep.Suites = append(rep.Suites, sr)
	}
	if len(conf) > 0 {
		rep.Confusion = confusion(conf)
	}
	if len(branches) > 0 {
		rep.Branches = branchConfusion(branches)
	}
	for name, xs := range steps {
		rep.Latency["step "+name] = percentiles(xs)
	}
	for name, xs := range kinds {
		rep.Latency["case "+name] = percentiles(xs)
	}
	if len(cells) > 0 {
		var excl []Exclusion
		for _, s := range suites {
			excl = append(excl, s.Exclusions...)
		}
		rep.Coverage = coverage(fsm.Default(), actions, cells, substates, excl)
	}
}

func confusion(conf map[string]map[string]int) *Confusion {
	labels := map[string]bool{}
	for want, row := range conf {
		labels[want] = true
		for got := range row {
			labels[got] = true
		}
	}
	c := &Confusion{Labels: sortedSet(labels), Counts: conf}
	for _, l := range c.Labels {
		tp, predicted, support := 0, 0, 0
		for want, row := range conf {
			for got, n := range row {
				if got == l {
					predicted += n
					if want == l {
						tp += n
					}
				}
				if want == l {
					support += n
				}
			}
		}
		if support == 0 {
			continue
		}
		s := IntentScore{Intent: l, Support: support, Recall: ratio(tp, support), Precision: ratio(tp, predicted)}
		c.Intents = append(c.Intents, s)
	}
	return c
}

// BranchUnstated is the expected-branch row of route cases that name no
// branch (they check a top intent, commands or slots only).
const BranchUnstated = "(unstated)"

// branchConfusion is the expected × got branch table: the router's
// branches in their own order first, then any other label seen, then the
// unstated row; precision and recall are over the cases that name a
// branch.
func branchConfusion(conf map[string]map[string]int) *Confusion {
	stated := map[string]map[string]int{}
	for want, row := range conf {
		if want != BranchUnstated {
			stated[want] = row
		}
	}
	c := &Confusion{Counts: conf, Intents: confusion(stated).Intents}
	seen := map[string]bool{}
	for want, row := range conf {
		seen[want] = true
		for got := range row {
			seen[got] = true
		}
	}
	for _, b := range router.Branches {
		if seen[string(b)] {
			c.Labels = append(c.Labels, string(b))
			delete(seen, string(b))
		}
	}
	delete(seen, BranchUnstated)
	c.Labels = append(c.Labels, sortedSet(seen)...)
	if conf[BranchUnstated] != nil {
		c.Labels = append(c.Labels, BranchUnstated)
	}
	return c
}

// writeBranches prints the branch table: a row per expected branch, a
// column per branch the router answered, then each branch's precision
// and recall.
func (c *Confusion) writeBranches(w io.Writer) {
	var got []string
	for _, l := range c.Labels {
		if l != BranchUnstated {
			got = append(got, l)
		}
	}
	scores := map[string]IntentScore{}
	for _, s := range c.Intents {
		scores[s.Intent] = s
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "want \\ got\t%s\tCASES\tPRECISION\tRECALL\t\n", strings.Join(got, "\t"))
	for _, want := range c.Labels {
		row := c.Counts[want]
		if row == nil {
			continue
		}
		n := 0
		cells := make([]string, len(got))
		for i, g := range got {
			cells[i] = "."
			if k := row[g]; k > 0 {
				cells[i] = fmt.Sprint(k)
				n += k
			}
		}
		p, r := "", ""
		if s, ok := scores[want]; ok && want != BranchUnstated {
			p, r = fmt.Sprintf("%.3f", s.Precision), fmt.Sprintf("%.3f", s.Recall)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t\n", want, strings.Join(cells, "\t"), n, p, r)
	}
	tw.Flush()
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(float64(a)/float64(b)*1000) / 1000
}

func percentiles(xs []float64) Percentiles {
	if len(xs) == 0 {
		return Percentiles{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(s)))) - 1
		return math.Round(s[max(i, 0)]*1000) / 1000
	}
	return Percentiles{N: len(s), P50: at(0.50), P95: at(0.95)}
}

// Passed reports whether every suite met its threshold and the overall
// pass rate is at least minPass.
func (rep *Report) Passed(minPass float64) bool {
	passed, counted := 0, 0
	for _, s := range rep.Suites {
		if !s.OK() {
			return false
		}
		passed += s.Passed
		counted += s.Cases - s.Skipped
	}
	return counted == 0 || float64(passed)/float64(counted) >= minPass
}

// WriteJSON writes the report as indented JSON.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// ReadReport reads a report written by WriteJSON (a baseline).
func ReadReport(path string) (*Report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rep Report
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &rep, nil
}

// Change is a case whose status, decision or turns differ from the
// baseline: what changed, and the evidence that changed with it (the
// cause: a pattern that stopped firing, a spec whose score moved, a
// prompt rendered differently).
type Change struct {
	Case        string `json:"case"`
	OldStatus   string `json:"old_status"`
	NewStatus   string `json:"new_status"`
	OldDecision string `json:"old_decision,omitempty"`
	NewDecision string `json:"new_decision,omitempty"`
	// Changed are the scenario turn lines removed ("- ") and added ("+ ").
	Changed []string `json:"changed,omitempty"`
	// Causes are the evidence lines removed and added.
	Causes []string `json:"causes,omitempty"`
}

// Diff lists the cases that changed status or decision since base.
func (rep *Report) Diff(base *Report) []Change {
	old := map[string]CaseResult{}
	for _, c := range base.Cases {
		old[c.Suite+"/"+c.ID] = c
	}
	var out []Change
	for _, c := range rep.Cases {
		key := c.Suite + "/" + c.ID
		o, ok := old[key]
		if !ok {
			out = append(out, Change{Case: key, OldStatus: "(new)", NewStatus: c.Status, NewDecision: c.Decision})
			continue
		}
		delete(old, key)
		turns := lineDiff(o.Turns, c.Turns)
		if o.DecidedBy != c.DecidedBy {
			turns = append(turns, fmt.Sprintf("decided by %s → %s", o.DecidedBy, c.DecidedBy))
		}
		causes := lineDiff(o.Evidence, c.Evidence)
		for _, l := range causes {
			// A prompt's text changed: listed even when no decision moved
			// (--model off asks no model, so nothing else would show it).
			if strings.Contains(l, "prompt ") && strings.Contains(l, " text ") && l[0] == '+' {
				turns = append(turns, "prompt text changed: "+l[2:])
			}
		}
		if o.Status != c.Status || o.Decision != c.Decision || len(turns) > 0 {
			out = append(out, Change{Case: key, OldStatus: o.Status, NewStatus: c.Status, OldDecision: o.Decision, NewDecision: c.Decision,
				Changed: turns, Causes: causes})
		}
	}
	for _, key := range sortedKeys(old) {
		out = append(out, Change{Case: key, OldStatus: old[key].Status, NewStatus: "(removed)"})
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// WriteConsole writes the per-suite table, the failures with their
// reasons, the flaky cases, the baseline changes (when base is set) and
// the summary figures.
func (rep *Report) WriteConsole(w io.Writer, base *Report) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "SUITE\tKIND\tCASES\tPASS\tFAIL\tSKIP\tRATE\tMIN\tOK")
	for _, s := range rep.Suites {
		ok := "ok"
		if !s.OK() {
			ok = "BELOW THRESHOLD"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%.1f%%\t%.0f%%\t%s\n", s.Name, s.Kind, s.Cases, s.Passed, s.Failed, s.Skipped, s.PassRate*100, s.MinPass*100, ok)
	}
	tw.Flush()
	rep.writeStages(w)
	for _, c := range rep.Cases {
		if c.Status != StatusFail {
			continue
		}
		fmt.Fprintf(w, "\nFAIL %s/%s", c.Suite, c.ID)
		if c.DecidedBy != "" {
			fmt.Fprintf(w, " (decided by %s)", c.DecidedBy)
		}
		if c.Seed != "" {
			fmt.Fprintf(w, " (seed %s)", c.Seed)
		}
		if c.Runs > 1 {
			fmt.Fprintf(w, " passed %d/%d runs", c.Passes, c.Runs)
		}
		fmt.Fprintln(w)
		for _, f := range c.Failures {
			fmt.Fprintf(w, "  - %s\n", f)
		}
		if c.Trace != nil {
			fmt.Fprintln(w, "  trace: in the --json report (cases[].trace)")
		}
	}
	if len(rep.Flaky) > 0 {
		fmt.Fprintf(w, "\nflaky (passed and failed across --repeat): %s\n", strings.Join(rep.Flaky, ", "))
	}
	if base != nil {
		changes := rep.Diff(base)
		fmt.Fprintf(w, "\nchanges since the baseline: %d\n", len(changes))
		for _, ch := range changes {
			fmt.Fprintf(w, "  %s: %s → %s", ch.Case, ch.OldStatus, ch.NewStatus)
			if ch.OldDecision != ch.NewDecision {
				fmt.Fprintf(w, "; decision %q → %q", ch.OldDecision, ch.NewDecision)
			}
			fmt.Fprintln(w)
			for _, l := range ch.Changed {
				fmt.Fprintf(w, "      %s\n", l)
			}
			if causes := causeList(ch.Causes); len(causes) > 0 {
				fmt.Fprintf(w, "      because: %s\n", strings.Join(causes, "; "))
			}
		}
		if causes := causesOf(changes); len(causes) > 0 {
			fmt.Fprintln(w, "causes of the changes (most cases first):")
			for _, c := range causes {
				fmt.Fprintf(w, "  %s: %d case(s) (%s)\n", c.What, len(c.Cases), strings.Join(firstN(c.Cases, 5), ", "))
			}
		}
	}
	if se := rep.SpecExamples; se != nil {
		fmt.Fprintf(w, "\nspec examples: %d/%d route to their own spec\n", se.Examples-len(se.Misroute), se.Examples)
		for _, m := range se.Misroute {
			fmt.Fprintf(w, "  MISROUTED %s\n", m)
		}
	}
	if rep.Confusion != nil {
		fmt.Fprintln(w, "\nrouter intents (route cases with a top intent):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "INTENT\tSUPPORT\tPRECISION\tRECALL")
		for _, s := range rep.Confusion.Intents {
			if s.Precision < 1 || s.Recall < 1 {
				fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\n", s.Intent, s.Support, s.Precision, s.Recall)
			}
		}
		tw.Flush()
		perfect := 0
		for _, s := range rep.Confusion.Intents {
			if s.Precision == 1 && s.Recall == 1 {
				perfect++
			}
		}
		fmt.Fprintf(w, "(%d of %d intents at precision and recall 1.000 not listed)\n", perfect, len(rep.Confusion.Intents))
	}
	if rep.Branches != nil {
		fmt.Fprintln(w, "\nrouter branches (every route case; expected × got):")
		rep.Branches.writeBranches(w)
	}
	if len(rep.Violations.ByCode) > 0 {
		fmt.Fprintf(w, "\ncontract violations by code: %s\n", countList(rep.Violations.ByCode))
		fmt.Fprintf(w, "contract violations by state: %s\n", countList(rep.Violations.ByState))
	}
	if len(rep.Violations.SlotsBySource) > 0 {
		fmt.Fprintf(w, "slots by renderer: %s; contract.violation events in scenarios: %d\n", countList(rep.Violations.SlotsBySource), rep.Violations.ScenarioEvents)
	}
	if ms := rep.Violations.ModelSlots; ms.Turns > 0 {
		fmt.Fprintf(w, "model-written slots: turns %d, valid at the first answer %d, re-asks %d (repair tokens %d), template fallbacks %d\n",
			ms.Turns, ms.FirstPassValid, ms.Reasks, ms.RepairTokens, ms.Template)
	}
	if c := rep.Coverage; c.Actions > 0 {
		fmt.Fprintf(w, "\ncoverage %.1f%%: %d/%d registry actions exercised, %d/%d state × event cells, %d excluded with a reason, %d sub-states seen\n",
			c.Rate*100, c.Exercised, c.Actions, len(c.Cells), c.CellsAllowed, len(c.Excluded), len(c.Substates))
		var grid strings.Builder
		c.writeGrid(&grid, fsm.Default())
		fmt.Fprint(w, "cells (x seen, - allowed and missing, e excluded; columns are the user events):\n"+grid.String())
		for _, id := range c.Missing {
			fmt.Fprintf(w, "  missing action %s\n", id)
		}
		for _, cell := range c.CellsMissing {
			fmt.Fprintf(w, "  missing cell %s\n", cell)
		}
		for _, st := range c.Stale {
			fmt.Fprintf(w, "  stale exclusion %s\n", st)
		}
	}
	if len(rep.Latency) > 0 {
		fmt.Fprint(w, "latency p50/p95 ms:")
		for _, k := range sortedKeys(rep.Latency) {
			p := rep.Latency[k]
			fmt.Fprintf(w, " %s %.3g/%.3g;", k, p.P50, p.P95)
		}
		fmt.Fprintln(w)
	}
}

func firstN(xs []string, n int) []string {
	if len(xs) > n {
		return append(slices.Clone(xs[:n]), fmt.Sprintf("… %d more", len(xs)-n))
	}
	return xs
}

func countList(m map[string]int) string {
	var parts []string
	for _, k := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// junit types (the common JUnit XML dialect CI systems read).
type junitSuites struct {
	XMLName xml.Name     `xml:"testsuites"`
	Suites  []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Skipped   *junitSkipped `xml:"skipped,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

type junitSkipped struct {
	Message string `xml:"message,attr"`
}

// WriteJUnit writes the report as JUnit XML: a testsuite per suite, a
// testcase per case.
func (rep *Report) WriteJUnit(w io.Writer) error {
	var out junitSuites
	idx := map[string]int{}
	for _, s := range rep.Suites {
		idx[s.Name] = len(out.Suites)
		out.Suites = append(out.Suites, junitSuite{Name: s.Name, Tests: s.Cases, Failures: s.Failed, Skipped: s.Skipped})
	}
	for _, c := range rep.Cases {
		jc := junitCase{Name: c.ID, Classname: "evals." + string(c.Kind) + "." + c.Suite, Time: fmt.Sprintf("%.3f", c.MS/1000)}
		switch c.Status {
		case StatusFail:
			jc.Failure = &junitFailure{Message: c.Failures[0], Text: strings.Join(c.Failures, "\n")}
		case StatusSkip:
			jc.Skipped = &junitSkipped{Message: c.SkipReason}
		}
		s := &out.Suites[idx[c.Suite]]
		s.Cases = append(s.Cases, jc)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// stagesBySuite counts, per route suite in the order first run, the
// cases each router stage decided.
func (rep *Report) stagesBySuite() ([]string, map[string]map[string]int) {
	per := map[string]map[string]int{}
	var suites []string
	for _, c := range rep.Cases {
		if c.DecidedBy == "" {
			continue
		}
		if per[c.Suite] == nil {
			per[c.Suite] = map[string]int{}
			suites = append(suites, c.Suite)
		}
		per[c.Suite][c.DecidedBy]++
	}
	return suites, per
}

// writeStages lists, per route suite, how many cases each router stage
// decided, so a run shows which stage holds which suite.
func (rep *Report) writeStages(w io.Writer) {
	suites, per := rep.stagesBySuite()
	if len(suites) == 0 {
		return
	}
	fmt.Fprintln(w, "\nroute cases by deciding stage:")
	for _, s := range suites {
		var parts []string
		for _, st := range sortedKeys(per[s]) {
			parts = append(parts, fmt.Sprintf("%s %d", st, per[s][st]))
		}
		fmt.Fprintf(w, "  %s: %s\n", s, strings.Join(parts, ", "))
	}
}
