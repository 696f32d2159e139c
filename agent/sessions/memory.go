package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultBuffer is how many events a subscriber may fall behind before
// its feed is closed and it must resume from the log.
const DefaultBuffer = 256

// Memory is the in-memory Store. Data lives as long as the process, or
// until the eviction policy of its Limits drops it.
type Memory struct {
	mu       sync.Mutex
	sessions map[string]*memSession
	active   map[string]string // client_ref|platform → session id
	now      func() time.Time
	buffer   int
	limits   Limits

	lastSweep time.Time
	evicted   atomic.Int64
	refused   atomic.Int64
	logBytes  atomic.Int64
	subCount  atomic.Int64
}

// Limits bound what a Memory store holds. Zero values mean no bound.
//
// The policy: a store at MaxSessions first evicts closed sessions and
// sessions idle for at least IdleTTL (no read, append or commit); when
// none can go, Create fails with ErrOverloaded (503 with Retry-After),
// long before the process runs out of memory. Sweep evicts the same ones
// at any time (the server runs it every minute).
type Limits struct {
	// MaxSessions is the most sessions held, closed ones included.
	MaxSessions int
	// IdleTTL is how long an untouched session is kept at least.
	IdleTTL time.Duration
	// MaxLogBytes bounds the event and trace payload bytes of all
	// sessions together: at or beyond it Create evicts, then refuses.
	MaxLogBytes int64
}

// Stats is what an operator watches (the /metrics gauges).
type Stats struct {
	// Open and Closed count the sessions held.
	Open, Closed int
	// LogBytes is the size of every event payload and turn trace held.
	LogBytes int64
	// Subscribers is the number of live subscriptions (open streams).
	Subscribers int64
	// Evicted and Refused count evicted sessions and refused creations.
	Evicted, Refused int64
	// ByState counts the open sessions by their three-layer state
	// (Record.State).
	ByState map[State]int
}

type memSession struct {
	rec      Record
	events   []Event
	turns    []Turn
	subs     map[*memSub]struct{}
	seen     time.Time
	logBytes int64
	locked   bool // a Writer holds the session
}

type memSub struct {
	ch     chan Event
	lagged atomic.Bool
	closed bool
}

// MemoryOption configures a Memory store.
type MemoryOption func(*Memory)

// WithClock sets the clock that stamps records and events.
func WithClock(now func() time.Time) MemoryOption { return func(m *Memory) { m.now = now } }

// WithBuffer sets the per-subscriber buffer (DefaultBuffer by default).
func WithBuffer(n int) MemoryOption { return func(m *Memory) { m.buffer = n } }

// WithLimits bounds the store (see Limits for the eviction policy).
func WithLimits(l Limits) MemoryOption { return func(m *Memory) { m.limits = l } }

// NewMemory returns an empty in-memory store.
func NewMemory(opts ...MemoryOption) *Memory {
	m := &Memory{sessions: map[string]*memSession{}, active: map[string]string{}, now: time.Now, buffer: DefaultBuffer}
	for _, o := range opts {
		o(m)
	}
	if m.buffer < 1 {
		m.buffer = 1
	}
	return m
}

var _ Store = (*Memory)(nil)

// Describe names the implementation.
func (m *Memory) Describe() string { return "memory (sessions are lost on restart)" }

// Create implements Store.
func (m *Memory) Create(_ context.Context, rec Record) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.sessions[rec.ID]; ok {
		return "", fmt.Errorf("create %s: %w", rec.ID, ErrExists)
	}
	now := m.now()
	if m.fullLocked() {
		// Sweep at most every 100 ms: a store full of live sessions
		// refuses in O(1) instead of scanning on every request.
		if now.Sub(m.lastSweep) >= 100*time.Millisecond {
			m.sweepLocked(now)
		}
		if m.fullLocked() {
			m.refused.Add(1)
			return "", fmt.Errorf("create %s: %d sessions, %d log bytes held: %w", rec.ID, len(m.sessions), m.logBytes.Load(), ErrOverloaded)
		}
	}
	rec.Version, rec.CreatedAt, rec.UpdatedAt, rec.LastSeq = 1, now, now, 0
	rec.ClosedAt, rec.ClosedBy = time.Time{}, ""
	rec.Snapshot = clone(rec.Snapshot)
	var closed string
	if rec.ClientRef != "" {
		k := rec.ClientRef + "|" + rec.Platform
		old := m.sessions[m.active[k]]
		switch {
		case old == nil || old.rec.Closed():
			m.active[k] = rec.ID
		case Owns(rec, old.rec):
			old.rec.ClosedAt, old.rec.ClosedBy = now, rec.ID
			closed = old.rec.ID
			m.active[k] = rec.ID
		}
	}
	rec.ProofTokenHash = ""
	m.sessions[rec.ID] = &memSession{rec: rec, subs: map[*memSub]struct{}{}, seen: now}
	return closed, nil
}

