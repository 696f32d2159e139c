package server

import (
	"errors"
	"sync"

	"searchagent/api"
)

// errClientTooSlow ends a turn's delivery when the client has not taken
// maxPumpBytes of the turn's events: the turn stops and commits nothing,
// as for a client that went away.
var errClientTooSlow = errors.New("server: the client does not read its event stream")

// maxPumpBytes bounds the event data a streamed turn holds for a client
// that reads slower than the turn produces (a turn's events are far below
// it: tens of kilobytes).
const maxPumpBytes = 8 << 20

// pump decouples a streamed turn from its client: the turn's emit only
// queues the event (the agent calls it while it holds the session's lock),
// and one goroutine writes the queue to the client. A client that never
// reads therefore stalls its own response only, never the lock another
// session's turn may need. A write error (or the byte bound) is reported
// by every later push, so the turn still learns that its client is gone.
// The writer takes every event queued by the time it wakes and flushes
// once after the last of them (write's more is set for the others): one
// network write per burst instead of one per event, and no event waits
// for a later one.
type pump struct {
	write func(ev api.StreamEvent, more bool) error

	mu     sync.Mutex
	queue  []api.StreamEvent
	bytes  int
	err    error
	closed bool

	wake chan struct{}
	done chan struct{}
}

func newPump(write func(ev api.StreamEvent, more bool) error) *pump {
	p := &pump{write: write, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go p.run()
	return p
}

// push queues ev for the client; it never blocks on the client.
func (p *pump) push(ev api.StreamEvent) error {
	p.mu.Lock()
	switch {
	case p.err != nil:
		err := p.err
		p.mu.Unlock()
		return err
	case p.closed:
		p.mu.Unlock()
		return errStreamClosed
	case p.bytes+len(ev.Data) > maxPumpBytes:
		p.err, p.queue, p.bytes = errClientTooSlow, nil, 0
		p.mu.Unlock()
		return errClientTooSlow
	}
	p.queue = append(p.queue, ev)
	p.bytes += len(ev.Data)
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
	return nil
}

// close lets the writer finish what is queued (or fail on it) and waits
// for it. No lock of the agent is held by then.
func (p *pump) close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
	<-p.done
}

func (p *pump) run() {
	defer close(p.done)
	for {
		p.mu.Lock()
		batch, closed := p.queue, p.closed
		p.queue, p.bytes = nil, 0
		p.mu.Unlock()
		for i, ev := range batch {
			if err := p.write(ev, i < len(batch)-1); err != nil {
				p.mu.Lock()
				if p.err == nil {
					p.err = err
				}
				p.queue, p.bytes = nil, 0
				p.mu.Unlock()
				break
			}
		}
		if len(batch) == 0 {
			if closed {
				return
			}
			<-p.wake
		}
	}
}
