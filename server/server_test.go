package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/server/metrics"
)

func newTestServer(t *testing.T, f *fakeService, opts ...Option) *Server {
	t.Helper()
	s, err := New(f, opts...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s
}

type call struct {
	method, path, body string
	header             map[string]string
}

func do(t *testing.T, h http.Handler, c call) *httptest.ResponseRecorder {
	t.Helper()
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
	}
	req := httptest.NewRequest(c.method, c.path, body)
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json") // a header below may override it
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func decodeError(t *testing.T, rec *httptest.ResponseRecorder) api.ErrorInfo {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("error Content-Type = %q, want application/json (body %q)", ct, rec.Body.String())
	}
	var eb api.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &eb); err != nil {
		t.Fatalf("error body %q: %v", rec.Body.String(), err)
	}
	return eb.Error
}

func TestRoutesHappyPath(t *testing.T) {
	tok := map[string]string{api.HeaderToken: "tok"}
	cases := []struct {
		name       string
		call       call
		ready      bool
		wantStatus int
		check      func(t *testing.T, f *fakeService, rec *httptest.ResponseRecorder)
	}{
		{
			name:       "create session",
			call:       call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube","locale":"en","client_ref":"c1"}`},
			wantStatus: http.StatusCreated,
			check: func(t *testing.T, f *fakeService, rec *httptest.ResponseRecorder) {
				var got api.CreateSessionResponse
				mustJSON(t, rec, &got)
				if diff := cmp.Diff(f.createResp, got); diff != "" {
					t.Errorf("create response (-want +got):\n%s", diff)
				}
				if loc := rec.Header().Get("Location"); loc != "/v1/sessions/s1" {
					t.Errorf("Location = %q, want /v1/sessions/s1", loc)
				}
				want := api.CreateSessionRequest{Platform: "youtube", Locale: "en", ClientRef: "c1"}
				if f.gotCreate != want {
					t.Errorf("CreateSession got %+v, want %+v", f.gotCreate, want)
				}
			},
		},
		{
			name:       "snapshot with header token",
			call:       call{method: "GET", path: "/v1/sessions/s1", header: tok},
			wantStatus: http.StatusOK,
			check: func(t *testing.T, f *fakeService, rec *httptest.ResponseRecorder) {
				var got api.Snapshot
				mustJSON(t, rec, &got)
				if diff := cmp.Diff(f.snap, got); diff != "" {
					t.Errorf("snapshot (-want +got):\n%s", diff)
				}
				if f.gotID != "s1" || f.gotToken != "tok" {
					t.Errorf("Snapshot(id %q, token %q), want s1, tok", f.gotID, f.gotToken)
				}
			},
		},
		{
			name:       "snapshot with query token",
			call:       call{method: "GET", path: "/v1/sessions/s1?token=qtok"},
			wantStatus: http.StatusOK,
			check: func(t *testing.T, f *fakeService, _ *httptest.ResponseRecorder) {
				if f.gotToken != "qtok" {
					t.Errorf("token = %q, want qtok", f.gotToken)
				}
			},
		},
		{
			name:       "event as JSON",
			call:       call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"search.submit","args":{"text":"美食 vlog"}}`, header: tok},
			wantStatus: http.StatusOK,
			check: func(t *testing.T, f *fakeService, rec *httptest.ResponseRecorder) {
				var got api.EventResponse
				mustJSON(t, rec, &got)
				if len(got.Events) != 3 || got.Events[0].Name != api.EventTurnStarted || got.Events[2].Seq != 3 {
					t.Errorf("events = %+v, want the 3 turn events", got.Events)
				}
				if got.Snapshot.Version != 3 {
					t.Errorf("snapshot version = %d, want 3", got.Snapshot.Version)
				}
				want := api.EventRequest{Event: "search.submit", Args: api.Args{Text: "美食 vlog"}}
				if diff := cmp.Diff(want, f.gotEvent); diff != "" {
					t.Errorf("Handle request (-want +got):\n%s", diff)
				}
			},
		},
		{
			name:       "trace",
			call:       call{method: "GET", path: "/v1/sessions/s1/trace", header: tok},
			wantStatus: http.StatusOK,
			check: func(t *testing.T, _ *fakeService, rec *httptest.ResponseRecorder) {
				if got := strings.TrimSpace(rec.Body.String()); got != `{"turns":[]}` {
					t.Errorf("trace body = %s", got)
				}
			},
		},
		{
			name:       "explain",
			call:       call{method: "POST", path: "/v1/route/explain", body: `{"text":"只要美国的","state":{"input":"committed_keyword","container":"expanded_agent","session":"results_ready"}}`},
			wantStatus: http.StatusOK,
			check: func(t *testing.T, f *fakeService, rec *httptest.ResponseRecorder) {
				if got := strings.TrimSpace(rec.Body.String()); got != `{"branch":"rules"}` {
					t.Errorf("explain body = %s", got)
				}
				if f.gotExplain.Text != "只要美国的" || f.gotExplain.State.Session != "results_ready" {
					t.Errorf("Explain got %+v", f.gotExplain)
				}
			},
		},
		{
			name: "healthz", call: call{method: "GET", path: "/healthz"}, wantStatus: http.StatusOK,
			check: func(t *testing.T, _ *fakeService, rec *httptest.ResponseRecorder) {
				if got := strings.TrimSpace(rec.Body.String()); got != `{"status":"ok"}` {
					t.Errorf("healthz body = %s", got)
				}
			},
		},
		{name: "healthz HEAD", call: call{method: "HEAD", path: "/healthz"}, wantStatus: http.StatusOK},
		{
			name: "readyz ready", call: call{method: "GET", path: "/readyz"}, ready: true, wantStatus: http.StatusOK,
			check: func(t *testing.T, _ *fakeService, rec *httptest.ResponseRecorder) {
				var rd api.Readiness
				mustJSON(t, rec, &rd)
				if !rd.Ready || rd.Mode != "embedded" || rd.Store != "memory" {
					t.Errorf("readiness = %+v", rd)
				}
			},
		},
		{name: "readyz not ready", call: call{method: "GET", path: "/readyz"}, ready: false, wantStatus: http.StatusServiceUnavailable},
		{
			name: "metrics", call: call{method: "GET", path: "/metrics"}, wantStatus: http.StatusOK,
			check: func(t *testing.T, _ *fakeService, rec *httptest.ResponseRecorder) {
				if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
					t.Errorf("metrics Content-Type = %q", ct)
				}
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.ready.Ready = tc.ready || !strings.HasPrefix(tc.name, "readyz")
			rec := do(t, newTestServer(t, f).Handler(), tc.call)
			if rec.Code != tc.wantStatus {
				t.Fatalf("%s %s = %d, want %d (body %s)", tc.call.method, tc.call.path, rec.Code, tc.wantStatus, rec.Body)
			}
			if rec.Header().Get(HeaderRequestID) == "" {
				t.Error("no X-Request-ID in the answer")
			}
			if tc.check != nil {
				tc.check(t, f, rec)
			}
		})
	}
}

func mustJSON(t *testing.T, rec *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q, want application/json; charset=utf-8", ct)
	}
	if err := json.Unmarshal(rec.Body.Bytes(), v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
}

func TestErrorStatuses(t *testing.T) {
	refusal := agent.Refusal{Event: "tag.delete", State: "empty_input/compact_classic/idle", Reason: "no tags",
		AllowedEvents: []string{"input.type"}, AllowedActions: []string{"A_EMPTY_INPUT__INPUT_TYPE__DRAFT_KEYWORD__1"}}
	tok := map[string]string{api.HeaderToken: "tok"}
	getSnap := call{method: "GET", path: "/v1/sessions/s1", header: tok}
	postEvent := call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"tag.delete"}`, header: tok}
	cases := []struct {
		name        string
		setup       func(f *fakeService)
		call        call
		wantStatus  int
		wantCode    string
		wantMessage string // substring; "" = not checked
		check       func(t *testing.T, info api.ErrorInfo, rec *httptest.ResponseRecorder)
	}{
		{name: "missing token 401", setup: func(f *fakeService) {
			f.snapErr = &agent.Error{Kind: agent.ErrUnauthorized, Code: "unauthorized", Message: "缺少会话令牌"}
		}, call: getSnap, wantStatus: 401, wantCode: "unauthorized", wantMessage: "缺少会话令牌"},
		{name: "wrong token 403", setup: func(f *fakeService) {
			f.snapErr = &agent.Error{Kind: agent.ErrForbidden, Code: "forbidden", Message: "wrong token"}
		}, call: getSnap, wantStatus: 403, wantCode: "forbidden"},
		{name: "unknown session 404", setup: func(f *fakeService) {
			f.snapErr = &agent.Error{Kind: agent.ErrNotFound, Code: "session_not_found", Message: "no such session"}
		}, call: getSnap, wantStatus: 404, wantCode: "session_not_found", wantMessage: "no such session"},
		{name: "not allowed 409 with refusal", setup: func(f *fakeService) {
			f.turnEvents = nil
			f.handleErr = &agent.Error{Kind: agent.ErrNotAllowed, Code: "not_allowed", Message: "当前不能删除标签", Details: refusal}
		}, call: postEvent, wantStatus: 409, wantCode: "not_allowed",
			check: func(t *testing.T, info api.ErrorInfo, rec *httptest.ResponseRecorder) {
				var got struct {
					Error struct{ Details agent.Refusal } `json:"error"`
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(refusal, got.Error.Details); diff != "" {
					t.Errorf("refusal details (-want +got):\n%s", diff)
				}
			}},
		{name: "conflict 409", setup: func(f *fakeService) {
			f.turnEvents = nil
			f.handleErr = &agent.Error{Kind: agent.ErrConflict, Code: "conflict", Message: "retry"}
		}, call: postEvent, wantStatus: 409, wantCode: "conflict"},
		{name: "gone 410", setup: func(f *fakeService) {
			f.turnEvents = nil
			f.handleErr = &agent.Error{Kind: agent.ErrGone, Code: "gone", Message: "replaced"}
		}, call: postEvent, wantStatus: 410, wantCode: "gone"},
		{name: "wrapped sentinel gets default code and message", setup: func(f *fakeService) {
			f.snapErr = fmt.Errorf("load: %w", agent.ErrGone)
		}, call: getSnap, wantStatus: 410, wantCode: "gone", wantMessage: "the session was replaced by a newer one"},
		{name: "agent too large 413", setup: func(f *fakeService) {
			f.turnEvents = nil
			f.handleErr = &agent.Error{Kind: agent.ErrTooLarge, Code: "too_large", Message: "text too long"}
		}, call: postEvent, wantStatus: 413, wantCode: "too_large"},
		{name: "agent bad request 400", setup: func(f *fakeService) {
			f.createErr = &agent.Error{Kind: agent.ErrBadRequest, Code: "bad_platform", Message: "unknown platform"}
		}, call: call{method: "POST", path: "/v1/sessions", body: `{"platform":"myspace"}`}, wantStatus: 400, wantCode: "bad_platform"},
		{name: "unavailable 503", setup: func(f *fakeService) {
			f.explainErr = &agent.Error{Kind: agent.ErrUnavailable, Code: "unavailable", Message: "store down"}
		}, call: call{method: "POST", path: "/v1/route/explain", body: `{"text":"x"}`}, wantStatus: 503, wantCode: "unavailable"},
		{name: "agent internal 500 keeps its safe message", setup: func(f *fakeService) {
			f.traceErr = &agent.Error{Kind: agent.ErrInternal, Code: "internal", Message: "trace unavailable"}
		}, call: call{method: "GET", path: "/v1/sessions/s1/trace", header: tok}, wantStatus: 500, wantCode: "internal", wantMessage: "trace unavailable"},
		{name: "plain error 500 hides its text", setup: func(f *fakeService) {
			f.traceErr = errors.New("pq: password=hunter2 connection refused")
		}, call: call{method: "GET", path: "/v1/sessions/s1/trace", header: tok}, wantStatus: 500, wantCode: "internal",
			check: func(t *testing.T, _ api.ErrorInfo, rec *httptest.ResponseRecorder) {
				if strings.Contains(rec.Body.String(), "hunter2") || strings.Contains(rec.Body.String(), "pq:") {
					t.Errorf("raw error text leaked: %s", rec.Body)
				}
			}},
		{name: "deadline 503", setup: func(f *fakeService) {
			f.traceErr = fmt.Errorf("model: %w", context.DeadlineExceeded)
		}, call: call{method: "GET", path: "/v1/sessions/s1/trace", header: tok}, wantStatus: 503, wantCode: "unavailable"},
		{name: "panic 500", setup: func(f *fakeService) { f.tracePanic = true },
			call: call{method: "GET", path: "/v1/sessions/s1/trace", header: tok}, wantStatus: 500, wantCode: "internal"},
		{name: "bad json", call: call{method: "POST", path: "/v1/sessions", body: `{"platform":`}, wantStatus: 400, wantCode: "bad_json"},
		{name: "not an object", call: call{method: "POST", path: "/v1/sessions", body: `"youtube"`}, wantStatus: 400, wantCode: "bad_json"},
		{name: "unknown field", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"input.type","arg":{}}`, header: tok}, wantStatus: 400, wantCode: "bad_json",
			check: func(t *testing.T, info api.ErrorInfo, _ *httptest.ResponseRecorder) {
				if !strings.Contains(fmt.Sprint(info.Details), "arg") {
					t.Errorf("details = %v, want the unknown field named", info.Details)
				}
			}},
		{name: "trailing data", call: call{method: "POST", path: "/v1/route/explain", body: `{"text":"a"} {"text":"b"}`}, wantStatus: 400, wantCode: "bad_json"},
		{name: "empty body", call: call{method: "POST", path: "/v1/sessions", header: map[string]string{"Content-Type": "application/json"}}, wantStatus: 400, wantCode: "bad_json"},
		{name: "no Content-Type 415", call: call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube"}`, header: map[string]string{"Content-Type": ""}},
			wantStatus: 415, wantCode: "unsupported_media_type"},
		{name: "a cross-site form's Content-Type 415", call: call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube"}`, header: map[string]string{"Content-Type": "text/plain;charset=UTF-8"}},
			wantStatus: 415, wantCode: "unsupported_media_type"},
		{name: "urlencoded event 415", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"input.clear"}`, header: map[string]string{api.HeaderToken: "tok", "Content-Type": "application/x-www-form-urlencoded"}},
			wantStatus: 415, wantCode: "unsupported_media_type"},
		{name: "duplicate key", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"input.type","args":{"text":"a","text":"b"}}`, header: tok}, wantStatus: 400, wantCode: "bad_json",
			check: func(t *testing.T, info api.ErrorInfo, _ *httptest.ResponseRecorder) {
				if !strings.Contains(fmt.Sprint(info.Details), "text") {
					t.Errorf("details = %v, want the repeated key named", info.Details)
				}
			}},
		{name: "duplicate key in another case", call: call{method: "POST", path: "/v1/sessions", body: `{"platform":"youtube","Platform":"x"}`}, wantStatus: 400, wantCode: "bad_json"},
		{name: "no Go type in the reason", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `[1]`, header: tok}, wantStatus: 400, wantCode: "bad_json",
			check: func(t *testing.T, info api.ErrorInfo, rec *httptest.ResponseRecorder) {
				if b := rec.Body.String(); strings.Contains(b, "Go ") || strings.Contains(b, "api.") || !strings.Contains(b, "must be an object") {
					t.Errorf("body = %s, want the JSON types, no Go type", b)
				}
			}},
		{name: "explain state as a string: the message names the field", call: call{method: "POST", path: "/v1/route/explain", body: `{"text":"只要美国的","state":"results_ready"}`}, wantStatus: 400, wantCode: "bad_json",
			check: func(t *testing.T, info api.ErrorInfo, _ *httptest.ResponseRecorder) {
				if !strings.Contains(info.Message, "field state must be an object, not a string") {
					t.Errorf("message %q does not say what is wrong", info.Message)
				}
			}},
		{name: "wrong field type names JSON types", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":["x"]}`, header: tok}, wantStatus: 400, wantCode: "bad_json",
			check: func(t *testing.T, info api.ErrorInfo, rec *httptest.ResponseRecorder) {
				if b := rec.Body.String(); strings.Contains(b, "Go ") || !strings.Contains(b, "field event must be a string, not an array") {
					t.Errorf("body = %s, want the field and the JSON types", b)
				}
			}},
		{name: "invalid utf-8 is refused, not stored", call: call{method: "POST", path: "/v1/sessions", body: "{\"platform\":\"\xff\xfe\"}"}, wantStatus: 400, wantCode: "bad_text"},
		{name: "oversized body 413", call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"input.type","args":{"text":"` + strings.Repeat("长", 30000) + `"}}`, header: tok},
			wantStatus: 413, wantCode: "too_large",
			check: func(t *testing.T, info api.ErrorInfo, _ *httptest.ResponseRecorder) {
				if fmt.Sprint(info.Details) != "map[limit_bytes:65536]" {
					t.Errorf("details = %v, want limit_bytes 65536", info.Details)
				}
			}},
		{name: "unknown route 404 JSON", call: call{method: "GET", path: "/v1/nope"}, wantStatus: 404, wantCode: "not_found"},
		{name: "trailing slash is not redirected", call: call{method: "GET", path: "/v1/sessions/s1/", header: tok}, wantStatus: 404, wantCode: "not_found"},
		{name: "wrong method 405", call: call{method: "DELETE", path: "/v1/sessions/s1"}, wantStatus: 405, wantCode: "method_not_allowed",
			check: func(t *testing.T, info api.ErrorInfo, rec *httptest.ResponseRecorder) {
				if rec.Header().Get("Allow") == "" || !strings.Contains(fmt.Sprint(info.Details), "GET") {
					t.Errorf("Allow = %q, details = %v; want GET listed", rec.Header().Get("Allow"), info.Details)
				}
			}},
		{name: "bad Last-Event-ID 400", call: call{method: "GET", path: "/v1/sessions/s1/stream", header: map[string]string{api.HeaderToken: "tok", api.HeaderLastEvent: "x"}}, wantStatus: 400, wantCode: "bad_request"},
		{name: "stream with wrong token is a JSON 403", setup: func(f *fakeService) {
			f.snapErr = &agent.Error{Kind: agent.ErrForbidden, Code: "forbidden", Message: "wrong token"}
		}, call: call{method: "GET", path: "/v1/sessions/s1/stream?token=bad", header: map[string]string{"Accept": "text/event-stream"}}, wantStatus: 403, wantCode: "forbidden"},
		{name: "streaming turn refused before its first event is a JSON 409", setup: func(f *fakeService) {
			f.turnEvents = nil
			f.handleErr = &agent.Error{Kind: agent.ErrNotAllowed, Code: "not_allowed", Message: "no", Details: refusal}
		}, call: call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"tag.delete"}`, header: map[string]string{api.HeaderToken: "tok", "Accept": "text/event-stream"}},
			wantStatus: 409, wantCode: "not_allowed"},
		{name: "english message", call: call{method: "GET", path: "/nope", header: map[string]string{"Accept-Language": "en-US,en;q=0.9"}}, wantStatus: 404, wantCode: "not_found", wantMessage: "no such endpoint"},
		{name: "chinese message", call: call{method: "GET", path: "/nope", header: map[string]string{"Accept-Language": "zh-CN,zh;q=0.9"}}, wantStatus: 404, wantCode: "not_found", wantMessage: "没有这个接口"},
		{name: "english message by default", call: call{method: "GET", path: "/nope"}, wantStatus: 404, wantCode: "not_found", wantMessage: "no such endpoint"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			if tc.setup != nil {
				tc.setup(f)
			}
			rec := do(t, newTestServer(t, f).Handler(), tc.call)
			if rec.Code != tc.wantStatus {
				t.Fatalf("%s %s = %d, want %d (body %s)", tc.call.method, tc.call.path, rec.Code, tc.wantStatus, rec.Body)
			}
			info := decodeError(t, rec)
			if info.Code != tc.wantCode {
				t.Errorf("code = %q, want %q", info.Code, tc.wantCode)
			}
			if info.Message == "" {
				t.Error("empty message")
			}
			if tc.wantMessage != "" && !strings.Contains(info.Message, tc.wantMessage) {
				t.Errorf("message = %q, want it to contain %q", info.Message, tc.wantMessage)
			}
			if tc.check != nil {
				tc.check(t, info, rec)
			}
		})
	}
}

