package llm

import (
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// OutputMode is how structured output is requested.
type OutputMode string

// Output modes.
const (
	// OutputJSONSchema sends response_format {type: json_schema, strict:
	// true} with the schema (OpenAI, Azure, vLLM, llama.cpp, Ollama ≥0.5).
	OutputJSONSchema OutputMode = "json_schema"
	// OutputJSONObject sends response_format {type: json_object} and puts
	// the schema in the system message, for servers without strict schemas.
	OutputJSONObject OutputMode = "json_object"
)

// CassetteMode says whether exchanges are recorded or replayed.
type CassetteMode string

// Cassette modes.
const (
	// CassetteOff: live calls, nothing stored.
	CassetteOff CassetteMode = "off"
	// CassetteRecord: live calls, each successful exchange stored.
	CassetteRecord CassetteMode = "record"
	// CassetteReplay: no network; a request without a cassette fails with
	// ErrReplayMiss naming its key.
	CassetteReplay CassetteMode = "replay"
)

// Config configures a Client. Zero durations and counts take the defaults.
type Config struct {
	// BaseURL is the OpenAI-compatible endpoint, e.g.
	// "https://api.openai.com/v1" or "http://127.0.0.1:11434/v1".
	BaseURL string
	// APIKey is sent as a bearer token (may be empty for local servers).
	APIKey string
	// Model is the chat model.
	Model string
	// Output is the structured-output mode (default OutputJSONSchema).
	Output OutputMode
	// CallTimeout bounds one HTTP attempt (default 20s); a stage's
	// deadline cuts it shorter.
	CallTimeout time.Duration
	// StageTimeouts are the deadlines of the model stages, by stage name
	// (a stage's asks and re-asks together). Stages not named take
	// DefaultStageTimeouts, and stages named nowhere take 3s. A stage's
	// deadline is its own: the turn's context is never bounded by it.
	StageTimeouts map[string]time.Duration
	// TurnTimeout bounds the model time of one turn, all stages together
	// (default 10s). It bounds the model calls only, never the turn.
	TurnTimeout time.Duration
	// MaxRetries is the number of retries after the first attempt on 429,
	// 5xx and timeouts (default 2; negative means none).
	MaxRetries int
	// BackoffBase and BackoffMax shape the exponential backoff (defaults
	// 250ms and 8s); a Retry-After header is honoured up to BackoffMax.
	BackoffBase, BackoffMax time.Duration
	// MaxTokens caps one answer's completion tokens (default 1024).
	MaxTokens int
	// Seed is sent with every chat request when set (servers that support
	// it answer the same question the same way more often).
	Seed *int
	// BreakerFailures is how many consecutive failures (error statuses,
	// timeouts, unreachable server) open the circuit (default 3); a 401
	// or 403 opens it at once. BreakerCooldown is how long the model is
	// then skipped before one probe call is let through (default 30s).
	BreakerFailures int
	BreakerCooldown time.Duration
	// Logger says when the circuit opens and closes (default: discard).
	Logger *slog.Logger
	// TurnTokenBudget caps the total tokens of one turn (default 12000).
	TurnTokenBudget int
	// Cassettes is the cassette directory; CassetteMode says what to do
	// with it (default CassetteOff).
	Cassettes    string
	CassetteMode CassetteMode
	// HTTPClient carries the requests (default: a client without timeout;
	// the attempts' contexts bound them).
	HTTPClient *http.Client
	// Observer receives every call (default none).
	Observer Observer
	// Sleep waits between retries (default: a timer that honours ctx).
	Sleep func(ctxDone <-chan struct{}, d time.Duration) bool
	// Jitter returns a random fraction in [0, 1) (default math/rand/v2).
	Jitter func() float64
}

// DefaultStageTimeouts are the stage deadlines Config.StageTimeouts
// overrides: the reading stages (classifier, parse) hold up a search, so
// they get less than the slots stage, which runs after the results are in.
var DefaultStageTimeouts = map[string]time.Duration{
	"classifier": 2500 * time.Millisecond,
	"parse":      2500 * time.Millisecond,
	"slots":      4 * time.Second,
}

// fallbackStageTimeout bounds a stage named in no table.
const fallbackStageTimeout = 3 * time.Second

// stageTimeout is the deadline of stage.
func (c *Config) stageTimeout(stage string) time.Duration {
	if d, ok := c.StageTimeouts[stage]; ok {
		return d
	}
	return fallbackStageTimeout
}

func (c Config) withDefaults() (Config, error) {
	c.BaseURL = strings.TrimRight(strings.TrimSpace(c.BaseURL), "/")
	if c.BaseURL == "" && c.CassetteMode != CassetteReplay {
		return c, fmt.Errorf("%w: no base URL", ErrNotConfigured)
	}
	if strings.TrimSpace(c.Model) == "" {
		return c, fmt.Errorf("%w: no model name", ErrNotConfigured)
	}
	switch c.Output {
	case "":
		c.Output = OutputJSONSchema
	case OutputJSONSchema, OutputJSONObject:
	default:
		return c, fmt.Errorf("llm: output mode %q is not json_schema or json_object", c.Output)
	}
	switch c.CassetteMode {
	case "":
		c.CassetteMode = CassetteOff
	case CassetteOff:
	case CassetteRecord, CassetteReplay:
		if c.Cassettes == "" {
			return c, fmt.Errorf("llm: cassette mode %s needs a cassette directory", c.CassetteMode)
		}
	default:
		return c, fmt.Errorf("llm: cassette mode %q is not off, record or replay", c.CassetteMode)
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.CallTimeout, 20*time.Second)
	def(&c.TurnTimeout, 10*time.Second)
	def(&c.BreakerCooldown, 30*time.Second)
	if c.BreakerFailures <= 0 {
		c.BreakerFailures = 3
	}
	stages := make(map[string]time.Duration, len(DefaultStageTimeouts)+len(c.StageTimeouts))
	for k, v := range DefaultStageTimeouts {
		stages[k] = v
	}
	for k, v := range c.StageTimeouts {
		if v < 0 {
			return c, fmt.Errorf("llm: stage %s timeout %s is negative", k, v)
		}
		if v > 0 {
			stages[k] = v
		}
	}
	c.StageTimeouts = stages
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	def(&c.BackoffBase, 250*time.Millisecond)
	def(&c.BackoffMax, 8*time.Second)
	if c.MaxRetries == 0 {
		c.MaxRetries = 2
	} else if c.MaxRetries < 0 {
		c.MaxRetries = 0
	}
	if c.MaxTokens <= 0 {
		c.MaxTokens = 1024
	}
	if c.TurnTokenBudget <= 0 {
		c.TurnTokenBudget = 12000
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{}
	}
	if c.Observer == nil {
		c.Observer = nopObserver{}
	}
	if c.Sleep == nil {
		c.Sleep = sleep
	}
	if c.Jitter == nil {
		c.Jitter = jitter
	}
	return c, nil
}
