package router

import (
	"slices"
	"sort"
)

// automaton is a byte-level Aho–Corasick automaton over normalised text:
// one pass over the input reports every occurrence of every term, lexicon
// name and pattern trigger of every spec. Patterns are UTF-8 strings, so a
// match always starts and ends on a rune boundary of valid UTF-8 text.
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
type automaton struct {
	state []acState
	slots []acSlot
	// dense holds the full rows of the hub states: the root (row 0) and
	// the states one byte deep.
	dense []int32
	// outStart is the first state with outputs; the outputs of state
	// s >= outStart are outs[outAt[s-outStart]:outAt[s-outStart+1]]
	// (patterns ending there, including through failure links, longest
	// first as the failure links order them).
	outStart int32
	outAt    []int32
	outs     []acOut
}

// acState locates a state's row: its own transitions are in own (the
// 256 slots from its base in slots); every other transition is in def,
// its hub's dense row. The rows are array pointers so that a step
// indexes them by the byte without a bounds check.
type acState struct {
	own *[256]acSlot
	def *[256]int32
}

// acSlot is one packed transition: next, owned by state check.
type acSlot struct {
	check, next int32
}

// acOut is one output of a state: a pattern, its byte length and the word
// boundaries its matches need.
type acOut struct {
	id   int32
	plen int32
	word uint8 // wordStart | wordEnd
	// post0 and post1 delimit the pattern's postings in the snapshot's
	// scan tables (set by newScanTables).
	post0, post1 int32
}

// Word boundary requirements of a pattern (see newAutomaton).
const (
	// wordStart: no ASCII letter or digit may precede a match.
	wordStart uint8 = 1 << iota
	// wordEnd: no ASCII letter or digit may follow a match, except a
	// plural "s" that ends a word.
	wordEnd
)

// acMatch is one occurrence: pattern id and byte span [start, end).
type acMatch struct {
	id         int32
	start, end int32
}

// isWordTab is isWordByte as a table.
var isWordTab = func() (t [256]bool) {
	for b := range t {
		t[b] = isWordByte(byte(b))
	}
	return t
}()

// newAutomaton builds the automaton for patterns (ids are indexes).
// Empty patterns are ignored. word[id], when word is not nil, holds the
// wordStart and wordEnd requirements of pattern id: scan drops the
// occurrences that do not meet them.
func newAutomaton(patterns []string, word []uint8) *automaton {
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
	outs := make([][]int32, n)
	rows := make([][]edge, n)
	order := make([]int32, 0, n) // breadth-first
	order = append(order, 0)
	for q := 0; q < len(order); q++ {
		s := order[q]
		for _, e := range nodes[s].next {
			c := e.to
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
	id := make([]int32, n)
	next := int32(0)
	for _, withOut := range []bool{false, true} {
		for _, s := range order {
			if (len(outs[s]) > 0) == withOut {
				id[s] = next
				next++
			}
		}
	}
	a := &automaton{state: make([]acState, n)}
	base := make([]int32, n) // by id: where the state's slots start
	def := make([]int32, n)  // by id: where its hub's dense row starts
	a.outStart = int32(n)
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
		for _, p := range outs[s] {
			o := acOut{id: p, plen: int32(len(patterns[p]))}
			if word != nil {
				o.word = word[p]
			}
			a.outs = append(a.outs, o)
		}
	}
	a.outAt = append(a.outAt, int32(len(a.outs)))

	// The hubs' full rows. hub[s] is the hub whose row s defaults to: s
	// itself for a hub, else the nearest hub on its failure chain.
	hub := make([]int32, n)
	hubs := append([]int32{0}, order[1:1+len(nodes[0].next)]...)
	a.dense = make([]int32, 256*len(hubs))
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
	var used []bool
	free := func(i int) bool { return i >= len(used) || !used[i] }
	// skip[i] leads towards the first free slot at or after i.
	var skip []int32
	nextFree := func(i int) int {
		j := i
		for j < len(skip) && int(skip[j]) != j {
			j = int(skip[j])
		}
		for i < len(skip) && int(skip[i]) != i { // path compression
			i, skip[i] = int(skip[i]), int32(j)
		}
		return j
	}
	maxBase := 0
	for _, s := range packOrder {
		row := rows[s]
		b0 := int(row[0].b)
		for pos := nextFree(b0); ; pos = nextFree(pos + 1) {
			b := pos - b0
			fits := true
			for _, e := range row[1:] {
				if !free(b + int(e.b)) {
					fits = false
					break
				}
			}
			if !fits {
				continue
			}
			for _, e := range row {
				i := b + int(e.b)
				for len(used) <= i {
					skip = append(skip, int32(len(used)))
					used = append(used, false)
					a.slots = append(a.slots, acSlot{check: -1})
				}
				used[i] = true
				skip[i] = int32(i + 1)
				a.slots[i] = acSlot{check: id[s], next: id[e.to]}
			}
			base[id[s]] = int32(b)
			maxBase = max(maxBase, b)
			break
		}
	}
	// Every probe base[s]+b stays inside slots.
	for len(a.slots) < maxBase+256 {
		a.slots = append(a.slots, acSlot{check: -1})
	}
	for i := range a.state {
		a.state[i] = acState{own: (*[256]acSlot)(a.slots[base[i]:]), def: (*[256]int32)(a.dense[def[i]:])}
	}
	return a
}

// scan appends every match in text to dst and returns it, in the order
// of their ends and, for one end, longest first. Matches that miss the
// word boundaries their pattern needs are left out.
func (a *automaton) scan(text string, dst []acMatch) []acMatch {
	s := int32(0)
	for i := 0; i < len(text); i++ {
		if i, s = a.run(text, i, s); i == len(text) {
			break
		}
		dst = a.emit(text, i+1, s, dst)
	}
	return dst
}

// run steps from state s over text[i:] and stops after the first byte
// that leads to a state with outputs, returning its index and the state,
// or len(text) and the last state. It calls nothing, so that its loop
// keeps everything in registers.
func (a *automaton) run(text string, i int, s int32) (int, int32) {
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

// emit appends the matches of state s ending at end.
func (a *automaton) emit(text string, end int, s int32, dst []acMatch) []acMatch {
	k := s - a.outStart
	for _, o := range a.outs[a.outAt[k]:a.outAt[k+1]] {
		start := end - int(o.plen)
		if o.word != 0 {
			if o.word&wordStart != 0 && start > 0 && isWordTab[text[start-1]] {
				continue
			}
			// A following word byte is allowed when it is a plural "s"
			// that ends the word.
			if o.word&wordEnd != 0 && end < len(text) && isWordTab[text[end]] &&
				(text[end] != 's' || end+1 < len(text) && isWordTab[text[end+1]]) {
				continue
			}
		}
		dst = append(dst, acMatch{id: o.id, start: int32(start), end: int32(end)})
	}
	return dst
}

// states reports the number of states, for benchmarks and lint output.
func (a *automaton) states() int { return len(a.state) }
