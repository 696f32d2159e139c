// Package draw draws random filter sets over every field of the filter
// registry (tools/fields), for the property tests that require the stores
// and store.Filters.Match to agree.
package draw

import (
	"math/rand/v2"
	"slices"

	"searchagent/tools/catalog"
	"searchagent/tools/fields"
	"searchagent/tools/store"
)

// Filters draws a filter set: it sets each registry field with probability 1/3, from
// values the channels have.
func Filters(rng *rand.Rand, chans []*catalog.Channel) store.Filters {
	var f store.Filters
	pick := func() *catalog.Channel { return chans[rng.IntN(len(chans))] }
	for _, fd := range fields.Registry {
		if rng.IntN(3) != 0 {
			continue
		}
		switch fd.Kind {
		case fields.Set:
			var vals []string
			for range 1 + rng.IntN(3) {
				if v := fd.Text(pick()); v != "" && !slices.Contains(vals, v) {
					vals = append(vals, v)
				}
			}
			if len(vals) == 0 {
				continue
			}
			if rng.IntN(3) == 0 {
				f.SetValues(fd.Name, store.Values{Out: vals})
			} else {
				f.SetValues(fd.Name, store.Values{In: vals})
			}
		case fields.Count, fields.Ratio:
			a, b := fd.Number(pick()), fd.Number(pick())
			lo, hi := min(a, b), max(a, b)
			switch rng.IntN(3) {
			case 0:
				f.SetRange(fd.Name, store.Range{Min: lo})
			case 1:
				f.SetRange(fd.Name, store.Range{Max: hi})
			default:
				f.SetRange(fd.Name, store.Range{Min: lo, Max: hi})
			}
		case fields.Duration:
			if t := fd.Time(pick()); !t.IsZero() {
				f.SetSince(fd.Name, t)
			}
		}
	}
	return f
}
