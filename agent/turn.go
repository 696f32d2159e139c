package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"searchagent/agent/fsm"
	"searchagent/agent/modelpath"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/llm"
	"searchagent/tools/states"
)

// TurnTrace is the audit trail of one turn (GET …/trace).
type TurnTrace struct {
	Turn       int64        `json:"turn"`
	Event      string       `json:"event"`
	Args       api.Args     `json:"args"`
	StartedAt  time.Time    `json:"started_at"`
	DurationMS float64      `json:"duration_ms"`
	Mode       Mode         `json:"mode"`
	Router     *RouterStage `json:"router,omitempty"`
	// Plan is the router's execution plan as this turn followed it.
	Plan        []PlanTrace       `json:"plan,omitempty"`
	Parse       *condparse.Result `json:"parse,omitempty"`
	Transitions []api.Transition  `json:"transitions"`
	Steps       []StepTrace       `json:"steps"`
	Contract    *ContractTrace    `json:"contract,omitempty"`
	// ModelCalls are the turn's model calls: stage, prompt id, version and
	// rendered hash, tokens, latency, attempts, finish reason, outcome.
	ModelCalls []llm.Call `json:"model_calls,omitempty"`
	// ModelParse is the merge of the model's condition proposal with the
	// deterministic parse (added, rejected, disagreements).
	ModelParse *modelpath.MergeTrace `json:"model_parse,omitempty"`
	// ModelSlots is the slots stage: source, asks, re-asks, first-pass
	// validity, repair tokens.
	ModelSlots *modelpath.SlotsResult `json:"model_slots,omitempty"`
	Notice     string                 `json:"notice,omitempty"`
	Error      string                 `json:"error,omitempty"`
	// Update is the settings a session.update turn changed.
	Update *api.UpdateSessionRequest `json:"update,omitempty"`
}

// branch is the router's branch of the turn as sessions.TraceBranch reads
// it from the encoded trace ("" when the router did not run).
func (tr *TurnTrace) branch() string {
	if tr.Router == nil || tr.Router.Result == nil {
		return ""
	}
	return string(tr.Router.Result.Branch)
}

// RouterStage is the router's result and explain trace for a follow-up.
type RouterStage struct {
	// Input is the router's whole input (text, state, turn, pending
	// expectations, conditions, locale, platform; the trace carries the
	// specs' snapshot revision) and Stages the stages
	// it ran: POST /v1/route/explain with the same input and stages
	// returns this Result and Trace byte for byte (issue 30 item 4).
	Input  router.Input   `json:"input"`
	Stages string         `json:"stages"`
	Result *router.Result `json:"result"`
	Trace  *router.Trace  `json:"trace"`
	// Overruled says why the agent did not follow a local-classifier
	// guard hit (the router's own trace stays as the router made it).
	Overruled string `json:"overruled,omitempty"`
	// Outcome is what the turn did with the decision, so that the trace
	// never reads as if nothing ran while the search changed (a fallback
	// with should_execute false whose text the condition reading applied):
	// one of the Outcome* values.
	Outcome string `json:"outcome,omitempty"`
	// OutcomeNote says it in words.
	OutcomeNote string `json:"outcome_note,omitempty"`
}

// What a follow-up turn did with the router's decision (RouterStage.Outcome).
const (
	// OutcomeCommands: the router's commands were carried out (with the
	// condition reading of the same text merged after them).
	OutcomeCommands = "router_commands"
	// OutcomeReading: the router did not decide (fallback, ambiguous, an
	// overruled local-classifier guard hit, a rewrite after a refusal) and
	// the deterministic condition reading of the text was applied.
	OutcomeReading = "condition_reading"
	// OutcomeGuard: a guard refused the request (the session lands in
	// unsupported).
	OutcomeGuard = "guard_refusal"
	// OutcomeRefused: nothing changed; the notice says what is missing.
	OutcomeRefused = "refused"
	// OutcomeEdits: the agent read every clause as an edit of the search
	// held (sessionedits.go: keep-only, an exclusion let back in, a
	// reversed sort, a result rejected by position, a bound moved by an
	// amount); the router's decision of the whole text was not carried
	// out.
	OutcomeEdits = "session_edits"
)

