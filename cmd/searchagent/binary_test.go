//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"searchagent/api"
	"searchagent/internal/testwait"
)

// The tests below build the real searchagent binary and run `serve` as a
// child process: signals, exit codes and memory caps are the process's own.

var binary struct {
	once sync.Once
	path string
	err  error
}

// buildBinary builds cmd/searchagent once per test run.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the searchagent binary")
	}
	binary.once.Do(func() {
		dir, err := os.MkdirTemp("", "searchagent-bin")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(dir, "searchagent")
		out, err := exec.Command("go", "build", "-o", binary.path, ".").CombinedOutput()
		if err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

// child is a running `searchagent serve`.
type child struct {
	cmd    *exec.Cmd
	base   string
	stderr *syncBuffer
	exited chan error
}

// syncBuffer is the child's stderr: written by exec's copier, read by
// the test while the child runs.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startServe runs `searchagent serve` over the six-channel test catalog
// on a free loopback port, with args, and waits for it to listen.
func startServe(t *testing.T, env []string, args ...string) *child {
	t.Helper()
	bin := buildBinary(t)
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--catalog", mini}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, stderr: &syncBuffer{}, exited: make(chan error, 1)}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		select {
		case <-c.exited:
		case <-time.After(10 * time.Second):
		}
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if _, rest, ok := strings.Cut(sc.Text(), "listening on http://"); ok {
				addr <- strings.Fields(rest)[0]
			}
		}
		c.exited <- cmd.Wait()
	}()
	select {
	case a := <-addr:
		c.base = "http://" + a
	case err := <-c.exited:
		t.Fatalf("serve exited before listening: %v\n%s", err, c.stderr)
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within 60 s\n%s", c.stderr)
	}
	return c
}

// streamTurn sends one streamed turn and reads it to its end.
func streamTurn(ctx context.Context, hc *http.Client, base, id, token string, ev api.EventRequest) (status int, done *api.TurnDone, err error) {
	body, _ := json.Marshal(ev)
	req, _ := http.NewRequestWithContext(ctx, "POST", base+"/v1/sessions/"+id+"/events", bytes.NewReader(body))
	req.Header.Set(api.HeaderToken, token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var name string
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			name = v
		}
		if v, ok := strings.CutPrefix(line, "data: "); ok && name == api.EventTurnDone {
			var td api.TurnDone
			if err := json.Unmarshal([]byte(v), &td); err != nil {
				return resp.StatusCode, nil, err
			}
			done = &td
		}
	}
	return resp.StatusCode, done, sc.Err()
}