func (m *Memory) fullLocked() bool {
	l := m.limits
	return l.MaxSessions > 0 && len(m.sessions) >= l.MaxSessions || l.MaxLogBytes > 0 && m.logBytes.Load() >= l.MaxLogBytes
}

// Sweep evicts closed sessions and sessions idle for at least IdleTTL
// (with an IdleTTL of zero, only closed ones) and returns how many went.
// Their live subscriptions end; a later call on them answers not found.
func (m *Memory) Sweep() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sweepLocked(m.now())
}

func (m *Memory) sweepLocked(now time.Time) int {
	m.lastSweep = now
	n := 0
	for id, s := range m.sessions {
		idle := m.limits.IdleTTL > 0 && now.Sub(s.seen) >= m.limits.IdleTTL
		if !s.rec.Closed() && !idle {
			continue
		}
		m.dropLocked(id, s)
		n++
	}
	m.evicted.Add(int64(n))
	return n
}

// Stats returns the store's gauges and counters.
func (m *Memory) Stats() Stats {
	m.mu.Lock()
	st := Stats{ByState: map[State]int{}}
	for _, s := range m.sessions {
		if s.rec.Closed() {
			st.Closed++
		} else {
			st.Open++
			st.ByState[s.rec.State]++
		}
	}
	m.mu.Unlock()
	st.LogBytes, st.Subscribers = m.logBytes.Load(), m.subCount.Load()
	st.Evicted, st.Refused = m.evicted.Load(), m.refused.Load()
	return st
}

// Head implements Store: the record, as Get (its snapshot costs nothing
// to return here).
func (m *Memory) Head(ctx context.Context, id string) (Record, error) { return m.Get(ctx, id) }

// Get implements Store.
func (m *Memory) Get(_ context.Context, id string) (Record, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return Record{}, fmt.Errorf("get %s: %w", id, ErrNotFound)
	}
	s.seen = m.now()
	// The stored snapshot is never modified in place (Commit replaces
	// it), so the record shares it: callers must not modify it.
	return s.rec, nil
}

// appendLocked numbers events after the log's last one, appends them and
// delivers them to the subscribers; m.mu must be held.
func (m *Memory) appendLocked(s *memSession, events []Event) []Event {
	out := make([]Event, len(events))
	now := m.now()
	s.seen = now
	for i, e := range events {
		s.rec.LastSeq++
		e.SessionID, e.Seq = s.rec.ID, s.rec.LastSeq // Data kept as given (Commit, Fail)
		if e.At.IsZero() {
			e.At = now
		}
		s.events = append(s.events, e)
		s.logBytes += int64(len(e.Data))
		m.logBytes.Add(int64(len(e.Data)))
		out[i] = e
		for sub := range s.subs {
			select {
			case sub.ch <- e:
			default:
				// The subscriber is more than its buffer behind: end its
				// feed; it resumes from the log.
				sub.lagged.Store(true)
				m.closeSub(s, sub)
			}
		}
	}
	return out
}

// recordTurnLocked adds a turn's audit trail; m.mu must be held.
func (m *Memory) recordTurnLocked(s *memSession, turn *Turn) {
	if turn == nil {
		return
	}
	if turn.State != (State{}) {
		s.rec.State = turn.State
	}
	s.rec.LastTurn = max(s.rec.LastTurn, turn.Turn)
	t := *turn
	t.SessionID = s.rec.ID // Trace kept as given (Commit, Fail)
	s.logBytes += int64(len(t.Trace))
	m.logBytes.Add(int64(len(t.Trace)))
	if t.At.IsZero() {
		t.At = m.now()
	}
	s.turns = append(s.turns, t)
}

// Commit implements Store.
func (m *Memory) Commit(_ context.Context, id string, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return Record{}, nil, fmt.Errorf("commit %s: %w", id, ErrNotFound)
	}
	if s.rec.Version != expectVersion {
		return Record{}, nil, fmt.Errorf("commit %s at version %d (stored %d): %w", id, expectVersion, s.rec.Version, ErrConflict)
	}
	if len(events) > 0 && events[0].Seq != 0 && events[0].Seq != s.rec.LastSeq+1 {
		return Record{}, nil, fmt.Errorf("commit %s: events numbered from %d, the log is at %d: %w", id, events[0].Seq, s.rec.LastSeq, ErrConflict)
	}
	s.rec.Version++
	s.rec.Snapshot = snapshot // kept as given: the caller no longer changes it
	s.rec.UpdatedAt = m.now()
	s.seen = s.rec.UpdatedAt
	m.recordTurnLocked(s, turn)
	out := m.appendLocked(s, events)
	return s.rec, out, nil // shares the stored snapshot, as Get does
}

