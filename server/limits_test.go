package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"searchagent/agent"
)

// TestOverloadedSaysWhenToRetry: a full session store is a JSON 503
// overloaded with Retry-After, not a crash and not a bare status.
func TestOverloadedSaysWhenToRetry(t *testing.T) {
	tests := []struct {
		name    string
		err     error
		want    string
		wantErr string
	}{
		{"overloaded with a wait", &agent.Error{Kind: agent.ErrUnavailable, Code: "overloaded", Message: "too many sessions",
			Details: map[string]int{"retry_after_seconds": 7}}, "7", "overloaded"},
		{"unavailable without one", &agent.Error{Kind: agent.ErrUnavailable, Code: "unavailable"}, "5", "unavailable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.createErr = tc.err
			rec := do(t, newTestServer(t, f).Handler(), call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube"}`})
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != tc.want {
				t.Fatalf("status %d Retry-After %q, want 503 and %q", rec.Code, rec.Header().Get("Retry-After"), tc.want)
			}
			if got := decodeError(t, rec); got.Code != tc.wantErr {
				t.Errorf("code %q, want %q", got.Code, tc.wantErr)
			}
		})
	}
}

// TestInvalidUTF8BodyIsBadText: encoding/json would turn invalid bytes
// into U+FFFD and the agent would store them; the server refuses them.
func TestInvalidUTF8BodyIsBadText(t *testing.T) {
	f := newFake()
	rec := do(t, newTestServer(t, f).Handler(), call{method: "POST", path: "/v1/sessions/s1/events",
		body: "{\"event\":\"search.submit\",\"args\":{\"text\":\"swim \xff vest\"}}", header: map[string]string{"X-Session-Token": "tok"}})
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", rec.Code)
	}
	if got := decodeError(t, rec); got.Code != CodeBadText {
		t.Errorf("code %q, want %q", got.Code, CodeBadText)
	}
}

// TestRateLimits: over the limit a client gets 429 rate_limited with
// Retry-After; clients are told apart by API key, else by IP.
func TestRateLimits(t *testing.T) {
	f := newFake()
	s := newTestServer(t, f, WithRateLimits(RateLimit{Rate: 0.01, Burst: 2}, RateLimit{}), WithAPIKeys([]string{"k1", "k2"}))
	h := s.Handler()
	create := func(key, ip string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", "/v1/sessions", strings.NewReader(`{"platform":"youtube"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+key)
		req.RemoteAddr = ip + ":1234"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < 2; i++ {
		if rec := create("k1", "10.0.0.1"); rec.Code != http.StatusCreated {
			t.Fatalf("request %d within the burst: %d", i, rec.Code)
		}
	}
	rec := create("k1", "10.0.0.2")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("over the limit: %d Retry-After %q, want 429 with Retry-After", rec.Code, rec.Header().Get("Retry-After"))
	}
	if got := decodeError(t, rec); got.Code != CodeRateLimited {
		t.Errorf("code %q, want %q", got.Code, CodeRateLimited)
	}
	if rec := create("k2", "10.0.0.1"); rec.Code != http.StatusCreated {
		t.Errorf("another API key from the same IP: %d, want its own bucket", rec.Code)
	}
	// Events are not limited here (a zero rate is off).
	for i := 0; i < 5; i++ {
		req := httptest.NewRequest("POST", "/v1/sessions/s1/events", strings.NewReader(`{"event":"input.type","args":{"text":"a"}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer k1")
		req.Header.Set("X-Session-Token", "tok")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("event %d: %d", i, rec.Code)
		}
	}
	if _, err := New(f, WithRateLimits(RateLimit{Rate: 1}, RateLimit{})); err == nil {
		t.Error("a rate without a burst was accepted")
	}
}

// pagingFake records the page GET …/trace asked for.
type pagingFake struct {
	*fakeService
	after int64
	limit int
}

func (p *pagingFake) TracePage(_ context.Context, _, _ string, after int64, limit int) (any, error) {
	p.after, p.limit = after, limit
	return map[string]any{"turns": []any{}}, nil
}

func TestTracePageQuery(t *testing.T) {
	tests := []struct {
		query  string
		status int
		after  int64
		limit  int
	}{
		{"", 200, 0, DefaultTraceLimit},
		{"?after=40&limit=10", 200, 40, 10},
		{"?limit=100000", 200, 0, MaxTraceLimit},
		{"?after=-1", 400, 0, 0},
		{"?limit=ten", 400, 0, 0},
	}
	for _, tc := range tests {
		p := &pagingFake{fakeService: newFake()}
		s, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		rec := do(t, s.Handler(), call{method: "GET", path: "/v1/sessions/s1/trace" + tc.query, header: map[string]string{"X-Session-Token": "tok"}})
		if rec.Code != tc.status || p.after != tc.after || p.limit != tc.limit {
			t.Errorf("GET trace%s = %d (after %d, limit %d), want %d (after %d, limit %d)", tc.query, rec.Code, p.after, p.limit, tc.status, tc.after, tc.limit)
		}
	}
}
