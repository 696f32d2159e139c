package server

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/api"
	"searchagent/internal/testwait"
)

// The pump writes every event queued by the time it wakes, asking for a
// flush only after the last of them: one network write per burst, and
// the last event of every burst is flushed.
func TestPumpFlushesOncePerBurst(t *testing.T) {
	type write struct {
		Seq  int64
		More bool
	}
	var got []write
	release := make(chan struct{})
	entered := make(chan struct{})
	p := newPump(func(ev api.StreamEvent, more bool) error {
		if ev.Seq == 1 {
			close(entered)
			<-release // the turn queues a burst meanwhile
		}
		got = append(got, write{ev.Seq, more})
		return nil
	})
	if err := p.push(api.StreamEvent{Seq: 1}); err != nil {
		t.Fatal(err)
	}
	testwait.Recv(t, entered, "the pump to write the first event")
	for seq := int64(2); seq <= 4; seq++ {
		if err := p.push(api.StreamEvent{Seq: seq}); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	closed := make(chan struct{})
	go func() { p.close(); close(closed) }()
	testwait.Recv(t, closed, "the pump to drain and close")
	want := []write{{1, false}, {2, true}, {3, true}, {4, false}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("pump writes (-want +got):\n%s", d)
	}
}
