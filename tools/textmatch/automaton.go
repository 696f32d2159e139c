package textmatch

import (
	"math/bits"
	"slices"
	"sort"
)

// Automaton is a byte-level Aho–Corasick automaton over normalised text:
// one pass over the input reports every occurrence of every pattern.
// Patterns are UTF-8 strings, so a match always starts and ends on a rune
// boundary of valid UTF-8 text. An Automaton is immutable once built.
//
// The failure links are resolved at build time: the automaton is a DFA
// whose step is one or two table probes. The root and the states one
// byte deep (the hubs, which most failure chains end in) have full rows;
// another state's transitions are stored only where they differ from
// the row of the nearest hub on its failure chain, packed into one array
// of (check, next) slots in the manner of a double array: the transition
// of s on b is slots[base[s]+b].next when that slot's check is s, the
// hub's row at b otherwise.
// States that report matches are numbered last, so that a step needs one
// comparison to know whether anything ends at the current byte.
type Automaton struct {
	state []acState
	slots []acSlot
	// dense holds the full rows of the hub states: the root (row 0) and
	// the states one byte deep.
	dense []State
	// depth[s] is the length of the path from the root to s: a step
	// that does not deepen it by one left every pattern's prefix (Step).
	depth []int32
	// outStart is the first state with outputs; the outputs of state
	// s >= outStart are outs[outAt[s-outStart]:outAt[s-outStart+1]]
	// (patterns ending there, including through failure links, longest
	// first as the failure links order them).
	outStart State
	outAt    []int32
	outs     []Output
	// own[k] counts the outputs of state outStart+k that end exactly
	// there (the first ones: the rest come through failure links).
	own []uint8
}

// State is a state of an Automaton; Root is where every text starts.
type State int32

// Root is the start state of every Automaton.
const Root State = 0

// acState locates a state's row: its own transitions are in own (the
// 256 slots from its base in slots); every other transition is in def,
// its hub's dense row. The rows are array pointers so that a step
// indexes them by the byte without a bounds check.
type acState struct {
	own *[256]acSlot
	def *[256]State
}

// acSlot is one packed transition: next, owned by state check.
type acSlot struct {
	check, next State
}

// Output is one pattern that ends at a state: its id (its index in the
// patterns given to New), its byte length and the word boundaries its
// matches need.
type Output struct {
	ID     int32
	Len    int32
	Bounds Bounds
}

// Match is one occurrence: pattern ID and byte span [Start, End).
type Match struct {
	ID         int32
	Start, End int32
}

