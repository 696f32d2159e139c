package sessions

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
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
// looks for events that another instance committed when the instance has
// no listening connection (Listen was not called, or the database
// delivered no notification to it).
const DefaultPollInterval = 200 * time.Millisecond

// NotifyChannel is the LISTEN/NOTIFY channel: every committed turn (and
// every failed turn's turn.error) notifies it with the session id.
const NotifyChannel = "searchagent_session_events"

// Postgres is the PostgreSQL Store: sessions survive restarts and are
// shared by every instance on the same database.
//
// A turn is one transaction (Commit: the session row, its events, its
// trace and the notification), at the expected version. One writer at a
// time holds a session (Lock: a session-level advisory lock on a pooled
// connection, released when the turn ends or the connection dies with its
// process). Subscriptions read the log when this instance commits a turn
// of their session or another instance's notification arrives on the one
// listening connection (Listen); an idle subscription costs no query.
// Without a listener they poll every DefaultPollInterval, and Describe says
// so.
type Postgres struct {
	pool   *pgxpool.Pool
	now    func() time.Time
	buffer int
	poll   time.Duration
	live   *liveBound // WithLiveBound (bounds.go); nil: no bound
	log    *slog.Logger
	kept   *lru.Cache[string, keptSnapshot] // the snapshots this instance committed last

	mu     sync.Mutex
	wakes  map[string]map[chan struct{}]struct{} // session id → local subscribers to wake
	listen listenState
	busy   map[string]bool // sessions whose writer lock this instance holds
	// sharedBackend is set when the lock self-test found that advisory
	// locks do not exclude between connections (a server that runs every
	// connection on one backend, as PGlite does): the writer lock then
	// holds within this process only.
	sharedBackend bool
	// simple: the pool's connections run the simple protocol or the exec
	// mode, where a []byte parameter is bytea: JSON goes as text.
	simple bool
}

// keptSnapshot is the snapshot a create or a commit of this instance
// wrote, with the version it made. The session's version goes up with every change of
// its snapshot, so while the stored version is still this one the stored
// snapshot is these bytes (text, stored byte for byte): the read under
// the writer lock then leaves the column out (about 20 KB of JSON in the
// load mix, read from its TOAST chunks, decompressed and sent every turn).
type keptSnapshot struct {
	version int64
	snap    json.RawMessage
}

// keptSnapshotsCap bounds the sessions whose last snapshot is kept (the
// sessions in use on this instance, with room; one that is not kept is
// read whole).
const keptSnapshotsCap = 1024

// listenState is what Listen found: whether notifications arrive, and
// why not when they do not.
type listenState struct {
	on     bool   // a listener runs and delivered its self-test notification
	reason string // why subscriptions poll, for Describe
	stop   context.CancelFunc
	done   chan struct{}
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

// WithPostgresLogger sets the logger of the listening connection.
func WithPostgresLogger(l *slog.Logger) PostgresOption { return func(p *Postgres) { p.log = l } }

// WithPollInterval sets how often subscriptions poll the event log when
// no listener delivers notifications.
func WithPollInterval(d time.Duration) PostgresOption {
	return func(p *Postgres) { p.poll = max(d, time.Millisecond) }
}

// NewPostgres returns the store over pool, which must be migrated (see
// Schema and pgdb.Ensure).
func NewPostgres(pool *pgxpool.Pool, opts ...PostgresOption) *Postgres {
	kept, _ := lru.New[string, keptSnapshot](keptSnapshotsCap) // errors only for a size ≤ 0
	p := &Postgres{pool: pool, now: time.Now, buffer: DefaultBuffer, poll: DefaultPollInterval, log: slog.New(slog.DiscardHandler), kept: kept,
		wakes: map[string]map[chan struct{}]struct{}{}, busy: map[string]bool{}, listen: listenState{reason: "no listening connection (Listen not started)"}}
	for _, o := range opts {
		o(p)
	}
	// The simple protocol and the exec mode (PGlite's: parameter types
	// taken from the Go types, no describe) would send a []byte as bytea.
	mode := pool.Config().ConnConfig.DefaultQueryExecMode
	p.simple = mode == pgx.QueryExecModeSimpleProtocol || mode == pgx.QueryExecModeExec
	return p
}

// Describe implements Store.
func (p *Postgres) Describe() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	lock := "one writer per session across instances (advisory lock)"
	if p.sharedBackend {
		lock = "one writer per session within this process only: the database runs every connection on one backend, so advisory locks do not exclude other instances (their turns still cannot interleave: each commits at its version)"
	}
	if p.listen.on {
		return "postgres (sessions, events and traces survive restarts; one transaction per turn; " + lock + "; other instances' turns pushed by LISTEN/NOTIFY)"
	}
	return fmt.Sprintf("postgres (sessions, events and traces survive restarts; one transaction per turn; %s; other instances' turns polled every %s: %s)", lock, p.poll, p.listen.reason)
}

