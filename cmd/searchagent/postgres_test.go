package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/store/pgstore"
)

// pgApp starts one service instance on the databases in the environment
// (DATABASE_URL, SEARCHAGENT_SESSIONS_DATABASE_URL) behind an httptest
// server.
func pgApp(t *testing.T) (*app, *httptest.Server) {
	t.Helper()
	a, err := newApp(context.Background(), appConfig{db: dbFlags{efSearch: pgstore.DefaultEfSearch, iterative: pgstore.IterativeRelaxed}, log: slog.New(slog.DiscardHandler)}, io.Discard)
	if err != nil {
		t.Fatalf("newApp on PostgreSQL: %v", err)
	}
	t.Cleanup(a.close)
	srv := httptest.NewServer(a.server.Handler())
	t.Cleanup(srv.Close)
	return a, srv
}

// ingestMini migrates the vector database and loads testdata/mini.csv
// into an emptied channel table through the CLI, twice: the second run
// only updates.
func ingestMini(t *testing.T, dsn string) {
	t.Helper()
	t.Setenv("DATABASE_URL", dsn)
	if out, errOut, code := cli(t, "", "migrate", "up"); code != 0 {
		t.Fatalf("migrate up: %d %s %s", code, out, errOut)
	}
	pool, err := pgdb.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	_, err = pool.Exec(context.Background(), `TRUNCATE channels, channel_stats, channel_terms, channel_postings, channel_features, catalog_meta`)
	pool.Close()
	if err != nil {
		t.Fatal(err)
	}
	// The first run derives every channel's features under the model it
	// learns (Upsert wrote them under none); the second learns the same
	// model, under which Upsert already wrote them.
	for i, want := range [][3]int{{6, 0, 6}, {0, 6, 0}} {
		out, errOut, code := cli(t, "", "ingest", mini)
		if code != 0 {
			t.Fatalf("ingest: %d %s", code, errOut)
		}
		s := decode[ingestSummary](t, out)
		if s.Read != 6 || s.Inserted != want[0] || s.Updated != want[1] || s.Rejected != 0 {
			t.Errorf("ingest run %d: read %d, inserted %d, updated %d, rejected %d; want 6, %d, %d, 0", i+1, s.Read, s.Inserted, s.Updated, s.Rejected, want[0], want[1])
		}
		if s.FeaturesDerived != want[2] {
			t.Errorf("ingest run %d: %d channels' features derived after learning, want %d", i+1, s.FeaturesDerived, want[2])
		}
	}
}

