package metrics

import (
	"strings"
	"testing"

	"searchagent/agent/sessions"
)

func TestObserveSessions(t *testing.T) {
	m, err := New(WithRuntimeCollectors(false))
	if err != nil {
		t.Fatal(err)
	}
	st := sessions.Stats{Open: 3, Closed: 1, LogBytes: 4096, Subscribers: 2, Evicted: 5, Refused: 6, ByState: map[sessions.State]int{
		{Input: "empty_input", Container: "compact_classic", Session: "idle"}:                1,
		{Input: "committed_keyword", Container: "compact_classic", Session: "results_ready"}: 2,
	}}
	if err := m.ObserveSessions(func() sessions.Stats { return st }); err != nil {
		t.Fatal(err)
	}
	body := scrape(t, m)
	for _, want := range []string{
		`searchagent_sessions_held{status="open"} 3`,
		`searchagent_sessions_held{status="closed"} 1`,
		`searchagent_session_log_bytes 4096`,
		`searchagent_open_streams 2`,
		`searchagent_sessions_evicted_total 5`,
		`searchagent_sessions_refused_total 6`,
		`searchagent_sessions_by_state{layer="input",state="empty_input"} 1`,
		`searchagent_sessions_by_state{layer="input",state="committed_keyword"} 2`,
		`searchagent_sessions_by_state{layer="input",state="draft_keyword"} 0`,
		`searchagent_sessions_by_state{layer="container",state="compact_classic"} 3`,
		`searchagent_sessions_by_state{layer="container",state="expanded_agent"} 0`,
		`searchagent_sessions_by_state{layer="session",state="idle"} 1`,
		`searchagent_sessions_by_state{layer="session",state="results_ready"} 2`,
		`searchagent_sessions_by_state{layer="session",state="clarifying"} 0`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
	if err := m.ObserveSessions(func() sessions.Stats { return st }); err == nil {
		t.Error("registering the session gauges twice succeeded")
	}
}
