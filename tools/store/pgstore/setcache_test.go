package pgstore_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
)

// TestSimilarSetCache: the pages, sorts and counts of one anchor search
// answer as a store without the cache does, and the second asking of
// each costs one statement (the anchor and the catalog version) where
// the first scanned the vectors; a write of the catalog (Upsert, by
// another store: another instance) raises the version, so the next
// search queries again and shows the change.
func TestSimilarSetCache(t *testing.T) {
	ctx := context.Background()
	_, e, writer := loadDemo(t, 1600, demo.WithNow(demo.DefaultNow()))
	open := func(opts ...pgstore.Option) (*pgstore.Store, *pgdbtest.Counter) {
		c := pgdbtest.NewCounter()
		pool, err := pgdb.Open(ctx, pgdbtest.VectorDSN(t), pgdb.WithAfterConnect(pgstore.RegisterTypes), c.Option)
		if err != nil {
			t.Fatal(err)
		}
		s, err := pgstore.New(ctx, pool, e, opts...)
		if err != nil {
			pool.Close()
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		return s, c
	}
	cached, counter := open()
	plain, _ := open(pgstore.WithSetCache(0))

	const anchor = "youtube/@/gadgetgrid"
	yt := platform.YouTube
	// pool20 has a candidate pool smaller than its whole set (minimum
	// score off), so a sort by a column takes its page from the whole set.
	pool20, pool20Counter := open(pgstore.WithCandidatePool(20))
	plain20, _ := open(pgstore.WithSetCache(0), pgstore.WithCandidatePool(20))
	// Each case asks twice; cachedFirst: the first asking already finds
	// the set an earlier case ranked (another page or sort of it).
	queries := []struct {
		name        string
		s, ref      *pgstore.Store
		c           *pgdbtest.Counter
		q           store.SimilarQuery
		cachedFirst bool
	}{
		{"first page", cached, plain, counter, store.SimilarQuery{Platform: yt, AnchorKey: anchor, Limit: 20}, false},
		{"second page", cached, plain, counter, store.SimilarQuery{Platform: yt, AnchorKey: anchor, Offset: 20, Limit: 20}, true},
		{"sorted by followers", cached, plain, counter, store.SimilarQuery{Platform: yt, AnchorKey: anchor, Sort: store.SortFollowers, Limit: 20}, true},
		{"a filter", cached, plain, counter, store.SimilarQuery{Platform: yt, AnchorKey: anchor, Filters: store.Filters{Countries: []string{"US"}}, Limit: 20}, false},
		{"pool beyond: similarity", pool20, plain20, pool20Counter, store.SimilarQuery{Platform: yt, AnchorKey: anchor, MinScore: store.NoMinScore, Limit: 10}, false},
	}
	for _, tc := range queries {
		t.Run(tc.name, func(t *testing.T) {
			want, err := tc.ref.SimilarTo(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if len(want.Items) == 0 {
				t.Fatalf("%+v: no items: the case compares nothing", tc.q)
			}
			for round := range 2 {
				before, _ := tc.c.Counts()
				got, err := tc.s.SimilarTo(ctx, tc.q)
				if err != nil {
					t.Fatal(err)
				}
				after, _ := tc.c.Counts()
				if d := pageDiff(want, got); d != "" {
					t.Errorf("round %d: %s", round, d)
				}
				// A set from the cache sends the anchor's statement (with
				// the catalog version) and, for a page whose documents
				// were not read at that version yet, one for them
				// (fillDocs); the same page again sends only the anchor's.
				switch fromCache := round == 1 || tc.cachedFirst; {
				case round == 1 && after-before != 1:
					t.Errorf("asking %d sent %d statements, want 1 (the anchor and the catalog version; the set and the page's documents from the caches)", round+1, after-before)
				case fromCache && after-before > 2:
					t.Errorf("asking %d sent %d statements, want at most 2 (the anchor and the catalog version, the page's documents; the set from the cache)", round+1, after-before)
				case !fromCache && after-before < 2:
					t.Errorf("asking %d sent %d statements: the set did not come from the database", round+1, after-before)
				}
			}
			n, err := tc.s.Count(ctx, store.CountQuery{Platform: yt, AnchorKey: anchor, Keywords: tc.q.Keywords, Filters: tc.q.Filters, MinScore: tc.q.MinScore})
			switch {
			case err != nil:
				t.Fatal(err)
			case want.TotalAtLeast && n <= want.Total:
				// Count is exact where SimilarTo says "N+": a full pool
				// of a set no keyword bounds, which goes on beyond it.
				t.Errorf("Count = %d; SimilarTo said %d+ (a full pool, the set goes on)", n, want.Total)
			case !want.TotalAtLeast && n != want.Total:
				t.Errorf("Count = %d; want %d", n, want.Total)
			}
			if beyond := tc.s == pool20; want.TotalAtLeast != beyond || beyond && (want.Total != 20 || want.NextOffset != 10) {
				t.Errorf("total %d at least %v, next %d; want at least 20 (a full pool of 20, no keyword) and the next page at 10 only beyond the pool", want.Total, want.TotalAtLeast, want.NextOffset)
			}
		})
	}

	// A sort by a column of a set that goes on beyond the pool is not
	// served from the pool: it answers as the uncached store.
	t.Run("pool beyond: sorted by followers", func(t *testing.T) {
		q := store.SimilarQuery{Platform: yt, AnchorKey: anchor, MinScore: store.NoMinScore, Sort: store.SortFollowers, Limit: 10}
		want, err := plain20.SimilarTo(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		got, err := pool20.SimilarTo(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if d := pageDiff(want, got); d != "" {
			t.Error(d)
		}
	})

	// Another instance changes the first hit's follower count: the next
	// search queries again and shows it.
	q := queries[0].q
	first, err := cached.SimilarTo(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	changed := *first.Items[0].Channel
	changed.Followers++
	if _, err := writer.Upsert(ctx, []*catalog.Channel{&changed}, 0, nil); err != nil {
		t.Fatal(err)
	}
	before, _ := counter.Counts()
	got, err := cached.SimilarTo(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := counter.Counts()
	if after-before <= 1 {
		t.Errorf("after the upsert the search sent %d statements: the set came from the cache", after-before)
	}
	for _, h := range got.Items {
		if h.Channel.Key() == changed.Key() && h.Channel.Followers != changed.Followers {
			t.Errorf("after the upsert %s has %d followers, want %d", changed.Key(), h.Channel.Followers, changed.Followers)
		}
	}
}

// pageDiff describes how got differs from want (total, next offset, and
// each item's key, score and similarity), "" when it does not.
func pageDiff(want, got store.SimilarResult) string {
	if got.Total != want.Total || got.NextOffset != want.NextOffset || len(got.Items) != len(want.Items) {
		return fmt.Sprintf("total %d next %d, %d items; want total %d next %d, %d items", got.Total, got.NextOffset, len(got.Items), want.Total, want.NextOffset, len(want.Items))
	}
	for i := range want.Items {
		w, g := want.Items[i], got.Items[i]
		if g.Channel.Key() != w.Channel.Key() || g.Score != w.Score || g.Similarity != w.Similarity {
			return fmt.Sprintf("item %d: %s score %v similarity %v; want %s score %v similarity %v", i, g.Channel.Key(), g.Score, g.Similarity, w.Channel.Key(), w.Score, w.Similarity)
		}
	}
	return ""
}

// TestSimilarSetSingleFlight: concurrent identical misses rank the set
// once. Each of the searches asked at once (one per connection of the pool) sends its anchor's
// statement; the set's statements are sent once in all (as many as one
// search alone sends beyond its anchor), and every search gets the same
// page as a store without the cache.
func TestSimilarSetSingleFlight(t *testing.T) {
	ctx := context.Background()
	_, e, _ := loadDemo(t, 1600, demo.WithNow(demo.DefaultNow()))
	dsn := pgdbtest.VectorDSN(t)
	// A DSN that runs unnamed statements is PGlite's one shared backend:
	// two connections' statements interleave there (one's unnamed
	// statement replaced by the other's), so the searches at once share
	// one connection — they still miss the set at once and wait for one
	// flight.
	shared := strings.Contains(dsn, "default_query_exec_mode")
	open := func(dsn string, opts ...pgstore.Option) (*pgstore.Store, *pgdbtest.Counter) {
		c := pgdbtest.NewCounter()
		pool, err := pgdb.Open(ctx, dsn, pgdb.WithAfterConnect(pgstore.RegisterTypes), c.Option)
		if err != nil {
			t.Fatal(err)
		}
		s, err := pgstore.New(ctx, pool, e, opts...)
		if err != nil {
			pool.Close()
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		return s, c
	}
	q := store.SimilarQuery{Platform: platform.YouTube, AnchorKey: "youtube/@/gadgetgrid", Filters: store.Filters{Countries: []string{"US"}}, Limit: 20}
	plain, _ := open(dsn, pgstore.WithSetCache(0))
	want, err := plain.SimilarTo(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Items) == 0 {
		t.Fatal("no items: the case compares nothing")
	}
	// One search alone: its statements beyond the anchor's and the
	// page's documents' (fillDocs) are the set's.
	alone, aloneCounter := open(dsn)
	before, _ := aloneCounter.Counts()
	if _, err := alone.SimilarTo(ctx, q); err != nil {
		t.Fatal(err)
	}
	after, _ := aloneCounter.Counts()
	setStatements := after - before - 2
	if setStatements < 1 {
		t.Fatalf("one search sent %d statements: no set query to share", after-before)
	}

	atOnce := dsn
	if shared {
		sep := "?"
		if strings.Contains(dsn, "?") {
			sep = "&"
		}
		atOnce = dsn + sep + "pool_max_conns=1"
	}
	s, counter := open(atOnce)
	// As many searches as the pool has connections (four on one shared
	// connection), the connections opened beforehand: a new connection's
	// setup (RegisterTypes) sends statements of its own.
	n := int(s.Pool().Config().MaxConns)
	if shared {
		n = 4
	}
	var conns []*pgxpool.Conn
	for range min(n, int(s.Pool().Config().MaxConns)) {
		c, err := s.Pool().Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Release()
	}
	before, _ = counter.Counts()
	got := make([]store.SimilarResult, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			got[i], errs[i] = s.SimilarTo(ctx, q)
		})
	}
	close(start)
	wg.Wait()
	after, _ = counter.Counts()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("search %d: %v", i, errs[i])
		}
		if d := pageDiff(want, got[i]); d != "" {
			t.Errorf("search %d: %s", i, d)
		}
	}
	if sent, most := after-before, 2*n+setStatements; sent > most {
		t.Errorf("%d identical searches at once sent %d statements, want at most %d (an anchor and the page's documents each, the set's %d once)", n, sent, most, setStatements)
	}
}
