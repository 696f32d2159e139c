package agent

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// pgSessions is one instance's session store on TEST_DATABASE_URL (which
// the first call empties), listening for the others' turns, with a pool
// that counts its commits.
func pgSessions(t *testing.T, empty bool) (*sessions.Postgres, *pgdbtest.Counter) {
	t.Helper()
	ctx := context.Background()
	c := pgdbtest.NewCounter()
	pool, err := pgdb.Open(ctx, pgdbtest.DSN(t), c.Option)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := pgdb.Ensure(ctx, pool, sessions.Schema, true, nil); err != nil {
		t.Fatal(err)
	}
	if empty {
		if _, err := pool.Exec(ctx, `TRUNCATE sessions, session_events, session_turns`); err != nil {
			t.Fatal(err)
		}
	}
	p := sessions.NewPostgres(pool)
	t.Cleanup(p.Close)
	if err := p.Listen(ctx, 5e9); err != nil {
		t.Fatal(err)
	}
	return p, c
}

// maxTurnStatements bounds the statements a committed turn sends to the
// sessions database: the writer lock taken with the token's check and the
// read under it (one round trip), the commit (the session's update, its
// events, its trace and the notify in one statement) and the unlock.
const maxTurnStatements = 4

// TestPostgresTurnCommitsAtMostTwice: every turn — searches, follow-ups,
// sorts, pages, and one whose client went away — commits once on
// PostgreSQL (the acceptance bound is two), whatever its event count.
func TestPostgresTurnCommitsAtMostTwice(t *testing.T) {
	pg, c := pgSessions(t, true)
	a := readinessAgent(t, func(cfg *Config) { cfg.Sessions = pg })
	b := newBox(t, a, "youtube", "zh")
	ctx := context.Background()
	steps := []struct {
		event string
		args  api.Args
	}{
		{"search.submit", api.Args{Text: "帮我找美国做露营评测的博主"}},
		{"followup.submit", api.Args{Text: "只要粉丝 1w 以上的"}},
		{"results.sort", api.Args{By: "followers"}},
		{"session.reset", api.Args{}},
		{"input.type", api.Args{Text: "camping"}},
	}
	for _, st := range steps {
		q0, c0 := c.Counts()
		b.send(st.event, st.args)
		q1, c1 := c.Counts()
		t.Logf("%s: %d events, %d commits, %d statements", st.event, len(b.events), c1-c0, q1-q0)
		if c1-c0 < 1 || c1-c0 > 2 || len(b.events) < 2 {
			t.Errorf("%s: %d events in %d commits, want 1-2 commits", st.event, len(b.events), c1-c0)
		}
		// The statements of a turn do not grow with its events: one
		// insert writes them all (issue 28).
		if q1-q0 > maxTurnStatements {
			t.Errorf("%s: %d statements for %d events, want at most %d", st.event, q1-q0, len(b.events), maxTurnStatements)
		}
	}
	// A failed turn: its turn.error is its one commit.
	_, c0 := c.Counts()
	n := 0
	_, err := a.Handle(ctx, b.id, b.token, api.EventRequest{Event: "search.submit", Args: api.Args{Text: "camping"}}, func(api.StreamEvent) error {
		if n++; n >= 2 {
			return errors.New("client went away")
		}
		return nil
	})
	_, c1 := c.Counts()
	if err == nil || c1-c0 != 1 {
		t.Errorf("a turn whose client went away: %v in %d commits, want an error in 1", err, c1-c0)
	}
}

// TestTurnRefusalsAgreeAcrossStores: a turn without the token, with a
// wrong one, on an unknown session or on a session another writer holds
// is refused alike on the memory store and on PostgreSQL (which checks the
// token as it takes the lock), in the session's language where the
// session exists, by an instance that has not seen the session before.
func TestTurnRefusalsAgreeAcrossStores(t *testing.T) {
	stores := map[string]func(t *testing.T) sessions.Store{
		"memory":   func(*testing.T) sessions.Store { return sessions.NewMemory() },
		"postgres": func(t *testing.T) sessions.Store { pg, _ := pgSessions(t, true); return pg },
	}
	cases := []struct {
		name      string
		id, token func(b *box) string
		hold      bool
		kind      error
		code      string
		locale    string
	}{
		{"no token", func(b *box) string { return b.id }, func(*box) string { return "" }, false, ErrUnauthorized, "unauthorized", "zh"},
		{"wrong token", func(b *box) string { return b.id }, func(*box) string { return "nope" }, false, ErrForbidden, "forbidden", "zh"},
		{"unknown session", func(*box) string { return "s_0000000000000000000000ff" }, func(b *box) string { return b.token }, false, ErrNotFound, "not_found", ""},
		{"another writer", func(b *box) string { return b.id }, func(b *box) string { return b.token }, true, ErrConflict, "busy", "zh"},
		{"wrong token, another writer", func(b *box) string { return b.id }, func(*box) string { return "nope" }, true, ErrForbidden, "forbidden", "zh"},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			store := open(t)
			one := readinessAgent(t, func(cfg *Config) { cfg.Sessions = store })
			b := newBox(t, one, "youtube", "zh")
			for _, tc := range cases {
				t.Run(tc.name, func(t *testing.T) {
					if tc.hold {
						w, err := store.Lock(context.Background(), b.id)
						if err != nil {
							t.Fatal(err)
						}
						defer w.Release()
					}
					// A second instance: it knows nothing of the session.
					two := readinessAgent(t, func(cfg *Config) { cfg.Sessions = store })
					_, err := two.Handle(context.Background(), tc.id(b), tc.token(b), api.EventRequest{Event: "search.submit", Args: api.Args{Text: "camping"}}, func(api.StreamEvent) error { return nil })
					var ae *Error
					if !errors.As(err, &ae) || !errors.Is(err, tc.kind) || ae.Code != tc.code || ae.Locale != tc.locale {
						t.Fatalf("Handle = %#v, want %v %s in locale %q", err, tc.kind, tc.code, tc.locale)
					}
				})
			}
			// Nothing of the refusals was written, and the session still
			// takes a turn.
			b.send("search.submit", api.Args{Text: "camping"})
			if b.snap.Version != 2 {
				t.Errorf("version after the refusals and one turn = %d, want 2", b.snap.Version)
			}
		})
	}
}