// Pushed reports whether a listener delivers other instances' turns.
func (p *Postgres) Pushed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.listen.on
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

// Create implements Store. A create that closes no other session is one
// statement (its own transaction: no BEGIN and COMMIT around it, two round
// trips fewer); one that closes the caller's active session closes it and
// inserts the new one in one transaction.
func (p *Postgres) Create(ctx context.Context, rec Record) (string, error) {
	now := p.now().UTC()
	if err := p.checkLive(ctx, p.pool, now); err != nil {
		return "", dbErr("create", rec.ID, err)
	}
	const insert = `INSERT INTO sessions (id, token_hash, platform, locale, client_ref, version, snapshot, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $7)`
	for attempt := 0; ; attempt++ {
		var closed string
		var err error
		if rec.ClientRef != "" && rec.ProofTokenHash != "" {
			err = pgx.BeginFunc(ctx, p.pool, func(tx pgx.Tx) error {
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
				_, err = tx.Exec(ctx, insert, rec.ID, rec.TokenHash, rec.Platform, rec.Locale, rec.ClientRef, jsonArg(rec.Snapshot), now)
				return err
			})
		} else {
			_, err = p.pool.Exec(ctx, insert, rec.ID, rec.TokenHash, rec.Platform, rec.Locale, rec.ClientRef, jsonArg(rec.Snapshot), now)
		}
		if c, ok := isUnique(err); ok {
			if c == "sessions_pkey" {
				return "", fmt.Errorf("create %s: %w", rec.ID, ErrExists)
			}
			if attempt < 3 {
				// The client_ref has an active session this caller did not
				// prove it owns: the new session is independent.
				closed, rec.ClientRef = "", ""
				continue
			}
		}
		if err != nil {
			return "", dbErr("create", rec.ID, err)
		}
		if len(rec.Snapshot) > 0 {
			p.kept.Add(rec.ID, keptSnapshot{version: 1, snap: clone(rec.Snapshot)}) // the caller's bytes stay its own
		}
		return closed, nil
	}
}

// text is the argument of a text parameter holding b: b itself, which
// pgx encodes as text without a copy of its own, unless the pool runs
// the simple protocol, which would write a []byte as a bytea literal
// (then a string, as jsonArg).
func (p *Postgres) text(b json.RawMessage) any {
	if len(b) == 0 || p.simple {
		return jsonArg(b)
	}
	return []byte(b)
}

func jsonArg(b json.RawMessage) string {
	if len(b) == 0 {
		return "null"
	}
	return string(b)
}

const recordCols = `id, token_hash, platform, locale, client_ref, version, ` + snapshotCol + `, created_at, updated_at, closed_at, closed_by, last_seq, last_turn`

