package evals

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"searchagent/agent"
	"searchagent/agent/modelpath"
	"searchagent/agent/sessions"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/store/memstore"
)

// Model modes of a run.
const (
	ModelOff    = "off"    // deterministic: rules-only router, template slots
	ModelLive   = "live"   // the configured endpoint
	ModelRecord = "record" // live, saving every exchange as a cassette
	ModelReplay = "replay" // from cassettes; a miss is reported, never a live call
)

// ErrModelMode is returned for a model mode this build cannot run.
var ErrModelMode = errors.New("model mode not available")

// Options configure a Runner.
type Options struct {
	// Router answers route cases and drives the agent (router.Default()
	// when nil).
	Router *router.Router
	// Validator checks contract cases (contract.New() when nil).
	Validator *contract.Validator
	// Agent drives scenarios (an agent on the demo catalog with the
	// catalog's fixed reference time when nil).
	Agent *agent.Agent
	// Jobs is how many cases run at once (GOMAXPROCS when 0). The report's
	// order does not depend on it.
	Jobs int
	// Repeat runs every case this many times (1 when 0) and reports each
	// case's pass rate; a case that both passed and failed is flaky.
	Repeat int
	// Model is the model mode: off (default), live, record or replay.
	Model string
	// Rules are the conversation-level rules to check (AllRules when nil).
	Rules []string
	// ProbeButtons clicks every offered button of every resting snapshot
	// of every scenario on a fresh replay (RuleButtons' second half).
	ProbeButtons bool
	// ModelPath is the model path of the live, record and replay modes
	// (required there, refused with off): the router's classifier stage
	// and the agent's parse and slots stages use it.
	ModelPath *modelpath.Path
	// NoLocalClassifier leaves the router's classifier stage out when no
	// model is the classifier (to measure the rules alone); by default the
	// local n-gram classifier is stage 3, as in the embedded default.
	NoLocalClassifier bool
}

// Runner runs suites.
type Runner struct {
	opts      Options
	router    *router.Router
	validator *contract.Validator
	agent     *agent.Agent
	rules     ruleSet
}

// NewRunner builds what the options leave out.
func NewRunner(ctx context.Context, opts Options) (*Runner, error) {
	switch opts.Model {
	case "", ModelOff:
		opts.Model = ModelOff
		if opts.ModelPath != nil {
			return nil, fmt.Errorf("%w: a model path was given with --model off", ErrModelMode)
		}
	case ModelLive, ModelRecord, ModelReplay:
		if opts.ModelPath == nil {
			return nil, fmt.Errorf("%w: --model %s needs a model configuration (SEARCHAGENT_CHAT_MODEL and OPENAI_BASE_URL or cassettes; README \"Use a model\")", ErrModelMode, opts.Model)
		}
	default:
		return nil, fmt.Errorf("%w: unknown model mode %q (off, live, record, replay)", ErrModelMode, opts.Model)
	}
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if opts.Repeat <= 0 {
		opts.Repeat = 1
	}
	r := &Runner{opts: opts, router: opts.Router, validator: opts.Validator, agent: opts.Agent}
	var err error
	if r.router == nil {
		// The embedded default: the local classifier is stage 3 unless
		// the model is.
		var ropts []router.Option
		if !opts.NoLocalClassifier {
			ropts = append(ropts, router.WithDefaultLocalClassifier())
		}
		if mp := opts.ModelPath; mp != nil && mp.Stages().Classifier {
			ropts = append(ropts, router.WithClassifier(mp.Classifier()))
		}
		if r.router, err = router.Default(ropts...); err != nil {
			return nil, err
		}
	}
	if r.validator == nil {
		if r.validator, err = contract.New(); err != nil {
			return nil, err
		}
	}
	rules := opts.Rules
	if rules == nil {
		rules = AllRules
	}
	r.rules.on = map[string]bool{}
	for _, name := range rules {
		known := false
		for _, k := range AllRules {
			known = known || k == name
		}
		if !known {
			return nil, fmt.Errorf("unknown rule %q (known: %v)", name, AllRules)
		}
		r.rules.on[name] = true
	}
	if opts.ProbeButtons {
		r.rules.probe = r.probeButtons
	}
	return r, nil
}

var (
	demoOnce  sync.Once
	demoStore *memstore.Store
	demoErr   error
)