// The router stages a turn runs, as RouterStage.Stages and the explain
// request's stages name them.
const (
	StagesAll       = "all"       // Router.Explain: a follow-up
	StagesSubmitted = "submitted" // Router.ExplainSubmitted: a first search's guard check, local classifier installed
	StagesRules     = "rules"     // Router.ExplainRules: the guard check without the local classifier
)

// StepTrace is one tool call of a turn.
type StepTrace struct {
	Step       string    `json:"step"`
	StartedAt  time.Time `json:"started_at"`
	DurationMS float64   `json:"duration_ms"`
	OK         bool      `json:"ok"`
	Detail     any       `json:"detail,omitempty"`
	Error      string    `json:"error,omitempty"`
}

// ContractTrace is the contract check of the turn's slots.
type ContractTrace struct {
	State      string               `json:"state"`
	Schema     string               `json:"schema"`
	Substate   string               `json:"substate"`
	Source     string               `json:"source"`
	Valid      bool                 `json:"valid"`
	Violations []contract.Violation `json:"violations"`
}

// turn is one event being handled.
type turn struct {
	a       *Agent
	ctx     context.Context
	s       *Session
	version int64
	client  func(api.StreamEvent) error
	// log is the turn's events, numbered after seq0, committed with the
	// turn in one transaction (or dropped when it fails).
	log  []sessions.Event
	seq0 int64
	// results is the encoding of the results event this turn emitted, for
	// the session snapshot to reuse (resultsOf is what was encoded).
	results    json.RawMessage
	resultsOf  *api.Results
	trace      TurnTrace
	now        time.Time
	tagsBefore []contract.Tag
	// dropped are the frame words the parse left out this turn; the
	// notice names them, quoted, and the contract check knows them as
	// the user's words.
	dropped []string
	// persist is false for the render of a session being created.
	persist bool
	// clientGone is set when the client's emit failed: the turn stops its
	// work (nothing more is computed for nobody) and persists no change.
	clientGone bool
	// searched says the turn fetched results (a results event follows).
	searched bool
	ev       fsm.Event
	args     api.Args
	// the first action and what the event asks beyond it
	first *fsm.Action
	facts fsm.Facts
	plan  plan
	// ledger is the turn's model ledger (nil without a model path).
	ledger *llm.Turn
	// did lists router plan steps carried out by neither a step nor a
	// transition (widening outside a repair).
	did []string
	// shapeOf is the last text the turn classified and its shape: a
	// submitted text is read by several of the turn's steps (its
	// preparation, the tag check, the action), each asking the same.
	shapeOf classified
}

// classified is a text's classify result.
type classified struct {
	text   string
	shape  fsm.Shape
	hasURL bool
	ok     bool
}

// plan is what an event does beyond its first transition.
type plan struct {
	text          string            // text to classify and parse (search.submit, switch to NL, new task)
	parse         *condparse.Result // the parse of text
	anchorURL     string            // a URL to resolve into the anchor
	commands      []router.Command  // router commands to apply (follow-ups)
	unsupported   string            // guard reason: the turn lands in unsupported
	alternative   string            // the refused guard family's safe alternative search, if it has one
	notice        string            // a refusal or explanation for the status line
	answer        *QuestionOption   // the chosen clarifying option
	relax         *Relaxation       // the repair chosen
	reset         bool              // new_task: reset before the new search
	widen, narrow bool
	// unrelaxable: a widening asked on an empty result that no single
	// relaxation can fill; refused unless the same follow-up says the
	// edits that widen it ("再放宽一点 德国的也要 粉丝最少两万就行").
	unrelaxable bool
	// formats are the category codes a follow-up's content format named
	// that rank instead, beside the category held (formatsBesideHeld).
	formats []string
	// lifts take held counts' ends away (liftBound), after the commands
	// and the reading of the same follow-up ("门槛去掉，上限十万").
	lifts   []router.Command
	rewrite bool // a fresh description after an unsupported request
	// sort is a sort said in words (condparse.Read): the results' sort
	// key the turn sets, as results.sort would.
	sort string
	// ascending is a sort key said lowest first ("从少到多"): no sort
	// runs that way, so it is named, not applied.
	ascending string
	// unsorted is a measure a sort said in words asked for that no sort
	// orders by ("order by likes"): the notice names it and the sorts
	// there are, and nothing else changes for it.
	unsorted string
	// reading holds the conditions the condition reading found in a
	// follow-up that no router command covers (reading.go): merged
	// after the commands, so a compound follow-up applies every part.
	reading *condparse.Result
	// reask is the open question a follow-up that did not answer it
	// leaves open: it is asked again, not replaced (001 §4.5).
	reask *Question
	// wish says the whole follow-up is a hedged wish: the filters its
	// commands add are soft references (spec 3.7.5).
	wish bool
	// notes are said once the follow-up is applied: the step a vague
	// size took (stepVagueSize), the part a self-correction withdrew
	// (correctedTail).
	notes []string
	// edits are the session edits the follow-up's clauses were read as
	// (sessionedits.go), for the trace; editsOnly says they were all of
	// it (no clause was left to route).
	edits     []string
	editsOnly bool
	// undo: the follow-up withdraws the last change (undo.go); the
	// search held before it is put back before anything else applies.
	undo bool
	// restore are the fields a follow-up puts back by name ("put the
	// country back", retract.go); retracted is the search a first
	// search held before it took back a bound it stated itself.
	restore   []string
	retracted *Held
	// retractedMsg: the follow-up took back a change of its own; when
	// nothing else changed the notice says the conditions stay.
	retractedMsg bool
	// page: the follow-up asks for the next page of results (turnPage);
	// startOver: a new search that keeps the conditions it names
	// (restoreKept).
	page      bool
	startOver *startOver
}

