package pgstore_test

import (
	"context"
	"fmt"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
	"searchagent/tools/store/memstore"
	"searchagent/tools/store/pgstore"
)

// TestPostingSearchAsSQL: a keyword search the postings answer (required
// keywords, relevance order, country and follower filters) returns what
// the SQL over channels returns and what the memory store returns: the
// same channels in the same order with the same scores, and the same
// total, for single words, phrases, CJK, keywords with aliases, several
// keywords, filters and later pages.
func TestPostingSearchAsSQL(t *testing.T) {
	ctx := context.Background()
	cat, e, s := loadDemo(t, 800, demo.WithNow(demo.DefaultNow()))
	mem, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
	viaSQL, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(viaSQL.Close)
	pgstore.SQLKeywordSearch(viaSQL)

	var queries []store.SearchQuery
	for _, kws := range [][]store.Keyword{
		{{Text: "review", Scope: scope.Tags}},
		{{Text: "wireless earbuds", Scope: scope.All}},
		{{Text: "耳机", Scope: scope.Tags}},
		{{Text: "耳机", Scope: scope.All}},
		{{Text: "headphones", Scope: scope.All}},
		{{Text: "camping gear", Scope: scope.All}, {Text: "tent", Scope: scope.Tags}},
		{{Text: "cooking", Scope: scope.Name}},
		{{Text: "recipe", Scope: scope.Description}},
		{{Text: "game review", Scope: scope.All}},
	} {
		for _, f := range []store.Filters{{}, {Countries: []string{"US"}}, {Countries: []string{"US", "GB"}, Followers: store.Range{Min: 10_000}}, {ExcludeCountries: []string{"US"}}} {
			queries = append(queries, store.SearchQuery{Platform: platform.YouTube, Keywords: kws, Filters: f, Limit: 20})
		}
	}
	// The first tag of every 40th channel, with its country, on every
	// platform, and a second page.
	for i, ch := range cat.All() {
		if i%40 != 0 || len(ch.Tags) == 0 {
			continue
		}
		q := store.SearchQuery{Platform: ch.Platform, Keywords: []store.Keyword{{Text: ch.Tags[0], Scope: scope.All}}, Limit: 10}
		queries = append(queries, q)
		q.Filters.Countries = []string{ch.Country}
		q.Offset = 3
		queries = append(queries, q)
	}
	matched := 0
	for _, q := range queries {
		name := fmt.Sprintf("%v %+v offset %d", q.Keywords, q.Filters, q.Offset)
		if ok, err := pgstore.FromPostings(ctx, s, q); err != nil || !ok {
			t.Fatalf("%s: from the postings: %v, %v; want true", name, ok, err)
		}
		got, err := s.Search(ctx, q)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sql, err := viaSQL.Search(ctx, q)
		if err != nil {
			t.Fatalf("%s: SQL: %v", name, err)
		}
		want, err := mem.Search(ctx, q)
		if err != nil {
			t.Fatalf("%s: memory: %v", name, err)
		}
		if d := searchDiff(sql, got); d != "" {
			t.Errorf("%s: postings and SQL differ: %s", name, d)
		}
		if d := searchDiff(want, got); d != "" {
			t.Errorf("%s: postings and memory differ: %s", name, d)
		}
		if got.NextOffset != want.NextOffset {
			t.Errorf("%s: next offset %d, want %d", name, got.NextOffset, want.NextOffset)
		}
		if got.Total > 0 {
			matched++
		}
	}
	t.Logf("%d queries, %d with matches", len(queries), matched)
	if matched < len(queries)/2 {
		t.Fatalf("only %d of %d queries matched a channel: the comparison says little", matched, len(queries))
	}
}