func createSession(t *testing.T, hc *http.Client, base string) api.CreateSessionResponse {
	t.Helper()
	resp, err := hc.Post(base+"/v1/sessions", "application/json", strings.NewReader(`{"platform":"youtube","locale":"en"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var cr api.CreateSessionResponse
	if err := json.NewDecoder(resp.Body).Decode(&cr); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("create = %d, %v", resp.StatusCode, err)
	}
	return cr
}

// TestServeLimitsFloodsByDefault: with no limit flags one client that
// floods session creation gets 429 with Retry-After after its burst, while
// another client still creates sessions (issue 33: one IP filled
// --max-sessions and locked everyone out).
func TestServeLimitsFloodsByDefault(t *testing.T) {
	c := startServe(t, []string{"SEARCHAGENT_API_KEYS=flood,other"})
	create := func(key string) *http.Response {
		req, _ := http.NewRequest("POST", c.base+"/v1/sessions", strings.NewReader(`{"platform":"youtube"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	created, limited := 0, 0
	for range 60 {
		switch resp := create("flood"); resp.StatusCode {
		case http.StatusCreated:
			created++
		case http.StatusTooManyRequests:
			limited++
			if resp.Header.Get("Retry-After") == "" {
				t.Error("429 without Retry-After")
			}
		default:
			t.Fatalf("flood create = %d", resp.StatusCode)
		}
	}
	// The burst is 20 and the rate 5/s: a loop of 60 creates gets about
	// 20 plus what refills while it runs.
	if created < defaultCreateBurst || limited == 0 {
		t.Errorf("flood: %d created, %d limited; want the burst of %d, then 429", created, limited, defaultCreateBurst)
	}
	if resp := create("other"); resp.StatusCode != http.StatusCreated {
		t.Errorf("another client during the flood = %d, want 201", resp.StatusCode)
	}
	if !strings.Contains(c.stderr.String(), "create_rate=5") || !strings.Contains(c.stderr.String(), "event_rate=20") {
		t.Errorf("the start-up log does not say the default limits:\n%s", c.stderr)
	}
}

// SIGTERM with open streams and turns in flight: every turn the server
// took either completes with turn.done (committed: ok with a new version)
// or never started (the connection was refused or closed before the
// request); no answered stream is cut short; the open event streams end;
// the process exits 0 within its shutdown grace period.
func TestServeSIGTERMDrainsTurnsAndStreams(t *testing.T) {
	// The signal must fall while a turn is in flight. A turn takes well
	// under a millisecond on the mini catalog, and on a loaded machine
	// (CI runs the packages' -race tests side by side on two cores) the
	// workers can sit between turns, or not run at all, for seconds: a
	// run that did not exercise a turn in flight is run again, on a new
	// server, up to three times; every other check fails at once.
	for attempt := 1; ; attempt++ {
		completed, straddled := sigtermDrain(t)
		if t.Failed() || completed > 0 && straddled > 0 {
			return
		}
		if attempt == 3 {
			t.Errorf("%d turns completed, %d in flight at SIGTERM in each of three runs: the test did not exercise a turn in flight", completed, straddled)
			return
		}
		t.Logf("run %d: %d turns completed, %d in flight at SIGTERM: not exercised, running again", attempt, completed, straddled)
	}
}

// sigtermDrain is one run of TestServeSIGTERMDrainsTurnsAndStreams: a
// server, two open event streams, twelve workers sending turns, SIGTERM;
// it returns the turns completed and those of them in flight at the
// signal.
func sigtermDrain(t *testing.T) (completed, straddled int) {
	t.Helper()
	// No bound on turns per session: on the mini catalog a fast machine
	// runs more than the default 200 turns per worker before the server
	// is gone, and the 201st answers 409 session_full, which is not what
	// this test is about.
	// Twelve workers from one IP send turns back to back: far over the
	// default per-client event rate, which this test is not about.
	c := startServe(t, nil, "--max-turns", "0", "--event-rate", "0", "--create-rate", "0")
	hc := &http.Client{Timeout: 30 * time.Second}

	// Two open event streams.
	streamsEnded := make(chan error, 2)
	for range 2 {
		cr := createSession(t, hc, c.base)
		req, _ := http.NewRequest("GET", c.base+"/v1/sessions/"+cr.SessionID+"/stream?lastEventId=0", nil)
		req.Header.Set(api.HeaderToken, cr.Token)
		resp, err := (&http.Client{}).Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("open stream: %v", err)
		}
		go func() {
			_, err := io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			streamsEnded <- err
		}()
	}

	// Workers send streamed turns back to back until the server is gone.
	type outcome struct {
		started, ended time.Time
		status         int
		done           *api.TurnDone
		err            error
	}
	var (
		mu       sync.Mutex
		outcomes []outcome
		wg       sync.WaitGroup
		inFlight atomic.Int32 // turns sent and not yet answered
	)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	for w := range 12 {
		cr := createSession(t, hc, c.base)
		wg.Go(func() {
			// A search, then re-sorts (each a turn with a fresh query).
			sorts := []string{"followers", "avg_views", "recent", "relevance"}
			ev := api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}}
			for i := 0; ctx.Err() == nil; i++ {
				o := outcome{started: time.Now()}
				inFlight.Add(1)
				o.status, o.done, o.err = streamTurn(ctx, hc, c.base, cr.SessionID, cr.Token, ev)
				inFlight.Add(-1)
				ev = api.EventRequest{Event: "results.sort", Args: api.Args{By: sorts[(w+i)%len(sorts)]}}
				o.ended = time.Now()
				mu.Lock()
				outcomes = append(outcomes, o)
				mu.Unlock()
				if o.status == 0 && o.err != nil {
					return // the server is gone
				}
			}
		})
	}
	time.Sleep(500 * time.Millisecond)
	// Signal while turns are in flight: on a loaded machine the workers
	// can all sit between turns at one instant.
	for deadline := time.Now().Add(5 * time.Second); inFlight.Load() < 3 && time.Now().Before(deadline); {
		runtime.Gosched()
	}
	signalled := time.Now()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var exitErr error
	select {
	case exitErr = <-c.exited:
	case <-time.After(40 * time.Second): // serve's shutdown timeout is 30 s, then 5 s to stop turns
		t.Fatalf("serve still running 40 s after SIGTERM\n%s", c.stderr)
	}
	exitedAfter := time.Since(signalled)
	testwait.WaitGroup(t, &wg, "the clients to see the server go")
	if exitErr != nil {
		t.Errorf("serve exited with %v after SIGTERM, want status 0\n%s", exitErr, c.stderr)
	}
	for range 2 {
		select {
		case <-streamsEnded:
		case <-time.After(5 * time.Second):
			t.Fatal("an open event stream did not end with the process")
		}
	}
	for _, o := range outcomes {
		switch {
		case o.status == http.StatusOK && o.done != nil && o.done.OK && o.done.Version > 1:
			completed++
			if o.started.Before(signalled) && o.ended.After(signalled) {
				straddled++
			}
		case o.status == 0 && o.err != nil:
			// never answered: refused, or the keep-alive connection was
			// closed before the request (nothing of it ran)
		default:
			t.Errorf("a turn the server answered did not complete: status %d, turn.done %+v, err %v", o.status, o.done, o.err)
		}
	}
	t.Logf("%d turns completed, %d of them in flight at SIGTERM; exit %v after the signal", completed, straddled, exitedAfter.Round(time.Millisecond))
	if !strings.Contains(c.stderr.String(), "http server stopped") {
		t.Errorf("the log lacks the graceful stop:\n%s", c.stderr)
	}
	return completed, straddled
}

