package agent

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/agent/fsm"
	"searchagent/agent/modelpath"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/tools/llm"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// Limits on what a client may send.
const (
	// MaxTextBytes is the longest text an event may carry (413 beyond).
	MaxTextBytes = 4096
	// MaxTags is the most keyword tags a session may hold.
	MaxTags = 20
	// RetryAfterSeconds is what a 503 overloaded tells the client to wait.
	RetryAfterSeconds = 5
)

// Config wires the agent to its tools. Store, Sessions, Router and
// Validator are required.
type Config struct {
	Store     store.Store
	Sessions  sessions.Store
	Router    *router.Router
	Validator *contract.Validator
	// Observer counts turns, transitions, branches, violations and steps.
	Observer Observer
	// Now is the clock (time.Now by default).
	Now func() time.Time
	// Logger receives one line per turn (slog.Default() by default).
	Logger *slog.Logger
	// FailOnViolation makes a contract violation in rendered slots fail
	// the turn (tests set it: every slots event must pass the contract),
	// and so does a slot text that shows internal text
	// (contract.InternalText: snake_case codes, dotted ids, doubled
	// punctuation).
	FailOnViolation bool
	// MaxTurns bounds the turns of one session (its log and trace grow
	// with them); beyond it an event answers 409 session_full and the
	// client starts a new session. Zero means no bound.
	MaxTurns int
	// Model names the configured model, or "" when none is configured:
	// then the classifier stage is off and slots come from templates,
	// which /readyz and every trace say.
	Model string
	// Probe, when set, checks the backing services (the database) for
	// /readyz: an error makes the service not ready (503) and is named
	// in the readiness notes.
	Probe func(ctx context.Context) error
	// Extra is shown in /readyz as is (store settings and the like).
	Extra map[string]string
	// ModelPath, when set, is the model path: its parse and slots stages
	// run in the turn (the classifier is installed in the Router), every
	// turn gets a model ledger (token budget, calls) and the trace lists
	// the calls.
	ModelPath *modelpath.Path
}

// Agent runs search sessions. It is safe for concurrent use; turns on one
// session are serialised.
type Agent struct {
	cfg     Config
	reg     *fsm.Registry
	locks   [64]sync.Mutex
	started time.Time
	mode    Mode
	// locales remembers the locale of the sessions this instance served
	// (SessionLocale), for the errors the HTTP layer answers before it
	// reaches the session.
	locales *lru.Cache[string, string]
	results resultsCache
	// channels keeps the channels' encodings for the results events.
	channels channelJSON
}

// Mode says which implementations are active; every trace records it
// (no silent fallback, seed 003 rule 3).
type Mode struct {
	Store    string   `json:"store"`
	Embedder string   `json:"embedder"`
	Router   []string `json:"router_stages"`
	Renderer string   `json:"renderer"`
	Sessions string   `json:"sessions"`
	Model    string   `json:"model"`
	// ModelStages are the stages that call the model (classifier, parse,
	// slots); empty when no model is configured.
	ModelStages []string `json:"model_stages"`
	// Prompts maps each prompt id to its version, when a model is used.
	Prompts map[string]string `json:"prompts,omitempty"`
	// Learned is the store's learned similarity (tools/embed/cooc):
	// "on: <model> (…)" or "off: <why>".
	Learned string `json:"learned_similarity"`
	// Ranker names the hybrid ranking weights of the store
	// (store.DefaultWeightsName: the fitted weights file's version and hash).
	Ranker string `json:"ranker_weights"`
}

// learnedSummary is how Mode and /readyz name the learned similarity.
func learnedSummary(l store.LearnedInfo) string {
	if l.State != "on" {
		return l.State
	}
	return fmt.Sprintf("on: %s (%d terms from %d channels, built in %s; similar-recall signal and keyword expansion)", l.Model, l.Terms, l.Channels, l.BuildTime.Round(time.Millisecond))
}

