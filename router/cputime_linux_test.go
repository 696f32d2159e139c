//go:build linux

package router

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time of the calling OS thread (the benchmark locks
// its goroutine to the thread), so that percentiles on a shared machine
// measure work, not waiting.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// minorFaults is the calling thread's count of minor page faults: each
// one costs a sample tens of microseconds on a virtual machine.
func minorFaults() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0
	}
	return ru.Minflt
}