// With --max-memory, a process under a real data-segment limit (a crash
// would be a real "out of memory") that is fed new searched sessions
// answers 503 overloaded with Retry-After before it is at risk, and keeps
// answering /healthz and the sessions it holds.
func TestServeMemoryCapAnswers503BeforeDeath(t *testing.T) {
	const capBytes = 256 << 20
	c := startServe(t, nil, "--max-memory", "256MiB", "--max-sessions", "0", "--create-rate", "0", "--event-rate", "0")
	// Without the guard the sessions below would grow the heap past this
	// limit and the runtime would die with "fatal error: out of memory".
	lim := unix.Rlimit{Cur: 4 * capBytes, Max: 4 * capBytes}
	if err := unix.Prlimit(c.cmd.Process.Pid, unix.RLIMIT_DATA, &lim, nil); err != nil {
		t.Fatalf("prlimit: %v", err)
	}
	hc := &http.Client{Timeout: 30 * time.Second}
	ctx := context.Background()
	var held api.CreateSessionResponse
	created, refused := 0, 0
	deadline := time.Now().Add(3 * time.Minute)
	for refused < 20 && time.Now().Before(deadline) {
		resp, err := hc.Post(c.base+"/v1/sessions", "application/json", strings.NewReader(`{"platform":"youtube","locale":"en"}`))
		if err != nil {
			t.Fatalf("after %d sessions: %v\n%s", created, err, tail(c.stderr))
		}
		var cr api.CreateSessionResponse
		var eb api.ErrorBody
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusCreated:
			json.Unmarshal(b, &cr)
			created++
			held = cr
			// A searched session holds its results, events and trace.
			if st, done, err := streamTurn(ctx, hc, c.base, cr.SessionID, cr.Token,
				api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}}); err != nil || st != 200 && st != 503 || st == 200 && (done == nil || !done.OK) {
				t.Fatalf("turn %d = %d %+v %v\n%s", created, st, done, err, tail(c.stderr))
			}
		case http.StatusServiceUnavailable:
			json.Unmarshal(b, &eb)
			if eb.Error.Code != "overloaded" || resp.Header.Get("Retry-After") == "" {
				t.Fatalf("503 = %s, Retry-After %q: want overloaded with Retry-After", b, resp.Header.Get("Retry-After"))
			}
			refused++
		default:
			t.Fatalf("create = %d %s", resp.StatusCode, b)
		}
	}
	if refused == 0 {
		t.Fatalf("%d sessions created and none refused within the time bound", created)
	}
	t.Logf("%d searched sessions created, then %d creations refused with 503", created, refused)
	for _, path := range []string{"/healthz", "/v1/sessions/" + held.SessionID} {
		req, _ := http.NewRequest("GET", c.base+path, nil)
		req.Header.Set(api.HeaderToken, held.Token)
		resp, err := hc.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s after the refusals = %v %v", path, resp, err)
		} else {
			resp.Body.Close()
		}
	}
	select {
	case err := <-c.exited:
		t.Fatalf("serve died: %v\n%s", err, tail(c.stderr))
	default:
	}
	if !strings.Contains(c.stderr.String(), "memory admission on") {
		t.Errorf("the log does not say the memory admission is on:\n%s", tail(c.stderr))
	}
}

