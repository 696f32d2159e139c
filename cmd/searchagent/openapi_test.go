package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"searchagent/api"
	"searchagent/api/openapitest"
)

var (
	checkerOnce sync.Once
	checker     *openapitest.Checker
	checkerErr  error
)

// openapiChecked wraps h so every request and response of an API test is
// validated against the OpenAPI document (api/openapi.yaml).
func openapiChecked(t testing.TB, h http.Handler) http.Handler {
	t.Helper()
	checkerOnce.Do(func() { checker, checkerErr = openapitest.New(context.Background()) })
	if checkerErr != nil {
		t.Fatal(checkerErr)
	}
	return checker.Handler(t, h)
}

// TestOpenAPICatchesAWrongHandler: a handler that answers with a renamed
// field, or streams an event named "error", fails the check the API tests
// run every exchange through; the real answers pass it.
func TestOpenAPICatchesAWrongHandler(t *testing.T) {
	apiServer(t) // builds testApp
	h := testApp.server.Handler()
	checkerOnce.Do(func() { checker, checkerErr = openapitest.New(context.Background()) })
	if checkerErr != nil {
		t.Fatal(checkerErr)
	}
	exchange := func(method, path, body string, hdr map[string]string) (*http.Request, *httptest.ResponseRecorder) {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return req, rec
	}
	const create = `{"platform":"youtube","locale":"zh"}`
	req, rec := exchange("POST", "/v1/sessions", create, nil)
	var cr api.CreateSessionResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &cr); err != nil {
		t.Fatal(err)
	}
	tok := map[string]string{"X-Session-Token": cr.Token, "Accept": "text/event-stream"}
	turnReq, turn := exchange("POST", "/v1/sessions/"+cr.SessionID+"/events", `{"event":"search.submit","args":{"text":"swim vest"}}`, tok)
	cases := []struct {
		name      string
		req       *http.Request
		reqBody   string
		rec       *httptest.ResponseRecorder
		from, to  string
		wantValid bool
	}{
		{"the real answer", req, create, rec, "", "", true},
		{"a renamed field", req, create, rec, `"session_id"`, `"sessionId"`, false},
		{"a snapshot state outside the vocabulary", req, create, rec, `"session":"idle"`, `"session":"waiting"`, false},
		{"the real stream", turnReq, `{"event":"search.submit","args":{"text":"swim vest"}}`, turn, "", "", true},
		{"a stream event named error", turnReq, `{"event":"search.submit","args":{"text":"swim vest"}}`, turn, "event: turn.done", "event: error", false},
		{"a transition without its action id", turnReq, `{"event":"search.submit","args":{"text":"swim vest"}}`, turn, `"action_id"`, `"action"`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := tc.rec.Body.String()
			if tc.from != "" {
				if !strings.Contains(body, tc.from) {
					t.Fatalf("the answer has no %s to change: %.300s", tc.from, body)
				}
				body = strings.Replace(body, tc.from, tc.to, 1)
			}
			err := checker.Check(context.Background(), tc.req, []byte(tc.reqBody), tc.rec.Code, tc.rec.Header(), []byte(body))
			if tc.wantValid && err != nil {
				t.Errorf("real answer refused: %v", err)
			}
			if !tc.wantValid && !errors.Is(err, openapitest.ErrInvalid) {
				t.Errorf("Check(%s) = %v, want ErrInvalid", tc.name, err)
			}
		})
	}
}
