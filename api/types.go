// Package api holds the wire types of the search box's HTTP API — request
// and response bodies, the session snapshot, the SSE event payloads and
// the error body — shared by the server, the agent, the CLI and tests.
package api

import (
	"encoding/json"
	"time"

	"searchagent/contract"
	"searchagent/tools/catalog"
)

// API paths (DESIGN.md "HTTP API").
const (
	PathSessions    = "/v1/sessions"
	PathSession     = "/v1/sessions/:id"
	PathEvents      = "/v1/sessions/:id/events"
	PathStream      = "/v1/sessions/:id/stream"
	PathTrace       = "/v1/sessions/:id/trace"
	PathExplain     = "/v1/route/explain"
	PathHealthz     = "/healthz"
	PathReadyz      = "/readyz"
	PathMetrics     = "/metrics"
	HeaderToken     = "X-Session-Token"
	QueryToken      = "token"
	HeaderLastEvent = "Last-Event-ID"
)

// SSE event names (DESIGN.md).
const (
	EventTurnStarted       = "turn.started"
	EventRouterDecision    = "router.decision"
	EventTransition        = "transition"
	EventStepStarted       = "step.started"
	EventStepFinished      = "step.finished"
	EventSlots             = "slots"
	EventResults           = "results"
	EventContractViolation = "contract.violation"
	// EventTurnError is a failed turn (data api.ErrorBody). Never "error":
	// EventSource fires its own "error" on connection failures.
	EventTurnError = "turn.error"
	EventTurnDone  = "turn.done"
)

// UpdateSessionRequest is the body of PATCH /v1/sessions/{id}: the
// session settings a client changes without losing the session.
type UpdateSessionRequest struct {
	// Locale is "zh" or "en" (a tag such as "zh-CN" or "en-US" reads as
	// its language): the slots, chips, buttons, result reasons and error
	// messages follow it from this turn on.
	Locale string `json:"locale"`
}

// TurnSessionUpdate is the event of the turn a settings change commits
// (PATCH /v1/sessions/{id}): turn.started and the trace carry it. It is
// not an event of the state machine; the state triple does not move.
const TurnSessionUpdate = "session.update"

// CreateSessionRequest is the body of POST /v1/sessions.
type CreateSessionRequest struct {
	Platform string `json:"platform"`
	// Locale is "zh" or "en" (default "zh").
	Locale string `json:"locale,omitempty"`
	// ClientRef identifies the client; a new session closes the client's
	// previous session on the same platform (spec 2.1) when the request
	// proves it owns that session: the old session's token in
	// X-Session-Token, or the API key that created it. Without a proof
	// the new session is independent and closes nothing.
	ClientRef string `json:"client_ref,omitempty"`
	// ReplaceToken is the X-Session-Token header of the request: the
	// token of the session being replaced. Set by the server, never read
	// from the body.
	ReplaceToken string `json:"-"`
	// Owner identifies the API key that authenticated the request (a
	// hash, never the key). Set by the server, never read from the body.
	Owner string `json:"-"`
}

// CreateSessionResponse is the 201 answer of POST /v1/sessions.
type CreateSessionResponse struct {
	SessionID string `json:"session_id"`
	// Token must accompany every later call on the session
	// (X-Session-Token, or ?token= for EventSource).
	Token string `json:"token"`
	// Closed names the previous session this one replaced, if any.
	Closed   string   `json:"closed_session_id,omitempty"`
	Snapshot Snapshot `json:"snapshot"`
}

// EventRequest is the body of POST /v1/sessions/{id}/events.
type EventRequest struct {
	Event string `json:"event"`
	Args  Args   `json:"args,omitempty"`
}

