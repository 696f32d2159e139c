package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/llm"
	"searchagent/tools/llm/llmtest"
)

var schema = json.RawMessage(`{"type":"object","properties":{"spec_id":{"type":"string"}},"required":["spec_id"],"additionalProperties":false}`)

func request() llm.Request {
	return llm.Request{Stage: "classifier", PromptID: "classify", PromptVersion: "3",
		Messages:   []llm.Message{{Role: "system", Content: "pick one"}, {Role: "user", Content: "more like this"}},
		SchemaName: "classifier", Schema: schema}
}

// sleeps records the waits between retries instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(done <-chan struct{}, d time.Duration) bool {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return true
}

func newClient(t *testing.T, srv *llmtest.Server, mod func(*llm.Config)) (*llm.Client, *sleeps) {
	t.Helper()
	sl := &sleeps{}
	cfg := llm.Config{BaseURL: srv.BaseURL(), APIKey: "k", Model: "gpt-test", Sleep: sl.sleep, Jitter: func() float64 { return 0.5 }}
	if mod != nil {
		mod(&cfg)
	}
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, sl
}

func TestRequestShape(t *testing.T) {
	for _, tc := range []struct {
		name   string
		output llm.OutputMode
		want   string
	}{
		{"strict json_schema", llm.OutputJSONSchema, "json_schema"},
		{"json mode", llm.OutputJSONObject, "json_object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Content: `{"spec_id":"refine.more_like"}`})
			c, _ := newClient(t, srv, func(c *llm.Config) { c.Output = tc.output })
			ans, err := c.Complete(context.Background(), request())
			if err != nil {
				t.Fatal(err)
			}
			if ans.Content != `{"spec_id":"refine.more_like"}` {
				t.Errorf("content = %q", ans.Content)
			}
			reqs := srv.Requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests, want 1", len(reqs))
			}
			got := reqs[0].Body
			if got.Model != "gpt-test" || got.ResponseFormat == nil || got.ResponseFormat.Type != tc.want {
				t.Fatalf("request = model %q format %+v", got.Model, got.ResponseFormat)
			}
			if tc.output == llm.OutputJSONSchema {
				js := got.ResponseFormat.JSONSchema
				if js == nil || js.Name != "classifier" || !js.Strict {
					t.Fatalf("json_schema = %+v", js)
				}
				var a, b any
				_ = json.Unmarshal(js.Schema, &a)
				_ = json.Unmarshal(schema, &b)
				if d := cmp.Diff(b, a); d != "" {
					t.Errorf("schema sent differs (-want +got):\n%s", d)
				}
				if len(got.Messages) != 2 {
					t.Errorf("%d messages, want 2", len(got.Messages))
				}
			} else if n := len(got.Messages); n != 2 || got.Messages[0].Role != "system" || !strings.Contains(got.Messages[0].Content, `"spec_id"`) || !strings.HasPrefix(got.Messages[0].Content, "pick one") {
				t.Errorf("json mode: messages = %+v, want the schema in the first (system) message, before the user's", got.Messages)
			}
			if got.Messages[1].Content != "more like this" {
				t.Errorf("user message = %q", got.Messages[1].Content)
			}
			call := ans.Call
			if call.Outcome != "ok" || call.TotalTokens != 30 || call.Attempts != 1 || call.FinishReason != "stop" || call.PromptVersion != "3" || call.SchemaHash == "" || call.PromptHash == "" {
				t.Errorf("call = %+v", call)
			}
		})
	}
}

