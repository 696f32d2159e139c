package sessions

import (
	"context"
	"encoding/json"
	"fmt"
)

// TraceRecorder is implemented by stores that keep the audit trail of a
// turn that failed: its trace (with its error) is added to the session's
// turns while the snapshot and its version stay as they were (a failed
// turn commits nothing else). Memory and Postgres implement it.
type TraceRecorder interface {
	RecordTurn(ctx context.Context, id string, turn Turn) error
}

var (
	_ TraceRecorder = (*Memory)(nil)
	_ TraceRecorder = (*Postgres)(nil)
)

// RecordTurn implements TraceRecorder.
func (m *Memory) RecordTurn(_ context.Context, id string, turn Turn) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.sessions[id]
	if !ok {
		return fmt.Errorf("record turn %s: %w", id, ErrNotFound)
	}
	turn.SessionID, turn.Trace = id, clone(turn.Trace)
	if turn.At.IsZero() {
		turn.At = m.now()
	}
	s.logBytes += int64(len(turn.Trace))
	m.logBytes.Add(int64(len(turn.Trace)))
	s.turns = append(s.turns, turn)
	return nil
}

// RecordTurn implements TraceRecorder.
func (p *Postgres) RecordTurn(ctx context.Context, id string, turn Turn) error {
	at := turn.At
	if at.IsZero() {
		at = p.now().UTC()
	}
	trace := turn.Trace
	if len(trace) == 0 {
		trace = json.RawMessage("null")
	}
	if _, err := p.pool.Exec(ctx, `INSERT INTO session_turns (session_id, turn, branch, trace, at) VALUES ($1, $2, $3, $4, $5)`,
		id, turn.Turn, TraceBranch(trace), string(trace), at); err != nil {
		return dbErr("record turn", id, err)
	}
	return nil
}
