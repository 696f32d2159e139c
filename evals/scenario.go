package evals

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"searchagent/agent"
	"searchagent/api"
)

// ScenarioCase is a session scripted from creation: a platform, a locale
// and a list of events, each with what must hold after it.
type ScenarioCase struct {
	Name     string         `yaml:"name"`
	Platform string         `yaml:"platform"`
	Locale   string         `yaml:"locale"`
	Steps    []ScenarioStep `yaml:"steps"`
}

// ScenarioStep is one client event and its expectations.
type ScenarioStep struct {
	Event string `yaml:"event"`
	// Args are the event's arguments (api.Args by their JSON names).
	Args   map[string]any `yaml:"args"`
	Expect *Expect        `yaml:"expect"`
}

// Expect is what must hold after a step. Empty fields are not checked.
type Expect struct {
	// Refused expects the event to be refused with this error code
	// ("not_allowed", "bad_text", …) and the session unchanged.
	Refused  string     `yaml:"refused"`
	State    *StateWant `yaml:"state"`
	Scene    string     `yaml:"scene"`
	Substate string     `yaml:"substate"`
	// Reaches lists sub-states that must appear during the turn (as the
	// resting snapshot or a transient transition).
	Reaches    []string        `yaml:"reaches"`
	Actions    *ActionsWant    `yaml:"actions"`
	Results    *ResultsWant    `yaml:"results"`
	Slots      *SlotsWant      `yaml:"slots"`
	Router     *RouterWant     `yaml:"router"`
	Conditions *ConditionsWant `yaml:"conditions"`
	// Notice, when set, must be contained in the context's notice.
	Notice string `yaml:"notice"`
	// NoticeAbsent lists texts the notice must not contain (a part the
	// chips show as read is not also said to be unread).
	NoticeAbsent []string `yaml:"notice_absent"`
	// Fires lists registry actions that must fire during the turn (a
	// transition event with that action id, reaching To when set).
	Fires []FireWant `yaml:"fires"`
}

// FireWant is a transition that must happen during a turn.
type FireWant struct {
	Action string `yaml:"action"`
	// To is the target triple "input/container/session".
	To string `yaml:"to"`
}

// StateWant is the state triple; empty layers are not checked.
type StateWant struct {
	Input     string `yaml:"input"`
	Container string `yaml:"container"`
	Session   string `yaml:"session"`
}

// ActionsWant checks the actions offered now, by action id or by event.
type ActionsWant struct {
	Includes []string `yaml:"includes"`
	Excludes []string `yaml:"excludes"`
}

// ResultsWant checks the result list.
type ResultsWant struct {
	// None expects no result list at all.
	None         bool  `yaml:"none"`
	AnchorPinned *bool `yaml:"anchor_pinned"`
	MinTotal     *int  `yaml:"min_total"`
	MaxTotal     *int  `yaml:"max_total"`
	LowRecall    *bool `yaml:"low_recall"`
	Stale        *bool `yaml:"stale"`
	// Every is a list of predicates every listed item must satisfy, e.g.
	// "country == US", "followers between 5000 20000", "followers >= 10000",
	// "language != ja", "category == automotive".
	Every []string `yaml:"every"`
	// Sort is the sort the list must report (followers, avg_views,
	// recent, relevance, similarity); followers, avg_views and recent
	// also check that the items come in that order, highest or newest
	// first.
	Sort string `yaml:"sort"`
	// SortedBy is a count or ratio field of the filter registry the listed
	// items never increase in ("engagement").
	SortedBy string `yaml:"sorted_by"`
}

// SlotsWant checks the output slots: which are present or absent and
// what their texts contain ("status.text", "task_summary",
// "question.text", "actions", "repair_options", "conditions" — the last
// three match any label).
type SlotsWant struct {
	Present  []string          `yaml:"present"`
	Absent   []string          `yaml:"absent"`
	Contains map[string]string `yaml:"contains"`
	Loading  *bool             `yaml:"loading"`
}

// RouterWant checks the router's decision of a follow-up turn.
type RouterWant struct {
	Branch   string   `yaml:"branch"`
	Top      string   `yaml:"top"`
	Commands []string `yaml:"commands"`
}

// ConditionsWant checks the condition graph: each listed condition must
// exist (fields left empty match anything); Absent fields must have no
// condition.
type ConditionsWant struct {
	Includes []ConditionWant `yaml:"includes"`
	Absent   []string        `yaml:"absent"`
}

// ConditionWant matches one condition.
type ConditionWant struct {
	Kind   string `yaml:"kind"`
	Field  string `yaml:"field"`
	Op     string `yaml:"op"`
	Value  any    `yaml:"value"`
	Source string `yaml:"source"`
	Status string `yaml:"status"`
}

