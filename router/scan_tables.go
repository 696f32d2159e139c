package router

import "searchagent/tools/textmatch"

// scanTables is what the scan's posting loop reads, flattened at Compile
// time so that a hit costs a few loads: the postings of every automaton
// entry in one array (hot[postAt[id]:postAt[id+1]] are entries[id].posts,
// index-aligned), with the weights the loop adds resolved; per automaton
// state with outputs, the postings of all its outputs in one list; and
// per spec the patterns that run on every input.
type scanTables struct {
	hot    []hotPost
	postAt []int32
	// stopsOf[k] are the postings of every output of automaton state
	// outStart+k, in the order of its outputs (longest first) and, for
	// one output, of its entry's postings: capped windows of stops.
	stops   []stopPost
	stopsOf [][]stopPost
	// always[i] has bit pi set when pattern pi of spec i runs on every
	// input.
	always []patMask
}

// hotPost is a posting reduced to what the scan needs.
type hotPost struct {
	kind postKind
	// gate: an anchor posting of a pattern gated by its anchor hits.
	gate bool
	idx  int32
	spec int32
	// weight is a term group's weight or a lexicon reference's weight.
	weight float64
}

// stopPost is a posting of one output of an automaton state: the
// posting, its place among its entry's postings and the output's match
// length and word boundary requirements.
type stopPost struct {
	hotPost
	word      textmatch.Bounds
	plen      int32
	ent, post int32
	// bit is 1<<idx, the posting's bit in the term group and lexicon
	// masks (Lint's bound of 64 each); a trigger or anchor posting sets
	// its pattern idx in a patMask instead.
	bit uint64
}

// newScanTables flattens s's entries and patterns and points the
// automaton's outputs at their postings.
func newScanTables(s *Snapshot) scanTables {
	t := scanTables{postAt: make([]int32, 0, len(s.entries)+1)}
	for _, ent := range s.entries {
		t.postAt = append(t.postAt, int32(len(t.hot)))
		for _, p := range ent.posts {
			h := hotPost{kind: p.kind, idx: p.idx, spec: p.spec}
			switch p.kind {
			case postTerm:
				h.weight = p.weight
			case postLex:
				h.weight = s.specs[p.spec].Lexicons[p.idx].Weight
			case postAnchor:
				h.gate = s.specs[p.spec].patterns[p.idx].gateByAn
			}
			t.hot = append(t.hot, h)
		}
	}
	t.postAt = append(t.postAt, int32(len(t.hot)))
	ac := s.ac
	stopAt := make([]int32, 0, ac.Stops()+1)
	for k := range ac.Stops() {
		stopAt = append(stopAt, int32(len(t.stops)))
		for _, o := range ac.Outputs(k) {
			post0, post1 := t.postAt[o.ID], t.postAt[o.ID+1]
			for pi := post0; pi < post1; pi++ {
				t.stops = append(t.stops, stopPost{hotPost: t.hot[pi], word: o.Bounds, plen: o.Len, ent: o.ID, post: pi - post0, bit: uint64(1) << uint(t.hot[pi].idx)})
			}
		}
	}
	stopAt = append(stopAt, int32(len(t.stops)))
	t.stopsOf = make([][]stopPost, len(stopAt)-1)
	for k := range t.stopsOf {
		t.stopsOf[k] = t.stops[stopAt[k]:stopAt[k+1]:stopAt[k+1]]
	}
	t.always = make([]patMask, len(s.specs))
	for i, cs := range s.specs {
		for pi := range cs.patterns {
			if cs.patterns[pi].always && pi < MaxPatterns { // Lint's bound
				t.always[i] = t.always[i].with(pi)
			}
		}
	}
	return t
}
