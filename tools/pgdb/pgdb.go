// Package pgdb opens PostgreSQL connection pools (pgx) and runs the
// embedded SQL migrations of the packages that keep data there (goose).
//
// Each package that owns tables ships its migrations as an embedded
// fs.FS and names its own goose version table, so the channel store and
// the session store migrate independently: the session store needs no
// pgvector, and a deployment may keep the two in different databases.
// A service checks with Check that the schema is the one it was built
// for and refuses to start otherwise; Up migrates (searchagent migrate
// up, or serve --migrate).
package pgdb

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
)

// Errors callers branch on.
var (
	// ErrSchemaBehind: the database has not been migrated to the version
	// this build needs; run `searchagent migrate up` (or serve --migrate).
	ErrSchemaBehind = errors.New("database schema is behind this build")
	// ErrSchemaUnknown: the database carries migrations this build does
	// not know (a newer build migrated it); refuse to run on it.
	ErrSchemaUnknown = errors.New("database schema is newer than this build")
	// ErrUnavailable wraps connection failures: the database is down or
	// unreachable.
	ErrUnavailable = errors.New("database unavailable")
)

// Schema is one package's set of migrations.
type Schema struct {
	// Name names the schema in messages ("channels", "sessions").
	Name string
	// Table is goose's version table for this schema.
	Table string
	// FS holds the NNNNN_name.sql migration files at its root.
	FS fs.FS
}

// NewSchema is the Schema of the migration files in dir of files (an
// embedded tree). It panics when dir is not a directory of files: the
// embed pattern and dir are fixed at build time, so that is a bug.
func NewSchema(name, table string, files fs.FS, dir string) Schema {
	sub, err := fs.Sub(files, dir)
	if err != nil {
		panic(fmt.Sprintf("pgdb: %s migrations: %v", name, err))
	}
	return Schema{Name: name, Table: table, FS: sub}
}

// Option configures Open.
type Option func(*pgxpool.Config)

// WithAfterConnect runs fn on every new connection (to register types).
func WithAfterConnect(fn func(context.Context, *pgx.Conn) error) Option {
	return func(c *pgxpool.Config) { c.AfterConnect = fn }
}

// WithMaxConns bounds the pool.
func WithMaxConns(n int32) Option { return func(c *pgxpool.Config) { c.MaxConns = n } }

// Open parses dsn and opens a pool, pinging the database once.
func Open(ctx context.Context, dsn string, opts ...Option) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("pgdb: parse DSN: %w", err)
	}
	for _, o := range opts {
		o(cfg)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgdb: %w: %w", ErrUnavailable, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgdb: %w: %s: %w", ErrUnavailable, Redact(dsn), err)
	}
	return pool, nil
}

// Redact returns dsn with its password replaced, for logs and errors.
func Redact(dsn string) string {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return "(unparseable DSN)"
	}
	return fmt.Sprintf("postgres://%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}

func provider(pool *pgxpool.Pool, s Schema, log *slog.Logger) (*goose.Provider, func(), error) {
	db := stdlib.OpenDBFromPool(pool)
	opts := []goose.ProviderOption{goose.WithTableName(s.Table)}
	if log != nil {
		opts = append(opts, goose.WithSlog(log))
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, s.FS, opts...)
	if err != nil {
		db.Close()
		return nil, nil, fmt.Errorf("pgdb: %s migrations: %w", s.Name, err)
	}
	return p, func() { db.Close() }, nil
}

// Status is where one schema stands.
type Status struct {
	Schema  string `json:"schema"`
	Current int64  `json:"current_version"`
	Target  int64  `json:"target_version"`
	// Pending lists the migrations not applied yet.
	Pending []string `json:"pending,omitempty"`
}

// GetStatus reports the schema's applied and target versions.
func GetStatus(ctx context.Context, pool *pgxpool.Pool, s Schema) (Status, error) {
	p, done, err := provider(pool, s, nil)
	if err != nil {
		return Status{}, err
	}
	defer done()
	st := Status{Schema: s.Name}
	list, err := p.Status(ctx)
	if err != nil {
		return st, fmt.Errorf("pgdb: %s status: %w", s.Name, classify(err))
	}
	for _, m := range list {
		if m.Source.Version > st.Target {
			st.Target = m.Source.Version
		}
		if m.State == goose.StateApplied {
			st.Current = max(st.Current, m.Source.Version)
		} else {
			st.Pending = append(st.Pending, m.Source.Path)
		}
	}
	if cur, err := p.GetDBVersion(ctx); err == nil && cur > st.Current {
		st.Current = cur
	}
	return st, nil
}

// Up applies the schema's pending migrations and returns their names.
func Up(ctx context.Context, pool *pgxpool.Pool, s Schema, log *slog.Logger) ([]string, error) {
	p, done, err := provider(pool, s, log)
	if err != nil {
		return nil, err
	}
	defer done()
	res, err := p.Up(ctx)
	var names []string
	for _, r := range res {
		names = append(names, r.Source.Path)
	}
	if err != nil {
		return names, fmt.Errorf("pgdb: %s migrate up: %w", s.Name, classify(err))
	}
	return names, nil
}

// Check returns nil when the database is at exactly the schema's latest
// version, an error wrapping ErrSchemaBehind when migrations are
// pending, and one wrapping ErrSchemaUnknown when the database is ahead.
func Check(ctx context.Context, pool *pgxpool.Pool, s Schema) error {
	st, err := GetStatus(ctx, pool, s)
	if err != nil {
		return err
	}
	switch {
	case st.Current > st.Target:
		return fmt.Errorf("pgdb: %s schema at version %d, this build knows up to %d: %w", s.Name, st.Current, st.Target, ErrSchemaUnknown)
	case len(st.Pending) > 0:
		return fmt.Errorf("pgdb: %s schema at version %d, this build needs %d (pending: %s); run `searchagent migrate up` or serve --migrate: %w",
			s.Name, st.Current, st.Target, strings.Join(st.Pending, ", "), ErrSchemaBehind)
	}
	return nil
}

// Ensure checks the schema and, when migrate is set, first applies
// pending migrations. It is what serve calls at start.
func Ensure(ctx context.Context, pool *pgxpool.Pool, s Schema, migrate bool, log *slog.Logger) error {
	if migrate {
		applied, err := Up(ctx, pool, s, nil)
		if err != nil {
			return err
		}
		if len(applied) > 0 && log != nil {
			log.Info("migrated", "schema", s.Name, "applied", strings.Join(applied, ","))
		}
	}
	return Check(ctx, pool, s)
}

// classify marks connection failures with ErrUnavailable.
func classify(err error) error {
	if err == nil {
		return nil
	}
	var pgErr interface{ SQLState() string }
	if errors.As(err, &pgErr) {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if IsUnavailable(err) {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	return err
}

// IsUnavailable reports whether err looks like a lost or refused
// connection rather than a query error.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, ErrUnavailable) {
		return true
	}
	var pgErr interface{ SQLState() string }
	if errors.As(err, &pgErr) {
		// Class 08: connection exception; 57P: operator intervention
		// (admin shutdown, crash shutdown, cannot connect now).
		st := pgErr.SQLState()
		return strings.HasPrefix(st, "08") || strings.HasPrefix(st, "57P")
	}
	msg := err.Error()
	for _, s := range []string{"connection refused", "connect:", "broken pipe", "connection reset", "unexpected EOF", "closed pool", "conn closed", "failed to connect"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
