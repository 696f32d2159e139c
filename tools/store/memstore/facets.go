package memstore

import (
	"slices"
	"strings"
	"time"

	"searchagent/tools/catalog"
	"searchagent/tools/store"
)

// facet is the part of a channel that store.Filters look at, held
// contiguously per partition: a filter scan over every channel of a
// platform then reads a few cache lines instead of chasing a pointer to
// each channel. Country, language and category are ids in the
// partition's facetDict (0 is the empty value).
type facet struct {
	followers, avgViews int64
	lastSec             int64 // LastPostAt: Unix seconds and nanoseconds
	lastNsec            int32
	lastZero            bool
	country, language   uint16
	category            uint16
}

// facetDict maps the values of one facet to ids; ids index vals.
type facetDict struct {
	ids  map[string]uint16
	vals []string
}

func newFacetDict() facetDict { return facetDict{ids: map[string]uint16{"": 0}, vals: []string{""}} }

func (d *facetDict) id(v string) uint16 {
	if id, ok := d.ids[v]; ok {
		return id
	}
	id := uint16(len(d.vals))
	d.ids[v] = id
	d.vals = append(d.vals, v)
	return id
}

// facets is a partition's facet table.
type facets struct {
	rows                         []facet
	countries, languages, categs facetDict
}

// buildFacets tabulates chans. It reports false when a facet has more
// distinct values than an id holds (then the partition filters channels
// one by one with store.Filters.Match).
func buildFacets(chans []*catalog.Channel) (*facets, bool) {
	fs := &facets{rows: make([]facet, len(chans)), countries: newFacetDict(), languages: newFacetDict(), categs: newFacetDict()}
	for i, ch := range chans {
		r := &fs.rows[i]
		r.followers, r.avgViews = ch.Followers, ch.AvgViews
		r.lastZero = ch.LastPostAt.IsZero()
		r.lastSec, r.lastNsec = ch.LastPostAt.Unix(), int32(ch.LastPostAt.Nanosecond())
		r.country, r.language, r.category = fs.countries.id(ch.Country), fs.languages.id(ch.Language), fs.categs.id(ch.Category)
		if len(fs.countries.vals) > 1<<15 || len(fs.languages.vals) > 1<<15 || len(fs.categs.vals) > 1<<15 {
			return nil, false
		}
	}
	return fs, true
}

// facetFilter is a store.Filters compiled against a partition's facets:
// per facet the set of ids that pass (nil: any), and the ranges.
type facetFilter struct {
	country, language, category []bool // indexed by id; nil when the facet is not filtered
	followers, avgViews         store.Range
	since                       time.Time
	sinceSec                    int64
	sinceNsec                   int32
}

// compile turns f into a facetFilter with exactly store.Filters.Match's
// meaning: an inclusion list keeps the values in it (exact for country
// and language, case-insensitive for category); an exclusion list drops
// the non-empty values in it.
func (fs *facets) compile(f store.Filters) facetFilter {
	set := func(d *facetDict, incl, excl []string, eq func(a, b string) bool) []bool {
		if len(incl) == 0 && len(excl) == 0 {
			return nil
		}
		ok := make([]bool, len(d.vals))
		for id, v := range d.vals {
			in := len(incl) == 0 || slices.ContainsFunc(incl, func(x string) bool { return eq(x, v) })
			out := v != "" && slices.ContainsFunc(excl, func(x string) bool { return eq(x, v) })
			ok[id] = in && !out
		}
		return ok
	}
	exact := func(a, b string) bool { return a == b }
	ff := facetFilter{
		country:   set(&fs.countries, f.Countries, f.ExcludeCountries, exact),
		language:  set(&fs.languages, f.Languages, f.ExcludeLanguages, exact),
		category:  set(&fs.categs, f.Categories, f.ExcludeCategories, strings.EqualFold),
		followers: f.Followers, avgViews: f.AvgViews, since: f.ActiveSince,
	}
	if !f.ActiveSince.IsZero() {
		ff.sinceSec, ff.sinceNsec = f.ActiveSince.Unix(), int32(f.ActiveSince.Nanosecond())
	}
	return ff
}

// match reports whether row r passes.
func (ff *facetFilter) match(r *facet) bool {
	if ff.country != nil && !ff.country[r.country] ||
		ff.language != nil && !ff.language[r.language] ||
		ff.category != nil && !ff.category[r.category] {
		return false
	}
	if !ff.followers.Contains(r.followers) || !ff.avgViews.Contains(r.avgViews) {
		return false
	}
	if !ff.since.IsZero() && (r.lastZero || r.lastSec < ff.sinceSec || r.lastSec == ff.sinceSec && r.lastNsec < ff.sinceNsec) {
		return false
	}
	return true
}

// docFilter applies store.Filters to a partition's documents: through the
// facet table when the partition has one, else channel by channel.
type docFilter struct {
	none bool
	f    store.Filters
	ff   facetFilter
	p    *partition
}

func (p *partition) filter(f store.Filters) docFilter {
	df := docFilter{none: f.IsZero(), f: f, p: p}
	if !df.none && p.facets != nil {
		df.ff = p.facets.compile(f)
	}
	return df
}

// ok reports whether document d passes.
func (df *docFilter) ok(d int) bool {
	switch {
	case df.none:
		return true
	case df.p.facets != nil:
		return df.ff.match(&df.p.facets.rows[d])
	}
	return df.f.Match(df.p.chans[d])
}
