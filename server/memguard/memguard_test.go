package memguard

import (
	"runtime"
	"testing"
)

func TestAdmitAndRelief(t *testing.T) {
	live := uint64(0)
	relieved := 0
	g, err := New(100, WithShares(0.5, 0.8), WithLiveHeap(func() uint64 { return live }), WithRelief(func() { relieved++ }))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		live          uint64
		create, event bool
	}{
		{0, true, true},
		{49, true, true},
		{50, false, true},
		{79, false, true},
		{80, false, false},
		{500, false, false},
	}
	for _, tc := range cases {
		live = tc.live
		if got := g.Admit(Create); got != tc.create {
			t.Errorf("live %d: Admit(Create) = %v, want %v", tc.live, got, tc.create)
		}
		if got := g.Admit(Event); got != tc.event {
			t.Errorf("live %d: Admit(Event) = %v, want %v", tc.live, got, tc.event)
		}
	}
	if relieved != 1 {
		t.Errorf("relief ran %d times within a second, want 1", relieved)
	}
}

func TestNewRefusesBadSettings(t *testing.T) {
	for _, tc := range []struct {
		name  string
		limit uint64
		opts  []Option
	}{
		{"no cap", 0, nil},
		{"create above event", 100, []Option{WithShares(0.9, 0.5)}},
		{"zero share", 100, []Option{WithShares(0, 0.5)}},
		{"above one", 100, []Option{WithShares(0.5, 1.5)}},
	} {
		if _, err := New(tc.limit, tc.opts...); err == nil {
			t.Errorf("New(%s) succeeded", tc.name)
		}
	}
}

// LiveHeap reads the runtime's figure: positive once a collection ran.
func TestLiveHeap(t *testing.T) {
	runtime.GC()
	if LiveHeap() == 0 {
		t.Error("LiveHeap() = 0")
	}
}
