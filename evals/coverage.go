package evals

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"searchagent/agent/fsm"
	"searchagent/tools/states"
)

// Exclusion is a registry action or a state × event cell that no scenario
// needs to exercise, with the reason, declared in a scenario suite file
// under `coverage_exclusions:` (issue 30 item 1: exercised, or listed with
// a reason).
type Exclusion struct {
	Action string `yaml:"action" json:"action,omitempty"`
	Cell   string `yaml:"cell" json:"cell,omitempty"`
	Reason string `yaml:"reason" json:"reason"`
	// File is the suite file that declares it.
	File string `yaml:"-" json:"file"`
}

// Coverage is the transition coverage grid: which registry actions and
// which state × event cells the scenarios exercised, against what the
// registry allows.
type Coverage struct {
	Actions   int      `json:"registry_actions"`
	Exercised int      `json:"exercised_actions"`
	Missing   []string `json:"missing_actions,omitempty"`
	// CellsAllowed is the denominator of the grid: every resting
	// "container/session × event" pair the registry has a row for.
	CellsAllowed int `json:"cells_allowed"`
	// Cells are the allowed cells seen; CellsMissing the allowed cells
	// never seen and not excluded.
	Cells        []string `json:"cells"`
	CellsMissing []string `json:"cells_missing,omitempty"`
	// Excluded are the declared exclusions that are in force; Stale the
	// ones that exclude something a scenario exercises or the registry
	// does not have (each one fails the gate: the list must stay true).
	Excluded  []Exclusion `json:"excluded,omitempty"`
	Stale     []string    `json:"stale_exclusions,omitempty"`
	Substates []string    `json:"substates"`
	// Rate is (exercised actions + seen cells) over (actions + allowed
	// cells), exclusions left out of both.
	Rate float64 `json:"rate"`
}

// OK reports whether the grid meets min (0..1): the rate is at least min
// and no exclusion is stale.
func (c Coverage) OK(min float64) bool {
	return c.Rate >= min && len(c.Stale) == 0
}

// CoverageFailures says why the run's coverage is below min (0..1): the
// rate, each missing action and cell, each stale exclusion. Nil when it
// meets min or no scenario ran (a route or contract run has no grid).
func (rep *Report) CoverageFailures(min float64) []string {
	c := rep.Coverage
	if c.Actions == 0 || c.OK(min) {
		return nil
	}
	out := []string{fmt.Sprintf("coverage %.1f%% < %.1f%% (%d/%d actions, %d/%d cells, %d excluded)",
		c.Rate*100, min*100, c.Exercised, c.Actions, len(c.Cells), c.CellsAllowed, len(c.Excluded))}
	for _, id := range c.Missing {
		out = append(out, "no scenario fires "+id)
	}
	for _, cell := range c.CellsMissing {
		out = append(out, "no scenario sends "+cell)
	}
	out = append(out, c.Stale...)
	return out
}

