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

// TestSoftPostingSearchAsSQL: a search of soft (ranking) keywords, with
// exclusions and any filters, answered from the soft keywords' postings
// over the channels the filters keep, returns what the SQL over channels
// returns and what the memory store returns (channels, order, scores,
// totals): single words, phrases, CJK, keywords with aliases, several
// soft keywords, exclusions, every kind of filter, last-post bounds,
// later pages; with and without the ranked sets (which keep the search
// without its last-post bound).
func TestSoftPostingSearchAsSQL(t *testing.T) {
	ctx := context.Background()
	cat, e, s := loadDemo(t, 800, demo.WithNow(demo.DefaultNow()))
	mem, err := memstore.New(ctx, cat, e)
	if err != nil {
		t.Fatal(err)
	}
	viaSQL, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, false, pgstore.WithRankedSets(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(viaSQL.Close)
	pgstore.SQLKeywordSearch(viaSQL)
	noSets, err := pgstore.Open(ctx, pgdbtest.VectorDSN(t), e, false, pgstore.WithRankedSets(0))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(noSets.Close)

	soft := func(text string, sc store.Scope) store.Keyword {
		return store.Keyword{Text: text, Scope: sc, Soft: true}
	}
	now := demo.DefaultNow()
	var queries []store.SearchQuery
	for _, kws := range [][]store.Keyword{
		{soft("评测", scope.All)},
		{soft("review", scope.Tags)},
		{soft("wireless earbuds", scope.All)},
		{soft("耳机", scope.All)},
		{soft("headphones", scope.Tags)},
		{soft("game review", scope.All), soft("tent", scope.Tags)},
		{soft("cooking", scope.Name), soft("recipe", scope.Description)},
		{soft("评测", scope.All), {Text: "游戏", Scope: scope.All, Excluded: true}},
		{soft("review", scope.All), {Text: "烘焙", Scope: scope.All, Excluded: true}},
	} {
		for _, f := range []store.Filters{
			{},
			{Countries: []string{"US"}},
			{Countries: []string{"US"}, Categories: []string{"automotive", "tech"}, Followers: store.Range{Min: 5000, Max: 200_000}, ActiveSince: now.AddDate(0, 0, -30).Add(-123456789)},
			{Languages: []string{"en"}, ExcludeCategories: []string{"gaming"}, ActiveSince: now.AddDate(0, -6, 0)},
			{ExcludeCountries: []string{"US"}, AvgViews: store.Range{Min: 1000}},
		} {
			queries = append(queries, store.SearchQuery{Platform: platform.YouTube, Keywords: kws, Filters: f, Limit: 20})
		}
	}
	// The first tag of every 40th channel as a soft keyword, with its
	// country and a last-post bound, on every platform, and a later page.
	for i, ch := range cat.All() {
		if i%40 != 0 || len(ch.Tags) == 0 {
			continue
		}
		q := store.SearchQuery{Platform: ch.Platform, Keywords: []store.Keyword{soft(ch.Tags[0], scope.All)}, Filters: store.Filters{Countries: []string{ch.Country}}, Limit: 10}
		queries = append(queries, q)
		q.Filters.ActiveSince = now.AddDate(0, -2, 0)
		q.Offset = 3
		queries = append(queries, q)
	}
	scored := 0
	for _, q := range queries {
		name := fmt.Sprintf("%v %+v offset %d", q.Keywords, q.Filters, q.Offset)
		if ok, err := pgstore.FromSoftPostings(ctx, s, q); err != nil || !ok {
			t.Fatalf("%s: from the soft postings: %v, %v; want true", name, ok, err)
		}
		want, err := mem.Search(ctx, q)
		if err != nil {
			t.Fatalf("%s: memory: %v", name, err)
		}
		sql, err := viaSQL.Search(ctx, q)
		if err != nil {
			t.Fatalf("%s: SQL: %v", name, err)
		}
		for _, st := range []struct {
			label string
			s     *pgstore.Store
		}{{"without sets", noSets}, {"with sets", s}, {"with sets, again", s}} {
			got, err := st.s.Search(ctx, q)
			if err != nil {
				t.Fatalf("%s %s: %v", name, st.label, err)
			}
			if d := searchDiff(sql, got); d != "" {
				t.Errorf("%s %s: postings and SQL differ: %s", name, st.label, d)
			}
			if d := searchDiff(want, got); d != "" {
				t.Errorf("%s %s: postings and memory differ: %s", name, st.label, d)
			}
			if got.NextOffset != want.NextOffset {
				t.Errorf("%s %s: next offset %d, want %d", name, st.label, got.NextOffset, want.NextOffset)
			}
		}
		if len(sql.Items) > 0 && sql.Items[0].Score > 0 {
			scored++
		}
	}
	t.Logf("%d queries, %d with a scored first hit", len(queries), scored)
	if scored < len(queries)/2 {
		t.Fatalf("only %d of %d queries scored a channel: the comparison says little", scored, len(queries))
	}
}
