package sessions

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"
)

// Pruned counts what one prune removed.
type Pruned struct {
	Sessions, Events, Turns int64
}

func (p *Pruned) add(q Pruned) {
	p.Sessions += q.Sessions
	p.Events += q.Events
	p.Turns += q.Turns
}

// Pruner deletes, at most limit at a time, the sessions closed or
// untouched (no commit; for the memory store no read or append either)
// before a cutoff, with their events and turn traces. Both stores
// implement it.
type Pruner interface {
	Prune(ctx context.Context, before time.Time, limit int) (Pruned, error)
}

var (
	_ Pruner = (*Memory)(nil)
	_ Pruner = (*Postgres)(nil)
)

// Prune implements Pruner: closed sessions whose close, and open ones
// whose last touch, is before the cutoff go, their subscriptions ended.
func (m *Memory) Prune(_ context.Context, before time.Time, limit int) (Pruned, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var p Pruned
	for id, s := range m.sessions {
		if limit > 0 && p.Sessions >= int64(limit) {
			break
		}
		last := s.seen
		if s.rec.Closed() && s.rec.ClosedAt.Before(last) {
			last = s.rec.ClosedAt
		}
		if !last.Before(before) {
			continue
		}
		m.dropLocked(id, s)
		p.Sessions++
		p.Events += int64(len(s.events))
		p.Turns += int64(len(s.turns))
	}
	return p, nil
}

// Prune implements Pruner: one transaction per batch, the oldest first;
// rows another transaction holds (a turn committing) are skipped, not
// waited for.
func (p *Postgres) Prune(ctx context.Context, before time.Time, limit int) (Pruned, error) {
	if limit <= 0 {
		limit = DefaultPruneBatch
	}
	var out Pruned
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id FROM sessions WHERE updated_at < $1 OR closed_at < $1
			ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED`, before, limit)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(ids) == 0 {
			return err
		}
		for _, q := range []struct {
			sql string
			n   *int64
		}{
			{`DELETE FROM session_events WHERE session_id = ANY($1)`, &out.Events},
			{`DELETE FROM session_turns WHERE session_id = ANY($1)`, &out.Turns},
			{`DELETE FROM sessions WHERE id = ANY($1)`, &out.Sessions},
		} {
			tag, err := tx.Exec(ctx, q.sql, ids)
			if err != nil {
				return err
			}
			*q.n = tag.RowsAffected()
		}
		return nil
	})
	if err != nil {
		return Pruned{}, dbErr("prune", "", err)
	}
	return out, nil
}

// DefaultPruneBatch is how many sessions one prune transaction deletes.
const DefaultPruneBatch = 500

// Sweeper applies a retention policy: every interval it deletes, batch by
// batch, the sessions closed or untouched for longer than the retention,
// with their events and traces, and counts what went in
// searchagent_sessions_pruned_total{kind="sessions|events|turns"}.
type Sweeper struct {
	store    Pruner
	retain   time.Duration
	interval time.Duration
	batch    int
	now      func() time.Time
	log      *slog.Logger
	pruned   *prometheus.CounterVec
}

// NewSweeper returns the sweeper of store for a retention of retain
// (positive), run every interval (positive), batch sessions at a time.
func NewSweeper(store Pruner, retain, interval time.Duration, batch int, log *slog.Logger) (*Sweeper, error) {
	if retain <= 0 || interval <= 0 {
		return nil, fmt.Errorf("sessions: retention %v and sweep interval %v must be positive", retain, interval)
	}
	if batch <= 0 {
		batch = DefaultPruneBatch
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Sweeper{store: store, retain: retain, interval: interval, batch: batch, now: time.Now, log: log,
		pruned: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Name: "sessions_pruned_total",
			Help: "Sessions, events and turn traces deleted by the retention sweeper."}, []string{"kind"})}, nil
}

// Collector is the sweeper's counter, to register on the metrics registry.
func (s *Sweeper) Collector() prometheus.Collector { return s.pruned }

// Sweep deletes everything past the retention now, batch after batch
// until a batch comes back short, and returns what went.
func (s *Sweeper) Sweep(ctx context.Context) (Pruned, error) {
	cutoff := s.now().Add(-s.retain)
	var total Pruned
	for ctx.Err() == nil {
		p, err := s.store.Prune(ctx, cutoff, s.batch)
		total.add(p)
		s.pruned.WithLabelValues("sessions").Add(float64(p.Sessions))
		s.pruned.WithLabelValues("events").Add(float64(p.Events))
		s.pruned.WithLabelValues("turns").Add(float64(p.Turns))
		if err != nil {
			return total, err
		}
		if p.Sessions < int64(s.batch) {
			break
		}
	}
	return total, ctx.Err()
}

// Run sweeps every interval until ctx ends; failures are logged and the
// next interval tries again.
func (s *Sweeper) Run(ctx context.Context) {
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		p, err := s.Sweep(ctx)
		if err != nil && ctx.Err() == nil {
			s.log.Warn("retention sweep failed; retrying next interval", "err", err)
		}
		if p.Sessions > 0 {
			s.log.Info("retention: sessions deleted", "sessions", p.Sessions, "events", p.Events, "turns", p.Turns, "retain", s.retain)
		}
	}
}
