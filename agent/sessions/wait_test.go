package sessions

import (
	"sync"
	"testing"
	"time"
)

// waitTimeout bounds every wait on a channel, stream or goroutine in this
// package's tests: a wait that takes longer fails with what it waited for
// instead of hanging until the package timeout.
const waitTimeout = 30 * time.Second

// recv receives one value from ch, failing the test after waitTimeout.
func recv[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	v, _ := recvOK(t, ch, what)
	return v
}

// recvOK receives from ch and reports whether ch was still open, failing
// the test after waitTimeout.
func recvOK[T any](t testing.TB, ch <-chan T, what string) (T, bool) {
	t.Helper()
	select {
	case v, ok := <-ch:
		return v, ok
	case <-time.After(waitTimeout):
		t.Fatalf("waited %v for %s", waitTimeout, what)
	}
	var zero T
	return zero, false
}

// waitGroup waits for wg, failing the test after waitTimeout.
func waitGroup(t testing.TB, wg *sync.WaitGroup, what string) {
	t.Helper()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	recv(t, done, what)
}
