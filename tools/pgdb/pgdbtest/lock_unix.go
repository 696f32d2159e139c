//go:build unix

package pgdbtest

import (
	"os"
	"sync"
	"syscall"
)

// held counts this process's holders per path: flock is per open file,
// so a second open in the same process would wait for the first.
var (
	mu   sync.Mutex
	held = map[string]*heldLock{}
)

type heldLock struct {
	f *os.File
	n int
}

func lockFile(path string) (func(), error) {
	mu.Lock()
	defer mu.Unlock()
	if h := held[path]; h != nil {
		h.n++
		return func() { release(path) }, nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	held[path] = &heldLock{f: f, n: 1}
	return func() { release(path) }, nil
}

func release(path string) {
	mu.Lock()
	defer mu.Unlock()
	h := held[path]
	if h == nil {
		return
	}
	if h.n--; h.n == 0 {
		syscall.Flock(int(h.f.Fd()), syscall.LOCK_UN)
		h.f.Close()
		delete(held, path)
	}
}
