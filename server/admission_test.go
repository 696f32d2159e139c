package server

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"searchagent/api"
	"searchagent/server/memguard"
)

// Near the memory cap new sessions, then new turns, answer 503 overloaded
// with Retry-After; reads and health checks are still served.
func TestMemoryGuardRefusesNewWork(t *testing.T) {
	var live atomic.Uint64
	g, err := memguard.New(1000, memguard.WithLiveHeap(live.Load))
	if err != nil {
		t.Fatal(err)
	}
	h := newTestServer(t, newFake(), WithMemoryGuard(g)).Handler()
	do := func(method, path, body string) (int, string, api.ErrorBody) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set(api.HeaderToken, "tok")
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		var eb api.ErrorBody
		json.Unmarshal(rec.Body.Bytes(), &eb)
		return rec.Code, rec.Header().Get("Retry-After"), eb
	}
	create := `{"platform":"youtube","locale":"zh"}`
	event := `{"event":"search.submit","args":{"text":"cooking"}}`
	cases := []struct {
		live                uint64
		create, event, read int
	}{
		{100, 201, 200, 200},
		{700, 503, 200, 200}, // DefaultCreateShare
		{850, 503, 503, 200}, // DefaultEventShare
		{2000, 503, 503, 200},
		{0, 201, 200, 200},
	}
	for _, tc := range cases {
		live.Store(tc.live)
		for _, r := range []struct {
			method, path, body string
			want               int
		}{
			{"POST", "/v1/sessions", create, tc.create},
			{"POST", "/v1/sessions/s1/events", event, tc.event},
			{"GET", "/v1/sessions/s1", "", tc.read},
			{"GET", "/healthz", "", 200},
		} {
			code, retry, eb := do(r.method, r.path, r.body)
			if code != r.want {
				t.Errorf("live %d: %s %s = %d, want %d", tc.live, r.method, r.path, code, r.want)
			}
			if code == 503 && (eb.Error.Code != CodeOverloaded || retry == "" || eb.Error.Message == "") {
				t.Errorf("live %d: %s %s = 503 %+v, Retry-After %q: want overloaded with Retry-After", tc.live, r.method, r.path, eb, retry)
			}
		}
	}
	if g.Refused(memguard.Create) != 3 || g.Refused(memguard.Event) != 2 {
		t.Errorf("refused = %d creations, %d events, want 3 and 2", g.Refused(memguard.Create), g.Refused(memguard.Event))
	}
}
