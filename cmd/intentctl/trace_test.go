package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"searchagent/agent"
	"searchagent/agent/sessions"
	"searchagent/api"
	"searchagent/router"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// TestTraceFromDatabase stores two turns (one routed follow-up) and
// prints them with intentctl trace, filtered by session and by branch.
func TestTraceFromDatabase(t *testing.T) {
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
	st := sessions.NewPostgres(pool)
	const id = "trace-test-session"
	for _, table := range []string{"session_events", "session_turns"} {
		pool.Exec(ctx, `DELETE FROM `+table+` WHERE session_id = $1`, id)
	}
	pool.Exec(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	if _, err := st.Create(ctx, sessions.Record{ID: id, Platform: "youtube", Snapshot: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	r, err := router.Default()
	if err != nil {
		t.Fatal(err)
	}
	in := router.Input{Text: "只要美国的，粉丝 1w+，不要游戏", Turn: 2, State: router.State{Input: "followup_waiting", Container: "expanded_agent", Session: "results_ready"}}
	res, tr, err := r.Explain(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	turns := []agent.TurnTrace{
		{Turn: 1, Event: "search.submit", Transitions: []api.Transition{{FromState: "a", ActionID: "A_X", ToState: "b"}}, Steps: []agent.StepTrace{{Step: "retrieve", OK: true}}},
		{Turn: 2, Event: "followup.submit", Args: api.Args{Text: in.Text}, Router: &agent.RouterStage{Input: in, Stages: agent.StagesAll, Result: res, Trace: tr}},
	}
	for i, tt := range turns {
		raw, _ := json.Marshal(tt)
		if _, _, err := st.Commit(ctx, id, int64(i+1), json.RawMessage(`{}`), nil, &sessions.Turn{Turn: tt.Turn, Trace: raw}); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("DATABASE_URL", dsn)
	t.Setenv("SEARCHAGENT_SESSIONS_DATABASE_URL", "")
	tests := []struct {
		name string
		args []string
		want []string
		not  []string
	}{
		{"one session", []string{"--session", id}, []string{"turn 1", "A_X  a → b", "retrieve  yes", "turn 2", "branch      " + string(res.Branch), "stages",
			"state       followup_waiting/expanded_agent/results_ready  turn 2"}, nil},
		{"one turn", []string{"--session", id, "--turn", "2"}, []string{"turn 2"}, []string{"turn 1 "}},
		{"by branch", []string{"--branch", string(res.Branch), "--since", "1h"}, []string{"session " + id + "  turn 2"}, []string{"turn 1 "}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			cmd := newRootCmd(&out, &errOut)
			cmd.SetArgs(append([]string{"trace"}, tc.args...))
			if err := cmd.ExecuteContext(ctx); err != nil {
				t.Fatalf("trace %v: %v", tc.args, err)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("trace %v output lacks %q:\n%s", tc.args, w, out.String())
				}
			}
			for _, w := range tc.not {
				if strings.Contains(out.String(), w) {
					t.Errorf("trace %v output has %q:\n%s", tc.args, w, out.String())
				}
			}
		})
	}
}
