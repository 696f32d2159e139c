package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"searchagent/tools/llm"
	"searchagent/tools/llm/llmtest"
)

func TestExtractJSONReadsEveryWrapping(t *testing.T) {
	const obj = `{"spec_id":"refine.more_like"}`
	for _, tc := range []struct {
		name, content string
	}{
		{"bare", obj},
		{"lower-case fence", "```json\n" + obj + "\n```"},
		{"upper-case fence", "```JSON\n" + obj + "\n```"},
		{"fence without a language", "```\n" + obj + "\n```"},
		{"tilde fence", "~~~json\n" + obj + "\n~~~"},
		{"leading sentence", "Here is the JSON you asked for: " + obj},
		{"leading sentence and a fence", "Sure! The answer is below.\n\n```Json\n" + obj + "\n```\nHope this helps."},
		{"think block", "<think>The user wants more of the same, {so} refine.more_like fits.</think>\n" + obj},
		{"think block and a fence", "<think>\nreasoning…\n</think>\n```json\n" + obj + "\n```"},
		{"trailing sentence", obj + "\nThis picks the closest intent."},
		{"a brace in the sentence before", "I read {the input} as: " + obj},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := llm.ExtractJSON(tc.content)
			if err != nil || got != obj {
				t.Errorf("ExtractJSON(%q) = %q, %v; want %q", tc.content, got, err, obj)
			}
		})
	}
	for _, bad := range []string{"", "no object here", `["spec_id"]`, "```json\n[1, 2]\n```", `{"spec_id": "x"`} {
		if got, err := llm.ExtractJSON(bad); err == nil {
			t.Errorf("ExtractJSON(%q) = %q, want an error", bad, got)
		}
	}
}

// TestWrappedAnswersReachTheCaller: the client reads the object out of
// the wrapping a model put around it, and keeps the raw text.
func TestWrappedAnswersReachTheCaller(t *testing.T) {
	srv := llmtest.New(t)
	raw := "<think>more of the same</think>\n```JSON\n{\"spec_id\":\"refine.more_like\"}\n```"
	srv.Push(llmtest.Reply{Content: raw})
	c, _ := newClient(t, srv, nil)
	ans, err := c.Complete(context.Background(), request())
	if err != nil || ans.Content != `{"spec_id":"refine.more_like"}` || ans.Raw != raw {
		t.Fatalf("Complete() = content %q raw %q, %v", ans.Content, ans.Raw, err)
	}
}

func TestAnswersAreCheckedAgainstTheirSchema(t *testing.T) {
	for _, tc := range []struct {
		name, content, want string
	}{
		{"missing property", `{"confidence":1}`, "missing property 'spec_id'"},
		{"wrong type", `{"spec_id":3}`, "/spec_id"},
		{"extra property", `{"spec_id":"x","why":"y"}`, "additional"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Content: tc.content})
			c, _ := newClient(t, srv, nil)
			ans, err := c.Complete(context.Background(), request())
			if !errors.Is(err, llm.ErrBadOutput) || !strings.Contains(err.Error(), "does not match its schema") || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Complete(%s) error = %v, want ErrBadOutput naming %q", tc.content, err, tc.want)
			}
			if ans.Raw != tc.content || ans.Call.Outcome != "bad_output" {
				t.Errorf("answer = raw %q outcome %q, want the raw answer kept (for a re-ask)", ans.Raw, ans.Call.Outcome)
			}
		})
	}
	// A caller that validates against its own schema gets the object.
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: `{"confidence":1}`})
	c, _ := newClient(t, srv, nil)
	r := request()
	r.CallerValidates = true
	if _, err := c.Complete(context.Background(), r); err != nil {
		t.Errorf("CallerValidates: %v", err)
	}
}

func f32(v float32) *float32 { return &v }

func TestTemperatureAndSeedOnTheWire(t *testing.T) {
	seed := 7
	for _, tc := range []struct {
		name     string
		temp     *float32
		seed     *int
		wantTemp string // the raw JSON value; "" absent
		wantSeed string
	}{
		{"an explicit zero is sent", f32(0), nil, "0", ""},
		{"a non-zero temperature", f32(0.7), &seed, "0.7", "7"},
		{"no temperature: the server's default", nil, &seed, "", "7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Content: `{"spec_id":"x"}`})
			c, _ := newClient(t, srv, func(c *llm.Config) { c.Seed = tc.seed })
			r := request()
			r.Temperature = tc.temp
			if _, err := c.Complete(context.Background(), r); err != nil {
				t.Fatal(err)
			}
			var body map[string]json.RawMessage
			if err := json.Unmarshal(srv.Requests()[0].Raw, &body); err != nil {
				t.Fatal(err)
			}
			if got := string(body["temperature"]); got != tc.wantTemp {
				t.Errorf("temperature on the wire = %q, want %q", got, tc.wantTemp)
			}
			if got := string(body["seed"]); got != tc.wantSeed {
				t.Errorf("seed on the wire = %q, want %q", got, tc.wantSeed)
			}
			if string(body["model"]) != `"gpt-test"` || len(body["messages"]) == 0 {
				t.Errorf("the rest of the body was lost: %s", srv.Requests()[0].Raw)
			}
		})
	}
}