// snapshotCol is the stored snapshot of a row of sessions, whole: its
// column, followed by the data of the event snapshot_tail_seq names and
// the closing brace when the commit kept only its head (tailOf; sessions
// migration 00005). NULL when that event is missing (scanRecord refuses
// it).
const snapshotCol = `CASE WHEN sessions.snapshot_tail_seq = 0 THEN sessions.snapshot ELSE sessions.snapshot ||
	(SELECT e.data FROM session_events e WHERE e.session_id = sessions.id AND e.seq = sessions.snapshot_tail_seq) || '}' END`

// headCols are recordCols without the snapshot (an empty one in its
// place), the locale of an older record that has none in its column read
// from the snapshot: what Head reads.
const headCols = `id, token_hash, platform, CASE WHEN locale <> '' THEN locale ELSE coalesce((` + snapshotCol + `)::json->>'locale', '') END, client_ref, version, ''::text, created_at, updated_at, closed_at, closed_by, last_seq, last_turn`

// committedCols are recordCols without the snapshot, which a commit has
// in hand: it is not sent back.
const committedCols = `id, token_hash, platform, locale, client_ref, version, ''::text AS snapshot, created_at, updated_at, closed_at, closed_by, last_seq, last_turn`

// lockedCols are recordCols with the snapshot left out (NULL) when the
// stored version is $2, the version of the snapshot this instance kept
// (keptSnapshot).
const lockedCols = `id, token_hash, platform, locale, client_ref, version, CASE WHEN version = $2 THEN NULL ELSE ` + snapshotCol + ` END, created_at, updated_at, closed_at, closed_by, last_seq, last_turn`

// scanRecord scans the recordCols of row, then its columns after them
// into extra.
func scanRecord(row pgx.Row, extra ...any) (Record, error) {
	var r Record
	var snap *string
	var closedAt *time.Time
	err := row.Scan(append([]any{&r.ID, &r.TokenHash, &r.Platform, &r.Locale, &r.ClientRef, &r.Version, &snap, &r.CreatedAt, &r.UpdatedAt, &closedAt, &r.ClosedBy, &r.LastSeq, &r.LastTurn}, extra...)...)
	if err != nil {
		return r, err
	}
	if snap != nil { // NULL: left out (lockedCols)
		r.Snapshot = json.RawMessage(*snap)
	}
	if closedAt != nil {
		r.ClosedAt = *closedAt
	}
	return r, nil
}

// Get implements Store.
func (p *Postgres) Get(ctx context.Context, id string) (Record, error) { return get(ctx, p.pool, id) }

