package pgstore_test

import (
	"context"
	"fmt"
	"math"
	"testing"

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

// TestAliasFactorsFollowWrites: a keyword with aliases ranks as the memory
// store does; asked again at the same catalog version, the search takes
// its alias factors from the cache (one statement fewer); after another
// instance writes the catalog (a follower count, then a channel that
// changes the factor: an alias-only channel that scores above every
// other), the next search computes the factors again and ranks as the
// memory store over the changed catalog.
func TestAliasFactorsFollowWrites(t *testing.T) {
	ctx := context.Background()
	cat, e, writer := loadDemo(t, 800, demo.WithNow(demo.DefaultNow()))
	counter := pgdbtest.NewCounter()
	pool, err := pgdb.Open(ctx, pgdbtest.VectorDSN(t), pgdb.WithAfterConnect(pgstore.RegisterTypes), counter.Option)
	if err != nil {
		t.Fatal(err)
	}
	// No ranked sets: the search asked again is scored again, with or
	// without the factors (the kept set is TestRankedSetCache's).
	reader, err := pgstore.New(ctx, pool, e, pgstore.WithRankedSets(0))
	if err != nil {
		pool.Close()
		t.Fatal(err)
	}
	t.Cleanup(reader.Close)

	q := store.SearchQuery{Platform: platform.YouTube, Keywords: []store.Keyword{{Text: "耳机", Scope: scope.Tags}}, Limit: 100}
	search := func(c *catalog.Catalog) (got store.Page, statements int) {
		t.Helper()
		mem, err := memstore.New(ctx, c, e)
		if err != nil {
			t.Fatal(err)
		}
		want, err := mem.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := counter.Counts()
		got, err = reader.Search(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		after, _ := counter.Counts()
		if d := searchDiff(want, got); d != "" {
			t.Fatalf("PostgreSQL and memory differ: %s", d)
		}
		if got.Total == 0 {
			t.Fatal("the keyword matches no channel: nothing to rank")
		}
		return got, after - before
	}
	first, n1 := search(cat)
	_, n2 := search(cat)
	if n2 != n1-1 {
		t.Errorf("asked again at the same version the search sent %d statements, the first %d: want one fewer (the factors from the cache)", n2, n1)
	}

	// Any write of the catalog raises its version: the factors are
	// computed again even when the write changed none of the statistics
	// the search binds (here a follower count).
	followers := *first.Items[0].Channel
	followers.Followers++
	if _, err := writer.Upsert(ctx, []*catalog.Channel{&followers}, 0, nil); err != nil {
		t.Fatal(err)
	}
	cat = replaced(t, cat, &followers)
	if _, n := search(cat); n != n1 {
		t.Errorf("after an upsert of followers the search sent %d statements, want %d (the factors computed again)", n, n1)
	}

	// Another instance makes one channel match only through the aliases
	// and score above every other, and another match 耳机 among 400
	// tags (the lowest own-word score): the factor becomes
	// 0.99·min(own)/max(alias) (0.8 before, on this catalog).
	var spare []catalog.Channel
	for _, ch := range cat.Platform(platform.YouTube) {
		if !hasKey(first, ch.Key()) && ch.Key() != followers.Key() {
			spare = append(spare, *ch)
		}
		if len(spare) == 2 {
			break
		}
	}
	alias, low := &spare[0], &spare[1]
	alias.Tags = []string{"headphones"}
	alias.Name = "Headphones"
	alias.Description = "headphones"
	low.Tags = []string{"耳机"}
	for i := range 400 {
		low.Tags = append(low.Tags, fmt.Sprintf("filler%d", i))
	}
	if _, err := writer.Upsert(ctx, []*catalog.Channel{alias, low}, 0, nil); err != nil {
		t.Fatal(err)
	}
	got, n3 := search(replaced(t, replaced(t, cat, alias), low))
	if n3 != n1 {
		t.Errorf("after the upsert the search sent %d statements, want %d (the factors computed again)", n3, n1)
	}
	// What the factor is for: the own-word channel still ranks first,
	// above alias-only channels that score higher on their words.
	if got.Items[0].Channel.Key() != low.Key() || !hasKey(got, alias.Key()) {
		t.Errorf("after the upsert the first hit is %s, want %s (and %s among the hits)", got.Items[0].Channel.Key(), low.Key(), alias.Key())
	}
}

// replaced is cat with ch in place of the channel of its key.
func replaced(t *testing.T, cat *catalog.Catalog, ch *catalog.Channel) *catalog.Catalog {
	t.Helper()
	var all []*catalog.Channel
	for _, c := range cat.All() {
		if c.Key() == ch.Key() {
			c = ch
		}
		all = append(all, c)
	}
	next, _, err := catalog.New(cat.Label(), all)
	if err != nil {
		t.Fatal(err)
	}
	return next
}

func hasKey(p store.Page, key string) bool {
	for _, h := range p.Items {
		if h.Channel.Key() == key {
			return true
		}
	}
	return false
}

// searchDiff describes how got differs from want (total and each item's
// key and score), "" when it does not.
func searchDiff(want, got store.Page) string {
	if got.Total != want.Total || len(got.Items) != len(want.Items) {
		return fmt.Sprintf("total %d, %d items; want total %d, %d items", got.Total, len(got.Items), want.Total, len(want.Items))
	}
	for i := range want.Items {
		w, g := want.Items[i], got.Items[i]
		if g.Channel.Key() != w.Channel.Key() || math.Abs(g.Score-w.Score) > 1e-9*math.Max(1, math.Abs(w.Score)) {
			return fmt.Sprintf("item %d: %s score %v; want %s score %v", i, g.Channel.Key(), g.Score, w.Channel.Key(), w.Score)
		}
	}
	return ""
}

// TestAliasStatsKept: the alias factors' statistics that ingest keeps
// (PrecomputeAliasStats) rank as the memory store does; a search reads
// them (changed by hand, the ranking follows them), and ignores them once
// a write has raised the catalog version.
func TestAliasStatsKept(t *testing.T) {
	ctx := context.Background()
	cat, e, writer := loadDemo(t, 800, demo.WithNow(demo.DefaultNow()))
	mem, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
	queries := []store.SearchQuery{
		{Platform: platform.YouTube, Keywords: []store.Keyword{{Text: "耳机", Scope: scope.Tags}}, Limit: 100},
		{Platform: platform.YouTube, Keywords: []store.Keyword{{Text: "wireless earbuds", Scope: scope.All}}, Limit: 50},
		{Platform: platform.YouTube, Keywords: []store.Keyword{{Text: "cooking", Scope: scope.Tags}}, Limit: 50},
		{Platform: platform.Instagram, Keywords: []store.Keyword{{Text: "烘焙", Scope: scope.All}}, Limit: 50},
	}
	reader := func() *pgstore.Store {
		r, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(r.Close)
		return r
	}
	check := func(r *pgstore.Store, c *catalog.Catalog, when string) {
		t.Helper()
		m, err := memstore.New(ctx, c, e)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range queries {
			want, err := m.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := r.Search(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if d := searchDiff(want, got); d != "" {
				t.Errorf("%s: %q on %s: PostgreSQL and memory differ: %s", when, q.Keywords[0].Text, q.Platform, d)
			}
		}
	}
	if err := writer.PrecomputeAliasStats(ctx); err != nil {
		t.Fatal(err)
	}
	var rows, stale int
	if err := writer.Pool().QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE version <> (SELECT version FROM catalog_version)) FROM keyword_alias_stats`).Scan(&rows, &stale); err != nil {
		t.Fatal(err)
	}
	if rows == 0 || stale != 0 {
		t.Fatalf("keyword_alias_stats: %d rows, %d of another version; want some, all of the current one", rows, stale)
	}
	check(reader(), cat, "kept statistics")

	// Changed by hand (every own phrase's lowest score 1, every alias's
	// highest 1e9: the factor becomes 0.99e-9), the kept rows are what
	// the factors are computed from: alias-only channels fall.
	if _, err := writer.Pool().Exec(ctx, `UPDATE keyword_alias_stats SET min_score = 1, max_score = 1e9 WHERE platform = 'youtube'`); err != nil {
		t.Fatal(err)
	}
	r := reader()
	q := queries[0]
	want, err := mem.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Search(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if searchDiff(want, got) == "" {
		t.Fatalf("with the kept statistics changed, %q ranks as before: the search did not read them", q.Keywords[0].Text)
	}

	// A write raises the catalog version: the kept rows are of an older
	// one, and the same reader computes the statistics itself.
	ch := *cat.Platform(platform.YouTube)[0]
	ch.Followers++
	if _, err := writer.Upsert(ctx, []*catalog.Channel{&ch}, 0, nil); err != nil {
		t.Fatal(err)
	}
	check(r, replaced(t, cat, &ch), "after a write")
}
