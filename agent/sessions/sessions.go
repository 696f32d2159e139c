// Package sessions persists search sessions: the snapshot with a version
// for optimistic concurrency, an append-only sequence-numbered event log
// (what SSE clients replay with Last-Event-ID), the per-turn audit trail,
// and a live fan-out of new events to subscribers with bounded buffers.
//
// A turn is atomic: its snapshot, its events and its trace are written in
// one Commit, so a reader sees a turn whole or not at all, and a turn that
// fails leaves one event in the log (its turn.error, written by
// Writer.Fail). One writer at a time holds a session's turn (Lock): in
// PostgreSQL a session-level advisory lock, so two instances never
// interleave turns of one session.
//
// The payloads are opaque JSON here: the agent owns their types, and a
// PostgreSQL implementation stores them as jsonb. Store is the interface
// both implementations satisfy; Memory is the in-memory one.
package sessions

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"time"
)

// Errors callers branch on.
var (
	// ErrNotFound: no session with that id.
	ErrNotFound = errors.New("session not found")
	// ErrConflict: the session changed since the version the caller read
	// (a concurrent turn won); reload and retry or refuse with 409.
	ErrConflict = errors.New("session changed concurrently")
	// ErrClosed: a newer session replaced this one (spec 2.1: one active
	// session per client and platform); the API answers 410.
	ErrClosed = errors.New("session closed")
	// ErrExists: a session with that id already exists.
	ErrExists = errors.New("session already exists")
	// ErrOverloaded: the store holds as many sessions as it may and none
	// can be evicted; the API answers 503 overloaded with Retry-After.
	ErrOverloaded = errors.New("session store is full")
	// ErrUnavailable: the store's database cannot be reached; nothing was
	// written, retry later (the API answers 503).
	ErrUnavailable = errors.New("session store unavailable")
	// ErrBusy: another writer (a turn on another instance) holds the
	// session's lock; the API answers 409 before the turn runs.
	ErrBusy = errors.New("session is busy with another turn")
	// ErrWrongToken: the caller's token is not the session's
	// (TokenLocker); nothing was locked.
	ErrWrongToken = errors.New("session token does not match")
)

// Record is one session as stored.
type Record struct {
	ID string `json:"id"`
	// TokenHash is the SHA-256 of the session token, hex; the token itself
	// is never stored.
	TokenHash string `json:"-"`
	Platform  string `json:"platform"`
	Locale    string `json:"locale"`
	// ClientRef identifies the client (a browser tab, a user); one active
	// session per ClientRef and Platform.
	ClientRef string `json:"client_ref,omitempty"`
	// Owner identifies the API key that created the session (a hash), or
	// is empty.
	Owner string `json:"owner,omitempty"`
	// ProofTokenHash is given to Create only, never stored: the SHA-256
	// (hex) of the token the caller presented for the session it wants to
	// replace.
	ProofTokenHash string `json:"-"`
	// Version increases by one with every committed change.
	Version int64 `json:"version"`
	// Snapshot is the agent's session state, JSON.
	Snapshot  json.RawMessage `json:"snapshot"`
	CreatedAt time.Time       `json:"created_at"`
	UpdatedAt time.Time       `json:"updated_at"`
	// ClosedAt is set when a newer session replaced this one; ClosedBy
	// names it.
	ClosedAt time.Time `json:"closed_at,omitzero"`
	ClosedBy string    `json:"closed_by,omitempty"`
	// LastSeq is the sequence number of the session's last event.
	LastSeq int64 `json:"last_seq"`
	// LastTurn is the number of the session's last turn, committed or
	// failed: the next turn is LastTurn+1, so turn numbers never repeat.
	LastTurn int64 `json:"last_turn"`
	// State is the session's three-layer state as the agent last created
	// or committed it (Turn.State), for the operator's gauges; the memory
	// store keeps it, the PostgreSQL store leaves it zero (the state is in
	// Snapshot).
	State State `json:"-"`
}

// State is a session's three-layer state (input, container and session
// layer names, as in package fsm).
type State struct {
	Input, Container, Session string
}

// Closed reports whether a newer session replaced this one.
func (r *Record) Closed() bool { return !r.ClosedAt.IsZero() }

// Event is one entry of a session's event log.
type Event struct {
	SessionID string `json:"session_id"`
	// Seq numbers the session's events from 1 without gaps.
	Seq  int64           `json:"seq"`
	Turn int64           `json:"turn"`
	Name string          `json:"event"`
	Data json.RawMessage `json:"data"`
	At   time.Time       `json:"at"`
}

// Turn is the audit trail of one turn.
type Turn struct {
	SessionID string          `json:"session_id"`
	Turn      int64           `json:"turn"`
	Trace     json.RawMessage `json:"trace"`
	At        time.Time       `json:"at"`
	// State is the session's state after the turn (Record.State).
	State State `json:"-"`
	// Branch is the router's branch of the turn, the one TraceBranch reads
	// from Trace, set by a caller that knows it so that the PostgreSQL
	// store need not decode the trace to index it (decoding a 4 KB trace
	// for it was 3% of the service's CPU at 50 users); empty: read from
	// Trace, unless BranchKnown.
	Branch string `json:"-"`
	// BranchKnown says Branch is the trace's even when it is empty (a
	// turn the router did not run: most turns), so the store does not
	// decode the trace to find no branch there.
	BranchKnown bool `json:"-"`
}

