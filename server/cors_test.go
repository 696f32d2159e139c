package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"searchagent/api"
)

// TestCORS: a page on a configured origin may call the API (preflight
// answered, EventSource's ?token= and Last-Event-ID allowed); any other
// origin, or any origin when none is configured, gets no CORS headers.
func TestCORS(t *testing.T) {
	const app = "http://app.example:3000"
	withCORS := newTestServer(t, newFake(), WithCORSOrigins([]string{app + "/"})).Handler()
	without := newTestServer(t, newFake()).Handler()
	preflight := func(origin, headers string) call {
		return call{method: http.MethodOptions, path: "/v1/sessions/s1/stream", header: map[string]string{
			"Origin": origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": headers}}
	}
	cases := []struct {
		name        string
		h           http.Handler
		c           call
		wantStatus  int
		wantOrigin  string
		wantHeaders string
	}{
		{"preflight from the configured origin", withCORS, preflight(app, "last-event-id,x-session-token"), http.StatusNoContent, app, "last-event-id,x-session-token"},
		{"preflight from another origin", withCORS, preflight("http://evil.example", "x-session-token"), http.StatusNoContent, "", ""},
		{"preflight without configured origins", without, preflight(app, "x-session-token"), http.StatusMethodNotAllowed, "", ""},
		{"EventSource with ?token= from the configured origin", withCORS, call{method: http.MethodGet, path: "/v1/sessions/s1?token=tok",
			header: map[string]string{"Origin": app}}, http.StatusOK, app, ""},
		{"POST from the configured origin", withCORS, call{method: http.MethodPost, path: api.PathSessions, body: `{"platform":"youtube"}`,
			header: map[string]string{"Origin": app, "Content-Type": "application/json"}}, http.StatusCreated, app, ""},
		{"GET from another origin", withCORS, call{method: http.MethodGet, path: "/v1/sessions/s1?token=tok",
			header: map[string]string{"Origin": "http://evil.example"}}, http.StatusOK, "", ""},
		{"GET without configured origins", without, call{method: http.MethodGet, path: "/v1/sessions/s1?token=tok",
			header: map[string]string{"Origin": app}}, http.StatusOK, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := do(t, tc.h, tc.c)
			if rec.Code != tc.wantStatus {
				t.Errorf("status = %d, want %d (body %s)", rec.Code, tc.wantStatus, rec.Body)
			}
			if got := rec.Header().Get("Access-Control-Allow-Origin"); got != tc.wantOrigin {
				t.Errorf("Access-Control-Allow-Origin = %q, want %q", got, tc.wantOrigin)
			}
			if got := rec.Header().Get("Access-Control-Allow-Headers"); got != tc.wantHeaders {
				t.Errorf("Access-Control-Allow-Headers = %q, want %q", got, tc.wantHeaders)
			}
			if tc.wantOrigin != "" && tc.c.method != http.MethodOptions {
				if got := rec.Header().Get("Access-Control-Expose-Headers"); got == "" {
					t.Errorf("Access-Control-Expose-Headers is empty; X-Request-ID and Location must be readable")
				}
			}
		})
	}
}

func TestCORSOriginsMustBeOrigins(t *testing.T) {
	for _, o := range []string{"*", "", "app.example", "http://app.example/path", "ftp://app.example", "http://u@app.example"} {
		if _, err := New(newFake(), WithCORSOrigins([]string{o})); err == nil {
			t.Errorf("WithCORSOrigins(%q): New succeeded, want an error", o)
		}
	}
}

// TestOpenAPIServed: GET /openapi.json is the bundled document.
func TestOpenAPIServed(t *testing.T) {
	rec := do(t, newTestServer(t, newFake()).Handler(), call{method: http.MethodGet, path: api.PathOpenAPI})
	var doc struct {
		OpenAPI    string `json:"openapi"`
		Components struct {
			Schemas map[string]json.RawMessage `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); rec.Code != http.StatusOK || err != nil {
		t.Fatalf("GET %s = %d, %v", api.PathOpenAPI, rec.Code, err)
	}
	if doc.OpenAPI != "3.1.0" || doc.Components.Schemas["contract.expanded_agent.results_ready"] == nil {
		t.Errorf("served document: openapi %q, %d schemas, lacks the bundled contract schemas", doc.OpenAPI, len(doc.Components.Schemas))
	}
}
