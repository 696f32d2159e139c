package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/agent/agenttest"
	"searchagent/api"
	"searchagent/tools/states"
)

var (
	appOnce sync.Once
	testApp *app
	appErr  error
)

// apiServer is the real service (serve's wiring on the embedded default)
// behind an httptest server.
func apiServer(t testing.TB) *httptest.Server {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the 20k-channel demo catalog")
	}
	appOnce.Do(func() {
		testApp, appErr = newApp(context.Background(), appConfig{log: slog.New(slog.DiscardHandler)}, io.Discard)
	})
	if appErr != nil {
		t.Fatal(appErr)
	}
	srv := httptest.NewServer(openapiChecked(t, testApp.server.Handler()))
	t.Cleanup(srv.Close)
	return srv
}

type client struct {
	t     testing.TB
	base  string
	id    string
	token string
	snap  api.Snapshot
	evs   []api.StreamEvent
}

// postJSON is an in-process POST with a JSON body, as the API wants it.
func postJSON(path string, body io.Reader) *http.Request {
	req := httptest.NewRequest("POST", path, body)
	req.Header.Set("Content-Type", "application/json")
	return req
}

func do(t testing.TB, method, url string, body any, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func newClient(t testing.TB, base, platform, locale string) *client {
	t.Helper()
	resp, b := do(t, "POST", base+"/v1/sessions", api.CreateSessionRequest{Platform: platform, Locale: locale}, nil)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /v1/sessions = %d %s", resp.StatusCode, b)
	}
	var cr api.CreateSessionResponse
	json.Unmarshal(b, &cr)
	return &client{t: t, base: base, id: cr.SessionID, token: cr.Token, snap: cr.Snapshot}
}

func (c *client) send(event string, args api.Args) {
	c.t.Helper()
	resp, b := do(c.t, "POST", c.base+"/v1/sessions/"+c.id+"/events", api.EventRequest{Event: event, Args: args}, map[string]string{"X-Session-Token": c.token})
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("%s in %s = %d %s", event, c.snap.Substate, resp.StatusCode, b)
	}
	var er api.EventResponse
	if err := json.Unmarshal(b, &er); err != nil {
		c.t.Fatal(err)
	}
	c.snap, c.evs = er.Snapshot, er.Events
	for _, e := range er.Events {
		if e.Name == api.EventContractViolation {
			c.t.Errorf("%s: contract violation %s", event, e.Data)
		}
	}
}

// TestAPIReachesEverySubstate drives the scripted sessions through the
// HTTP API and checks each of the 39 sub-states of seed 000 §8.1 appears
// with its scene — in a snapshot, or as a transition event for the
// transient ones.
func TestAPIReachesEverySubstate(t *testing.T) {
	srv := apiServer(t)
	seen := map[string]bool{}
	check := func(scene, sub string) {
		info, ok := states.Lookup(sub)
		if !ok || string(info.Scene) != scene {
			t.Errorf("scene %q with sub-state %q is not in the catalogue", scene, sub)
		}
		seen[sub] = true
	}
	picker := newPickerRecorder() // the demo page's picker data, from the same replay
	for _, sc := range agenttest.Catalogue {
		c := newClient(t, srv.URL, sc.Platform, sc.Locale)
		check(c.snap.Scene, c.snap.Substate)
		picker.note(c.snap.Substate, sc, 0)
		for i, st := range sc.Steps {
			c.send(st.Event, st.Args)
			check(c.snap.Scene, c.snap.Substate)
			for _, e := range c.evs {
				if e.Name == api.EventTransition {
					var tr api.Transition
					json.Unmarshal(e.Data, &tr)
					check(tr.Scene, tr.Substate)
					picker.note(tr.Substate, sc, i+1)
				}
			}
			picker.note(c.snap.Substate, sc, i+1)
		}
		// GET returns the same snapshot.
		resp, b := do(t, "GET", srv.URL+"/v1/sessions/"+c.id, nil, map[string]string{"X-Session-Token": c.token})
		var got api.Snapshot
		json.Unmarshal(b, &got)
		if resp.StatusCode != 200 || got.Substate != c.snap.Substate || got.Version != c.snap.Version {
			t.Errorf("%s: GET snapshot %d %s v%d, want %s v%d", sc.Name, resp.StatusCode, got.Substate, got.Version, c.snap.Substate, c.snap.Version)
		}
	}
	var missing []string
	for _, s := range states.Catalogue {
		if !seen[s.ID] {
			missing = append(missing, s.ID)
		}
	}
	if len(missing) > 0 {
		t.Errorf("sub-states never reached through the API: %v", missing)
	}
	picker.check(t)
}

