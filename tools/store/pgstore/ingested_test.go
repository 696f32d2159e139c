package pgstore

import (
	"context"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb/pgdbtest"
)

// demoCatalog is the generated demo catalog of n channels.
func demoCatalog(t *testing.T, n int) *catalog.Catalog {
	t.Helper()
	cat, err := demo.Catalog(demo.WithTotal(n))
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

// ingested opens a migrated store on the test database (skipping without
// one), empties it and ingests chans (Upsert, then Finish under label); it
// returns the store, its embedder and the database's address.
func ingested(t *testing.T, chans []*catalog.Channel, label string) (*Store, embed.Embedder, string) {
	t.Helper()
	ctx := context.Background()
	e, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	dsn := pgdbtest.VectorDSN(t)
	s, err := Open(ctx, dsn, e, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	if err := s.Truncate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Upsert(ctx, chans, 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, label); err != nil {
		t.Fatal(err)
	}
	return s, e, dsn
}
