package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"searchagent/internal/testwait"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// stores returns the implementations the contract runs on: Memory, and
// Postgres when TEST_DATABASE_URL is set (emptied first).
func stores(t *testing.T) map[string]func(t *testing.T) Store {
	out := map[string]func(t *testing.T) Store{
		"memory": func(*testing.T) Store { return NewMemory() },
	}
	out["postgres"] = func(t *testing.T) Store { return newTestPostgres(t) }
	return out
}

func newTestPostgres(t *testing.T, opts ...PostgresOption) *Postgres {
	t.Helper()
	dsn := pgdbtest.DSN(t)
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := pgdb.Ensure(ctx, pool, Schema, true, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `TRUNCATE sessions, session_events, session_turns`); err != nil {
		t.Fatal(err)
	}
	return NewPostgres(pool, append([]PostgresOption{WithPollInterval(20 * time.Millisecond)}, opts...)...)
}

func TestStoreContract(t *testing.T) {
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			t.Run("CreateCloses", func(t *testing.T) {
				s := open(t)
				s1 := newRec("s1", "tab-1")
				s1.TokenHash = "hash-1"
				if closed, err := s.Create(ctx, s1); err != nil || closed != "" {
					t.Fatalf("Create(s1) = %q, %v", closed, err)
				}
				if _, err := s.Create(ctx, Record{ID: "other", Platform: "tiktok", ClientRef: "tab-1", TokenHash: "hash-o", Snapshot: json.RawMessage(`{}`)}); err != nil {
					t.Fatal(err)
				}
				// Without proof of owning s1 (its token's hash) a session of
				// the same client_ref is independent and closes nothing.
				for i, proof := range []string{"", "hash-wrong"} {
					r := newRec(fmt.Sprintf("stranger-%d", i), "tab-1")
					r.TokenHash, r.ProofTokenHash = "hash-x", proof
					if closed, err := s.Create(ctx, r); err != nil || closed != "" {
						t.Fatalf("Create(stranger, proof %q) closed %q, %v; want nothing", proof, closed, err)
					}
				}
				s2 := newRec("s2", "tab-1")
				s2.TokenHash, s2.ProofTokenHash = "hash-2", "hash-1"
				closed, err := s.Create(ctx, s2)
				if err != nil || closed != "s1" {
					t.Fatalf("Create(s2) closed %q, %v; want s1", closed, err)
				}
				if r, _ := s.Get(ctx, "s1"); !r.Closed() || r.ClosedBy != "s2" {
					t.Errorf("s1 closed=%v by %q, want closed by s2", r.Closed(), r.ClosedBy)
				}
				if r, _ := s.Get(ctx, "other"); r.Closed() {
					t.Error("a session on another platform was closed")
				}
				if _, err := s.Create(ctx, newRec("s2", "")); !errors.Is(err, ErrExists) {
					t.Errorf("Create(duplicate) = %v, want ErrExists", err)
				}
				for _, err := range []error{
					func() error { _, err := s.Get(ctx, "nope"); return err }(),
					func() error { _, err := s.Head(ctx, "nope"); return err }(),
					func() error { _, _, err := s.Commit(ctx, "nope", 1, nil, []Event{{Name: "x"}}, nil); return err }(),
					func() error { _, err := s.Lock(ctx, "nope"); return err }(),
					func() error { _, err := s.Events(ctx, "nope", 0, 0); return err }(),
					func() error { _, err := s.Turns(ctx, "nope"); return err }(),
					func() error { _, err := s.Subscribe(ctx, "nope"); return err }(),
				} {
					if !errors.Is(err, ErrNotFound) {
						t.Errorf("call on an unknown session = %v, want ErrNotFound", err)
					}
				}
			})
			t.Run("HeadIsGetWithoutTheSnapshot", func(t *testing.T) {
				s := open(t)
				// The second record keeps its locale only in its snapshot.
				en := newRec("en", "")
				en.Locale, en.Snapshot = "", json.RawMessage(`{"locale":"en"}`)
				for _, r := range []Record{newRec("zh", ""), en} {
					if _, err := s.Create(ctx, r); err != nil {
						t.Fatal(err)
					}
					if _, _, err := s.Commit(ctx, r.ID, 1, r.Snapshot, []Event{{Turn: 1, Name: "turn.done"}}, &Turn{Turn: 1}); err != nil {
						t.Fatal(err)
					}
					got, err := s.Get(ctx, r.ID)
					if err != nil {
						t.Fatal(err)
					}
					head, err := s.Head(ctx, r.ID)
					if err != nil {
						t.Fatal(err)
					}
					if head.ID != got.ID || head.TokenHash != got.TokenHash || head.Version != got.Version || head.LastSeq != got.LastSeq ||
						head.LastTurn != got.LastTurn || head.Closed() != got.Closed() || head.Platform != got.Platform {
						t.Errorf("Head(%s) = %+v, Get = %+v", r.ID, head, got)
					}
					if head.Snapshot != nil && string(head.Snapshot) != string(got.Snapshot) {
						t.Errorf("Head(%s) snapshot %s, Get's %s", r.ID, head.Snapshot, got.Snapshot)
					}
					if head.Snapshot == nil && head.Locale == "" {
						t.Errorf("Head(%s) left out the snapshot and has no locale (the snapshot names %s)", r.ID, got.Snapshot)
					}
				}
			})
			t.Run("CommitIsOneTurn", func(t *testing.T) {
				s := open(t)
				s.Create(ctx, newRec("s", ""))
				for turn := int64(1); turn <= 3; turn++ {
					_, evs, err := s.Commit(ctx, "s", turn, json.RawMessage(fmt.Sprintf(`{"n":%d}`, turn)),
						[]Event{{Turn: turn, Name: "turn.started", Data: json.RawMessage(`{"a": 1}`)}, {Turn: turn, Name: "turn.done"}},
						&Turn{Turn: turn, Trace: json.RawMessage(`{"router":{"result":{"branch":"rules_hit"}}}`)})
					if err != nil || evs[0].Seq != 2*turn-1 || evs[1].Seq != 2*turn {
						t.Fatalf("Commit turn %d = %+v, %v", turn, evs, err)
					}
				}
				evs, err := s.Events(ctx, "s", 2, 2)
				if err != nil || len(evs) != 2 || evs[0].Seq != 3 || evs[0].Name != "turn.started" || string(evs[0].Data) != `{"a": 1}` {
					t.Errorf("Events(after 2, limit 2) = %+v, %v", evs, err)
				}
				if evs, _ := s.Events(ctx, "s", 6, 0); len(evs) != 0 {
					t.Errorf("Events(after the last) = %d events", len(evs))
				}
				got, _ := s.Get(ctx, "s")
				if string(got.Snapshot) != `{"n":3}` || got.Version != 4 || got.LastSeq != 6 || got.LastTurn != 3 {
					t.Errorf("after 3 turns: snapshot %s, version %d, last seq %d, last turn %d; want {\"n\":3}, 4, 6, 3", got.Snapshot, got.Version, got.LastSeq, got.LastTurn)
				}
				// A stale turn changes nothing: no snapshot, no event, no trace.
				if _, _, err := s.Commit(ctx, "s", 1, json.RawMessage(`{"n":9}`), []Event{{Turn: 9, Name: "slots"}}, &Turn{Turn: 9}); !errors.Is(err, ErrConflict) {
					t.Fatalf("stale Commit = %v, want ErrConflict", err)
				}
				// Events numbered by a caller that read an older log are refused.
				if _, _, err := s.Commit(ctx, "s", 4, json.RawMessage(`{"n":9}`), []Event{{Seq: 5, Turn: 9, Name: "slots"}}, &Turn{Turn: 9}); !errors.Is(err, ErrConflict) {
					t.Fatalf("Commit of events numbered from 5 on a log at 6 = %v, want ErrConflict", err)
				}
				after, _ := s.Get(ctx, "s")
				all, _ := s.Events(ctx, "s", 0, 0)
				turns, err := s.Turns(ctx, "s")
				if string(after.Snapshot) != `{"n":3}` || after.Version != 4 || after.LastTurn != 3 || len(all) != 6 || len(turns) != 3 {
					t.Errorf("refused commits left snapshot %s v%d, last turn %d, %d events, %d turns; want the state of 3 turns", after.Snapshot, after.Version, after.LastTurn, len(all), len(turns))
				}
				if err != nil || TraceBranch(turns[0].Trace) != "rules_hit" || turns[0].Turn != 1 {
					t.Errorf("Turns = %+v, %v", turns, err)
				}
				// Events numbered right continue the log.
				_, evs, err = s.Commit(ctx, "s", 4, json.RawMessage(`{"n":4}`), []Event{{Seq: 7, Turn: 4, Name: "turn.done"}}, &Turn{Turn: 4})
				if err != nil || len(evs) != 1 || evs[0].Seq != 7 {
					t.Errorf("Commit of events numbered from 7 = %+v, %v", evs, err)
				}
			})
			t.Run("OneWriterFailedTurnLeavesItsError", func(t *testing.T) {
				s := open(t)
				s.Create(ctx, newRec("s", ""))
				w, err := s.Lock(ctx, "s")
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Lock(ctx, "s"); !errors.Is(err, ErrBusy) {
					t.Fatalf("second Lock = %v, want ErrBusy", err)
				}
				r, err := w.Get(ctx)
				if err != nil || r.Version != 1 {
					t.Fatalf("Writer.Get = %+v, %v", r, err)
				}
				ev, err := w.Fail(ctx, Event{Turn: 1, Name: "turn.error", Data: json.RawMessage(`{"error":{"code":"x"}}`)}, &Turn{Turn: 1, Trace: json.RawMessage(`{"error":"x"}`)})
				if err != nil || ev.Seq != 1 {
					t.Fatalf("Fail = %+v, %v; want seq 1", ev, err)
				}
				r, _ = w.Get(ctx)
				if r.Version != 1 || r.LastSeq != 1 || r.LastTurn != 1 {
					t.Errorf("after a failed turn: version %d, last seq %d, last turn %d; want 1, 1, 1", r.Version, r.LastSeq, r.LastTurn)
				}
				_, evs, err := w.Commit(ctx, 1, json.RawMessage(`{"n":2}`), []Event{{Turn: 2, Name: "turn.done"}}, &Turn{Turn: 2})
				if err != nil || evs[0].Seq != 2 {
					t.Fatalf("Writer.Commit = %+v, %v", evs, err)
				}
				w.Release()
				w.Release()
				w2, err := s.Lock(ctx, "s")
				if err != nil {
					t.Fatalf("Lock after Release = %v", err)
				}
				w2.Release()
				turns, _ := s.Turns(ctx, "s")
				if len(turns) != 2 {
					t.Errorf("%d turns recorded, want 2 (a failed turn keeps its trace)", len(turns))
				}
			})
			t.Run("ConcurrentCommits", func(t *testing.T) {
				s := open(t)
				s.Create(ctx, newRec("s", ""))
				const writers, rounds = 6, 15
				var wg sync.WaitGroup
				var mu sync.Mutex
				wins := 0
				for w := range writers {
					wg.Go(func() {
						for range rounds {
							r, err := s.Get(ctx, "s")
							if err != nil {
								t.Error(err)
								return
							}
							_, _, err = s.Commit(ctx, "s", r.Version, json.RawMessage(fmt.Sprintf(`{"w":%d}`, w)), []Event{{Name: fmt.Sprint(w)}, {Name: fmt.Sprint(w)}}, nil)
							switch {
							case err == nil:
								mu.Lock()
								wins++
								mu.Unlock()
							case !errors.Is(err, ErrConflict):
								t.Error(err)
							}
						}
					})
				}
				testwait.WaitGroup(t, &wg, "the concurrent writers to finish")
				r, _ := s.Get(ctx, "s")
				if r.Version != int64(1+wins) {
					t.Errorf("version %d after %d winning commits, want %d (a lost update)", r.Version, wins, 1+wins)
				}
				evs, _ := s.Events(ctx, "s", 0, 0)
				if len(evs) != 2*wins || r.LastSeq != int64(len(evs)) {
					t.Fatalf("%d events, last seq %d; want %d: only the winning commits' events", len(evs), r.LastSeq, 2*wins)
				}
				for i, e := range evs {
					if e.Seq != int64(i+1) {
						t.Fatalf("event %d has seq %d: the log has a gap", i, e.Seq)
					}
					if i%2 == 1 && evs[i-1].Name != e.Name {
						t.Fatalf("events %d and %d of one commit interleaved with another's", i-1, i)
					}
				}
			})
			t.Run("Subscribe", func(t *testing.T) {
				s := open(t)
				s.Create(ctx, newRec("s", ""))
				appendLog(ctx, s, "s", []Event{{Name: "before"}})
				sctx, cancel := context.WithCancel(ctx)
				sub, err := s.Subscribe(sctx, "s")
				if err != nil {
					t.Fatal(err)
				}
				appendLog(ctx, s, "s", []Event{{Name: "a"}, {Name: "b"}})
				for _, want := range []string{"a", "b"} {
					select {
					case e := <-sub.C:
						if e.Name != want {
							t.Errorf("subscription got %q, want %q", e.Name, want)
						}
					case <-time.After(5 * time.Second):
						t.Fatalf("subscription did not deliver %q", want)
					}
				}
				cancel()
				testwait.Drain(t, sub.C, "the subscription to close after cancel")
				if sub.Lagged() {
					t.Error("a cancelled subscription reports lagged")
				}
			})
		})
	}
}

