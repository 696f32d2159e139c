package pgstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/catalog/demo"
	"searchagent/tools/pgdb"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
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

// TestRankedSetWithinBound: a search with a last-post bound ("最近活跃",
// 30 days before the turn's clock, so never the same bound twice) keeps
// the set of the same search without the bound, and a later asking at
// another bound, page, sort or count is answered from the rows within
// its bound in one statement, as a store without the sets and the memory
// store answer it (channels, order, scores, totals): soft keywords,
// excluded and required keywords, the filters the natural-language
// searches carry, every sort the sets serve, later pages. A bound whose
// microsecond holds a row's last post is asked of the database (pgx
// binds a bound truncated to microseconds, a text parameter rounds it).
func TestRankedSetWithinBound(t *testing.T) {
	ctx := context.Background()
	cat, e, writer := loadDemo(t, 1600, demo.WithNow(demo.DefaultNow()))
	mem, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
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

	now := demo.DefaultNow()
	// Each clock is a turn's: the bound is 30 days before it, to the
	// nanosecond (whole seconds would not exercise the truncation).
	clocks := []time.Time{now, now.Add(-47*time.Hour - 13*time.Minute - 5*time.Second - 123456789), now.Add(-9*24*time.Hour + 999), now.Add(-20 * 24 * time.Hour)}
	yt, ig := platform.YouTube, platform.Instagram
	review := store.Keyword{Text: "评测", Scope: scope.All, Soft: true}
	shapes := []struct {
		name     string
		platform platform.Platform
		kws      []store.Keyword
		f        store.Filters
	}{
		{"natural: soft keyword, country, category, followers", yt, []store.Keyword{review}, store.Filters{Countries: []string{"US"}, Categories: []string{"automotive"}, Followers: store.Range{Min: 5000, Max: 20000}}},
		{"follow-up: excluded keyword", yt, []store.Keyword{review, {Text: "游戏", Scope: scope.All, Excluded: true}}, store.Filters{Countries: []string{"US"}, Categories: []string{"automotive"}, Followers: store.Range{Min: 10000}}},
		{"two soft keywords, one with aliases", yt, []store.Keyword{{Text: "review", Scope: scope.All, Soft: true}, {Text: "耳机", Scope: scope.All, Soft: true}}, store.Filters{Countries: []string{"US", "GB"}}},
		{"soft phrase, language", yt, []store.Keyword{{Text: "game review", Scope: scope.All, Soft: true}}, store.Filters{Languages: []string{"en"}}},
		{"required keyword, category", yt, []store.Keyword{{Text: "review", Scope: scope.Tags}}, store.Filters{Categories: []string{"tech", "gaming"}}},
		{"filters only", ig, nil, store.Filters{Countries: []string{"US"}, Categories: []string{"beauty"}}},
		{"filters only, excluded category", yt, nil, store.Filters{ExcludeCategories: []string{"gaming"}, Followers: store.Range{Min: 50_000}}},
	}
	pages := []struct {
		sort          store.Sort
		offset, limit int
	}{{store.SortRelevance, 0, 20}, {store.SortRelevance, 10, 10}, {store.SortFollowers, 0, 20}, {store.SortRecent, 5, 20}}
	compared := 0
	var misses int64
	// kept: every asking but the first of the shape was served from a set.
	kept := map[string]bool{}
	for _, sh := range shapes {
		kept[sh.name] = true
		for i, clock := range clocks {
			for j, p := range pages {
				f := sh.f
				f.ActiveSince = clock.AddDate(0, 0, -30)
				q := store.SearchQuery{Platform: sh.platform, Keywords: sh.kws, Filters: f, Sort: p.sort, Offset: p.offset, Limit: p.limit}
				name := fmt.Sprintf("%s, clock %d, %s offset %d", sh.name, i, p.sort, p.offset)
				want, err := plain.Search(ctx, q)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				before, _ := counter.Counts()
				got, err := cached.Search(ctx, q)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				after, _ := counter.Counts()
				if d := searchDiff(want, got); d != "" || got.NextOffset != want.NextOffset {
					t.Errorf("%s: the cached store differs from SQL: %s (next %d, want %d)", name, d, got.NextOffset, want.NextOffset)
				}
				inMem, err := mem.Search(ctx, q)
				if err != nil {
					t.Fatalf("%s: memory: %v", name, err)
				}
				if d := searchDiff(inMem, got); d != "" {
					t.Errorf("%s: the cached store differs from memory: %s", name, d)
				}
				missed := cached.RankedSetStats().Misses - misses
				misses += missed
				if first := i == 0 && j == 0; first && after-before < 1 {
					t.Errorf("%s: the first asking sent no statement", name)
				} else if !first && (missed != 0 || after-before != 1) {
					// The set without the bound was not formed (it would
					// score too many rows outside the bound: wideOK).
					kept[sh.name] = false
				}
				before, _ = counter.Counts()
				n, err := cached.Count(ctx, store.CountQuery{Platform: q.Platform, Keywords: q.Keywords, Filters: q.Filters})
				after, _ = counter.Counts()
				if err != nil || n != want.Total || after-before != 1 {
					t.Errorf("%s: Count = %d, %v in %d statements; want %d in 1", name, n, err, after-before, want.Total)
				}
				if len(want.Items) > 0 {
					compared++
				}
			}
		}
	}
	if compared < len(shapes)*len(clocks)*len(pages)*3/4 {
		t.Fatalf("only %d askings had items: the comparison says little", compared)
	}
	st := cached.RankedSetStats()
	t.Logf("%d askings with items; %+v; served from the set: %v", compared, st, kept)
	// The load mix's two natural-language searches, and most others.
	n := 0
	for _, sh := range shapes {
		if kept[sh.name] {
			n++
		}
	}
	if !kept[shapes[0].name] || !kept[shapes[1].name] || n < len(shapes)/2 {
		t.Errorf("served from the set: %v; want the first two and at least half", kept)
	}
	if st.HitsWithin < int64(n*(len(clocks)-1)*len(pages)) {
		t.Errorf("stats %+v: %d hits within a bound, want at least %d", st, st.HitsWithin, n*(len(clocks)-1)*len(pages))
	}

	// A bound in the microsecond of a row's last post: asked of the
	// database, as the SQL answers it.
	q := store.SearchQuery{Platform: yt, Keywords: shapes[0].kws, Filters: shapes[0].f, Limit: 50}
	q.Filters.ActiveSince = clocks[0].AddDate(0, 0, -30)
	first, err := cached.Search(ctx, q)
	if err != nil || len(first.Items) == 0 {
		t.Fatalf("%v, %d items", err, len(first.Items))
	}
	edge := first.Items[len(first.Items)/2].Channel.LastPostAt.Truncate(time.Microsecond)
	q.Filters.ActiveSince = edge.Add(500)
	want, err := plain.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := counter.Counts()
	got, err := cached.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := counter.Counts(); after-before < 2 {
		t.Errorf("a bound in a last post's microsecond sent %d statements: not asked of the database", after-before)
	}
	if d := searchDiff(want, got); d != "" {
		t.Errorf("a bound in a last post's microsecond: %s", d)
	}

	// Another instance moves a channel's last post out of every bound:
	// the kept set is stale, the next search shows the change.
	q.Filters.ActiveSince = clocks[0].AddDate(0, 0, -30)
	changed := *first.Items[0].Channel
	changed.LastPostAt = now.AddDate(-1, 0, 0)
	if _, err := writer.Upsert(ctx, []*catalog.Channel{&changed}, 0, nil); err != nil {
		t.Fatal(err)
	}
	q.Filters.ActiveSince = clocks[1].AddDate(0, 0, -30)
	if got, err = cached.Search(ctx, q); err != nil {
		t.Fatal(err)
	}
	if want, err = plain.Search(ctx, q); err != nil {
		t.Fatal(err)
	}
	if d := searchDiff(want, got); d != "" || got.Total != first.Total-1 {
		t.Errorf("after the upsert: %s, total %d (was %d)", d, got.Total, first.Total)
	}
}