// Head implements Store: the session's columns, not its snapshot (about
// 18 KB of JSON in the load mix, which a token check before the writer
// lock read and threw away).
func (p *Postgres) Head(ctx context.Context, id string) (Record, error) {
	r, err := scanRecord(p.pool.QueryRow(ctx, `SELECT `+headCols+` FROM sessions WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, fmt.Errorf("head %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Record{}, dbErr("head", id, err)
	}
	r.Snapshot = nil
	return r, nil
}

// querier is a pool, a pooled connection or a transaction.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func get(ctx context.Context, q querier, id string) (Record, error) {
	r, err := scanRecord(q.QueryRow(ctx, `SELECT `+recordCols+` FROM sessions WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, fmt.Errorf("get %s: %w", id, ErrNotFound)
	}
	if err != nil {
		return Record{}, dbErr("get", id, err)
	}
	if r.Snapshot == nil {
		return Record{}, dbErr("get", id, errTailMissing)
	}
	return r, nil
}

// errTailMissing: a snapshot stored as its head names an event that is
// not in the log (sessions migration 00005).
var errTailMissing = errors.New("the event that ends the stored snapshot is missing")

// Commit implements Store: the turn in one statement (so one
// transaction), at the expected version.
func (p *Postgres) Commit(ctx context.Context, id string, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error) {
	return p.commit(ctx, p.pool, id, expectVersion, snapshot, events, turn)
}

func (p *Postgres) commit(ctx context.Context, q querier, id string, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error) {
	now := p.now().UTC()
	var firstSeq, turnNo int64
	if len(events) > 0 {
		firstSeq = events[0].Seq
	}
	if turn != nil {
		turnNo = turn.Turn
	}
	// The snapshot's head and the events' data go to pgx as the caller's
	// bytes (p.text): a string conversion copied them, and the whole
	// snapshot was copied three times more for nothing (about 80 KB a
	// turn in the load mix, a third of the service's allocation).
	head, tail := p.text(snapshot), 0
	if i := tailOf(snapshot, events); i >= 0 {
		head, tail = p.text(snapshot[:len(snapshot)-1-len(events[i].Data)]), i+1
	}
	args := []any{id, expectVersion, head, now, len(events), turnNo, firstSeq, tail}
	// The tail event's seq is the old last_seq plus its place among the
	// turn's events (turnWrites numbers them so).
	sql := `WITH u AS (UPDATE sessions SET version = version + 1, snapshot = $3, updated_at = $4,
		last_seq = last_seq + $5, last_turn = GREATEST(last_turn, $6),
		snapshot_tail_seq = CASE WHEN $8::bigint = 0 THEN 0 ELSE last_seq + $8::bigint END
	WHERE id = $1 AND version = $2 AND ($7::bigint = 0 OR last_seq = $7::bigint - 1) RETURNING ` + committedCols + `)` +
		turnWrites(&args, events, turn, now, p.simple) + `
SELECT u.*, pg_notify(` + arg(&args, NotifyChannel) + `, u.id)::text FROM u`
	var notified string
	rec, err := scanRecord(q.QueryRow(ctx, sql, args...), &notified)
	if errors.Is(err, pgx.ErrNoRows) {
		// Nothing was written: say why.
		var stored, last int64
		err = q.QueryRow(ctx, `SELECT version, last_seq FROM sessions WHERE id = $1`, id).Scan(&stored, &last)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			err = ErrNotFound
		case err == nil && stored != expectVersion:
			err = fmt.Errorf("at version %d (stored %d): %w", expectVersion, stored, ErrConflict)
		case err == nil:
			err = fmt.Errorf("events numbered from %d, the log is at %d: %w", firstSeq, last, ErrConflict)
		}
		return Record{}, nil, dbErr("commit", id, err)
	}
	if err != nil {
		return Record{}, nil, dbErr("commit", id, err)
	}
	p.wake(id)
	rec.Snapshot = snapshot // as stored, byte for byte; the same bytes, not copied
	if len(snapshot) == 0 {
		rec.Snapshot = json.RawMessage("null")
	}
	p.kept.Add(id, keptSnapshot{version: rec.Version, snap: rec.Snapshot})
	return rec, numbered(id, rec.LastSeq, events, now), nil
}

// minTail is the least event data a snapshot's tail is looked for: a
// reference saves nothing on a small one.
const minTail = 1024

// tailOf is the index of the event of events whose data are the last
// bytes of snapshot before its closing brace (the agent ends a turn's
// snapshot with its results, which its results event carries byte for
// byte), -1 when there is none: the commit then stores the snapshot
// without them, and a read puts them back (snapshotCol), so a turn writes
// its results once.
func tailOf(snapshot json.RawMessage, events []Event) int {
	n := len(snapshot)
	if n < 2 || snapshot[n-1] != '}' {
		return -1
	}
	for i := len(events) - 1; i >= 0; i-- {
		d := events[i].Data
		if len(d) >= minTail && len(d) < n-1 && bytes.Equal(snapshot[n-1-len(d):n-1], d) {
			return i
		}
	}
	return -1
}

// arg appends v to args and returns its placeholder.
func arg(args *[]any, v any) string {
	*args = append(*args, v)
	return "$" + strconv.Itoa(len(*args))
}

