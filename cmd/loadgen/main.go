// Command loadgen is the load harness of the search-box API: N virtual
// users on loopback walk realistic scripts (a keyword search with paging
// and sorting, a URL anchor, a natural-language search with a follow-up,
// a clarifying question answered) over HTTP, each turn streamed as SSE,
// bounded in turns and time. It reports turns/s, p50/p95/p99 latency and
// time to the first SSE event per turn kind, errors by status, and the
// server's RSS (from its /metrics), as text and as JSON for comparing
// runs.
//
//	go run ./cmd/loadgen --base http://127.0.0.1:8080 --users 50 --duration 20s --json out.json
//	go run ./cmd/loadgen --compare embedded=a.json,postgres=b.json   # runs side by side
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"searchagent/agent/agenttest"
	"searchagent/api"
)

func main() {
	var cfg config
	flag.StringVar(&cfg.base, "base", "http://127.0.0.1:8080", "the service's base URL")
	flag.IntVar(&cfg.users, "users", 50, "virtual users running at once")
	flag.DurationVar(&cfg.duration, "duration", 20*time.Second, "how long to run")
	flag.IntVar(&cfg.maxTurns, "turns", 0, "stop after this many turns (0: only the duration bounds the run)")
	flag.StringVar(&cfg.apiKey, "api-key", os.Getenv("SEARCHAGENT_API_KEY"), "API key, if the service needs one (env SEARCHAGENT_API_KEY)")
	flag.StringVar(&cfg.jsonOut, "json", "", "also write the report as JSON to this file (- for stdout)")
	flag.BoolVar(&cfg.oneTurn, "one-turn", false, "run only each script's first turn: one searched session per turn (for memory per session)")
	flag.IntVar(&cfg.streams, "streams", 0, "idle event streams (GET …/stream, one session each) held open during the run")
	flag.IntVar(&cfg.stallers, "stallers", 0, "abusive clients that pipeline streamed turns on their own session and never read (issue 15's stall)")
	cpuProfile := flag.String("cpuprofile", "", "write the driver's own CPU profile to this file (the driver shares the machine with the server)")
	compareList := flag.String("compare", "", "print earlier runs side by side instead of running: label=report.json,… (reports written by --json)")
	flag.Parse()
	if *compareList != "" {
		runs, err := readReports(*compareList)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(2)
		}
		compare(os.Stdout, runs)
		return
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
		defer func() { pprof.StopCPUProfile(); f.Close() }()
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := run(ctx, cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	rep.print(os.Stdout)
	if cfg.jsonOut != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		b = append(b, '\n')
		if cfg.jsonOut == "-" {
			os.Stdout.Write(b)
		} else if err := os.WriteFile(cfg.jsonOut, b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "loadgen:", err)
			os.Exit(1)
		}
	}
}

type config struct {
	base     string
	users    int
	duration time.Duration
	maxTurns int
	apiKey   string
	jsonOut  string
	stallers int
	streams  int
	oneTurn  bool
}

// step is one turn of a script: the event, its args, and a function that
// fills args from the previous turn (a cursor, a question's option).
type step struct {
	kind  string
	event string
	args  api.Args
	from  func(last *turnResult) (api.Args, bool)
}

type script struct {
	name     string
	platform string
	locale   string
	steps    []step
}

// scripts walk the paths people take most; the inputs are the demo
// catalog's showcase (agent/agenttest).
var scripts = []script{
	{"keyword", "youtube", "en", []step{
		{kind: "keyword", event: "search.submit", args: api.Args{Text: "swim vest"}},
		{kind: "sort", event: "results.sort", args: api.Args{By: "followers"}},
		{kind: "page", event: "results.page", from: func(l *turnResult) (api.Args, bool) {
			return api.Args{Cursor: l.nextCursor}, l.nextCursor != ""
		}},
	}},
	{"url anchor", "youtube", "zh", []step{
		{kind: "url", event: "search.submit", args: api.Args{Text: agenttest.AnchorMany}},
		{kind: "page", event: "results.page", from: func(l *turnResult) (api.Args, bool) {
			return api.Args{Cursor: l.nextCursor}, l.nextCursor != ""
		}},
	}},
	{"natural + follow-up", "youtube", "zh", []step{
		{kind: "natural", event: "search.submit", args: api.Args{Text: agenttest.NaturalZH}},
		{kind: "followup", event: "followup.submit", args: api.Args{Text: "只要粉丝 1w 以上的，不要游戏"}},
	}},
	{"clarifying", "youtube", "zh", []step{
		{kind: "natural", event: "search.submit", args: api.Args{Text: agenttest.NaturalOtherPl}},
		{kind: "clarify", event: "clarify.answer", from: func(l *turnResult) (api.Args, bool) {
			return api.Args{OptionID: l.optionID}, l.optionID != ""
		}},
	}},
}