type sseEvent struct {
	id   int64
	name string
	data string
}

// readSSE reads events until n are read or the stream ends.
func readSSE(t testing.TB, r io.Reader, n int) []sseEvent {
	t.Helper()
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
				if len(out) == n {
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

// TestSSEStreamAndResume: a streamed turn arrives as SSE as it runs, its
// events without ids until the commit, then turn.done with the id of the
// turn's last event; a client that disconnects and reconnects to /stream
// with Last-Event-ID gets every later event exactly once.
func TestSSEStreamAndResume(t *testing.T) {
	srv := apiServer(t)
	c := newClient(t, srv.URL, "youtube", "zh")
	body, _ := json.Marshal(api.EventRequest{Event: "search.submit", Args: api.Args{Text: agenttest.NaturalZH}})
	turnCtx, turnCancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer turnCancel()
	req, _ := http.NewRequestWithContext(turnCtx, "POST", srv.URL+"/v1/sessions/"+c.id+"/events", bytes.NewReader(body))
	req.Header.Set("X-Session-Token", c.token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") || resp.Header.Get("X-Accel-Buffering") != "no" {
		t.Fatalf("content type %q, X-Accel-Buffering %q", ct, resp.Header.Get("X-Accel-Buffering"))
	}
	turn := readSSE(t, resp.Body, 1000)
	resp.Body.Close()
	names := []string{}
	for i, e := range turn {
		names = append(names, e.name)
		if want := int64(0); i < len(turn)-1 && e.id != want {
			t.Fatalf("pending event %d (%s) has id %d, want none before the commit", i, e.name, e.id)
		}
	}
	if got := turn[len(turn)-1].id; got != int64(len(turn)) {
		t.Fatalf("the committed turn.done has id %d, want %d (the turn's last seq)", got, len(turn))
	}
	for _, want := range []string{api.EventTurnStarted, api.EventTransition, api.EventStepStarted, api.EventStepFinished, api.EventSlots, api.EventResults, api.EventTurnDone} {
		if !slices.Contains(names, want) {
			t.Errorf("streamed turn lacks %s: %v", want, names)
		}
	}
	if names[len(names)-1] != api.EventTurnDone {
		t.Errorf("last event %s, want turn.done", names[len(names)-1])
	}

	// Read part of /stream from the start (lastEventId=0: without it the
	// stream carries live events only), drop the connection, resume after
	// the last id.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	req, _ = http.NewRequestWithContext(ctx, "GET", srv.URL+"/v1/sessions/"+c.id+"/stream?token="+c.token+"&lastEventId=0", nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	first := readSSE(t, resp.Body, 5)
	cancel()
	resp.Body.Close()
	last := first[len(first)-1].id

	req, _ = http.NewRequest("GET", srv.URL+"/v1/sessions/"+c.id+"/stream", nil)
	req.Header.Set("X-Session-Token", c.token)
	req.Header.Set("Last-Event-ID", strconv.FormatInt(last, 10))
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	req = req.WithContext(ctx2)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	// A live turn while resumed.
	go c.send("followup.submit", api.Args{Text: "只要粉丝 1w 以上的"})
	want := len(turn) - int(last)
	rest := readSSE(t, resp.Body, want+3) // the rest of turn 1 and the start of turn 2
	ids := map[int64]bool{}
	for i, e := range rest {
		if ids[e.id] {
			t.Fatalf("event %d delivered twice", e.id)
		}
		ids[e.id] = true
		if e.id != last+int64(i)+1 {
			t.Fatalf("resumed stream: event %d has id %d, want %d", i, e.id, last+int64(i)+1)
		}
	}
	if len(rest) != want+3 {
		t.Errorf("resumed stream gave %d events, want %d", len(rest), want+3)
	}
}

// TestAPIErrors checks the JSON error bodies of the real service.
func TestAPIErrors(t *testing.T) {
	srv := apiServer(t)
	c := newClient(t, srv.URL, "youtube", "en")
	tok := map[string]string{"X-Session-Token": c.token}
	cases := []struct {
		name, method, path string
		body               any
		hdr                map[string]string
		status             int
		code               string
	}{
		{"bad platform", "POST", "/v1/sessions", api.CreateSessionRequest{Platform: "myspace"}, nil, 400, "bad_platform"},
		{"unknown event", "POST", "/v1/sessions/" + c.id + "/events", api.EventRequest{Event: "nope"}, tok, 400, "unknown_event"},
		{"not allowed now", "POST", "/v1/sessions/" + c.id + "/events", api.EventRequest{Event: "clarify.answer"}, tok, 409, "not_allowed"},
		{"too large", "POST", "/v1/sessions/" + c.id + "/events", api.EventRequest{Event: "input.type", Args: api.Args{Text: strings.Repeat("a", 5000)}}, tok, 413, "too_large"},
		{"no token", "GET", "/v1/sessions/" + c.id, nil, nil, 401, "unauthorized"},
		{"wrong token", "GET", "/v1/sessions/" + c.id, nil, map[string]string{"X-Session-Token": "x"}, 403, "forbidden"},
		{"unknown session", "GET", "/v1/sessions/s_nope", nil, tok, 404, "not_found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, b := do(t, tc.method, srv.URL+tc.path, tc.body, tc.hdr)
			var eb api.ErrorBody
			json.Unmarshal(b, &eb)
			if resp.StatusCode != tc.status || eb.Error.Code != tc.code || eb.Error.Message == "" {
				t.Errorf("%s %s = %d %s, want %d %s", tc.method, tc.path, resp.StatusCode, b, tc.status, tc.code)
			}
		})
	}
	resp, b := do(t, "POST", srv.URL+"/v1/sessions/"+c.id+"/events", api.EventRequest{Event: "clarify.answer"}, tok)
	var eb struct {
		Error struct {
			Details struct {
				AllowedEvents  []string `json:"allowed_events"`
				AllowedActions []string `json:"allowed_actions"`
			} `json:"details"`
		} `json:"error"`
	}
	json.Unmarshal(b, &eb)
	if resp.StatusCode != 409 || len(eb.Error.Details.AllowedEvents) == 0 || len(eb.Error.Details.AllowedActions) == 0 {
		t.Errorf("409 body %s lacks the allowed events and action ids", b)
	}
	resp, b = do(t, "GET", srv.URL+"/readyz", nil, nil)
	var r api.Readiness
	json.Unmarshal(b, &r)
	if resp.StatusCode != 200 || r.Mode != "embedded" || r.Store != "memory" || r.Model != "none" || len(r.Notes) == 0 {
		t.Errorf("/readyz = %d %s", resp.StatusCode, b)
	}
	resp, b = do(t, "GET", srv.URL+"/metrics", nil, nil)
	for _, series := range []string{"searchagent_turns_total", "searchagent_transitions_total", "searchagent_step_duration_seconds"} {
		if resp.StatusCode != 200 || !bytes.Contains(b, []byte(series)) {
			t.Errorf("/metrics lacks %s", series)
		}
	}
}

// BenchmarkNaturalTurnHTTP measures a full natural-language turn (router
// guard, parse, retrieval, render, contract check, persistence) through
// the HTTP handler on the embedded default, reporting p50 and p99.
func BenchmarkNaturalTurnHTTP(b *testing.B) {
	apiServer(b)
	h := testApp.server.Handler()
	body, _ := json.Marshal(api.EventRequest{Event: "search.submit", Args: api.Args{Text: agenttest.NaturalZH}})
	var durs []time.Duration
	for b.Loop() {
		b.StopTimer()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, postJSON("/v1/sessions", strings.NewReader(`{"platform":"youtube","locale":"zh"}`)))
		var cr api.CreateSessionResponse
		json.Unmarshal(rec.Body.Bytes(), &cr)
		req := postJSON("/v1/sessions/"+cr.SessionID+"/events", bytes.NewReader(body))
		req.Header.Set("X-Session-Token", cr.Token)
		rec = httptest.NewRecorder()
		b.StartTimer()
		start := time.Now()
		h.ServeHTTP(rec, req)
		durs = append(durs, time.Since(start))
		if rec.Code != 200 {
			b.Fatalf("turn = %d %s", rec.Code, rec.Body)
		}
	}
	sort.Slice(durs, func(i, j int) bool { return durs[i] < durs[j] })
	if len(durs) > 0 {
		b.ReportMetric(float64(durs[len(durs)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(durs[len(durs)*99/100].Microseconds()), "p99-µs")
	}
}

// serve --catalog FILE… serves external files instead of the demo
// catalog, and /readyz says so.
func TestServeExternalCatalog(t *testing.T) {
	var stderr bytes.Buffer
	a, err := newApp(context.Background(), appConfig{catalog: catalogFlags{files: []string{mini}}, log: slog.New(slog.DiscardHandler)}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.server.Handler())
	defer srv.Close()
	_, b := do(t, "GET", srv.URL+"/readyz", nil, nil)
	var r api.Readiness
	json.Unmarshal(b, &r)
	if r.Channels != 6 || !strings.Contains(r.Catalog, "mini.csv") || slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, "demo") }) {
		t.Errorf("/readyz with --catalog = %s", b)
	}
	if !strings.Contains(stderr.String(), "read 6, accepted 6, rejected 0") {
		t.Errorf("the catalog report is missing from stderr: %q", stderr.String())
	}
	c := newClient(t, srv.URL, "youtube", "en")
	c.send("search.submit", api.Args{Text: "https://www.youtube.com/@lakedaygear"})
	if c.snap.Results == nil || c.snap.Results.Anchor == nil || c.snap.Results.Anchor.Handle != "lakedaygear" {
		t.Errorf("anchor search over the external catalog: %+v", c.snap.Results)
	}
	t.Setenv("DATABASE_URL", "postgres://localhost/x")
	if _, err := newApp(context.Background(), appConfig{catalog: catalogFlags{files: []string{mini}}, log: slog.New(slog.DiscardHandler)}, io.Discard); err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
		t.Errorf("serve with DATABASE_URL set = %v, want a refusal naming it", err)
	}
}

// TestServeNowDatesTheActivityFilters: with --now, "posted in the last
// week" counts back from the reference the catalog is dated by, not from
// the wall clock (it found nothing when the two were months apart).
func TestServeNowDatesTheActivityFilters(t *testing.T) {
	for _, tc := range []struct {
		now  string
		want []string
	}{
		{"2026-03-23", []string{"glowwithmaya"}},
		{"2026-04-15", nil},
	} {
		a, err := newApp(context.Background(), appConfig{catalog: catalogFlags{files: []string{mini}, now: tc.now}, log: slog.New(slog.DiscardHandler)}, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(a.server.Handler())
		c := newClient(t, srv.URL, "instagram", "en")
		c.send("search.submit", api.Args{Text: "beauty creators who posted in the last 7 days"})
		var got []string
		if c.snap.Results != nil {
			for _, it := range c.snap.Results.Items {
				got = append(got, it.Channel.Handle)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("--now %s: results %v, want %v", tc.now, got, tc.want)
		}
		srv.Close()
	}
}
