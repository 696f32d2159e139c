package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// TestServeKilledMidTurnLeavesWholeTurns: a serve process with its
// sessions in PostgreSQL (SEARCHAGENT_SESSIONS_DATABASE_URL alone: the
// channels in memory) is killed with SIGKILL while a dozen clients run
// turns back to back, and restarted, a few times. Then every session's
// log holds whole turns only: no event of an uncommitted turn, every
// committed turn ends with turn.done (and its version is the session's
// count of them), every turn a client saw done is there, and a client
// that followed one session across the kills with Last-Event-ID received
// every event of its log exactly once.
func TestServeKilledMidTurnLeavesWholeTurns(t *testing.T) {
	dsn := pgdbtest.DSN(t)
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	if err := pgdb.Ensure(ctx, pool, sessions.Schema, true, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `TRUNCATE sessions, session_events, session_turns`); err != nil {
		t.Fatal(err)
	}
	env := []string{"DATABASE_URL=", "SEARCHAGENT_SESSIONS_DATABASE_URL=" + dsn}
	hc := &http.Client{Timeout: 30 * time.Second}

	c := startServe(t, env, "--max-turns", "0", "--event-rate", "0", "--create-rate", "0")
	resp, b := do(t, "GET", c.base+"/readyz", nil, nil)
	var rd api.Readiness
	json.Unmarshal(b, &rd)
	if resp.StatusCode != 200 || rd.Store != "memory" || !strings.HasPrefix(rd.Sessions, "postgres") || !strings.Contains(rd.Sessions, "LISTEN/NOTIFY") ||
		!strings.Contains(rd.Extra["mode_detail"], "sessions in PostgreSQL") {
		t.Fatalf("/readyz in the sessions-only mode = %d %+v, want channels in memory and sessions in postgres, pushed", resp.StatusCode, rd)
	}
	const workers, kills = 12, 4
	var clients []api.CreateSessionResponse
	for range workers {
		clients = append(clients, createSession(t, hc, c.base))
	}
	var (
		mu    sync.Mutex
		acked = map[string][]int64{} // session → turns a client saw done
		cut   int                    // streams the kill cut before turn.done
	)
	followed := clients[0]
	var seen []int64 // the follower's ids, across the kills
	follow := func(base string, stop <-chan struct{}) {
		after := lastSeen(&mu, &seen)
		fctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() { <-stop; cancel() }()
		req, _ := http.NewRequestWithContext(fctx, "GET", base+"/v1/sessions/"+followed.SessionID+"/stream", nil)
		req.Header.Set(api.HeaderToken, followed.Token)
		req.Header.Set("Last-Event-ID", strconv.FormatInt(after, 10))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return
		}
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 4<<20)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				id, _ := strconv.ParseInt(v, 10, 64)
				mu.Lock()
				seen = append(seen, id)
				mu.Unlock()
			}
		}
	}
	var stop, followDone chan struct{}
	for round := 0; round <= kills; round++ {
		if round > 0 {
			c = startServe(t, env, "--max-turns", "0", "--event-rate", "0", "--create-rate", "0")
		}
		stop, followDone = make(chan struct{}), make(chan struct{})
		go func() { defer close(followDone); follow(c.base, stop) }()
		if round == kills {
			break // the last start only serves the follower's catch-up
		}
		rctx, cancel := context.WithCancel(ctx)
		var wg sync.WaitGroup
		for w, cr := range clients {
			wg.Go(func() {
				sorts := []string{"followers", "avg_views", "recent", "relevance"}
				for i := 0; rctx.Err() == nil; i++ {
					ev := api.EventRequest{Event: "search.submit", Args: api.Args{Text: "swim vest"}}
					if i%2 == 1 {
						ev = api.EventRequest{Event: "results.sort", Args: api.Args{By: sorts[(w+i)%len(sorts)]}}
					}
					status, done, err := streamTurn(rctx, hc, c.base, cr.SessionID, cr.Token, ev)
					mu.Lock()
					switch {
					case done != nil:
						acked[cr.SessionID] = append(acked[cr.SessionID], done.Turn)
					case status == http.StatusOK && err != nil:
						cut++
					}
					mu.Unlock()
					if status == 0 && err != nil {
						return // the server is gone
					}
				}
			})
		}
		time.Sleep(time.Second)
		if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		<-c.exited
		cancel()
		wg.Wait()
		close(stop)
		<-followDone
	}
	// The follower catches up on the last server, then stops.
	var last int64
	if err := pool.QueryRow(ctx, `SELECT last_seq FROM sessions WHERE id = $1`, followed.SessionID).Scan(&last); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); lastSeen(&mu, &seen) < last && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	close(stop)
	<-followDone
	t.Logf("%d kills: %d turns acknowledged, %d streams cut mid-turn, the follower saw %d events", kills, countAcked(acked), cut, len(seen))
	if cut == 0 {
		t.Error("no kill landed mid-turn: the test did not exercise what it is about")
	}

	// Every session's log, checked against its committed state.
	for _, cr := range clients {
		type ev struct {
			seq, turn int64
			name      string
		}
		rows, err := pool.Query(ctx, `SELECT seq, turn, name FROM session_events WHERE session_id = $1 ORDER BY seq`, cr.SessionID)
		if err != nil {
			t.Fatal(err)
		}
		var log []ev
		for rows.Next() {
			var e ev
			rows.Scan(&e.seq, &e.turn, &e.name)
			log = append(log, e)
		}
		rows.Close()
		var version, lastSeq int64
		pool.QueryRow(ctx, `SELECT version, last_seq FROM sessions WHERE id = $1`, cr.SessionID).Scan(&version, &lastSeq)
		traced := map[int64]bool{}
		rows, _ = pool.Query(ctx, `SELECT turn FROM session_turns WHERE session_id = $1`, cr.SessionID)
		for rows.Next() {
			var n int64
			rows.Scan(&n)
			traced[n] = true
		}
		rows.Close()
		committed := map[int64]bool{}
		for i := 0; i < len(log); {
			e := log[i]
			if e.seq != int64(i+1) {
				t.Fatalf("session %s: event %d has seq %d: a gap", cr.SessionID, i, e.seq)
			}
			if e.name == api.EventTurnError {
				i++
				continue
			}
			j := i
			for j < len(log) && log[j].turn == e.turn {
				j++
			}
			if e.name != api.EventTurnStarted || log[j-1].name != api.EventTurnDone {
				t.Errorf("session %s turn %d: %s … %s, want turn.started … turn.done (an uncommitted turn's events?)", cr.SessionID, e.turn, e.name, log[j-1].name)
			}
			if !traced[e.turn] || committed[e.turn] {
				t.Errorf("session %s turn %d: traced %v, seen twice %v", cr.SessionID, e.turn, traced[e.turn], committed[e.turn])
			}
			committed[e.turn] = true
			i = j
		}
		if version != int64(1+len(committed)) || lastSeq != int64(len(log)) {
			t.Errorf("session %s: version %d, last seq %d; want %d (one per committed turn) and %d", cr.SessionID, version, lastSeq, 1+len(committed), len(log))
		}
		for _, n := range acked[cr.SessionID] {
			if !committed[n] {
				t.Errorf("session %s: turn %d was acknowledged with turn.done but is not in the log", cr.SessionID, n)
			}
		}
		if cr.SessionID == followed.SessionID {
			want := fmt.Sprint(seqs(len(log)))
			if got := fmt.Sprint(seen); got != want {
				t.Errorf("the follower across %d kills saw ids %v, want each of the log's %d once: %v", kills, got, len(log), want)
			}
		}
	}
}

