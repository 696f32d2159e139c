package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Client calls an OpenAI-compatible server. It is safe for concurrent use.
type Client struct {
	cfg     Config
	api     *openai.Client
	breaker *breaker
	schemas schemas
}

// New checks cfg and returns a client.
func New(cfg Config) (*Client, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	var d doer = cfg.HTTPClient
	d = &retrier{next: d, cfg: &cfg, now: time.Now}
	if cfg.CassetteMode != CassetteOff {
		d = &cassettes{mode: cfg.CassetteMode, dir: cfg.Cassettes, next: d}
	}
	d = &wire{next: d}
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = cfg.BaseURL
	if oc.BaseURL == "" {
		oc.BaseURL = "http://replay.invalid/v1" // replay mode never dials
	}
	oc.HTTPClient = d
	return &Client{cfg: cfg, api: openai.NewClientWithConfig(oc), breaker: newBreaker(&cfg)}, nil
}

// Health is the chat endpoint's state: degraded (and why) while the
// circuit breaker is open or half-open.
func (c *Client) Health() Health { return c.breaker.health() }

// StageTimeout is the deadline of stage.
func (c *Client) StageTimeout(stage string) time.Duration { return c.cfg.stageTimeout(stage) }

// Model is the chat model's name.
func (c *Client) Model() string { return c.cfg.Model }

// Describe says how the client is configured, for /readyz and the log
// (never the key).
func (c *Client) Describe() map[string]string {
	d := map[string]string{
		"base_url": c.cfg.BaseURL, "model": c.cfg.Model, "output": string(c.cfg.Output),
		"cassettes": string(c.cfg.CassetteMode), "cassette_dir": c.cfg.Cassettes,
		"turn_model_time": c.cfg.TurnTimeout.String(), "call_timeout": c.cfg.CallTimeout.String(),
		"breaker": fmt.Sprintf("opens after %d consecutive failures (at once on 401/403), cool-down %s", c.cfg.BreakerFailures, c.cfg.BreakerCooldown),
		"seed":    "off",
	}
	if c.cfg.Seed != nil {
		d["seed"] = strconv.Itoa(*c.cfg.Seed)
	}
	stages := make([]string, 0, len(c.cfg.StageTimeouts))
	for k, v := range c.cfg.StageTimeouts {
		stages = append(stages, k+"="+v.String())
	}
	sort.Strings(stages)
	d["stage_deadlines"] = strings.Join(stages, ",")
	return d
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system, user, or assistant (a re-ask shows the model its answer)
	Content string `json:"content"`
}

// Request is one structured-output question.
type Request struct {
	// Stage names the caller's stage (classifier, parse, slots).
	Stage string
	// PromptID and PromptVersion name the prompt; PromptHash is the hash
	// of its rendered text (computed from Messages when empty).
	PromptID, PromptVersion, PromptHash string
	Messages                            []Message
	// SchemaName and Schema are the output's JSON Schema, sent raw.
	SchemaName string
	Schema     json.RawMessage
	// Temperature of the answer, sent as is (an explicit 0 included);
	// nil leaves the server's default.
	Temperature *float32
	// MaxTokens caps this answer below the client's MaxTokens (0: no
	// extra cap).
	MaxTokens int
	// CallerValidates skips the client's check of the answer against
	// Schema: the caller validates it against a schema of its own (the
	// slots stage: the contract validator, which also checks rules).
	CallerValidates bool
}

// Answer is the model's JSON object and the account of the call.
type Answer struct {
	// Content is the JSON object, taken out of any wrapping (see
	// ExtractJSON).
	Content string
	// Raw is the model's text as it came, also when the answer was
	// rejected as bad output (a re-ask shows it to the model).
	Raw  string
	Call Call
}

// Hash is the hex sha256 of s.
func Hash(s []byte) string {
	sum := sha256.Sum256(s)
	return hex.EncodeToString(sum[:])
}

