package sessions

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"searchagent/tools/pgdb"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Schema is the session store's migrations (goose table
// goose_sessions_version). They need no extension.
var Schema = pgdb.NewSchema("sessions", "goose_sessions_version", migrationFiles, "migrations")

// DefaultPollInterval is how often a subscription on the PostgreSQL store
// looks for events that another instance appended.
const DefaultPollInterval = 200 * time.Millisecond

// Postgres is the PostgreSQL Store: sessions survive restarts and are
// shared by every instance on the same database.
//
// Appends take the session row's lock to number events without gaps
// (UPDATE sessions SET last_seq = last_seq + n), commits are optimistic
// (UPDATE … WHERE version = $n), and a turn's trace is written in the
// commit's transaction. Subscriptions poll the event log (every
// DefaultPollInterval, and at once after an append on this instance), so
// an instance that did not run a turn still streams it; polling needs no
// dedicated LISTEN connection per instance and survives reconnects.
type Postgres struct {
	pool   *pgxpool.Pool
	now    func() time.Time
	buffer int
	poll   time.Duration
	live   liveBound // WithLiveBound (bounds.go)

	mu    sync.Mutex
	wakes map[string]map[chan struct{}]struct{} // session id → local subscribers to wake
}

var _ Store = (*Postgres)(nil)

// PostgresOption configures NewPostgres.
type PostgresOption func(*Postgres)

// WithPostgresClock sets the clock that stamps records and events.
func WithPostgresClock(now func() time.Time) PostgresOption {
	return func(p *Postgres) { p.now = now }
}

// WithPostgresBuffer sets the per-subscriber buffer (DefaultBuffer).
func WithPostgresBuffer(n int) PostgresOption { return func(p *Postgres) { p.buffer = max(n, 1) } }

// WithPollInterval sets how often subscriptions poll the event log.
func WithPollInterval(d time.Duration) PostgresOption {
	return func(p *Postgres) { p.poll = max(d, time.Millisecond) }
}

// NewPostgres returns the store over pool, which must be migrated (see
// Schema and pgdb.Ensure).
func NewPostgres(pool *pgxpool.Pool, opts ...PostgresOption) *Postgres {
	p := &Postgres{pool: pool, now: time.Now, buffer: DefaultBuffer, poll: DefaultPollInterval, wakes: map[string]map[chan struct{}]struct{}{}}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Describe implements Store.
func (p *Postgres) Describe() string {
	return "postgres (sessions, events and traces survive restarts)"
}

// Ping checks the database, for /readyz.
func (p *Postgres) Ping(ctx context.Context) error { return p.pool.Ping(ctx) }

// dbErr wraps a database error, marking lost connections with
// ErrUnavailable.
func dbErr(op, id string, err error) error {
	if pgdb.IsUnavailable(err) {
		return fmt.Errorf("%s %s: %w: %w", op, id, ErrUnavailable, err)
	}
	return fmt.Errorf("%s %s: %w", op, id, err)
}

func isUnique(err error) (string, bool) {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return pe.ConstraintName, true
	}
	return "", false
}