func lastSeen(mu *sync.Mutex, seen *[]int64) int64 {
	mu.Lock()
	defer mu.Unlock()
	if len(*seen) == 0 {
		return 0
	}
	return (*seen)[len(*seen)-1]
}

func seqs(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i + 1)
	}
	return out
}

func countAcked(m map[string][]int64) int {
	n := 0
	for _, v := range m {
		n += len(v)
	}
	return n
}

// TestMigrateSessionsDatabaseAlone: with SEARCHAGENT_SESSIONS_DATABASE_URL
// alone, migrate up migrates the sessions schema in that database (and no
// channel schema anywhere); without either variable it says what it needs.
func TestMigrateSessionsDatabaseAlone(t *testing.T) {
	dsn := pgdbtest.DSN(t)
	t.Setenv("DATABASE_URL", "")
	t.Setenv("SEARCHAGENT_SESSIONS_DATABASE_URL", "")
	if _, errOut, code := cli(t, "", "migrate", "up"); code == 0 || !strings.Contains(errOut, "SEARCHAGENT_SESSIONS_DATABASE_URL") {
		t.Errorf("migrate up with no database = %d %q, want a usage error naming both variables", code, errOut)
	}
	t.Setenv("SEARCHAGENT_SESSIONS_DATABASE_URL", dsn)
	out, errOut, code := cli(t, "", "migrate", "up")
	if code != 0 {
		t.Fatalf("migrate up: %d %s", code, errOut)
	}
	var res []struct {
		Schema   string `json:"schema"`
		Database string `json:"database"`
		Current  int64  `json:"current_version"`
		Target   int64  `json:"target_version"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0].Schema != "sessions" || res[0].Database != "SEARCHAGENT_SESSIONS_DATABASE_URL" || res[0].Current != res[0].Target {
		t.Errorf("migrate up = %+v, want the sessions schema migrated in SEARCHAGENT_SESSIONS_DATABASE_URL only", res)
	}
}
