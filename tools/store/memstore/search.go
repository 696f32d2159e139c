package memstore

import (
	"slices"
	"strings"

	"searchagent/tools/embed"
	"searchagent/tools/store"
)

// cand is a candidate document with its score (BM25 or similarity).
type cand struct {
	doc   int32
	score float64
}

// keywordSets resolves keywords into the sorted documents matching all
// positive keywords with their summed scores (all == true when there is
// no positive keyword: every document), and the sorted documents matched
// by any excluded keyword.
func (p *partition) keywordSets(kws []store.Keyword, scored bool) (docs []uint32, scores []float64, all bool, excluded []uint32) {
	all = true
	for _, k := range kws {
		pl := p.text.plan(k)
		if k.Excluded {
			m, _ := p.text.match(pl, false)
			if excluded == nil {
				excluded = m
			} else {
				excluded = union(excluded, m)
			}
			continue
		}
		m, sc := p.text.match(pl, scored)
		if all {
			docs, scores, all = m, sc, false
			continue
		}
		docs, scores = intersectScored(docs, scores, m, sc)
	}
	return docs, scores, all, excluded
}

// intersectScored intersects two sorted document lists, adding scores.
func intersectScored(a []uint32, as []float64, b []uint32, bs []float64) ([]uint32, []float64) {
	var outS []float64
	if as != nil {
		outS = as[:0]
	}
	out := a[:0]
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			if as != nil {
				outS = append(outS, as[i]+bs[j])
			}
			i++
			j++
		}
	}
	return out, outS
}

// each calls fn for every candidate document: all of the platform's when
// all is set, else docs; documents in excluded (sorted) are skipped.
func (p *partition) each(docs []uint32, all bool, excluded []uint32, fn func(d int, i int)) {
	x := 0
	skip := func(d uint32) bool {
		for x < len(excluded) && excluded[x] < d {
			x++
		}
		return x < len(excluded) && excluded[x] == d
	}
	if all {
		for d := range p.chans {
			if !skip(uint32(d)) {
				fn(d, -1)
			}
		}
		return
	}
	for i, d := range docs {
		if !skip(d) {
			fn(int(d), i)
		}
	}
}

// keywordCandidates returns the documents a keyword search finds.
func (p *partition) keywordCandidates(kws []store.Keyword, f store.Filters) []cand {
	docs, scores, all, excluded := p.keywordSets(kws, true)
	noFilter := f.IsZero()
	var out []cand
	if all {
		out = make([]cand, 0, len(p.chans))
	} else {
		out = make([]cand, 0, len(docs))
	}
	p.each(docs, all, excluded, func(d, i int) {
		if !noFilter && !f.Match(p.chans[d]) {
			return
		}
		c := cand{doc: int32(d)}
		if i >= 0 && scores != nil {
			c.score = scores[i]
		}
		out = append(out, c)
	})
	return out
}

// similarCandidates returns the documents similar to anchor document ai
// (cosine ≥ min) that pass the keywords and filters; the anchor itself is
// never a candidate.
func (p *partition) similarCandidates(ai int, kws []store.Keyword, f store.Filters, minScore float64) []cand {
	docs, _, all, excluded := p.keywordSets(kws, false)
	a := p.vec(ai)
	noFilter := f.IsZero()
	var out []cand
	p.each(docs, all, excluded, func(d, _ int) {
		if d == ai {
			return
		}
		sim := float64(embed.Dot(a, p.vec(d)))
		if sim < minScore || !noFilter && !f.Match(p.chans[d]) {
			return
		}
		out = append(out, cand{doc: int32(d), score: sim})
	})
	return out
}

// rank orders cands by the sort and returns the page [offset,
// offset+limit) as hits.
func (p *partition) rank(cands []cand, by store.Sort, offset, limit int) []store.Hit {
	if offset >= len(cands) {
		return []store.Hit{}
	}
	cmp := p.comparator(by)
	top := topK(cands, offset+limit, cmp)
	top = top[offset:]
	hits := make([]store.Hit, len(top))
	for i, c := range top {
		hits[i] = store.Hit{Channel: p.chans[c.doc], Score: c.score}
	}
	return hits
}

// comparator returns the order of a sort: negative when a ranks first.
// Ties fall to followers (most first), then to the channel key.
func (p *partition) comparator(by store.Sort) func(a, b cand) int {
	tie := func(a, b cand) int {
		ca, cb := p.chans[a.doc], p.chans[b.doc]
		if ca.Followers != cb.Followers {
			return desc(ca.Followers, cb.Followers)
		}
		return strings.Compare(p.keys[a.doc], p.keys[b.doc])
	}
	switch by {
	case store.SortFollowers:
		return func(a, b cand) int {
			if c := desc(p.chans[a.doc].Followers, p.chans[b.doc].Followers); c != 0 {
				return c
			}
			if c := descFloat(a.score, b.score); c != 0 {
				return c
			}
			return tie(a, b)
		}
	case store.SortAvgViews:
		return func(a, b cand) int {
			if c := desc(p.chans[a.doc].AvgViews, p.chans[b.doc].AvgViews); c != 0 {
				return c
			}
			return tie(a, b)
		}
	case store.SortRecent:
		return func(a, b cand) int {
			ta, tb := p.chans[a.doc].LastPostAt, p.chans[b.doc].LastPostAt
			if c := tb.Compare(ta); c != 0 { // zero time is oldest: last
				return c
			}
			return tie(a, b)
		}
	}
	return func(a, b cand) int {
		if c := descFloat(a.score, b.score); c != 0 {
			return c
		}
		return tie(a, b)
	}
}

func desc(a, b int64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

func descFloat(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// topK returns the first m candidates in cmp order, sorted. It keeps a
// bounded max-heap (worst on top) of m entries, so it costs O(n log m).
func topK(cands []cand, m int, cmp func(a, b cand) int) []cand {
	if m >= len(cands) {
		out := slices.Clone(cands)
		slices.SortFunc(out, cmp)
		return out
	}
	h := make([]cand, 0, m)
	// worse reports whether h[i] ranks after h[j] (heap order: worst on top).
	worse := func(i, j int) bool { return cmp(h[i], h[j]) > 0 }
	down := func(i int) {
		for {
			l := 2*i + 1
			if l >= len(h) {
				return
			}
			w := l
			if r := l + 1; r < len(h) && worse(r, l) {
				w = r
			}
			if !worse(w, i) {
				return
			}
			h[i], h[w] = h[w], h[i]
			i = w
		}
	}
	for _, c := range cands {
		if len(h) < m {
			h = append(h, c)
			for i := len(h) - 1; i > 0; {
				parent := (i - 1) / 2
				if !worse(i, parent) {
					break
				}
				h[i], h[parent] = h[parent], h[i]
				i = parent
			}
			continue
		}
		if m == 0 || cmp(c, h[0]) >= 0 {
			continue
		}
		h[0] = c
		down(0)
	}
	slices.SortFunc(h, cmp)
	return h
}