// Args are an event's arguments (DESIGN.md event table).
type Args struct {
	Text        string `json:"text,omitempty"`
	TagID       string `json:"tag_id,omitempty"`
	Scope       string `json:"scope,omitempty"`
	URL         string `json:"url,omitempty"`
	OptionID    string `json:"option_id,omitempty"`
	ConditionID string `json:"condition_id,omitempty"`
	// Value is a condition's new value (condition.edit) or a filter's
	// value (filter.set): a string, number, array of strings or
	// {"min","max"}.
	Value json.RawMessage `json:"value,omitempty"`
	Field string          `json:"field,omitempty"`
	Op    string          `json:"op,omitempty"`
	// By and Cursor control the result list (results.sort, results.page).
	By     string `json:"by,omitempty"`
	Cursor string `json:"cursor,omitempty"`
	// Status turns a condition or keyword chip into a filter ("applied")
	// or into a reference that only ranks ("reference") without changing
	// its value (condition.edit).
	Status string `json:"status,omitempty"`
}

// EventResponse is the JSON (non-streaming) answer of POST …/events: the
// turn's events and the snapshot after it.
type EventResponse struct {
	Events   []StreamEvent `json:"events"`
	Snapshot Snapshot      `json:"snapshot"`
}

// State is the state triple.
type State struct {
	Input     string `json:"input"`
	Container string `json:"container"`
	Session   string `json:"session"`
}

// Snapshot is GET /v1/sessions/{id}: everything the search box renders.
type Snapshot struct {
	SessionID string         `json:"session_id"`
	Platform  string         `json:"platform"`
	Locale    string         `json:"locale"`
	Version   int64          `json:"version"`
	Turn      int64          `json:"turn"`
	State     State          `json:"state"`
	Scene     string         `json:"scene"`
	Substate  string         `json:"substate"`
	Context   Context        `json:"context"`
	Slots     contract.Slots `json:"slots"`
	Results   *Results       `json:"results,omitempty"`
	// Actions are the actions allowed now, with the event that fires each.
	Actions []AllowedAction `json:"actions"`
	// Closed is set when a newer session replaced this one.
	Closed bool `json:"closed,omitempty"`
}

// Context is the session's context (DESIGN.md: not states).
type Context struct {
	KeywordTags       []contract.Tag       `json:"keyword_tags"`
	ActiveTagID       string               `json:"active_tag_id,omitempty"`
	ActiveTagMenu     bool                 `json:"active_tag_menu"`
	Draft             string               `json:"draft,omitempty"`
	Anchor            *Anchor              `json:"anchor,omitempty"`
	QueryShape        string               `json:"query_shape,omitempty"`
	Origin            string               `json:"origin,omitempty"`
	RepairReason      string               `json:"repair_reason,omitempty"`
	RepairHintVisible bool                 `json:"repair_hint_visible"`
	SourceStage       string               `json:"source_stage,omitempty"`
	Conditions        []contract.Condition `json:"conditions"`
	PendingQuestion   *contract.Question   `json:"pending_question,omitempty"`
	Sort              string               `json:"sort,omitempty"`
	// Notice explains the last turn when it changed nothing (a refused
	// follow-up says what is missing) or only part of what was asked.
	Notice string `json:"notice,omitempty"`
}

// Anchor is the pinned anchor, or the URL being resolved or that failed.
type Anchor struct {
	URL      string `json:"url"`
	Platform string `json:"platform,omitempty"`
	Key      string `json:"key,omitempty"`
	Handle   string `json:"handle,omitempty"`
	Name     string `json:"name,omitempty"`
	// Resolution is the micro-state: resolving, resolved_exact,
	// resolved_mismatch, resolved_unsupported or resolved_invalid.
	Resolution string `json:"resolution"`
	Hint       string `json:"hint,omitempty"`
}

// Results are the result list: the anchor pinned outside items.
type Results struct {
	Anchor *catalog.Channel `json:"anchor,omitempty"`
	Items  []ResultItem     `json:"items"`
	Total  int              `json:"total"`
	// TotalAtLeast says Total is a lower bound (store.SimilarResult.
	// TotalAtLeast): the similar set goes on beyond it, shown as "1,000+".
	TotalAtLeast bool `json:"total_at_least,omitempty"`
	LowRecall    bool `json:"low_recall"`
	// Stale says the query changed since these results were fetched (the
	// classic editor does not re-search until submitted).
	Stale      bool   `json:"stale"`
	Sort       string `json:"sort"`
	NextCursor string `json:"next_cursor,omitempty"`
	// Expansions are the keywords widened with aliases for these results.
	Expansions []Expansion `json:"expansions,omitempty"`
}

