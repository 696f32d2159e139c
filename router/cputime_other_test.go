//go:build !linux

package router

import "time"

var start = time.Now()

// threadCPU falls back to wall time where thread CPU clocks are not
// available.
func threadCPU() time.Duration { return time.Since(start) }

// minorFaults is not measured here.
func minorFaults() int64 { return 0 }
