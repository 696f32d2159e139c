package memstore

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/embed"
	"searchagent/tools/platform"
	"searchagent/tools/scope"
	"searchagent/tools/store"
)

// The similarity cache changes no answer: a cached store, asked twice
// (a miss, then a hit), answers SimilarTo and Count exactly as a store
// without the cache, for plain, filtered, keyword, excluded-keyword,
// re-sorted, paged and widened queries.
func TestSimilarCacheSameAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	cached, cat := benchStore(t)
	// The same store without the cache: its partitions, sims off.
	plain := *cached
	plain.parts = make(map[platform.Platform]*partition, len(cached.parts))
	for p, part := range cached.parts {
		cp := *part
		cp.sims = nil
		plain.parts[p] = &cp
	}
	queries := []struct {
		name string
		q    store.SimilarQuery
	}{
		{"default", store.SimilarQuery{}},
		{"page 2", store.SimilarQuery{Offset: 20}},
		{"followers", store.SimilarQuery{Sort: store.SortFollowers}},
		{"widened", store.SimilarQuery{MinScore: 0.3}},
		{"filters", store.SimilarQuery{Filters: store.Filters{Countries: []string{"US"}, Followers: store.Range{Min: 10_000}}}},
		{"keyword", store.SimilarQuery{Keywords: []store.Keyword{{Text: "review", Scope: scope.All}}}},
		{"excluded", store.SimilarQuery{Keywords: []store.Keyword{{Text: "review", Scope: scope.All, Excluded: true}}}},
	}
	for _, a := range anchors(cat, 40) {
		for _, tc := range queries {
			q := tc.q
			q.Platform, q.AnchorKey = a.Platform, a.Key()
			want, werr := plain.SimilarTo(ctx, q)
			wantN, _ := plain.Count(ctx, store.CountQuery{Platform: q.Platform, AnchorKey: q.AnchorKey, Keywords: q.Keywords, Filters: q.Filters, MinScore: q.MinScore})
			for round := range 2 {
				got, err := cached.SimilarTo(ctx, q)
				if !errors.Is(err, werr) {
					t.Fatalf("%s %s round %d: err %v, want %v", a.Key(), tc.name, round, err, werr)
				}
				if d := cmp.Diff(want, got); d != "" {
					t.Errorf("SimilarTo(%s, %s) round %d differs from the uncached store (-want +got):\n%s", a.Key(), tc.name, round, d)
				}
				n, _ := cached.Count(ctx, store.CountQuery{Platform: q.Platform, AnchorKey: q.AnchorKey, Keywords: q.Keywords, Filters: q.Filters, MinScore: q.MinScore})
				if n != wantN {
					t.Errorf("Count(%s, %s) round %d = %d, want %d", a.Key(), tc.name, round, n, wantN)
				}
			}
		}
	}
	emb, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(context.Background(), cat, emb, WithSimilarCache(-1)); !errors.Is(err, ErrBadOption) {
		t.Errorf("WithSimilarCache(-1) = %v, want ErrBadOption", err)
	}
}
