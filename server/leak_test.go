package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"searchagent/api"
)

// TestNoLeakWhenClientsGoAway: clients that disconnect mid-turn, and one
// that never reads, leave no goroutine behind (the pump, the heartbeat,
// the handler) once the server is closed.
func TestNoLeakWhenClientsGoAway(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	big := json.RawMessage(`"` + strings.Repeat("x", 64<<10) + `"`)
	svc := &stripeService{fakeService: newFake(), started: make(chan struct{})}
	for i := int64(1); i <= 200; i++ {
		svc.big = append(svc.big, api.StreamEvent{Seq: i, Turn: 1, Name: api.EventResults, Data: big})
	}
	svc.turnEvents = svc.big[:50]
	s, err := New(svc, WithStreamWriteTimeout(200*time.Millisecond), WithHeartbeat(5*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ls := startLive(t, s)
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ls.URL+"/v1/sessions/s1/events",
			strings.NewReader(`{"event":"search.submit","args":{"text":"swim vest"}}`))
		req.Header.Set("X-Session-Token", "tok")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 1024)
		_, _ = resp.Body.Read(buf) // the first bytes of the turn, then go away
		cancel()
		resp.Body.Close()
	}
	ls.handlersDone(t)
	ls.Close()
	http.DefaultClient.CloseIdleConnections()
}
