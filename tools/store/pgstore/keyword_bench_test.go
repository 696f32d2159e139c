package pgstore

import (
	"context"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
)

// keywordBenchChannels is the size of the benchmark's YouTube catalog.
const keywordBenchChannels = 4000

// BenchmarkKeywordSearch measures one keyword Search (the first page of
// 20, with its total) per operation on a generated catalog of
// keywordBenchChannels YouTube channels: a plain tag keyword, a keyword
// that widens through the bilingual topic table (耳机 ≈ headphones), the
// same as a soft (ranking) keyword next to a filter, and an exclusion
// that widens (不要烘焙 ≈ baking). Figures are wall-clock on whatever
// machine runs it:
//
//	TEST_VECTOR_DATABASE_URL=… go test -run '^$' -bench KeywordSearch ./tools/store/pgstore
func BenchmarkKeywordSearch(b *testing.B) {
	dsn := pgdbtest.VectorDSN(b)
	ctx := context.Background()
	cat, err := demo.Catalog(demo.WithNow(demo.DefaultNow()), demo.WithCount(platform.YouTube, keywordBenchChannels),
		demo.WithCount(platform.Instagram, 0), demo.WithCount(platform.TikTok, 0), demo.WithCount(platform.X, 0))
	if err != nil {
		b.Fatal(err)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		b.Fatal(err)
	}
	s, err := Open(ctx, dsn, emb, true)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if info := s.Describe(); info.Catalog != cat.Label() || info.Channels != cat.Len() {
		if err := s.Truncate(ctx); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Upsert(ctx, cat.All(), 0, nil); err != nil {
			b.Fatal(err)
		}
		if err := s.Finish(ctx, cat.Label()); err != nil {
			b.Fatal(err)
		}
	}
	cases := []struct {
		name string
		kws  []store.Keyword
		f    store.Filters
	}{
		{"plain", []store.Keyword{{Text: "review", Scope: scope.Tags}}, store.Filters{}},
		{"widened", []store.Keyword{{Text: "耳机", Scope: scope.Tags}}, store.Filters{}},
		{"soft_widened", []store.Keyword{{Text: "耳机", Scope: scope.All, Soft: true}}, store.Filters{Categories: []string{"tech"}}},
		{"excluded_widened", []store.Keyword{{Text: "烘焙", Scope: scope.All, Excluded: true}}, store.Filters{Categories: []string{"food"}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			q := store.SearchQuery{Platform: platform.YouTube, Keywords: tc.kws, Filters: tc.f, Limit: 20}
			page, err := s.Search(ctx, q)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := s.Search(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(page.Total), "hits")
		})
	}
}
