package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// fakeClock is a settable clock for both stores.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// TestRetentionSweeperDeletesOldSessions: sessions closed or untouched
// for longer than the retention go with their events and traces, batch by
// batch; the recent ones stay whole; the counter says what went.
func TestRetentionSweeperDeletesOldSessions(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, open := range map[string]func(t *testing.T, clock *fakeClock) Store{
		"memory":   func(_ *testing.T, c *fakeClock) Store { return NewMemory(WithClock(c.now)) },
		"postgres": func(t *testing.T, c *fakeClock) Store { return newTestPostgres(t, WithPostgresClock(c.now)) },
	} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			clock := &fakeClock{t: start}
			s := open(t, clock)
			// Five old sessions with two events and one turn each, one of
			// them replaced (closed) by a new one.
			for _, id := range []string{"old1", "old2", "old3", "old4", "old5"} {
				rec := newRec(id, "")
				if id == "old5" {
					rec = newRec(id, "tab")
					rec.TokenHash = "h5"
				}
				if _, err := s.Create(ctx, rec); err != nil {
					t.Fatal(err)
				}
				evs := []Event{{Turn: 1, Name: "a", Data: json.RawMessage(`{}`)}, {Turn: 1, Name: "b", Data: json.RawMessage(`{}`)}}
				if _, _, err := s.Commit(ctx, id, 1, json.RawMessage(`{"n":1}`), evs, &Turn{Turn: 1, Trace: json.RawMessage(`{}`)}); err != nil {
					t.Fatal(err)
				}
			}
			clock.set(start.Add(40 * 24 * time.Hour))
			fresh := newRec("fresh", "tab")
			fresh.ProofTokenHash = "h5" // replaces old5
			if closed, err := s.Create(ctx, fresh); err != nil || closed != "old5" {
				t.Fatalf("Create(fresh) = %q, %v; want old5 closed", closed, err)
			}
			if _, _, err := s.Commit(ctx, "fresh", 1, json.RawMessage(`{"n":1}`), []Event{{Turn: 1, Name: "a", Data: json.RawMessage(`{}`)}}, nil); err != nil {
				t.Fatal(err)
			}
			clock.set(start.Add(41 * 24 * time.Hour))
			sw, err := NewSweeper(s.(Pruner), 30*24*time.Hour, time.Minute, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			sw.now = clock.now
			got, err := sw.Sweep(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if want := (Pruned{Sessions: 5, Events: 10, Turns: 5}); got != want {
				t.Errorf("Sweep = %+v, want %+v", got, want)
			}
			for _, id := range []string{"old1", "old5"} {
				if _, err := s.Get(ctx, id); !errors.Is(err, ErrNotFound) {
					t.Errorf("Get(%s) after the sweep = %v, want ErrNotFound", id, err)
				}
			}
			if evs, err := s.Events(ctx, "fresh", 0, 0); err != nil || len(evs) != 1 {
				t.Errorf("the fresh session's events = %d, %v; want 1", len(evs), err)
			}
			if n := prunedCount(t, sw, "events"); n != 10 {
				t.Errorf("sessions_pruned_total{kind=events} = %v, want 10", n)
			}
			if again, _ := sw.Sweep(ctx); again != (Pruned{}) {
				t.Errorf("a second sweep removed %+v, want nothing", again)
			}
		})
	}
	if _, err := NewSweeper(NewMemory(), 0, time.Minute, 0, nil); err == nil {
		t.Error("a zero retention was accepted")
	}
}

// TestPostgresLiveBound: the PostgreSQL store refuses a create while as
// many sessions as the bound are live (open and touched within the idle
// window), counted in the database.
func TestPostgresLiveBound(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	s := newTestPostgres(t, WithPostgresClock(clock.now), WithLiveBound(2, time.Hour))
	for _, id := range []string{"a", "b"} {
		if _, err := s.Create(ctx, newRec(id, "")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Create(ctx, newRec("c", "")); !errors.Is(err, ErrOverloaded) {
		t.Fatalf("Create beyond the bound = %v, want ErrOverloaded", err)
	}
	// An hour later a and b are idle: they no longer count.
	clock.set(clock.now().Add(time.Hour + time.Second))
	if _, err := s.Create(ctx, newRec("c", "")); err != nil {
		t.Fatalf("Create after the others went idle = %v", err)
	}
	// A second store on the same database sees the same count.
	other := NewPostgres(s.pool, WithPostgresClock(clock.now), WithLiveBound(1, time.Hour))
	if _, err := other.Create(ctx, newRec("d", "")); !errors.Is(err, ErrOverloaded) {
		t.Fatalf("Create on another instance = %v, want ErrOverloaded", err)
	}
}

// prunedCount reads searchagent_sessions_pruned_total{kind} as a scrape
// would.
func prunedCount(t *testing.T, sw *Sweeper, kind string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(sw.Collector())
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "searchagent_sessions_pruned_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "kind" && l.GetValue() == kind {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no searchagent_sessions_pruned_total{kind=%q}", kind)
	return 0
}

// TestPostgresLiveBoundCountsNearTheBound: below half the bound a create
// reuses the instance's count of the last second (one statement fewer);
// it counts again after a second, and as the creates it let through bring
// it past half the bound; the bound itself still holds.
func TestPostgresLiveBoundCountsNearTheBound(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	newTestPostgres(t) // an empty database
	s, c := newCountedPostgres(t, WithPostgresClock(clock.now), WithLiveBound(10, time.Hour))
	create := func(id string) (int, error) {
		before, _ := c.Counts()
		_, err := s.Create(ctx, newRec(id, ""))
		after, _ := c.Counts()
		return after - before, err
	}
	counted, err := create("a") // counts: none live
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		id      string
		advance time.Duration
		counts  bool
	}{
		{"b", 0, false},              // 0 counted, 0 let through since, this one: 1 ≤ 10/2
		{"c", 0, false},              // 2 ≤ 5
		{"d", 2 * time.Second, true}, // the count is 2 s old: counts (3 live)
		{"e", 0, false},              // 4 ≤ 5
		{"f", 0, false},              // 5 ≤ 5
		{"g", 0, true},               // 6 > 5: counts
	}
	for _, st := range steps {
		clock.set(clock.now().Add(st.advance))
		n, err := create(st.id)
		if err != nil {
			t.Fatalf("Create(%s) = %v", st.id, err)
		}
		if got := n == counted; got != st.counts {
			t.Errorf("Create(%s): %d statements, a counting create %d; counts = %v, want %v", st.id, n, counted, got, st.counts)
		}
	}
	made := len(steps) + 1
	for i := 0; ; i++ {
		_, err := create(fmt.Sprint("more", i))
		if errors.Is(err, ErrOverloaded) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		made++
	}
	if made != 10 {
		t.Errorf("created %d sessions before ErrOverloaded, want the bound, 10", made)
	}
}