// Store persists sessions. Every method is safe for concurrent use.
type Store interface {
	// Create stores a new session at version 1. When rec.ClientRef is set
	// and the same ClientRef and Platform has an active session, that
	// session is closed in the same step and its id returned only if the
	// caller owns it: rec.ProofTokenHash equals its TokenHash (compared in
	// constant time), or rec.Owner is set and equals its Owner. Otherwise
	// the new session is independent: it closes nothing and does not
	// become the active one (a client_ref alone proves nothing).
	Create(ctx context.Context, rec Record) (closedID string, err error)
	// Get returns the session. The record's Snapshot may share the store's
	// memory: callers read it and must not modify it.
	Get(ctx context.Context, id string) (Record, error)
	// Head returns the session as Get does, except that the Snapshot may
	// be left out (nil): for the callers that check the token or read
	// the log's position. When it is left out and the record's Locale is
	// empty, Locale is the one the snapshot names.
	Head(ctx context.Context, id string) (Record, error)
	// Commit writes one turn, all or nothing: if the stored version is
	// still expectVersion (else ErrConflict) the snapshot replaces the
	// stored one and the version goes up by one, the events are appended
	// to the log, the turn's audit trail is recorded when turn is not nil,
	// and LastTurn becomes turn.Turn. Events with Seq 0 are numbered after
	// the log's last one; events that carry numbers must continue the log
	// (the first is LastSeq+1, else ErrConflict: the log moved since the
	// caller numbered them). Subscribers receive the events only once they
	// are committed. The store may keep snapshot, the events' Data and the
	// trace without copying them: the caller must not modify them after
	// the call.
	Commit(ctx context.Context, id string, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error)
	// Lock takes the session's writer lock for one turn, or fails with
	// ErrBusy at once when another writer holds it. The Writer reads and
	// writes the session under the lock until Release.
	Lock(ctx context.Context, id string) (Writer, error)
	// Events returns the events with Seq > after, oldest first, at most
	// limit (0 = all).
	Events(ctx context.Context, id string, after int64, limit int) ([]Event, error)
	// Turns returns the session's audit trail, oldest first.
	Turns(ctx context.Context, id string) ([]Turn, error)
	// Subscribe delivers the session's events committed from now on until
	// ctx ends or the subscriber falls more than its buffer behind, when
	// the channel is closed and Lagged reports true: the subscriber then
	// resumes from the log with Events.
	Subscribe(ctx context.Context, id string) (*Subscription, error)
	// Describe names the implementation for /readyz.
	Describe() string
}

// TokenLocker is a Store that checks the caller's token in the step that
// takes the writer lock: for the PostgreSQL store one round trip instead
// of a read of the session's head and then the lock.
type TokenLocker interface {
	// LockToken is Lock, taken only when the session's TokenHash equals
	// tokenHash: otherwise it fails with ErrWrongToken and holds nothing.
	// The record is the session as read with the lock (the Writer's first
	// Get returns it); when the session exists it is returned with
	// ErrWrongToken and ErrBusy too, for the caller to answer in its
	// language.
	LockToken(ctx context.Context, id, tokenHash string) (Writer, Record, error)
}

// Writer is the holder of a session's writer lock (Store.Lock): the one
// turn that may write the session now.
type Writer interface {
	// Get reads the session as committed, under the lock.
	Get(ctx context.Context) (Record, error)
	// Commit is Store.Commit under the lock.
	Commit(ctx context.Context, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error)
	// Fail records a turn that committed nothing: ev (its turn.error) is
	// appended to the log as the turn's only event, numbered after the
	// last one, LastTurn becomes ev.Turn, and the turn's audit trail is
	// recorded when turn is not nil. The snapshot and its version stay.
	// As with Commit, ev.Data and the trace may be kept without a copy.
	Fail(ctx context.Context, ev Event, turn *Turn) (Event, error)
	// Release gives the lock up. It is safe to call more than once.
	Release()
}

// Subscription is a live feed of one session's new events.
type Subscription struct {
	// C receives events in order; it is closed when the subscription ends.
	C      <-chan Event
	lagged func() bool
}

// Lagged reports whether the feed ended because the subscriber fell behind.
func (s *Subscription) Lagged() bool { return s.lagged() }

// Owns reports whether the creation of rec proves ownership of the active
// session old: the token presented for it (ProofTokenHash) matches, in
// constant time, or both were created with the same API key.
func Owns(rec, old Record) bool {
	if rec.ProofTokenHash != "" && subtle.ConstantTimeCompare([]byte(rec.ProofTokenHash), []byte(old.TokenHash)) == 1 {
		return true
	}
	return rec.Owner != "" && subtle.ConstantTimeCompare([]byte(rec.Owner), []byte(old.Owner)) == 1
}
