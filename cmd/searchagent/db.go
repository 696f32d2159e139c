package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/spf13/cobra"

	"searchagent/agent/sessions"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb"
	"searchagent/tools/store/pgstore"
)

// dbFlags are the PostgreSQL settings of serve, migrate and ingest.
type dbFlags struct {
	migrate   bool
	efSearch  int
	iterative string
}

func (f *dbFlags) registerQuery(cmd *cobra.Command) {
	cmd.Flags().IntVar(&f.efSearch, "ef-search", pgstore.DefaultEfSearch, "with DATABASE_URL: hnsw.ef_search per similar-channel query")
	cmd.Flags().StringVar(&f.iterative, "iterative-scan", pgstore.IterativeRelaxed, "with DATABASE_URL: hnsw.iterative_scan (off, relaxed_order, strict_order)")
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
// session store over one database.
type production struct {
	store    *pgstore.Store
	sessions *sessions.Postgres
	pool     *pgxpool.Pool
}

func (p *production) close() {
	if p.store != nil {
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
	if err := p.store.Pool().Ping(ctx); err != nil {
		return fmt.Errorf("channels database: %w", err)
	}
	return nil
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
	pool, err := pgdb.Open(ctx, sessionsDatabaseURL())
	if err != nil {
		return nil, failErr("sessions database: %v", err)
	}
	p := &production{pool: pool}
	if err := pgdb.Ensure(ctx, pool, sessions.Schema, f.migrate, log); err != nil {
		p.close()
		return nil, schemaErr(err)
	}
	st, err := pgstore.Open(ctx, dsn, emb, f.migrate, pgstore.WithEfSearch(f.efSearch), pgstore.WithIterativeScan(f.iterative))
	if err != nil {
		p.close()
		return nil, schemaErr(err)
	}
	p.store = st
	if st.Describe().Channels == 0 {
		p.close()
		return nil, failErr("DATABASE_URL: the channels table is empty: run `searchagent ingest` (the demo catalog, or --catalog FILE…) before serve")
	}
	p.sessions = sessions.NewPostgres(pool, sopts...)
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
		Short: "Apply or show the PostgreSQL schema migrations (channels, sessions) of DATABASE_URL",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dsn := databaseURL()
			if dsn == "" {
				return usageErr("migrate needs DATABASE_URL")
			}
			if args[0] != "up" && args[0] != "status" {
				return usageErr("migrate %q: want up or status", args[0])
			}
			return runMigrate(cmd.Context(), dsn, args[0], cmd.OutOrStdout())
		},
	}
	return cmd
}

func runMigrate(ctx context.Context, dsn, verb string, out io.Writer) error {
	pool, err := pgdb.Open(ctx, dsn, pgdb.WithMaxConns(2))
	if err != nil {
		return failErr("DATABASE_URL: %v", err)
	}
	defer pool.Close()
	type result struct {
		pgdb.Status
		Applied []string `json:"applied,omitempty"`
	}
	var res []result
	for _, s := range []pgdb.Schema{sessions.Schema, pgstore.Schema} {
		var r result
		if verb == "up" {
			if r.Applied, err = pgdb.Up(ctx, pool, s, nil); err != nil {
				return failErr("%v", err)
			}
		}
		if r.Status, err = pgdb.GetStatus(ctx, pool, s); err != nil {
			return failErr("%v", err)
		}
		res = append(res, r)
	}
	return writeJSON(out, res)
}
