package sessions

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"searchagent/internal/testwait"
)

// TestLogBytesLimitIsInclusive: at MaxLogBytes (not only beyond it) a new
// session is refused with ErrOverloaded, the 503 a user sees instead of
// the process running out of memory; one byte under it, Create works.
func TestLogBytesLimitIsInclusive(t *testing.T) {
	cases := []struct {
		name    string
		payload string // JSON, its length counts
		want    error
	}{
		{"one byte under the limit", `"1234"`, nil},
		{"at the limit", `"12345"`, ErrOverloaded},
		{"beyond the limit", `"123456"`, ErrOverloaded},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			m := NewMemory(WithLimits(Limits{MaxLogBytes: 7}))
			if _, err := m.Create(ctx, newRec("a", "")); err != nil {
				t.Fatal(err)
			}
			appendLog(ctx, m, "a", []Event{{Name: "x", Data: json.RawMessage(tc.payload)}})
			if _, err := m.Create(ctx, newRec("b", "")); !errors.Is(err, tc.want) {
				t.Errorf("Create with %d log bytes held = %v, want %v", len(tc.payload), err, tc.want)
			}
		})
	}
}

// TestSweepIdleTTL: a session untouched for exactly IdleTTL goes, one
// touched a moment later stays; with no IdleTTL only closed sessions go,
// however long the others have been idle.
func TestSweepIdleTTL(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name string
		ttl  time.Duration
		idle time.Duration
		want int
	}{
		{"just under the TTL", time.Minute, time.Minute - time.Nanosecond, 0},
		{"exactly the TTL", time.Minute, time.Minute, 1},
		{"no TTL keeps open sessions", 0, 365 * 24 * time.Hour, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			now := start
			m := NewMemory(WithClock(func() time.Time { return now }), WithLimits(Limits{IdleTTL: tc.ttl}))
			m.Create(ctx, newRec("a", ""))
			now = now.Add(tc.idle)
			if got := m.Sweep(); got != tc.want {
				t.Errorf("Sweep after %v idle = %d, want %d", tc.idle, got, tc.want)
			}
			if _, err := m.Get(ctx, "a"); (err == nil) != (tc.want == 0) {
				t.Errorf("Get(a) after the sweep = %v", err)
			}
		})
	}
}

// TestStatsCountClosedSessions: the gauge an operator reads counts a
// session closed by its client's next one as closed, not open.
func TestStatsCountClosedSessions(t *testing.T) {
	ctx := context.Background()
	m := NewMemory()
	a := newRec("a", "tab")
	a.TokenHash = "ta"
	m.Create(ctx, a)
	b := newRec("b", "tab")
	b.TokenHash, b.ProofTokenHash = "tb", "ta"
	if closed, err := m.Create(ctx, b); err != nil || closed != "a" {
		t.Fatalf("Create(b) = %q, %v; want it to close a", closed, err)
	}
	if st := m.Stats(); st.Open != 1 || st.Closed != 1 {
		t.Errorf("Stats = %+v, want 1 open and 1 closed", st)
	}
	if n := m.Sweep(); n != 1 {
		t.Errorf("Sweep = %d, want the closed a to go", n)
	}
	if st := m.Stats(); st.Open != 1 || st.Closed != 0 || st.Evicted != 1 {
		t.Errorf("Stats after the sweep = %+v, want 1 open, 0 closed, 1 evicted", st)
	}
	// Evicting the closed a leaves b the client's session: the next one
	// from the same tab still replaces it.
	c := newRec("c", "tab")
	c.ProofTokenHash = "tb"
	if closed, err := m.Create(ctx, c); err != nil || closed != "b" {
		t.Errorf("Create(c) after the sweep = %q, %v; want it to close b", closed, err)
	}
}

// TestStatsCountOpenStreams: the open-streams gauge goes up with a
// subscription and back down when its client goes away.
func TestStatsCountOpenStreams(t *testing.T) {
	ctx := context.Background()
	m := NewMemory()
	m.Create(ctx, newRec("a", ""))
	sctx, cancel := context.WithCancel(ctx)
	sub, err := m.Subscribe(sctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if n := m.Stats().Subscribers; n != 1 {
		t.Errorf("%d subscribers with one stream open, want 1", n)
	}
	cancel()
	testwait.Drain(t, sub.C, "the stream to close after cancel")
	if n := m.Stats().Subscribers; n != 0 {
		t.Errorf("%d subscribers after the stream closed, want 0", n)
	}
}

// TestFullStoreSweepsAtMostEvery100ms: a full store refuses without
// scanning until 100 ms after its last sweep, then evicts what idled out.
func TestFullStoreSweepsAtMostEvery100ms(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := t0
	m := NewMemory(WithClock(func() time.Time { return now }), WithLimits(Limits{MaxSessions: 1, IdleTTL: time.Minute}))
	m.Create(ctx, newRec("a", ""))
	now = t0.Add(time.Minute - 50*time.Millisecond)
	if n := m.Sweep(); n != 0 {
		t.Fatalf("Sweep before a idled out = %d, want 0", n)
	}
	now = t0.Add(time.Minute) // a is idle now, but the last sweep was 50 ms ago
	if _, err := m.Create(ctx, newRec("b", "")); !errors.Is(err, ErrOverloaded) {
		t.Errorf("Create 50 ms after a sweep = %v, want ErrOverloaded without sweeping", err)
	}
	now = t0.Add(time.Minute + 50*time.Millisecond) // 100 ms after the sweep
	if _, err := m.Create(ctx, newRec("c", "")); err != nil {
		t.Errorf("Create 100 ms after a sweep = %v, want the idle a evicted", err)
	}
}
