package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"searchagent/api"
)

// TestReadyzDetailNeedsTheKey: with API keys configured, /readyz without
// the key is the bare status (the detail names the database host, port,
// user and name); with the key, in any case of "Bearer", it is the whole
// readiness.
func TestReadyzDetailNeedsTheKey(t *testing.T) {
	f := newFake()
	f.ready = api.Readiness{Ready: true, Mode: "production", Store: "pgvector", Extra: map[string]string{"database": "postgres://app@db.internal:5432/search"}}
	h := newTestServer(t, f, WithAPIKeys([]string{"k1"})).Handler()
	for _, tc := range []struct {
		name, auth string
		detail     bool
	}{
		{"no key", "", false},
		{"wrong key", "Bearer nope", false},
		{"key", "Bearer k1", true},
		{"lower-case scheme", "bearer k1", true},
	} {
		rec := do(t, h, call{method: "GET", path: "/readyz", header: map[string]string{"Authorization": tc.auth}})
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: /readyz = %d", tc.name, rec.Code)
		}
		body := rec.Body.String()
		if got := strings.Contains(body, "db.internal"); got != tc.detail {
			t.Errorf("%s: /readyz = %s, detail shown %v, want %v", tc.name, body, got, tc.detail)
		}
		var st struct {
			Ready *bool `json:"ready"`
		}
		if json.Unmarshal(rec.Body.Bytes(), &st) != nil || st.Ready == nil || !*st.Ready {
			t.Errorf("%s: /readyz = %s, want ready true", tc.name, body)
		}
	}
	// Without keys the detail is open, as before.
	if rec := do(t, newTestServer(t, f).Handler(), call{method: "GET", path: "/readyz"}); !strings.Contains(rec.Body.String(), "pgvector") {
		t.Errorf("/readyz without keys configured = %s, want the detail", rec.Body)
	}
}

// logEnd is the fake whose session log ends at seq 5.
type logEnd struct{ *fakeService }

func (logEnd) LastSeq(context.Context, string, string) (int64, error) { return 5, nil }

// TestLastEventIDBeyondTheLog: resuming after an id the session never had
// is 400 bad_last_event_id with the log's end, not a stream that
// delivers nothing; an id within the log still resumes.
func TestLastEventIDBeyondTheLog(t *testing.T) {
	f := logEnd{newFake()}
	f.followErr = context.Canceled // end the accepted stream after its replay
	s, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	rec := do(t, s.Handler(), call{method: "GET", path: "/v1/sessions/s1/stream", header: map[string]string{api.HeaderToken: "tok", api.HeaderLastEvent: "6"}})
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"code":"bad_last_event_id"`) || !strings.Contains(rec.Body.String(), `"last_seq":5`) {
		t.Errorf("Last-Event-ID 6 of 5 = %d %s, want 400 bad_last_event_id with last_seq", rec.Code, rec.Body)
	}
	rec = do(t, s.Handler(), call{method: "GET", path: "/v1/sessions/s1/stream", header: map[string]string{api.HeaderToken: "tok", api.HeaderLastEvent: "5"}})
	if rec.Code != http.StatusOK {
		t.Errorf("Last-Event-ID 5 of 5 = %d %s, want the stream", rec.Code, rec.Body)
	}
}
