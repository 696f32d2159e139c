package evals

import (
	"slices"
	"strings"
	"testing"

	"searchagent/agent/fsm"
)

// The committed scenario suites exercise every registry action and every
// allowed state × event cell, or exclude it with a reason: the gate of
// issue 30 item 1, held on the real suites.
func TestScenarioSuitesCoverTheRegistry(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every scenario suite")
	}
	suites, err := LoadPaths("suites/scenario")
	if err != nil {
		t.Fatal(err)
	}
	rep := run(t, newRunner(t, Options{}), suites...)
	if gaps := rep.CoverageFailures(1); gaps != nil {
		t.Fatalf("coverage gaps:\n%s", strings.Join(gaps, "\n"))
	}
	if rep.Coverage.CellsAllowed == 0 || rep.Coverage.Actions != len(registryIDs()) {
		t.Errorf("coverage = %d actions, %d allowed cells; want the registry's %d actions and a grid", rep.Coverage.Actions, rep.Coverage.CellsAllowed, len(registryIDs()))
	}
}

func registryIDs() map[string]bool {
	ids := map[string]bool{}
	for _, a := range fsm.Default().Actions() {
		ids[a.ID] = true
	}
	return ids
}

// The grid names what is missing and fails on an exclusion that no longer
// holds.
func TestCoverageGateNamesTheGaps(t *testing.T) {
	reg := fsm.Default()
	all := map[string]bool{}
	for id := range registryIDs() {
		all[id] = true
	}
	cells := map[string]bool{}
	for _, c := range allowedCells(reg) {
		cells[c] = true
	}
	full := coverage(reg, all, cells, nil, nil)
	if !full.OK(1) || full.Rate != 1 || len(full.Missing) != 0 || len(full.CellsMissing) != 0 {
		t.Fatalf("everything exercised: %+v, want OK at 100%%", full)
	}

	const gone = "A_RESULTS_READY__RESULTS_PAGE__RESULTS_READY__01"
	const cell = "expanded_clarifying/clarifying × results.page"
	delete(all, gone)
	delete(cells, cell)
	rep := &Report{Coverage: coverage(reg, all, cells, nil, nil)}
	gaps := rep.CoverageFailures(1)
	if !slices.Contains(gaps, "no scenario fires "+gone) || !slices.Contains(gaps, "no scenario sends "+cell) {
		t.Errorf("CoverageFailures = %q, want the missing action and cell named", gaps)
	}
	if rep.CoverageFailures(0.99) != nil {
		t.Errorf("one gap in %d fails a 99%% gate", full.Actions+full.CellsAllowed)
	}

	excl := []Exclusion{{Action: gone, Reason: "r", File: "a.yaml"}, {Cell: cell, Reason: "r", File: "a.yaml"}}
	if c := coverage(reg, all, cells, nil, excl); !c.OK(1) || len(c.Excluded) != 2 {
		t.Errorf("the gaps excluded with a reason: %+v, want OK", c)
	}
	stale := []Exclusion{
		{Action: "A_NO_SUCH_ACTION", Reason: "r", File: "a.yaml"},
		{Action: "A_ANY__SESSION_RESET__EMPTY_INPUT__01", Reason: "r", File: "a.yaml"},
		{Cell: "compact_classic/idle × clarify.answer", Reason: "r", File: "a.yaml"},
	}
	c := coverage(reg, registryIDs(), cells, nil, stale)
	if c.OK(0) || len(c.Stale) != 3 {
		t.Errorf("stale exclusions = %q, want three, failing any gate", c.Stale)
	}
}

// An exclusion needs one target and a reason, in a scenario suite.
func TestCoverageExclusionsAreChecked(t *testing.T) {
	for _, tc := range []struct{ name, kind, body, want string }{
		{"no reason", "scenario", "coverage_exclusions: [{action: A_X}]\n", "a reason"},
		{"both targets", "scenario", "coverage_exclusions: [{action: A_X, cell: y, reason: r}]\n", "one action or one cell"},
		{"not a scenario suite", "route", "coverage_exclusions: [{action: A_X, reason: r}]\n", "belong in a scenario suite"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.body + "cases:\n  - id: x\n    platform: youtube\n    text: a\n    steps: [{event: input.type, args: {text: a}}]\n"
			_, err := ParseSuite("suites/"+tc.kind+"/x.yaml", []byte(body))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseSuite = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// The HTML report is one page with the suites, the failures and their
// traces, the baseline changes with their causes and the coverage grid,
// and loads nothing from elsewhere.
func TestHTMLReport(t *testing.T) {
	base := &Report{Cases: []CaseResult{{Suite: "s", ID: "c", Status: StatusPass, Evidence: []string{"pattern g/buy_en fires"}}}}
	rep := &Report{Model: ModelOff, Suites: []SuiteResult{{Name: "s", Kind: KindRoute, Cases: 1, Failed: 1, MinPass: 1}},
		Cases: []CaseResult{{Suite: "s", ID: "c", Status: StatusFail, Failures: []string{"branch = fallback, want guard_hit"}, Trace: map[string]string{"branch": "fallback"}}}}
	all := registryIDs()
	rep.Coverage = coverage(fsm.Default(), all, map[string]bool{}, nil, nil)
	var b strings.Builder
	if err := rep.WriteHTML(&b, base); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{"<table", "s/c", "branch = fallback, want guard_hit", "&#34;branch&#34;: &#34;fallback&#34;",
		"pattern g/buy_en no longer fires", "Coverage", `class="m"`, "compact_classic/idle"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, no := range []string{"<script", "src=", "href=\"http"} {
		if strings.Contains(page, no) {
			t.Errorf("the page is not self-contained: it has %q", no)
		}
	}
}