func (a *Agent) newTurn(ctx context.Context, s *Session, version int64, client func(api.StreamEvent) error) *turn {
	now := a.cfg.Now()
	t := &turn{a: a, ctx: ctx, s: s, version: version, client: client, now: now, persist: client != nil || version > 0}
	t.trace = TurnTrace{Turn: s.Turn, StartedAt: now, Mode: a.mode, Transitions: []api.Transition{}, Steps: []StepTrace{}}
	for _, tg := range s.Tags {
		t.tagsBefore = append(t.tagsBefore, tg.Tag)
	}
	return t
}

// emit adds an event to the turn's log, which the turn commits whole, and
// sends it to the client at once, marked pending (no other reader sees it
// before the commit).
func (t *turn) emit(name string, data any) error {
	if !t.persist {
		return nil
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("encode %s: %w", name, err)
	}
	t.emitRaw(name, raw)
	return nil
}

// emitResults emits the session's results and keeps their encoding: the
// snapshot committed with the turn carries the same bytes (encoding the
// results is most of encoding a session).
func (t *turn) emitResults() error {
	if !t.persist {
		return nil
	}
	raw, err := t.a.channels.encodeResults(t.s.Results)
	if err != nil {
		return fmt.Errorf("encode %s: %w", api.EventResults, err)
	}
	t.emitRaw(api.EventResults, raw)
	t.results, t.resultsOf = raw, t.s.Results
	return nil
}

// encodedResults is the encoding of the session's results when this turn
// emitted them, else nil.
func (t *turn) encodedResults() json.RawMessage {
	if t.resultsOf == nil || t.resultsOf != t.s.Results {
		return nil
	}
	return t.results
}

// emitRaw logs an encoded event and gives it to the client, pending.
func (t *turn) emitRaw(name string, raw json.RawMessage) {
	e := sessions.Event{SessionID: t.s.ID, Seq: t.seq0 + int64(len(t.log)) + 1, Turn: t.s.Turn, Name: name, Data: raw, At: t.a.cfg.Now()}
	t.log = append(t.log, e)
	se := toStream(e)
	se.Pending = true
	t.send(se)
}

// send gives an event to the client, unless it is gone.
func (t *turn) send(se api.StreamEvent) {
	if t.client != nil && !t.clientGone {
		if err := t.client(se); err != nil {
			t.clientGone = true
		}
	}
}

func toAPIState(s fsm.State) api.State {
	return api.State{Input: string(s.Input), Container: string(s.Container), Session: string(s.Session)}
}