// New builds the automaton for patterns (ids are indexes). Empty
// patterns are ignored. bounds[id], when bounds is not nil, holds the
// word boundaries pattern id needs: Scan drops the occurrences that do
// not meet them, and Outputs reports them.
func New(patterns []string, bounds []Bounds) *Automaton {
	// The trie.
	type edge struct {
		b  byte
		to int32
	}
	type node struct {
		next []edge // sorted by byte
		out  []int32
	}
	find := func(n *node, b byte) (int, bool) {
		return sort.Find(len(n.next), func(i int) int { return int(b) - int(n.next[i].b) })
	}
	nodes := []node{{}}
	for id, p := range patterns {
		if p == "" {
			continue
		}
		s := int32(0)
		for i := 0; i < len(p); i++ {
			k, ok := find(&nodes[s], p[i])
			if !ok {
				nodes = append(nodes, node{})
				nodes[s].next = slices.Insert(nodes[s].next, k, edge{b: p[i], to: int32(len(nodes) - 1)})
			}
			s = nodes[s].next[k].to
		}
		nodes[s].out = append(nodes[s].out, int32(id))
	}
	goTo := func(s int32, b byte) int32 {
		if k, ok := find(&nodes[s], b); ok {
			return nodes[s].next[k].to
		}
		return -1
	}

	// Failure links and merged outputs, breadth first. rows[s] is the
	// DFA row of s where it differs from the root's: s's own edges over
	// the row of its failure state.
	n := len(nodes)
	fail := make([]int32, n)
	depth := make([]int32, n)
	outs := make([][]int32, n)
	rows := make([][]edge, n)
	order := make([]int32, 0, n) // breadth-first
	order = append(order, 0)
	for q := 0; q < len(order); q++ {
		s := order[q]
		for _, e := range nodes[s].next {
			c := e.to
			depth[c] = depth[s] + 1
			if s != 0 {
				f := fail[s]
				for {
					if t := goTo(f, e.b); t >= 0 {
						fail[c] = t
						break
					}
					if f == 0 {
						break // fail[c] stays 0
					}
					f = fail[f]
				}
			}
			order = append(order, c)
		}
		if s == 0 {
			continue
		}
		outs[s] = append(append([]int32(nil), nodes[s].out...), outs[fail[s]]...)
		row := append([]edge(nil), rows[fail[s]]...)
		for _, e := range nodes[s].next {
			if k, ok := sort.Find(len(row), func(i int) int { return int(e.b) - int(row[i].b) }); ok {
				row[k] = e
			} else {
				row = slices.Insert(row, k, e)
			}
		}
		rows[s] = row
	}

	// Number the states without outputs first (the root stays 0).
	id := make([]State, n)
	next := State(0)
	for _, withOut := range []bool{false, true} {
		for _, s := range order {
			if (len(outs[s]) > 0) == withOut {
				id[s] = next
				next++
			}
		}
	}
	a := &Automaton{state: make([]acState, n), depth: make([]int32, n)}
	for s := range nodes {
		a.depth[id[s]] = depth[s]
	}
	base := make([]int32, n) // by id: where the state's slots start
	def := make([]int32, n)  // by id: where its hub's dense row starts
	a.outStart = State(n)
	for s := range nodes {
		if len(outs[s]) > 0 {
			a.outStart = min(a.outStart, id[s])
		}
	}
	a.outAt = make([]int32, 0, n-int(a.outStart)+1)
	byID := make([]int32, n)
	for s := range nodes {
		byID[id[s]] = int32(s)
	}
	for _, s := range byID[a.outStart:] {
		a.outAt = append(a.outAt, int32(len(a.outs)))
		a.own = append(a.own, uint8(min(len(nodes[s].out), 255)))
		for _, p := range outs[s] {
			o := Output{ID: p, Len: int32(len(patterns[p]))}
			if bounds != nil {
				o.Bounds = bounds[p]
			}
			a.outs = append(a.outs, o)
		}
	}
	a.outAt = append(a.outAt, int32(len(a.outs)))

	// The hubs' full rows. hub[s] is the hub whose row s defaults to: s
	// itself for a hub, else the nearest hub on its failure chain.
	hub := make([]int32, n)
	hubs := append([]int32{0}, order[1:1+len(nodes[0].next)]...)
	a.dense = make([]State, 256*len(hubs))
	for k, h := range hubs {
		row := a.dense[256*k : 256*k+256]
		for _, e := range nodes[0].next {
			row[e.b] = id[e.to]
		}
		for _, e := range rows[h] {
			row[e.b] = id[e.to]
		}
		hub[h] = h
		def[id[h]] = int32(256 * k)
		rows[h] = nil // nothing differs from its own row
	}
	for _, s := range order[len(hubs):] { // breadth first: fail[s] is done
		h := hub[fail[s]]
		hub[s] = h
		def[id[s]] = def[id[h]]
		hrow := a.dense[def[id[h]]:][:256]
		kept := rows[s][:0:0]
		for _, e := range rows[s] {
			if hrow[e.b] != id[e.to] {
				kept = append(kept, e)
			}
		}
		rows[s] = kept
	}

	// Pack the rows, largest first, each at the first base where all its
	// slots are free.
	packOrder := make([]int32, 0, n)
	for s := 1; s < n; s++ {
		if len(rows[s]) > 0 {
			packOrder = append(packOrder, int32(s))
		}
	}
	sort.SliceStable(packOrder, func(i, j int) bool { return len(rows[packOrder[i]]) > len(rows[packOrder[j]]) })
	// used marks the slots taken, 64 to a word; a row fits at a base
	// when none of its slots is marked, which the row's mask checks a
	// word at a time.
	var used []uint64
	nextFree := func(i int) int { // the first free slot at or after i
		w := i >> 6
		if w >= len(used) {
			return i
		}
		m := ^used[w] &^ (1<<uint(i&63) - 1)
		for m == 0 {
			if w++; w == len(used) {
				return w << 6
			}
			m = ^used[w]
		}
		return w<<6 + bits.TrailingZeros64(m)
	}
	window := func(i int) uint64 { // the marks of slots i to i+63
		w, r := i>>6, uint(i&63)
		var x uint64
		if w < len(used) {
			x = used[w] >> r
		}
		if r != 0 && w+1 < len(used) {
			x |= used[w+1] << (64 - r)
		}
		return x
	}
	// unfit[mask] is a run of positions where a row of that shape does
	// not fit (slots are never freed, so it never will): the next row of
	// the shape starts after it, and the packing stays first-fit.
	type run struct{ lo, hi int }
	unfit := map[[4]uint64]run{}
	maxBase := 0
	for _, s := range packOrder {
		row := rows[s]
		b0 := int(row[0].b)
		var mask [4]uint64 // the row's bytes, from b0
		for _, e := range row {
			off := int(e.b) - b0
			mask[off>>6] |= 1 << uint(off&63)
		}
		known := run{lo: b0, hi: b0 - 1}
		if k, ok := unfit[mask]; ok && k.lo <= b0 && b0 <= k.hi+1 {
			known = k
		}
		for pos := nextFree(known.hi + 1); ; pos = nextFree(pos + 1) {
			fits := true
			for k, m := range mask {
				if m != 0 && window(pos+64*k)&m != 0 {
					fits = false
					break
				}
			}
			if !fits {
				continue
			}
			b := pos - b0
			for _, e := range row {
				i := b + int(e.b)
				for len(a.slots) <= i {
					a.slots = append(a.slots, acSlot{check: -1})
				}
				for len(used) <= i>>6 {
					used = append(used, 0)
				}
				used[i>>6] |= 1 << uint(i&63)
				a.slots[i] = acSlot{check: id[s], next: id[e.to]}
			}
			base[id[s]] = int32(b)
			maxBase = max(maxBase, b)
			unfit[mask] = run{lo: known.lo, hi: pos}
			break
		}
	}
	// Every probe base[s]+b stays inside slots.
	for len(a.slots) < maxBase+256 {
		a.slots = append(a.slots, acSlot{check: -1})
	}
	for i := range a.state {
		a.state[i] = acState{own: (*[256]acSlot)(a.slots[base[i]:]), def: (*[256]State)(a.dense[def[i]:])}
	}
	return a
}

