package router

// refAutomaton is the original sparse Aho–Corasick automaton (goto, failure
// links, merged outputs), kept as the reference the dense one is tested against.
import (
	"math/bits"
	"sort"
)

// refAutomaton is a byte-level Aho–Corasick automaton over normalised text:
// one pass over the input reports every occurrence of every term, lexicon
// name and pattern trigger of every spec. Patterns are UTF-8 strings, so a
// match always starts and ends on a rune boundary of valid UTF-8 text.
type refAutomaton struct {
	root  [256]int32 // dense transitions out of the root
	first []int32    // per state: index of its first edge in edges
	nedge []int32    // per state: number of edges
	edges []acEdge   // sorted by byte within a state
	// bits[4*s:4*s+4] marks the bytes state s has edges for; an edge's
	// index is first[s] plus the number of marked bytes below it, of
	// which cum[s] holds the counts before each 64-byte word.
	bits []uint64
	cum  [][4]uint8
	fail []int32
	// outputs of state s are outs[outAt[s]:outAt[s+1]] (pattern ids,
	// including those reached through failure links).
	outAt []int32
	outs  []int32
	plen  []int32 // byte length of each pattern
}

type acEdge struct {
	b  byte
	to int32
}

// newRefAutomaton builds the refAutomaton for patterns (ids are indexes).
// Empty patterns are ignored.
func newRefAutomaton(patterns []string) *refAutomaton {
	type node struct {
		next map[byte]int32
		out  []int32
	}
	nodes := []node{{next: map[byte]int32{}}}
	for id, p := range patterns {
		if p == "" {
			continue
		}
		s := int32(0)
		for i := 0; i < len(p); i++ {
			nx, ok := nodes[s].next[p[i]]
			if !ok {
				nodes = append(nodes, node{next: map[byte]int32{}})
				nx = int32(len(nodes) - 1)
				nodes[s].next[p[i]] = nx
			}
			s = nx
		}
		nodes[s].out = append(nodes[s].out, int32(id))
	}
	a := &refAutomaton{
		first: make([]int32, len(nodes)),
		nedge: make([]int32, len(nodes)),
		fail:  make([]int32, len(nodes)),
		plen:  make([]int32, len(patterns)),
	}
	for id, p := range patterns {
		a.plen[id] = int32(len(p))
	}
	for s := range nodes {
		keys := make([]int, 0, len(nodes[s].next))
		for b := range nodes[s].next {
			keys = append(keys, int(b))
		}
		sort.Ints(keys)
		a.first[s] = int32(len(a.edges))
		a.nedge[s] = int32(len(keys))
		for _, b := range keys {
			a.edges = append(a.edges, acEdge{b: byte(b), to: nodes[s].next[byte(b)]})
		}
	}
	a.bits = make([]uint64, 4*len(nodes))
	a.cum = make([][4]uint8, len(nodes))
	for st := range nodes {
		for _, e := range a.edges[a.first[st] : a.first[st]+a.nedge[st]] {
			a.bits[4*st+int(e.b>>6)] |= 1 << (e.b & 63)
		}
		for k := 1; k < 4; k++ {
			a.cum[st][k] = a.cum[st][k-1] + uint8(bits.OnesCount64(a.bits[4*st+k-1]))
		}
	}
	for b := 0; b < 256; b++ {
		a.root[b] = nodes[0].next[byte(b)] // 0 when absent
	}
	// Breadth-first failure links; outputs merged along them.
	outs := make([][]int32, len(nodes))
	outs[0] = nodes[0].out
	queue := make([]int32, 0, len(nodes))
	for b := 0; b < 256; b++ {
		if c := a.root[b]; c != 0 {
			a.fail[c] = 0
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		outs[s] = append(append([]int32(nil), nodes[s].out...), outs[a.fail[s]]...)
		for e := a.first[s]; e < a.first[s]+a.nedge[s]; e++ {
			c, b := a.edges[e].to, a.edges[e].b
			f := a.fail[s]
			for {
				if t := a.step(f, b); t >= 0 && (f != 0 || t != 0) {
					a.fail[c] = t
					break
				}
				if f == 0 {
					a.fail[c] = 0
					break
				}
				f = a.fail[f]
			}
			queue = append(queue, c)
		}
	}
	a.outAt = make([]int32, len(nodes)+1)
	for s := range nodes {
		a.outAt[s] = int32(len(a.outs))
		a.outs = append(a.outs, outs[s]...)
	}
	a.outAt[len(nodes)] = int32(len(a.outs))
	return a
}

// step returns the goto transition of s on b, or -1. From the root it is
// total (0 when there is no edge).
func (a *refAutomaton) step(s int32, b byte) int32 {
	if s == 0 {
		return a.root[b]
	}
	k := b >> 6
	w, bit := a.bits[4*int(s)+int(k)], uint64(1)<<(b&63)
	if w&bit == 0 {
		return -1
	}
	rank := int32(a.cum[s][k]) + int32(bits.OnesCount64(w&(bit-1)))
	return a.edges[a.first[s]+rank].to
}

// scan appends every match in text to dst and returns it.
func (a *refAutomaton) scan(text string, dst []acMatch) []acMatch {
	s := int32(0)
	for i := 0; i < len(text); i++ {
		b := text[i]
		for {
			t := a.step(s, b)
			if t >= 0 {
				s = t
				break
			}
			s = a.fail[s]
		}
		for k := a.outAt[s]; k < a.outAt[s+1]; k++ {
			id := a.outs[k]
			dst = append(dst, acMatch{id: id, start: int32(i+1) - a.plen[id], end: int32(i + 1)})
		}
	}
	return dst
}

// states reports the number of states, for benchmarks and lint output.
func (a *refAutomaton) states() int { return len(a.first) }
