package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// newCountedPostgres is a second instance on the test database whose
// pool counts its statements and commits.
func newCountedPostgres(t *testing.T, opts ...PostgresOption) (*Postgres, *pgdbtest.Counter) {
	t.Helper()
	c := pgdbtest.NewCounter()
	pool, err := pgdb.Open(context.Background(), pgdbtest.DSN(t), c.Option)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	p := NewPostgres(pool, opts...)
	t.Cleanup(p.Close)
	return p, c
}

// TestPostgresLockIsOneWriterAcrossInstances: while one instance holds a
// session's writer lock another gets ErrBusy at once; the lock goes with
// Release, and with the connection of a process that died mid-turn.
func TestPostgresLockIsOneWriterAcrossInstances(t *testing.T) {
	ctx := context.Background()
	a := newTestPostgres(t)
	b, _ := newCountedPostgres(t)
	for _, id := range []string{"s", "other"} {
		if _, err := a.Create(ctx, newRec(id, "")); err != nil {
			t.Fatal(err)
		}
	}
	w, err := a.Lock(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Lock(ctx, "s"); !errors.Is(err, ErrBusy) {
		t.Fatalf("instance b's Lock while a holds it = %v, want ErrBusy", err)
	}
	wo, err := b.Lock(ctx, "other")
	if err != nil {
		t.Fatalf("another session's lock = %v, want it free", err)
	}
	wo.Release()
	w.Release()
	wb, err := b.Lock(ctx, "s")
	if err != nil {
		t.Fatalf("Lock after a released = %v", err)
	}
	// Instance b "dies": its connection goes, and the lock with it.
	if _, err := a.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()`); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		wa, err := a.Lock(ctx, "s")
		if err == nil {
			wa.Release()
			break
		}
		if !errors.Is(err, ErrBusy) || time.Now().After(deadline) {
			t.Fatalf("Lock after the holder's connection died = %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	wb.Release() // its connection is gone: Release must not hang or panic
}

// TestPostgresLockTokenChecksTheTokenAsItLocks: LockToken takes the
// writer lock only with the session's token hash, in one round trip with
// the read of the session; a wrong token holds nothing, and the record
// comes back with ErrWrongToken and ErrBusy (the caller answers in the
// session's language).
func TestPostgresLockTokenChecksTheTokenAsItLocks(t *testing.T) {
	ctx := context.Background()
	a := newTestPostgres(t) // migrated and emptied
	b, c := newCountedPostgres(t)
	rec := newRec("s", "")
	rec.TokenHash = "hash-1"
	if _, err := a.Create(ctx, rec); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, id, hash string
		holder         bool // a holds the lock meanwhile
		want           error
	}{
		{"right token", "s", "hash-1", false, nil},
		{"wrong token", "s", "hash-2", false, ErrWrongToken},
		{"no such session", "nope", "hash-1", false, ErrNotFound},
		{"right token, another holder", "s", "hash-1", true, ErrBusy},
		{"wrong token, another holder", "s", "hash-2", true, ErrWrongToken},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.holder {
				wa, err := a.Lock(ctx, "s")
				if err != nil {
					t.Fatal(err)
				}
				defer wa.Release()
			}
			q0, _ := c.Counts()
			w, got, err := b.LockToken(ctx, tc.id, tc.hash)
			q1, _ := c.Counts()
			if !errors.Is(err, tc.want) {
				t.Fatalf("LockToken(%q, %q) = %v, want %v", tc.id, tc.hash, err, tc.want)
			}
			if q1-q0 > 2 {
				t.Errorf("LockToken sent %d statements, want at most 2 (the checked lock and the read, one batch)", q1-q0)
			}
			if tc.want == ErrNotFound {
				return
			}
			if got.ID != "s" || got.Locale != "zh" || got.TokenHash != "hash-1" {
				t.Errorf("LockToken(%q, %q) record = %+v, want session s", tc.id, tc.hash, got)
			}
			if err != nil {
				if w != nil {
					t.Errorf("LockToken(%q, %q) failed with a writer", tc.id, tc.hash)
				}
				if !tc.holder {
					// Nothing is held: another instance locks at once.
					wa, err := a.Lock(ctx, "s")
					if err != nil {
						t.Fatalf("Lock after a refused LockToken = %v, want it free", err)
					}
					wa.Release()
				}
				return
			}
			defer w.Release()
			if _, err := a.Lock(ctx, "s"); !errors.Is(err, ErrBusy) {
				t.Errorf("another instance's Lock while LockToken holds it = %v, want ErrBusy", err)
			}
			if r, err := w.Get(ctx); err != nil || r.Version != got.Version || string(r.Snapshot) != string(got.Snapshot) {
				t.Errorf("the writer's first Get = %+v, %v, want the record LockToken read", r, err)
			}
		})
	}
}

// TestPostgresLockReadsAChangedSnapshotOnly: the read under the writer
// lock leaves out the snapshot this instance committed while it is the
// stored version (a tampered column at that version is not seen: it was
// not read), and reads it whole once another instance committed a newer
// one.
func TestPostgresLockReadsAChangedSnapshotOnly(t *testing.T) {
	ctx := context.Background()
	a := newTestPostgres(t) // migrated and emptied
	b, _ := newCountedPostgres(t)
	if _, err := a.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	commit := func(p *Postgres, version int64, snap string) {
		t.Helper()
		w, err := p.Lock(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release()
		if _, _, err := w.Commit(ctx, version, json.RawMessage(snap), nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	locked := func(p *Postgres) Record { return lockedGet(t, p, "s") }
	tamper := func() {
		t.Helper()
		if _, err := a.pool.Exec(ctx, `UPDATE sessions SET snapshot = '{"tampered":true}' WHERE id = 's'`); err != nil {
			t.Fatal(err)
		}
	}
	tamper()
	if rec := locked(a); string(rec.Snapshot) != `{"n":0}` || rec.Version != 1 {
		t.Errorf("the creating instance keeps its snapshot: v%d %s, want v1 {\"n\":0}", rec.Version, rec.Snapshot)
	}
	commit(a, 1, `{"by":"a"}`)
	tamper()
	steps := []struct {
		name string
		p    *Postgres
		want string
	}{
		{"the committing instance keeps its snapshot", a, `{"by":"a"}`},
		{"another instance reads the column", b, `{"tampered":true}`},
	}
	for _, st := range steps {
		if rec := locked(st.p); string(rec.Snapshot) != st.want || rec.Version != 2 {
			t.Errorf("%s: v%d %s, want v2 %s", st.name, rec.Version, rec.Snapshot, st.want)
		}
	}
	commit(b, 2, `{"by":"b"}`)
	for _, p := range []*Postgres{a, b} {
		if rec := locked(p); string(rec.Snapshot) != `{"by":"b"}` || rec.Version != 3 {
			t.Errorf("after b's commit: v%d %s, want v3 {\"by\":\"b\"}", rec.Version, rec.Snapshot)
		}
	}
}

// TestPostgresTurnIsOneCommit: a committed turn of many events, and a
// failed turn's turn.error, are one commit each.
func TestPostgresTurnIsOneCommit(t *testing.T) {
	ctx := context.Background()
	newTestPostgres(t) // migrated and emptied
	p, c := newCountedPostgres(t)
	if _, err := p.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	w, err := p.Lock(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	var evs []Event
	for i := range 15 {
		evs = append(evs, Event{Turn: 1, Name: fmt.Sprint("e", i), Data: json.RawMessage(`{}`)})
	}
	_, c0 := c.Counts()
	if _, _, err := w.Commit(ctx, 1, json.RawMessage(`{"n":1}`), evs, &Turn{Turn: 1, Trace: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	_, c1 := c.Counts()
	if _, err := w.Fail(ctx, Event{Turn: 2, Name: "turn.error", Data: json.RawMessage(`{}`)}, &Turn{Turn: 2, Trace: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	_, c2 := c.Counts()
	if c1-c0 != 1 || c2-c1 != 1 {
		t.Errorf("a 15-event turn took %d commits and a failed turn %d, want 1 and 1", c1-c0, c2-c1)
	}
}

// TestPostgresSnapshotTailIsAnEvent: a committed snapshot that ends with
// the data of one of its turn's events is stored without them and read
// back byte for byte, by the committing instance and by another; one that
// ends with no event's data is stored whole; a head whose event is gone is
// an error, not an empty session.
func TestPostgresSnapshotTailIsAnEvent(t *testing.T) {
	ctx := context.Background()
	a := newTestPostgres(t) // migrated and emptied
	b, _ := newCountedPostgres(t)
	if _, err := a.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	results := `{"items":[` + strings.Repeat(`{"name":"ChipHub","followers":1122},`, 60) + `{}],"total":61}`
	evs := []Event{
		{Turn: 1, Name: "turn.started", Data: json.RawMessage(`{"turn":1}`)},
		{Turn: 1, Name: "results", Data: json.RawMessage(results)},
		{Turn: 1, Name: "turn.done", Data: json.RawMessage(`{"ok":true}`)},
	}
	snap := `{"id":"s","slots":{},"next_id":3,"results":` + results + `}`
	commit := func(p *Postgres, version int64, snap string, evs []Event) {
		t.Helper()
		w, err := p.Lock(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		defer w.Release()
		if _, _, err := w.Commit(ctx, version, json.RawMessage(snap), evs, &Turn{Turn: version, Trace: json.RawMessage(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
	stored := func() (int, int64) {
		t.Helper()
		var n int
		var tail int64
		if err := a.pool.QueryRow(ctx, `SELECT length(snapshot), snapshot_tail_seq FROM sessions WHERE id = 's'`).Scan(&n, &tail); err != nil {
			t.Fatal(err)
		}
		return n, tail
	}
	read := func(p *Postgres) string {
		t.Helper()
		rec := lockedGet(t, p, "s")
		got, err := p.Get(ctx, "s")
		if err != nil {
			t.Fatal(err)
		}
		if string(got.Snapshot) != string(rec.Snapshot) {
			t.Errorf("Get and the read under the lock differ:\n%s\n%s", got.Snapshot, rec.Snapshot)
		}
		return string(rec.Snapshot)
	}

	commit(a, 1, snap, evs)
	if n, tail := stored(); tail != 2 || n != len(snap)-len(results)-1 {
		t.Errorf("stored %d bytes with tail event %d, want %d bytes and event 2 (the results)", n, tail, len(snap)-len(results)-1)
	}
	for _, p := range []*Postgres{a, b} {
		if got := read(p); got != snap {
			t.Errorf("read back %q, want the committed snapshot", got)
		}
	}

	// A snapshot whose end is no event's data is stored whole.
	whole := `{"id":"s","results":` + results + `,"next_id":4}`
	commit(b, 2, whole, []Event{{Turn: 2, Name: "results", Data: json.RawMessage(results)}})
	if n, tail := stored(); tail != 0 || n != len(whole) {
		t.Errorf("stored %d bytes with tail event %d, want %d and 0", n, tail, len(whole))
	}
	if got := read(a); got != whole {
		t.Errorf("read back %q, want the committed snapshot", got)
	}

	// A head whose event is gone is refused.
	commit(a, 3, snap, []Event{{Turn: 3, Name: "results", Data: json.RawMessage(results)}})
	if _, err := a.pool.Exec(ctx, `DELETE FROM session_events WHERE session_id = 's' AND seq = 5`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, "s"); !errors.Is(err, errTailMissing) {
		t.Errorf("Get with the tail event deleted: %v, want errTailMissing", err)
	}
	w, err := b.Lock(ctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	if rec, err := w.Get(ctx); !errors.Is(err, errTailMissing) {
		t.Errorf("the read under the lock with the tail event deleted: %q, %v, want errTailMissing", rec.Snapshot, err)
	}
}

// TestPostgresListenPushesAndIdleCostsNothing: with a listener, a
// subscriber on one instance gets another instance's committed turn
// without polling, and a thousand idle subscriptions send no query.
func TestPostgresListenPushesAndIdleCostsNothing(t *testing.T) {
	ctx := context.Background()
	b := newTestPostgres(t)
	// An hour between polls: only a notification can deliver in time.
	a, c := newCountedPostgres(t, WithPollInterval(time.Hour))
	if err := a.Listen(ctx, 5*time.Second); err != nil {
		t.Fatalf("Listen on PostgreSQL: %v", err)
	}
	if !a.Pushed() {
		t.Fatalf("after Listen: Describe = %s, want pushed", a.Describe())
	}
	const idle = 1000
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var live *Subscription
	for i := range idle {
		id := fmt.Sprint("s", i)
		if _, err := b.Create(ctx, newRec(id, "")); err != nil {
			t.Fatal(err)
		}
		sub, err := a.Subscribe(sctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			live = sub
		}
	}
	q0, _ := c.Counts()
	time.Sleep(time.Second) // the window in which nothing happens
	q1, _ := c.Counts()
	if q1 != q0 {
		t.Errorf("%d idle subscriptions sent %d queries in a second, want 0", idle, q1-q0)
	}
	t.Logf("%d idle subscriptions: %d queries/s", idle, q1-q0)
	if _, _, err := b.Commit(ctx, "s0", 1, json.RawMessage(`{}`), []Event{{Turn: 1, Name: "turn.done"}}, &Turn{Turn: 1}); err != nil {
		t.Fatal(err)
	}
	if e := recvWithin(t, live.C, 5*time.Second, "instance b's turn, pushed"); e.Name != "turn.done" || e.Seq != 1 {
		t.Errorf("pushed %+v, want turn.done at seq 1", e)
	}
}

// TestRepairHalfWrittenTurns: a log written by a version that appended
// each event in its own transaction is repaired: a half-written turn that
// never committed keeps only a turn.error, a committed turn without its
// turn.done gets one, complete turns stay, and a second run finds nothing.
func TestRepairHalfWrittenTurns(t *testing.T) {
	ctx := context.Background()
	p := newTestPostgres(t)
	if _, err := p.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).UTC()
	type row struct {
		turn int64
		name string
	}
	log := []row{
		{1, "turn.started"}, {1, "slots"}, {1, "turn.done"}, // complete
		{2, "turn.started"}, {2, "slots"}, {2, "results"}, // uncommitted: no trace
		{3, "turn.started"}, {3, "transition"}, // committed, no turn.done
		{4, "turn.started"}, {4, "turn.error"}, {4, "turn.done"}, // an old failed turn
	}
	for i, r := range log {
		data := `{}`
		if r.name == "transition" {
			data = `{"to":{"input":"committed_keyword","container":"compact_classic","session":"results_ready"},"scene":"keyword","substate":"keyword-committed"}`
		}
		if _, err := p.pool.Exec(ctx, `INSERT INTO session_events (session_id, seq, turn, name, data, at) VALUES ('s', $1, $2, $3, $4, $5)`, i+1, r.turn, r.name, data, old); err != nil {
			t.Fatal(err)
		}
	}
	for _, turn := range []int64{1, 3, 4} {
		trace := `{"transitions":[{"to":{"input":"committed_keyword","container":"compact_classic","session":"results_ready"},"scene":"keyword","substate":"keyword-committed"}]}`
		if _, err := p.pool.Exec(ctx, `INSERT INTO session_turns (session_id, turn, trace, at) VALUES ('s', $1, $2, $3)`, turn, trace, old); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.pool.Exec(ctx, `UPDATE sessions SET last_seq = $1, last_turn = 4 WHERE id = 's'`, len(log)); err != nil {
		t.Fatal(err)
	}
	rep, err := p.Repair(ctx, time.Minute)
	if err != nil || rep != (RepairReport{Uncommitted: 1, Undone: 1}) {
		t.Fatalf("Repair = %+v, %v; want 1 uncommitted and 1 undone", rep, err)
	}
	evs, err := p.Events(ctx, "s", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	byTurn := map[int64][]string{}
	for _, e := range evs {
		byTurn[e.Turn] = append(byTurn[e.Turn], e.Name)
	}
	want := map[int64][]string{
		1: {"turn.started", "slots", "turn.done"},
		2: {"turn.error"},
		3: {"turn.started", "transition", "turn.done"},
		4: {"turn.started", "turn.error", "turn.done"},
	}
	if fmt.Sprint(byTurn) != fmt.Sprint(want) {
		t.Errorf("repaired log by turn = %v, want %v", byTurn, want)
	}
	last := evs[len(evs)-1]
	var done struct {
		State    map[string]string `json:"state"`
		Substate string            `json:"substate"`
		OK       bool              `json:"ok"`
	}
	json.Unmarshal(last.Data, &done)
	if last.Seq != int64(len(log)+1) || last.Turn != 3 || !done.OK || done.State["session"] != "results_ready" || done.Substate != "keyword-committed" {
		t.Errorf("turn 3's turn.done = seq %d %s, want seq %d with the state of its last transition", last.Seq, last.Data, len(log)+1)
	}
	if r, _ := p.Get(ctx, "s"); r.LastSeq != last.Seq {
		t.Errorf("last seq %d after the repair, want %d", r.LastSeq, last.Seq)
	}
	if rep, err := p.Repair(ctx, time.Minute); err != nil || rep != (RepairReport{}) {
		t.Errorf("second Repair = %+v, %v; want nothing to do", rep, err)
	}
}

// TestPostgresJSONInEveryExecMode: a committed snapshot and its events
// read back as written whatever query mode the pool runs (PGlite's DSN
// says exec, where pgx sends a []byte parameter as bytea: a second
// instance then failed to read the session, 500 in
// TestTwoInstancesShareSessions).
func TestPostgresJSONInEveryExecMode(t *testing.T) {
	ctx := context.Background()
	newTestPostgres(t) // migrated and emptied
	for i, mode := range []string{"simple_protocol", "exec", "describe_exec", "cache_describe", "cache_statement"} {
		t.Run(mode, func(t *testing.T) {
			dsn := pgdbtest.DSN(t)
			sep := "?"
			if strings.Contains(dsn, "?") {
				sep = "&"
			}
			pool, err := pgdb.Open(ctx, dsn+sep+"default_query_exec_mode="+mode)
			if err != nil {
				t.Fatal(err)
			}
			defer pool.Close()
			p := NewPostgres(pool)
			defer p.Close()
			id := fmt.Sprintf("mode%d", i)
			if _, err := p.Create(ctx, newRec(id, "")); err != nil {
				t.Fatal(err)
			}
			results := `{"items":[{"name":"ChipHub","followers":1122}],"total":1}`
			snap := `{"id":"` + id + `","next_id":3,"results":` + results + `}`
			w, err := p.Lock(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := w.Commit(ctx, 1, json.RawMessage(snap), []Event{{Turn: 1, Name: "results", Data: json.RawMessage(results)}}, &Turn{Turn: 1, Trace: json.RawMessage(`{}`)}); err != nil {
				t.Fatal(err)
			}
			w.Release()
			got, err := p.Get(ctx, id)
			if err != nil {
				t.Fatalf("Get after a commit in mode %s: %v", mode, err)
			}
			if string(got.Snapshot) != snap {
				t.Errorf("mode %s: read back %s, want %s", mode, got.Snapshot, snap)
			}
		})
	}
}

// lockedGet reads session id under its writer lock.
func lockedGet(t *testing.T, p *Postgres, id string) Record {
	t.Helper()
	ctx := context.Background()
	w, err := p.Lock(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Release()
	rec, err := w.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
