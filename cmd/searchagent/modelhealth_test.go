package main

// The model path's deadlines, circuit breaker and explain limits through
// serve's HTTP API, against the scripted model server (issue 27 item 3).

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"searchagent/api"
	"searchagent/server"
	"searchagent/tools/llm/llmtest"
)

func modelAppWith(t *testing.T, env map[string]string, mod func(*appConfig)) *httptest.Server {
	t.Helper()
	cfg := appConfig{catalog: catalogFlags{files: []string{mini}}, log: slog.New(slog.DiscardHandler), getenv: func(k string) string { return env[k] }}
	if mod != nil {
		mod(&cfg)
	}
	a, err := newApp(context.Background(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.server.Handler())
	t.Cleanup(srv.Close)
	return srv
}

// healthTurn is a turn's trace as these tests read it.
type healthTurn struct {
	ModelCalls []struct {
		Stage          string  `json:"stage"`
		Outcome        string  `json:"outcome"`
		Error          string  `json:"error"`
		StageTimeoutMS float64 `json:"stage_timeout_ms"`
	} `json:"model_calls"`
	Steps []struct {
		Step   string          `json:"step"`
		Detail json.RawMessage `json:"detail"`
	} `json:"steps"`
}

func (c *client) traces() []healthTurn {
	c.t.Helper()
	resp, b := do(c.t, "GET", c.base+"/v1/sessions/"+c.id+"/trace", nil, map[string]string{"X-Session-Token": c.token})
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("trace = %d %s", resp.StatusCode, b)
	}
	var doc struct {
		Turns []healthTurn `json:"turns"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		c.t.Fatal(err)
	}
	return doc.Turns
}

// needsModel is a sentence whose words the deterministic parse can only
// keep as keywords (so the parse stage is asked) and that finds channels
// of the mini catalog without the model.
const needsModel = "find US channels about swim vest"

// TestServeAHangingParseStillSearches: a parse call the model never
// answers ends at the parse stage's deadline — the request is cancelled —
// and the turn answers 200 with the deterministic reading's results; the
// trace says the stage was skipped for its deadline. (Before the stage
// deadlines the model's deadline was the turn's: the turn failed with
// turn_failed and no results.)
func TestServeAHangingParseStillSearches(t *testing.T) {
	model := llmtest.New(t)
	model.Respond(func(req llmtest.ChatRequest) llmtest.Reply {
		if req.SchemaName() == "conditions" {
			return llmtest.Reply{Delay: time.Hour} // until the client gives up
		}
		return scriptedModel(req)
	})
	srv := modelAppWith(t, map[string]string{"OPENAI_BASE_URL": model.BaseURL(), "SEARCHAGENT_CHAT_MODEL": "scripted-1",
		"SEARCHAGENT_LLM_PARSE_DEADLINE": "300ms"}, nil)
	c := newClient(t, srv.URL, "youtube", "en")
	c.send("search.submit", api.Args{Text: needsModel})
	if r := c.snap.Results; r == nil || r.Total == 0 || len(r.Items) == 0 {
		t.Fatalf("search.submit(%q) with a hanging parse: results %+v, want the deterministic reading's", needsModel, r)
	}
	turns := c.traces()
	if len(turns) != 1 || len(turns[0].ModelCalls) == 0 {
		t.Fatalf("trace = %+v, want one turn with its model calls", turns)
	}
	parse := turns[0].ModelCalls[0]
	if parse.Stage != "parse" || parse.Outcome != "deadline" || parse.StageTimeoutMS != 300 || !strings.Contains(parse.Error, "parse stage's deadline (300ms)") {
		t.Errorf("parse call = %+v, want outcome deadline under the configured 300ms", parse)
	}
	detail := ""
	for _, st := range turns[0].Steps {
		if st.Step == api.StepParseConditions {
			detail = string(st.Detail)
		}
	}
	if !strings.Contains(detail, "deterministic parse stands") || !strings.Contains(detail, "deadline") {
		t.Errorf("parse step detail %s does not say the stage was skipped for its deadline", detail)
	}
	waitCanceled(t, model, "conditions")
	// Every request the model got carries temperature 0 (the prompts'
	// hint) and the seed.
	for _, r := range model.Requests() {
		var body map[string]json.RawMessage
		if err := json.Unmarshal(r.Raw, &body); err != nil {
			t.Fatal(err)
		}
		if string(body["temperature"]) != "0" || string(body["seed"]) != "1" {
			t.Errorf("%s request: temperature %s, seed %s; want 0 and 1", r.Body.SchemaName(), body["temperature"], body["seed"])
		}
	}
}

func waitCanceled(t *testing.T, model *llmtest.Server, schema string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, r := range model.Requests() {
			if r.Body.SchemaName() == schema && r.Canceled {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("the model server never saw the %s request cancelled", schema)
}

// TestServeABadModelKeyDegrades: a 401 opens the circuit at once; the
// turn still answers, /readyz says the model is degraded with reason
// http_401, the metrics count the trip, and later turns skip the model
// (no request) with the reason in their trace.
func TestServeABadModelKeyDegrades(t *testing.T) {
	model := llmtest.New(t)
	model.Respond(func(llmtest.ChatRequest) llmtest.Reply { return llmtest.Reply{Status: http.StatusUnauthorized} })
	srv := modelAppWith(t, map[string]string{"OPENAI_BASE_URL": model.BaseURL(), "OPENAI_API_KEY": "sk-wrong", "SEARCHAGENT_CHAT_MODEL": "scripted-1"}, nil)

	resp, b := do(t, "GET", srv.URL+"/readyz", nil, nil)
	var rd api.Readiness
	if err := json.Unmarshal(b, &rd); err != nil || resp.StatusCode != http.StatusOK || rd.ModelStatus == nil || rd.ModelStatus.Status != "ok" {
		t.Fatalf("readyz before any call = %d %s", resp.StatusCode, b)
	}

	c := newClient(t, srv.URL, "youtube", "en")
	c.send("search.submit", api.Args{Text: needsModel})
	if r := c.snap.Results; r == nil || r.Total == 0 {
		t.Fatalf("results with a bad key: %+v, want the deterministic reading's", r)
	}
	if n := len(model.Requests()); n != 1 {
		t.Errorf("%d requests reached the model, want 1 (the 401 opens the circuit; slots are skipped)", n)
	}

	resp, b = do(t, "GET", srv.URL+"/readyz", nil, nil)
	rd = api.Readiness{}
	if err := json.Unmarshal(b, &rd); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("readyz = %d %s", resp.StatusCode, b)
	}
	ms := rd.ModelStatus
	if ms == nil || ms.Status != "degraded" || ms.Breaker != "open" || ms.Reason != "http_401" || ms.RetryAt == nil {
		t.Errorf("readyz model_status = %+v, want degraded, open, http_401", ms)
	}
	if !strings.Contains(strings.Join(rd.Notes, "\n"), "model degraded (http_401)") {
		t.Errorf("readyz notes %q do not say the model is degraded", rd.Notes)
	}
	_, metrics := do(t, "GET", srv.URL+"/metrics", nil, nil)
	for _, want := range []string{`searchagent_llm_breaker_trips_total{reason="http_401"} 1`, "searchagent_llm_breaker_state 2", `searchagent_llm_failures_total{reason="http_401"} 1`} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}

	c2 := newClient(t, srv.URL, "youtube", "en")
	c2.send("search.submit", api.Args{Text: needsModel})
	if n := len(model.Requests()); n != 1 {
		t.Errorf("%d requests reached the model after the circuit opened, want still 1", n)
	}
	turns := c2.traces()
	if len(turns) != 1 || len(turns[0].ModelCalls) == 0 || turns[0].ModelCalls[0].Outcome != "breaker_open" || !strings.Contains(turns[0].ModelCalls[0].Error, "http_401") {
		t.Errorf("trace of a turn while open = %+v, want its calls skipped as breaker_open (http_401)", turns)
	}
}

// TestServeExplainWithAModelNeedsTheKeyAndIsLimited: with a model
// configured and API keys set, POST /v1/route/explain answers 401 without
// a key and 429 past its per-client limit (before any model call).
func TestServeExplainWithAModelNeedsTheKeyAndIsLimited(t *testing.T) {
	model := llmtest.New(t)
	model.Respond(scriptedModel)
	srv := modelAppWith(t, map[string]string{"OPENAI_BASE_URL": model.BaseURL(), "SEARCHAGENT_CHAT_MODEL": "scripted-1"}, func(c *appConfig) {
		c.apiKeys = []string{"k-auditor"}
		c.explainLimit = server.RateLimit{Rate: 0.001, Burst: 2}
	})
	body := api.ExplainRequest{Text: "能不能再多给点跟这个差不多的", Locale: "zh", State: api.State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}}
	if resp, b := do(t, "POST", srv.URL+"/v1/route/explain", body, nil); resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("explain without a key = %d %s, want 401", resp.StatusCode, b)
	}
	key := map[string]string{"Authorization": "Bearer k-auditor"}
	for i := range 2 {
		if resp, b := do(t, "POST", srv.URL+"/v1/route/explain", body, key); resp.StatusCode != http.StatusOK {
			t.Fatalf("explain %d within the limit = %d %s", i, resp.StatusCode, b)
		}
	}
	calls := len(model.Requests())
	if calls == 0 {
		t.Errorf("the explains made no classifier call: the test does not hold what it means to")
	}
	resp, b := do(t, "POST", srv.URL+"/v1/route/explain", body, key)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "rate_limited") {
		t.Errorf("explain past the limit = %d %s (Retry-After %q), want 429 rate_limited", resp.StatusCode, b, resp.Header.Get("Retry-After"))
	}
	if n := len(model.Requests()); n != calls {
		t.Errorf("the limited explain reached the model (%d → %d requests)", calls, n)
	}
}
