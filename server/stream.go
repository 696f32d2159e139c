package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"searchagent/agent"
	"searchagent/api"
	"searchagent/server/sse"
)

var errStreamClosed = errors.New("server: event stream closed")

// eventStream is one SSE response: it opens lazily (so a turn that fails
// before its first event can still answer with a JSON error), bounds every
// write with a deadline, drops events already sent (a replay/live overlap
// in Follow), runs the heartbeat and refuses writes once the handler is
// done (gin recycles its response writers).
type eventStream struct {
	w            http.ResponseWriter
	rc           *http.ResponseController
	writeTimeout time.Duration

	mu       sync.Mutex
	opened   bool
	sw       *sse.Writer
	closed   bool
	lastSeq  int64
	sent     int
	sawError bool

	hbOnce sync.Once
	hbStop chan struct{}
	hbDone chan struct{}
}

func newEventStream(w http.ResponseWriter, writeTimeout time.Duration, after int64) *eventStream {
	return &eventStream{w: w, rc: http.NewResponseController(w), writeTimeout: writeTimeout, lastSeq: after}
}

// startLocked opens the stream if it is not open yet; with flush the
// headers are sent at once, else with the first event (which the caller
// is about to write).
func (es *eventStream) startLocked(flush bool) error {
	if es.closed {
		return errStreamClosed
	}
	if es.opened {
		if es.sw == nil {
			return sse.ErrNotFlushable
		}
		return nil
	}
	es.opened = true
	// The read deadline needs no care: net/http lifts it when it starts
	// the background read that detects a gone client.
	open := sse.Open
	if flush {
		open = sse.Start
	}
	sw, err := open(es.w)
	if err != nil {
		return err
	}
	es.sw = sw
	return nil
}

// start opens the stream (headers, flush) if it is not open yet.
func (es *eventStream) start() error {
	es.mu.Lock()
	defer es.mu.Unlock()
	return es.startLocked(true)
}

// started reports whether the response has been committed as a stream.
func (es *eventStream) started() bool {
	es.mu.Lock()
	defer es.mu.Unlock()
	return es.opened
}

func (es *eventStream) deadlineLocked() {
	if es.writeTimeout > 0 {
		_ = es.rc.SetWriteDeadline(time.Now().Add(es.writeTimeout))
	}
}

// send writes one event (id = Seq, event = Name, data = Data), opening
// the stream first if needed, and flushes it. Events at or below the last
// sent Seq are skipped.
func (es *eventStream) send(ev api.StreamEvent) error { return es.write(ev, false) }

// write is send; with more set (another event follows at once) the event
// stays in the response's buffer until the next write without more, or a
// flush.
func (es *eventStream) write(ev api.StreamEvent, more bool) error {
	es.mu.Lock()
	defer es.mu.Unlock()
	if err := es.startLocked(false); err != nil {
		return err
	}
	if !ev.Pending && ev.Seq > 0 && ev.Seq <= es.lastSeq {
		if !more {
			return es.sw.Flush() // what earlier writes left in the buffer
		}
		return nil
	}
	es.deadlineLocked()
	writeEvent := es.sw.Event
	if more {
		writeEvent = es.sw.EventBuffered
	}
	// A pending event (of a turn not committed yet) goes out without an
	// id: the client's Last-Event-ID moves only with committed events.
	id := ev.Seq
	if ev.Pending {
		id = 0
	}
	if err := writeEvent(id, ev.Name, eventData(ev.Data)); err != nil {
		return err
	}
	if id > 0 {
		es.lastSeq = id
	}
	if ev.Name == api.EventTurnError {
		es.sawError = true
	}
	es.sent++
	return nil
}

// eventData keeps the common case (one-line JSON) as is, compacts JSON
// spread over lines and stands in null for no data.
func eventData(b json.RawMessage) []byte {
	if len(b) == 0 {
		return []byte("null")
	}
	if bytes.IndexByte(b, '\n') < 0 && bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		return b // the sse writer still frames it line by line
	}
	return buf.Bytes()
}

