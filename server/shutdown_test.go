package server

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"searchagent/api"
	"searchagent/internal/testwait"
)

// endlessTurns is the fake whose turns run until they are stopped, then
// fail with the reason they were stopped for (as the agent does).
type endlessTurns struct {
	*fakeService
	started chan struct{}
}

func (f endlessTurns) Handle(ctx context.Context, _, _ string, _ api.EventRequest, emit func(api.StreamEvent) error) (api.Snapshot, error) {
	if err := emit(api.StreamEvent{Seq: 1, Name: api.EventTurnStarted, Data: json.RawMessage(`{}`)}); err != nil {
		return api.Snapshot{}, err
	}
	f.started <- struct{}{}
	<-ctx.Done()
	return api.Snapshot{}, context.Cause(ctx)
}

// TestShutdownStopsTurnsPastTheTimeout: turns still running when the
// shutdown timeout ends are stopped and fail cleanly — 503 unavailable
// with Retry-After as JSON, turn.error unavailable on a stream — and Serve
// returns nil: the shutdown was clean.
func TestShutdownStopsTurnsPastTheTimeout(t *testing.T) {
	f := endlessTurns{fakeService: newFake(), started: make(chan struct{}, 2)}
	s, err := New(f, WithShutdownTimeout(200*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()

	type answer struct {
		resp *http.Response
		body string
	}
	post := func(accept string) <-chan answer {
		out := make(chan answer, 1)
		go func() {
			req, _ := http.NewRequest("POST", base+"/v1/sessions/s1/events", strings.NewReader(`{"event":"search.submit","args":{"text":"a"}}`))
			req.Header.Set(api.HeaderToken, "tok")
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", accept)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Errorf("POST: %v", err)
				out <- answer{}
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			out <- answer{resp, string(b)}
		}()
		return out
	}
	asJSON, asSSE := post("application/json"), post("text/event-stream")
	testwait.Recv(t, f.started, "the first turn to start")
	testwait.Recv(t, f.started, "the second turn to start")
	cancel()
	if err := testwait.Recv(t, served, "Serve to return"); err != nil {
		t.Errorf("Serve = %v, want nil: the stopped turns answered", err)
	}
	j := testwait.Recv(t, asJSON, "the JSON turn")
	if j.resp == nil || j.resp.StatusCode != http.StatusServiceUnavailable || j.resp.Header.Get("Retry-After") == "" || !strings.Contains(j.body, `"code":"unavailable"`) {
		t.Errorf("JSON turn stopped at shutdown = %+v %s, want 503 unavailable with Retry-After", j.resp, j.body)
	}
	e := testwait.Recv(t, asSSE, "the streamed turn")
	if e.resp == nil || !strings.Contains(e.body, "event: turn.error") || !strings.Contains(e.body, `"code":"unavailable"`) {
		t.Errorf("streamed turn stopped at shutdown = %s, want turn.error unavailable", e.body)
	}
}