// TestIngestFeaturesOnly: ingest --features-only derives the
// channel_features rows a catalog lacks (as after "migrate up" brought the
// table to a catalog ingested before it), under the catalog's learned
// model, and finds nothing to do the second time; it refuses files.
func TestIngestFeaturesOnly(t *testing.T) {
	dsn := pgdbtest.VectorDSN(t)
	ingestMini(t, dsn)
	pool, err := pgdb.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if _, err := pool.Exec(context.Background(), `DELETE FROM channel_features`); err != nil {
		t.Fatal(err)
	}
	for i, want := range []int{6, 0} {
		out, errOut, code := cli(t, "", "ingest", "--features-only")
		if code != 0 {
			t.Fatalf("run %d: ingest --features-only: %d %s", i+1, code, errOut)
		}
		s := decode[featuresSummary](t, out)
		if s.FeaturesDerived != want || !strings.HasPrefix(s.LearnedModel, "cooc-") {
			t.Errorf("run %d: %+v, want %d derived under a cooc model", i+1, s, want)
		}
	}
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM channel_features f JOIN channels c USING (key) WHERE f.learned_model <> ''`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 6 {
		t.Errorf("%d channels with features under the model, want 6", n)
	}
	if _, errOut, code := cli(t, "", "ingest", "--features-only", mini); code != 2 || !strings.Contains(errOut, "takes no FILE") {
		t.Errorf("--features-only with a file: exit %d, %q", code, errOut)
	}
}

// TestTwoInstancesShareSessions: a session created on one instance is
// continued on a second, and the second streams the turn the first runs.
func TestTwoInstancesShareSessions(t *testing.T) {
	dsn := pgdbtest.VectorDSN(t)
	ingestMini(t, dsn)
	t.Setenv("SEARCHAGENT_AUDITOR_KEYS", "audit-key")
	_, one := pgApp(t)
	_, two := pgApp(t)

	resp, b := do(t, "GET", two.URL+"/readyz", nil, nil)
	var rd api.Readiness
	json.Unmarshal(b, &rd)
	if resp.StatusCode != 200 || rd.Mode != "production" || rd.Store != "postgres" || !strings.HasPrefix(rd.Sessions, "postgres") || rd.Channels != 6 || rd.Extra["store_settings"] == "" {
		t.Errorf("/readyz = %d %+v, want production on postgres with 6 channels and the store settings", resp.StatusCode, rd)
	}

	c := newClient(t, one.URL, "youtube", "en")
	c.send("search.submit", api.Args{Text: "swim vest"})
	if c.snap.Results == nil || c.snap.Results.Total == 0 {
		t.Fatalf("search on instance one found nothing: %+v", c.snap.Results)
	}
	first := c.snap

	// Instance two serves the same session.
	c2 := &client{t: t, base: two.URL, id: c.id, token: c.token}
	resp, b = do(t, "GET", two.URL+"/v1/sessions/"+c.id, nil, map[string]string{"X-Session-Token": c.token})
	var got api.Snapshot
	json.Unmarshal(b, &got)
	if resp.StatusCode != 200 || got.Version != first.Version || got.Substate != first.Substate {
		t.Fatalf("instance two: GET = %d v%d %s, want v%d %s", resp.StatusCode, got.Version, got.Substate, first.Version, first.Substate)
	}

	// Instance two streams live what instance one runs next.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", two.URL+"/v1/sessions/"+c.id+"/stream", nil)
	req.Header.Set("X-Session-Token", c.token)
	req.Header.Set("Last-Event-ID", strconv.Itoa(countEvents(t, one.URL, c)))
	stream, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	done := make(chan []sseEvent, 1)
	go func() { done <- readUntil(stream.Body, api.EventTurnDone) }()
	c.send("tag.set_scope", api.Args{TagID: first.Context.KeywordTags[0].ID, Scope: "all"})
	var live []sseEvent
	select {
	case live = <-done:
	case <-ctx.Done():
		t.Fatal("instance two did not stream the turn instance one ran")
	}
	if len(live) == 0 || live[len(live)-1].name != api.EventTurnDone || live[0].name != api.EventTurnStarted {
		t.Errorf("instance two streamed %v, want turn.started … turn.done", live)
	}

	// And instance two continues the session.
	c2.send("tag.set_scope", api.Args{TagID: first.Context.KeywordTags[0].ID, Scope: "tags"})
	if c2.snap.Version != c.snap.Version+1 {
		t.Errorf("instance two committed v%d, want v%d", c2.snap.Version, c.snap.Version+1)
	}
	resp, b = do(t, "GET", one.URL+"/v1/sessions/"+c.id+"/trace", nil, map[string]string{"X-Session-Token": c.token})
	var tr struct {
		Mode  struct{ Store, Sessions string }
		Turns []json.RawMessage
	}
	json.Unmarshal(b, &tr)
	if resp.StatusCode != 200 || len(tr.Turns) != 3 || tr.Mode.Store != "postgres" {
		t.Errorf("trace on instance one: %d, %d turns, store %q; want 3 turns on postgres", resp.StatusCode, len(tr.Turns), tr.Mode.Store)
	}

	// Auditors query traces across sessions with their key.
	if resp, _ := do(t, "GET", two.URL+"/v1/traces?session="+c.id, nil, nil); resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("/v1/traces without a key = %d, want 401", resp.StatusCode)
	}
	since := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
	resp, b = do(t, "GET", two.URL+"/v1/traces?session="+c.id+"&since="+since, nil, map[string]string{"Authorization": "Bearer audit-key"})
	var tq tracesResponse
	json.Unmarshal(b, &tq)
	if resp.StatusCode != 200 || len(tq.Turns) != 3 || tq.Turns[2].Turn != 3 {
		t.Errorf("/v1/traces?session = %d, %d turns; want the 3 turns in order: %s", resp.StatusCode, len(tq.Turns), b)
	}
	// A follow-up the router reads as add_filter (filter.country): the
	// queries by command, intent and outcome find it and nothing else.
	c.send("agent.upgrade", api.Args{})
	c.send("followup.submit", api.Args{Text: "US only"})
	for _, tc := range []struct {
		query string
		want  int
	}{
		{"&command=add_filter", 1},
		{"&intent=filter.country", 1},
		{"&command=add_filter&outcome=ok", 1},
		{"&command=exclude_keyword", 0},
		{"&outcome=failed", 0},
		{"&outcome=ok", 5},
	} {
		resp, b := do(t, "GET", two.URL+"/v1/traces?session="+c.id+tc.query, nil, map[string]string{"Authorization": "Bearer audit-key"})
		var tq tracesResponse
		json.Unmarshal(b, &tq)
		if resp.StatusCode != 200 || len(tq.Turns) != tc.want {
			t.Errorf("/v1/traces?session=…%s = %d, %d turns; want %d: %s", tc.query, resp.StatusCode, len(tq.Turns), tc.want, b)
		}
	}
	// An unknown parameter or value is a 400, never an unfiltered answer.
	for _, q := range []string{"?command=bogus", "?branch=bogus", "?intent=filter.nope", "?outcome=maybe", "?sessions=" + c.id, "?branch=matched&branch=fallback"} {
		if resp, b := do(t, "GET", two.URL+"/v1/traces"+q, nil, map[string]string{"Authorization": "Bearer audit-key"}); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("/v1/traces%s = %d %s, want 400", q, resp.StatusCode, b)
		}
	}
	// The scheme is case-insensitive.
	if resp, b := do(t, "GET", two.URL+"/v1/traces?session="+c.id, nil, map[string]string{"Authorization": "bearer audit-key"}); resp.StatusCode != 200 {
		t.Errorf("/v1/traces with \"bearer\" = %d %s, want 200", resp.StatusCode, b)
	}
}

// countEvents is the session's last event id, read from its log.
func countEvents(t *testing.T, base string, c *client) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/v1/sessions/"+c.id+"/stream", nil)
	req.Header.Set("X-Session-Token", c.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	last := 0
	for _, e := range readUntil(resp.Body, "") {
		last = int(e.id)
	}
	return last
}

// readUntil reads SSE events until one named stop, or the end of r (for
// a live stream: until the reader's context ends).
func readUntil(r io.Reader, stop string) []sseEvent {
	var out []sseEvent
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var cur sseEvent
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" {
				out = append(out, cur)
				if cur.name == stop {
					return out
				}
			}
			cur = sseEvent{}
		case strings.HasPrefix(line, "id: "):
			cur.id, _ = strconv.ParseInt(line[4:], 10, 64)
		case strings.HasPrefix(line, "event: "):
			cur.name = line[7:]
		case strings.HasPrefix(line, "data: "):
			cur.data += line[6:]
		}
	}
	return out
}

// cutProxy forwards TCP to a database and can cut every connection and
// refuse new ones, as a database that died would.
type cutProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  []net.Conn
	writes int // client→server reads left before cutting; -1: never
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, target: target, writes: -1}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.down {
				p.mu.Unlock()
				c.Close()
				continue
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				p.mu.Unlock()
				c.Close()
				continue
			}
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go io.Copy(c, s)
			go p.pump(s, c)
		}
	}()
	return p
}

// pump copies client to server, counting reads toward a planned cut.
func (p *cutProxy) pump(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			cut := p.writes == 0
			if p.writes > 0 {
				p.writes--
			}
			p.mu.Unlock()
			if cut {
				p.cut()
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			dst.Close()
			return
		}
	}
}

// cutAfter cuts everything after n more client messages.
func (p *cutProxy) cutAfter(n int) { p.mu.Lock(); p.writes = n; p.mu.Unlock() }

func (p *cutProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down, p.writes = true, -1
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *cutProxy) restore() { p.mu.Lock(); p.down = false; p.mu.Unlock() }

// dsnVia rewrites dsn's host and port to the proxy's.
func dsnVia(t *testing.T, dsn string, p *cutProxy) string {
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = p.ln.Addr().String()
	return u.String()
}

// TestDatabaseKilledMidTurn: the sessions database dies during a turn:
// the stream ends with an error event, /readyz answers 503, nothing of
// the turn is committed, and the service recovers when the database is
// back.
func TestDatabaseKilledMidTurn(t *testing.T) {
	vdsn := pgdbtest.VectorDSN(t)
	sdsn := pgdbtest.DSN(t)
	ingestMini(t, vdsn)
	pool, err := pgdb.Open(context.Background(), sdsn)
	if err != nil {
		t.Fatal(err)
	}
	if err := pgdb.Ensure(context.Background(), pool, sessions.Schema, true, nil); err != nil {
		t.Fatal(err)
	}
	pool.Close()
	u, _ := url.Parse(sdsn)
	proxy := newCutProxy(t, u.Host)
	t.Setenv("SEARCHAGENT_SESSIONS_DATABASE_URL", dsnVia(t, sdsn, proxy))
	_, srv := pgApp(t)

	c := newClient(t, srv.URL, "youtube", "en")
	c.send("search.submit", api.Args{Text: "swim vest"})
	before := c.snap

	// The database dies during the next turn, at its commit at the
	// latest: the proxy counts what the service sends, and a turn's first
	// request is the token check with the writer lock and the read under
	// it (sessions.TokenLocker), so the second, the commit's at the
	// latest, is cut.
	proxy.cutAfter(1)
	body, _ := json.Marshal(api.EventRequest{Event: "tag.set_scope", Args: api.Args{TagID: before.Context.KeywordTags[0].ID, Scope: "all"}})
	req, _ := http.NewRequest("POST", srv.URL+"/v1/sessions/"+c.id+"/events", bytes.NewReader(body))
	req.Header.Set("X-Session-Token", c.token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	evs := readUntil(bytes.NewReader(raw), "")
	switch {
	case resp.StatusCode == http.StatusOK && len(evs) > 0:
		last := evs[len(evs)-1]
		if last.name != api.EventTurnError || !strings.Contains(last.data, `"code"`) {
			t.Errorf("the stream of the cut turn ends with %q %s, want an error event", last.name, last.data)
		}
	case resp.StatusCode >= 500:
		// The cut came before the first event: a JSON error, no stream.
	default:
		t.Errorf("cut turn answered %d %s, want an error event or a 5xx", resp.StatusCode, raw)
	}
	if resp, b := do(t, "GET", srv.URL+"/readyz", nil, nil); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("/readyz with the database down = %d %s, want 503", resp.StatusCode, b)
	}

	proxy.restore()
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, _ := do(t, "GET", srv.URL+"/readyz", nil, nil)
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz did not recover: %d", resp.StatusCode)
		}
		time.Sleep(200 * time.Millisecond)
	}
	resp2, b := do(t, "GET", srv.URL+"/v1/sessions/"+c.id, nil, map[string]string{"X-Session-Token": c.token})
	var got api.Snapshot
	json.Unmarshal(b, &got)
	if resp2.StatusCode != 200 || got.Version != before.Version || got.Context.KeywordTags[0].Scope != before.Context.KeywordTags[0].Scope {
		t.Errorf("after the cut: GET = %d v%d scope %q; want the last committed v%d scope %q (nothing half-written)",
			resp2.StatusCode, got.Version, got.Context.KeywordTags[0].Scope, before.Version, before.Context.KeywordTags[0].Scope)
	}
	c.snap = got
	c.send("tag.set_scope", api.Args{TagID: before.Context.KeywordTags[0].ID, Scope: "all"})
	if c.snap.Version != before.Version+1 || c.snap.Context.KeywordTags[0].Scope != "all" {
		t.Errorf("after recovery the turn committed v%d scope %q, want v%d all", c.snap.Version, c.snap.Context.KeywordTags[0].Scope, before.Version+1)
	}
}
