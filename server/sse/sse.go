// Package sse writes Server-Sent Events to an http.ResponseWriter the way
// a proxy-fronted streaming endpoint needs: the right headers (no
// buffering at the proxy, no caching), an id on every event so clients
// resume with Last-Event-ID, a flush after every event, heartbeat
// comments, and the server's write deadline lifted for the stream.
package sse

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultHeartbeat is how often a comment line keeps idle streams (and the
// proxies in front of them) alive.
const DefaultHeartbeat = 15 * time.Second

// ErrNotFlushable is returned when the ResponseWriter cannot flush.
var ErrNotFlushable = errors.New("sse: response writer cannot flush")

// Writer writes events to one client. Its methods are safe for concurrent
// use (the heartbeat runs beside the producer).
type Writer struct {
	mu  sync.Mutex
	w   http.ResponseWriter
	rc  *http.ResponseController
	buf bytes.Buffer
	err error
}

// Start sets the streaming headers, lifts the write deadline and flushes
// the headers so the client sees the stream open at once.
func Start(w http.ResponseWriter) (*Writer, error) {
	sw, err := Open(w)
	if err != nil {
		return nil, err
	}
	if err := sw.rc.Flush(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotFlushable, err)
	}
	return sw, nil
}

// Open is Start for a caller with an event at hand: the headers are
// written but not flushed, so they reach the client with the first
// event's flush, in one network write instead of two.
func Open(w http.ResponseWriter) (*Writer, error) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	h.Del("Content-Length")
	rc := http.NewResponseController(w)
	// A server-wide WriteTimeout would cut long streams; not every writer
	// supports deadlines (httptest's does not), which is fine.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return nil, fmt.Errorf("sse: clear write deadline: %w", err)
	}
	w.WriteHeader(http.StatusOK)
	return &Writer{w: w, rc: rc}, nil
}

// Event writes one event: "id: <id>", "event: <name>", one "data:" line
// per line of data, a blank line, then flushes. An id of 0 is left out.
func (s *Writer) Event(id int64, name string, data []byte) error {
	return s.event(id, name, data, true)
}

// EventBuffered writes one event as Event does but leaves it in the
// response's buffer: a writer with further events at hand writes them all
// and flushes once (Flush), one network write instead of one per event.
func (s *Writer) EventBuffered(id int64, name string, data []byte) error {
	return s.event(id, name, data, false)
}

// Flush sends what EventBuffered left in the buffer.
func (s *Writer) Flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	if err := s.rc.Flush(); err != nil {
		s.err = err
		return err
	}
	return nil
}

func (s *Writer) event(id int64, name string, data []byte, flush bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	// The fields are written straight to the response (it buffers): the
	// data, most of a results event, is not copied into a buffer of this
	// stream's first.
	var small [256]byte
	b := small[:0]
	if id > 0 {
		b = append(b, "id: "...)
		b = strconv.AppendInt(b, id, 10)
		b = append(b, '\n')
	}
	if name != "" {
		b = append(b, "event: "...)
		b = append(b, sanitizeField(name)...)
		b = append(b, '\n')
	}
	// One "data:" line per line of data (as bytes.Split cuts it).
	for more := true; more; {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			more = false
		}
		line = bytes.TrimSuffix(line, []byte("\r"))
		b = append(b, "data: "...)
		if len(b)+len(line) > cap(b) {
			if err := s.write(b); err != nil {
				return err
			}
			if err := s.write(line); err != nil {
				return err
			}
			b = b[:0]
		} else {
			b = append(b, line...)
		}
		b = append(b, '\n')
	}
	b = append(b, '\n')
	if err := s.write(b); err != nil {
		return err
	}
	if !flush {
		return nil
	}
	if err := s.rc.Flush(); err != nil {
		s.err = err
		return err
	}
	return nil
}

// write writes p to the response; the first error sticks.
func (s *Writer) write(p []byte) error {
	if _, err := s.w.Write(p); err != nil {
		s.err = err
		return err
	}
	return nil
}

// Comment writes a comment line (": text"), used as a heartbeat.
func (s *Writer) Comment(text string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	s.buf.Reset()
	s.buf.WriteString(": ")
	s.buf.WriteString(sanitizeField(text))
	s.buf.WriteString("\n\n")
	return s.flushLocked()
}

// Retry tells the client how long to wait before reconnecting.
func (s *Writer) Retry(d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return s.err
	}
	s.buf.Reset()
	fmt.Fprintf(&s.buf, "retry: %d\n\n", d.Milliseconds())
	return s.flushLocked()
}

func (s *Writer) flushLocked() error {
	if _, err := s.w.Write(s.buf.Bytes()); err != nil {
		s.err = err
		return err
	}
	if err := s.rc.Flush(); err != nil {
		s.err = err
		return err
	}
	return nil
}

// Err is the first write error (the client went away), or nil.
func (s *Writer) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// LastEventID reads the id a reconnecting client resumes after: the
// Last-Event-ID header, or the lastEventId query parameter for clients
// that cannot set headers. It returns 0 when absent and an error when
// malformed.
func LastEventID(r *http.Request) (int64, error) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("lastEventId")
	}
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("sse: Last-Event-ID %q is not a non-negative integer", v)
	}
	return n, nil
}

// fieldReplacer makes a field one line.
var fieldReplacer = strings.NewReplacer("\n", " ", "\r", " ")

func sanitizeField(s string) string {
	return fieldReplacer.Replace(s)
}
