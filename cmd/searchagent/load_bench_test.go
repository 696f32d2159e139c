package main

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"

	"searchagent/agent/agenttest"
	"searchagent/api"
)

// loadStep is one streamed turn of the load mix; from fills its args from
// the previous turn's stream (a cursor, a question's option).
type loadStep struct {
	event string
	args  api.Args
	from  func(cursor, option string) (api.Args, bool)
}

// loadScripts is cmd/loadgen's mix: keyword → sort → page; URL anchor →
// page; natural → follow-up; natural → clarifying answer.
var loadScripts = []struct {
	locale string
	steps  []loadStep
}{
	{"en", []loadStep{
		{event: "search.submit", args: api.Args{Text: "swim vest"}},
		{event: "results.sort", args: api.Args{By: "followers"}},
		{event: "results.page", from: func(c, _ string) (api.Args, bool) { return api.Args{Cursor: c}, c != "" }},
	}},
	{"zh", []loadStep{
		{event: "search.submit", args: api.Args{Text: agenttest.AnchorMany}},
		{event: "results.page", from: func(c, _ string) (api.Args, bool) { return api.Args{Cursor: c}, c != "" }},
	}},
	{"zh", []loadStep{
		{event: "search.submit", args: api.Args{Text: agenttest.NaturalZH}},
		{event: "followup.submit", args: api.Args{Text: "只要粉丝 1w 以上的，不要游戏"}},
	}},
	{"zh", []loadStep{
		{event: "search.submit", args: api.Args{Text: agenttest.NaturalOtherPl}},
		{event: "clarify.answer", from: func(_, o string) (api.Args, bool) { return api.Args{OptionID: o}, o != "" }},
	}},
}

// BenchmarkLoadMix is the server's CPU cost of cmd/loadgen's turn mix on
// the embedded default, in process (no sockets): each iteration creates a
// session and streams one script's turns as SSE through the HTTP handler,
// parsing the stream as the driver does. ns/turn and allocs/turn are the
// figures to compare (make load's throughput follows them).
func BenchmarkLoadMix(b *testing.B) {
	apiServer(b)
	h := testApp.server.Handler()
	turns, i := 0, 0
	b.ReportAllocs()
	cpu0 := cpuTime(b)
	for b.Loop() {
		sc := loadScripts[i%len(loadScripts)]
		i++
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, postJSON("/v1/sessions", strings.NewReader(`{"platform":"youtube","locale":"`+sc.locale+`"}`)))
		var cr api.CreateSessionResponse
		if err := json.Unmarshal(rec.Body.Bytes(), &cr); err != nil || rec.Code != 201 {
			b.Fatalf("create = %d %s", rec.Code, rec.Body)
		}
		var cursor, option string
		for _, st := range sc.steps {
			args := st.args
			if st.from != nil {
				var ok bool
				if args, ok = st.from(cursor, option); !ok {
					break // as cmd/loadgen: nothing to follow
				}
			}
			body, _ := json.Marshal(api.EventRequest{Event: st.event, Args: args})
			req := postJSON("/v1/sessions/"+cr.SessionID+"/events", bytes.NewReader(body))
			req.Header.Set(api.HeaderToken, cr.Token)
			req.Header.Set("Accept", "text/event-stream")
			rec = httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			var ok bool
			cursor, option, ok = readTurnStream(rec.Body.Bytes())
			if rec.Code != 200 || !ok {
				b.Fatalf("%s = %d, turn not done ok: %.500s", st.event, rec.Code, rec.Body)
			}
			turns++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(turns), "ns/turn")
	// The process's CPU time (all threads, GC included) per turn does not
	// grow when other processes load the machine, unlike ns/turn.
	b.ReportMetric(float64((cpuTime(b)-cpu0).Nanoseconds())/float64(turns), "cpu-ns/turn")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/op")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// readTurnStream reads a turn's SSE answer as cmd/loadgen does: the next
// cursor (found without decoding the results), the first option of a
// question, and whether turn.done said ok. It splits the recorded body in
// place: decoding the results event and a 64 KiB line buffer per turn
// were a sixth of this benchmark's CPU and allocations, none of it the
// server's.
func readTurnStream(b []byte) (cursor, option string, ok bool) {
	var name []byte
	for line := range bytes.Lines(b) {
		switch {
		case bytes.HasPrefix(line, []byte("event:")):
			name = bytes.TrimSpace(line[len("event:"):])
		case bytes.HasPrefix(line, []byte("data:")):
			data := bytes.TrimSpace(line[len("data:"):])
			switch string(name) {
			case api.EventResults:
				cursor = nextCursor(data)
			case api.EventSlots:
				var se api.SlotsEvent
				if json.Unmarshal(data, &se) == nil && se.Slots.Question != nil && len(se.Slots.Question.Options) > 0 {
					option = se.Slots.Question.Options[0].ID
				}
			case api.EventTurnDone:
				var td api.TurnDone
				ok = json.Unmarshal(data, &td) == nil && td.OK
			}
		}
	}
	return cursor, option, ok
}

// nextCursor is cmd/loadgen's: the next_cursor of a results event without
// decoding it. The key cannot occur inside a string value (its quotes
// would be escaped there); the cursor is an offset (digits), found from
// the end, where the event has it.
func nextCursor(data []byte) string {
	const key = `"next_cursor":"`
	i := bytes.LastIndex(data, []byte(key))
	if i < 0 {
		return ""
	}
	rest := data[i+len(key):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}
