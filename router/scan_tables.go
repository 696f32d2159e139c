package router

// scanTables is what the scan's posting loop reads, flattened at Compile
// time so that a hit costs a few loads: the postings of every automaton
// entry in one array (hot[postAt[id]:postAt[id+1]] are entries[id].posts,
// index-aligned), with the weights the loop adds resolved, and per spec
// the patterns that run on every input.
type scanTables struct {
	hot    []hotPost
	postAt []int32
	// always[i] has bit pi set when pattern pi of spec i runs on every
	// input; wide[i] reports a spec with more than 64 patterns, which the
	// bit masks cannot describe (Lint forbids them).
	always []uint64
	wide   []bool
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
	for i := range s.ac.outs {
		o := &s.ac.outs[i]
		o.post0, o.post1 = t.postAt[o.id], t.postAt[o.id+1]
	}
	t.always = make([]uint64, len(s.specs))
	t.wide = make([]bool, len(s.specs))
	for i, cs := range s.specs {
		t.wide[i] = len(cs.patterns) > 64
		for pi := range cs.patterns {
			if cs.patterns[pi].always && pi < 64 {
				t.always[i] |= 1 << uint(pi)
			}
		}
	}
	return t
}