// An oversized body without Content-Length (chunked) is caught while
// reading.
func TestOversizedChunkedBody(t *testing.T) {
	s := newTestServer(t, newFake(), WithMaxBodyBytes(100))
	big := `{"platform":"` + strings.Repeat("x", 500) + `"}`
	req := httptest.NewRequest("POST", "/v1/sessions", io.MultiReader(strings.NewReader(big)))
	req.Header.Set("Content-Type", "application/json")
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("chunked oversized body = %d, want 413 (%s)", rec.Code, rec.Body)
	}
	if info := decodeError(t, rec); info.Code != "too_large" || fmt.Sprint(info.Details) != "map[limit_bytes:100]" {
		t.Errorf("error = %+v", info)
	}
}

func TestWantsEventStream(t *testing.T) {
	cases := []struct {
		accept string
		want   bool
	}{
		{"", false},
		{"*/*", false},
		{"application/json", false},
		{"text/event-stream", true},
		{"Text/Event-Stream", true},
		{"text/event-stream, application/json", true},
		{"application/json, text/event-stream;q=0.5", false},
		{"text/event-stream;q=0", false},
		{"text/event-stream;q=0.9, */*;q=0.8", true},
		{"text/event-stream;q=bogus", false},
		{"text/html, text/event-stream", true},
	}
	for _, tc := range cases {
		if got := wantsEventStream(tc.accept); got != tc.want {
			t.Errorf("wantsEventStream(%q) = %v, want %v", tc.accept, got, tc.want)
		}
	}
}