// Complete asks for one JSON object. The call is recorded in the turn's
// ledger (when ctx has one) and reported to the Observer whatever its
// outcome.
func (c *Client) Complete(ctx context.Context, r Request) (Answer, error) {
	start := time.Now()
	call := Call{Stage: r.Stage, PromptID: r.PromptID, PromptVersion: r.PromptVersion, PromptHash: r.PromptHash,
		Model: c.cfg.Model, Output: string(c.cfg.Output), CassetteMode: string(c.cfg.CassetteMode)}
	if call.PromptHash == "" {
		raw, _ := json.Marshal(r.Messages)
		call.PromptHash = Hash(raw)
	}
	if len(r.Schema) > 0 {
		call.SchemaHash = Hash(r.Schema)
	}
	if _, ok := stageFrom(ctx, r.Stage); !ok {
		var cancel context.CancelFunc
		ctx, cancel = c.Stage(ctx, r.Stage)
		defer cancel()
	}
	if m, ok := stageFrom(ctx, r.Stage); ok {
		call.StageTimeoutMS = ms(m.timeout)
	}
	ans, err := c.complete(ctx, r, &call)
	call.LatencyMS = ms(time.Since(start))
	call.Outcome = outcome(err)
	if err != nil {
		call.Error = err.Error()
	}
	if t := TurnFrom(ctx); t != nil {
		t.record(call)
	}
	c.cfg.Observer.ModelCall(call)
	ans.Call = call
	return ans, err
}

func (c *Client) complete(ctx context.Context, r Request, call *Call) (Answer, error) {
	maxTokens := c.cfg.MaxTokens
	if r.MaxTokens > 0 {
		maxTokens = min(maxTokens, r.MaxTokens)
	}
	if t := TurnFrom(ctx); t != nil {
		rem := t.Remaining()
		if rem <= 0 {
			return Answer{}, fmt.Errorf("%w: %d of %d tokens used", ErrBudgetExhausted, t.Used(), t.budget)
		}
		maxTokens = min(maxTokens, rem)
	}
	req := c.chatRequest(r, maxTokens)
	key := Key{PromptID: r.PromptID, PromptVersion: r.PromptVersion, PromptHash: call.PromptHash, SchemaHash: call.SchemaHash, Model: c.cfg.Model,
		Output: string(c.cfg.Output), MaxTokens: maxTokens, Temperature: "default", Seed: "none", MessagesHash: messagesHash(req.Messages)}
	if r.Temperature != nil {
		key.Temperature = strconv.FormatFloat(float64(*r.Temperature), 'g', -1, 32)
		if *r.Temperature == 0 {
			ctx = withZeroTemperature(ctx)
		}
	}
	if req.Seed != nil {
		key.Seed = strconv.Itoa(*req.Seed)
	}
	if c.cfg.CassetteMode != CassetteOff {
		call.Cassette = key.Name()
	}
	var attempts atomic.Int32
	ctx = withAttempts(withKey(ctx, key), &attempts)
	parent := ctx
	if m, ok := stageFrom(ctx, r.Stage); ok {
		parent = m.parent
	}
	var resp openai.ChatCompletionResponse
	err := c.breaker.do(parent, func() error {
		var err error
		resp, err = c.api.CreateChatCompletion(ctx, req)
		if err != nil {
			return classify(ctx, err)
		}
		return nil
	})
	call.Attempts = int(attempts.Load())
	if err != nil {
		return Answer{}, err
	}
	call.PromptTokens, call.CompletionTokens, call.TotalTokens = resp.Usage.PromptTokens, resp.Usage.CompletionTokens, resp.Usage.TotalTokens
	if resp.Model != "" && resp.Model != c.cfg.Model {
		call.ServedModel = resp.Model
	}
	if len(resp.Choices) == 0 {
		return Answer{}, fmt.Errorf("%w: no choices", ErrBadOutput)
	}
	ch := resp.Choices[0]
	call.FinishReason = string(ch.FinishReason)
	raw := ch.Message.Content
	if ch.Message.Refusal != "" {
		return Answer{Raw: raw}, fmt.Errorf("%w: %s", ErrRefused, clip(ch.Message.Refusal, 200))
	}
	if ch.FinishReason == openai.FinishReasonLength {
		return Answer{Raw: raw}, fmt.Errorf("%w: cut off at %d completion tokens (finish_reason length)", ErrBadOutput, maxTokens)
	}
	content, err := ExtractJSON(raw)
	if err != nil {
		return Answer{Raw: raw}, fmt.Errorf("%w: not one JSON object: %v", ErrBadOutput, err)
	}
	if len(r.Schema) > 0 && !r.CallerValidates {
		if err := c.schemas.validate(call.SchemaHash, r.Schema, content); err != nil {
			return Answer{Content: content, Raw: raw}, err
		}
	}
	return Answer{Content: content, Raw: raw}, nil
}