// ResultItem is one ranked channel.
type ResultItem struct {
	Channel *catalog.Channel `json:"channel"`
	Score   float64          `json:"score"`
	// Reasons say why the channel is a result, strongest first: why a
	// similar channel matches the anchor ("same category", "similar
	// audience size"), which field has a keyword, which filters it meets.
	Reasons []MatchReason `json:"reasons,omitempty"`
	// ReasonLabels are the reasons in a few words each, in the session's
	// locale, for the result card ("同类目", "受众规模相近", "同国家" / "same
	// category", "similar audience size", "same country"; "名称含「kayak」";
	// a filter's chip): why the channel is here. Score is for the explain
	// drawer, not the card.
	ReasonLabels []string `json:"reason_labels,omitempty"`
}

// MatchReason is one reason why a channel matches: a stable code and the
// text in the session's locale.
type MatchReason struct {
	Code string `json:"code"`
	Text string `json:"text"`
}

// Expansion is a keyword the search widened with aliases: the user sees
// Label ("cooking · also matches food, 美食") and the trace keeps it.
type Expansion struct {
	Keyword string   `json:"keyword"`
	Scope   string   `json:"scope"`
	Also    []string `json:"also_matches"`
	Label   string   `json:"label"`
}

// AllowedAction is an action allowed now.
type AllowedAction struct {
	ActionID string `json:"action_id"`
	Event    string `json:"event"`
	Label    string `json:"label"`
	// Args name the thing the button acts on (a tag, a condition, an
	// option, a filter field); the client sends them with the event,
	// adding what the user types.
	Args *Args `json:"args,omitempty"`
}

// StreamEvent is one event of a turn, as sent over SSE (id = Seq, event =
// Name, data = Data) and stored in the session's log.
type StreamEvent struct {
	Seq  int64           `json:"id"`
	Turn int64           `json:"turn"`
	Name string          `json:"event"`
	Data json.RawMessage `json:"data"`
	At   time.Time       `json:"at"`
	// Pending marks an event of a turn that has not committed yet: it is
	// not in the log (Seq is the number it gets if the turn commits), so a
	// stream sends it without an id and a client's Last-Event-ID moves
	// only with committed events (the turn's turn.done or turn.error).
	Pending bool `json:"-"`
}

// TurnStarted is the data of turn.started.
type TurnStarted struct {
	Turn  int64  `json:"turn"`
	Event string `json:"event"`
	Args  Args   `json:"args"`
	State State  `json:"state"`
}

// Transition is the data of a transition event (seed 000 §8.5.1 plus the
// state triple and scene/sub-state).
type Transition struct {
	FromState string    `json:"from_state"`
	ActionID  string    `json:"action_id"`
	ToState   string    `json:"to_state"`
	Timestamp time.Time `json:"timestamp"`
	Event     string    `json:"event"`
	Guard     string    `json:"guard,omitempty"`
	From      State     `json:"from"`
	To        State     `json:"to"`
	Scene     string    `json:"scene"`
	Substate  string    `json:"substate"`
	Transient bool      `json:"transient"`
}

// Step is the data of step.started and step.finished.
type Step struct {
	Step       string  `json:"step"`
	Status     string  `json:"status,omitempty"` // ok | error | skipped
	DurationMS float64 `json:"duration_ms,omitempty"`
	Detail     any     `json:"detail,omitempty"`
	Error      string  `json:"error,omitempty"`
}

// Step names.
const (
	StepResolveURL       = "resolve_url"
	StepParseConditions  = "parse_conditions"
	StepRetrieve         = "retrieve"
	StepRecallSimilar    = "recall_similar"
	StepClassify         = "classify"
	StepRenderSlots      = "render_slots"
	StepValidateContract = "validate_contract"
	StepCount            = "count"
	// StepUpdateConditions applies a follow-up's router commands to the
	// condition graph (the router's plan step of the same name).
	StepUpdateConditions = "update_conditions"
)

// SlotsEvent is the data of a slots event.
type SlotsEvent struct {
	State    string         `json:"state"`
	Schema   string         `json:"schema"`
	Source   string         `json:"source"` // template | model
	Slots    contract.Slots `json:"slots"`
	Substate string         `json:"substate"`
}

