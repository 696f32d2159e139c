package pgstore

import (
	"context"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/catalog/demo"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb/pgdbtest"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// TestIndexPredicate: the platform and a single canonical country are
// written as literals; two countries, a value of another shape or an
// unknown platform never are.
func TestIndexPredicate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		p         platform.Platform
		countries []string
		want      string
	}{
		{"one country", platform.YouTube, []string{"US"}, `c.platform = 'youtube' AND c.country = 'US'`},
		{"no country", platform.TikTok, nil, `c.platform = 'tiktok'`},
		{"two countries", platform.YouTube, []string{"US", "CA"}, `c.platform = 'youtube'`},
		{"lower case", platform.X, []string{"us"}, `c.platform = 'x'`},
		{"quote", platform.X, []string{"U'"}, `c.platform = 'x'`},
		{"three letters", platform.Instagram, []string{"USA"}, `c.platform = 'instagram'`},
		{"unknown platform", platform.Platform("you'tube"), []string{"US"}, `c.platform = '' AND c.country = 'US'`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := indexPredicate(tc.p, store.Filters{Countries: tc.countries}); got != tc.want {
				t.Errorf("indexPredicate = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestCountryIndexes: Finish gives each platform's country with at least
// the minimum number of channels its own HNSW index and no smaller one;
// the store walks that index for a similar search with that one country
// (forceIndex), and a plan with the HNSW scan forced does too, custom or
// generic; with two countries the index of every channel;
// and the answers are those of the exact plan.
func TestCountryIndexes(t *testing.T) {
	ctx := context.Background()
	cat, err := demo.Catalog(demo.WithTotal(1200))
	if err != nil {
		t.Fatal(err)
	}
	e, err := embed.NewHashing()
	if err != nil {
		t.Fatal(err)
	}
	const min = 40
	s, err := Open(ctx, pgdbtest.VectorDSN(t), e, true, WithCountryIndexMin(min))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	if err := s.Truncate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Upsert(ctx, cat.All(), 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, cat.Label()); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, ch := range cat.All() {
		if ch.Country != "" {
			counts[hnswIndexName(s.dims, ch.Platform, ch.Country)]++
		}
	}
	var want, have []string
	for name, n := range counts {
		if n >= min {
			want = append(want, name)
		}
	}
	rows, err := s.pool.Query(ctx, `SELECT indexname FROM pg_indexes WHERE tablename = 'channels' AND indexname LIKE 'channels_embedding_hnsw_%\_%\_%'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		have = append(have, n)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(want)
	slices.Sort(have)
	if len(want) == 0 || !slices.Equal(have, want) {
		t.Fatalf("country indexes %v, want %v (groups of at least %d channels)", have, want, min)
	}

	// The largest YouTube country and an anchor in it.
	var country string
	for _, ch := range cat.Platform(platform.YouTube) {
		if n := counts[hnswIndexName(s.dims, platform.YouTube, ch.Country)]; n >= min && (country == "" || n > counts[hnswIndexName(s.dims, platform.YouTube, country)]) {
			country = ch.Country
		}
	}
	var anchor string
	for _, ch := range cat.Platform(platform.YouTube) {
		if ch.Country == country && len(ch.Tags) > 0 && ch.Description != "" {
			anchor = ch.Key()
			break
		}
	}
	if anchor == "" {
		t.Fatalf("no YouTube anchor in %s", country)
	}
	forced := &Store{pool: s.pool, emb: s.emb, model: s.model, dims: s.dims, minScore: s.minScore, efSearch: 400,
		iterative: IterativeRelaxed, poolSize: s.poolSize, forceHNSW: true, info: s.Describe()}
	exact := &Store{pool: s.pool, emb: s.emb, model: s.model, dims: s.dims, minScore: s.minScore, efSearch: s.efSearch,
		iterative: IterativeOff, poolSize: s.poolSize, exact: true, info: s.Describe()}
	own := hnswIndexName(s.dims, platform.YouTube, country)
	// The store itself (Finish refreshed it) walks the country's index
	// for that one country, whatever the planner prefers; never for two
	// countries, nor in the exact baseline.
	one := store.Filters{Countries: []string{country}}
	two := store.Filters{Countries: []string{country, otherCountry(counts, s.dims, country)}}
	if !s.forceIndex(platform.YouTube, one) || s.forceIndex(platform.YouTube, two) || exact.forceIndex(platform.YouTube, one) {
		t.Errorf("forceIndex: one country %v (want true), two %v (want false), exact %v (want false)",
			s.forceIndex(platform.YouTube, one), s.forceIndex(platform.YouTube, two), exact.forceIndex(platform.YouTube, one))
	}
	plan, err := s.explainSimilar(ctx, store.SimilarQuery{Platform: platform.YouTube, AnchorKey: anchor, Filters: one, Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, own) {
		t.Errorf("the store's own plan does not walk %s:\n%s", own, plan)
	}
	for _, tc := range []struct {
		name      string
		countries []string
		index     string
	}{
		{"one country", []string{country}, own},
		{"two countries", []string{country, otherCountry(counts, s.dims, country)}, hnswIndexName(s.dims, "", "") + " "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := store.SimilarQuery{Platform: platform.YouTube, AnchorKey: anchor, Filters: store.Filters{Countries: tc.countries}, Limit: 20}
			// A generic plan too (a prepared statement's, which cannot
			// see the bound values): indexPredicate's literals let it
			// use the country's index.
			for _, generic := range []bool{false, true} {
				plan, err := forced.explainSimilar(ctx, q, generic)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(plan+" ", tc.index) {
					t.Errorf("generic %v: plan does not walk %s:\n%s", generic, tc.index, plan)
				}
			}
			got, err := forced.SimilarTo(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			wantRes, err := exact.SimilarTo(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := similarKeys(got), similarKeys(wantRes); !slices.Equal(g, w) {
				t.Errorf("HNSW answer %v\nexact answer %v", g, w)
			}
		})
	}
}

func similarKeys(r store.SimilarResult) []string {
	var keys []string
	for _, h := range r.Items {
		keys = append(keys, h.Channel.Key())
	}
	return keys
}

// otherCountry is a YouTube country other than c.
func otherCountry(counts map[string]int, dims int, c string) string {
	for _, cc := range []string{"US", "GB", "CA", "DE", "JP", "IN", "BR", "FR"} {
		if cc != c && counts[hnswIndexName(dims, platform.YouTube, cc)] > 0 {
			return cc
		}
	}
	return "ZZ"
}
