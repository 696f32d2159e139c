package sessions

import (
	"testing"
	"time"
)

// TestLiveBoundOneCountAtATime: when the last count grows old, one create
// counts and the others of that moment go on the old count while it is
// under way (below half the bound); a count that failed lets the next
// create count; a count under way covers them for at most twice
// liveRecount; near half the bound every create counts.
func TestLiveBoundOneCountAtATime(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := &liveBound{max: 100}
	if l.skip(t0) {
		t.Fatal("the first create skipped: nothing was counted yet")
	}
	l.record(10, t0)
	if !l.skip(t0.Add(time.Millisecond)) {
		t.Error("a create right after a count counted again")
	}
	later := t0.Add(liveRecount + time.Millisecond)
	if l.skip(later) {
		t.Fatal("a create after liveRecount skipped: the count is old")
	}
	for i := range 5 {
		if !l.skip(later) {
			t.Errorf("create %d while another counts: counted too", i)
		}
	}
	l.failed()
	if l.skip(later) {
		t.Fatal("after a failed count a create skipped")
	}
	if l.skip(t0.Add(2 * liveRecount)) {
		t.Error("a count under way covered a create 2·liveRecount after the last count")
	}
	l.record(48, t0.Add(2*liveRecount))
	for _, n := range []int{49, 50} {
		if !l.skip(t0.Add(2 * liveRecount)) {
			t.Errorf("%d of 100: counted", n)
		}
	}
	if l.skip(t0.Add(2 * liveRecount)) {
		t.Error("51 of 100 (past half the bound): skipped")
	}
	for i := range 3 {
		if l.skip(t0.Add(2 * liveRecount)) {
			t.Errorf("create %d past half the bound while another counts: skipped", i)
		}
	}
}
