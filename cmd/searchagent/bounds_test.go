package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"searchagent/agent/sessions"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/store/pgstore"
)

// TestProductionEnforcesMaxSessions: with DATABASE_URL, --max-sessions is
// counted in PostgreSQL (issue 33: 500 of 500 creates answered 201 with
// --max-sessions 100), and --max-log-bytes, which only the memory store
// can honour, is refused at start-up rather than printed and ignored.
func TestProductionEnforcesMaxSessions(t *testing.T) {
	dsn := pgdbtest.VectorDSN(t)
	ingestMini(t, dsn)
	pool, err := pgdb.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(context.Background(), `TRUNCATE sessions, session_events, session_turns`); err != nil {
		t.Fatal(err)
	}
	pool.Close()
	cfg := appConfig{db: dbFlags{efSearch: pgstore.DefaultEfSearch, iterative: pgstore.IterativeRelaxed}, log: slog.New(slog.DiscardHandler),
		limits: sessions.Limits{MaxSessions: 3, IdleTTL: time.Hour}}
	a, err := newApp(context.Background(), cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.close)
	srv := httptest.NewServer(a.server.Handler())
	t.Cleanup(srv.Close)
	var codes []int
	for range 5 {
		resp, err := http.Post(srv.URL+"/v1/sessions", "application/json", strings.NewReader(`{"platform":"youtube"}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
		if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") == "" {
			t.Error("503 without Retry-After")
		}
	}
	want := []int{201, 201, 201, 503, 503}
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("creates with --max-sessions 3 = %v, want %v", codes, want)
		}
	}
	cfg.logBytesSet = true
	if _, err := newApp(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "--max-log-bytes") {
		t.Errorf("--max-log-bytes with DATABASE_URL = %v, want a start-up refusal", err)
	}
}

// TestRetentionFlag: --retain-sessions takes days or a duration, 0 keeps
// everything, anything else is a usage error; serve wires the sweeper.
func TestRetentionFlag(t *testing.T) {
	for in, want := range map[string]time.Duration{"30d": 30 * 24 * time.Hour, "12h": 12 * time.Hour, "0": 0, "90m": 90 * time.Minute} {
		if got, err := parseRetention(in); err != nil || got != want {
			t.Errorf("parseRetention(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1d", "0d", "abc", "-5h", "1.5d"} {
		if _, err := parseRetention(in); err == nil {
			t.Errorf("parseRetention(%q) accepted", in)
		}
	}
	a, err := newApp(context.Background(), appConfig{catalog: catalogFlags{files: []string{mini}}, retain: time.Hour, log: slog.New(slog.DiscardHandler)}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer a.close()
	if a.retention == nil {
		t.Fatal("--retain-sessions 1h: no sweeper")
	}
	if _, err := a.retention.Sweep(context.Background()); err != nil {
		t.Errorf("Sweep = %v", err)
	}
}
