package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"searchagent/tools/llm"
	"searchagent/tools/llm/llmtest"
)

// TestABadKeyOpensTheCircuitAtOnce: a 401 does not heal by retrying: the
// first one opens the circuit, the model is skipped (no request) and the
// health, the metrics and the error say why.
func TestABadKeyOpensTheCircuitAtOnce(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond(func(llmtest.ChatRequest) llmtest.Reply { return llmtest.Reply{Status: 401} })
	reg := prometheus.NewRegistry()
	m, err := llm.NewMetrics(reg)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := newClient(t, srv, func(c *llm.Config) { c.Observer = m })
	if h := c.Health(); h.Status != llm.HealthOK || h.Breaker != llm.BreakerClosed {
		t.Fatalf("fresh client health = %+v", h)
	}
	_, err = c.Complete(context.Background(), request())
	var se *llm.StatusError
	if !errors.As(err, &se) || se.Status != 401 || !errors.Is(err, llm.ErrUnavailable) {
		t.Fatalf("first call error = %v, want a 401 StatusError", err)
	}
	h := c.Health()
	if h.Status != llm.HealthDegraded || h.Breaker != llm.BreakerOpen || h.Reason != llm.ReasonUnauthorized || h.RetryAt == nil || !strings.Contains(h.LastError, "401") || h.ConsecutiveFailures != 1 {
		t.Errorf("health after a 401 = %+v, want degraded, open, reason http_401", h)
	}
	ans, err := c.Complete(context.Background(), request())
	if !errors.Is(err, llm.ErrBreakerOpen) || ans.Call.Outcome != "breaker_open" || !strings.Contains(err.Error(), "http_401") {
		t.Errorf("call while open = %v (outcome %q), want ErrBreakerOpen naming http_401", err, ans.Call.Outcome)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests reached the server, want 1 (the open circuit skips the model)", n)
	}
	if got := gathered(t, reg, "searchagent_llm_breaker_trips_total", "reason", llm.ReasonUnauthorized); got != 1 {
		t.Errorf("breaker_trips_total{reason=http_401} = %v, want 1", got)
	}
	if got := gathered(t, reg, "searchagent_llm_failures_total", "reason", llm.ReasonUnauthorized); got != 1 {
		t.Errorf("failures_total{reason=http_401} = %v, want 1", got)
	}
	if got := gathered(t, reg, "searchagent_llm_breaker_state", "", ""); got != 2 {
		t.Errorf("breaker_state = %v, want 2 (open)", got)
	}
}

// TestConsecutiveFailuresOpenTheCircuitAndAProbeClosesIt: server errors
// and timeouts count; after BreakerFailures of them in a row the model is
// skipped for the cool-down, then one probe call that succeeds closes the
// circuit. A malformed answer is the server answering: it does not count.
func TestConsecutiveFailuresOpenTheCircuitAndAProbeClosesIt(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Content: `not json`}, llmtest.Reply{Status: 503}, llmtest.Reply{Status: 500}, llmtest.Reply{Status: 502})
	c, _ := newClient(t, srv, func(c *llm.Config) {
		c.MaxRetries, c.BreakerFailures, c.BreakerCooldown = -1, 3, 50*time.Millisecond
	})
	for i := range 4 {
		if _, err := c.Complete(context.Background(), request()); err == nil {
			t.Fatalf("call %d succeeded", i)
		}
		if i == 2 {
			if h := c.Health(); h.Breaker != llm.BreakerClosed || h.ConsecutiveFailures != 2 || h.Reason != llm.ReasonServerError {
				t.Errorf("after a bad answer and two 5xx: %+v, want closed with 2 failures (http_5xx)", h)
			}
		}
	}
	if h := c.Health(); h.Breaker != llm.BreakerOpen || h.Reason != llm.ReasonServerError {
		t.Fatalf("after three 5xx in a row: %+v, want open (http_5xx)", h)
	}
	srv.Push(llmtest.Reply{Content: `{"spec_id":"x"}`})
	deadline := time.Now().Add(5 * time.Second)
	for c.Health().Breaker == llm.BreakerOpen && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if h := c.Health(); h.Breaker != llm.BreakerHalfOpen || h.Status != llm.HealthDegraded {
		t.Fatalf("after the cool-down: %+v, want half-open (still degraded)", h)
	}
	if _, err := c.Complete(context.Background(), request()); err != nil {
		t.Fatalf("probe call: %v", err)
	}
	if h := c.Health(); h.Breaker != llm.BreakerClosed || h.Status != llm.HealthOK || h.ConsecutiveFailures != 0 {
		t.Errorf("after a good probe: %+v, want closed and ok", h)
	}
}

// TestACancelledCallerIsNotAModelFailure: a client that goes away says
// nothing about the model.
func TestACancelledCallerIsNotAModelFailure(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond(func(llmtest.ChatRequest) llmtest.Reply { return llmtest.Reply{Delay: time.Hour} })
	c, _ := newClient(t, srv, func(c *llm.Config) { c.BreakerFailures = 1 })
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	if _, err := c.Complete(ctx, request()); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if h := c.Health(); h.Breaker != llm.BreakerClosed || h.ConsecutiveFailures != 0 {
		t.Errorf("health = %+v, want closed with no failure", h)
	}
}

// gathered is the value of the series name{label=value} in reg (-1 when
// absent); label "" takes the unlabelled series.
func gathered(t *testing.T, reg *prometheus.Registry, name, label, value string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			match := label == ""
			for _, lp := range m.GetLabel() {
				if lp.GetName() == label && lp.GetValue() == value {
					match = true
				}
			}
			if !match {
				continue
			}
			switch {
			case m.GetCounter() != nil:
				return m.GetCounter().GetValue()
			case m.GetGauge() != nil:
				return m.GetGauge().GetValue()
			}
		}
	}
	return -1
}
