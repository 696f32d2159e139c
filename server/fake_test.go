package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"searchagent/api"
)

// fakeService is a scripted Service: each method answers with the
// configured values and records what it was called with.
type fakeService struct {
	mu sync.Mutex

	createResp api.CreateSessionResponse
	createErr  error
	snap       api.Snapshot
	snapErr    error

	// Handle emits turnEvents, then (if handleBlock is set) waits for it
	// or ctx, then returns handleErr.
	turnEvents  []api.StreamEvent
	handleBlock chan struct{}
	handleErr   error
	handleCtx   chan error // Handle's ctx.Err() when it returns

	// Follow replays log (Seq > after), then forwards live until ctx ends;
	// followErr (if set) is returned right after the replay.
	log        []api.StreamEvent
	live       chan api.StreamEvent
	followErr  error
	followed   chan struct{} // closed once the replay is sent
	followDone chan error    // Follow's ctx.Err() when it returns

	traceVal   any
	traceErr   error
	tracePanic bool
	explainVal any
	explainErr error
	ready      api.Readiness

	gotID, gotToken string
	gotAfter        int64
	gotEvent        api.EventRequest
	gotCreate       api.CreateSessionRequest
	gotExplain      api.ExplainRequest
}

func newFake() *fakeService {
	return &fakeService{
		createResp: api.CreateSessionResponse{SessionID: "s1", Token: "tok", Snapshot: api.Snapshot{SessionID: "s1", Platform: "youtube"}},
		snap:       api.Snapshot{SessionID: "s1", Platform: "youtube", Version: 3, State: api.State{Input: "empty_input", Container: "compact_classic", Session: "idle"}},
		turnEvents: []api.StreamEvent{
			{Seq: 1, Turn: 1, Name: api.EventTurnStarted, Data: json.RawMessage(`{"turn":1,"event":"search.submit"}`)},
			{Seq: 2, Turn: 1, Name: api.EventTransition, Data: json.RawMessage("{\n  \"action_id\": \"A_X\"\n}")},
			{Seq: 3, Turn: 1, Name: api.EventTurnDone, Data: json.RawMessage(`{"turn":1,"ok":true}`)},
		},
		log: []api.StreamEvent{
			{Seq: 1, Name: api.EventTurnStarted, Data: json.RawMessage(`{"n":1}`)},
			{Seq: 2, Name: api.EventTransition, Data: json.RawMessage(`{"n":2}`)},
			{Seq: 3, Name: api.EventSlots, Data: json.RawMessage(`{"n":3}`)},
			{Seq: 4, Name: api.EventTurnDone, Data: json.RawMessage(`{"n":4}`)},
		},
		live:       make(chan api.StreamEvent),
		followed:   make(chan struct{}),
		followDone: make(chan error, 4),
		handleCtx:  make(chan error, 4),
		traceVal:   map[string]any{"turns": []any{}},
		explainVal: map[string]any{"branch": "rules"},
		ready:      api.Readiness{Ready: true, Mode: "embedded", Store: "memory"},
	}
}

func (f *fakeService) record(id, tok string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gotID, f.gotToken = id, tok
}

func (f *fakeService) CreateSession(_ context.Context, req api.CreateSessionRequest) (api.CreateSessionResponse, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gotCreate = req
	return f.createResp, f.createErr
}

func (f *fakeService) Snapshot(_ context.Context, id, tok string) (api.Snapshot, error) {
	f.record(id, tok)
	return f.snap, f.snapErr
}

func (f *fakeService) Handle(ctx context.Context, id, tok string, req api.EventRequest, emit func(api.StreamEvent) error) (snap api.Snapshot, err error) {
	f.record(id, tok)
	f.mu.Lock()
	f.gotEvent = req
	f.mu.Unlock()
	defer func() { notify(f.handleCtx, ctx.Err()) }()
	for _, ev := range f.turnEvents {
		if err := emit(ev); err != nil {
			return api.Snapshot{}, err
		}
	}
	if f.handleBlock != nil {
		select {
		case <-f.handleBlock:
		case <-ctx.Done():
			// A real agent notices the client is gone on its next emit.
			return api.Snapshot{}, emit(api.StreamEvent{Seq: 99, Name: api.EventTurnDone, Data: json.RawMessage(`{}`)})
		}
	}
	if f.handleErr != nil {
		return api.Snapshot{}, f.handleErr
	}
	return f.snap, nil
}

