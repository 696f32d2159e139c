package memstore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/storetest/draw"
)

// The facet table filters exactly as store.Filters.Match does, on every
// channel of every platform of the demo catalog, for hand-picked filter
// sets and for sets drawn over every registry field.
func TestFacetFilterIsMatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, _ := benchStore(t)
	var some time.Time // a real last-post time, to test the boundary
	for _, part := range s.parts {
		for _, ch := range part.chans {
			if !ch.LastPostAt.IsZero() {
				some = ch.LastPostAt
				break
			}
		}
	}
	cases := []struct {
		name string
		f    store.Filters
	}{
		{"country", store.Filters{Countries: []string{"US"}}},
		{"countries and language", store.Filters{Countries: []string{"US", "GB"}, Languages: []string{"en"}}},
		{"category any case", store.Filters{Categories: []string{"GAMING", "beauty"}}},
		{"excluded", store.Filters{ExcludeCountries: []string{"US"}, ExcludeLanguages: []string{"zh"}, ExcludeCategories: []string{"Gaming"}}},
		{"excluded empty", store.Filters{ExcludeCountries: []string{""}}},
		{"unknown country", store.Filters{Countries: []string{"ZZ"}}},
		{"ranges", store.Filters{Followers: store.Range{Min: 5000, Max: 20000}, AvgViews: store.Range{Min: 3000}}},
		{"active since, at a post", store.Filters{ActiveSince: some}},
		{"active since, a nanosecond later", store.Filters{ActiveSince: some.Add(time.Nanosecond)}},
		{"everything", store.Filters{Countries: []string{"US"}, Categories: []string{"tech"}, ExcludeLanguages: []string{"es"},
			Followers: store.Range{Min: 1000}, ActiveSince: some.AddDate(0, -3, 0)}},
	}
	// And filter sets drawn over every field of the registry.
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 40 {
		cases = append(cases, struct {
			name string
			f    store.Filters
		}{fmt.Sprintf("drawn %d", i), draw.Filters(rng, s.parts[platform.YouTube].chans)})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for p, part := range s.parts {
				if part.facets == nil {
					t.Fatalf("%s: no facet table", p)
				}
				flt := part.filter(tc.f)
				n := 0
				for d, ch := range part.chans {
					want := tc.f.Match(ch)
					if got := flt.ok(d); got != want {
						t.Fatalf("%s %s: facet filter = %v, Filters.Match = %v (%+v)", p, ch.Key(), got, want, tc.f)
					}
					if want {
						n++
					}
				}
				t.Logf("%s: %d of %d pass", p, n, len(part.chans))
				// narrow keeps, in ascending order, a superset of
				// the documents that pass.
				docs, ok := flt.narrow()
				if !ok {
					continue
				}
				if !slices.IsSorted(docs) {
					t.Fatalf("%s: narrow is not in ascending order", p)
				}
				in := make(map[uint32]bool, len(docs))
				for _, d := range docs {
					if in[d] {
						t.Fatalf("%s: narrow lists document %d twice", p, d)
					}
					in[d] = true
				}
				for d, ch := range part.chans {
					if tc.f.Match(ch) && !in[uint32(d)] {
						t.Fatalf("%s %s passes but narrow left it out (%+v)", p, ch.Key(), tc.f)
					}
				}
			}
		})
	}
}

// A filter-only search narrowed to an inclusion's documents finds the
// same candidates, in the same order, as the scan of every channel.
func TestNarrowedSearchIsTheScan(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 20000-channel demo store")
	}
	s, _ := benchStore(t)
	rng := rand.New(rand.NewPCG(9, 9))
	fs := []store.Filters{
		{Countries: []string{"US"}, Categories: []string{"beauty"}},
		{Categories: []string{"automotive", "gaming"}, Followers: store.Range{Min: 10000}},
		{Countries: []string{"ZZ"}},
	}
	for range 40 {
		fs = append(fs, draw.Filters(rng, s.parts[platform.YouTube].chans))
	}
	narrowed := 0
	for i, f := range fs {
		for p, part := range s.parts {
			got := part.keywordCandidates(nil, f, nil)
			flt := part.filter(f)
			var want []cand
			for d := range part.chans {
				if flt.ok(d) {
					want = append(want, cand{doc: int32(d)})
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("filters %d on %s: %d candidates, the scan %d (%+v)", i, p, len(got), len(want), f)
			}
			if _, ok := flt.narrow(); ok {
				narrowed++
			}
		}
	}
	if narrowed == 0 {
		t.Fatal("no filter set was narrowed: the test compares nothing")
	}
}
