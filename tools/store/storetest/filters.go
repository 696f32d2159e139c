package storetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/store/storetest/draw"
)

// RandomFilterSets is how many random filter sets RandomFilters draws per
// catalog.
const RandomFilterSets = 60

// RandomFilters draws filter sets over every field of the filter registry
// (fields.Registry), with values taken from the catalog itself so that
// they select something, and requires the store to give exactly the
// answer store.Filters.Match gives, channel by channel: the same channels
// (over every page), the same total and count, and an order by each
// sortable field that never increases. A field the store ignores, or
// filters differently, fails here, whatever its kind.
func RandomFilters(ctx context.Context, t *testing.T, s store.Store, cat *catalog.Catalog, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for _, p := range platform.All() {
		chans := cat.Platform(p)
		if len(chans) == 0 {
			continue
		}
		for i := range RandomFilterSets {
			f := draw.Filters(rng, chans)
			cf, err := f.Canonical()
			if err != nil {
				t.Fatalf("random filters %+v: %v", f, err)
			}
			var want []string
			for _, ch := range chans {
				if cf.Match(ch) {
					want = append(want, ch.Key())
				}
			}
			slices.Sort(want)
			sorts := store.Sorts()
			by := sorts[i%len(sorts)]
			got, err := allKeys(ctx, s, store.SearchQuery{Platform: p, Filters: f, Sort: by})
			if err != nil {
				t.Fatalf("Search(%s, %+v, sort %s): %v", p, f, by, err)
			}
			keys := make([]string, len(got))
			for j, h := range got {
				keys[j] = h.Channel.Key()
			}
			if fd, ok := by.Field(); ok {
				for j := 1; j < len(got); j++ {
					if a, b := fd.Number(got[j-1].Channel), fd.Number(got[j].Channel); a < b {
						t.Errorf("Search(%s, %+v, sort %s): item %d has %s %d after %d", p, f, by, j, fd.Name, b, a)
						break
					}
				}
			}
			slices.Sort(keys)
			if !slices.Equal(keys, want) {
				t.Errorf("Search(%s, %+v): %d channels, Filters.Match passes %d:\n got %v\nwant %v", p, f, len(keys), len(want), clip(keys), clip(want))
			}
			n, err := s.Count(ctx, store.CountQuery{Platform: p, Filters: f})
			if err != nil || n != len(want) {
				t.Errorf("Count(%s, %+v) = %d, %v; Filters.Match passes %d", p, f, n, err, len(want))
			}
		}
	}
}

func clip(s []string) []string {
	if len(s) > 8 {
		return append(s[:8:8], fmt.Sprintf("… %d more", len(s)-8))
	}
	return s
}

// allKeys runs q over every page.
func allKeys(ctx context.Context, s store.Store, q store.SearchQuery) ([]store.Hit, error) {
	var out []store.Hit
	q.Limit = store.MaxLimit
	for {
		page, err := s.Search(ctx, q)
		if err != nil {
			return nil, err
		}
		out = append(out, page.Items...)
		if page.NextOffset < 0 || len(page.Items) == 0 {
			return out, nil
		}
		q.Offset = page.NextOffset
	}
}