// turnWrites are the CTEs that write a turn's events (numbered so that
// the last one is the session's new last_seq) and its trace, after the
// CTE u that updated the session and returned its id and last_seq: a
// turn is one statement, so one round trip and one commit (its dozen
// events were a dozen executions, and BEGIN, the update, the batch and
// COMMIT four round trips). When u updated no row, nothing is written.
func turnWrites(args *[]any, events []Event, turn *Turn, now time.Time, simple bool) string {
	var sql string
	if len(events) > 0 {
		turns, names, data := make([]int64, len(events)), make([]string, len(events)), make([][]byte, len(events))
		ats := make([]time.Time, len(events))
		for i, e := range events {
			turns[i], names[i], data[i], ats[i] = e.Turn, e.Name, e.Data, e.At
			if len(e.Data) == 0 {
				data[i] = []byte("null")
			}
			if ats[i].IsZero() {
				ats[i] = now
			}
		}
		// The events' data go as the caller's bytes (see Postgres.text),
		// as strings only where the simple protocol needs them.
		var dataArg any = data
		if simple {
			strs := make([]string, len(data))
			for i, d := range data {
				strs[i] = string(d)
			}
			dataArg = strs
		}
		n := arg(args, int64(len(events)))
		sql += `,
ev AS (INSERT INTO session_events (session_id, seq, turn, name, data, at)
	SELECT u.id, u.last_seq - ` + n + `::bigint + e.i, e.turn, e.name, e.data, e.at
	FROM u, unnest(` + arg(args, turns) + `::bigint[], ` + arg(args, names) + `::text[], ` + arg(args, dataArg) + `::text[], ` + arg(args, ats) + `::timestamptz[]) WITH ORDINALITY AS e(turn, name, data, at, i))`
	}
	if turn != nil {
		at := turn.At
		if at.IsZero() {
			at = now
		}
		trace := turn.Trace
		if len(trace) == 0 {
			trace = json.RawMessage("null")
		}
		branch := turn.Branch
		if branch == "" && !turn.BranchKnown {
			branch = TraceBranch(trace)
		}
		sql += `,
tr AS (INSERT INTO session_turns (session_id, turn, branch, trace, at)
	SELECT u.id, ` + arg(args, turn.Turn) + `, ` + arg(args, branch) + `, ` + arg(args, string(trace)) + `::jsonb, ` + arg(args, at) + ` FROM u)`
	}
	return sql
}

// numbered is events as stored: numbered so that the last one is last.
// Their data are the caller's bytes, not copies (the store keeps none of
// them in memory, and Commit's caller does not modify them after the
// call): a copy was 20 KB a turn in the load mix.
func numbered(id string, last int64, events []Event, now time.Time) []Event {
	out := make([]Event, len(events))
	first := last - int64(len(events)) + 1
	for i, e := range events {
		e.SessionID, e.Seq = id, first+int64(i)
		if e.At.IsZero() {
			e.At = now
		}
		out[i] = e
	}
	return out
}

// Lock implements Store: a session-level advisory lock on a connection
// held for the turn. PostgreSQL drops the lock with the connection, so a
// process that dies mid-turn holds nothing.
func (p *Postgres) Lock(ctx context.Context, id string) (Writer, error) {
	w, _, err := p.lockAs(ctx, id, nil)
	if err != nil {
		return nil, err
	}
	return w, nil
}

var _ TokenLocker = (*Postgres)(nil)

// LockToken implements TokenLocker: the token's check, the lock and the
// read of the session are one round trip. The hashes are compared by the
// database, not in constant time; what a timing could tell is how much of
// a SHA-256 hash matches, which gives no token away.
func (p *Postgres) LockToken(ctx context.Context, id, tokenHash string) (Writer, Record, error) {
	w, rec, err := p.lockAs(ctx, id, &tokenHash)
	if err != nil {
		return nil, rec, err
	}
	return w, rec, nil
}