func (c *ScenarioCase) check() error {
	if c.Platform == "" {
		return errors.New("scenario needs a platform")
	}
	if len(c.Steps) == 0 {
		return errors.New("scenario has no steps")
	}
	for i, s := range c.Steps {
		if s.Event == "" {
			return fmt.Errorf("step %d has no event", i+1)
		}
		if _, err := s.args(); err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		if s.Expect != nil && s.Expect.Results != nil {
			for _, p := range s.Expect.Results.Every {
				if _, err := parsePredicate(p); err != nil {
					return fmt.Errorf("step %d: %w", i+1, err)
				}
			}
		}
	}
	return nil
}

func (s ScenarioStep) args() (api.Args, error) {
	var a api.Args
	if len(s.Args) == 0 {
		return a, nil
	}
	if err := decodeJSONStrict(s.Args, &a); err != nil {
		return a, fmt.Errorf("args: %w", err)
	}
	return a, nil
}

// turnView is one step as the runner saw it: the snapshot before and
// after, the turn's events, or the refusal.
type turnView struct {
	Step    int
	Event   string
	Args    api.Args
	Before  api.Snapshot
	After   api.Snapshot
	Events  []api.StreamEvent
	Refused *agent.Error
}

// names of the events of a turn.
func (v *turnView) decision() *routerDecision {
	for _, e := range v.Events {
		if e.Name == api.EventRouterDecision {
			var d routerDecision
			if json.Unmarshal(e.Data, &d) == nil {
				return &d
			}
		}
	}
	return nil
}

// routerDecision is the part of a router.decision event the runner reads.
type routerDecision struct {
	Branch string `json:"branch"`
	Top    *struct {
		ID string `json:"id"`
	} `json:"top"`
	Commands []struct {
		Name string         `json:"name"`
		Args map[string]any `json:"args"`
	} `json:"commands"`
}

func (d *routerDecision) top() string {
	if d.Top == nil {
		return ""
	}
	return d.Top.ID
}

func (r *Runner) runScenario(ctx context.Context, c *Case) caseRun {
	sc := c.Scenario
	locale := sc.Locale
	locale = cmp.Or(locale, "zh")
	resp, err := r.agent.CreateSession(ctx, api.CreateSessionRequest{Platform: sc.Platform, Locale: locale})
	if err != nil {
		return caseRun{failures: []string{"create session: " + err.Error()}}
	}
	id, token := resp.SessionID, resp.Token
	snap := resp.Snapshot
	var run caseRun
	for i, st := range sc.Steps {
		args, _ := st.args()
		v := turnView{Step: i + 1, Event: st.Event, Args: args, Before: snap}
		after, err := r.agent.Handle(ctx, id, token, api.EventRequest{Event: st.Event, Args: args}, func(e api.StreamEvent) error {
			v.Events = append(v.Events, e)
			return nil
		})
		prefix := fmt.Sprintf("step %d %s", i+1, st.Event)
		if err != nil {
			var ae *agent.Error
			if !errors.As(err, &ae) {
				run.failures = append(run.failures, fmt.Sprintf("%s: %v", prefix, err))
				break
			}
			v.Refused = ae
			v.After = snap
			if st.Expect == nil || st.Expect.Refused == "" {
				run.failures = append(run.failures, fmt.Sprintf("%s: refused (%s: %s)", prefix, ae.Code, ae.Message))
				break
			}
			if ae.Code != st.Expect.Refused {
				run.failures = append(run.failures, fmt.Sprintf("%s: refused with %s, want %s", prefix, ae.Code, st.Expect.Refused))
			}
			run.turns = append(run.turns, v)
			continue
		}
		v.After = after
		snap = after
		run.turns = append(run.turns, v)
		run.observe(&v)
		if st.Expect != nil {
			if st.Expect.Refused != "" {
				run.failures = append(run.failures, fmt.Sprintf("%s: accepted, want refused with %s", prefix, st.Expect.Refused))
				continue
			}
			for _, f := range st.Expect.check(&v) {
				run.failures = append(run.failures, prefix+": "+f)
			}
		}
	}
	for _, f := range r.rules.check(run.turns) {
		run.failures = append(run.failures, "rule "+f)
	}
	var tr any
	if t, err := r.agent.Trace(ctx, id, token); err == nil {
		tr = t
	}
	run.evidence, run.turnLines = sessionEvidence(tr), turnLines(run.turns)
	// A model call that found no cassette in replay mode fails the case,
	// naming the key (the agent carried on without it; the eval must not).
	for _, miss := range replayMisses(tr) {
		run.failures = append(run.failures, "model replay miss: "+miss)
	}
	run.slots = modelSlotStats(tr)
	if len(run.failures) > 0 {
		run.trace = tr
	}
	return run
}