func (f *fakeService) Follow(ctx context.Context, id, tok string, after int64, send func(api.StreamEvent) error) error {
	f.record(id, tok)
	f.mu.Lock()
	f.gotAfter = after
	f.mu.Unlock()
	defer func() { notify(f.followDone, ctx.Err()) }()
	if after < 0 && len(f.log) > 0 { // agent.FollowFromNow: live only
		after = f.log[len(f.log)-1].Seq
	}
	for _, ev := range f.log {
		if ev.Seq <= after {
			continue
		}
		if err := send(ev); err != nil {
			return err
		}
	}
	close(f.followed)
	if f.followErr != nil {
		return f.followErr
	}
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case ev := <-f.live:
			if err := send(ev); err != nil {
				return err
			}
		}
	}
}

func (f *fakeService) Trace(_ context.Context, id, tok string) (any, error) {
	f.record(id, tok)
	if f.tracePanic {
		panic("trace exploded")
	}
	return f.traceVal, f.traceErr
}

func (f *fakeService) Explain(_ context.Context, req api.ExplainRequest) (any, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gotExplain = req
	return f.explainVal, f.explainErr
}

func (f *fakeService) Readiness(context.Context) api.Readiness { return f.ready }

// frame is one parsed SSE block.
type frame struct {
	ID, Event, Data string
	HasID           bool
	Retry           string
	Comments        []string
}

// readFrames parses an SSE body into frames on a channel, closed when the
// body ends or fails.
func readFrames(body io.Reader) <-chan frame {
	out := make(chan frame, 64)
	go func() {
		defer close(out)
		br := bufio.NewReader(body)
		var fr frame
		var data []string
		dirty := false
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSuffix(line, "\n")
			if line == "" {
				if dirty {
					fr.Data = strings.Join(data, "\n")
					out <- fr
				}
				fr, data, dirty = frame{}, nil, false
				continue
			}
			dirty = true
			field, value, _ := strings.Cut(line, ":")
			value = strings.TrimPrefix(value, " ")
			switch field {
			case "":
				fr.Comments = append(fr.Comments, value)
			case "id":
				fr.ID, fr.HasID = value, true
			case "event":
				fr.Event = value
			case "data":
				data = append(data, value)
			case "retry":
				fr.Retry = value
			}
		}
	}()
	return out
}

// next returns the next frame that is not only a comment (or only
// comments when wantComment), failing the test after a timeout.
func next(t *testing.T, frames <-chan frame, wantComment bool) frame {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case fr, ok := <-frames:
			if !ok {
				t.Fatal("stream ended early")
			}
			isComment := len(fr.Comments) > 0 && fr.Event == "" && !fr.HasID && fr.Data == ""
			if isComment == wantComment {
				return fr
			}
		case <-timeout:
			t.Fatal("timed out waiting for an SSE frame")
		}
	}
}

func seqs(frames []frame) []int64 {
	var out []int64
	for _, f := range frames {
		n, _ := strconv.ParseInt(f.ID, 10, 64)
		out = append(out, n)
	}
	return out
}

// waitErr receives from ch or fails after a timeout.
func waitErr(t *testing.T, ch <-chan error, what string) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		return errors.New("unreachable")
	}
}

// waitClosed waits until ch is closed or fails after a timeout.
func waitClosed(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

// sendLive hands a live event to the fake's Follow or fails after a
// timeout (Follow stopped reading).
func sendLive(t *testing.T, f *fakeService, e api.StreamEvent) {
	t.Helper()
	select {
	case f.live <- e:
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out handing live event %d to Follow", e.Seq)
	}
}

// notify reports without blocking (benchmarks call the fake many times).
func notify(ch chan error, err error) {
	select {
	case ch <- err:
	default:
	}
}
