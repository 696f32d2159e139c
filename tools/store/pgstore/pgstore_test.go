package pgstore_test

import (
	"context"
	"os"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
	"searchagent/tools/store/storetest"
)

// vectorDSN returns the test database with pgvector, or skips.
func vectorDSN(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv("TEST_VECTOR_DATABASE_URL")
	if dsn == "" {
		dsn = os.Getenv("TEST_DATABASE_URL")
	}
	if dsn == "" {
		t.Skip("TEST_VECTOR_DATABASE_URL (or TEST_DATABASE_URL) is unset: skipping the PostgreSQL + pgvector store tests (scripts/devdb/start.sh starts one; .ci/run always does)")
	}
	return dsn
}

// load opens the store, empties it and ingests cat.
func load(t *testing.T, cat *catalog.Catalog, e embed.Embedder, opts ...pgstore.Option) *pgstore.Store {
	t.Helper()
	ctx := context.Background()
	s, err := pgstore.Open(ctx, vectorDSN(t), e, true, opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(s.Close)
	if err := s.Truncate(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := s.Upsert(ctx, cat.All(), 0, nil)
	if err != nil {
		t.Fatalf("Upsert: %v", err)
	}
	if st.Inserted != cat.Len() || st.Updated != 0 {
		t.Fatalf("Upsert = %+v, want %d inserted", st, cat.Len())
	}
	if err := s.Finish(ctx, cat.Label()); err != nil {
		t.Fatalf("Finish: %v", err)
	}
	return s
}

// TestContract runs the shared store contract suite on PostgreSQL.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, _ string, cat *catalog.Catalog, e embed.Embedder) store.Store {
		return load(t, cat, e)
	})
}
