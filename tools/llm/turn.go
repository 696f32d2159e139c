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
	// Outcome is ok, refused, bad_output, budget, replay_miss, timeout,
	// canceled or unavailable; Error the error text when not ok.
	Outcome string `json:"outcome"`
	Error   string `json:"error,omitempty"`
}

// Turn is the model ledger of one turn: its token budget and its calls.
// It is safe for concurrent use.
type Turn struct {
	mu     sync.Mutex
	budget int
	used   int
	calls  []Call
}

// NewTurn returns a ledger with a token budget.
func NewTurn(budget int) *Turn { return &Turn{budget: budget} }

type turnKey struct{}

// StartTurn returns ctx bounded by the client's turn timeout and carrying
// a fresh ledger with the client's turn token budget. Call cancel when the
// turn ends.
func (c *Client) StartTurn(ctx context.Context) (context.Context, *Turn, context.CancelFunc) {
	t := NewTurn(c.cfg.TurnTokenBudget)
	ctx, cancel := context.WithTimeout(ctx, c.cfg.TurnTimeout)
	return WithTurn(ctx, t), t, cancel
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
