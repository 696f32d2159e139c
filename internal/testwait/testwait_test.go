package testwait

import (
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDrainReturnsEverythingUntilClose(t *testing.T) {
	ch := make(chan int, 3)
	ch <- 1
	ch <- 2
	ch <- 3
	close(ch)
	if diff := cmp.Diff([]int{1, 2, 3}, Drain(t, ch, "the test channel")); diff != "" {
		t.Errorf("Drain (-want +got):\n%s", diff)
	}
}

func TestRecvOKReportsClose(t *testing.T) {
	ch := make(chan string, 1)
	ch <- "a"
	close(ch)
	if v, ok := RecvOK(t, ch, "a value"); v != "a" || !ok {
		t.Errorf("RecvOK = %q, %v; want a, true", v, ok)
	}
	if _, ok := RecvOK(t, ch, "the close"); ok {
		t.Error("RecvOK on a closed channel reported it open")
	}
}

func TestWaitGroupReturnsWhenDone(t *testing.T) {
	var wg sync.WaitGroup
	n := 0
	wg.Go(func() { n = 1 })
	WaitGroup(t, &wg, "the goroutine")
	if n != 1 {
		t.Error("WaitGroup returned before the goroutine finished")
	}
}