// Create implements Store.
func (p *Postgres) Create(ctx context.Context, rec Record) (string, error) {
	now := p.now().UTC()
	for attempt := 0; ; attempt++ {
		var closed string
		err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
			if err := p.checkLive(ctx, tx, now); err != nil {
				return err
			}
			if rec.ClientRef != "" && rec.ProofTokenHash != "" {
				// Only a caller that proves it owns the active session
				// (its token's hash) closes it (issue 15). Owner (the API
				// key) has no column yet: with this store an API key
				// alone does not replace a session.
				err := tx.QueryRow(ctx, `UPDATE sessions SET closed_at = $1, closed_by = $2
					WHERE client_ref = $3 AND platform = $4 AND closed_at IS NULL AND id <> $2 AND token_hash = $5 RETURNING id`,
					now, rec.ID, rec.ClientRef, rec.Platform, rec.ProofTokenHash).Scan(&closed)
				if err != nil && !errors.Is(err, pgx.ErrNoRows) {
					return err
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO sessions (id, token_hash, platform, locale, client_ref, version, snapshot, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7)`,
				rec.ID, rec.TokenHash, rec.Platform, rec.Locale, rec.ClientRef, jsonArg(rec.Snapshot), now)
			return err
		})
		if c, ok := isUnique(err); ok {
			if c == "sessions_pkey" {
				return "", fmt.Errorf("create %s: %w", rec.ID, ErrExists)
			}
			if attempt < 3 {
				// The client_ref has an active session this caller did not
				// prove it owns: the new session is independent.
				rec.ClientRef = ""
				continue
			}
		}
		if err != nil {
			return "", dbErr("create", rec.ID, err)
		}
		return closed, nil
	}
}

func jsonArg(b json.RawMessage) string {
	if len(b) == 0 {
		return "null"
	}
	return string(b)
}

const recordCols = `id, token_hash, platform, locale, client_ref, version, snapshot::text, created_at, updated_at, closed_at, closed_by, last_seq`

func scanRecord(row pgx.Row) (Record, error) {
	var r Record
	var snap string
	var closedAt *time.Time
	err := row.Scan(&r.ID, &r.TokenHash, &r.Platform, &r.Locale, &r.ClientRef, &r.Version, &snap, &r.CreatedAt, &r.UpdatedAt, &closedAt, &r.ClosedBy, &r.LastSeq)
	if err != nil {
		return r, err
	}
	r.Snapshot = json.RawMessage(snap)
	if closedAt != nil {
		r.ClosedAt = *closedAt
	}
	return r, nil
}

// Get implements Store.
func (p *Postgres) Get(ctx context.Context, id string) (Record, error) {
	r, err := scanRecord(p.pool.QueryRow(ctx, `SELECT `+recordCols+` FROM sessions WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, fmt.Errorf("get %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Record{}, dbErr("get", id, err)
	}
	return r, nil
}

// Append implements Store. The events and the new last sequence number
// are written in one transaction.
func (p *Postgres) Append(ctx context.Context, id string, events []Event) ([]Event, error) {
	if len(events) == 0 {
		return nil, nil
	}
	now := p.now().UTC()
	out := make([]Event, len(events))
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		var last int64
		err := tx.QueryRow(ctx, `UPDATE sessions SET last_seq = last_seq + $2 WHERE id = $1 RETURNING last_seq`, id, len(events)).Scan(&last)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		first := last - int64(len(events)) + 1
		rows := make([][]any, len(events))
		for i, e := range events {
			e.SessionID, e.Seq = id, first+int64(i)
			if e.At.IsZero() {
				e.At = now
			}
			e.Data = clone(e.Data)
			out[i] = e
			rows[i] = []any{id, e.Seq, e.Turn, e.Name, jsonArg(e.Data), e.At}
		}
		var b pgx.Batch
		for _, r := range rows {
			b.Queue(`INSERT INTO session_events (session_id, seq, turn, name, data, at) VALUES ($1, $2, $3, $4, $5, $6)`, r...)
		}
		return tx.SendBatch(ctx, &b).Close()
	})
	if err != nil {
		return nil, dbErr("append", id, err)
	}
	p.wake(id)
	return out, nil
}

// Commit implements Store: the snapshot and the turn's trace in one
// transaction, only at the expected version.
func (p *Postgres) Commit(ctx context.Context, id string, expectVersion int64, snapshot json.RawMessage, turn *Turn) (Record, error) {
	now := p.now().UTC()
	var rec Record
	err := pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
		r, err := scanRecord(tx.QueryRow(ctx, `UPDATE sessions SET version = version + 1, snapshot = $3, updated_at = $4
			WHERE id = $1 AND version = $2 RETURNING `+recordCols, id, expectVersion, jsonArg(snapshot), now))
		if errors.Is(err, pgx.ErrNoRows) {
			var stored int64
			if err := tx.QueryRow(ctx, `SELECT version FROM sessions WHERE id = $1`, id).Scan(&stored); errors.Is(err, pgx.ErrNoRows) {
				return ErrNotFound
			} else if err != nil {
				return err
			}
			return fmt.Errorf("at version %d (stored %d): %w", expectVersion, stored, ErrConflict)
		}
		if err != nil {
			return err
		}
		rec = r
		if turn != nil {
			at := turn.At
			if at.IsZero() {
				at = now
			}
			trace := turn.Trace
			if len(trace) == 0 {
				trace = json.RawMessage("null")
			}
			_, err := tx.Exec(ctx, `INSERT INTO session_turns (session_id, turn, branch, trace, at) VALUES ($1, $2, $3, $4, $5)`,
				id, turn.Turn, TraceBranch(trace), string(trace), at)
			return err
		}
		return nil
	})
	if err != nil {
		return Record{}, dbErr("commit", id, err)
	}
	return rec, nil
}

// TraceBranch reads the router's branch from a turn trace
// ({"router": {"result": {"branch": …}}}), "" when the turn had none.
func TraceBranch(trace json.RawMessage) string {
	var t struct {
		Router *struct {
			Result *struct {
				Branch string `json:"branch"`
			} `json:"result"`
		} `json:"router"`
	}
	if json.Unmarshal(trace, &t) != nil || t.Router == nil || t.Router.Result == nil {
		return ""
	}
	return t.Router.Result.Branch
}