// TestTwoInstancesNeverInterleaveATurn: two agents on one PostgreSQL send
// events on one session at once; a turn another instance is running
// refuses with 409 before it runs; the log never has two turn.started for
// one turn number, and every turn in it is whole (turn.started … turn.done,
// contiguous) or a failed turn's lone turn.error.
func TestTwoInstancesNeverInterleaveATurn(t *testing.T) {
	pg1, _ := pgSessions(t, true)
	pg2, _ := pgSessions(t, false)
	one := readinessAgent(t, func(cfg *Config) { cfg.Sessions = pg1 })
	two := readinessAgent(t, func(cfg *Config) { cfg.Sessions = pg2 })
	b := newBox(t, one, "youtube", "en")
	b.send("search.submit", api.Args{Text: "swim vest"})
	ctx := context.Background()
	sorts := []string{"followers", "avg_views", "recent", "relevance"}
	var (
		wg              sync.WaitGroup
		mu              sync.Mutex
		ok, busy, other int
	)
	for i := range 40 {
		ag := one
		if i%2 == 1 {
			ag = two
		}
		wg.Go(func() {
			_, err := ag.Handle(ctx, b.id, b.token, api.EventRequest{Event: "results.sort", Args: api.Args{By: sorts[i%len(sorts)]}}, func(api.StreamEvent) error { return nil })
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, ErrConflict):
				busy++
			default:
				other++
				t.Errorf("results.sort: %v", err)
			}
		})
	}
	wg.Wait()
	t.Logf("40 concurrent results.sort on two instances: %d committed, %d refused with 409", ok, busy)
	if ok == 0 {
		t.Fatal("no concurrent turn committed")
	}
	evs, err := pg1.Events(ctx, b.id, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	started := map[int64]int{}
	done := 0
	var prevTurn int64
	for i := 0; i < len(evs); {
		e := evs[i]
		if e.Turn <= prevTurn {
			t.Fatalf("event %d (%s) of turn %d after turn %d: turns interleave", e.Seq, e.Name, e.Turn, prevTurn)
		}
		prevTurn = e.Turn
		if e.Name == api.EventTurnError {
			i++
			continue
		}
		if e.Name != api.EventTurnStarted {
			t.Fatalf("turn %d begins with %s at seq %d, want turn.started", e.Turn, e.Name, e.Seq)
		}
		started[e.Turn]++
		j := i
		for j < len(evs) && evs[j].Turn == e.Turn {
			j++
		}
		if last := evs[j-1]; last.Name != api.EventTurnDone {
			t.Errorf("turn %d ends with %s, want turn.done", e.Turn, last.Name)
		}
		done++
		i = j
	}
	for turn, n := range started {
		if n != 1 {
			t.Errorf("turn %d has %d turn.started", turn, n)
		}
	}
	if done != ok+1 {
		t.Errorf("%d committed turns in the log, want %d (the search and the %d winners): a loser's events are in the log", done, ok+1, ok)
	}
}

// TestTurnDoneTellsTheCommittedState: a turn's turn.done carries the
// state, sub-state and version of the snapshot it committed, and comes
// last; a turn that fails has none.
func TestTurnDoneTellsTheCommittedState(t *testing.T) {
	a := newTestAgent(t)
	b := newBox(t, a, "youtube", "en")
	for _, st := range []struct {
		event string
		args  api.Args
	}{{"search.submit", api.Args{Text: "swim vest"}}, {"results.sort", api.Args{By: "followers"}}, {"session.reset", api.Args{}}} {
		b.send(st.event, st.args)
		last := b.events[len(b.events)-1]
		var done api.TurnDone
		json.Unmarshal(last.Data, &done)
		if last.Name != api.EventTurnDone || last.Pending || done.Version != b.snap.Version || done.State != b.snap.State || done.Substate != b.snap.Substate || !done.OK {
			t.Errorf("%s: last event %s (pending %v) %+v, want turn.done with v%d %+v %s", st.event, last.Name, last.Pending, done, b.snap.Version, b.snap.State, b.snap.Substate)
		}
		for _, e := range b.events[:len(b.events)-1] {
			if !e.Pending || e.Name == api.EventTurnDone {
				t.Errorf("%s: %s before the commit is not pending", st.event, e.Name)
			}
		}
	}
	n := 0
	var got []api.StreamEvent
	_, err := a.Handle(context.Background(), b.id, b.token, api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}}, func(e api.StreamEvent) error {
		got = append(got, e)
		if n++; n == 2 {
			return errors.New("client went away")
		}
		return nil
	})
	if err == nil {
		t.Fatal("a turn whose client went away succeeded")
	}
	for _, e := range got {
		if e.Name == api.EventTurnDone {
			t.Errorf("a failed turn sent turn.done %s", e.Data)
		}
	}
}
