package sessions

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// liveBound is the PostgreSQL store's bound on live sessions.
type liveBound struct {
	max  int
	idle time.Duration
}

// WithLiveBound bounds the PostgreSQL store like Limits.MaxSessions bounds
// the memory one, counted in the database so it holds across instances:
// Create answers ErrOverloaded while max sessions are live — open, and
// created or committed within idle (zero: ever). The count and the insert
// are not serialised between instances, so concurrent creates may pass
// the bound by a few. max 0 is no bound.
func WithLiveBound(max int, idle time.Duration) PostgresOption {
	return func(p *Postgres) { p.live = liveBound{max: max, idle: idle} }
}

// checkLive refuses a create while the live sessions are at the bound.
func (p *Postgres) checkLive(ctx context.Context, tx pgx.Tx, now time.Time) error {
	if p.live.max <= 0 {
		return nil
	}
	var since any
	if p.live.idle > 0 {
		since = now.Add(-p.live.idle)
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM sessions WHERE closed_at IS NULL
		AND ($1::timestamptz IS NULL OR updated_at >= $1) LIMIT $2) live`, since, p.live.max).Scan(&n)
	if err != nil {
		return err
	}
	if n >= p.live.max {
		return fmt.Errorf("%d live sessions: %w", n, ErrOverloaded)
	}
	return nil
}
