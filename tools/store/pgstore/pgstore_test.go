package pgstore_test

import (
	"context"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
	"searchagent/tools/store/storetest"
)

// load opens the store, empties it and ingests cat.
func load(t *testing.T, cat *catalog.Catalog, e embed.Embedder, opts ...pgstore.Option) *pgstore.Store {
	t.Helper()
	ctx := context.Background()
	s, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, true, opts...)
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

// loadDemo loads a demo catalog of total channels (options added) with
// the hashing embedder into the store.
func loadDemo(t *testing.T, total int, opts ...demo.Option) (*catalog.Catalog, embed.Embedder, *pgstore.Store) {
	t.Helper()
	cat, err := demo.Catalog(append([]demo.Option{demo.WithTotal(total)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	e, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	return cat, e, load(t, cat, e)
}

// TestContract runs the shared store contract suite on PostgreSQL.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, _ string, cat *catalog.Catalog, e embed.Embedder) store.Store {
		return load(t, cat, e)
	})
}