// turnResult is what one streamed turn showed.
type turnResult struct {
	kind       string
	status     int
	total      time.Duration
	firstEvent time.Duration
	ok         bool
	nextCursor string
	optionID   string
}

type client struct {
	cfg  config
	http *http.Client
	// stream is a client without a timeout, its own transport for the
	// held-open streams.
	stream *http.Client
}

func (c *client) do(ctx context.Context, method, path string, body any, token string, sse bool) (*http.Response, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.base+path, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set(api.HeaderToken, token)
	}
	if c.cfg.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.apiKey)
	}
	if sse {
		req.Header.Set("Accept", "text/event-stream")
	}
	return c.http.Do(req)
}

// turn sends one event with Accept: text/event-stream and reads the
// stream to its turn.done.
func (c *client) turn(ctx context.Context, id, token string, st step, args api.Args) turnResult {
	res := turnResult{kind: st.kind}
	start := time.Now()
	resp, err := c.do(ctx, http.MethodPost, "/v1/sessions/"+id+"/events", api.EventRequest{Event: st.event, Args: args}, token, true)
	if err != nil {
		res.total = time.Since(start)
		return res
	}
	defer resp.Body.Close()
	res.status = resp.StatusCode
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		io.Copy(io.Discard, resp.Body)
		res.total = time.Since(start)
		return res
	}
	// The driver shares the CPU with the server, so it decodes only what
	// the next step needs, and it reads each stream to its end so that the
	// connection goes back to the pool instead of being closed and
	// re-dialled (a body closed before EOF is not reused).
	defer io.Copy(io.Discard, resp.Body)
	buf := scanBufs.Get().(*[]byte)
	defer scanBufs.Put(buf)
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(*buf, 16<<20)
	var name string
	for sc.Scan() {
		line := sc.Bytes()
		switch {
		case bytes.HasPrefix(line, []byte("event:")):
			name = string(bytes.TrimSpace(line[len("event:"):]))
			if res.firstEvent == 0 {
				res.firstEvent = time.Since(start)
			}
		case bytes.HasPrefix(line, []byte("data:")):
			data := bytes.TrimSpace(line[len("data:"):])
			switch name {
			case api.EventResults:
				res.nextCursor = nextCursor(data)
			case api.EventSlots:
				var se struct {
					Slots struct {
						Question *struct {
							Options []struct {
								ID string `json:"id"`
							} `json:"options"`
						} `json:"question"`
					} `json:"slots"`
				}
				if json.Unmarshal(data, &se) == nil && se.Slots.Question != nil && len(se.Slots.Question.Options) > 0 {
					res.optionID = se.Slots.Question.Options[0].ID
				}
			case api.EventTurnDone:
				var td struct {
					OK bool `json:"ok"`
				}
				res.ok = json.Unmarshal(data, &td) == nil && td.OK
				res.total = time.Since(start)
				return res
			}
		}
	}
	res.total = time.Since(start)
	return res
}

// scanBufs holds the stream readers' line buffers.
var scanBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// nextCursor finds the next_cursor of a results event without decoding
// the event (20 channels; decoding them was a fifth of the driver's CPU).
// The key cannot occur inside a string value: there its quotes would be
// escaped. The cursor is an offset (digits). It is looked for from the
// end, where the event has it (after the items): searching the 20 KB
// event from its start stopped at every quote (7% of the driver's CPU).
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

// report is the run's outcome; its JSON is stable for comparing runs.
type report struct {
	Users    int `json:"users"`
	Stallers int `json:"stallers,omitempty"`
	Streams  int `json:"streams,omitempty"`
	// BaselineRSSBytes is the server's RSS before the run opened anything.
	BaselineRSSBytes int64 `json:"baseline_rss_bytes"`
	// StreamsRSSBytes is the server's RSS once the streams were open,
	// before the users started.
	StreamsRSSBytes int64                 `json:"streams_rss_bytes,omitempty"`
	DurationS       float64               `json:"duration_s"`
	Turns           int                   `json:"turns"`
	TurnsPerSecond  float64               `json:"turns_per_s"`
	Sessions        int64                 `json:"sessions"`
	Errors          map[string]int        `json:"errors"`
	Kinds           map[string]kindReport `json:"kinds"`
	All             kindReport            `json:"all"`
	ServerRSSBytes  int64                 `json:"server_rss_bytes"`
}

type kindReport struct {
	N       int     `json:"n"`
	P50MS   float64 `json:"p50_ms"`
	P95MS   float64 `json:"p95_ms"`
	P99MS   float64 `json:"p99_ms"`
	MaxMS   float64 `json:"max_ms"`
	FirstMS float64 `json:"first_event_p50_ms"`
	First99 float64 `json:"first_event_p99_ms"`
}

