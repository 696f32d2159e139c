package condparse

import (
	"slices"
	"unicode"
)

// trieNode is a rune trie over folded dictionary spellings. A ' ' edge
// matches any run of whitespace in the input.
type trieNode struct {
	kids map[rune]*trieNode
	ents []*lexEntry
}

func newTrieNode() *trieNode { return &trieNode{} }

func (n *trieNode) insert(word string, e *lexEntry) {
	prevSpace := false
	for _, r := range word {
		if unicode.IsSpace(r) {
			if prevSpace {
				continue
			}
			r, prevSpace = ' ', true
		} else {
			prevSpace = false
		}
		if n.kids == nil {
			n.kids = map[rune]*trieNode{}
		}
		k, ok := n.kids[r]
		if !ok {
			k = newTrieNode()
			n.kids[r] = k
		}
		n = k
	}
	n.ents = append(n.ents, e)
}

// match returns the longest dictionary match at norm[i:] that respects word
// boundaries and upper-case requirements, as its end index and entries.
func (lx *lexicon) match(t *text, i, limit int) (int, []*lexEntry) {
	norm := t.norm[:limit]
	if i > 0 && isWordRune(norm[i]) && (isWordRune(norm[i-1]) || inWordJoin(norm, i-1)) {
		return 0, nil
	}
	n := lx.root
	j := i
	bestEnd := 0
	var best []*lexEntry
	for j < len(norm) && n.kids != nil {
		r := norm[j]
		if isSpaceRune(r) {
			k := n.kids[' ']
			if k == nil {
				break
			}
			for j < len(norm) && isSpaceRune(norm[j]) {
				j++
			}
			n = k
			continue
		}
		k := n.kids[r]
		if k == nil {
			break
		}
		n = k
		j++
		if len(n.ents) == 0 {
			continue
		}
		last := norm[j-1]
		if isWordRune(last) && j < len(norm) && (isWordRune(norm[j]) || inWordJoin(norm, j)) {
			continue
		}
		ents := n.ents
		if needsUpper(ents) {
			ents = filterUpper(ents, t, i, limit)
			if len(ents) == 0 {
				continue
			}
		}
		bestEnd, best = j, ents
	}
	return bestEnd, best
}

// inWordJoin reports whether norm[k] is a hyphen or apostrophe joining two
// word runes ("no-code", "creator's").
func inWordJoin(norm []rune, k int) bool {
	if k <= 0 || k+1 >= len(norm) {
		return false
	}
	r := norm[k]
	if r != '-' && r != '\'' {
		return false
	}
	return isWordRune(norm[k-1]) && isWordRune(norm[k+1])
}

func needsUpper(es []*lexEntry) bool {
	for _, e := range es {
		if len(e.upper) > 0 {
			return true
		}
	}
	return false
}

// filterUpper keeps the entries whose upper-case requirements hold in the
// original text starting at rune i.
func filterUpper(es []*lexEntry, t *text, i, limit int) []*lexEntry {
	var out []*lexEntry
	for _, e := range es {
		if len(e.upper) == 0 || upperHolds(e, t, i, limit) {
			out = append(out, e)
		}
	}
	return out
}

// upperHolds checks e.upper against the original text at rune i; a space in
// the spelling matches a run of whitespace.
func upperHolds(e *lexEntry, t *text, i, limit int) bool {
	wi := 0 // rune index in e.word
	j := i
	for _, r := range e.word {
		if j >= limit {
			return false
		}
		if r == ' ' {
			for j < limit && isSpaceRune(t.norm[j]) {
				j++
			}
			wi++
			continue
		}
		if slices.Contains(e.upper, wi) && !unicode.IsUpper(t.orig[j]) {
			return false
		}
		wi++
		j++
	}
	return true
}
