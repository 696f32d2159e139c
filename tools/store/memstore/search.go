package memstore

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"searchagent/tools/embed"
	"searchagent/tools/store"
)

// cand is a candidate document with its score (BM25 or hybrid
// similarity); in anchor searches cos is the embedding cosine and tier
// ranks the channels at or above the store's default minimum similarity
// before the others (they differ only with a lower MinScore).
type cand struct {
	doc   int32
	tier  int8
	score float64
	cos   float64
}

// keywordSets resolves keywords into the sorted documents matching all
// positive keywords with their summed scores (all == true when there is
// no positive keyword: every document), and the sorted documents matched
// by any excluded keyword.
func (p *partition) keywordSets(kws []store.Keyword, scored bool) (docs []uint32, scores []float64, all bool, excluded []uint32) {
	all = true
	for _, k := range kws {
		if k.Soft {
			continue // ranks only (softScores)
		}
		if k.Excluded {
			m, _ := p.keywordMatch(k, false)
			if excluded == nil {
				excluded = m
			} else {
				excluded = union(excluded, m)
			}
			continue
		}
		m, sc := p.keywordMatch(k, scored)
		if all {
			docs, scores, all = m, sc, false
			continue
		}
		docs, scores = intersectScored(docs, scores, m, sc)
	}
	return docs, scores, all, excluded
}

// aliasWeight scales the score of a document that a keyword matches only
// through an alias.
const aliasWeight = 0.8

// keywordMatch returns the documents one keyword matches, with its aliases
// (store.Aliases) in tag scope and, when they find no channel, its
// learned expansion (see
// partition.expansion), and their scores when scored. A document matched
// only through an alias ranks after every document that has the keyword's
// own word: alias scores are scaled (by at most aliasWeight) to stay under
// the lowest own-word score; a learned alias's also by its cosine.
func (p *partition) keywordMatch(k store.Keyword, scored bool) ([]uint32, []float64) {
	m, sc := p.ownMatch(k, scored)
	e, ok := p.expansion(k, func() int { return len(m) })
	if !ok {
		return m, sc
	}
	var am []uint32
	var asc []float64
	for i, alt := range e.Also {
		// A learned alias matches as a keyword would: with its own
		// alias-table aliases (the category gaming also meets the tag
		// Videogame).
		bm, bsc := p.ownMatch(store.Keyword{Text: alt, Scope: k.Scope}, scored)
		am, asc = unionScored(am, asc, bm, bsc, scored, e.Cosines[i])
	}
	return p.withAliases(m, sc, am, asc, scored)
}

// ownMatch is keywordMatch without the learned expansion: the keyword's
// own words and its alias-table aliases.
func (p *partition) ownMatch(k store.Keyword, scored bool) ([]uint32, []float64) {
	m, sc := p.text.match(p.text.plan(k), scored)
	aliases := store.Aliases(k)
	if len(aliases) == 0 {
		return m, sc
	}
	var am []uint32
	var asc []float64
	for _, alt := range aliases {
		bm, bsc := p.text.match(p.text.plan(store.Keyword{Text: alt, Scope: k.Scope}), scored)
		am, asc = unionScored(am, asc, bm, bsc, scored, 1)
	}
	return p.withAliases(m, sc, am, asc, scored)
}

// withAliases merges alias matches (am, asc) into own matches (m, sc),
// alias scores scaled under the lowest own score.
func (p *partition) withAliases(m []uint32, sc []float64, am []uint32, asc []float64, scored bool) ([]uint32, []float64) {
	w := aliasWeight
	if scored && len(sc) > 0 && len(asc) > 0 {
		lowOwn, highAlias := slices.Min(sc), slices.Max(asc)
		if highAlias > 0 && w*highAlias >= lowOwn {
			w = 0.99 * lowOwn / highAlias
		}
	}
	return unionScored(m, sc, am, asc, scored, w)
}

// unionScored merges two sorted document lists; a document in both keeps
// the better of its score in a and its score in b times w.
func unionScored(a []uint32, as []float64, b []uint32, bs []float64, scored bool, w float64) ([]uint32, []float64) {
	if len(b) == 0 {
		return a, as
	}
	out := make([]uint32, 0, len(a)+len(b))
	var outS []float64
	if scored {
		outS = make([]float64, 0, len(a)+len(b))
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			out = append(out, a[i])
			if scored {
				outS = append(outS, as[i])
			}
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			if scored {
				outS = append(outS, w*bs[j])
			}
			j++
		default:
			out = append(out, a[i])
			if scored {
				outS = append(outS, max(as[i], w*bs[j]))
			}
			i++
			j++
		}
	}
	return out, outS
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

// keywordCandidates appends the documents a keyword search finds to out
// (which may be a reused buffer) and returns it.
func (p *partition) keywordCandidates(kws []store.Keyword, f store.Filters, out []cand) []cand {
	docs, scores, all, excluded := p.keywordSets(kws, true)
	flt := p.filter(f)
	if all && scores == nil {
		// A filter-only search: the documents of the values an
		// inclusion keeps, in the same order, instead of every
		// channel of the platform (each still passes flt.ok).
		if sub, ok := flt.narrow(); ok {
			docs, all = sub, false
		}
	}
	soft := p.softScores(kws)
	p.each(docs, all, excluded, func(d, i int) {
		if !flt.ok(d) {
			return
		}
		c := cand{doc: int32(d)}
		if i >= 0 && scores != nil {
			c.score = scores[i]
		}
		c.score += soft[uint32(d)]
		out = append(out, c)
	})
	return out
}

