// Package testwait bounds the waits of tests: every receive from a
// channel, stream or goroutine fails the test with what it waited for
// after Timeout, instead of hanging until the package timeout.
package testwait

import (
	"sync"
	"testing"
	"time"
)

// Timeout bounds every wait.
const Timeout = 30 * time.Second

// Recv receives one value from ch, failing the test after Timeout.
func Recv[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	v, _ := RecvOK(t, ch, what)
	return v
}

// RecvOK receives from ch and reports whether ch was still open, failing
// the test after Timeout.
func RecvOK[T any](t testing.TB, ch <-chan T, what string) (T, bool) {
	t.Helper()
	select {
	case v, ok := <-ch:
		return v, ok
	case <-time.After(Timeout):
		t.Fatalf("waited %v for %s", Timeout, what)
	}
	var zero T
	return zero, false
}

// WaitGroup waits for wg, failing the test after Timeout.
func WaitGroup(t testing.TB, wg *sync.WaitGroup, what string) {
	t.Helper()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	Recv(t, done, what)
}

// Drain receives from ch until it is closed and returns what it received,
// failing the test if ch is still open after Timeout.
func Drain[T any](t testing.TB, ch <-chan T, what string) []T {
	t.Helper()
	var out []T
	deadline := time.After(Timeout)
	for {
		select {
		case v, ok := <-ch:
			if !ok {
				return out
			}
			out = append(out, v)
		case <-deadline:
			t.Fatalf("waited %v for %s to end (%d received)", Timeout, what, len(out))
			return out
		}
	}
}
