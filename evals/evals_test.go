package evals

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"searchagent/router"
)

// writeSuite writes a suite file under dir/kind/name.yaml and returns it
// loaded.
func writeSuite(t *testing.T, dir, kind, name, body string) *Suite {
	t.Helper()
	p := filepath.Join(dir, kind, name+".yaml")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadPaths(p)
	if err != nil {
		t.Fatalf("LoadPaths(%s): %v", p, err)
	}
	return s[0]
}

func newRunner(t *testing.T, opts Options) *Runner {
	t.Helper()
	if opts.Jobs == 0 {
		opts.Jobs = 2
	}
	r, err := NewRunner(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func run(t *testing.T, r *Runner, suites ...*Suite) *Report {
	t.Helper()
	rep, err := r.Run(context.Background(), suites)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// byID returns the case results by id.
func byID(rep *Report) map[string]CaseResult {
	out := map[string]CaseResult{}
	for _, c := range rep.Cases {
		out[c.ID] = c
	}
	return out
}

// expectOutcomes checks each case's status and that a failing case's
// reasons contain the given text.
func expectOutcomes(t *testing.T, rep *Report, want map[string]string) {
	t.Helper()
	got := byID(rep)
	for id, w := range want {
		c, ok := got[id]
		if !ok {
			t.Errorf("case %s missing from the report", id)
			continue
		}
		if w == StatusPass {
			if c.Status != StatusPass {
				t.Errorf("case %s = %s %q, want pass", id, c.Status, c.Failures)
			}
			continue
		}
		if c.Status != StatusFail {
			t.Errorf("case %s = %s, want fail with %q", id, c.Status, w)
			continue
		}
		if !strings.Contains(strings.Join(c.Failures, "\n"), w) {
			t.Errorf("case %s failures %q, want one containing %q", id, c.Failures, w)
		}
	}
}

const routeSuite = `
kind: route
cases:
  - id: pass_filter
    input: 只要美国的
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: matched, top: filter.country}
  - id: wrong_top
    tags: [demo]
    input: 只要美国的
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: matched, top: filter.language}
  - id: wrong_branch
    input: 哪里可以买粉
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: matched}
  - id: skipped
    skip_reason: shows that a skip is reported with its reason
    input: x
    want: {branch: fallback}
`

func TestRouteCases(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "route", "r", routeSuite)
	rep := run(t, newRunner(t, Options{}), s)
	expectOutcomes(t, rep, map[string]string{
		"pass_filter":  StatusPass,
		"wrong_top":    `top = "filter.country", want "filter.language"`,
		"wrong_branch": "branch = guard_hit, want matched",
	})
	c := byID(rep)["skipped"]
	if c.Status != StatusSkip || c.SkipReason == "" {
		t.Errorf("skipped case = %+v, want skip with its reason", c)
	}
	if c := byID(rep)["wrong_top"]; c.Trace == nil {
		t.Error("a failed route case carries no explain trace")
	}
	sr := rep.Suites[0]
	if sr.Passed != 1 || sr.Failed != 2 || sr.Skipped != 1 || sr.OK() {
		t.Errorf("suite tally = %+v, want 1 passed, 2 failed, 1 skipped, below threshold", sr)
	}
	if rep.Confusion == nil || rep.Confusion.Counts["filter.language"]["filter.country"] != 1 {
		t.Errorf("confusion = %+v, want filter.language → filter.country counted", rep.Confusion)
	}
	// The branch table counts every route case, those that name no top
	// intent too.
	if b := rep.Branches; b == nil || b.Counts["matched"]["guard_hit"] != 1 || b.Counts["matched"]["matched"] != 2 {
		t.Errorf("branches = %+v, want matched → guard_hit 1 and matched → matched 2", rep.Branches)
	} else {
		var out strings.Builder
		rep.WriteConsole(&out, nil)
		for _, want := range []string{"router branches (every route case; expected × got):", "want \\ got", "guard_hit", "0.667"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("console output lacks %q:\n%s", want, out.String())
			}
		}
	}
}

// A prompt engineer removes a guard term from the specs: the eval fails
// and says which case and why.
func TestRemovedGuardTermFailsTheEval(t *testing.T) {
	dir := t.TempDir()
	specs := filepath.Join(dir, "specs")
	if err := os.MkdirAll(specs, 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("../router/specs/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no spec files: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == "guard.yaml" {
			data = bytes.ReplaceAll(data, []byte("(?:购买|买)"), []byte("(?:某某)")) // the buy_zh pattern
		}
		if err := os.WriteFile(filepath.Join(specs, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	snap, err := router.LoadDir(specs)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := router.New(snap)
	if err != nil {
		t.Fatal(err)
	}
	s := writeSuite(t, dir, "route", "guard", `
cases:
  - id: guard_fake_zh
    input: 哪里可以买粉
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: guard_hit, top: guard.fake_engagement}
`)
	base := run(t, newRunner(t, Options{NoLocalClassifier: true}), s)
	rep := run(t, newRunner(t, Options{Router: rt}), s)
	expectOutcomes(t, rep, map[string]string{"guard_fake_zh": "want guard_hit"})
	if rep.Passed(1) {
		t.Error("the run passed with a guard term removed")
	}
	if reg := rep.Regressions(base); len(reg) != 1 || reg[0].Case != "guard/guard_fake_zh" {
		t.Errorf("Regressions = %+v, want guard/guard_fake_zh (passed in the baseline, fails now)", reg)
	}
	if reg := base.Regressions(rep); len(reg) != 0 {
		t.Errorf("Regressions the other way = %+v, want none (a fix is no regression)", reg)
	}
	var out bytes.Buffer
	rep.WriteConsole(&out, base)
	for _, want := range []string{"FAIL guard/guard_fake_zh", "want guard_hit",
		// The baseline diff names the cause: the pattern that stopped firing.
		"guard/guard_fake_zh: pass → fail", "pattern guard.fake_engagement/buy_zh no longer fires: 1 case(s) (guard/guard_fake_zh)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("console output lacks %q:\n%s", want, out.String())
		}
	}
}

// A scenario whose turns change says which turn changed how, and the
// router evidence that changed with it.
func TestBaselineDiffOfAScenarioTurn(t *testing.T) {
	base := &Report{Cases: []CaseResult{{Suite: "s", ID: "c", Status: StatusPass,
		Turns:    []string{"turn 1 search.submit: state a", "turn 2 followup.submit: state b; router matched filter.country [add_filter]"},
		Evidence: []string{"turn 2: stage rules", "turn 2: rules spec filter.country fires", "turn 2: rules spec filter.country scores 0.80 (threshold 0.50)", "turn 2: pattern filter.country/only_zh fires"}}}}
	rep := &Report{Cases: []CaseResult{{Suite: "s", ID: "c", Status: StatusFail,
		Turns:    []string{"turn 1 search.submit: state a", "turn 2 followup.submit: state c; router fallback  []"},
		Evidence: []string{"turn 2: stage none", "turn 2: rules spec filter.country fires", "turn 2: rules spec filter.country scores 0.40 (threshold 0.50)"}}}}
	changes := rep.Diff(base)
	if len(changes) != 1 {
		t.Fatalf("Diff = %+v, want one change", changes)
	}
	ch := changes[0]
	if !slices.Contains(ch.Changed, "- turn 2 followup.submit: state b; router matched filter.country [add_filter]") ||
		!slices.Contains(ch.Changed, "+ turn 2 followup.submit: state c; router fallback  []") {
		t.Errorf("changed = %q, want the second turn before and after", ch.Changed)
	}
	causes := causeList(ch.Causes)
	for _, want := range []string{"rules spec filter.country scores 0.80 → 0.40 (threshold 0.50)", "pattern filter.country/only_zh no longer fires", "no longer: stage rules", "now: stage none"} {
		if !slices.Contains(causes, want) {
			t.Errorf("causes = %q, want %q", causes, want)
		}
	}
}

const contractSuite = `
kind: contract
cases:
  - id: valid_results
    state: expanded_agent/results_ready
    locale: zh
    slots:
      status: {text: 找到 12 个频道, tone: success, loading: false}
      task_summary: 美国的汽配评测博主
      conditions: []
      actions: []
  - id: fake_loading_in_results_ready
    state: expanded_agent/results_ready
    locale: zh
    slots:
      status: {text: 正在搜索…, tone: progress, loading: true}
      task_summary: 美国的汽配评测博主
      conditions: []
      actions: []
  - id: fake_loading_expected
    state: expanded_agent/results_ready
    locale: zh
    slots:
      status: {text: 正在搜索…, tone: progress, loading: true}
      task_summary: 美国的汽配评测博主
      conditions: []
      actions: []
    want_codes: [FAKE_LOADING]
  - id: not_json
    state: expanded_agent/results_ready
    slots_json: '{"status": '
    want_error: JSON
`

func TestContractCases(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "contract", "c", contractSuite)
	rep := run(t, newRunner(t, Options{}), s)
	expectOutcomes(t, rep, map[string]string{
		"valid_results": StatusPass,
		// A template that says "正在搜索…" in results_ready fails with the
		// contract's own reason.
		"fake_loading_in_results_ready": "violations = [FAKE_LOADING], want none (valid)",
		"fake_loading_expected":         StatusPass,
		"not_json":                      StatusPass,
	})
	if n := rep.Violations.ByCode["FAKE_LOADING"]; n < 2 || rep.Violations.ByState["expanded_agent/results_ready"] != n {
		t.Errorf("violations = %+v, want FAKE_LOADING from both documents, all in expanded_agent/results_ready", rep.Violations)
	}
}

// A contract case keeps the checks that fired as its evidence, so a
// loosened check is named in the baseline diff, not only the lost code.
func TestContractCaseEvidenceNamesTheCheck(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "contract", "q", `
cases:
  - name: two_questions
    state: expanded_clarifying/clarifying
    locale: en
    slots:
      status: {text: 42 results so far, tone: info, loading: false}
      conditions: []
      question: {id: q1, text: "US only? Or Canada too?", options: [{id: us, label: US only}, {id: both, label: US and Canada}]}
      actions: []
    want_codes: [SECOND_QUESTION]
`)
	base := run(t, newRunner(t, Options{}), s)
	c := byID(base)["two_questions"]
	const fired = "check SECOND_QUESTION contract:one_question at /question/text fires"
	if !slices.Contains(c.Evidence, fired) {
		t.Fatalf("evidence = %q, want %q", c.Evidence, fired)
	}
	// The same case after the check was loosened: no violation.
	now := *base
	now.Cases = []CaseResult{c}
	now.Cases[0].Status, now.Cases[0].Decision, now.Cases[0].Evidence = StatusFail, "[]", nil
	var out bytes.Buffer
	now.WriteConsole(&out, base)
	if want := "check SECOND_QUESTION contract:one_question at /question/text no longer fires: 1 case(s) (q/two_questions)"; !strings.Contains(out.String(), want) {
		t.Errorf("the diff lacks %q:\n%s", want, out.String())
	}
}

const scenarioSuite = `
kind: scenario
cases:
  - id: all_pass
    seed: 002 §8
    platform: youtube
    locale: zh
    steps:
      - event: search.submit
        args: {text: 帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人}
        expect:
          state: {input: followup_waiting, container: expanded_agent, session: results_ready}
          scene: natural
          substate: natural-results
          reaches: [natural-retrieving]
          fires: [{action: A_COMPACT_CLASSIC__SEARCH_SUBMIT__EXPANDED_AGENT__06}]
          actions: {includes: [followup.submit, session.reset], excludes: [A_REPAIR_FIX_URL]}
          results: {min_total: 1, max_total: 1000, every: [country == US, followers between 5000 20000, platform == youtube]}
          slots: {present: [status, conditions], absent: [question], contains: {status.text: 个}, loading: false}
          conditions:
            includes: [{kind: hard, field: country, value: US, source: user_input, status: applied}]
            absent: [language]
      - event: followup.submit
        args: {text: 只要粉丝 1w 以上的}
        expect:
          router: {branch: matched, top: filter.followers, commands: [add_filter]}
      - event: input.type
        args: {text: x}
        expect: {refused: not_allowed}
  - id: bad_state
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {state: {container: expanded_agent}}}
  - id: bad_substate
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {substate: natural-results}}
  - id: bad_reaches
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {reaches: [url-resolving]}}
  - id: bad_fires
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {fires: [{action: A_REPAIR_FIX_URL}]}}
  - id: bad_actions
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {actions: {includes: [A_REPAIR_FIX_URL]}}}
  - id: bad_results_every
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {results: {every: [followers < 1]}}}
  - id: bad_results_pinned
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {results: {anchor_pinned: true}}}
  - id: bad_slots
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {slots: {present: [question]}}}
  - id: bad_router
    platform: youtube
    steps:
      - {event: search.submit, args: {text: 帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人}}
      - {event: followup.submit, args: {text: 只要粉丝 1w 以上的}, expect: {router: {branch: fallback}}}
  - id: bad_conditions
    platform: youtube
    steps:
      - {event: search.submit, args: {text: 帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人}, expect: {conditions: {includes: [{field: country, value: [JP]}]}}}
  - id: bad_refused
    platform: youtube
    steps:
      - {event: search.submit, args: {text: swim vest}, expect: {refused: not_allowed}}
  - id: unexpected_refusal
    platform: youtube
    steps:
      - {event: tag.delete, args: {tag_id: k9}}
`

func TestScenarioAssertions(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "scenario", "s", scenarioSuite)
	rep := run(t, newRunner(t, Options{Rules: []string{RuleNoFakeLoading, RuleContract}}), s)
	expectOutcomes(t, rep, map[string]string{
		"all_pass":           StatusPass,
		"bad_state":          "state.container = compact_classic, want expanded_agent",
		"bad_substate":       "substate = keyword-committed, want natural-results",
		"bad_reaches":        "sub-state url-resolving not reached",
		"bad_fires":          "action A_REPAIR_FIX_URL →  did not fire",
		"bad_actions":        "action A_REPAIR_FIX_URL not offered",
		"bad_results_every":  `fails "followers < 1"`,
		"bad_results_pinned": "anchor pinned = false, want true",
		"bad_slots":          "slot question absent, want it present",
		"bad_router":         "router branch = matched, want fallback",
		"bad_conditions":     `no condition matches {field=country value=["JP"]}`,
		"bad_refused":        "accepted, want refused with not_allowed",
		"unexpected_refusal": "refused (unknown_tag",
	})
	c := byID(rep)["bad_state"]
	if c.Trace == nil {
		t.Error("a failed scenario carries no session trace")
	}
	if rep.Coverage.Exercised == 0 || len(rep.Coverage.Cells) == 0 || len(rep.Coverage.Substates) == 0 {
		t.Errorf("coverage = %+v, want exercised actions, cells and sub-states", rep.Coverage)
	}
	if rep.Latency["step retrieve"].N == 0 {
		t.Errorf("latency = %+v, want the retrieve step measured", rep.Latency)
	}
}

