package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"searchagent/agent"
	"searchagent/agent/sessions"
	"searchagent/router"
	"searchagent/tools/pgdb"
)

func newTraceCmd() *cobra.Command {
	var (
		q      sessions.TurnQuery
		turn   int64
		since  string
		until  string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "trace [--session ID [--turn N]] [--branch B] [--since T] [--until T] [--limit N]",
		Short: "Print stored turns' audit trails (router stages, transitions, steps, contract checks) as explain's tree; reads DATABASE_URL",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dsn := strings.TrimSpace(os.Getenv("SEARCHAGENT_SESSIONS_DATABASE_URL"))
			if dsn == "" {
				dsn = strings.TrimSpace(os.Getenv("DATABASE_URL"))
			}
			if dsn == "" {
				return errors.New("trace reads the stored turns: set DATABASE_URL (or SEARCHAGENT_SESSIONS_DATABASE_URL)")
			}
			var err error
			if q.Since, err = parseWhen(since); err != nil {
				return fmt.Errorf("--since: %w", err)
			}
			if q.Until, err = parseWhen(until); err != nil {
				return fmt.Errorf("--until: %w", err)
			}
			if turn > 0 && q.SessionID == "" {
				return errors.New("--turn needs --session")
			}
			pool, err := pgdb.Open(cmd.Context(), dsn, pgdb.WithMaxConns(2))
			if err != nil {
				return err
			}
			defer pool.Close()
			if err := pgdb.Check(cmd.Context(), pool, sessions.Schema); err != nil {
				return err
			}
			turns, err := sessions.NewPostgres(pool).QueryTurns(cmd.Context(), q)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			n := 0
			for _, t := range turns {
				if turn > 0 && t.Turn != turn {
					continue
				}
				n++
				if asJSON {
					b, _ := json.Marshal(t)
					fmt.Fprintln(out, string(b))
					continue
				}
				if err := renderTurn(out, t); err != nil {
					return err
				}
			}
			if n == 0 {
				fmt.Fprintln(cmd.ErrOrStderr(), "no turns match")
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.SessionID, "session", "", "one session's turns")
	f.Int64Var(&turn, "turn", 0, "one turn of --session")
	f.StringVar(&q.Branch, "branch", "", "turns whose router branch is this (ambiguous, fallback, rules_hit, …)")
	f.StringVar(&since, "since", "", "turns at or after (RFC 3339, YYYY-MM-DD, or a duration ago: 24h)")
	f.StringVar(&until, "until", "", "turns before (as --since)")
	f.IntVar(&q.Limit, "limit", 50, "at most this many turns (0: all)")
	f.BoolVar(&asJSON, "json", false, "print each stored turn as a JSON line instead of the tree")
	return cmd
}

// parseWhen reads RFC 3339, a date, or a duration before now.
func parseWhen(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		return time.Now().Add(-d), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Parse(time.DateOnly, s)
}

// renderTurn prints one stored turn: a header, the router's tree as
// explain draws it, then the transitions, steps and contract check.
func renderTurn(w io.Writer, t sessions.Turn) error {
	var tt agent.TurnTrace
	if err := json.Unmarshal(t.Trace, &tt); err != nil {
		return fmt.Errorf("session %s turn %d: %w", t.SessionID, t.Turn, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "session %s  turn %d  %s  event %s  %.1f ms\n", t.SessionID, t.Turn, t.At.UTC().Format(time.RFC3339), tt.Event, tt.DurationMS)
	fmt.Fprintf(&b, "mode        store %s, sessions %s, router %s, renderer %s, model %s\n", tt.Mode.Store, tt.Mode.Sessions, strings.Join(tt.Mode.Router, ","), tt.Mode.Renderer, tt.Mode.Model)
	if tt.Router != nil && tt.Router.Result != nil && tt.Router.Trace != nil {
		in := tt.Router.Input
		if in.Text == "" {
			// A trace written before the router's input was stored.
			in = router.Input{Text: tt.Args.Text}
		}
		b.WriteString(renderTree(in, tt.Router.Result, tt.Router.Trace))
		if tt.Router.Overruled != "" {
			fmt.Fprintf(&b, "overruled   the agent did not follow the guard hit: %s\n", tt.Router.Overruled)
		}
	} else {
		b.WriteString("router      not consulted (not a free-text follow-up)\n")
	}
	var rows []string
	for _, tr := range tt.Transitions {
		rows = append(rows, fmt.Sprintf("%s  %s → %s  (%s/%s)", tr.ActionID, tr.FromState, tr.ToState, tr.Scene, tr.Substate))
	}
	b.WriteString("transitions\n")
	tree(&b, "", rows)
	rows = rows[:0]
	for _, s := range tt.Steps {
		r := fmt.Sprintf("%s  %s  %.1f ms", s.Step, yes(s.OK), s.DurationMS)
		if s.Error != "" {
			r += "  error: " + s.Error
		}
		rows = append(rows, r)
	}
	b.WriteString("steps\n")
	tree(&b, "", rows)
	if c := tt.Contract; c != nil {
		fmt.Fprintf(&b, "contract    %s (%s, source %s): valid %s\n", c.State, c.Substate, c.Source, yes(c.Valid))
		rows = rows[:0]
		for _, v := range c.Violations {
			rows = append(rows, fmt.Sprintf("%v", v))
		}
		tree(&b, "  ", rows)
	}
	if tt.Error != "" {
		fmt.Fprintf(&b, "error       %s\n", tt.Error)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}