func TestAPIKeys(t *testing.T) {
	s := newTestServer(t, newFake(), WithAPIKeys([]string{"k-one", "k-two"}))
	cases := []struct {
		name, path, auth string
		want             int
	}{
		{"no header", "/v1/sessions/s1", "", 401},
		{"wrong key", "/v1/sessions/s1", "Bearer nope", 401},
		{"wrong scheme", "/v1/sessions/s1", "Basic k-one", 401},
		{"empty bearer", "/v1/sessions/s1", "Bearer ", 401},
		{"first key", "/v1/sessions/s1", "Bearer k-one", 200},
		{"second key, lower-case scheme", "/v1/sessions/s1", "bearer k-two", 200},
		{"explain needs a key", "/v1/route/explain", "", 401},
		{"healthz stays open", "/healthz", "", 200},
		{"readyz stays open", "/readyz", "", 200},
		{"metrics stays open", "/metrics", "", 200},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := call{method: "GET", path: tc.path, header: map[string]string{api.HeaderToken: "tok"}}
			if tc.path == "/v1/route/explain" {
				c.method, c.body = "POST", `{"text":"x"}`
			}
			if tc.auth != "" {
				c.header["Authorization"] = tc.auth
			}
			rec := do(t, s.Handler(), c)
			if rec.Code != tc.want {
				t.Fatalf("%s with Authorization %q = %d, want %d", tc.path, tc.auth, rec.Code, tc.want)
			}
			if tc.want == 401 {
				if info := decodeError(t, rec); info.Code != "unauthorized" {
					t.Errorf("code = %q, want unauthorized", info.Code)
				}
				if rec.Header().Get("WWW-Authenticate") == "" {
					t.Error("401 without WWW-Authenticate")
				}
			}
		})
	}
}

