package memstore

import (
	"slices"
	"strings"

	"searchagent/tools/catalog"
	"searchagent/tools/fields"
	"searchagent/tools/store"
)

// facets is the part of a partition's channels that store.Filters look
// at, one column per filter field of the registry (fields.Registry), read
// with the field's own reader: a filter scan over every channel of a
// platform then reads a few dense columns instead of chasing a pointer to
// each channel. Set fields hold ids in the column's facetDict (0 is the
// empty value); count and ratio fields their numbers; duration fields
// their instants as Unix seconds and nanoseconds.
type facets struct {
	cols []facetCol // indexed like fields.Registry
}

// facetCol is one field's column.
type facetCol struct {
	ids  []uint16 // Set
	dict facetDict
	// post lists, for each id of a Set column, its documents in
	// ascending order: a filter-only search reads the documents of the
	// values it keeps instead of testing every channel of the platform.
	post  [][]uint32
	nums  []int64 // Count, Ratio
	secs  []int64 // Duration: Unix seconds, nanoseconds, unknown
	nsecs []int32
	zero  []bool
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

// buildFacets tabulates chans. It reports false when a set field has more
// distinct values than an id holds (then the partition filters channels
// one by one with store.Filters.Match).
func buildFacets(chans []*catalog.Channel) (*facets, bool) {
	fs := &facets{cols: make([]facetCol, len(fields.Registry))}
	for k, fd := range fields.Registry {
		col := &fs.cols[k]
		switch fd.Kind {
		case fields.Set:
			col.dict, col.ids = newFacetDict(), make([]uint16, len(chans))
			for i, ch := range chans {
				col.ids[i] = col.dict.id(fd.Text(ch))
				if len(col.dict.vals) > 1<<15 {
					return nil, false
				}
			}
			col.post = make([][]uint32, len(col.dict.vals))
			for i, id := range col.ids {
				col.post[id] = append(col.post[id], uint32(i))
			}
		case fields.Count, fields.Ratio:
			col.nums = make([]int64, len(chans))
			for i, ch := range chans {
				col.nums[i] = fd.Number(ch)
			}
		case fields.Duration:
			col.secs, col.nsecs, col.zero = make([]int64, len(chans)), make([]int32, len(chans)), make([]bool, len(chans))
			for i, ch := range chans {
				t := fd.Time(ch)
				col.zero[i], col.secs[i], col.nsecs[i] = t.IsZero(), t.Unix(), int32(t.Nanosecond())
			}
		}
	}
	return fs, true
}

// facetTest is one store.Clause compiled against a column.
type facetTest struct {
	col  *facetCol
	op   store.ClauseOp
	ok   []bool // OneOf, NoneOf: indexed by id
	n    int64  // AtLeast, AtMost
	sec  int64  // Since
	nsec int32
}

// compile turns the clauses of f into tests with exactly
// store.Clause.Match's meaning: an inclusion keeps the values in it
// (case-insensitive for a Fold field) and fails the unknown value; an
// exclusion drops the non-empty values in it.
func (fs *facets) compile(f store.Filters) []facetTest {
	var tests []facetTest
	for _, c := range f.Clauses() {
		k := slices.IndexFunc(fields.Registry, func(r fields.Field) bool { return r.Name == c.Field.Name })
		t := facetTest{col: &fs.cols[k], op: c.Op, n: c.Number}
		switch c.Op {
		case store.OneOf, store.NoneOf:
			t.ok = make([]bool, len(t.col.dict.vals))
			for id, v := range t.col.dict.vals {
				in := slices.ContainsFunc(c.Values, func(x string) bool { return x == v || c.Field.Fold && strings.EqualFold(x, v) })
				if c.Op == store.OneOf {
					t.ok[id] = v != "" && in
				} else {
					t.ok[id] = v == "" || !in
				}
			}
		case store.Since:
			t.sec, t.nsec = c.Time.Unix(), int32(c.Time.Nanosecond())
		}
		tests = append(tests, t)
	}
	return tests
}

// narrow returns, when a test keeps only some values of a Set field
// (OneOf), the documents that hold one of them, in ascending order: a
// superset of the documents that pass every test (each is still tested),
// as few as the most selective such test gives. ok is false when no test
// narrows (no filter, no facet table, or no OneOf). The slice may be a
// column's own: callers must not modify it.
func (df *docFilter) narrow() (docs []uint32, ok bool) {
	if df.none || df.p.facets == nil {
		return nil, false
	}
	var best *facetTest
	bestN := 0
	for i := range df.tests {
		t := &df.tests[i]
		if t.op != store.OneOf || t.col.post == nil {
			continue
		}
		n := 0
		for id, keep := range t.ok {
			if keep {
				n += len(t.col.post[id])
			}
		}
		if best == nil || n < bestN {
			best, bestN = t, n
		}
	}
	if best == nil {
		return nil, false
	}
	var lists [][]uint32
	for id, keep := range best.ok {
		if keep && len(best.col.post[id]) > 0 {
			lists = append(lists, best.col.post[id])
		}
	}
	switch len(lists) {
	case 0:
		return []uint32{}, true
	case 1:
		return lists[0], true
	}
	docs = make([]uint32, 0, bestN)
	for _, l := range lists {
		docs = append(docs, l...)
	}
	slices.Sort(docs) // the lists are disjoint: a document holds one value
	return docs, true
}

// match reports whether document d passes every test.
func match(tests []facetTest, d int) bool {
	for i := range tests {
		t := &tests[i]
		var ok bool
		switch t.op {
		case store.OneOf, store.NoneOf:
			ok = t.ok[t.col.ids[d]]
		case store.AtLeast:
			ok = t.col.nums[d] >= t.n
		case store.AtMost:
			ok = t.col.nums[d] <= t.n
		case store.Since:
			s := t.col.secs[d]
			ok = !t.col.zero[d] && (s > t.sec || s == t.sec && t.col.nsecs[d] >= t.nsec)
		}
		if !ok {
			return false
		}
	}
	return true
}

// docFilter applies store.Filters to a partition's documents: through the
// facet table when the partition has one, else channel by channel.
type docFilter struct {
	none  bool
	f     store.Filters
	tests []facetTest
	p     *partition
}

func (p *partition) filter(f store.Filters) docFilter {
	df := docFilter{none: f.IsZero(), f: f, p: p}
	if !df.none && p.facets != nil {
		df.tests = p.facets.compile(f)
	}
	return df
}

// ok reports whether document d passes.
func (df *docFilter) ok(d int) bool {
	switch {
	case df.none:
		return true
	case df.p.facets != nil:
		return match(df.tests, d)
	}
	return df.f.Match(df.p.chans[d])
}
