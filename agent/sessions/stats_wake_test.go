package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"searchagent/internal/testwait"
)

// TestStatsByState: the operator's gauge counts open sessions by the state
// they were created or last committed in; a turn without a state keeps
// the session's, and a closed session leaves the count.
func TestStatsByState(t *testing.T) {
	ctx := context.Background()
	m := NewMemory()
	idle := State{Input: "idle", Container: "home", Session: "active"}
	found := State{Input: "idle", Container: "results", Session: "active"}
	for _, id := range []string{"a", "b"} {
		r := newRec(id, "tab-"+id)
		r.TokenHash, r.State = "t"+id, idle
		if _, err := m.Create(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	m.Create(ctx, newRec("z", ""))
	want := func(step string, byState map[State]int) {
		t.Helper()
		if diff := cmp.Diff(byState, m.Stats().ByState); diff != "" {
			t.Errorf("%s: Stats().ByState (-want +got):\n%s", step, diff)
		}
	}
	want("created", map[State]int{idle: 2, {}: 1})
	if _, _, err := m.Commit(ctx, "a", 1, json.RawMessage(`{}`), nil, &Turn{Turn: 1, State: found}); err != nil {
		t.Fatal(err)
	}
	want("a committed in results", map[State]int{idle: 1, found: 1, {}: 1})
	if _, _, err := m.Commit(ctx, "a", 2, json.RawMessage(`{}`), nil, &Turn{Turn: 2}); err != nil {
		t.Fatal(err)
	}
	want("a turn without a state", map[State]int{idle: 1, found: 1, {}: 1})
	c := newRec("c", "tab-b")
	c.ProofTokenHash, c.State = "tb", found
	if closed, err := m.Create(ctx, c); err != nil || closed != "b" {
		t.Fatalf("Create(c) = %q, %v; want it to close b", closed, err)
	}
	want("b closed by c", map[State]int{found: 2, {}: 1})
}

// recvWithin receives one event or fails after d: shorter than
// testwait.Timeout, since a poll interval of an hour is the alternative.
func recvWithin(t *testing.T, ch <-chan Event, d time.Duration, what string) Event {
	t.Helper()
	select {
	case e, ok := <-ch:
		if !ok {
			t.Fatalf("the subscription closed before %s", what)
		}
		return e
	case <-time.After(d):
		t.Fatalf("waited %v for %s", d, what)
	}
	return Event{}
}

// TestPostgresWakesAtOnce: a subscriber on the instance that appends is
// woken by the append, not by its next poll (an hour here): every event
// of a burst arrives at once, also after another subscriber of the same
// session left.
func TestPostgresWakesAtOnce(t *testing.T) {
	ctx := context.Background()
	p := newTestPostgres(t, WithPollInterval(time.Hour), WithPostgresBuffer(3))
	if _, err := p.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	ctx1, cancel1 := context.WithCancel(ctx)
	first, err := p.Subscribe(ctx1, "s")
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sub, err := p.Subscribe(sctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	cancel1()
	testwait.Drain(t, first.C, "the first subscription to close after cancel")
	// A burst as large as the buffer: one wake fetches all of it.
	if _, err := appendLog(ctx, p, "s", []Event{{Name: "e1"}, {Name: "e2"}, {Name: "e3"}}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if e := recvWithin(t, sub.C, 5*time.Second, fmt.Sprintf("event %d of the burst", i)); e.Seq != int64(i) {
			t.Errorf("event %d has seq %d", i, e.Seq)
		}
	}
}

// TestPostgresDefaultPollInterval: with no options an instance still
// streams the events another instance appends, polling at
// DefaultPollInterval.
func TestPostgresDefaultPollInterval(t *testing.T) {
	ctx := context.Background()
	b := newTestPostgres(t)
	a := NewPostgres(b.pool)
	if _, err := b.Create(ctx, newRec("s", "")); err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sub, err := a.Subscribe(sctx, "s")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := appendLog(ctx, b, "s", []Event{{Name: "from-b"}}); err != nil {
		t.Fatal(err)
	}
	if e := recvWithin(t, sub.C, 5*time.Second, "instance b's event"); e.Name != "from-b" {
		t.Errorf("instance a got %+v, want from-b", e)
	}
}