func TestSuiteFileErrors(t *testing.T) {
	for _, tc := range []struct{ name, kind, body, want string }{
		{"unknown key", "route", "cases:\n  - id: a\n    input: x\n    wnat: {branch: matched}\n", "field wnat not found"},
		{"duplicate id", "route", "cases:\n  - {id: a, input: x}\n  - {id: a, input: y}\n", `duplicate case id "a"`},
		{"bad kind", "misc", "cases:\n  - {id: a, input: x}\n", `kind "misc"`},
		{"no id", "route", "cases:\n  - {input: x}\n", "needs an id"},
		{"bad predicate", "scenario", "cases:\n  - {id: a, platform: youtube, steps: [{event: search.submit, expect: {results: {every: [followers ~ 3]}}}]}\n", "unknown operator"},
		{"unknown expectation", "scenario", "cases:\n  - {id: a, platform: youtube, steps: [{event: search.submit, expect: {substates: x}}]}\n", "field substates not found"},
		{"bad min_pass", "route", "min_pass: 2\ncases:\n  - {id: a, input: x}\n", "min_pass"},
		{"no cases", "route", "cases: []\n", "no cases"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), tc.kind, "x.yaml")
			_ = os.MkdirAll(filepath.Dir(p), 0o755)
			_ = os.WriteFile(p, []byte(tc.body), 0o644)
			_, err := LoadPaths(p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("LoadPaths = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestReportFormats(t *testing.T) {
	dir := t.TempDir()
	s := writeSuite(t, dir, "route", "r", routeSuite)
	rep := run(t, newRunner(t, Options{}), s)

	var js bytes.Buffer
	if err := rep.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "base.json")
	if err := os.WriteFile(path, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	base, err := ReadReport(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(base.Cases) != len(rep.Cases) || base.Suites[0].Failed != 2 {
		t.Errorf("JSON round trip: %d cases, suite %+v", len(base.Cases), base.Suites[0])
	}
	if d := rep.Diff(base); len(d) != 0 {
		t.Errorf("Diff against itself = %+v, want none", d)
	}

	// A baseline in which wrong_top passed with another decision.
	for i := range base.Cases {
		if base.Cases[i].ID == "wrong_top" {
			base.Cases[i].Status, base.Cases[i].Decision = StatusPass, "matched filter.language []"
		}
	}
	d := rep.Diff(base)
	if len(d) != 1 || d[0].Case != "r/wrong_top" || d[0].OldStatus != StatusPass || d[0].NewStatus != StatusFail {
		t.Errorf("Diff = %+v, want r/wrong_top pass → fail", d)
	}
	var con bytes.Buffer
	rep.WriteConsole(&con, base)
	for _, want := range []string{"SUITE", "BELOW THRESHOLD", "FAIL r/wrong_top", "changes since the baseline: 1", "r/wrong_top: pass → fail"} {
		if !strings.Contains(con.String(), want) {
			t.Errorf("console output lacks %q:\n%s", want, con.String())
		}
	}

	var ju bytes.Buffer
	if err := rep.WriteJUnit(&ju); err != nil {
		t.Fatal(err)
	}
	var parsed junitSuites
	if err := xml.Unmarshal(ju.Bytes(), &parsed); err != nil {
		t.Fatalf("JUnit output is not XML: %v\n%s", err, ju.String())
	}
	if len(parsed.Suites) != 1 || parsed.Suites[0].Tests != 4 || parsed.Suites[0].Failures != 2 || parsed.Suites[0].Skipped != 1 {
		t.Errorf("JUnit suite = %+v, want 4 tests, 2 failures, 1 skipped", parsed.Suites)
	}
	failures := 0
	for _, c := range parsed.Suites[0].Cases {
		if c.Failure != nil {
			failures++
		}
	}
	if failures != 2 {
		t.Errorf("JUnit failures = %d, want 2", failures)
	}
}

// The report does not depend on how many cases run at once.
func TestDeterministicOrder(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "route", "r", routeSuite)
	var outs []string
	for _, jobs := range []int{1, 4} {
		rep := run(t, newRunner(t, Options{Jobs: jobs, Repeat: 2}), s)
		var ids []string
		for _, c := range rep.Cases {
			ids = append(ids, c.ID+"="+c.Status+"/"+c.Decision)
			if c.Status != StatusSkip && c.Runs != 2 {
				t.Errorf("case %s ran %d times, want 2", c.ID, c.Runs)
			}
		}
		outs = append(outs, strings.Join(ids, " "))
	}
	if outs[0] != outs[1] {
		t.Errorf("order differs with -j:\n%s\n%s", outs[0], outs[1])
	}
}

func TestModelModes(t *testing.T) {
	for _, mode := range []string{ModelLive, ModelRecord, ModelReplay, "bogus"} {
		if _, err := NewRunner(context.Background(), Options{Model: mode}); err == nil {
			t.Errorf("NewRunner(model %s) = nil error, want ErrModelMode", mode)
		}
	}
}

// TestSuiteErrorsPointAtTheFilesLines: a misspelt key or a value of the
// wrong type in a case is reported at its line in the suite file, not at
// a line of the re-encoded case.
func TestSuiteErrorsPointAtTheFilesLines(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"unknown key", `kind: route
cases:
  - name: first
    input: 只要美国的
    want: {branch: matched}
  - name: second
    input: 不要游戏
    want:
      branch: matched
      topp: keyword.exclude
`, "line 10: field topp not found"},
		{"wrong type", `kind: route
cases:
  - name: first
    input: 只要美国的
    want:
      branch: matched
      execute: maybe
`, "line 7: cannot unmarshal"},
	}
	for _, tc := range tests {
		_, err := ParseSuite("s.yaml", []byte(tc.yaml))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ParseSuite error = %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

// A prompt edit shows with --model off: a case whose path would ask a
// model (here the classifier stage of a fallback) carries the prompt's
// text fingerprint as evidence, and a baseline whose fingerprint differs
// lists the case with the prompt as the cause, though no decision moved.
func TestPromptEditShowsWithoutAModel(t *testing.T) {
	s := writeSuite(t, t.TempDir(), "route", "p", `
cases:
  - id: unread
    input: asdf qwer
    state: {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: fallback}
`)
	rep := run(t, newRunner(t, Options{}), s)
	c := byID(rep)["unread"]
	var line string
	for _, e := range c.Evidence {
		if strings.HasPrefix(e, "prompt classify@") && strings.Contains(e, " text ") {
			line = e
		}
	}
	if line == "" {
		t.Fatalf("evidence %q names no classify prompt text", c.Evidence)
	}
	base := *rep
	base.Cases = []CaseResult{c}
	base.Cases[0].Evidence = slices.Clone(c.Evidence)
	for i, e := range base.Cases[0].Evidence {
		if e == line {
			base.Cases[0].Evidence[i] = line[:strings.LastIndex(line, " ")] + " 000000000000"
		}
	}
	changes := rep.Diff(&base)
	if len(changes) != 1 || changes[0].OldStatus != StatusPass || changes[0].NewStatus != StatusPass {
		t.Fatalf("Diff = %+v, want the one case listed", changes)
	}
	var out bytes.Buffer
	rep.WriteConsole(&out, &base)
	for _, want := range []string{"prompt text changed: " + line, "now: " + line + ": 1 case(s) (p/unread)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the diff lacks %q:\n%s", want, out.String())
		}
	}
}