// comment writes a comment line on an open stream.
func (es *eventStream) comment(text string) error {
	es.mu.Lock()
	defer es.mu.Unlock()
	if es.closed || es.sw == nil {
		return errStreamClosed
	}
	es.deadlineLocked()
	return es.sw.Comment(text)
}

// retry writes the reconnection hint on an open stream.
func (es *eventStream) retry(d time.Duration) error {
	es.mu.Lock()
	defer es.mu.Unlock()
	if es.closed || es.sw == nil {
		return errStreamClosed
	}
	es.deadlineLocked()
	return es.sw.Retry(d)
}

// errorEvent writes a server-made error event: no id (it is not in the
// session's log, so the client's Last-Event-ID must not move), data
// api.ErrorBody. It does nothing on a stream that is not open, already
// carried an error event or lost its client.
func (es *eventStream) errorEvent(info api.ErrorInfo) {
	es.mu.Lock()
	defer es.mu.Unlock()
	if es.closed || es.sw == nil || es.sawError || es.sw.Err() != nil {
		return
	}
	b, err := json.Marshal(api.ErrorBody{Error: info})
	if err != nil {
		b = internalBody
	}
	es.deadlineLocked()
	if es.sw.Event(0, api.EventTurnError, b) == nil {
		es.sawError = true
		es.sent++
	}
}

// healthy reports whether the stream is open and its client still there.
func (es *eventStream) healthy() bool {
	es.mu.Lock()
	defer es.mu.Unlock()
	return !es.closed && es.sw != nil && es.sw.Err() == nil
}

func (es *eventStream) count() int {
	es.mu.Lock()
	defer es.mu.Unlock()
	return es.sent
}

// startHeartbeat sends a comment every interval until ctx ends, the
// heartbeat is stopped or a write fails. It starts at most once.
func (es *eventStream) startHeartbeat(ctx context.Context, every time.Duration) {
	es.hbOnce.Do(func() {
		es.hbStop = make(chan struct{})
		es.hbDone = make(chan struct{})
		go func() {
			defer close(es.hbDone)
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-es.hbStop:
					return
				case <-t.C:
					if es.comment("heartbeat") != nil {
						return
					}
				}
			}
		}()
	})
}

// stopHeartbeat stops the heartbeat goroutine and waits for it.
func (es *eventStream) stopHeartbeat() {
	es.hbOnce.Do(func() {}) // no heartbeat may start after this
	if es.hbStop == nil {
		return
	}
	select {
	case <-es.hbStop:
	default:
		close(es.hbStop)
	}
	<-es.hbDone
}

// finish stops the heartbeat and refuses every later write.
func (es *eventStream) finish() {
	es.stopHeartbeat()
	es.mu.Lock()
	es.closed = true
	es.mu.Unlock()
}

// streamTurn runs a turn with its events streamed as SSE. The stream opens
// on the first event; heartbeats run from then until the turn ends.
func (s *Server) streamTurn(c *gin.Context, req api.EventRequest) {
	release := s.admitStream(c, true)
	if release == nil {
		return
	}
	defer release()
	ctx := c.Request.Context()
	es := newEventStream(c.Writer, s.cfg.writeTimeout, 0)
	defer es.finish()
	// The agent emits while it holds the session's lock: the pump takes
	// the writes to the client off that path (issue 15: a client that
	// never reads stalls only its own response).
	p := newPump(func(ev api.StreamEvent, more bool) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		first := !es.started()
		if err := es.write(ev, more); err != nil {
			return err
		}
		if first {
			es.startHeartbeat(ctx, s.cfg.heartbeat)
		}
		return nil
	})
	emit := func(ev api.StreamEvent) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return p.push(ev)
	}
	tctx, stop := s.turnContext(ctx)
	defer stop()
	var err error
	if ts, ok := s.svc.(TurnStreamer); ok {
		err = ts.Stream(tctx, c.Param("id"), token(c), req, emit)
	} else {
		_, err = s.svc.Handle(tctx, c.Param("id"), token(c), req, emit)
	}
	p.close()
	es.stopHeartbeat()
	if !es.started() {
		if err != nil {
			s.fail(c, err)
			return
		}
		// A turn without events still answers as a (short) stream.
		if err := es.start(); err != nil {
			_ = c.Error(err)
		}
		c.Set(keySSEEvents, 0)
		return
	}
	c.Set(keySSEEvents, es.count())
	if err != nil {
		_ = c.Error(err)
		if ctx.Err() == nil {
			_, info := classify(c.Request, s.errorLang(c, err), err)
			es.errorEvent(info)
			c.Set(keySSEEvents, es.count())
		}
	}
}