// A cap below what start-up already holds live refuses every session: the
// log says so at start, with the cap to set, instead of leaving the
// operator with 503s and no reason.
func TestServeCapBelowTheLoadedHeapIsSaid(t *testing.T) {
	c := startServe(t, nil, "--max-memory", "16MiB", "--create-rate", "0")
	resp, err := http.Post(c.base+"/v1/sessions", "application/json", strings.NewReader(`{"platform":"youtube","locale":"en"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("create under a 16 MiB cap = %d, want 503", resp.StatusCode)
	}
	if !strings.Contains(c.stderr.String(), "raise --max-memory") {
		t.Errorf("the log does not say the cap is below the loaded heap:\n%s", tail(c.stderr))
	}
}

func TestCapBelowBaseline(t *testing.T) {
	for _, tc := range []struct {
		live, limit uint64
		said        bool
	}{
		{50 << 20, 256 << 20, false},
		{179 << 20, 256 << 20, false},
		{180 << 20, 256 << 20, true},
		{132 << 20, 96 << 20, true},
	} {
		if got := capBelowBaseline(tc.live, tc.limit); (got != "") != tc.said {
			t.Errorf("capBelowBaseline(%d, %d) = %q, want said=%v", tc.live, tc.limit, got, tc.said)
		}
	}
}

func tail(b *syncBuffer) string {
	s := b.String()
	if len(s) > 3000 {
		s = s[len(s)-3000:]
	}
	return s
}

// SIGTERM with turns that outlive --shutdown-timeout (1 ms here): the
// turns still running are stopped, each answered turn either completed
// (turn.done ok) or failed cleanly (turn.error unavailable, or a JSON
// 503), and the process still exits 0.
func TestServeSIGTERMStopsTurnsPastTheTimeout(t *testing.T) {
	// The stopped turns have 5 s to answer (the server's stopGrace). On
	// a loaded machine (CI runs the packages' -race tests side by side on
	// two cores) a run can miss it without any turn hanging: a run whose
	// only fault is that grace running out is run again, on a new server,
	// up to three times; every other check fails at once.
	for attempt := 1; ; attempt++ {
		stderr, exitErr := sigtermStop(t)
		if t.Failed() || exitErr == nil {
			return
		}
		if attempt == 3 || !strings.Contains(stderr, "shutdown: context deadline exceeded") {
			t.Errorf("serve exited with %v after SIGTERM, want status 0\n%s", exitErr, stderr)
			return
		}
		t.Logf("run %d: the stopped turns' grace ran out (%v), running again", attempt, exitErr)
	}
}

// sigtermStop is one run of TestServeSIGTERMStopsTurnsPastTheTimeout: a
// server with a 1 ms shutdown timeout, eight workers sending turns,
// SIGTERM; it returns the tail of its log and how serve exited.
func sigtermStop(t *testing.T) (stderr string, exitErr error) {
	t.Helper()
	c := startServe(t, nil, "--max-turns", "0", "--event-rate", "0", "--create-rate", "0", "--shutdown-timeout", "1ms")
	hc := &http.Client{Timeout: 30 * time.Second}
	type outcome struct {
		status          int
		done, errorCode string
		err             error
	}
	var (
		mu       sync.Mutex
		outcomes []outcome
		wg       sync.WaitGroup
	)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for range 8 {
		cr := createSession(t, hc, c.base)
		wg.Go(func() {
			for ctx.Err() == nil {
				body, _ := json.Marshal(api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}})
				req, _ := http.NewRequestWithContext(ctx, "POST", c.base+"/v1/sessions/"+cr.SessionID+"/events", bytes.NewReader(body))
				req.Header.Set(api.HeaderToken, cr.Token)
				req.Header.Set("Accept", "text/event-stream")
				req.Header.Set("Content-Type", "application/json")
				o := outcome{}
				resp, err := hc.Do(req)
				if err != nil {
					mu.Lock()
					outcomes = append(outcomes, outcome{err: err})
					mu.Unlock()
					return // the server is gone
				}
				o.status = resp.StatusCode
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				for _, block := range strings.Split(string(b), "\n\n") {
					switch {
					case strings.Contains(block, "event: "+api.EventTurnDone):
						o.done = block
					case strings.Contains(block, "event: "+api.EventTurnError):
						var eb api.ErrorBody
						_, data, _ := strings.Cut(block, "data: ")
						json.Unmarshal([]byte(data), &eb)
						o.errorCode = eb.Error.Code
					case o.status != http.StatusOK:
						var eb api.ErrorBody
						json.Unmarshal([]byte(block), &eb)
						o.errorCode = eb.Error.Code
					}
				}
				mu.Lock()
				outcomes = append(outcomes, o)
				mu.Unlock()
			}
		})
	}
	time.Sleep(500 * time.Millisecond)
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case exitErr = <-c.exited:
	case <-time.After(15 * time.Second):
		t.Fatalf("serve still running 15 s after SIGTERM\n%s", c.stderr)
	}
	testwait.WaitGroup(t, &wg, "the clients to see the server go")
	completed, stopped := 0, 0
	for _, o := range outcomes {
		switch {
		case o.err != nil:
		case o.status == http.StatusOK && o.errorCode == "" && strings.Contains(o.done, `"ok":true`):
			completed++
		case o.errorCode == "unavailable":
			stopped++
		default:
			t.Errorf("a turn ended neither completed nor cleanly stopped: status %d, error %q, turn.done %q", o.status, o.errorCode, o.done)
		}
	}
	t.Logf("%d turns completed, %d stopped at the shutdown timeout", completed, stopped)
	if completed == 0 {
		t.Error("no turn completed before the signal: the test did not run turns")
	}
	return tail(c.stderr), exitErr
}