// Events implements Store.
func (p *Postgres) Events(ctx context.Context, id string, after int64, limit int) ([]Event, error) {
	if after < 0 {
		after = 0
	}
	var lim any
	if limit > 0 {
		lim = limit
	}
	rows, err := p.pool.Query(ctx, `SELECT seq, turn, name, data::text, at FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, id, after, lim)
	if err != nil {
		return nil, dbErr("events", id, err)
	}
	var out []Event
	for rows.Next() {
		e := Event{SessionID: id}
		var data string
		if err := rows.Scan(&e.Seq, &e.Turn, &e.Name, &data, &e.At); err != nil {
			rows.Close()
			return nil, dbErr("events", id, err)
		}
		e.Data = json.RawMessage(data)
		out = append(out, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, dbErr("events", id, err)
	}
	if len(out) == 0 {
		if _, err := p.Get(ctx, id); err != nil {
			return nil, fmt.Errorf("events: %w", err)
		}
	}
	return out, nil
}

// Turns implements Store.
func (p *Postgres) Turns(ctx context.Context, id string) ([]Turn, error) {
	if _, err := p.Get(ctx, id); err != nil {
		return nil, fmt.Errorf("turns: %w", err)
	}
	return p.QueryTurns(ctx, TurnQuery{SessionID: id})
}

// TurnQuery selects turn traces for auditors.
type TurnQuery struct {
	// SessionID, Branch, Since and Until narrow the turns when set.
	SessionID string
	Branch    string
	Since     time.Time
	Until     time.Time
	// Limit caps the answer (0: no cap).
	Limit int
}

// QueryTurns returns the turns that match q, oldest first.
func (p *Postgres) QueryTurns(ctx context.Context, q TurnQuery) ([]Turn, error) {
	var lim any
	if q.Limit > 0 {
		lim = q.Limit
	}
	var since, until any
	if !q.Since.IsZero() {
		since = q.Since
	}
	if !q.Until.IsZero() {
		until = q.Until
	}
	rows, err := p.pool.Query(ctx, `SELECT session_id, turn, trace::text, at FROM session_turns
		WHERE ($1 = '' OR session_id = $1) AND ($2 = '' OR branch = $2) AND ($3::timestamptz IS NULL OR at >= $3) AND ($4::timestamptz IS NULL OR at < $4)
		ORDER BY at, id LIMIT $5`, q.SessionID, q.Branch, since, until, lim)
	if err != nil {
		return nil, dbErr("turns", q.SessionID, err)
	}
	defer rows.Close()
	out := []Turn{}
	for rows.Next() {
		var t Turn
		var trace string
		if err := rows.Scan(&t.SessionID, &t.Turn, &trace, &t.At); err != nil {
			return nil, fmt.Errorf("turns: %w", err)
		}
		t.Trace = json.RawMessage(trace)
		out = append(out, t)
	}
	return out, rows.Err()
}

// Subscribe implements Store: it polls the log from the session's
// current last sequence number.
func (p *Postgres) Subscribe(ctx context.Context, id string) (*Subscription, error) {
	rec, err := p.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("subscribe: %w", err)
	}
	ch := make(chan Event, p.buffer)
	wake := make(chan struct{}, 1)
	p.mu.Lock()
	if p.wakes[id] == nil {
		p.wakes[id] = map[chan struct{}]struct{}{}
	}
	p.wakes[id][wake] = struct{}{}
	p.mu.Unlock()
	var lagged bool
	var lagMu sync.Mutex
	go func() {
		defer func() {
			p.mu.Lock()
			delete(p.wakes[id], wake)
			if len(p.wakes[id]) == 0 {
				delete(p.wakes, id)
			}
			p.mu.Unlock()
			close(ch)
		}()
		after := rec.LastSeq
		tick := time.NewTicker(p.poll)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			case <-wake:
			}
			evs, err := p.Events(ctx, id, after, p.buffer+1)
			if err != nil {
				continue // the database is away: keep polling until ctx ends
			}
			for _, e := range evs {
				select {
				case ch <- e:
					after = e.Seq
				default:
					lagMu.Lock()
					lagged = true
					lagMu.Unlock()
					return
				}
			}
		}
	}()
	return &Subscription{C: ch, lagged: func() bool { lagMu.Lock(); defer lagMu.Unlock(); return lagged }}, nil
}

// wake tells this instance's subscribers of id to poll now.
func (p *Postgres) wake(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for w := range p.wakes[id] {
		select {
		case w <- struct{}{}:
		default:
		}
	}
}