func TestNewOptions(t *testing.T) {
	page := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "<html>demo</html>") })
	cases := []struct {
		name    string
		opts    []Option
		wantErr bool
	}{
		{"defaults", nil, false},
		{"all valid", []Option{WithLogger(slog.New(slog.DiscardHandler)), WithMaxBodyBytes(1 << 20), WithHeartbeat(time.Second),
			WithRetryHint(time.Second), WithStreamWriteTimeout(0), WithShutdownTimeout(time.Second),
			WithAPIKeys([]string{"k"}), WithTrustedProxies([]string{"10.0.0.0/8"}), WithRoute("GET", "/", page)}, false},
		{"nil logger", []Option{WithLogger(nil)}, true},
		{"nil metrics", []Option{WithMetrics(nil)}, true},
		{"zero body limit", []Option{WithMaxBodyBytes(0)}, true},
		{"zero heartbeat", []Option{WithHeartbeat(0)}, true},
		{"zero retry", []Option{WithRetryHint(0)}, true},
		{"negative write timeout", []Option{WithStreamWriteTimeout(-1)}, true},
		{"no api keys", []Option{WithAPIKeys(nil)}, true},
		{"blank api key", []Option{WithAPIKeys([]string{"a", " "})}, true},
		{"bad proxy", []Option{WithTrustedProxies([]string{"not-an-ip"})}, true},
		{"route collides with the API", []Option{WithRoute("GET", "/healthz", page)}, true},
		{"relative route", []Option{WithRoute("GET", "demo", page)}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(newFake(), tc.opts...)
			if (err != nil) != tc.wantErr {
				t.Errorf("New(%s) error = %v, wantErr %v", tc.name, err, tc.wantErr)
			}
		})
	}
	if _, err := New(nil); err == nil {
		t.Error("New(nil) succeeded, want an error")
	}
	s := newTestServer(t, newFake(), WithRoute("GET", "/", page))
	if rec := do(t, s.Handler(), call{method: "GET", path: "/"}); rec.Code != 200 || rec.Body.String() != "<html>demo</html>" {
		t.Errorf("GET / = %d %q, want the demo page", rec.Code, rec.Body)
	}
}