// Scan appends every match in text to dst and returns it, in the order
// of their ends and, for one end, longest first. Matches that miss the
// word boundaries their pattern needs are left out.
func (a *Automaton) Scan(text string, dst []Match) []Match {
	s := Root
	for i := 0; i < len(text); i++ {
		if i, s = a.Run(text, i, s); i == len(text) {
			break
		}
		end := i + 1
		for _, o := range a.Outputs(a.Stop(s)) {
			start := end - int(o.Len)
			if o.Bounds != 0 && !Bounded(text, o.Bounds, start, end) {
				continue
			}
			dst = append(dst, Match{ID: o.ID, Start: int32(start), End: int32(end)})
		}
	}
	return dst
}

// Run steps from state s over text[i:] and stops after the first byte
// that leads to a state with outputs, returning its index and the state,
// or len(text) and the last state. It calls nothing, so that its loop
// keeps everything in registers; a caller that has precomputed what each
// output means reads them with Stop and its own tables.
func (a *Automaton) Run(text string, i int, s State) (int, State) {
	state, outStart := a.state, a.outStart
	for ; i < len(text); i++ {
		b := text[i]
		st := &state[s]
		if sl := &st.own[b]; sl.check == s {
			s = sl.next
		} else {
			s = st.def[b]
		}
		if s >= outStart {
			return i, s
		}
	}
	return i, s
}

// Stop numbers a state that has outputs (one Run stopped at) among such
// states: 0 ≤ Stop(s) < Stops().
func (a *Automaton) Stop(s State) int { return int(s - a.outStart) }

// Stops reports how many states have outputs.
func (a *Automaton) Stops() int { return len(a.outAt) - 1 }

// Outputs returns the patterns that end at the state numbered k by Stop,
// longest first (including those reached through failure links). The
// slice is the automaton's: callers must not change it.
func (a *Automaton) Outputs(k int) []Output {
	return a.outs[a.outAt[k]:a.outAt[k+1]:a.outAt[k+1]]
}

// Step follows byte b from state s along the patterns' prefixes: ok is
// false when the text read since Root followed by b is the prefix of no
// pattern (the anchored walk has left the dictionary).
func (a *Automaton) Step(s State, b byte) (next State, ok bool) {
	return a.deeper(s, a.depth[s], b)
}

// Ends returns the patterns spelled exactly by the path from Root to s,
// which Step reached: more than one when a pattern was given twice. The
// slice is the automaton's: callers must not change it.
func (a *Automaton) Ends(s State) []Output {
	if s < a.outStart {
		return nil
	}
	k := s - a.outStart
	at := a.outAt[k]
	return a.outs[at : at+int32(a.own[k]) : at+int32(a.own[k])]
}

// States reports the number of states, for benchmarks and lint output.
func (a *Automaton) States() int { return len(a.state) }
