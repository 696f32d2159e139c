package server

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"searchagent/api"
)

// FuzzRequest throws arbitrary bodies and headers at the API: never a
// panic or a 500, and every error answer is the JSON error body.
func FuzzRequest(f *testing.F) {
	f.Add("POST", "/v1/sessions", `{"platform":"youtube"}`, "application/json", "zh-CN", "", "tok")
	f.Add("POST", "/v1/sessions/s1/events", `{"event":"search.submit","args":{"text":"美食 🍜 `+"\u202e"+`abc' OR 1=1--"}}`, "text/event-stream;q=0.5, */*", "en", "", "")
	f.Add("GET", "/v1/sessions/s1/stream", "", "text/event-stream", "", "-1", "x")
	f.Add("POST", "/v1/route/explain", "{\"text\":\"\xff\x00\"}", "", ",;;q=,en", "9999999999999999999999", "")
	f.Add("PUT", "/v1/sessions/%00/trace", "[", "text/event-stream;q=1.0001", "", "", "\n")
	f.Fuzz(func(t *testing.T, method, path, body, accept, acceptLang, lastID, tok string) {
		switch method {
		case "GET", "POST", "PUT", "DELETE", "HEAD":
		default:
			method = "POST"
		}
		u, err := url.ParseRequestURI(path)
		if err != nil || !strings.HasPrefix(path, "/") || strings.HasSuffix(u.Path, "/stream") {
			// Streams stay open until the client leaves; covered elsewhere.
			return
		}
		s, err := New(newFake(), WithMaxBodyBytes(1024))
		if err != nil {
			t.Fatal(err)
		}
		req := httptest.NewRequest(method, "http://x"+u.RequestURI(), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range map[string]string{"Accept": accept, "Accept-Language": acceptLang, api.HeaderLastEvent: lastID, api.HeaderToken: tok} {
			if v != "" && !strings.ContainsAny(v, "\r\n\x00") {
				req.Header.Set(k, v)
			}
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %q body %q = %d %s", method, path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 && method != "HEAD" {
			var eb api.ErrorBody
			if err := json.Unmarshal(rec.Body.Bytes(), &eb); err != nil || eb.Error.Code == "" || eb.Error.Message == "" {
				t.Fatalf("%s %q = %d with a non-JSON error %q", method, path, rec.Code, rec.Body)
			}
		}
	})
}