// lockAs takes the writer lock of session id, when tokenHash is not nil
// only if it is the session's token hash, and reads the session.
func (p *Postgres) lockAs(ctx context.Context, id string, tokenHash *string) (*pgWriter, Record, error) {
	p.mu.Lock()
	if p.busy[id] {
		p.mu.Unlock()
		if tokenHash == nil {
			return nil, Record{}, fmt.Errorf("lock %s: %w", id, ErrBusy)
		}
		// This instance holds the lock: the token is checked all the same
		// (a wrong one is refused as such, not as busy).
		rec, err := p.Head(ctx, id)
		switch {
		case err != nil:
			return nil, Record{}, fmt.Errorf("lock: %w", err)
		case rec.TokenHash != *tokenHash:
			return nil, rec, fmt.Errorf("lock %s: %w", id, ErrWrongToken)
		}
		return nil, rec, fmt.Errorf("lock %s: %w", id, ErrBusy)
	}
	p.busy[id] = true
	p.mu.Unlock()
	w, rec, err := p.lock(ctx, id, tokenHash)
	if err != nil {
		p.unbusy(id)
		return nil, rec, err
	}
	return w, rec, nil
}

func (p *Postgres) unbusy(id string) {
	p.mu.Lock()
	delete(p.busy, id)
	p.mu.Unlock()
}

func (p *Postgres) lock(ctx context.Context, id string, tokenHash *string) (*pgWriter, Record, error) {
	conn, err := p.pool.Acquire(ctx)
	if err != nil {
		return nil, Record{}, dbErr("lock", id, err)
	}
	// The lock and the read of the session go in one round trip: the
	// read is a statement of its own, after the lock's (READ COMMITTED
	// gives each statement its own snapshot), so it sees every turn
	// committed before the lock was taken. With a token hash, the lock is
	// tried only when it matches (a caller without the token never holds
	// the lock).
	var b pgx.Batch
	var ok, match bool
	var rec Record
	var recErr error
	if tokenHash == nil {
		match = true
		b.Queue(`SELECT pg_try_advisory_lock(hashtextextended(id, 0)) FROM sessions WHERE id = $1`, id).QueryRow(func(row pgx.Row) error {
			return row.Scan(&ok)
		})
	} else {
		b.Queue(`SELECT token_hash = $2, CASE WHEN token_hash = $2 THEN pg_try_advisory_lock(hashtextextended(id, 0)) ELSE false END FROM sessions WHERE id = $1`, id, *tokenHash).QueryRow(func(row pgx.Row) error {
			return row.Scan(&match, &ok)
		})
	}
	// The snapshot this instance committed last is not read again while
	// it is the stored one.
	kept, _ := p.kept.Get(id)
	b.Queue(`SELECT `+lockedCols+` FROM sessions WHERE id = $1`, id, kept.version).QueryRow(func(row pgx.Row) error {
		rec, recErr = scanRecord(row)
		if recErr == nil && rec.Snapshot == nil {
			if rec.Version == kept.version {
				rec.Snapshot = kept.snap
			} else {
				recErr = errTailMissing
			}
		}
		return nil
	})
	err = conn.SendBatch(ctx, &b).Close()
	if errors.Is(err, pgx.ErrNoRows) {
		conn.Release()
		return nil, Record{}, fmt.Errorf("lock %s: %w", id, ErrNotFound)
	}
	if err != nil {
		conn.Release()
		return nil, Record{}, dbErr("lock", id, err)
	}
	if recErr != nil {
		rec = Record{}
	}
	if !match {
		conn.Release()
		return nil, rec, fmt.Errorf("lock %s: %w", id, ErrWrongToken)
	}
	if !ok {
		conn.Release()
		return nil, rec, fmt.Errorf("lock %s: %w", id, ErrBusy)
	}
	w := &pgWriter{p: p, conn: conn, id: id}
	if recErr == nil {
		w.read = &rec
	}
	return w, rec, nil
}