var (
	msgBadLastEventID  = msg{"Last-Event-ID 必须是非负整数", "Last-Event-ID must be a non-negative integer"}
	msgLastEventBeyond = msg{"Last-Event-ID 超出了本会话的事件记录", "Last-Event-ID is beyond this session's event log"}
)

// CodeBadLastEventID is the code of a Last-Event-ID beyond the log.
const CodeBadLastEventID = "bad_last_event_id"

// LastSeqer is implemented by services that say where a session's event
// log ends (*agent.Agent does): GET …/stream refuses a Last-Event-ID
// beyond it with 400 bad_last_event_id.
type LastSeqer interface {
	LastSeq(ctx context.Context, id, token string) (int64, error)
}

// stream is GET …/stream: the session's events after Last-Event-ID, then
// live ones, until the client goes away or the server shuts down.
func (s *Server) stream(c *gin.Context) {
	r := c.Request
	after, err := sse.LastEventID(r)
	if err != nil {
		s.fail(c, newHTTPError(r, http.StatusBadRequest, CodeBadRequest, msgBadLastEventID, nil, err))
		return
	}
	// Without Last-Event-ID the stream starts at the session's current
	// state (read it with GET …/sessions/{id}) and carries live events
	// only, instead of replaying the whole log (issue 15: 38 MB for a
	// 2,000-turn session). Last-Event-ID: 0 still replays everything.
	if r.Header.Get(api.HeaderLastEvent) == "" && r.URL.Query().Get("lastEventId") == "" {
		after = agent.FollowFromNow
	}
	id, tok := c.Param("id"), token(c)
	// Check the session and token first, so those errors get a status.
	if _, err := s.svc.Snapshot(r.Context(), id, tok); err != nil {
		s.fail(c, err)
		return
	}
	if ls, ok := s.svc.(LastSeqer); ok && after > 0 {
		last, err := ls.LastSeq(r.Context(), id, tok)
		if err != nil {
			s.fail(c, err)
			return
		}
		if after > last {
			s.fail(c, newHTTPError(r, http.StatusBadRequest, CodeBadLastEventID, msgLastEventBeyond,
				map[string]int64{"last_event_id": after, "last_seq": last}, fmt.Errorf("Last-Event-ID %d beyond the log (%d)", after, last)))
			return
		}
	}
	release := s.admitStream(c, false)
	if release == nil {
		return
	}
	defer release()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stopAfter := context.AfterFunc(s.streams, cancel)
	defer stopAfter()

	es := newEventStream(c.Writer, s.cfg.writeTimeout, after)
	defer es.finish()
	if err := es.start(); err != nil {
		_ = c.Error(err)
		return
	}
	c.Set(keySSEEvents, 0)
	if err := es.retry(s.cfg.retry); err != nil {
		_ = c.Error(err)
		return
	}
	es.startHeartbeat(ctx, s.cfg.heartbeat)
	err = s.svc.Follow(ctx, id, tok, after, func(ev api.StreamEvent) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return es.send(ev)
	})
	es.stopHeartbeat()
	c.Set(keySSEEvents, es.count())
	if err != nil && ctx.Err() == nil && !errors.Is(err, context.Canceled) && es.healthy() {
		_ = c.Error(err)
		_, info := classify(r, s.errorLang(c, err), err)
		es.errorEvent(info)
		c.Set(keySSEEvents, es.count())
	}
}
