package metrics

import (
	"io"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"searchagent/internal/testwait"
)

func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("scrape = %d", rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestObserverSeries(t *testing.T) {
	m, err := New()
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Turn("followup.submit", false, 2*time.Second)
			m.Transition("A_REPAIR_SWITCH_TO_NL")
			m.RouterBranch("guard_hit")
			m.ContractViolation("SECOND_QUESTION")
			m.Step("classify", true, 40*time.Millisecond)
			m.HTTPRequest("/v1/sessions/:id/events", "POST", 409, 5*time.Millisecond)
		}()
	}
	testwait.WaitGroup(t, &wg, "the concurrent observers to finish")
	body := scrape(t, m)
	cases := []string{
		`searchagent_turns_total{event="followup.submit",ok="false"} 8`,
		`searchagent_turn_duration_seconds_bucket{event="followup.submit",le="2.5"} 8`,
		`searchagent_turn_duration_seconds_bucket{event="followup.submit",le="1"} 0`,
		`searchagent_transitions_total{action_id="A_REPAIR_SWITCH_TO_NL"} 8`,
		`searchagent_router_branches_total{branch="guard_hit"} 8`,
		`searchagent_contract_violations_total{code="SECOND_QUESTION"} 8`,
		`searchagent_step_duration_seconds_count{ok="true",step="classify"} 8`,
		`searchagent_http_requests_total{method="POST",route="/v1/sessions/:id/events",status="409"} 8`,
		`searchagent_http_request_duration_seconds_count{method="POST",route="/v1/sessions/:id/events"} 8`,
		`# TYPE searchagent_step_duration_seconds histogram`,
		`go_goroutines`,
		`process_`,
	}
	for _, want := range cases {
		if !strings.Contains(body, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
}

func TestOptions(t *testing.T) {
	reg := prometheus.NewRegistry()
	m, err := New(WithRegistry(reg), WithRuntimeCollectors(false))
	if err != nil {
		t.Fatal(err)
	}
	if m.Registry() != reg {
		t.Error("Registry() is not the given registry")
	}
	m.RouterBranch("rules_hit")
	body := scrape(t, m)
	if strings.Contains(body, "go_goroutines") {
		t.Error("runtime collectors present with WithRuntimeCollectors(false)")
	}
	if !strings.Contains(body, `searchagent_router_branches_total{branch="rules_hit"} 1`) {
		t.Error("series missing from the given registry")
	}
	if _, err := New(WithRegistry(reg)); err == nil {
		t.Error("New twice on one registry succeeded, want an already-registered error")
	}
	// Two default Metrics never collide: no global registry.
	if _, err := New(); err != nil {
		t.Errorf("New() = %v", err)
	}
	if _, err := New(); err != nil {
		t.Errorf("second New() = %v", err)
	}
}

func BenchmarkObserver(b *testing.B) {
	m, err := New(WithRuntimeCollectors(false))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		m.Step("retrieve", true, time.Millisecond)
		m.Transition("A_REPAIR_FIX_URL")
	}
}
