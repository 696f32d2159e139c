package sse

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestEventFormatAndHeaders(t *testing.T) {
	rec := httptest.NewRecorder()
	w, err := Start(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Event(7, "slots", []byte("{\"a\":1}\nsecond")); err != nil {
		t.Fatal(err)
	}
	if err := w.Event(0, "turn.done", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := w.Comment("heartbeat\nx"); err != nil {
		t.Fatal(err)
	}
	if err := w.Retry(1500 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	want := "id: 7\nevent: slots\ndata: {\"a\":1}\ndata: second\n\n" +
		"event: turn.done\ndata: {}\n\n" +
		": heartbeat x\n\n" +
		"retry: 1500\n\n"
	if got := rec.Body.String(); got != want {
		t.Errorf("stream =\n%q\nwant\n%q", got, want)
	}
	for k, v := range map[string]string{"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"} {
		if got := rec.Header().Get(k); got != v {
			t.Errorf("header %s = %q, want %q", k, got, v)
		}
	}
	if rec.Header().Get("Transfer-Encoding") != "" || rec.Header().Get("Connection") != "" {
		t.Error("Transfer-Encoding / Connection must not be set by hand")
	}
	if !rec.Flushed {
		t.Error("stream was not flushed")
	}
}

func TestLastEventID(t *testing.T) {
	cases := []struct {
		header, query string
		want          int64
		wantErr       bool
	}{
		{"", "", 0, false},
		{"42", "", 42, false},
		{"", "17", 17, false},
		{" 5 ", "9", 5, false},
		{"abc", "", 0, true},
		{"-3", "", 0, true},
	}
	for _, tc := range cases {
		r := httptest.NewRequest(http.MethodGet, "/stream?lastEventId="+tc.query, nil)
		if tc.query == "" {
			r = httptest.NewRequest(http.MethodGet, "/stream", nil)
		}
		if tc.header != "" {
			r.Header.Set("Last-Event-ID", tc.header)
		}
		got, err := LastEventID(r)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("LastEventID(header %q, query %q) = %d, %v; want %d, err=%v", tc.header, tc.query, got, err, tc.want, tc.wantErr)
		}
	}
}

type failingWriter struct{ *httptest.ResponseRecorder }

func (f failingWriter) Write([]byte) (int, error) { return 0, http.ErrHandlerTimeout }

func TestWriteErrorSticks(t *testing.T) {
	rec := httptest.NewRecorder()
	w, err := Start(failingWriter{rec})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Event(1, "x", nil); err == nil {
		t.Fatal("want a write error")
	}
	if w.Err() == nil || w.Comment("hb") == nil {
		t.Error("the first write error must stick")
	}
}

// flushCounter counts flushes.
type flushCounter struct {
	*httptest.ResponseRecorder
	flushes int
}

func (f *flushCounter) Flush() { f.flushes++; f.ResponseRecorder.Flush() }

// EventBuffered writes the same frames as Event without flushing; Flush
// sends them in one go.
func TestEventBufferedFlushesOnce(t *testing.T) {
	fc := &flushCounter{ResponseRecorder: httptest.NewRecorder()}
	w, err := Start(fc)
	if err != nil {
		t.Fatal(err)
	}
	start := fc.flushes // Start flushes the headers
	for i := range 3 {
		if err := w.EventBuffered(int64(i+1), "step.started", []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	if fc.flushes != start {
		t.Errorf("EventBuffered flushed %d times, want 0", fc.flushes-start)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if fc.flushes != start+1 {
		t.Errorf("Flush flushed %d times, want 1", fc.flushes-start)
	}
	want := "id: 1\nevent: step.started\ndata: {}\n\nid: 2\nevent: step.started\ndata: {}\n\nid: 3\nevent: step.started\ndata: {}\n\n"
	if got := fc.Body.String(); got != want {
		t.Errorf("stream =\n%q\nwant\n%q", got, want)
	}
}

// TestEventDataLines: every line of an event's data is one "data:" line,
// whatever its length (a results event is tens of kilobytes), a trailing
// \r is dropped and a newline in the name is a space.
func TestEventDataLines(t *testing.T) {
	long := strings.Repeat("x", 70000)
	tests := []struct {
		name, event string
		id          int64
		data        string
		want        string
	}{
		{"empty data", "e", 1, "", "id: 1\nevent: e\ndata: \n\n"},
		{"trailing newline", "e", 0, "a\n", "event: e\ndata: a\ndata: \n\n"},
		{"CRLF lines", "e", 0, "a\r\nb\r", "event: e\ndata: a\ndata: b\n\n"},
		{"a long line", "results", 12, long, "id: 12\nevent: results\ndata: " + long + "\n\n"},
		{"long lines around a short one", "e", 0, long + "\nshort\n" + long, "event: e\ndata: " + long + "\ndata: short\ndata: " + long + "\n\n"},
		{"a name with a newline", "a\nb", 0, "{}", "event: a b\ndata: {}\n\n"},
		{"no name", "", 3, "{}", "id: 3\ndata: {}\n\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			w, err := Start(rec)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.EventBuffered(tc.id, tc.event, []byte(tc.data)); err != nil {
				t.Fatal(err)
			}
			if got := rec.Body.String(); got != tc.want {
				t.Errorf("EventBuffered(%d, %q, %.40q…) wrote\n%.120q…\nwant\n%.120q…", tc.id, tc.event, tc.data, got, tc.want)
			}
		})
	}
}

// TestOpenSendsTheHeadersWithTheFirstEvent: Open writes the streaming
// headers without flushing them; the first event's flush sends both.
// Start flushes the headers at once.
func TestOpenSendsTheHeadersWithTheFirstEvent(t *testing.T) {
	rec := httptest.NewRecorder()
	w, err := Open(rec)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Flushed {
		t.Fatal("Open flushed the headers before any event")
	}
	if got := rec.Header().Get("Content-Type"); got != "text/event-stream; charset=utf-8" {
		t.Errorf("Open: Content-Type %q", got)
	}
	if err := w.Event(1, "e", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if !rec.Flushed || rec.Body.String() != "id: 1\nevent: e\ndata: {}\n\n" {
		t.Errorf("after the first event: flushed %v, body %q", rec.Flushed, rec.Body)
	}
	rec = httptest.NewRecorder()
	if _, err := Start(rec); err != nil {
		t.Fatal(err)
	}
	if !rec.Flushed {
		t.Error("Start did not flush the headers")
	}
}