// Lock implements Store: one writer per session in this process.
func (m *Memory) Lock(_ context.Context, id string) (Writer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return nil, fmt.Errorf("lock %s: %w", id, ErrNotFound)
	}
	if s.locked {
		return nil, fmt.Errorf("lock %s: %w", id, ErrBusy)
	}
	s.locked = true
	return &memWriter{m: m, s: s}, nil
}

// memWriter holds a Memory session's writer lock.
type memWriter struct {
	m    *Memory
	s    *memSession
	once sync.Once
}

func (w *memWriter) Get(ctx context.Context) (Record, error) { return w.m.Get(ctx, w.s.rec.ID) }

func (w *memWriter) Commit(ctx context.Context, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error) {
	return w.m.Commit(ctx, w.s.rec.ID, expectVersion, snapshot, events, turn)
}

func (w *memWriter) Fail(_ context.Context, ev Event, turn *Turn) (Event, error) {
	w.m.mu.Lock()
	defer w.m.mu.Unlock()
	if _, ok := w.m.sessions[w.s.rec.ID]; !ok {
		return Event{}, fmt.Errorf("fail %s: %w", w.s.rec.ID, ErrNotFound)
	}
	ev.Seq = 0
	w.s.rec.LastTurn = max(w.s.rec.LastTurn, ev.Turn)
	w.m.recordTurnLocked(w.s, turn)
	return w.m.appendLocked(w.s, []Event{ev})[0], nil
}

func (w *memWriter) Release() {
	w.once.Do(func() {
		w.m.mu.Lock()
		w.s.locked = false
		w.m.mu.Unlock()
	})
}

// Events implements Store.
func (m *Memory) Events(_ context.Context, id string, after int64, limit int) ([]Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return nil, fmt.Errorf("events %s: %w", id, ErrNotFound)
	}
	if after < 0 {
		after = 0
	}
	// Seq n is at index n-1: the log has no gaps.
	if after >= int64(len(s.events)) {
		return nil, nil
	}
	evs := s.events[after:]
	if limit > 0 && len(evs) > limit {
		evs = evs[:limit]
	}
	out := make([]Event, len(evs))
	copy(out, evs)
	return out, nil
}

// Turns implements Store.
func (m *Memory) Turns(_ context.Context, id string) ([]Turn, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return nil, fmt.Errorf("turns %s: %w", id, ErrNotFound)
	}
	out := make([]Turn, len(s.turns))
	copy(out, s.turns)
	return out, nil
}

// Subscribe implements Store.
func (m *Memory) Subscribe(ctx context.Context, id string) (*Subscription, error) {
	m.mu.Lock()
	s, ok := m.sessions[id]
	if !ok {
		m.mu.Unlock()
		return nil, fmt.Errorf("subscribe %s: %w", id, ErrNotFound)
	}
	sub := &memSub{ch: make(chan Event, m.buffer)}
	s.subs[sub] = struct{}{}
	m.subCount.Add(1)
	m.mu.Unlock()
	go func() {
		<-ctx.Done()
		m.mu.Lock()
		m.closeSub(s, sub)
		m.mu.Unlock()
	}()
	return &Subscription{C: sub.ch, lagged: sub.lagged.Load}, nil
}

// closeSub ends a subscription; m.mu must be held.
func (m *Memory) closeSub(s *memSession, sub *memSub) {
	if sub.closed {
		return
	}
	sub.closed = true
	m.subCount.Add(-1)
	delete(s.subs, sub)
	close(sub.ch)
}

func clone(b json.RawMessage) json.RawMessage {
	if b == nil {
		return nil
	}
	return append(json.RawMessage(nil), b...)
}

// dropLocked removes session id (s) with its log: its subscribers are
// closed, its client_ref slot freed and its log bytes returned. The caller
// holds m.mu.
func (m *Memory) dropLocked(id string, s *memSession) {
	for sub := range s.subs {
		m.closeSub(s, sub)
	}
	if s.rec.ClientRef != "" {
		if k := s.rec.ClientRef + "|" + s.rec.Platform; m.active[k] == id {
			delete(m.active, k)
		}
	}
	m.logBytes.Add(-s.logBytes)
	delete(m.sessions, id)
}
