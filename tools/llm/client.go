package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Client calls an OpenAI-compatible server. It is safe for concurrent use.
type Client struct {
	cfg Config
	api *openai.Client
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
	oc := openai.DefaultConfig(cfg.APIKey)
	oc.BaseURL = cfg.BaseURL
	if oc.BaseURL == "" {
		oc.BaseURL = "http://replay.invalid/v1" // replay mode never dials
	}
	oc.HTTPClient = d
	return &Client{cfg: cfg, api: openai.NewClientWithConfig(oc)}, nil
}

// Model is the chat model's name.
func (c *Client) Model() string { return c.cfg.Model }

// Describe says how the client is configured, for /readyz and the log
// (never the key).
func (c *Client) Describe() map[string]string {
	return map[string]string{
		"base_url": c.cfg.BaseURL, "model": c.cfg.Model, "output": string(c.cfg.Output),
		"cassettes": string(c.cfg.CassetteMode), "cassette_dir": c.cfg.Cassettes,
	}
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // system or user
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
	// Temperature of the answer (0 by default: the same question gets the
	// same answer as far as the server allows).
	Temperature float32
	// MaxTokens caps this answer below the client's MaxTokens (0: no
	// extra cap).
	MaxTokens int
}

// Answer is the model's JSON object and the account of the call.
type Answer struct {
	Content string
	Call    Call
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
	key := Key{PromptID: r.PromptID, PromptVersion: r.PromptVersion, PromptHash: call.PromptHash, SchemaHash: call.SchemaHash, Model: c.cfg.Model}
	if c.cfg.CassetteMode != CassetteOff {
		call.Cassette = key.Name()
	}
	ans, err := c.complete(ctx, r, key, &call)
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

func (c *Client) complete(ctx context.Context, r Request, key Key, call *Call) (Answer, error) {
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
	msgs := make([]openai.ChatCompletionMessage, 0, len(r.Messages)+1)
	for _, m := range r.Messages {
		msgs = append(msgs, openai.ChatCompletionMessage{Role: m.Role, Content: m.Content})
	}
	req := openai.ChatCompletionRequest{Model: c.cfg.Model, Messages: msgs, MaxCompletionTokens: maxTokens, Temperature: r.Temperature}
	if len(r.Schema) > 0 {
		switch c.cfg.Output {
		case OutputJSONSchema:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: r.SchemaName, Schema: r.Schema, Strict: true}}
		case OutputJSONObject:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
			req.Messages = append(req.Messages, openai.ChatCompletionMessage{Role: openai.ChatMessageRoleSystem,
				Content: "Answer with one JSON object that validates against this JSON Schema:\n" + string(r.Schema)})
		}
	}
	var attempts atomic.Int32
	ctx = withAttempts(withKey(ctx, key), &attempts)
	resp, err := c.api.CreateChatCompletion(ctx, req)
	call.Attempts = int(attempts.Load())
	if err != nil {
		return Answer{}, classify(ctx, err)
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
	if ch.Message.Refusal != "" {
		return Answer{}, fmt.Errorf("%w: %s", ErrRefused, clip(ch.Message.Refusal, 200))
	}
	if ch.FinishReason == openai.FinishReasonLength {
		return Answer{}, fmt.Errorf("%w: cut off at %d completion tokens (finish_reason length)", ErrBadOutput, maxTokens)
	}
	content := strings.TrimSpace(ch.Message.Content)
	content = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(content, "```json"), "```"), "```")
	content = strings.TrimSpace(content)
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(content), &obj); err != nil {
		return Answer{}, fmt.Errorf("%w: not one JSON object: %v", ErrBadOutput, err)
	}
	return Answer{Content: content}, nil
}

// classify maps a transport or API error to the package's sentinels.
func classify(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, ErrReplayMiss), errors.Is(err, ErrUnavailable):
		return err
	case ctx.Err() != nil:
		return fmt.Errorf("model call: %w", ctx.Err())
	}
	var ae *openai.APIError
	if errors.As(err, &ae) {
		return fmt.Errorf("%w: status %d: %s", ErrUnavailable, ae.HTTPStatusCode, clip(ae.Message, 200))
	}
	var re *openai.RequestError
	if errors.As(err, &re) {
		return fmt.Errorf("%w: status %d", ErrUnavailable, re.HTTPStatusCode)
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