// New checks the configuration and returns an agent.
func New(cfg Config) (*Agent, error) {
	switch {
	case cfg.Store == nil:
		return nil, errors.New("agent: Config.Store is required")
	case cfg.Sessions == nil:
		return nil, errors.New("agent: Config.Sessions is required")
	case cfg.Router == nil:
		return nil, errors.New("agent: Config.Router is required")
	case cfg.Validator == nil:
		return nil, errors.New("agent: Config.Validator is required")
	}
	if cfg.Observer == nil {
		cfg.Observer = NopObserver{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	a := &Agent{cfg: cfg, reg: fsm.Default(), started: cfg.Now(), results: newResultsCache(), channels: newChannelJSON()}
	a.locales, _ = lru.New[string, string](localeCacheSize) // an error only for a size < 1
	info := cfg.Store.Describe()
	a.mode = Mode{
		Store:    info.Store,
		Embedder: fmt.Sprintf("%s (%d dimensions)", info.Model, info.Dimensions),
		Router:   []string{"guard", "expectation", "rules"},
		Renderer: "template",
		Sessions: cfg.Sessions.Describe(),
		Model:    "none",
		Learned:  learnedSummary(info.Learned),
		Ranker:   store.DefaultWeightsName,
	}
	if k := cfg.Router.ClassifierKind(); k != "" {
		a.mode.Router = append(a.mode.Router, "classifier:"+k)
	}
	if cfg.Model != "" {
		a.mode.Model = cfg.Model
	}
	a.mode.ModelStages = []string{}
	if mp := cfg.ModelPath; mp != nil {
		d := mp.Describe()
		a.mode.Model, a.mode.Prompts = d.Model, d.Prompts
		a.mode.ModelStages = d.Stages
		if (cfg.Router.ClassifierKind() == router.ClassifierModel) != mp.Stages().Classifier {
			return nil, errors.New("agent: the router's classifier and the model path's classifier stage disagree (install ModelPath.Classifier() with router.WithClassifier exactly when the stage is on)")
		}
		if mp.Stages().Slots {
			a.mode.Renderer = "model (validated; template on violation)"
		}
	}
	return a, nil
}

// Mode returns what is active.
func (a *Agent) Mode() Mode { return a.mode }

func (a *Agent) lock(id string) *sync.Mutex {
	h := fnv.New32a()
	h.Write([]byte(id))
	return &a.locks[h.Sum32()%uint32(len(a.locks))]
}

// randomHex returns n random bytes in hex. crypto/rand.Read never returns
// an error (Go 1.24+: it crashes the program instead).
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func badRequest(code string, msg text, details any) error {
	return newError(ErrBadRequest, code, msg, details, nil)
}

// CreateSession starts a session at the seed's initial state
// (empty_input / compact_classic / idle).
func (a *Agent) CreateSession(ctx context.Context, req api.CreateSessionRequest) (api.CreateSessionResponse, error) {
	p, err := platform.Parse(req.Platform)
	if err != nil {
		return api.CreateSessionResponse{}, badRequest("bad_platform", both("平台必须是 youtube、instagram、tiktok 或 x 之一", "platform must be one of youtube, instagram, tiktok, x"), map[string]string{"platform": req.Platform})
	}
	locale, ok := "zh", true
	if req.Locale != "" {
		locale, ok = parseLocale(req.Locale)
	}
	if !ok {
		return api.CreateSessionResponse{}, badRequest("bad_locale", both("语言必须是 zh（中文）或 en（英文）", "locale must be zh or en"), map[string]string{"locale": req.Locale})
	}
	if len(req.ClientRef) > 200 {
		return api.CreateSessionResponse{}, newError(ErrTooLarge, "too_large", both("client_ref 超过 200 字节", "client_ref is longer than 200 bytes"), nil, nil)
	}
	if err := checkString("client_ref", req.ClientRef); err != nil {
		return api.CreateSessionResponse{}, err
	}
	s := &Session{ID: "s_" + randomHex(12), Platform: p, Locale: locale, State: fsm.Initial}
	token := randomHex(24)
	t := a.newTurn(ctx, s, 0, nil)
	t.render(ctx)
	snap, err := json.Marshal(s)
	if err != nil {
		return api.CreateSessionResponse{}, newError(ErrInternal, "internal", both("无法创建会话，请稍后重试", "could not create the session"), nil, err)
	}
	rec := sessions.Record{ID: s.ID, TokenHash: hashToken(token), Platform: string(p), Locale: locale, ClientRef: req.ClientRef, Owner: req.Owner, Snapshot: snap,
		State: storeState(s.State)}
	if req.ReplaceToken != "" {
		rec.ProofTokenHash = hashToken(req.ReplaceToken)
	}
	closed, err := a.cfg.Sessions.Create(ctx, rec)
	if errors.Is(err, sessions.ErrOverloaded) {
		return api.CreateSessionResponse{}, inLocale(newError(ErrUnavailable, "overloaded",
			both("会话已满，请稍后重试", "too many sessions right now; retry later"),
			map[string]int{"retry_after_seconds": RetryAfterSeconds}, err), locale)
	}
	if err != nil {
		return api.CreateSessionResponse{}, newError(ErrInternal, "internal", both("无法创建会话，请稍后重试", "could not create the session"), nil, err)
	}
	a.rememberLocale(s.ID, locale)
	return api.CreateSessionResponse{SessionID: s.ID, Token: token, Closed: closed, Snapshot: a.snapshot(s, 1, false)}, nil
}

// record reads a session's record without its snapshot (Sessions.Head)
// and checks its token: for the callers that need no session state.
func (a *Agent) record(ctx context.Context, id, token string) (sessions.Record, error) {
	if !validSessionID(id) {
		return sessions.Record{}, newError(ErrNotFound, "not_found", both("没有这个会话", "no session with this id"), nil, nil)
	}
	rec, err := a.cfg.Sessions.Head(ctx, id)
	return a.checked(id, token, rec, err)
}

// checked turns a read of session id into the agent's errors and checks
// token against it.
func (a *Agent) checked(id, token string, rec sessions.Record, err error) (sessions.Record, error) {
	if errors.Is(err, sessions.ErrNotFound) {
		return rec, newError(ErrNotFound, "not_found", both("没有这个会话", "no session with this id"), map[string]string{"session_id": id}, nil)
	}
	if err != nil {
		return rec, newError(ErrInternal, "internal", both("无法读取会话，请稍后重试", "could not read the session"), nil, err)
	}
	// A refused token too gets its answer in the session's language.
	a.rememberLocale(id, recordLocale(rec))
	return rec, authorize(rec, token)
}

// load reads a session, checks its token and decodes its snapshot.
func (a *Agent) load(ctx context.Context, id, token string) (sessions.Record, *Session, error) {
	if !validSessionID(id) {
		return sessions.Record{}, nil, newError(ErrNotFound, "not_found", both("没有这个会话", "no session with this id"), nil, nil)
	}
	rec, err := a.cfg.Sessions.Get(ctx, id)
	if rec, err = a.checked(id, token, rec, err); err != nil {
		return rec, nil, err
	}
	s, err := a.decode(rec)
	return rec, s, err
}

// recordLocale is a session record's locale, else the one its snapshot
// names.
func recordLocale(rec sessions.Record) string {
	if rec.Locale != "" {
		return rec.Locale
	}
	var v struct {
		Locale string `json:"locale"`
	}
	if json.Unmarshal(rec.Snapshot, &v) != nil {
		return ""
	}
	return v.Locale
}

// authorize checks the token against a session record.
func authorize(rec sessions.Record, token string) error {
	if token == "" {
		return newError(ErrUnauthorized, "unauthorized", both("此请求需要会话令牌（X-Session-Token 请求头或 ?token= 参数）", "this call needs the session token (X-Session-Token or ?token=)"), nil, nil)
	}
	if subtle.ConstantTimeCompare([]byte(hashToken(token)), []byte(rec.TokenHash)) != 1 {
		return newError(ErrForbidden, "forbidden", both("会话令牌不正确", "the session token does not match"), nil, nil)
	}
	return nil
}

// Snapshot returns what the search box renders now.
func (a *Agent) Snapshot(ctx context.Context, id, token string) (_ api.Snapshot, err error) {
	defer a.localize(id, &err)
	rec, s, err := a.load(ctx, id, token)
	if err != nil {
		return api.Snapshot{}, err
	}
	return a.snapshot(s, rec.Version, rec.Closed()), nil
}

// FollowFromNow as Follow's after starts at the session's last event:
// live events only, no replay.
const FollowFromNow = -1

// Follow sends the session's events after `after` from the log, then the
// live ones, until ctx ends. A subscriber that falls behind resumes from
// the log, so every event is sent exactly once and in order.
func (a *Agent) Follow(ctx context.Context, id, token string, after int64, send func(api.StreamEvent) error) (err error) {
	defer a.localize(id, &err)
	rec, err := a.record(ctx, id, token)
	if err != nil {
		return err
	}
	if after < 0 {
		after = rec.LastSeq
	}
	last := after
	for {
		sub, err := a.cfg.Sessions.Subscribe(ctx, id)
		if err != nil {
			return newError(ErrInternal, "internal", both("无法订阅会话，请稍后重试", "could not follow the session"), nil, err)
		}
		// Replay what the log has beyond last, then go live; the
		// subscription started first, so nothing falls in between.
		for {
			evs, err := a.cfg.Sessions.Events(ctx, id, last, 500)
			if err != nil {
				return newError(ErrInternal, "internal", both("无法读取会话的事件，请稍后重试", "could not read the session's events"), nil, err)
			}
			for _, e := range evs {
				if err := send(toStream(e)); err != nil {
					return err
				}
				last = e.Seq
			}
			if len(evs) < 500 {
				break
			}
		}
		for e := range sub.C {
			if e.Seq <= last {
				continue
			}
			if err := send(toStream(e)); err != nil {
				return err
			}
			last = e.Seq
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !sub.Lagged() {
			return nil
		}
		// Lagged: loop to resubscribe and catch up from the log.
	}
}

func toStream(e sessions.Event) api.StreamEvent {
	return api.StreamEvent{Seq: e.Seq, Turn: e.Turn, Name: e.Name, Data: e.Data, At: e.At}
}

// TraceDoc is the audit trail of a session (GET …/trace).
type TraceDoc struct {
	SessionID string            `json:"session_id"`
	Mode      Mode              `json:"mode"`
	Turns     []json.RawMessage `json:"turns"`
	// NextAfter is the ?after= of the next page, when there is one.
	NextAfter int64 `json:"next_after,omitempty"`
}

// TracePage returns the turns after turn `after`, at most limit of them
// (0: all), and where the next page starts.
func (a *Agent) TracePage(ctx context.Context, id, token string, after int64, limit int) (_ any, err error) {
	defer a.localize(id, &err)
	if _, err := a.record(ctx, id, token); err != nil {
		return nil, err
	}
	turns, err := a.cfg.Sessions.Turns(ctx, id)
	if err != nil {
		return nil, newError(ErrInternal, "internal", both("无法读取审计记录，请稍后重试", "could not read the trace"), nil, err)
	}
	doc := TraceDoc{SessionID: id, Mode: a.mode, Turns: []json.RawMessage{}}
	var last int64
	for _, t := range turns {
		if t.Turn <= after {
			continue
		}
		if limit > 0 && len(doc.Turns) == limit {
			doc.NextAfter = last
			break
		}
		doc.Turns = append(doc.Turns, t.Trace)
		last = t.Turn
	}
	return doc, nil
}

// Trace returns every turn's router result and trace, transitions, steps
// and contract checks.
func (a *Agent) Trace(ctx context.Context, id, token string) (_ any, err error) {
	defer a.localize(id, &err)
	if _, err := a.record(ctx, id, token); err != nil {
		return nil, err
	}
	turns, err := a.cfg.Sessions.Turns(ctx, id)
	if err != nil {
		return nil, newError(ErrInternal, "internal", both("无法读取审计记录，请稍后重试", "could not read the trace"), nil, err)
	}
	doc := TraceDoc{SessionID: id, Mode: a.mode, Turns: []json.RawMessage{}}
	for _, t := range turns {
		doc.Turns = append(doc.Turns, t.Trace)
	}
	return doc, nil
}

// ExplainResult is the answer of the stateless router explain.
type ExplainResult struct {
	Result *router.Result `json:"result"`
	Trace  *router.Trace  `json:"trace"`
	Mode   Mode           `json:"mode"`
}

// Explain routes a text statelessly and returns the result and its trace.
func (a *Agent) Explain(ctx context.Context, req api.ExplainRequest) (any, error) {
	if len(req.Text) > MaxTextBytes {
		return nil, tooLong("text", req.Text)
	}
	in := router.Input{Text: req.Text, Locale: req.Locale, Platform: req.Platform, Turn: req.Turn, ActiveTagID: req.ActiveTagID,
		State: router.State{Input: req.State.Input, Container: req.State.Container, Session: req.State.Session}}
	if len(req.Pending) > 0 && string(req.Pending) != "null" {
		if err := json.Unmarshal(req.Pending, &in.Pending); err != nil {
			return nil, badRequest("bad_pending", both("pending 必须是期望列表，每项为 {id, kind, options}", "pending must be a list of expectations, each {id, kind, options}"), map[string]string{"expected": "a list of {id, kind, options}"})
		}
	}
	if len(req.Conditions) > 0 && string(req.Conditions) != "null" {
		if err := json.Unmarshal(req.Conditions, &in.Conditions); err != nil {
			return nil, badRequest("bad_conditions", both("conditions 必须是条件列表，每项为 {id, kind, field, op, value, label}", "conditions must be a list of conditions {id, kind, field, op, value, label}"), map[string]string{"expected": "[{id, kind, field, op, value, label}]"})
		}
	}
	if req.Turn < 0 {
		return nil, badRequest("bad_turn", both("turn 不能小于 0", "turn must be 0 or more"), map[string]int{"turn": req.Turn})
	}
	explain := a.cfg.Router.Explain
	switch req.Stages {
	case "", StagesAll:
	case StagesSubmitted:
		explain = a.cfg.Router.ExplainSubmitted
	case StagesRules:
		explain = a.cfg.Router.ExplainRules
	default:
		return nil, badRequest("bad_stages", both("stages 只能是 all、submitted 或 rules", "stages must be all, submitted or rules"), map[string]string{"stages": req.Stages})
	}
	res, tr, err := explain(ctx, in)
	if errors.Is(err, router.ErrInputTooLong) {
		return nil, tooLong("text", req.Text)
	}
	if err != nil {
		return nil, newError(ErrInternal, "internal", both("意图路由出错，请稍后重试", "the router failed"), nil, err)
	}
	return ExplainResult{Result: res, Trace: tr, Mode: a.mode}, nil
}

// Readiness says which mode is active.
func (a *Agent) Readiness(ctx context.Context) api.Readiness {
	info := a.cfg.Store.Describe()
	r := api.Readiness{
		Ready: true, Mode: "embedded", Store: info.Store, Catalog: info.Catalog, Channels: info.Channels,
		Embedder: a.mode.Embedder, Router: a.mode.Router, Renderer: a.mode.Renderer,
		Sessions: a.cfg.Sessions.Describe(), Model: a.mode.Model, StartedAt: a.started,
	}
	if strings.Contains(r.Sessions, "polled every") {
		r.Notes = append(r.Notes, "other instances' turns reach this instance's streams by polling the session log (no LISTEN/NOTIFY): see sessions")
	}
	if info.Store != "memory" {
		r.Mode = "production"
	}
	r.Extra = make(map[string]string, len(a.cfg.Extra)+1)
	for k, v := range a.cfg.Extra {
		r.Extra[k] = v
	}
	r.Extra["learned_similarity"] = a.mode.Learned
	r.Extra["ranker_weights"] = a.mode.Ranker
	if a.cfg.Probe != nil {
		pctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := a.cfg.Probe(pctx)
		cancel()
		if err != nil {
			r.Ready = false
			r.Notes = append(r.Notes, "database unavailable: the service cannot reach PostgreSQL (the log has the error)")
			a.cfg.Logger.Warn("readiness probe failed", "err", err)
		}
	}
	r.ModelStages = a.mode.ModelStages
	r.Prompts = a.mode.Prompts
	if mp := a.cfg.ModelPath; mp != nil {
		h := mp.Client().Health()
		r.ModelStatus = &api.ModelStatus{Status: h.Status, Breaker: h.Breaker, Reason: h.Reason, LastError: h.LastError,
			ConsecutiveFailures: h.ConsecutiveFailures, OpenedAt: h.OpenedAt, RetryAt: h.RetryAt}
		if h.Status == llm.HealthDegraded {
			note := "model degraded (" + h.Reason + "): the circuit breaker skips the model stages, which run deterministically (rules' readings, template slots)"
			if h.RetryAt != nil {
				note += " until " + h.RetryAt.UTC().Format(time.RFC3339)
			}
			r.Notes = append(r.Notes, note)
		}
	}
	switch a.cfg.Router.ClassifierKind() {
	case router.ClassifierLocal:
		r.Notes = append(r.Notes, "classifier stage: local ("+a.cfg.Router.LocalClassifierInfo()+"); low-confidence answers are refused with what was not understood")
	case "":
		r.Notes = append(r.Notes, "classifier stage off: ambiguous or unknown follow-ups are refused with what is missing")
	}
	if a.mode.Model == "none" {
		r.Notes = append(r.Notes, "no model configured: slots come from the template renderer")
	} else {
		for _, st := range []string{modelpath.StageClassifier, modelpath.StageParse, modelpath.StageSlots} {
			if !slices.Contains(a.mode.ModelStages, st) {
				r.Notes = append(r.Notes, "model stage "+st+" is switched off: it runs deterministically")
			}
		}
	}
	if strings.Contains(info.Catalog, "demo") {
		r.Notes = append(r.Notes, "the catalog is generated demo data, not real channels")
	}
	return r
}

// storeState is the state triple as the session store counts it.
func storeState(st fsm.State) sessions.State {
	return sessions.State{Input: string(st.Input), Container: string(st.Container), Session: string(st.Session)}
}