func TestAccessLog(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, nil))
	f := newFake()
	f.traceErr = errors.New("pq: secret cause")
	s := newTestServer(t, f, WithLogger(log))
	do(t, s.Handler(), call{method: "GET", path: "/v1/sessions/s1?token=SECRETTOKEN", header: map[string]string{HeaderRequestID: "req-42"}})
	do(t, s.Handler(), call{method: "GET", path: "/v1/sessions/s1/trace", header: map[string]string{api.HeaderToken: "tok"}})
	do(t, s.Handler(), call{method: "GET", path: "/v1/missing", header: map[string]string{HeaderRequestID: "bad id with spaces"}})

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d log lines, want 3:\n%s", len(lines), buf.String())
	}
	if strings.Contains(buf.String(), "SECRETTOKEN") {
		t.Error("the access log contains the session token from the query string")
	}
	type entry struct {
		Level, Msg, RequestID, Method, Route, Path, Error string
		Status                                            int
	}
	parse := func(s string) entry {
		var raw map[string]any
		if err := json.Unmarshal([]byte(s), &raw); err != nil {
			t.Fatalf("log line %q: %v", s, err)
		}
		str := func(k string) string { v, _ := raw[k].(string); return v }
		st, _ := raw["status"].(float64)
		if _, ok := raw["duration"]; !ok {
			t.Errorf("log line without duration: %s", s)
		}
		return entry{str("level"), str("msg"), str("request_id"), str("method"), str("route"), str("path"), str("error"), int(st)}
	}
	want := []entry{
		{Level: "INFO", Msg: "http request", RequestID: "req-42", Method: "GET", Route: "/v1/sessions/:id", Path: "/v1/sessions/s1", Status: 200},
		{Level: "ERROR", Msg: "http request", Method: "GET", Route: "/v1/sessions/:id/trace", Path: "/v1/sessions/s1/trace", Status: 500, Error: "pq: secret cause"},
		{Level: "INFO", Msg: "http request", Method: "GET", Route: "unmatched", Path: "/v1/missing", Status: 404, Error: "404 not_found: no such endpoint: no route GET /v1/missing"},
	}
	for i, line := range lines {
		got := parse(line)
		if i > 0 {
			if len(got.RequestID) != 16 {
				t.Errorf("line %d: generated request_id = %q, want 16 hex chars", i, got.RequestID)
			}
			got.RequestID = ""
		}
		if diff := cmp.Diff(want[i], got); diff != "" {
			t.Errorf("log line %d (-want +got):\n%s", i, diff)
		}
	}
}