func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		name     string
		replies  []llmtest.Reply
		want     error
		attempts int
		waits    []time.Duration
	}{
		{"malformed JSON", []llmtest.Reply{{Content: `{"spec_id": "x"`}}, llm.ErrBadOutput, 1, nil},
		{"not an object", []llmtest.Reply{{Content: `["x"]`}}, llm.ErrBadOutput, 1, nil},
		{"cut off", []llmtest.Reply{{Content: `{"spec_id":"x"}`, Finish: "length"}}, llm.ErrBadOutput, 1, nil},
		{"refusal field", []llmtest.Reply{{Refusal: "I can't help with that."}}, llm.ErrRefused, 1, nil},
		{"429 with Retry-After then ok", []llmtest.Reply{{Status: 429, Header: map[string]string{"Retry-After": "1"}}, {Content: `{"spec_id":"x"}`}}, nil, 2, []time.Duration{time.Second}},
		{"Retry-After beyond the stage deadline is not waited for", []llmtest.Reply{{Status: 429, Header: map[string]string{"Retry-After": "3"}}, {Content: `{"spec_id":"x"}`}}, llm.ErrUnavailable, 1, nil},
		{"500 then ok", []llmtest.Reply{{Status: 500}, {Content: `{"spec_id":"x"}`}}, nil, 2, []time.Duration{187500 * time.Microsecond}},
		{"500 three times", []llmtest.Reply{{Status: 500}, {Status: 502}, {Status: 503}}, llm.ErrUnavailable, 3, []time.Duration{187500 * time.Microsecond, 375 * time.Millisecond}},
		{"400 is not retried", []llmtest.Reply{{Status: 400}}, llm.ErrUnavailable, 1, nil},
		{"Retry-After capped", []llmtest.Reply{{Status: 429, Header: map[string]string{"Retry-After": "120"}}, {Content: `{"spec_id":"x"}`}}, nil, 2, []time.Duration{8 * time.Second}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(tc.replies...)
			c, sl := newClient(t, srv, func(c *llm.Config) {
				if tc.name == "Retry-After capped" {
					c.StageTimeouts = map[string]time.Duration{"classifier": time.Minute}
				}
			})
			ans, err := c.Complete(context.Background(), request())
			if tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Fatalf("Complete() error = %v, want %v", err, tc.want)
			}
			if ans.Call.Attempts != tc.attempts {
				t.Errorf("attempts = %d, want %d", ans.Call.Attempts, tc.attempts)
			}
			if d := cmp.Diff(tc.waits, sl.d); d != "" {
				t.Errorf("waits (-want +got):\n%s", d)
			}
		})
	}
}

func TestTimeoutIsRetriedThenFails(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Delay: time.Second, Content: `{}`}, llmtest.Reply{Delay: time.Second, Content: `{}`})
	c, _ := newClient(t, srv, func(c *llm.Config) { c.CallTimeout = 50 * time.Millisecond; c.MaxRetries = 1 })
	ans, err := c.Complete(context.Background(), request())
	if !errors.Is(err, llm.ErrUnavailable) || ans.Call.Attempts != 2 {
		t.Fatalf("err = %v, attempts = %d; want ErrUnavailable after 2 attempts", err, ans.Call.Attempts)
	}
}

func TestDisconnectCancelsTheCall(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Delay: 5 * time.Second, Content: `{}`})
	c, _ := newClient(t, srv, nil)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	ans, err := c.Complete(ctx, request())
	if !errors.Is(err, context.Canceled) || ans.Call.Outcome != "canceled" {
		t.Fatalf("err = %v (outcome %q), want context.Canceled", err, ans.Call.Outcome)
	}
	if time.Since(start) > 3*time.Second {
		t.Errorf("the call was not cut short")
	}
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		if r := srv.Requests(); len(r) == 1 && r[0].Canceled {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("the server did not see the request cancelled")
}

