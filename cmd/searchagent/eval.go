package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/spf13/cobra"

	"searchagent/agent/modelpath"
	"searchagent/contract"
	"searchagent/evals"
	"searchagent/router"
)

// defaultSuites is where `searchagent eval` looks without arguments.
const defaultSuites = "evals/suites"

func newEvalCmd() *cobra.Command {
	var (
		model, jsonOut, junitOut, baseline, specs string
		htmlOut                                   string
		cassettes                                 string
		jobs, repeat                              int
		minPass, minCoverage                      float64
		rules                                     []string
		probe                                     bool
		classifierStage                           string
	)
	cmd := &cobra.Command{
		Use:   "eval [suite files or folders…]",
		Short: "Run the eval suites (route, contract, scenario) and gate on their pass rates",
		Long: `Runs YAML eval suites (default: ` + defaultSuites + `): route cases against the router,
contract cases against the response contract, and scenarios through the agent on the demo
catalog, with the conversation-level rules checked over every scenario turn. Prints a table per
suite and every failure with its reason; exits 1 when a suite is below its min_pass or the whole
run is below --min-pass, when a spec's own example does not route to it, when a case that passed
in the --baseline fails now, or below --min-coverage; 2 on bad usage or an invalid suite file.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{defaultSuites}
			}
			if minPass < 0 || minPass > 1 {
				return usageErr("--min-pass %v: want a rate between 0 and 1", minPass)
			}
			if minCoverage < 0 || minCoverage > 1 {
				return usageErr("--min-coverage %v: want a rate between 0 and 1", minCoverage)
			}
			suites, err := evals.LoadPaths(args...)
			if err != nil {
				return usageErr("%v", err)
			}
			if classifierStage != "local" && classifierStage != "off" {
				return usageErr("--classifier %q: want local or off", classifierStage)
			}
			opts := evals.Options{Jobs: jobs, Repeat: repeat, Model: model, Rules: rules, ProbeButtons: probe, NoLocalClassifier: classifierStage == "off"}
			var base *evals.Report
			if baseline != "" {
				if base, err = evals.ReadReport(baseline); err != nil {
					return usageErr("--baseline: %v", err)
				}
			}
			if model != evals.ModelOff {
				mp, err := evalModelPath(model, cassettes, os.Getenv)
				if err != nil {
					return err
				}
				opts.ModelPath = mp
			}
			if specs != "" {
				snap, err := router.LoadDir(specs)
				if err != nil {
					return usageErr("--specs: %v", err)
				}
				var ropts []router.Option
				if classifierStage == "local" {
					ropts = append(ropts, router.WithDefaultLocalClassifier())
				}
				// A model classifier stays stage 3 with specs of a folder,
				// as with the embedded ones (NewRunner's default router).
				if mp := opts.ModelPath; mp != nil && mp.Stages().Classifier {
					ropts = append(ropts, router.WithClassifier(mp.Classifier()))
				}
				if opts.Router, err = router.New(snap, ropts...); err != nil {
					return usageErr("--specs: %v", err)
				}
			}
			runner, err := evals.NewRunner(cmd.Context(), opts)
			if errors.Is(err, evals.ErrModelMode) {
				return usageErr("%v", err)
			}
			if err != nil {
				return failErr("eval: %v", err)
			}
			rep, err := runner.Run(cmd.Context(), suites)
			if err != nil {
				return failErr("eval: %v", err)
			}
			rep.WriteConsole(cmd.OutOrStdout(), base)
			if jsonOut != "" {
				if err := writeFile(jsonOut, func(w *os.File) error { return rep.WriteJSON(w) }); err != nil {
					return failErr("--json: %v", err)
				}
			}
			if htmlOut == "" && jsonOut != "" {
				htmlOut = strings.TrimSuffix(jsonOut, filepath.Ext(jsonOut)) + ".html"
			}
			if htmlOut != "" && htmlOut != "-" {
				if err := writeFile(htmlOut, func(w *os.File) error { return rep.WriteHTML(w, base) }); err != nil {
					return failErr("--html: %v", err)
				}
			}
			if junitOut != "" {
				if err := writeFile(junitOut, func(w *os.File) error { return rep.WriteJUnit(w) }); err != nil {
					return failErr("--junit: %v", err)
				}
			}
			if se := rep.SpecExamples; se != nil && len(se.Misroute) > 0 {
				return &exitError{code: 1, err: fmt.Errorf("eval failed: %d spec example(s) do not route to their own spec, listed above (first: %s)", len(se.Misroute), se.Misroute[0])}
			}
			if base != nil {
				if reg := rep.Regressions(base); len(reg) > 0 {
					var names []string
					for _, ch := range reg {
						names = append(names, ch.Case)
					}
					return &exitError{code: 1, err: fmt.Errorf("eval failed: %d case(s) passed in the baseline and fail now: %s (their causes are listed above)", len(reg), strings.Join(names, ", "))}
				}
			}
			if gaps := rep.CoverageFailures(minCoverage); len(gaps) > 0 {
				return &exitError{code: 1, err: fmt.Errorf("eval failed: %s, %d gaps listed above (a run of some scenario suites only: --min-coverage 0)", gaps[0], len(gaps)-1)}
			}
			if !rep.Passed(minPass) {
				var below []string
				for _, s := range rep.Suites {
					if !s.OK() {
						below = append(below, fmt.Sprintf("%s %.1f%% < %.0f%%", s.Name, s.PassRate*100, s.MinPass*100))
					}
				}
				msg := "eval failed"
				if len(below) > 0 {
					msg += ": below threshold: " + strings.Join(below, "; ")
				} else {
					msg += fmt.Sprintf(": overall pass rate below --min-pass %.0f%%", minPass*100)
				}
				return &exitError{code: 1, err: errors.New(msg)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&model, "model", evals.ModelOff, "model mode: off (deterministic), live, record or replay")
	f.IntVarP(&jobs, "jobs", "j", 0, "cases run at once (default: the number of CPUs); output order does not depend on it")
	f.IntVar(&repeat, "repeat", 1, "run every case N times and report per-case pass rates and flaky cases")
	f.Float64Var(&minPass, "min-pass", 1, "overall pass-rate threshold (0..1) for the exit code, besides each suite's min_pass")
	f.Float64Var(&minCoverage, "min-coverage", 1, "registry coverage threshold (0..1) for the exit code when scenarios ran: every action and allowed state × event cell exercised, or excluded with a reason in a suite's coverage_exclusions")
	f.StringVar(&jsonOut, "json", "", "write the full report as JSON (usable as a --baseline)")
	f.StringVar(&htmlOut, "html", "", "write one self-contained HTML page (suites, failures with traces, baseline changes with causes, confusion table, coverage grid); default: beside --json, with .html; - for none")
	f.StringVar(&junitOut, "junit", "", "write the results as JUnit XML")
	f.StringVar(&baseline, "baseline", "", "a previous --json report: list the cases that changed status or decision with their causes; a case that passed there and fails now fails the run")
	f.StringVar(&specs, "specs", "", "load the router specs from this folder instead of the embedded ones")
	f.StringSliceVar(&rules, "rules", nil, "conversation-level rules to check (default: all: "+strings.Join(evals.AllRules, ", ")+")")
	f.StringVar(&cassettes, "cassettes", "evals/cassettes", "the cassette folder of --model record and replay")
	f.StringVar(&classifierStage, "classifier", "local", "the router's classifier stage when no model is the classifier: local (the n-gram model, as the embedded default serves) or off (the rules alone)")
	f.BoolVar(&probe, "probe-buttons", true, "click every offered button of every resting scenario snapshot on a fresh replay")
	return cmd
}

// writeFile writes path through fn, atomically enough for a report.
func writeFile(path string, fn func(w *os.File) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := fn(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// evalModelPath builds the model path of an eval run from the environment
// of `serve` (README "Use a model"), with the cassette folder set by the
// mode: record writes cassettes while calling the endpoint, replay reads
// them and never calls out, live calls the endpoint and keeps nothing.
func evalModelPath(mode, cassettes string, getenv func(string) string) (*modelpath.Path, error) {
	env := func(k string) string {
		switch k {
		case envRecord:
			if mode == evals.ModelRecord {
				return cassettes
			}
			return ""
		case envReplay:
			if mode == evals.ModelReplay {
				return cassettes
			}
			return ""
		}
		return getenv(k)
	}
	switch mode {
	case evals.ModelLive, evals.ModelRecord, evals.ModelReplay:
	default:
		return nil, usageErr("--model %q: want off, live, record or replay", mode)
	}
	if mode == evals.ModelReplay {
		if st, err := os.Stat(cassettes); err != nil || !st.IsDir() {
			return nil, usageErr("--model replay: no cassette folder %s (record one with --model record)", cassettes)
		}
	}
	v, err := contract.New()
	if err != nil {
		return nil, failErr("contract: %v", err)
	}
	ms, err := modelFromEnv(env, prometheus.NewRegistry(), v, nil)
	if err != nil {
		return nil, err
	}
	if ms == nil {
		return nil, usageErr("--model %s: no model configured (set %s, and %s or %s)", mode, envChatModel, envBaseURL, envAPIKey)
	}
	return ms.path, nil
}