func TestMetricsExposition(t *testing.T) {
	m, err := metrics.New()
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, newFake(), WithMetrics(m))
	h := s.Handler()
	tok := map[string]string{api.HeaderToken: "tok"}
	do(t, h, call{method: "GET", path: "/v1/sessions/s1", header: tok})
	do(t, h, call{method: "GET", path: "/v1/sessions/s2", header: tok})
	do(t, h, call{method: "GET", path: "/v1/unknown/abc"})
	do(t, h, call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"input.type"}`, header: tok})
	m.Turn("search.submit", true, 120*time.Millisecond)
	m.Transition("A_REPAIR_FIX_URL")
	m.RouterBranch("expectation_hit")
	m.ContractViolation("FAKE_LOADING")
	m.Step("retrieve", false, 3*time.Millisecond)

	rec := do(t, h, call{method: "GET", path: "/metrics"})
	body := rec.Body.String()
	for _, want := range []string{
		`searchagent_http_requests_total{method="GET",route="/v1/sessions/:id",status="200"} 2`,
		`searchagent_http_requests_total{method="GET",route="unmatched",status="404"} 1`,
		`searchagent_http_requests_total{method="POST",route="/v1/sessions/:id/events",status="200"} 1`,
		`searchagent_http_request_duration_seconds_count{method="GET",route="/v1/sessions/:id"} 2`,
		`searchagent_turns_total{event="search.submit",ok="true"} 1`,
		`searchagent_turn_duration_seconds_count{event="search.submit"} 1`,
		`searchagent_transitions_total{action_id="A_REPAIR_FIX_URL"} 1`,
		`searchagent_router_branches_total{branch="expectation_hit"} 1`,
		`searchagent_contract_violations_total{code="FAKE_LOADING"} 1`,
		`searchagent_step_duration_seconds_count{ok="false",step="retrieve"} 1`,
		`go_goroutines`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if strings.Contains(body, `route="/v1/sessions/s1"`) || strings.Contains(body, "/v1/unknown/abc") {
		t.Error("/metrics carries a raw path")
	}
}