func TestBudgetExhaustedMidTurn(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: `{"spec_id":"x"}`, PromptTokens: 80, CompletionTokens: 30})
	c, _ := newClient(t, srv, func(c *llm.Config) { c.TurnTokenBudget = 100 })
	ctx, turn, cancel := c.StartTurn(context.Background())
	defer cancel()
	if _, err := c.Complete(ctx, request()); err != nil {
		t.Fatal(err)
	}
	if reqs := srv.Requests(); reqs[0].Body.MaxCompletionTokens != 100 {
		t.Errorf("max_completion_tokens = %d, want the remaining budget 100", reqs[0].Body.MaxCompletionTokens)
	}
	_, err := c.Complete(ctx, request())
	if !errors.Is(err, llm.ErrBudgetExhausted) {
		t.Fatalf("second call error = %v, want ErrBudgetExhausted", err)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests reached the server, want 1", n)
	}
	calls := turn.Calls()
	if len(calls) != 2 || calls[0].Outcome != "ok" || calls[1].Outcome != "budget" || turn.Used() != 110 {
		t.Errorf("ledger = %+v, used %d", calls, turn.Used())
	}
}

func TestRecordThenReplay(t *testing.T) {
	dir := t.TempDir()
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: `{"spec_id":"refine.more_like"}`})
	rec, _ := newClient(t, srv, func(c *llm.Config) { c.CassetteMode = llm.CassetteRecord; c.Cassettes = dir })
	live, err := rec.Complete(context.Background(), request())
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 || filepath.Base(files[0]) != live.Call.Cassette {
		t.Fatalf("cassettes = %v, want one named %s", files, live.Call.Cassette)
	}
	// Recording asks an identical request once: the second answer comes
	// from the cassette just written (the queue holds no second reply).
	again, err := rec.Complete(context.Background(), request())
	if err != nil || again.Content != live.Content || len(srv.Requests()) != 1 {
		t.Fatalf("recording the same request again: %v, %q, %d server calls; want the recorded answer and 1 call", err, again.Content, len(srv.Requests()))
	}
	// Replay needs no server at all.
	rep, err := llm.New(llm.Config{Model: "gpt-test", CassetteMode: llm.CassetteReplay, Cassettes: dir})
	if err != nil {
		t.Fatal(err)
	}
	got, err := rep.Complete(context.Background(), request())
	if err != nil {
		t.Fatalf("replay hit: %v", err)
	}
	if got.Content != live.Content || got.Call.TotalTokens != live.Call.TotalTokens {
		t.Errorf("replay = %q (%d tokens), want %q (%d)", got.Content, got.Call.TotalTokens, live.Content, live.Call.TotalTokens)
	}
	miss := request()
	miss.Messages[1].Content = "something never recorded"
	_, err = rep.Complete(context.Background(), miss)
	if !errors.Is(err, llm.ErrReplayMiss) {
		t.Fatalf("replay miss error = %v, want ErrReplayMiss", err)
	}
	key := llm.Key{PromptID: "classify", PromptVersion: "3", Model: "gpt-test"}
	if msg := err.Error(); !contains(msg, "classify@3-") || !contains(msg, "model gpt-test") {
		t.Errorf("miss error %q does not name the key (%s…)", msg, key.PromptID)
	}
	if len(srv.Requests()) != 1 {
		t.Errorf("replay reached the server")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

func TestEmbed(t *testing.T) {
	srv := llmtest.New(t)
	c, _ := newClient(t, srv, nil)
	vs, err := c.Embed(context.Background(), "text-embedding-3-small", 16, []string{"汽配", "auto parts"})
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || len(vs[0]) != 16 {
		t.Fatalf("got %d vectors of %d", len(vs), len(vs[0]))
	}
	if r := srv.Requests(); r[0].Body.Dimensions != 16 || r[0].Body.Model != "text-embedding-3-small" {
		t.Errorf("request = %+v", r[0].Body)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  llm.Config
	}{
		{"no base URL", llm.Config{Model: "m"}},
		{"no model", llm.Config{BaseURL: "http://x/v1"}},
		{"bad output", llm.Config{BaseURL: "http://x/v1", Model: "m", Output: "xml"}},
		{"record without dir", llm.Config{BaseURL: "http://x/v1", Model: "m", CassetteMode: llm.CassetteRecord}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := llm.New(tc.cfg); err == nil {
				t.Errorf("New(%+v) = nil error", tc.cfg)
			}
		})
	}
}