// observe records the turn's transitions and step durations for the
// coverage grid and latency report.
func (run *caseRun) observe(v *turnView) {
	for _, e := range v.Events {
		switch e.Name {
		case api.EventTransition:
			var t api.Transition
			if json.Unmarshal(e.Data, &t) == nil {
				run.transitions = append(run.transitions, transitionSeen{ActionID: t.ActionID, Event: t.Event, From: t.From, Substate: t.Substate})
			}
		case api.EventStepFinished:
			var s api.Step
			if json.Unmarshal(e.Data, &s) == nil {
				run.steps = append(run.steps, stepSeen{Step: s.Step, MS: s.DurationMS})
			}
		}
	}
	if d := v.decision(); d != nil {
		run.branches = append(run.branches, d.Branch)
	}
}

func (e *Expect) check(v *turnView) []string {
	var f []string
	s := v.After
	if w := e.State; w != nil {
		for _, p := range []struct{ name, got, want string }{
			{"input", s.State.Input, w.Input}, {"container", s.State.Container, w.Container}, {"session", s.State.Session, w.Session},
		} {
			if p.want != "" && p.got != p.want {
				f = append(f, fmt.Sprintf("state.%s = %s, want %s", p.name, p.got, p.want))
			}
		}
	}
	if e.Scene != "" && s.Scene != e.Scene {
		f = append(f, fmt.Sprintf("scene = %s, want %s", s.Scene, e.Scene))
	}
	if e.Substate != "" && s.Substate != e.Substate {
		f = append(f, fmt.Sprintf("substate = %s, want %s", s.Substate, e.Substate))
	}
	if len(e.Reaches) > 0 {
		seen := map[string]bool{s.Substate: true}
		for _, ev := range v.Events {
			if ev.Name == api.EventTransition {
				var t api.Transition
				if json.Unmarshal(ev.Data, &t) == nil {
					seen[t.Substate] = true
				}
			}
		}
		for _, want := range e.Reaches {
			if !seen[want] {
				f = append(f, fmt.Sprintf("sub-state %s not reached during the turn (saw %s)", want, strings.Join(sortedSet(seen), ", ")))
			}
		}
	}
	for _, w := range e.Fires {
		var seen []string
		found := false
		for _, ev := range v.Events {
			if ev.Name != api.EventTransition {
				continue
			}
			var t api.Transition
			if json.Unmarshal(ev.Data, &t) != nil {
				continue
			}
			to := t.To.Input + "/" + t.To.Container + "/" + t.To.Session
			seen = append(seen, t.ActionID+" → "+to)
			if t.ActionID == w.Action && (w.To == "" || w.To == to) {
				found = true
			}
		}
		if !found {
			f = append(f, fmt.Sprintf("action %s → %s did not fire (fired: %s)", w.Action, w.To, strings.Join(seen, "; ")))
		}
	}
	if w := e.Actions; w != nil {
		offered := map[string]bool{}
		for _, a := range s.Actions {
			offered[a.ActionID], offered[a.Event] = true, true
		}
		for _, id := range w.Includes {
			if !offered[id] {
				f = append(f, fmt.Sprintf("action %s not offered (offered: %s)", id, actionList(s.Actions)))
			}
		}
		for _, id := range w.Excludes {
			if offered[id] {
				f = append(f, fmt.Sprintf("action %s offered, want it absent", id))
			}
		}
	}
	if e.Results != nil {
		f = append(f, e.Results.check(s.Results)...)
	}
	if e.Slots != nil {
		f = append(f, e.Slots.check(s)...)
	}
	if w := e.Router; w != nil {
		d := v.decision()
		if d == nil {
			f = append(f, "no router decision in this turn")
		} else {
			if w.Branch != "" && d.Branch != w.Branch {
				f = append(f, fmt.Sprintf("router branch = %s, want %s", d.Branch, w.Branch))
			}
			if w.Top != "" && d.top() != w.Top {
				f = append(f, fmt.Sprintf("router top = %s, want %s", d.top(), w.Top))
			}
			if w.Commands != nil {
				var got []string
				for _, c := range d.Commands {
					got = append(got, c.Name)
				}
				if !slices.Equal(got, w.Commands) {
					f = append(f, fmt.Sprintf("router commands = %v, want %v", got, w.Commands))
				}
			}
		}
	}
	if e.Conditions != nil {
		f = append(f, e.Conditions.check(s.Context.Conditions)...)
	}
	if e.Notice != "" && !strings.Contains(s.Context.Notice, e.Notice) {
		f = append(f, fmt.Sprintf("notice %q does not contain %q", s.Context.Notice, e.Notice))
	}
	for _, no := range e.NoticeAbsent {
		if strings.Contains(s.Context.Notice, no) {
			f = append(f, fmt.Sprintf("notice %q contains %q", s.Context.Notice, no))
		}
	}
	return f
}

func actionList(as []api.AllowedAction) string {
	var ids []string
	for _, a := range as {
		ids = append(ids, a.ActionID)
	}
	return strings.Join(ids, ", ")
}

func sortedSet(m map[string]bool) []string {
	var out []string
	for k := range m {
		if k != "" {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