// restingStates are the container/session pairs a user can send an event
// from: every pair some registry row lands in, from the initial state on,
// that is not work in progress (seed 000 §5.3).
func restingStates(reg *fsm.Registry) []string {
	type pair struct {
		c states.Container
		s states.Session
	}
	seen := map[pair]bool{{fsm.Initial.Container, fsm.Initial.Session}: true}
	queue := []pair{{fsm.Initial.Container, fsm.Initial.Session}}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, a := range reg.Actions() {
			if !matchesPair(a.From, p.c, p.s) {
				continue
			}
			to, _ := a.To.Apply(fsm.State{Container: p.c, Session: p.s}, fsm.OriginNone)
			q := pair{to.Container, to.Session}
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	var out []string
	for p := range seen {
		if (fsm.State{Container: p.c, Session: p.s}).Transient() {
			continue
		}
		out = append(out, string(states.KeyOf(p.c, p.s)))
	}
	sort.Strings(out)
	return out
}

func matchesPair(m fsm.Match, c states.Container, s states.Session) bool {
	return (len(m.Containers) == 0 || slices.Contains(m.Containers, c)) &&
		(len(m.Sessions) == 0 || slices.Contains(m.Sessions, s))
}

// allowedCells are the grid's cells: each resting state × each user event
// the registry has a row for from that state (whatever the input layer
// and the guard).
func allowedCells(reg *fsm.Registry) []string {
	var out []string
	for _, key := range restingStates(reg) {
		k := states.Key(key)
		for _, ev := range fsm.UserEvents {
			for _, a := range reg.Actions() {
				if a.Event == ev && !a.Outcome && matchesPair(a.From, k.Container(), k.Session()) {
					out = append(out, cellName(key, string(ev)))
					break
				}
			}
		}
	}
	return out
}

func cellName(state, event string) string { return state + " × " + event }

// coverage builds the grid from what the scenarios exercised.
func coverage(reg *fsm.Registry, actions, cells, substates map[string]bool, excl []Exclusion) Coverage {
	var cov Coverage
	ids := map[string]bool{}
	for _, a := range reg.Actions() {
		ids[a.ID] = true
	}
	allowed := allowedCells(reg)
	isAllowed := map[string]bool{}
	for _, c := range allowed {
		isAllowed[c] = true
	}
	exAction, exCell := map[string]bool{}, map[string]bool{}
	for _, e := range excl {
		switch {
		case e.Action != "" && !ids[e.Action]:
			cov.Stale = append(cov.Stale, fmt.Sprintf("%s: excludes %s, which is not a registry action", e.File, e.Action))
		case e.Action != "" && actions[e.Action]:
			cov.Stale = append(cov.Stale, fmt.Sprintf("%s: excludes %s, which a scenario exercises", e.File, e.Action))
		case e.Cell != "" && !isAllowed[e.Cell]:
			cov.Stale = append(cov.Stale, fmt.Sprintf("%s: excludes the cell %s, which the registry does not allow", e.File, e.Cell))
		case e.Cell != "" && cells[e.Cell]:
			cov.Stale = append(cov.Stale, fmt.Sprintf("%s: excludes the cell %s, which a scenario exercises", e.File, e.Cell))
		default:
			exAction[e.Action], exCell[e.Cell] = e.Action != "", e.Cell != ""
			cov.Excluded = append(cov.Excluded, e)
		}
	}
	for id := range ids {
		switch {
		case actions[id]:
			cov.Exercised++
		case !exAction[id]:
			cov.Missing = append(cov.Missing, id)
		}
	}
	cov.Actions = len(ids)
	sort.Strings(cov.Missing)
	cov.CellsAllowed = len(allowed)
	for _, c := range allowed {
		switch {
		case cells[c]:
			cov.Cells = append(cov.Cells, c)
		case !exCell[c]:
			cov.CellsMissing = append(cov.CellsMissing, c)
		}
	}
	cov.Substates = sortedSet(substates)
	denom := cov.Actions + cov.CellsAllowed - len(cov.Excluded)
	cov.Rate = 1
	if denom > 0 {
		cov.Rate = float64(cov.Exercised+len(cov.Cells)) / float64(denom)
	}
	return cov
}

// writeGrid prints the coverage grid: one row per resting state, one
// column per user event that has a row anywhere; "x" seen, "-" allowed
// and missing, "e" excluded, blank not allowed.
func (c Coverage) writeGrid(w *strings.Builder, reg *fsm.Registry) {
	allowed := map[string]bool{}
	for _, x := range allowedCells(reg) {
		allowed[x] = true
	}
	seen := map[string]bool{}
	for _, x := range c.Cells {
		seen[x] = true
	}
	excluded := map[string]bool{}
	for _, e := range c.Excluded {
		if e.Cell != "" {
			excluded[e.Cell] = true
		}
	}
	var events []string
	for _, ev := range fsm.UserEvents {
		events = append(events, string(ev))
	}
	rows := restingStates(reg)
	for i, ev := range events {
		fmt.Fprintf(w, "  %2d %s\n", i+1, ev)
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	fmt.Fprintf(w, "  %-*s ", width, "")
	for i := range events {
		fmt.Fprintf(w, "%2d", (i+1)%100)
	}
	fmt.Fprintln(w)
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s ", width, r)
		for _, ev := range events {
			cell := cellName(r, ev)
			mark := " "
			switch {
			case seen[cell]:
				mark = "x"
			case excluded[cell]:
				mark = "e"
			case allowed[cell]:
				mark = "-"
			}
			fmt.Fprintf(w, " %s", mark)
		}
		fmt.Fprintln(w)
	}
}
