package main

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"searchagent/api"
)

// miniApp is the service over the six-channel test catalog, its own
// instance (its gauges count only what the test does).
func miniApp(t *testing.T) (*app, *httptest.Server) {
	t.Helper()
	a, err := newApp(context.Background(), appConfig{catalog: catalogFlags{files: []string{mini}}, log: slog.New(slog.DiscardHandler)}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.server.Handler())
	t.Cleanup(srv.Close)
	return a, srv
}

// /metrics counts the open sessions by the state of each of the three
// layers, following every committed turn.
func TestMetricsSessionsByState(t *testing.T) {
	_, srv := miniApp(t)
	idle := newClient(t, srv.URL, "youtube", "en")
	searched := newClient(t, srv.URL, "youtube", "en")
	searched.send("search.submit", api.Args{Text: "swim vest"})
	typing := newClient(t, srv.URL, "youtube", "zh")
	typing.send("input.type", api.Args{Text: "kayak"})
	if idle.snap.State.Session != "idle" || searched.snap.State.Session != "results_ready" || typing.snap.State.Input != "draft_keyword" {
		t.Fatalf("states: %+v %+v %+v", idle.snap.State, searched.snap.State, typing.snap.State)
	}
	// Every state of the clients' snapshots, per layer, plus one state
	// nobody is in (a zero series).
	want := map[string]int{`layer="session",state="clarifying"`: 0}
	for _, c := range []*client{idle, searched, typing} {
		want[`layer="input",state="`+c.snap.State.Input+`"`]++
		want[`layer="container",state="`+c.snap.State.Container+`"`]++
		want[`layer="session",state="`+c.snap.State.Session+`"`]++
	}
	_, body := do(t, "GET", srv.URL+"/metrics", nil, nil)
	for labels, n := range want {
		line := "searchagent_sessions_by_state{" + labels + "} " + strconv.Itoa(n) + "\n"
		if !strings.Contains(string(body), line) {
			t.Errorf("/metrics lacks %q", line)
		}
	}
}
