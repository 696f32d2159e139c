package server

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"searchagent/api"
)

// streamerService is a fake with the TurnStreamer capability, counting
// which of its two ways a turn was run.
type streamerService struct {
	*fakeService
	handled, streamed atomic.Int32
}

func (s *streamerService) Handle(ctx context.Context, id, tok string, req api.EventRequest, emit func(api.StreamEvent) error) (api.Snapshot, error) {
	s.handled.Add(1)
	return s.fakeService.Handle(ctx, id, tok, req, emit)
}

func (s *streamerService) Stream(ctx context.Context, id, tok string, req api.EventRequest, emit func(api.StreamEvent) error) error {
	s.streamed.Add(1)
	_, err := s.fakeService.Handle(ctx, id, tok, req, emit)
	return err
}

// TestStreamedTurnsSkipTheSnapshot: a turn whose client reads the event
// stream runs through the service's Stream (no snapshot is built for
// it); a turn answered as JSON runs through Handle, whose snapshot is the
// answer.
func TestStreamedTurnsSkipTheSnapshot(t *testing.T) {
	tests := []struct {
		name                    string
		accept                  string
		wantHandled, wantStream int32
		wantBody                string
	}{
		{"event stream", "text/event-stream", 0, 1, "event: turn.done"},
		{"JSON", "application/json", 1, 0, `"version":3`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc := &streamerService{fakeService: newFake()}
			s, err := New(svc)
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			rec := do(t, s.Handler(), call{method: "POST", path: "/v1/sessions/s1/events", body: `{"event":"search.submit","args":{"text":"x"}}`,
				header: map[string]string{api.HeaderToken: "tok", "Accept": tc.accept}})
			if rec.Code != 200 {
				t.Fatalf("POST events (Accept %s) = %d %s", tc.accept, rec.Code, rec.Body)
			}
			if h, st := svc.handled.Load(), svc.streamed.Load(); h != tc.wantHandled || st != tc.wantStream {
				t.Errorf("Accept %s: Handle ran %d times, Stream %d; want %d and %d", tc.accept, h, st, tc.wantHandled, tc.wantStream)
			}
			if !strings.Contains(rec.Body.String(), tc.wantBody) {
				t.Errorf("Accept %s: body %.300s lacks %q", tc.accept, rec.Body, tc.wantBody)
			}
		})
	}
}
