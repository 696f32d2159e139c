package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/cobra"

	"searchagent/agent/sessions"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb"
	"searchagent/tools/store/pgstore"
)

// dbFlags are the PostgreSQL settings of serve, migrate and ingest.
type dbFlags struct {
	migrate    bool
	efSearch   int
	iterative  string
	rankedSets int
}

func (f *dbFlags) registerQuery(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.efSearch, "ef-search", pgstore.DefaultEfSearch, "with DATABASE_URL: hnsw.ef_search per similar-channel query")
	cmd.Flags().StringVar(&f.iterative, "iterative-scan", pgstore.IterativeRelaxed, "with DATABASE_URL: hnsw.iterative_scan (off, relaxed_order, strict_order)")
	cmd.Flags().IntVar(&f.rankedSets, "ranked-sets", pgstore.DefaultRankedSets, "with DATABASE_URL: how many ranked keyword and filter sets to keep for the pages, sorts and counts of the same search (0: none)")
}

// databaseURL is DATABASE_URL, or "".
func databaseURL() string { return strings.TrimSpace(os.Getenv("DATABASE_URL")) }

// sessionsDatabaseURL is SEARCHAGENT_SESSIONS_DATABASE_URL when sessions
// live in another database than the channels, else DATABASE_URL.
func sessionsDatabaseURL() string {
	if v := strings.TrimSpace(os.Getenv("SEARCHAGENT_SESSIONS_DATABASE_URL")); v != "" {
		return v
	}
	return databaseURL()
}

// production is the PostgreSQL side of serve: the channel store and the
// session store, over one database or two; or the session store alone
// (store nil: sessions in PostgreSQL, channels in memory).
type production struct {
	store    *pgstore.Store
	sessions *sessions.Postgres
	pool     *pgxpool.Pool
	// log says, on close, how the store's ranked sets were used.
	log *slog.Logger
}

func (p *production) close() {
	if p.sessions != nil {
		p.sessions.Close()
	}
	if p.store != nil {
		if p.log != nil {
			st := p.store.RankedSetStats()
			p.log.Info("pgstore ranked sets", "hits_same_search", st.HitsSame, "hits_other_page_sort_or_count", st.HitsOther, "hits_within_a_last_post_bound", st.HitsWithin, "misses", st.Misses, "stale", st.Stale)
		}
		p.store.Close()
	}
	if p.pool != nil {
		p.pool.Close()
	}
}

// probe pings both pools, for /readyz.
func (p *production) probe(ctx context.Context) error {
	if err := p.pool.Ping(ctx); err != nil {
		return fmt.Errorf("sessions database: %w", err)
	}
	if p.store == nil {
		return nil
	}
	if err := p.store.Pool().Ping(ctx); err != nil {
		return fmt.Errorf("channels database: %w", err)
	}
	return nil
}

// repairOlderThan is how old the last event of a half-written turn (left
// by a version that wrote each event in its own transaction) must be for
// the start-up repair to take it: younger ones may still be running on an
// older instance during a rolling upgrade.
const repairOlderThan = 2 * time.Minute

// sessionsPoolConns is the sessions pool's size unless the DSN sets
// pool_max_conns: as many turns run at once per instance.
const sessionsPoolConns = 16

// listenSelfTest bounds the wait for the listening connection's first
// notification at start-up.
const listenSelfTest = 3 * time.Second

// openSessions opens the session store on SEARCHAGENT_SESSIONS_DATABASE_URL
// (else DATABASE_URL): it checks (or, with migrate, applies) the schema,
// repairs logs that older versions left half-written, and starts the
// instance's listening connection; when the database delivers no
// notification, streams of other instances' turns poll, which the log
// and /readyz say.
func openSessions(ctx context.Context, f dbFlags, log *slog.Logger, sopts ...sessions.PostgresOption) (*production, error) {
	name := "SEARCHAGENT_SESSIONS_DATABASE_URL"
	if os.Getenv("SEARCHAGENT_SESSIONS_DATABASE_URL") == "" {
		name = "DATABASE_URL"
	}
	var opts []pgdb.Option
	if !strings.Contains(sessionsDatabaseURL(), "pool_max_conns") {
		// A running turn holds one connection (its writer lock).
		opts = append(opts, pgdb.WithMaxConns(sessionsPoolConns))
	}
	pool, err := pgdb.Open(ctx, sessionsDatabaseURL(), opts...)
	if err != nil {
		return nil, failErr("%s (sessions database): %v", name, err)
	}
	p := &production{pool: pool}
	if err := pgdb.Ensure(ctx, pool, sessions.Schema, f.migrate, log); err != nil {
		p.close()
		return nil, schemaErr(err)
	}
	p.sessions = sessions.NewPostgres(pool, append([]sessions.PostgresOption{sessions.WithPostgresLogger(log)}, sopts...)...)
	rep, err := p.sessions.Repair(ctx, repairOlderThan)
	if err != nil {
		p.close()
		return nil, failErr("sessions database: repairing half-written turns: %v", err)
	}
	if rep.Uncommitted+rep.Undone > 0 {
		log.Warn("sessions: repaired event logs written by an older version", "uncommitted_turns", rep.Uncommitted, "turns_without_turn_done", rep.Undone)
	}
	if err := p.sessions.Listen(ctx, listenSelfTest); err != nil {
		log.Warn("sessions: no LISTEN/NOTIFY: streams poll the log for other instances' turns", "poll", sessions.DefaultPollInterval, "err", err)
	} else {
		log.Info("sessions: listening for other instances' turns (LISTEN/NOTIFY)", "channel", sessions.NotifyChannel)
	}
	return p, nil
}

