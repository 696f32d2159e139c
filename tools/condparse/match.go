package condparse

import (
	"slices"
	"unicode"

	"searchagent/tools/textmatch"
)

// match returns the longest dictionary match at norm[i:] that respects word
// boundaries and upper-case requirements, as its end index and entries.
// The word boundaries are textmatch.Prefixes'; the upper-case requirements
// are the lexicon's own.
func (lx *lexicon) match(t *text, i, limit int) (int, []*lexEntry) {
	var buf [8]textmatch.Prefix
	ps := lx.dict.Prefixes(t.norm[:limit], i, buf[:0])
	for k := len(ps) - 1; k >= 0; k-- { // longest first
		ents := lx.ents[ps[k].ID]
		if needsUpper(ents) {
			ents = filterUpper(ents, t, i, limit)
			if len(ents) == 0 {
				continue
			}
		}
		return int(ps[k].End), ents
	}
	return 0, nil
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
			for j < limit && textmatch.IsSpaceRune(t.norm[j]) {
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
