package memstore

import (
	"context"
	"sync"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/store"

	"searchagent/tools/scope"
)

// The benchmark catalog and store are built once per test binary.
var bench struct {
	once  sync.Once
	cat   *catalog.Catalog
	store *Store
	err   error
}

func benchStore(tb testing.TB) (*Store, *catalog.Catalog) {
	tb.Helper()
	bench.once.Do(func() {
		cat, err := largeCatalog()
		if err != nil {
			bench.err = err
			return
		}
		emb, err := embed.NewHashing()
		if err != nil {
			bench.err = err
			return
		}
		bench.cat = cat
		bench.store, bench.err = New(context.Background(), cat, emb)
	})
	if bench.err != nil {
		tb.Fatalf("benchmark store: %v", bench.err)
	}
	return bench.store, bench.cat
}

func BenchmarkNew(b *testing.B) {
	cat, err := largeCatalog()
	if err != nil {
		b.Fatal(err)
	}
	emb, err := embed.NewHashing()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		s, err := New(context.Background(), cat, emb)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.Describe().BuildTime.Milliseconds()), "build-ms")
	}
	b.ReportMetric(float64(cat.Len()), "channels")
}

// anchors picks up to n anchors of the biggest platform, evenly spaced.
func anchors(cat *catalog.Catalog, n int) []*catalog.Channel {
	var best []*catalog.Channel
	for _, p := range cat.Platforms() {
		if chs := cat.Platform(p); len(chs) > len(best) {
			best = chs
		}
	}
	out := make([]*catalog.Channel, 0, n)
	for i := range min(n, len(best)) {
		out = append(out, best[i*len(best)/min(n, len(best))])
	}
	return out
}

func BenchmarkSimilarTo(b *testing.B) {
	s, cat := benchStore(b)
	as := anchors(cat, 64)
	cases := []struct {
		name string
		q    store.SimilarQuery
	}{
		{"default", store.SimilarQuery{}},
		{"no-min-score", store.SimilarQuery{MinScore: store.NoMinScore}},
		{"sort-followers", store.SimilarQuery{Sort: store.SortFollowers}},
		{"filters", store.SimilarQuery{Filters: store.Filters{Countries: []string{"US", "GB"}, Followers: store.Range{Min: 10_000}}}},
		{"keyword", store.SimilarQuery{Keywords: []store.Keyword{{Text: "review", Scope: scope.All}}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				a := as[i%len(as)]
				i++
				q := tc.q
				q.Platform, q.AnchorKey = a.Platform, a.Key()
				if _, err := s.SimilarTo(context.Background(), q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSearch(b *testing.B) {
	s, cat := benchStore(b)
	p := anchors(cat, 1)[0].Platform
	cases := []struct {
		name string
		kws  []store.Keyword
		f    store.Filters
	}{
		{"one-tag", []store.Keyword{{Text: "makeup"}}, store.Filters{}},
		{"zh-tag", []store.Keyword{{Text: "汽车"}}, store.Filters{}},
		{"phrase-all", []store.Keyword{{Text: "car review", Scope: scope.All}}, store.Filters{}},
		{"common-word-all", []store.Keyword{{Text: "review", Scope: scope.All}}, store.Filters{}},
		{"two-and-excluded", []store.Keyword{{Text: "makeup", Scope: scope.All}, {Text: "tutorial", Scope: scope.All}, {Text: "skincare", Excluded: true}}, store.Filters{}},
		{"filters-only", nil, store.Filters{Countries: []string{"US"}, Followers: store.Range{Min: 10_000}}},
		// a ranking term (issue 26) said in a sentence: soft, all scope,
		// widened through its subtopic (耳机 → headphones, earbuds).
		{"filters-ranking-term", []store.Keyword{{Text: "耳机", Scope: scope.All, Soft: true}}, store.Filters{Countries: []string{"US"}, Followers: store.Range{Min: 10_000}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var total int
			for b.Loop() {
				page, err := s.Search(context.Background(), store.SearchQuery{Platform: p, Keywords: tc.kws, Filters: tc.f})
				if err != nil {
					b.Fatal(err)
				}
				total = page.Total
			}
			b.ReportMetric(float64(total), "hits")
		})
	}
}
