package pgdbtest

import (
	"context"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Counter is a pgx query tracer that counts what a pool sends: every
// statement, and the commits — a transaction's COMMIT, or a write
// (INSERT, UPDATE, DELETE, or a WITH whose CTEs write) sent outside a
// transaction, which commits on its own. A read outside a transaction is
// a query, not a commit: it waits for no WAL flush. Install it with
// Option.
type Counter struct {
	mu      sync.Mutex
	inTx    map[*pgx.Conn]bool
	queries int
	commits int
}

var (
	_ pgx.QueryTracer = (*Counter)(nil)
	_ pgx.BatchTracer = (*Counter)(nil)
)

// NewCounter returns a zeroed Counter.
func NewCounter() *Counter { return &Counter{inTx: map[*pgx.Conn]bool{}} }

// Option installs the counter on a pool's connections (pgdb.Open takes it).
func (c *Counter) Option(cfg *pgxpool.Config) { cfg.ConnConfig.Tracer = c }

// TraceQueryStart implements pgx.QueryTracer.
func (c *Counter) TraceQueryStart(ctx context.Context, conn *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	c.count(conn, data.SQL)
	return ctx
}

// TraceBatchStart implements pgx.BatchTracer.
func (c *Counter) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

// TraceBatchQuery implements pgx.BatchTracer: each statement of a batch
// counts as one.
func (c *Counter) TraceBatchQuery(_ context.Context, conn *pgx.Conn, data pgx.TraceBatchQueryData) {
	c.count(conn, data.SQL)
}

// TraceBatchEnd implements pgx.BatchTracer.
func (c *Counter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

func (c *Counter) count(conn *pgx.Conn, sql string) {
	sql = strings.ToLower(strings.TrimSpace(sql))
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queries++
	switch {
	case strings.HasPrefix(sql, "begin"):
		c.inTx[conn] = true
	case sql == "commit":
		c.inTx[conn] = false
		c.commits++
	case sql == "rollback":
		c.inTx[conn] = false
	case !c.inTx[conn] && writes(sql):
		c.commits++
	}
}

// writes reports whether the statement sql (lower case) writes: an
// INSERT, UPDATE or DELETE, or a WITH query with one in a CTE.
func writes(sql string) bool {
	for _, w := range []string{"insert", "update", "delete"} {
		if strings.HasPrefix(sql, w) {
			return true
		}
	}
	if !strings.HasPrefix(sql, "with") {
		return false
	}
	for _, w := range []string{"insert into", "update ", "delete from"} {
		if strings.Contains(sql, w) {
			return true
		}
	}
	return false
}

// TraceQueryEnd implements pgx.QueryTracer.
func (c *Counter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// Counts returns the statements and commits counted so far.
func (c *Counter) Counts() (queries, commits int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.queries, c.commits
}
