package server

import (
	"net/http"
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