// checkLocks finds out whether advisory locks exclude between two
// connections (Describe says when they do not).
func (p *Postgres) checkLocks(ctx context.Context) error {
	a, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer a.Release()
	b, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer b.Release()
	const key = `hashtextextended('searchagent lock self-test', 0)`
	var got, other bool
	if err := a.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+key+`)`).Scan(&got); err != nil {
		return err
	}
	if !got {
		return nil // another instance runs its self-test now: locks exclude
	}
	err = b.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+key+`)`).Scan(&other)
	if err == nil && other {
		_, err = b.Exec(ctx, `SELECT pg_advisory_unlock(`+key+`)`)
	}
	if _, e := a.Exec(ctx, `SELECT pg_advisory_unlock(`+key+`)`); err == nil {
		err = e
	}
	p.mu.Lock()
	p.sharedBackend = other
	p.mu.Unlock()
	return err
}

// pgWriter holds a session's advisory lock on its connection; everything
// the turn reads and writes of the session goes through that connection,
// so a turn never waits for a second one from the pool.
type pgWriter struct {
	p    *Postgres
	conn *pgxpool.Conn
	id   string
	once sync.Once
	// read is the session as read right after the lock was taken, which
	// the first Get returns (nil: Get reads it).
	read *Record
}

// Get implements Writer.
func (w *pgWriter) Get(ctx context.Context) (Record, error) {
	if r := w.read; r != nil {
		w.read = nil
		return *r, nil
	}
	return get(ctx, w.conn, w.id)
}

func (w *pgWriter) Commit(ctx context.Context, expectVersion int64, snapshot json.RawMessage, events []Event, turn *Turn) (Record, []Event, error) {
	return w.p.commit(ctx, w.conn, w.id, expectVersion, snapshot, events, turn)
}

// Fail implements Writer: the turn.error, the turn number and the trace
// in one small transaction.
func (w *pgWriter) Fail(ctx context.Context, ev Event, turn *Turn) (Event, error) {
	now := w.p.now().UTC()
	events := []Event{ev}
	args := []any{w.id, ev.Turn}
	sql := `WITH u AS (UPDATE sessions SET last_seq = last_seq + 1, last_turn = GREATEST(last_turn, $2) WHERE id = $1 RETURNING id, last_seq)` +
		turnWrites(&args, events, turn, now, w.p.simple) + `
SELECT u.last_seq, pg_notify(` + arg(&args, NotifyChannel) + `, u.id)::text FROM u`
	var last int64
	var notified string
	err := w.conn.QueryRow(ctx, sql, args...).Scan(&last, &notified)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return Event{}, dbErr("fail", w.id, err)
	}
	w.p.wake(w.id)
	return numbered(w.id, last, events, now)[0], nil
}

// Release implements Writer. When the unlock cannot be sent, the
// connection is closed, which drops the lock as well.
func (w *pgWriter) Release() {
	w.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := w.conn.Exec(ctx, `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, w.id); err != nil {
			_ = w.conn.Conn().Close(ctx)
		}
		w.conn.Release()
		w.p.unbusy(w.id)
	})
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
	rows, err := p.pool.Query(ctx, `SELECT seq, turn, name, data, at FROM session_events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`, id, after, lim)
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
	// Command keeps the turns whose router decision has a command of that
	// name (add_filter); Intent those whose top intent is that spec
	// (filter.country); Outcome "ok" the turns that committed, "failed"
	// those that failed. Empty: no narrowing.
	Command string
	Intent  string
	Outcome string
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
		AND ($6 = '' OR trace->'router'->'result'->'commands' @> jsonb_build_array(jsonb_build_object('name', $6::text)))
		AND ($7 = '' OR trace->'router'->'result'->'top'->>'id' = $7)
		AND ($8 = '' OR ($8 = 'failed') = (trace->>'error' IS NOT NULL))
		ORDER BY at, id LIMIT $5`, q.SessionID, q.Branch, since, until, lim, q.Command, q.Intent, q.Outcome)
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

// Listen checks that advisory locks exclude between connections (Describe
// says when they do not) and starts this instance's one listening
// connection (LISTEN NotifyChannel) until Close: every notification wakes the
// local subscribers of its session, which then read the log. It checks
// first that the database delivers a notification to it (within
// selfTest); when none arrives (some PostgreSQL-compatible servers do not
// deliver them), it says why in the error and subscriptions keep polling,
// which Describe reports. A lost connection is reopened; every subscriber
// re-reads the log then, so nothing committed meanwhile is missed.
func (p *Postgres) Listen(ctx context.Context, selfTest time.Duration) error {
	if err := p.checkLocks(ctx); err != nil {
		return fmt.Errorf("sessions: lock self-test: %w", err)
	}
	conn, err := p.listenConn(ctx)
	if err != nil {
		p.setListen(false, "the listening connection failed: "+err.Error())
		return fmt.Errorf("sessions: listen: %w", err)
	}
	token := "selftest-" + fmt.Sprint(p.now().UnixNano())
	if _, err := p.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, NotifyChannel, token); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		p.setListen(false, "the self-test notification could not be sent")
		return fmt.Errorf("sessions: listen self-test: %w", err)
	}
	wctx, cancel := context.WithTimeout(ctx, selfTest)
	for {
		n, err := conn.WaitForNotification(wctx)
		if err != nil {
			cancel()
			conn.Close(context.WithoutCancel(ctx))
			p.setListen(false, "the database delivered no notification to the listening connection")
			return fmt.Errorf("sessions: listen self-test: no notification within %s: %w", selfTest, err)
		}
		if n.Payload == token {
			break
		}
	}
	cancel()
	// The listener lives until Close, not until the start-up context ends.
	lctx, stop := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	p.mu.Lock()
	p.listen = listenState{on: true, stop: stop, done: done}
	p.mu.Unlock()
	go p.listenLoop(lctx, conn, done)
	return nil
}