// softScores sums the scores of the soft keywords per matching document:
// they rank, they never filter.
func (p *partition) softScores(kws []store.Keyword) map[uint32]float64 {
	var out map[uint32]float64
	for _, k := range kws {
		if !k.Soft {
			continue
		}
		m, sc := p.keywordMatch(k, true)
		if out == nil {
			out = make(map[uint32]float64, len(m))
		}
		for i, d := range m {
			out[d] += sc[i]
		}
	}
	return out
}

// candBufs recycles candidate buffers: a filter-only search over a big
// platform has thousands of candidates, and only their page outlives it.
var candBufs = sync.Pool{New: func() any { return new([]cand) }}

// similarCandidates returns the documents similar to anchor document ai
// that pass the keywords and filters, scored by the hybrid similarity; the
// anchor itself is never a candidate. An anchor with enough text has the
// channels whose cosine is at least minScore (tier 1 at or above
// defaultMin); a thin anchor (store.Profile.Thin) has the channels in its
// signal band (store.InBand), its cosine being hash noise. The returned
// slice may be shared with the cache: callers must not modify it.
func (p *partition) similarCandidates(ai int, kws []store.Keyword, f store.Filters, minScore, defaultMin float64) []cand {
	base := p.neighbours(ai, minScore, defaultMin)
	docs, _, all, excluded := p.keywordSets(kws, false)
	flt := p.filter(f)
	if all && len(excluded) == 0 && flt.none {
		return base
	}
	var out []cand
	i, x := 0, 0
	for _, c := range base {
		d := uint32(c.doc)
		if !all {
			for i < len(docs) && docs[i] < d {
				i++
			}
			if i == len(docs) {
				break
			}
			if docs[i] != d {
				continue
			}
		}
		for x < len(excluded) && excluded[x] < d {
			x++
		}
		if x < len(excluded) && excluded[x] == d {
			continue
		}
		if !flt.ok(int(d)) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// simKey names one outcome of the similarity gate in a partition.
type simKey struct {
	anchor               int32
	minScore, defaultMin float64
}

// maxCachedNeighbours bounds the length of a cached outcome: a longer one
// (a very low minimum score) is recomputed each time rather than held.
const maxCachedNeighbours = 4096

// neighbours returns the documents that pass the similarity gate around
// anchor document ai, in document order, with their cosine, hybrid score
// and tier: from the cache when it holds them. The slice is shared: callers
// must not modify it.
func (p *partition) neighbours(ai int, minScore, defaultMin float64) []cand {
	key := simKey{int32(ai), minScore, defaultMin}
	if p.sims != nil {
		if c, ok := p.sims.Get(key); ok {
			return c
		}
	}
	out := []cand{}
	p.gate(ai, minScore, defaultMin, func(d int, sim float64, sig store.Signals, tier int8) {
		out = append(out, cand{doc: int32(d), cos: sim, score: sig.Score(store.DefaultWeights), tier: tier})
	})
	out = slices.Clip(out)
	if p.sims != nil && len(out) <= maxCachedNeighbours {
		p.sims.Add(key, out)
	}
	return out
}

// gate calls fn, in document order, for each document that passes the
// similarity gate around anchor document ai, with its cosine, its hybrid
// signals and its tier: an anchor with enough text has the channels whose
// cosine is at least minScore (tier 1 at or above defaultMin), a thin
// anchor the channels in its signal band (all tier 1).
func (p *partition) gate(ai int, minScore, defaultMin float64, fn func(d int, sim float64, sig store.Signals, tier int8)) {
	a := p.vec(ai)
	ap := &p.profs[ai]
	thin := ap.Thin()
	for d := range p.chans {
		if d == ai {
			continue
		}
		cp := &p.profs[d]
		var sim float64
		if thin {
			if !store.InBand(ap, cp) {
				continue
			}
		} else if sim = float64(embed.Dot(a, p.vec(d))); sim < minScore {
			continue
		}
		sig := store.Compare(ap, cp, sim)
		sig.Learned = p.learned.cosine(ai, d)
		var tier int8
		if thin || sim >= defaultMin {
			tier = 1
		}
		fn(d, sim, sig, tier)
	}
}

// explain fills in the similarity and the reasons of a page of anchor
// search hits.
func (p *partition) explain(ai int, hits []store.Hit, minContent float64) {
	a := p.vec(ai)
	ap := &p.profs[ai]
	for i := range hits {
		d := int(p.pos[hits[i].Channel])
		cp := &p.profs[d]
		sim := float64(embed.Dot(a, p.vec(d)))
		sig := store.Compare(ap, cp, sim)
		sig.Learned = p.learned.cosine(ai, d)
		hits[i].Similarity = sig.Content
		hits[i].Reasons = sig.Reasons(ap, cp, minContent)
	}
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
	if fd, ok := by.Field(); ok {
		return func(a, b cand) int {
			if c := desc(fd.Number(p.chans[a.doc]), fd.Number(p.chans[b.doc])); c != 0 {
				return c
			}
			if c := descFloat(a.score, b.score); c != 0 {
				return c
			}
			return tie(a, b)
		}
	}
	switch by {
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
		if a.tier != b.tier {
			return int(b.tier) - int(a.tier)
		}
		if c := descFloat(a.score, b.score); c != 0 {
			return c
		}
		return tie(a, b)
	}
}

func desc(a, b int64) int { return cmp.Compare(b, a) }

func descFloat(a, b float64) int { return cmp.Compare(b, a) }

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