// apply fires an action: the state (and origin) change, the trace entry of
// seed 000 §8.5.1 and a transition event with the scene and sub-state.
func (t *turn) apply(a *fsm.Action) error {
	from := t.s.State
	to, origin := a.To.Apply(from, t.s.Origin)
	t.s.State, t.s.Origin = to, origin
	sub := fsm.Substate(to, t.s.facts())
	tr := api.Transition{
		FromState: from.String(), ActionID: a.ID, ToState: to.String(), Timestamp: t.a.cfg.Now(),
		Event: string(a.Event), Guard: a.GuardName(), From: toAPIState(from), To: toAPIState(to),
		Scene: string(sub.Scene), Substate: sub.ID, Transient: to.Transient(),
	}
	t.trace.Transitions = append(t.trace.Transitions, tr)
	t.a.cfg.Observer.Transition(a.ID)
	return t.emit(api.EventTransition, tr)
}

// system resolves and applies a system event.
func (t *turn) system(e fsm.Event) error {
	a, err := t.a.reg.Resolve(t.s.State, e, t.s.facts())
	if err != nil {
		return fmt.Errorf("system event %s in %s: %w", e, t.s.State, err)
	}
	return t.apply(a)
}

// step runs fn as a named step with step.started / step.finished events.
func (t *turn) step(name string, fn func() (detail any, err error)) error {
	if t.clientGone {
		return context.Canceled
	}
	if err := t.emit(api.EventStepStarted, api.Step{Step: name}); err != nil {
		return err
	}
	startedAt, start := t.a.cfg.Now(), time.Now()
	detail, err := fn()
	d := time.Since(start)
	st := StepTrace{Step: name, StartedAt: startedAt, DurationMS: ms(d), OK: err == nil, Detail: detail}
	ev := api.Step{Step: name, Status: "ok", DurationMS: ms(d), Detail: detail}
	if err != nil {
		st.Error = err.Error()
		ev.Status, ev.Error = "error", userSafe(err).in(t.s.zh())
	}
	t.trace.Steps = append(t.trace.Steps, st)
	t.a.cfg.Observer.Step(name, err == nil, d)
	if e := t.emit(api.EventStepFinished, ev); e != nil {
		return e
	}
	return err
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// userSafe is the text of an error that may reach the search box.
func userSafe(err error) text {
	var ae *Error
	if errors.As(err, &ae) {
		return text{ae.In("zh"), ae.In("en")}
	}
	return text{"这一步执行失败", "the step failed"}
}

// facts is the flat view of the session the registry's guards read.
func (s *Session) facts() fsm.Facts {
	f := fsm.Facts{
		Tags: len(s.Tags), HasAnchor: s.Anchor.Resolved(), PendingQuestion: s.Question != nil,
		RepairReason: s.RepairReason, HintVisible: s.HintVisible, Origin: s.Origin,
		OnlyExplicit: s.onlyExplicit(), SoftPending: s.softPending(), MenuOpen: s.MenuOpen,
		Relaxable: slices.ContainsFunc(s.Relaxations, func(r Relaxation) bool { return r.ActionID == "A_REPAIR_EXPAND_RECALL_SCOPE" }),
	}
	if r := s.Results; r != nil {
		f.HasResults, f.MoreResults = len(r.Items) > 0, r.NextCursor != ""
	}
	draft := s.Draft
	if s.State.Input == states.DraftFollowup {
		draft = s.FollowupDraft
	}
	f.Draft, f.DraftHasURL = classify(draft)
	return f
}

// classify is classify(text) for the turn, read once per text: the
// analysis is a function of the text alone, and a submission's steps ask
// it three or four times (8% of the embedded service's CPU at 50 users).
func (t *turn) classify(text string) (fsm.Shape, bool) {
	if t.shapeOf.ok && t.shapeOf.text == text {
		return t.shapeOf.shape, t.shapeOf.hasURL
	}
	shape, hasURL := classify(text)
	t.shapeOf = classified{text: text, shape: shape, hasURL: hasURL, ok: true}
	return shape, hasURL
}

// classify reads free text as a shape (spec 3.7.1).
func classify(text string) (fsm.Shape, bool) {
	if text == "" {
		return fsm.ShapeNone, false
	}
	res, err := condparse.Parse(text)
	if err != nil {
		return fsm.Shape(condparse.Classify(text)), false
	}
	hasURL := false
	for _, c := range res.Conditions {
		if c.Kind == condition.KindAnchor && (c.Field == condition.URL || c.Field == condition.Handle) {
			hasURL = true
		}
	}
	return fsm.Shape(res.Shape), hasURL
}

// Handle runs one turn: the event is resolved to a registered action (or
// refused with 409 and what is allowed now), applied, the tools run as
// steps until the session lands in a stable or repair state, the slots are
// rendered and checked against the contract, and everything is persisted.
// emit receives every event of the turn as it happens.
func (a *Agent) Handle(ctx context.Context, id, token string, req api.EventRequest, emit func(api.StreamEvent) error) (api.Snapshot, error) {
	return a.handle(ctx, id, token, req, emit, true)
}

// Stream runs one turn as Handle does for a client that reads only its
// events (a streamed turn: turn.done carries the state and version): the
// session's snapshot, which Handle builds after the commit, is not built.
func (a *Agent) Stream(ctx context.Context, id, token string, req api.EventRequest, emit func(api.StreamEvent) error) error {
	_, err := a.handle(ctx, id, token, req, emit, false)
	return err
}

// handle is Handle; the snapshot is built only when withSnapshot.
func (a *Agent) handle(ctx context.Context, id, token string, req api.EventRequest, emit func(api.StreamEvent) error, withSnapshot bool) (_ api.Snapshot, err error) {
	defer a.localize(id, &err)
	ev := fsm.Event(req.Event)
	if req.Event == "" {
		return api.Snapshot{}, badRequest("missing_event", both("请求体缺少事件名（event）", "the body needs an event name"), nil)
	}
	if !fsm.IsUserEvent(ev) {
		var names []string
		for _, e := range fsm.UserEvents {
			names = append(names, string(e))
		}
		return api.Snapshot{}, badRequest("unknown_event", both(fmt.Sprintf("未知的事件「%s」：请用 details.events 中的一个", clip(req.Event, 40)),
			fmt.Sprintf("unknown event %q: use one of details.events", clip(req.Event, 40))), map[string]any{"events": names})
	}
	if err := checkArgs(req.Args); err != nil {
		return api.Snapshot{}, err
	}
	mu := a.lock(id)
	mu.Lock()
	defer mu.Unlock()
	w, rec, s, err := a.writable(ctx, id, token)
	if err != nil {
		return api.Snapshot{}, err
	}
	defer w.Release()
	start := time.Now()
	s.Turn++
	var ledger *llm.Turn
	if mp := a.cfg.ModelPath; mp != nil {
		var cancel context.CancelFunc
		ctx, ledger, cancel = mp.Client().StartTurn(ctx)
		defer cancel()
	}
	t := a.newTurn(ctx, s, rec.Version, emit)
	t.ledger = ledger
	t.persist = true
	t.seq0 = rec.LastSeq
	t.ev, t.args = ev, req.Args
	t.trace.Event, t.trace.Args = req.Event, req.Args
	if err := t.prepare(); err != nil {
		a.cfg.Observer.Turn(req.Event, false, time.Since(start))
		return api.Snapshot{}, err
	}
	runErr := t.run()
	if t.ledger != nil {
		t.trace.ModelCalls = t.ledger.Calls()
	}
	if t.clientGone && runErr == nil {
		runErr = context.Canceled
	}
	runErr = stopCause(ctx, runErr)
	if runErr != nil {
		a.cfg.Logger.Warn("turn failed", "session", id, "event", req.Event, "err", runErr)
		return api.Snapshot{}, t.fail(w, start, runErr)
	}
	return t.commit(w, rec, start, withSnapshot)
}

// commit writes the turn: the session, its events with turn.done last
// and its trace in one transaction; a failed commit is the turn's
// turn.error (fail). The client gets turn.done only once it committed.
// The session's snapshot is returned when withSnapshot.
func (t *turn) commit(w sessions.Writer, rec sessions.Record, start time.Time, withSnapshot bool) (api.Snapshot, error) {
	a, s, ctx, id := t.a, t.s, t.ctx, t.s.ID
	t.trace.DurationMS = ms(time.Since(start))
	snap, err := s.encode(t.encodedResults())
	if err != nil {
		return api.Snapshot{}, t.fail(w, start, newError(ErrInternal, "internal", both("无法保存会话，请稍后重试", "could not save the session"), nil, err))
	}
	// turn.done is the turn's last event, committed with it: it carries
	// the state and version that the commit makes true.
	sub := fsm.Substate(s.State, s.facts())
	done, _ := json.Marshal(api.TurnDone{Turn: s.Turn, State: toAPIState(s.State), Scene: string(sub.Scene), Substate: sub.ID, Version: rec.Version + 1, OK: true})
	t.log = append(t.log, sessions.Event{SessionID: id, Seq: t.seq0 + int64(len(t.log)) + 1, Turn: s.Turn, Name: api.EventTurnDone, Data: done, At: a.cfg.Now()})
	traceRaw, _ := json.Marshal(t.trace)
	newRec, evs, err := w.Commit(context.WithoutCancel(ctx), rec.Version, snap, t.log, &sessions.Turn{Turn: s.Turn, Trace: traceRaw, State: storeState(s.State), Branch: t.trace.branch(), BranchKnown: true})
	if err != nil {
		return api.Snapshot{}, t.fail(w, start, commitError(err))
	}
	a.results.keep(id, t.encodedResults(), s.Results)
	t.send(toStream(evs[len(evs)-1]))
	a.cfg.Observer.Turn(t.trace.Event, true, time.Since(start))
	a.cfg.Logger.Info("turn", "session", id, "event", t.trace.Event, "state", s.State.String(), "substate", sub.ID, "ms", ms(time.Since(start)))
	if !withSnapshot {
		return api.Snapshot{}, nil
	}
	return a.snapshot(s, newRec.Version, false), nil
}

// commitError is the answer when a turn's commit fails.
func commitError(err error) error {
	switch {
	case errors.Is(err, sessions.ErrConflict):
		return newError(ErrConflict, "conflict", both("会话已被并发修改，请刷新后重试", "the session changed concurrently; reload and retry"), nil, err)
	case errors.Is(err, sessions.ErrUnavailable):
		return newError(ErrUnavailable, "unavailable", both("会话存储暂时不可用，本轮未生效，请稍后重试", "the session store is unavailable; nothing of this turn took effect, retry later"),
			map[string]int{"retry_after_seconds": RetryAfterSeconds}, err)
	}
	return newError(ErrInternal, "internal", both("无法保存会话，请稍后重试", "could not save the session"), nil, err)
}

// writable takes the session's writer lock for a turn (the caller holds
// the in-process lock) and returns the committed record and session: the
// token checked, the session open (not replaced) and below its turn
// limit, with s.Turn the last committed turn. The caller releases w.
func (a *Agent) writable(ctx context.Context, id, token string) (sessions.Writer, sessions.Record, *Session, error) {
	w, err := a.lockChecked(ctx, id, token)
	if err != nil {
		return nil, sessions.Record{}, nil, err
	}
	// The snapshot is decoded once, from the record read under the lock.
	rec, err := w.Get(ctx)
	var s *Session
	if err == nil {
		if err = authorize(rec, token); err == nil {
			s, err = a.decode(rec)
		}
	} else {
		err = newError(ErrInternal, "internal", both("无法读取会话，请稍后重试", "could not read the session"), nil, err)
	}
	if err == nil && rec.Closed() {
		err = newError(ErrGone, "gone", both("本会话已被新会话取代", "a newer session replaced this one"), map[string]string{"closed_by": rec.ClosedBy}, nil)
	}
	if err == nil {
		// Turn numbers come from the committed session and never repeat: a
		// failed turn changes nothing but its turn.error and the number.
		s.Turn = max(s.Turn, rec.LastTurn)
		if max := a.cfg.MaxTurns; max > 0 && s.Turn >= int64(max) {
			err = newError(ErrConflict, "session_full",
				both("本会话的轮次已达上限，请新建会话", "this session has reached its turn limit; start a new session"),
				map[string]int{"max_turns": max}, nil)
		}
	}
	if err != nil {
		w.Release()
		return nil, sessions.Record{}, nil, err
	}
	return w, rec, s, nil
}

// lockChecked checks the token and takes the session's writer lock: a
// caller without the token never holds the lock, and a turn that another
// instance is running refuses this one before it runs (one writer per
// session across instances). A store that checks the token as it locks
// (sessions.TokenLocker: one round trip on PostgreSQL) does both at once;
// otherwise the session's head is read first.
func (a *Agent) lockChecked(ctx context.Context, id, token string) (sessions.Writer, error) {
	tl, ok := a.cfg.Sessions.(sessions.TokenLocker)
	if !ok || token == "" || !validSessionID(id) {
		first, err := a.record(ctx, id, token)
		if err != nil {
			return nil, err
		}
		w, err := a.cfg.Sessions.Lock(ctx, id)
		if err != nil {
			return nil, lockError(err, zhLocale(recordLocale(first)))
		}
		return w, nil
	}
	w, rec, err := tl.LockToken(ctx, id, hashToken(token))
	switch {
	case err == nil:
		a.rememberLocale(id, recordLocale(rec))
		return w, nil
	case errors.Is(err, sessions.ErrNotFound):
		_, err = a.checked(id, token, rec, err)
		return nil, err
	case errors.Is(err, sessions.ErrWrongToken):
		// The record's hash is not the token's: checked answers 403.
		_, err = a.checked(id, token, rec, nil)
		return nil, err
	}
	if rec.ID != "" {
		a.rememberLocale(id, recordLocale(rec))
	}
	return nil, lockError(err, zhLocale(recordLocale(rec)))
}

// fail ends a turn that commits nothing: the session stays as it was, and
// the log gets the turn's turn.error alone (its own small transaction,
// with the turn's trace), which the client receives with its id. It
// returns the error Handle answers with; the turn.error carries the same
// code.
func (t *turn) fail(w sessions.Writer, start time.Time, runErr error) error {
	t.trace.Error = runErr.Error()
	t.trace.DurationMS = ms(time.Since(start))
	out := inLocale(turnFailure(runErr), t.s.Locale).(*Error)
	t.a.cfg.Observer.Turn(string(t.ev), false, time.Since(start))
	data, _ := json.Marshal(api.ErrorBody{Error: api.ErrorInfo{Code: out.Code, Message: out.In(out.Locale), Details: out.Details}})
	traceRaw, _ := json.Marshal(t.trace)
	ev, err := w.Fail(context.WithoutCancel(t.ctx), sessions.Event{SessionID: t.s.ID, Turn: t.s.Turn, Name: api.EventTurnError, Data: data, At: t.a.cfg.Now()},
		&sessions.Turn{Turn: t.s.Turn, Trace: traceRaw, Branch: t.trace.branch(), BranchKnown: true})
	if err != nil {
		// The log cannot take it either (the database is away): the
		// streaming client still gets a turn.error, made by the server.
		t.a.cfg.Logger.Warn("turn.error not logged", "session", t.s.ID, "turn", t.s.Turn, "err", err)
		return out
	}
	t.send(toStream(ev))
	return out
}

// turnFailure is the answer of a turn that failed with runErr: a client
// error or an unavailable tool keeps its kind; anything else is 500
// turn_failed with a user-safe text (the cause stays in the trace).
func turnFailure(runErr error) *Error {
	msg := userSafe(runErr)
	if errors.Is(runErr, context.Canceled) {
		msg = text{"客户端已断开：本轮已停止，没有任何改变", "the client went away; the turn was stopped and nothing changed"}
	}
	var ae *Error
	switch {
	case errors.As(runErr, &ae) && !errors.Is(ae, ErrInternal):
		return ae
	case errors.As(runErr, &ae) && ae.Code != "" && ae.Code != "internal":
		return newError(ErrInternal, ae.Code, text{ae.In("zh"), ae.In("en")}, nil, runErr)
	}
	return newError(ErrInternal, "turn_failed", msg, nil, runErr)
}

// lockError is the answer when the session's writer lock cannot be had.
func lockError(err error, zh bool) error {
	switch {
	case errors.Is(err, sessions.ErrBusy):
		return newError(ErrConflict, "busy",
			both("本会话正在执行另一轮操作，请稍后重试", "this session is running another turn; retry in a moment"), nil, err)
	case errors.Is(err, sessions.ErrNotFound):
		return newError(ErrNotFound, "not_found", both("没有这个会话", "no session with this id"), nil, err)
	case errors.Is(err, sessions.ErrUnavailable):
		return newError(ErrUnavailable, "unavailable", both("会话存储暂时不可用，请稍后重试", "the session store is unavailable; retry later"),
			map[string]int{"retry_after_seconds": RetryAfterSeconds}, err)
	}
	return newError(ErrInternal, "internal", both("无法锁定会话，请稍后重试", "could not lock the session"), nil, err)
}
