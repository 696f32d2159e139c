package pgstore

import (
	"context"
	"testing"
)

// TestEmbeddingInline: a channel's embedding and document stay in its
// row (migration 00012), so a similar search reads them with the heap
// tuple it visits instead of from the TOAST table; with the default
// storage every 512-dimension embedding went out of line.
func TestEmbeddingInline(t *testing.T) {
	ctx := context.Background()
	cat := demoCatalog(t, 300)
	s, _, _ := ingested(t, cat.All(), cat.Label())
	var storage string
	if err := s.pool.QueryRow(ctx, `SELECT attstorage::text FROM pg_attribute WHERE attrelid = 'channels'::regclass AND attname = 'embedding'`).Scan(&storage); err != nil {
		t.Fatal(err)
	}
	if storage != "m" {
		t.Errorf("channels.embedding storage %q, want m (MAIN)", storage)
	}
	// Every row written: none of its values went to the TOAST table.
	var n int
	var toast int64
	if err := s.pool.QueryRow(ctx, `SELECT (SELECT count(*) FROM channels), pg_relation_size((SELECT reltoastrelid FROM pg_class WHERE oid = 'channels'::regclass))`).Scan(&n, &toast); err != nil {
		t.Fatal(err)
	}
	if n != cat.Len() {
		t.Fatalf("%d channels stored, want %d", n, cat.Len())
	}
	if toast != 0 {
		t.Errorf("the TOAST table of channels holds %d bytes after writing %d channels, want 0 (embeddings in line)", toast, n)
	}
}