// TestRankedSetWithinBoundTooWide: when the search without its last-post
// bound has more rows than a set keeps, the rows within the bound are
// kept as the search's own set (served to the same bound only), and the
// answers are a store's without the sets.
func TestRankedSetWithinBoundTooWide(t *testing.T) {
	ctx := context.Background()
	_, e, _ := loadDemo(t, 1600, demo.WithNow(demo.DefaultNow()))
	pgstore.SetMaxRankedRows(t, 100)
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
	now := demo.DefaultNow()
	soft := []store.Keyword{{Text: "review", Scope: scope.All, Soft: true}}
	us := store.Filters{Countries: []string{"US"}}
	// kept: one statement, from a set an earlier asking kept.
	cases := []struct {
		name  string
		since time.Time
		kept  bool
	}{
		{"a year", now.AddDate(-1, 0, 0), false},
		{"a week", now.AddDate(0, 0, -7), false},
		{"the same week", now.AddDate(0, 0, -7), true},
		{"the same week, a microsecond on", now.AddDate(0, 0, -7).Add(time.Microsecond), false},
		{"the same year", now.AddDate(-1, 0, 0), false},
	}
	for _, tc := range cases {
		f := us
		f.ActiveSince = tc.since
		q := store.SearchQuery{Platform: platform.YouTube, Keywords: soft, Filters: f, Limit: 10}
		want, err := plain.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := counter.Counts()
		got, err := cached.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := counter.Counts()
		if d := searchDiff(want, got); d != "" {
			t.Errorf("%s: %s", tc.name, d)
		}
		if n := after - before; tc.kept != (n == 1) {
			t.Errorf("%s: %d statements, kept %v", tc.name, n, tc.kept)
		}
		t.Logf("%s: total %d", tc.name, want.Total)
	}
	if st := cached.RankedSetStats(); st.HitsWithin != 0 {
		t.Errorf("%+v: a set of the search without the bound was kept", st)
	}
}