func summarize(rs []turnResult) kindReport {
	var tot, first []time.Duration
	for _, r := range rs {
		tot = append(tot, r.total)
		first = append(first, r.firstEvent)
	}
	slices.Sort(tot)
	slices.Sort(first)
	q := func(d []time.Duration, p float64) float64 {
		if len(d) == 0 {
			return 0
		}
		i := int(p * float64(len(d)-1))
		return float64(d[i].Microseconds()) / 1000
	}
	return kindReport{N: len(rs), P50MS: q(tot, .50), P95MS: q(tot, .95), P99MS: q(tot, .99), MaxMS: q(tot, 1),
		FirstMS: q(first, .50), First99: q(first, .99)}
}

func run(ctx context.Context, cfg config) (*report, error) {
	if cfg.users < 1 {
		return nil, errors.New("--users must be at least 1")
	}
	tr := &http.Transport{MaxIdleConns: cfg.users * 2, MaxIdleConnsPerHost: cfg.users * 2, IdleConnTimeout: time.Minute}
	c := &client{cfg: cfg, http: &http.Client{Transport: tr, Timeout: time.Minute},
		stream: &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, DisableCompression: true}}}
	baseRSS, err := c.rss(ctx)
	if err != nil {
		return nil, fmt.Errorf("the service at %s does not answer: %w", cfg.base, err)
	}
	var (
		mu       sync.Mutex
		results  []turnResult
		errs     = map[string]int{}
		turns    atomic.Int64
		sessions atomic.Int64
		wg       sync.WaitGroup
	)
	record := func(r turnResult) {
		mu.Lock()
		defer mu.Unlock()
		if !r.ok {
			errs[r.kind+" "+statusText(r.status)]++
			return
		}
		results = append(results, r)
	}
	more := func() bool {
		return ctx.Err() == nil && (cfg.maxTurns == 0 || turns.Add(1) <= int64(cfg.maxTurns))
	}
	for i := 0; i < cfg.stallers; i++ {
		conn, err := c.stall(ctx)
		if err != nil {
			return nil, fmt.Errorf("staller: %w", err)
		}
		defer conn.Close()
	}
	for i := 0; i < cfg.streams; i++ {
		body, err := c.openStream(ctx)
		if err != nil {
			return nil, fmt.Errorf("stream %d: %w", i, err)
		}
		defer body.Close()
	}
	streamRSS, _ := c.rss(ctx)
	// The run's clock starts once the streams and stallers are in place.
	ctx, cancel := context.WithTimeout(ctx, cfg.duration)
	defer cancel()
	start := time.Now()
	for u := 0; u < cfg.users; u++ {
		wg.Add(1)
		go func(u int) {
			defer wg.Done()
			for i := u; ; i++ {
				sc := scripts[i%len(scripts)]
				resp, err := c.do(ctx, http.MethodPost, "/v1/sessions", api.CreateSessionRequest{Platform: sc.platform, Locale: sc.locale}, "", false)
				if err != nil {
					if ctx.Err() == nil {
						record(turnResult{kind: "create"})
					}
					return
				}
				var cr created
				err = json.NewDecoder(resp.Body).Decode(&cr)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusCreated {
					record(turnResult{kind: "create", status: resp.StatusCode})
					if resp.StatusCode == http.StatusServiceUnavailable || resp.StatusCode == http.StatusTooManyRequests {
						wait(ctx, retryAfter(resp))
					}
					continue
				}
				sessions.Add(1)
				var last turnResult
				steps := sc.steps
				if cfg.oneTurn {
					steps = steps[:1]
				}
				for _, st := range steps {
					args := st.args
					if st.from != nil {
						var ok bool
						if args, ok = st.from(&last); !ok {
							break
						}
					}
					if !more() {
						return
					}
					last = c.turn(ctx, cr.SessionID, cr.Token, st, args)
					if ctx.Err() != nil {
						return
					}
					record(last)
				}
			}
		}(u)
	}
	wg.Wait()
	elapsed := time.Since(start)
	rss, _ := c.rss(context.Background())
	rep := &report{Users: cfg.users, Stallers: cfg.stallers, Streams: cfg.streams, BaselineRSSBytes: baseRSS, StreamsRSSBytes: streamRSS, DurationS: elapsed.Seconds(), Turns: len(results), Sessions: sessions.Load(),
		Errors: errs, Kinds: map[string]kindReport{}, ServerRSSBytes: rss}
	rep.TurnsPerSecond = float64(len(results)) / elapsed.Seconds()
	byKind := map[string][]turnResult{}
	for _, r := range results {
		byKind[r.kind] = append(byKind[r.kind], r)
	}
	for k, rs := range byKind {
		rep.Kinds[k] = summarize(rs)
	}
	rep.All = summarize(results)
	return rep, nil
}

func statusText(code int) string {
	if code == 0 {
		return "no answer"
	}
	return strconv.Itoa(code)
}