// TurnDone is the data of turn.done.
type TurnDone struct {
	Turn     int64  `json:"turn"`
	State    State  `json:"state"`
	Scene    string `json:"scene"`
	Substate string `json:"substate"`
	Version  int64  `json:"version"`
	OK       bool   `json:"ok"`
	// Repaired marks a turn.done that the start-up repair added to a log
	// an older version left without one (Version is 0 there).
	Repaired bool `json:"repaired,omitempty"`
}

// ErrorBody is every error answer: {"error": {"code", "message", "details"}}.
type ErrorBody struct {
	Error ErrorInfo `json:"error"`
}

// ErrorInfo is the error itself. Message is safe to show to the user.
type ErrorInfo struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Details any    `json:"details,omitempty"`
}

// ExplainRequest is the body of POST /v1/route/explain.
// It takes the router's whole input as a stored turn trace records it
// (router.input), so any stored decision can be replayed exactly.
type ExplainRequest struct {
	Text     string          `json:"text"`
	State    State           `json:"state"`
	Pending  json.RawMessage `json:"pending,omitempty"`
	Locale   string          `json:"locale,omitempty"`
	Platform string          `json:"platform,omitempty"`
	// Turn is the turn number (pending expectations expire by it).
	Turn int `json:"turn,omitempty"`
	// Conditions are the condition graph's conditions {id, kind, field,
	// op, value, label}: a decision that depends on an anchor or a field
	// already set needs them.
	Conditions  json.RawMessage `json:"conditions,omitempty"`
	ActiveTagID string          `json:"active_tag_id,omitempty"`
	// Stages is which router stages run: all (default, a follow-up),
	// submitted (a first search's guard check with the local classifier)
	// or rules (the deterministic stages only).
	Stages string `json:"stages,omitempty"`
}

// ReadinessStatus is GET /readyz without the API key when keys are set:
// the bare status for probes (the detail names database hosts and users).
type ReadinessStatus struct {
	Ready bool `json:"ready"`
	// Detail says how to get the full Readiness.
	Detail string `json:"detail"`
}

// Readiness is GET /readyz: which mode is active, never hidden (behind
// the API key when keys are set).
type Readiness struct {
	Ready    bool     `json:"ready"`
	Mode     string   `json:"mode"` // embedded | production
	Store    string   `json:"store"`
	Catalog  string   `json:"catalog"`
	Channels int      `json:"channels"`
	Embedder string   `json:"embedder"`
	Router   []string `json:"router_stages"`
	Renderer string   `json:"renderer"`
	Sessions string   `json:"sessions"`
	Model    string   `json:"model"`
	// ModelStages are the stages that call the model (classifier, parse,
	// slots); empty without a model.
	ModelStages []string `json:"model_stages"`
	// Prompts maps prompt ids to versions, when a model is used.
	Prompts map[string]string `json:"prompts,omitempty"`
	// ModelStatus is the model endpoint's health, when a model is used:
	// degraded (and why) while its circuit breaker skips it.
	ModelStatus *ModelStatus      `json:"model_status,omitempty"`
	Notes       []string          `json:"notes,omitempty"`
	Extra       map[string]string `json:"extra,omitempty"`
	StartedAt   time.Time         `json:"started_at"`
}

// ModelStatus is the model endpoint's health in GET /readyz.
type ModelStatus struct {
	// Status is ok or degraded (the circuit is open or half-open: the
	// model stages are skipped and the deterministic readings and
	// templates answer).
	Status string `json:"status"`
	// Breaker is closed, half-open or open.
	Breaker string `json:"breaker"`
	// Reason is the last failure's reason: http_401, http_403, http_429,
	// http_5xx, http_<status>, timeout or unreachable.
	Reason              string     `json:"reason,omitempty"`
	LastError           string     `json:"last_error,omitempty"`
	ConsecutiveFailures int        `json:"consecutive_failures"`
	OpenedAt            *time.Time `json:"opened_at,omitempty"`
	RetryAt             *time.Time `json:"retry_at,omitempty"`
}
