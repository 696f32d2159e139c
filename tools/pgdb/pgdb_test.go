package pgdb_test

import (
	"context"
	"errors"
	"io/fs"
	"testing"
	"testing/fstest"

	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
)

// TestMigrations: a fresh database is behind, Up brings it level, and a
// build that knows fewer migrations than the database refuses it.
func TestMigrations(t *testing.T) {
	dsn := pgdbtest.DSN(t)
	ctx := context.Background()
	pool, err := pgdb.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	for _, q := range []string{`DROP TABLE IF EXISTS pgdb_test_a, pgdb_test_b, goose_pgdb_test_version`} {
		if _, err := pool.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	two := fstest.MapFS{
		"00001_a.sql": {Data: []byte("-- +goose Up\nCREATE TABLE pgdb_test_a (id int);\n-- +goose Down\nDROP TABLE pgdb_test_a;\n")},
		"00002_b.sql": {Data: []byte("-- +goose Up\nCREATE TABLE pgdb_test_b (id int);\n-- +goose Down\nDROP TABLE pgdb_test_b;\n")},
	}
	one := fstest.MapFS{"00001_a.sql": two["00001_a.sql"]}
	s2 := pgdb.Schema{Name: "test", Table: "goose_pgdb_test_version", FS: two}
	s1 := pgdb.Schema{Name: "test", Table: "goose_pgdb_test_version", FS: one}

	if err := pgdb.Check(ctx, pool, s2); !errors.Is(err, pgdb.ErrSchemaBehind) {
		t.Fatalf("Check(fresh) = %v, want ErrSchemaBehind", err)
	}
	applied, err := pgdb.Up(ctx, pool, s2, nil)
	if err != nil || len(applied) != 2 {
		t.Fatalf("Up = %v, %v; want 2 applied", applied, err)
	}
	if applied, err := pgdb.Up(ctx, pool, s2, nil); err != nil || len(applied) != 0 {
		t.Errorf("second Up = %v, %v; want nothing to apply", applied, err)
	}
	if err := pgdb.Check(ctx, pool, s2); err != nil {
		t.Errorf("Check(migrated) = %v", err)
	}
	st, err := pgdb.GetStatus(ctx, pool, s2)
	if err != nil || st.Current != 2 || st.Target != 2 || len(st.Pending) != 0 {
		t.Errorf("GetStatus = %+v, %v", st, err)
	}
	if err := pgdb.Check(ctx, pool, s1); !errors.Is(err, pgdb.ErrSchemaUnknown) {
		t.Errorf("Check(older build) = %v, want ErrSchemaUnknown", err)
	}
	if _, err := pgdb.Open(ctx, "postgres://nobody@127.0.0.1:1/x?connect_timeout=2"); !errors.Is(err, pgdb.ErrUnavailable) {
		t.Errorf("Open(nothing listening) = %v, want ErrUnavailable", err)
	}
	pool.Exec(ctx, `DROP TABLE IF EXISTS pgdb_test_a, pgdb_test_b, goose_pgdb_test_version`)
}

// TestNewSchema: the schema's files are the ones below dir; a bad dir is
// a build-time bug and panics.
func TestNewSchema(t *testing.T) {
	files := fstest.MapFS{"migrations/00001_a.sql": {Data: []byte("-- +goose Up\n")}}
	s := pgdb.NewSchema("test", "goose_test_version", files, "migrations")
	if s.Name != "test" || s.Table != "goose_test_version" {
		t.Errorf("NewSchema = %+v, want name test, table goose_test_version", s)
	}
	if _, err := fs.Stat(s.FS, "00001_a.sql"); err != nil {
		t.Errorf("NewSchema FS: %v, want 00001_a.sql at its root", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("NewSchema with an invalid dir did not panic")
		}
	}()
	pgdb.NewSchema("test", "goose_test_version", files, "../x")
}
