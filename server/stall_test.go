package server

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/api"
)

// stripeService is a fake whose turns all take one lock while they emit,
// as the agent's turns on sessions that share a lock stripe do.
type stripeService struct {
	*fakeService
	lock    sync.Mutex
	big     []api.StreamEvent
	started chan struct{}
}

func (s *stripeService) Handle(ctx context.Context, id, tok string, req api.EventRequest, emit func(api.StreamEvent) error) (api.Snapshot, error) {
	s.lock.Lock()
	defer s.lock.Unlock()
	evs := s.turnEvents
	if id == "slow" {
		evs = s.big
		close(s.started)
	}
	for _, ev := range evs {
		if err := emit(ev); err != nil {
			return api.Snapshot{}, err
		}
	}
	return s.snap, nil
}

// TestNeverReadingClientDoesNotStallOtherSessions: a client that streams a
// turn and never reads holds no lock another session's turn needs (issue
// 15: it stalled unrelated turns for the whole write timeout). The write
// timeout is a minute here, so a turn waiting on the stalled one would
// time out the unrelated client below.
func TestNeverReadingClientDoesNotStallOtherSessions(t *testing.T) {
	big := json.RawMessage(`"` + strings.Repeat("x", 64<<10) + `"`)
	svc := &stripeService{fakeService: newFake(), started: make(chan struct{})}
	for i := int64(1); i <= 400; i++ { // 25 MiB, far beyond the socket buffers
		svc.big = append(svc.big, api.StreamEvent{Seq: i, Turn: 1, Name: api.EventResults, Data: big})
	}
	s, err := New(svc, WithStreamWriteTimeout(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	ls := startLive(t, s)
	conn, err := net.Dial("tcp", ls.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	body := `{"event":"search.submit","args":{"text":"swim vest"}}`
	if _, err := conn.Write([]byte("POST /v1/sessions/slow/events HTTP/1.1\r\nHost: x\r\nX-Session-Token: tok\r\n" +
		"Accept: text/event-stream\r\nContent-Type: application/json\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)); err != nil {
		t.Fatal(err)
	}
	select {
	case <-svc.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the never-reading client's turn did not start")
	}
	client := &http.Client{Timeout: 20 * time.Second}
	var lat []time.Duration
	for i := 0; i < 20; i++ {
		start := time.Now()
		req, _ := http.NewRequest(http.MethodPost, ls.URL+"/v1/sessions/other/events", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Session-Token", "tok")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("a turn on an unrelated session while a client never reads: %v", err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("unrelated turn: status %d", resp.StatusCode)
		}
		lat = append(lat, time.Since(start))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	t.Logf("unrelated turns while a client never reads: p50 %v, max %v", lat[len(lat)/2], lat[len(lat)-1])
	conn.Close()
	ls.handlersDone(t)
}