// TestPostgresTwoInstances: a subscriber on one instance receives the
// events another instance commits (by polling the shared log: neither
// listens here).
func TestPostgresTwoInstances(t *testing.T) {
	ctx := context.Background()
	a := newTestPostgres(t)
	b := newTestPostgres(t)
	if _, err := a.Create(ctx, newRec("s", "tab")); err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sub, err := b.Subscribe(sctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := appendLog(ctx, a, "s", []Event{{Name: "from-a"}}); err != nil {
		t.Fatal(err)
	}
	select {
	case e := <-sub.C:
		if e.Name != "from-a" || e.Seq != 1 {
			t.Errorf("instance b got %+v, want from-a at seq 1", e)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("instance b did not see instance a's event")
	}
	if _, _, err := b.Commit(ctx, "s", 2, json.RawMessage(`{"by":"b"}`), nil, nil); err != nil {
		t.Fatal(err)
	}
	if r, err := a.Get(ctx, "s"); err != nil || r.Version != 3 || string(r.Snapshot) != `{"by":"b"}` {
		t.Errorf("instance a reads %+v, %v; want instance b's commit", r, err)
	}
}

// appendLog commits events as a turn that keeps the snapshot: the way
// these tests put events in a log.
func appendLog(ctx context.Context, s Store, id string, evs []Event) ([]Event, error) {
	r, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	_, out, err := s.Commit(ctx, id, r.Version, r.Snapshot, evs, nil)
	return out, err
}
