package memstore_test

import (
	"context"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
	"searchagent/tools/store/storetest"
)

// TestContract runs the shared store contract suite on the memory store.
func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T, _ string, cat *catalog.Catalog, e embed.Embedder) store.Store {
		s, err := memstore.New(context.Background(), cat, e)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}