// openProduction opens the stores on dsn. It refuses a schema this
// build does not know, a schema not migrated yet (unless migrate), and an
// empty channel table.
func openProduction(ctx context.Context, dsn string, f dbFlags, emb embed.Embedder, log *slog.Logger, sopts ...sessions.PostgresOption) (*production, error) {
	if emb == nil {
		var err error
		if emb, err = embed.NewHashing(); err != nil {
			return nil, failErr("embedder: %v", err)
		}
	}
	p, err := openSessions(ctx, f, log, sopts...)
	if err != nil {
		return nil, err
	}
	st, err := pgstore.Open(ctx, dsn, emb, f.migrate, pgstore.WithEfSearch(f.efSearch), pgstore.WithIterativeScan(f.iterative), pgstore.WithRankedSets(f.rankedSets))
	if err != nil {
		p.close()
		return nil, schemaErr(err)
	}
	p.store, p.log = st, log
	if st.Describe().Channels == 0 {
		p.close()
		return nil, failErr("DATABASE_URL: the channels table is empty: run `searchagent ingest` (the demo catalog, or --catalog FILE…) before serve")
	}
	return p, nil
}

func schemaErr(err error) error {
	switch {
	case errors.Is(err, pgdb.ErrSchemaBehind):
		return failErr("%v", err)
	case errors.Is(err, pgdb.ErrSchemaUnknown):
		return failErr("%v (refusing to run on a schema this build does not know: deploy the newer build)", err)
	}
	return failErr("DATABASE_URL: %v", err)
}

func newMigrateCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "migrate up|status",
		Short: "Apply or show the PostgreSQL schema migrations: channels in DATABASE_URL, sessions in SEARCHAGENT_SESSIONS_DATABASE_URL (else DATABASE_URL)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if databaseURL() == "" && sessionsDatabaseURL() == "" {
				return usageErr("migrate needs DATABASE_URL or SEARCHAGENT_SESSIONS_DATABASE_URL")
			}
			if args[0] != "up" && args[0] != "status" {
				return usageErr("migrate %q: want up or status", args[0])
			}
			return runMigrate(cmd.Context(), args[0], cmd.OutOrStdout())
		},
	}
	return cmd
}

// migrationTargets pairs each schema with the database it lives in: the
// sessions schema in SEARCHAGENT_SESSIONS_DATABASE_URL (else
// DATABASE_URL), the channels schema in DATABASE_URL; a schema whose
// database is not configured is left out.
func migrationTargets() []struct {
	name, dsn string
	schema    pgdb.Schema
} {
	type target = struct {
		name, dsn string
		schema    pgdb.Schema
	}
	var out []target
	if dsn := sessionsDatabaseURL(); dsn != "" {
		out = append(out, target{"SEARCHAGENT_SESSIONS_DATABASE_URL", dsn, sessions.Schema})
		if dsn == databaseURL() {
			out[0].name = "DATABASE_URL"
		}
	}
	if dsn := databaseURL(); dsn != "" {
		out = append(out, target{"DATABASE_URL", dsn, pgstore.Schema})
	}
	return out
}

func runMigrate(ctx context.Context, verb string, out io.Writer) error {
	type result struct {
		pgdb.Status
		Database string   `json:"database"`
		Applied  []string `json:"applied,omitempty"`
	}
	var res []result
	for _, tg := range migrationTargets() {
		pool, err := pgdb.Open(ctx, tg.dsn, pgdb.WithMaxConns(2))
		if err != nil {
			return failErr("%s: %v", tg.name, err)
		}
		r := result{Database: tg.name}
		if verb == "up" {
			if r.Applied, err = pgdb.Up(ctx, pool, tg.schema, nil); err != nil {
				pool.Close()
				return failErr("%v", err)
			}
		}
		r.Status, err = pgdb.GetStatus(ctx, pool, tg.schema)
		pool.Close()
		if err != nil {
			return failErr("%v", err)
		}
		res = append(res, r)
	}
	return writeJSON(out, res)
}