// DemoAgent is an agent on the demo catalog (built once per process) with
// the catalog's fixed reference time, in-memory sessions, the given
// router and validator, and the model path mp (nil: no model); opts
// adjust the configuration last (e.g. the executor's test mode).
func DemoAgent(ctx context.Context, r *router.Router, v *contract.Validator, mp *modelpath.Path, opts ...func(*agent.Config)) (*agent.Agent, error) {
	demoOnce.Do(func() {
		cat, err := demo.Catalog(demo.WithNow(demo.DefaultNow()))
		if err != nil {
			demoErr = err
			return
		}
		emb, err := embed.NewHashing()
		if err != nil {
			demoErr = err
			return
		}
		demoStore, demoErr = memstore.New(ctx, cat, emb)
	})
	if demoErr != nil {
		return nil, demoErr
	}
	now := demo.DefaultNow()
	cfg := agent.Config{Store: demoStore, Sessions: sessions.NewMemory(), Router: r, Validator: v,
		Now: func() time.Time { return now }, Logger: slog.New(slog.DiscardHandler), ModelPath: mp}
	for _, o := range opts {
		o(&cfg)
	}
	return agent.New(cfg)
}

// caseRun is one run of one case.
type caseRun struct {
	failures    []string
	decision    string
	trace       any
	route       *routeOutcome
	contract    *contractOutcome
	turns       []turnView
	transitions []transitionSeen
	steps       []stepSeen
	branches    []string
	slots       ModelSlots
	dur         time.Duration
	// evidence is what decided the case (evidence, sessionEvidence) and
	// turnLines a scenario's decisions: kept for every case, so a
	// baseline diff says what changed and why.
	evidence  []string
	turnLines []string
}

type transitionSeen struct {
	ActionID string
	Event    string
	From     any
	Substate string
}

type stepSeen struct {
	Step string
	MS   float64
}

func (r *Runner) runOnce(ctx context.Context, c *Case) (run caseRun) {
	start := time.Now()
	defer func() {
		if p := recover(); p != nil {
			run = caseRun{failures: []string{fmt.Sprintf("panic: %v", p)}}
		}
		run.dur = time.Since(start)
	}()
	switch {
	case c.Route != nil:
		return r.runRoute(ctx, c)
	case c.Contract != nil:
		return r.runContract(c)
	default:
		return r.runScenario(ctx, c)
	}
}

// Run runs every case of the suites (Jobs at a time, Repeat times each)
// and reports in a fixed order: suites as given, cases as written. The
// demo agent is built only when a scenario suite needs it.
func (r *Runner) Run(ctx context.Context, suites []*Suite) (*Report, error) {
	for _, s := range suites {
		if s.Kind == KindScenario && r.agent == nil {
			a, err := DemoAgent(ctx, r.router, r.validator, r.opts.ModelPath)
			if err != nil {
				return nil, fmt.Errorf("scenario agent: %w", err)
			}
			r.agent = a
		}
	}
	type job struct{ si, ci int }
	var jobs []job
	results := make([][]CaseResult, len(suites))
	runs := make([][][]caseRun, len(suites))
	for si, s := range suites {
		results[si] = make([]CaseResult, len(s.Cases))
		runs[si] = make([][]caseRun, len(s.Cases))
		for ci := range s.Cases {
			jobs = append(jobs, job{si, ci})
		}
	}
	ch := make(chan job)
	var wg sync.WaitGroup
	for range min(r.opts.Jobs, max(len(jobs), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				c := &suites[j.si].Cases[j.ci]
				if c.SkipReason != "" {
					continue
				}
				for range r.opts.Repeat {
					if ctx.Err() != nil {
						break
					}
					runs[j.si][j.ci] = append(runs[j.si][j.ci], r.runOnce(ctx, c))
				}
			}
		}()
	}
	for _, j := range jobs {
		ch <- j
	}
	close(ch)
	wg.Wait()
	rep := &Report{Model: r.opts.Model, Repeat: r.opts.Repeat, Rules: r.ruleNames()}
	for si, s := range suites {
		for ci := range s.Cases {
			results[si][ci] = caseResult(s, &s.Cases[ci], runs[si][ci])
		}
	}
	rep.build(suites, results, runs)
	for _, s := range suites {
		if s.Kind == KindRoute {
			rep.SpecExamples = specExamples(r.router.Snapshot())
			break
		}
	}
	return rep, nil
}

// specExamples routes the snapshot's spec examples (router.LintExamples):
// a spec edit that loses its own example fails the eval as it fails lint.
func specExamples(snap *router.Snapshot) *SpecExamples {
	se := &SpecExamples{Examples: snap.ExampleCount()}
	for _, is := range router.LintExamples(snap) {
		se.Misroute = append(se.Misroute, is.SpecID+": "+is.Message)
	}
	return se
}

func (r *Runner) ruleNames() []string {
	var out []string
	for _, name := range AllRules {
		if r.rules.on[name] {
			out = append(out, name)
		}
	}
	return out
}