// TestCassetteKeyCoversWhatChangesTheAnswer: a request that differs in
// output mode, token cap, temperature, seed or messages is another
// question, recorded under another name.
func TestCassetteKeyCoversWhatChangesTheAnswer(t *testing.T) {
	name := func(mod func(*llm.Config), req func(*llm.Request)) string {
		t.Helper()
		srv := llmtest.New(t)
		srv.Push(llmtest.Reply{Content: `{"spec_id":"x"}`})
		c, _ := newClient(t, srv, func(c *llm.Config) {
			c.CassetteMode, c.Cassettes = llm.CassetteRecord, t.TempDir()
			if mod != nil {
				mod(c)
			}
		})
		r := request()
		r.Temperature = f32(0)
		if req != nil {
			req(&r)
		}
		ans, err := c.Complete(context.Background(), r)
		if err != nil {
			t.Fatal(err)
		}
		return ans.Call.Cassette
	}
	base := name(nil, nil)
	if again := name(nil, nil); again != base {
		t.Fatalf("the same request got two keys: %s, %s", base, again)
	}
	seed := 3
	for _, tc := range []struct {
		name string
		mod  func(*llm.Config)
		req  func(*llm.Request)
	}{
		{"output mode", func(c *llm.Config) { c.Output = llm.OutputJSONObject }, nil},
		{"max tokens", nil, func(r *llm.Request) { r.MaxTokens = 50 }},
		{"temperature", nil, func(r *llm.Request) { r.Temperature = f32(0.5) }},
		{"no temperature", nil, func(r *llm.Request) { r.Temperature = nil }},
		{"seed", func(c *llm.Config) { c.Seed = &seed }, nil},
		{"model", func(c *llm.Config) { c.Model = "gpt-other" }, nil},
		{"a re-ask message", nil, func(r *llm.Request) {
			r.Messages = append(r.Messages, llm.Message{Role: "assistant", Content: "{}"}, llm.Message{Role: "user", Content: "again"})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := name(tc.mod, tc.req); got == base {
				t.Errorf("changing the %s kept the cassette key %s", tc.name, got)
			}
		})
	}
}

// TestAHangingCallEndsAtItsStageDeadline: a server that never answers
// holds the call until the stage's deadline, which ends it (the request's
// context is cancelled) with ErrStageDeadline, outcome "deadline".
func TestAHangingCallEndsAtItsStageDeadline(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Delay: time.Hour, Content: `{}`})
	c, _ := newClient(t, srv, func(c *llm.Config) {
		c.StageTimeouts = map[string]time.Duration{"classifier": 100 * time.Millisecond}
	})
	if got := c.StageTimeout("classifier"); got != 100*time.Millisecond {
		t.Fatalf("StageTimeout = %s", got)
	}
	ans, err := c.Complete(context.Background(), request())
	if !errors.Is(err, llm.ErrStageDeadline) || ans.Call.Outcome != "deadline" || ans.Call.StageTimeoutMS != 100 {
		t.Fatalf("Complete() = %v (outcome %q, stage timeout %v ms), want ErrStageDeadline after the classifier's 100ms", err, ans.Call.Outcome, ans.Call.StageTimeoutMS)
	}
	if !strings.Contains(err.Error(), "classifier stage's deadline (100ms)") {
		t.Errorf("error %q does not name the stage and its deadline", err)
	}
	waitCanceled(t, srv)
	// The caller's own context is untouched: a stage's deadline is its own.
	ctx, turn, cancel := c.StartTurn(context.Background())
	defer cancel()
	if _, ok := ctx.Deadline(); ok || turn == nil {
		t.Errorf("StartTurn bounded the turn's context")
	}
}

func waitCanceled(t *testing.T, srv *llmtest.Server) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if r := srv.Requests(); len(r) > 0 && r[len(r)-1].Canceled {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Errorf("the server did not see the request cancelled")
}