func retryAfter(resp *http.Response) time.Duration {
	if n, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return time.Second
}

func wait(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// created is what the driver reads of a create's answer: decoding the
// whole snapshot (api.CreateSessionResponse) was a tenth of the driver's
// CPU, and nothing of it is used.
type created struct {
	SessionID string `json:"session_id"`
	Token     string `json:"token"`
}

// newSession creates a YouTube session in zh for the stream and stall
// clients.
func (c *client) newSession(ctx context.Context) (created, error) {
	var cr created
	resp, err := c.do(ctx, http.MethodPost, "/v1/sessions", api.CreateSessionRequest{Platform: "youtube", Locale: "zh"}, "", false)
	if err != nil {
		return cr, err
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(&cr)
	return cr, err
}

// openStream opens a session and its event stream, reads the stream's
// first bytes (the retry hint) and leaves it open.
func (c *client) openStream(ctx context.Context) (io.ReadCloser, error) {
	cr, err := c.newSession(ctx)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cfg.base+"/v1/sessions/"+cr.SessionID+"/stream", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set(api.HeaderToken, cr.Token)
	if c.cfg.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.apiKey)
	}
	sresp, err := c.stream.Do(req)
	if err != nil {
		return nil, err
	}
	if sresp.StatusCode != http.StatusOK {
		sresp.Body.Close()
		return nil, fmt.Errorf("status %d", sresp.StatusCode)
	}
	if _, err := sresp.Body.Read(make([]byte, 64)); err != nil {
		sresp.Body.Close()
		return nil, err
	}
	return sresp.Body, nil
}

// stall opens a session and pipelines streamed turns on it over one
// connection with a tiny receive buffer, and never reads the answers.
func (c *client) stall(ctx context.Context) (net.Conn, error) {
	cr, err := c.newSession(ctx)
	if err != nil {
		return nil, err
	}
	u, err := url.Parse(c.cfg.base)
	if err != nil {
		return nil, err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096)
	}
	texts := []string{agenttest.NaturalZH, agenttest.AnchorMany, "swim vest"}
	var buf bytes.Buffer
	for i := 0; i < 300; i++ {
		body, _ := json.Marshal(api.EventRequest{Event: "search.submit", Args: api.Args{Text: texts[i%len(texts)]}})
		fmt.Fprintf(&buf, "POST /v1/sessions/%s/events HTTP/1.1\r\nHost: %s\r\n%s: %s\r\nAccept: text/event-stream\r\n", cr.SessionID, u.Host, api.HeaderToken, cr.Token)
		if c.cfg.apiKey != "" {
			fmt.Fprintf(&buf, "Authorization: Bearer %s\r\n", c.cfg.apiKey)
		}
		fmt.Fprintf(&buf, "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	}
	go func() { _, _ = conn.Write(buf.Bytes()) }() // may block once the server stops reading: never read
	return conn, nil
}

// rss reads the server's resident memory from its /metrics
// (process_resident_memory_bytes).
func (c *client) rss(ctx context.Context) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cfg.base+api.PathMetrics, nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "process_resident_memory_bytes "); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return int64(f), err
		}
	}
	return 0, sc.Err()
}

func (r *report) print(w io.Writer) {
	if r.Streams > 0 {
		fmt.Fprintf(w, "%d open streams: server RSS %.0f MiB, %+.1f MiB over the %.0f MiB before them (the streams and their sessions)\n",
			r.Streams, float64(r.StreamsRSSBytes)/(1<<20), float64(r.StreamsRSSBytes-r.BaselineRSSBytes)/(1<<20), float64(r.BaselineRSSBytes)/(1<<20))
	}
	fmt.Fprintf(w, "%d users, %.1fs: %d turns, %.0f turns/s, %d sessions, server RSS %.0f MiB\n",
		r.Users, r.DurationS, r.Turns, r.TurnsPerSecond, r.Sessions, float64(r.ServerRSSBytes)/(1<<20))
	fmt.Fprintf(w, "%-10s %7s %9s %9s %9s %9s %12s %12s\n", "kind", "n", "p50 ms", "p95 ms", "p99 ms", "max ms", "1st ev p50", "1st ev p99")
	kinds := make([]string, 0, len(r.Kinds))
	for k := range r.Kinds {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	line := func(k string, s kindReport) {
		fmt.Fprintf(w, "%-10s %7d %9.1f %9.1f %9.1f %9.1f %12.1f %12.1f\n", k, s.N, s.P50MS, s.P95MS, s.P99MS, s.MaxMS, s.FirstMS, s.First99)
	}
	for _, k := range kinds {
		line(k, r.Kinds[k])
	}
	line("all", r.All)
	if len(r.Errors) > 0 {
		fmt.Fprintf(w, "errors: %v\n", r.Errors)
	}
}
