package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// RepairReport counts what Repair changed.
type RepairReport struct {
	// Uncommitted counts the half-written turns whose events were replaced
	// by one turn.error: their session never took them.
	Uncommitted int `json:"uncommitted"`
	// Undone counts the committed turns that had no turn.done and got one.
	Undone int `json:"undone"`
}

// Repaired is the error code of the turn.error that Repair puts in place
// of a half-written turn.
const Repaired = "turn_interrupted"

// Repair fixes event logs written by versions that appended each event in
// its own transaction: a turn whose events have neither turn.done nor
// turn.error and whose last event is older than olderThan (an older
// instance may still be running a younger one) is either uncommitted —
// no trace of it was recorded: its events are deleted and one turn.error
// takes the seq of its last event — or committed without its turn.done,
// which is appended then, carrying the state of the turn's last
// transition. This version never writes such turns (Commit and
// Writer.Fail are atomic), so a repaired log stays repaired; serve runs
// Repair at start-up.
func (p *Postgres) Repair(ctx context.Context, olderThan time.Duration) (RepairReport, error) {
	var rep RepairReport
	cutoff := p.now().UTC().Add(-olderThan)
	rows, err := p.pool.Query(ctx, `SELECT e.session_id, e.turn, max(e.seq),
			EXISTS (SELECT 1 FROM session_turns t WHERE t.session_id = e.session_id AND t.turn = e.turn)
		FROM session_events e
		GROUP BY e.session_id, e.turn
		HAVING NOT bool_or(e.name IN ('turn.done', 'turn.error')) AND max(e.at) < $1
		ORDER BY 1, 2`, cutoff)
	if err != nil {
		return rep, dbErr("repair", "", err)
	}
	type half struct {
		id        string
		turn, seq int64
		committed bool
	}
	var todo []half
	for rows.Next() {
		var h half
		if err := rows.Scan(&h.id, &h.turn, &h.seq, &h.committed); err != nil {
			rows.Close()
			return rep, dbErr("repair", "", err)
		}
		todo = append(todo, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return rep, dbErr("repair", "", err)
	}
	now := p.now().UTC()
	for _, h := range todo {
		err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
			if !h.committed {
				if _, err := tx.Exec(ctx, `DELETE FROM session_events WHERE session_id = $1 AND turn = $2`, h.id, h.turn); err != nil {
					return err
				}
				data, _ := json.Marshal(map[string]any{"error": map[string]string{"code": Repaired,
					"message": "this turn was interrupted before it was saved; nothing of it took effect"}})
				_, err := tx.Exec(ctx, `INSERT INTO session_events (session_id, seq, turn, name, data, at) VALUES ($1, $2, $3, 'turn.error', $4, $5)`,
					h.id, h.seq, h.turn, string(data), now)
				return err
			}
			var last int64
			if err := tx.QueryRow(ctx, `UPDATE sessions SET last_seq = last_seq + 1 WHERE id = $1 RETURNING last_seq`, h.id).Scan(&last); err != nil {
				return err
			}
			var tr struct {
				To       json.RawMessage `json:"to"`
				Scene    string          `json:"scene"`
				Substate string          `json:"substate"`
			}
			var raw []byte
			err := tx.QueryRow(ctx, `SELECT COALESCE(trace->'transitions'->-1, 'null')::text FROM session_turns WHERE session_id = $1 AND turn = $2 ORDER BY id DESC LIMIT 1`,
				h.id, h.turn).Scan(&raw)
			if err != nil {
				return err
			}
			_ = json.Unmarshal(raw, &tr)
			// The shape of api.TurnDone (this package does not import api);
			// the version the turn committed is not known any more: 0.
			state := tr.To
			if len(state) == 0 || string(state) == "null" {
				state = json.RawMessage(`{"input":"","container":"","session":""}`)
			}
			done := map[string]any{"turn": h.turn, "state": state, "scene": tr.Scene, "substate": tr.Substate, "version": 0, "ok": true, "repaired": true}
			data, _ := json.Marshal(done)
			_, err = tx.Exec(ctx, `INSERT INTO session_events (session_id, seq, turn, name, data, at) VALUES ($1, $2, $3, 'turn.done', $4, $5)`,
				h.id, last, h.turn, string(data), now)
			return err
		})
		if err != nil {
			return rep, dbErr("repair", h.id, fmt.Errorf("turn %d: %w", h.turn, err))
		}
		if h.committed {
			rep.Undone++
		} else {
			rep.Uncommitted++
		}
	}
	return rep, nil
}