func (p *Postgres) setListen(on bool, reason string) {
	p.mu.Lock()
	p.listen.on, p.listen.reason = on, reason
	p.mu.Unlock()
}

func (p *Postgres) listenConn(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, p.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, `LISTEN `+NotifyChannel); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	return conn, nil
}

func (p *Postgres) listenLoop(ctx context.Context, conn *pgx.Conn, done chan struct{}) {
	defer close(done)
	backoff := 100 * time.Millisecond
	for {
		for conn != nil {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				conn.Close(context.WithoutCancel(ctx))
				conn = nil
				if ctx.Err() != nil {
					return
				}
				p.log.Warn("sessions: the listening connection was lost; reconnecting", "err", err)
				break
			}
			backoff = 100 * time.Millisecond
			p.wake(n.Payload)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
		var err error
		if conn, err = p.listenConn(ctx); err != nil {
			conn = nil
			continue
		}
		// Turns committed while the listener was away sent notifications
		// nobody heard: every subscriber re-reads the log.
		p.wakeAll()
	}
}

// Close stops the listener, if one runs. The pool is the caller's.
func (p *Postgres) Close() {
	p.mu.Lock()
	l := p.listen
	p.listen = listenState{reason: "the store is closed"}
	p.mu.Unlock()
	if l.stop != nil {
		l.stop()
		<-l.done
	}
}

// Subscribe implements Store: the subscription reads the log from the
// session's current last sequence number whenever it is woken (a commit
// on this instance, a notification from another), or every poll interval
// when no listener runs.
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
		var tick <-chan time.Time
		if !p.Pushed() {
			t := time.NewTicker(p.poll)
			defer t.Stop()
			tick = t.C
		}
		var retry <-chan time.Time
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick:
			case <-wake:
			case <-retry:
			}
			evs, err := p.Events(ctx, id, after, p.buffer+1)
			if err != nil {
				if errors.Is(err, ErrNotFound) {
					return // the session is gone
				}
				// The database is away: try again after a poll interval.
				retry = time.After(p.poll)
				continue
			}
			retry = nil
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

// wake tells this instance's subscribers of id to read the log now.
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

// wakeAll wakes every subscriber of this instance.
func (p *Postgres) wakeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, ws := range p.wakes {
		for w := range ws {
			select {
			case w <- struct{}{}:
			default:
			}
		}
	}
}
