package pgstore_test

import (
	"context"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/pgstore"
)

// TestRankedSetCache: the pages, sorts and counts of one keyword or
// filter search answer as a store without the ranked sets does; a page,
// a sort by followers or by recency, or a count of a kept set is one
// statement (the catalog version; the page's documents with it when
// they were not read before), where the first asking matched and scored
// the rows; a sort the set does not serve queries again. A write of the
// catalog by another store (another instance) raises the version: the
// next search queries again and shows the change.
func TestRankedSetCache(t *testing.T) {
	ctx := context.Background()
	_, e, writer := loadDemo(t, 1600, demo.WithNow(demo.DefaultNow()))
	counter := pgdbtest.NewCounter()
	pool, err := pgdb.Open(ctx, pgdbtest.VectorDSN(t), pgdb.WithAfterConnect(pgstore.RegisterTypes), counter.Option)
	if err != nil {
		t.Fatal(err)
	}
	cached, err := pgstore.New(ctx, pool, e)
	if err != nil {
		pool.Close()
		t.Fatal(err)
	}
	t.Cleanup(cached.Close)
	plain, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, false, pgstore.WithRankedSets(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(plain.Close)

	yt := platform.YouTube
	us := store.Filters{Countries: []string{"US"}}
	keyword := []store.Keyword{{Text: "review", Scope: scope.Tags}}
	soft := []store.Keyword{{Text: "review", Scope: scope.All, Soft: true}}
	since := demo.DefaultNow().AddDate(0, 0, -30)
	// kept: the asking is answered from a set an earlier case kept (one
	// statement), else from the database.
	cases := []struct {
		name string
		q    store.SearchQuery
		kept bool
	}{
		{"keyword, from the postings", store.SearchQuery{Platform: yt, Keywords: keyword, Filters: us, Limit: 10}, false},
		{"the same again", store.SearchQuery{Platform: yt, Keywords: keyword, Filters: us, Limit: 10}, true},
		{"its second page", store.SearchQuery{Platform: yt, Keywords: keyword, Filters: us, Offset: 10, Limit: 10}, true},
		{"sorted by followers", store.SearchQuery{Platform: yt, Keywords: keyword, Filters: us, Sort: store.SortFollowers, Limit: 10}, true},
		{"sorted by recency: the postings hold no last post", store.SearchQuery{Platform: yt, Keywords: keyword, Filters: us, Sort: store.SortRecent, Limit: 10}, false},
		{"filters only", store.SearchQuery{Platform: yt, Filters: store.Filters{Countries: []string{"US"}, ActiveSince: since}, Limit: 10}, false},
		{"filters only, by recency", store.SearchQuery{Platform: yt, Filters: store.Filters{Countries: []string{"US"}, ActiveSince: since}, Sort: store.SortRecent, Offset: 5, Limit: 10}, true},
		{"filters only, by views: not served", store.SearchQuery{Platform: yt, Filters: store.Filters{Countries: []string{"US"}, ActiveSince: since}, Sort: store.SortAvgViews, Limit: 10}, false},
		{"a soft keyword", store.SearchQuery{Platform: yt, Keywords: soft, Filters: us, Limit: 10}, false},
		{"a soft keyword, by followers", store.SearchQuery{Platform: yt, Keywords: soft, Filters: us, Sort: store.SortFollowers, Offset: 10, Limit: 10}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := plain.Search(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if len(want.Items) == 0 {
				t.Fatalf("%+v: no items: the case compares nothing", tc.q)
			}
			before, _ := counter.Counts()
			got, err := cached.Search(ctx, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			after, _ := counter.Counts()
			if d := searchDiff(want, got); d != "" || got.NextOffset != want.NextOffset {
				t.Errorf("the cached store differs: %s (next %d, want %d)", d, got.NextOffset, want.NextOffset)
			}
			if tc.kept && after-before != 1 {
				t.Errorf("sent %d statements, want 1 (the set kept)", after-before)
			} else if !tc.kept && after-before < 1 {
				t.Errorf("sent %d statements: not from the database", after-before)
			}
			n, err := cached.Count(ctx, store.CountQuery{Platform: tc.q.Platform, Keywords: tc.q.Keywords, Filters: tc.q.Filters})
			if err != nil || n != want.Total {
				t.Errorf("Count = %d, %v; want %d", n, err, want.Total)
			}
		})
	}
	st := cached.RankedSetStats()
	if st.HitsSame != 1 || st.HitsOther != int64(4+len(cases)) || st.Misses != 5 || st.Stale != 0 {
		t.Errorf("stats %+v: want 1 hit of the same search, %d of others (pages, sorts, counts), 5 misses, none stale", st, 4+len(cases))
	}

	// Another instance changes the first hit's follower count: the next
	// search and count query again and show it.
	q := cases[0].q
	first, err := cached.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	changed := *first.Items[0].Channel
	changed.Followers++
	if _, err := writer.Upsert(ctx, []*catalog.Channel{&changed}, 0, nil); err != nil {
		t.Fatal(err)
	}
	before, _ := counter.Counts()
	got, err := cached.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := counter.Counts()
	if after-before <= 1 {
		t.Errorf("after the upsert the search sent %d statements: the set came from the cache", after-before)
	}
	want, err := plain.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if d := searchDiff(want, got); d != "" {
		t.Errorf("after the upsert: %s", d)
	}
	found := false
	for _, h := range got.Items {
		if h.Channel.Key() == changed.Key() {
			found = true
			if h.Channel.Followers != changed.Followers {
				t.Errorf("after the upsert %s has %d followers, want %d", changed.Key(), h.Channel.Followers, changed.Followers)
			}
		}
	}
	if !found {
		t.Errorf("after the upsert %s is not on the page", changed.Key())
	}
	if st := cached.RankedSetStats(); st.Stale != 1 {
		t.Errorf("stale sets found: %d, want 1", st.Stale)
	}
}
