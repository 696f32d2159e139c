package llm

import (
	"context"
	"sync"
	"time"
)

// Call is the account of one model call, as the turn trace records it.
type Call struct {
	// Stage is the caller's stage: classifier, parse, slots, embed.
	Stage string `json:"stage"`
	// PromptID and PromptVersion name the prompt file; PromptHash is the
	// sha256 of the rendered messages, SchemaHash of the output schema.
	PromptID      string `json:"prompt_id,omitempty"`
	PromptVersion string `json:"prompt_version,omitempty"`
	PromptHash    string `json:"prompt_hash,omitempty"`
	SchemaHash    string `json:"schema_hash,omitempty"`
	// Model is the model asked for; ServedModel what the server says it
	// used, when different.
	Model       string `json:"model"`
	ServedModel string `json:"served_model,omitempty"`
	Output      string `json:"output,omitempty"`
	// Tokens as the server counted them.
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
	// LatencyMS is the wall time of the call, retries included.
	LatencyMS    float64 `json:"latency_ms"`
	Attempts     int     `json:"attempts"`
	FinishReason string  `json:"finish_reason,omitempty"`
	// Cassette is the record/replay key, and CassetteMode what was done.
	Cassette     string `json:"cassette,omitempty"`
	CassetteMode string `json:"cassette_mode,omitempty"`
	// StageTimeoutMS is the stage's deadline the call ran under.
	StageTimeoutMS float64 `json:"stage_timeout_ms,omitempty"`
	// Outcome is ok, refused, bad_output, budget, replay_miss,
	// breaker_open (skipped: the circuit is open), deadline (the stage's
	// deadline passed), timeout, canceled or unavailable; Error the error
	// text when not ok.
	Outcome string `json:"outcome"`
	Error   string `json:"error,omitempty"`
}

// Turn is the model ledger of one turn: its token budget, the end of its
// model time and its calls. It is safe for concurrent use.
type Turn struct {
	mu     sync.Mutex
	budget int
	used   int
	calls  []Call
	// deadline ends the turn's model time (zero: none).
	deadline time.Time
}

// NewTurn returns a ledger with a token budget.
func NewTurn(budget int) *Turn { return &Turn{budget: budget} }

type turnKey struct{}

// StartTurn returns ctx carrying a fresh ledger with the client's turn
// token budget and model time (TurnTimeout). The returned context is not
// bounded: the turn's search never waits on, nor ends with, the model's
// deadlines — those bound the model calls only (see Stage). Call cancel
// when the turn ends.
func (c *Client) StartTurn(ctx context.Context) (context.Context, *Turn, context.CancelFunc) {
	t := NewTurn(c.cfg.TurnTokenBudget)
	t.deadline = time.Now().Add(c.cfg.TurnTimeout)
	ctx, cancel := context.WithCancel(ctx)
	return WithTurn(ctx, t), t, cancel
}

type stageKey struct{}

// stageMark is what Stage puts in the context: the stage, its deadline
// and the context it was derived from (to tell the stage's deadline from
// the caller's).
type stageMark struct {
	stage    string
	timeout  time.Duration
	turnCut  bool // the turn's model time ends before the stage's deadline
	parent   context.Context
	deadline time.Time
}

// Stage returns ctx bounded by the deadline of stage (Config.StageTimeouts)
// or by the end of the turn's model time, whichever comes first; every
// call of the stage (asks and re-asks) runs within it. A call that
// outlives it fails with ErrStageDeadline and the caller goes on with its
// deterministic reading. Complete applies the stage's deadline itself to a
// call made outside Stage.
func (c *Client) Stage(ctx context.Context, stage string) (context.Context, context.CancelFunc) {
	d := c.cfg.stageTimeout(stage)
	dl := time.Now().Add(d)
	m := stageMark{stage: stage, timeout: d, parent: ctx}
	if t := TurnFrom(ctx); t != nil && !t.deadline.IsZero() && t.deadline.Before(dl) {
		dl, m.turnCut = t.deadline, true
	}
	m.deadline = dl
	sctx, cancel := context.WithDeadline(ctx, dl)
	return context.WithValue(sctx, stageKey{}, m), cancel
}

// stageFrom returns the stage mark of ctx for stage, if any.
func stageFrom(ctx context.Context, stage string) (stageMark, bool) {
	m, ok := ctx.Value(stageKey{}).(stageMark)
	return m, ok && m.stage == stage
}

// WithTurn attaches a ledger to ctx.
func WithTurn(ctx context.Context, t *Turn) context.Context {
	return context.WithValue(ctx, turnKey{}, t)
}

// TurnFrom returns the ledger of ctx, or nil.
func TurnFrom(ctx context.Context) *Turn {
	t, _ := ctx.Value(turnKey{}).(*Turn)
	return t
}

// Remaining is the unspent budget.
func (t *Turn) Remaining() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.budget - t.used
}

// Used is the number of tokens spent.
func (t *Turn) Used() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.used
}

// Calls returns a copy of the calls so far.
func (t *Turn) Calls() []Call {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Call(nil), t.calls...)
}

func (t *Turn) record(c Call) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.used += c.TotalTokens
	t.calls = append(t.calls, c)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