// chatRequest is the wire request of r. In json_object mode the schema
// goes in the first system message, ahead of the user's text.
func (c *Client) chatRequest(r Request, maxTokens int) openai.ChatCompletionRequest {
	msgs := make([]openai.ChatCompletionMessage, 0, len(r.Messages)+1)
	for _, m := range r.Messages {
		msgs = append(msgs, openai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
	}
	req := openai.ChatCompletionRequest{Model: c.cfg.Model, MaxCompletionTokens: maxTokens, Seed: c.cfg.Seed}
	if r.Temperature != nil {
		req.Temperature = *r.Temperature
	}
	if len(r.Schema) > 0 {
		switch c.cfg.Output {
		case OutputJSONSchema:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: r.SchemaName, Schema: r.Schema, Strict: true}}
		case OutputJSONObject:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
			instr := "Answer with one JSON object that validates against this JSON Schema:\n" + string(r.Schema)
			if len(msgs) > 0 && msgs[0].Role == openai.ChatMessageRoleSystem {
				msgs[0].Content += "\n\n" + instr
			} else {
				msgs = append([]openai.ChatCompletionMessage{{Role: openai.ChatMessageRoleSystem, Content: instr}}, msgs...)
			}
		}
	}
	req.Messages = msgs
	return req
}

func messagesHash(msgs []openai.ChatCompletionMessage) string {
	raw, _ := json.Marshal(msgs)
	return Hash(raw)
}

// classify maps a transport or API error to the package's sentinels.
// classify maps a transport or API error to the package's sentinels; a
// stage whose deadline passed (while its caller still waits) is
// ErrStageDeadline.
func classify(ctx context.Context, err error) error {
	m, staged := ctx.Value(stageKey{}).(stageMark)
	switch {
	case errors.Is(err, ErrReplayMiss):
		return err
	case ctx.Err() != nil && staged && m.parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		if m.turnCut {
			return fmt.Errorf("%w: the turn's model time ran out during the %s stage", ErrStageDeadline, m.stage)
		}
		return fmt.Errorf("%w: the %s stage's deadline (%s) passed before the model answered", ErrStageDeadline, m.stage, m.timeout)
	case errors.Is(err, ErrUnavailable):
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("model call: %w", ctx.Err())
	}
	var ae *openai.APIError
	if errors.As(err, &ae) {
		return &StatusError{Status: ae.HTTPStatusCode, Message: clip(ae.Message, 200)}
	}
	var re *openai.RequestError
	if errors.As(err, &re) {
		return &StatusError{Status: re.HTTPStatusCode}
	}
	return fmt.Errorf("%w: %v", ErrUnavailable, err)
}

func outcome(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, ErrRefused):
		return "refused"
	case errors.Is(err, ErrBadOutput):
		return "bad_output"
	case errors.Is(err, ErrBudgetExhausted):
		return "budget"
	case errors.Is(err, ErrReplayMiss):
		return "replay_miss"
	case errors.Is(err, ErrBreakerOpen):
		return "breaker_open"
	case errors.Is(err, ErrStageDeadline):
		return "deadline"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, context.Canceled):
		return "canceled"
	}
	return "unavailable"
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// Embed returns one vector per text from the embeddings endpoint, in
// order, asking for dims dimensions when dims > 0.
func (c *Client) Embed(ctx context.Context, model string, dims int, texts []string) ([][]float32, error) {
	start := time.Now()
	call := Call{Stage: "embed", Model: model, CassetteMode: string(c.cfg.CassetteMode)}
	var attempts atomic.Int32
	resp, err := c.api.CreateEmbeddings(withAttempts(ctx, &attempts), openai.EmbeddingRequestStrings{Input: texts, Model: openai.EmbeddingModel(model), Dimensions: dims})
	call.Attempts = int(attempts.Load())
	call.LatencyMS = ms(time.Since(start))
	var out [][]float32
	if err == nil {
		call.PromptTokens, call.TotalTokens = resp.Usage.PromptTokens, resp.Usage.TotalTokens
		out = make([][]float32, len(texts))
		for _, d := range resp.Data {
			if d.Index < 0 || d.Index >= len(texts) || out[d.Index] != nil {
				err = fmt.Errorf("%w: embedding index %d of %d texts", ErrBadOutput, d.Index, len(texts))
				break
			}
			out[d.Index] = d.Embedding
		}
		for i := range out {
			if err == nil && out[i] == nil {
				err = fmt.Errorf("%w: no embedding for text %d", ErrBadOutput, i)
			}
		}
	} else {
		err = classify(ctx, err)
	}
	call.Outcome = outcome(err)
	if err != nil {
		call.Error = err.Error()
		out = nil
	}
	if t := TurnFrom(ctx); t != nil {
		t.record(call)
	}
	c.cfg.Observer.ModelCall(call)
	return out, err
}
