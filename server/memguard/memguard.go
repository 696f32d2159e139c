// Package memguard refuses new work before the process runs out of
// memory: it compares the Go heap that was live at the last garbage
// collection with a configured cap and says whether a new session or a
// new turn may start. The server answers a refusal with 503 overloaded
// and Retry-After, so the process keeps serving what it holds (and its
// health checks) instead of dying with "fatal error: out of memory".
package memguard

import (
	"fmt"
	"math"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// Default shares of the cap at which the guard refuses.
const (
	// DefaultCreateShare: new sessions are refused once the live heap
	// reaches this share of the cap (headroom for the sessions already
	// held to keep taking turns, and for the collector to work).
	DefaultCreateShare = 0.70
	// DefaultEventShare: new turns are refused from this share on.
	DefaultEventShare = 0.85
)

// Kind is what a request would start.
type Kind int

// Kinds of work.
const (
	Create Kind = iota // a new session
	Event              // a turn on a held session
)

// Guard decides admission against a memory cap. Its methods are safe for
// concurrent use.
type Guard struct {
	limit       uint64
	createShare float64
	eventShare  float64
	live        func() uint64
	relieve     func()
	lastRelieve atomic.Int64
	refused     [2]atomic.Int64
}

// Option configures New.
type Option func(*Guard)

// WithShares sets the shares of the cap at which creations and turns are
// refused (0 < create <= event <= 1).
func WithShares(create, event float64) Option {
	return func(g *Guard) { g.createShare, g.eventShare = create, event }
}

// WithLiveHeap replaces the live-heap reader (tests).
func WithLiveHeap(f func() uint64) Option { return func(g *Guard) { g.live = f } }

// WithRelief is called (at most once a second) when the guard refuses: it
// may drop what can go (the session store's idle and closed sessions),
// freed at the next collection.
func WithRelief(f func()) Option { return func(g *Guard) { g.relieve = f } }

// New returns a guard for a cap of limit bytes.
func New(limit uint64, opts ...Option) (*Guard, error) {
	g := &Guard{limit: limit, createShare: DefaultCreateShare, eventShare: DefaultEventShare, live: LiveHeap}
	for _, o := range opts {
		o(g)
	}
	if limit == 0 {
		return nil, fmt.Errorf("memguard: the cap must be positive")
	}
	if !(g.createShare > 0 && g.createShare <= g.eventShare && g.eventShare <= 1) {
		return nil, fmt.Errorf("memguard: shares %v, %v: want 0 < create <= event <= 1", g.createShare, g.eventShare)
	}
	return g, nil
}

// Limit is the cap in bytes.
func (g *Guard) Limit() uint64 { return g.limit }

// Admit reports whether work of kind k may start now.
func (g *Guard) Admit(k Kind) bool {
	share := g.createShare
	if k == Event {
		share = g.eventShare
	}
	if float64(g.live()) < share*float64(g.limit) {
		return true
	}
	g.refused[k].Add(1)
	if g.relieve != nil {
		now := time.Now().UnixNano()
		if last := g.lastRelieve.Load(); now-last >= int64(time.Second) && g.lastRelieve.CompareAndSwap(last, now) {
			g.relieve()
		}
	}
	return false
}

// Refused counts the refusals of kind k so far.
func (g *Guard) Refused(k Kind) int64 { return g.refused[k].Load() }

// liveSample is the runtime metric read by LiveHeap.
var (
	liveMu     sync.Mutex
	liveSample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
)

// LiveHeap is the heap memory occupied by live objects as of the last
// garbage collection (runtime/metrics /gc/heap/live:bytes).
func LiveHeap() uint64 {
	liveMu.Lock()
	defer liveMu.Unlock()
	metrics.Read(liveSample)
	if liveSample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return liveSample[0].Value.Uint64()
}

// ProcessLimit is the Go memory limit in force (GOMEMLIMIT or
// debug.SetMemoryLimit), or 0 when there is none.
func ProcessLimit() uint64 {
	l := debug.SetMemoryLimit(-1)
	if l <= 0 || l == math.MaxInt64 {
		return 0
	}
	return uint64(l)
}
