package server

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/internal/testwait"
)

// liveServer serves s over real HTTP and tracks running handlers, so a
// test can assert that every handler returned (no goroutine left behind).
type liveServer struct {
	*httptest.Server
	wg sync.WaitGroup
}

func startLive(t *testing.T, s *Server) *liveServer {
	t.Helper()
	ls := &liveServer{}
	h := s.Handler()
	ls.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ls.wg.Add(1)
		defer ls.wg.Done()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(ls.Close)
	return ls
}

// handlersDone fails the test unless every handler has returned.
func (ls *liveServer) handlersDone(t *testing.T) {
	t.Helper()
	done := make(chan struct{})
	go func() { ls.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a handler is still running after its client went away")
	}
}

func openStream(t *testing.T, ctx context.Context, method, url, body string, header map[string]string) *http.Response {
	t.Helper()
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	var req *http.Request
	var err error
	if rd != nil {
		req, err = http.NewRequestWithContext(ctx, method, url, rd)
	} else {
		req, err = http.NewRequestWithContext(ctx, method, url, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json") // header may override it
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func checkSSEHeaders(t *testing.T, resp *http.Response) {
	t.Helper()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status = %d, want 200", resp.StatusCode)
	}
	for k, v := range map[string]string{"Content-Type": "text/event-stream; charset=utf-8", "X-Accel-Buffering": "no", "Cache-Control": "no-cache"} {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	if ce := resp.Header.Get("Content-Encoding"); ce != "" {
		t.Errorf("Content-Encoding = %q on a stream", ce)
	}
}

func TestStreamTurnSSE(t *testing.T) {
	f := newFake()
	ls := startLive(t, newTestServer(t, f))
	resp := openStream(t, context.Background(), "POST", ls.URL+"/v1/sessions/s1/events", `{"event":"search.submit","args":{"text":"cooking"}}`,
		map[string]string{"Accept": "text/event-stream", api.HeaderToken: "tok", "Accept-Encoding": "gzip"})
	checkSSEHeaders(t, resp)
	got := testwait.Drain(t, readFrames(resp.Body), "the stream")
	want := []frame{
		{ID: "1", HasID: true, Event: api.EventTurnStarted, Data: `{"turn":1,"event":"search.submit"}`},
		{ID: "2", HasID: true, Event: api.EventTransition, Data: `{"action_id":"A_X"}`}, // multi-line JSON compacted
		{ID: "3", HasID: true, Event: api.EventTurnDone, Data: `{"turn":1,"ok":true}`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("turn stream (-want +got):\n%s", diff)
	}
	if f.gotToken != "tok" || f.gotEvent.Args.Text != "cooking" {
		t.Errorf("Handle got token %q, request %+v", f.gotToken, f.gotEvent)
	}
	ls.handlersDone(t)
}

func TestStreamTurnFailsMidStream(t *testing.T) {
	internal := &agent.Error{Kind: agent.ErrInternal, Code: "internal", Message: "检索失败"}
	cases := []struct {
		name       string
		events     []api.StreamEvent
		err        error
		wantFrames int
		wantLast   frame
	}{
		{
			name:       "server adds the error event",
			events:     []api.StreamEvent{{Seq: 7, Name: api.EventTurnStarted, Data: json.RawMessage(`{}`)}},
			err:        internal,
			wantFrames: 2,
			wantLast:   frame{Event: api.EventTurnError, Data: `{"error":{"code":"internal","message":"检索失败"}}`},
		},
		{
			name:       "plain error stays generic",
			events:     []api.StreamEvent{{Seq: 7, Name: api.EventTurnStarted, Data: json.RawMessage(`{}`)}},
			err:        errors.New("dial tcp 10.0.0.5:5432: refused"),
			wantFrames: 2,
			wantLast:   frame{Event: api.EventTurnError, Data: `{"error":{"code":"internal","message":"internal error, please retry later"}}`},
		},
		{
			name: "agent already emitted its error event",
			events: []api.StreamEvent{
				{Seq: 7, Name: api.EventTurnStarted, Data: json.RawMessage(`{}`)},
				{Seq: 8, Name: api.EventTurnError, Data: json.RawMessage(`{"error":{"code":"internal","message":"x"}}`)},
			},
			err:        internal,
			wantFrames: 2,
			wantLast:   frame{ID: "8", HasID: true, Event: api.EventTurnError, Data: `{"error":{"code":"internal","message":"x"}}`},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			f.turnEvents, f.handleErr = tc.events, tc.err
			ls := startLive(t, newTestServer(t, f))
			resp := openStream(t, context.Background(), "POST", ls.URL+"/v1/sessions/s1/events", `{"event":"search.submit"}`,
				map[string]string{"Accept": "text/event-stream", api.HeaderToken: "tok"})
			checkSSEHeaders(t, resp)
			got := testwait.Drain(t, readFrames(resp.Body), "the stream")
			if len(got) != tc.wantFrames {
				t.Fatalf("got %d frames %+v, want %d", len(got), got, tc.wantFrames)
			}
			if diff := cmp.Diff(tc.wantLast, got[len(got)-1]); diff != "" {
				t.Errorf("last frame (-want +got):\n%s", diff)
			}
		})
	}
}

func TestStreamTurnWithoutEvents(t *testing.T) {
	f := newFake()
	f.turnEvents = nil
	ls := startLive(t, newTestServer(t, f))
	resp := openStream(t, context.Background(), "POST", ls.URL+"/v1/sessions/s1/events", `{"event":"results.sort"}`,
		map[string]string{"Accept": "text/event-stream"})
	checkSSEHeaders(t, resp)
	n := len(testwait.Drain(t, readFrames(resp.Body), "the stream"))
	if n != 0 {
		t.Errorf("got %d frames, want an empty stream", n)
	}
}

func TestStreamTurnHeartbeatAndDisconnect(t *testing.T) {
	f := newFake()
	f.turnEvents = f.turnEvents[:1]
	f.handleBlock = make(chan struct{}) // never released: the turn "runs" until the client leaves
	ls := startLive(t, newTestServer(t, f, WithHeartbeat(10*time.Millisecond)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := openStream(t, ctx, "POST", ls.URL+"/v1/sessions/s1/events", `{"event":"search.submit"}`,
		map[string]string{"Accept": "text/event-stream"})
	checkSSEHeaders(t, resp)
	frames := readFrames(resp.Body)
	if fr := next(t, frames, false); fr.ID != "1" || fr.Event != api.EventTurnStarted {
		t.Errorf("first frame = %+v, want turn.started id 1", fr)
	}
	if fr := next(t, frames, true); fr.Comments[0] != "heartbeat" {
		t.Errorf("comment = %q, want heartbeat", fr.Comments[0])
	}
	cancel()
	if err := waitErr(t, f.handleCtx, "Handle to return"); !errors.Is(err, context.Canceled) {
		t.Errorf("Handle's ctx.Err() = %v, want context.Canceled", err)
	}
	ls.handlersDone(t)
}

func TestFollowReplayLiveAndDisconnect(t *testing.T) {
	cases := []struct {
		name      string
		path      string
		header    map[string]string
		wantAfter int64
		wantSeqs  []int64
	}{
		{"without Last-Event-ID: live only", "/v1/sessions/s1/stream?token=qtok", nil, agent.FollowFromNow, nil},
		{"Last-Event-ID 0: the whole log", "/v1/sessions/s1/stream?token=qtok", map[string]string{api.HeaderLastEvent: "0"}, 0, []int64{1, 2, 3, 4}},
		{"Last-Event-ID header", "/v1/sessions/s1/stream?token=qtok", map[string]string{api.HeaderLastEvent: "2"}, 2, []int64{3, 4}},
		{"lastEventId query", "/v1/sessions/s1/stream?token=qtok&lastEventId=3", nil, 3, []int64{4}},
		{"caught up", "/v1/sessions/s1/stream?token=qtok", map[string]string{api.HeaderLastEvent: "4"}, 4, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFake()
			ls := startLive(t, newTestServer(t, f, WithRetryHint(1500*time.Millisecond)))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			resp := openStream(t, ctx, "GET", ls.URL+tc.path, "", tc.header)
			checkSSEHeaders(t, resp)
			frames := readFrames(resp.Body)
			if fr := next(t, frames, false); fr.Retry != "1500" {
				t.Errorf("first frame = %+v, want retry: 1500", fr)
			}
			var got []frame
			for range tc.wantSeqs {
				got = append(got, next(t, frames, false))
			}
			if diff := cmp.Diff(tc.wantSeqs, seqs(got)); diff != "" {
				t.Errorf("replayed ids (-want +got):\n%s", diff)
			}
			for _, fr := range got {
				if fr.Event == "" || !strings.HasPrefix(fr.Data, `{"n":`) {
					t.Errorf("frame %+v lacks event name or data", fr)
				}
			}
			waitClosed(t, f.followed, "Follow to send the replay")
			// A live event, then a duplicate of it (replay/live overlap) that
			// must be dropped, then the next one.
			for _, seq := range []int64{5, 5, 6} {
				sendLive(t, f, api.StreamEvent{Seq: seq, Name: api.EventSlots, Data: json.RawMessage(`{"live":true}`)})
			}
			live := []frame{next(t, frames, false), next(t, frames, false)}
			if diff := cmp.Diff([]int64{5, 6}, seqs(live)); diff != "" {
				t.Errorf("live ids (-want +got):\n%s", diff)
			}
			if f.gotAfter != tc.wantAfter || f.gotToken != "qtok" {
				t.Errorf("Follow(after %d, token %q), want after %d, token qtok", f.gotAfter, f.gotToken, tc.wantAfter)
			}
			cancel()
			if err := waitErr(t, f.followDone, "Follow to return"); !errors.Is(err, context.Canceled) {
				t.Errorf("Follow's ctx.Err() = %v, want context.Canceled", err)
			}
			ls.handlersDone(t)
		})
	}
}

func TestFollowHeartbeat(t *testing.T) {
	f := newFake()
	f.log = nil
	ls := startLive(t, newTestServer(t, f, WithHeartbeat(10*time.Millisecond)))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := openStream(t, ctx, "GET", ls.URL+"/v1/sessions/s1/stream", "", map[string]string{api.HeaderToken: "tok"})
	checkSSEHeaders(t, resp)
	frames := readFrames(resp.Body)
	for i := 0; i < 3; i++ {
		if fr := next(t, frames, true); fr.Comments[0] != "heartbeat" {
			t.Errorf("comment = %q, want heartbeat", fr.Comments[0])
		}
	}
	cancel()
	waitErr(t, f.followDone, "Follow to return")
	ls.handlersDone(t)
}

func TestFollowErrorAfterReplay(t *testing.T) {
	f := newFake()
	f.followErr = &agent.Error{Kind: agent.ErrGone, Code: "gone", Message: "replaced"}
	ls := startLive(t, newTestServer(t, f))
	resp := openStream(t, context.Background(), "GET", ls.URL+"/v1/sessions/s1/stream", "", map[string]string{api.HeaderLastEvent: "3"})
	checkSSEHeaders(t, resp)
	got := testwait.Drain(t, readFrames(resp.Body), "the stream")
	want := []frame{
		{Retry: "3000"},
		{ID: "4", HasID: true, Event: api.EventTurnDone, Data: `{"n":4}`},
		{Event: api.EventTurnError, Data: `{"error":{"code":"gone","message":"replaced"}}`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stream (-want +got):\n%s", diff)
	}
}

// The server's ReadTimeout and WriteTimeout must not cut a stream (net/http
// lifts the read deadline for the background read, sse.Start the write
// deadline, and each write sets its own).
func TestStreamOutlivesReadTimeout(t *testing.T) {
	f := newFake()
	s := newTestServer(t, f, WithHeartbeat(20*time.Millisecond))
	ls := &liveServer{}
	ls.Server = httptest.NewUnstartedServer(s.Handler())
	ls.Config.ReadTimeout = 100 * time.Millisecond
	ls.Config.WriteTimeout = 100 * time.Millisecond
	ls.Start()
	t.Cleanup(ls.Close)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := openStream(t, ctx, "GET", ls.URL+"/v1/sessions/s1/stream", "", map[string]string{api.HeaderLastEvent: "4"})
	frames := readFrames(resp.Body)
	waitClosed(t, f.followed, "Follow to send the replay")
	time.Sleep(400 * time.Millisecond) // four read timeouts
	select {
	case err := <-f.followDone:
		t.Fatalf("Follow ended after the read timeout: %v", err)
	default:
	}
	sendLive(t, f, api.StreamEvent{Seq: 5, Name: api.EventSlots, Data: json.RawMessage(`{}`)})
	if fr := next(t, frames, false); fr.Retry == "" && fr.ID != "5" {
		t.Errorf("frame = %+v, want id 5", fr)
	}
	cancel()
	waitErr(t, f.followDone, "Follow to return")
}

func TestServeShutdownEndsStreams(t *testing.T) {
	f := newFake()
	s := newTestServer(t, f, WithShutdownTimeout(5*time.Second))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()

	resp := openStream(t, context.Background(), "GET", "http://"+ln.Addr().String()+"/v1/sessions/s1/stream", "", nil)
	checkSSEHeaders(t, resp)
	frames := readFrames(resp.Body)
	waitClosed(t, f.followed, "Follow to send the replay")
	stop()
	if err := waitErr(t, served, "Serve to return"); err != nil {
		t.Errorf("Serve = %v, want nil after a graceful shutdown", err)
	}
	if err := waitErr(t, f.followDone, "Follow to return"); !errors.Is(err, context.Canceled) {
		t.Errorf("Follow's ctx.Err() = %v, want context.Canceled", err)
	}
	testwait.Drain(t, frames, "the stream to end after the shutdown")
}

// A client that connects and never reads must not pin the handler: once
// the socket buffers are full, the per-write deadline fails the write and
// Follow returns.
func TestStalledClientIsDropped(t *testing.T) {
	f := newFake()
	big := json.RawMessage(`"` + strings.Repeat("x", 64<<10) + `"`)
	f.log = nil
	for i := int64(1); i <= 400; i++ { // 25 MiB, far beyond the socket buffers
		f.log = append(f.log, api.StreamEvent{Seq: i, Name: api.EventResults, Data: big})
	}
	ls := startLive(t, newTestServer(t, f, WithStreamWriteTimeout(200*time.Millisecond)))
	conn, err := net.Dial("tcp", ls.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	if _, err := conn.Write([]byte("GET /v1/sessions/s1/stream HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 0\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	// Never read. Follow must give up on its own.
	waitErr(t, f.followDone, "Follow to give up on the stalled client")
	ls.handlersDone(t)
}

// TestPendingEventsHaveNoID: the events of a turn that has not committed
// go out without an id, so a client's Last-Event-ID stays on the last
// committed event; the committed turn.done carries the turn's last seq.
func TestPendingEventsHaveNoID(t *testing.T) {
	rec := httptest.NewRecorder()
	es := newEventStream(rec, 0, 4)
	for _, ev := range []api.StreamEvent{
		{Seq: 5, Name: api.EventTurnStarted, Data: json.RawMessage(`{}`), Pending: true},
		{Seq: 6, Name: api.EventSlots, Data: json.RawMessage(`{}`), Pending: true},
		{Seq: 7, Name: api.EventTurnDone, Data: json.RawMessage(`{}`)},
		{Seq: 7, Name: api.EventTurnDone, Data: json.RawMessage(`{}`)}, // a replay overlap: dropped
	} {
		if err := es.send(ev); err != nil {
			t.Fatal(err)
		}
	}
	want := "event: turn.started\ndata: {}\n\nevent: slots\ndata: {}\n\nid: 7\nevent: turn.done\ndata: {}\n\n"
	if got := rec.Body.String(); got != want {
		t.Errorf("stream = %q, want %q", got, want)
	}
}
