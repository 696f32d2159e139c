package server

import (
	"net/http"
	"testing"
)

// TestExplainRateLimit: explain calls past a client's limit answer 429
// rate_limited with Retry-After; without keys the client is its IP.
func TestExplainRateLimit(t *testing.T) {
	s := newTestServer(t, newFake(), WithExplainRateLimit(RateLimit{Rate: 0.001, Burst: 2}))
	c := call{method: "POST", path: "/v1/route/explain", body: `{"text":"more like this"}`}
	for i := range 2 {
		if rec := do(t, s.Handler(), c); rec.Code != http.StatusOK {
			t.Fatalf("explain %d within the burst = %d %s", i, rec.Code, rec.Body)
		}
	}
	rec := do(t, s.Handler(), c)
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("explain past the limit = %d (Retry-After %q), want 429", rec.Code, rec.Header().Get("Retry-After"))
	}
	if info := decodeError(t, rec); info.Code != CodeRateLimited {
		t.Errorf("code = %q, want %q", info.Code, CodeRateLimited)
	}
	if rec := do(t, s.Handler(), call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube"}`}); rec.Code != http.StatusCreated {
		t.Errorf("session creation shares the explain limit: %d", rec.Code)
	}
	for _, bad := range []RateLimit{{Rate: -1, Burst: 1}, {Rate: 1}} {
		if _, err := New(newFake(), WithExplainRateLimit(bad)); err == nil {
			t.Errorf("WithExplainRateLimit(%+v) was accepted", bad)
		}
	}
}
