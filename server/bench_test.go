package server

import (
	"net/http/httptest"
	"strings"
	"testing"

	"searchagent/api"
)

func BenchmarkGetSnapshot(b *testing.B) {
	s, err := New(newFake())
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("GET", "/v1/sessions/s1", nil)
		req.Header.Set(api.HeaderToken, "tok")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkStreamTurn streams a three-event turn as SSE.
func BenchmarkStreamTurn(b *testing.B) {
	s, err := New(newFake())
	if err != nil {
		b.Fatal(err)
	}
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		req := httptest.NewRequest("POST", "/v1/sessions/s1/events", strings.NewReader(`{"event":"search.submit","args":{"text":"cooking"}}`))
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}
