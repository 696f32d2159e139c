package router

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/textmatch"
)

// bruteScan is the reference for the snapshot's automaton: every
// occurrence of every entry, found by strings.Index, at the word
// boundaries the entry needs, ordered by end and, for one end, longest
// first (then by id, as the automaton orders duplicates of one length
// by their ids).
func bruteScan(entries []acEntry, text string) []textmatch.Match {
	var out []textmatch.Match
	for id, e := range entries {
		for at := 0; at <= len(text); {
			k := strings.Index(text[at:], e.text)
			if k < 0 {
				break
			}
			start, end := at+k, at+k+len(e.text)
			if textmatch.Bounded(text, e.bounds, start, end) {
				out = append(out, textmatch.Match{ID: int32(id), Start: int32(start), End: int32(end)})
			}
			at = start + 1
		}
	}
	slices.SortFunc(out, func(a, b textmatch.Match) int {
		return cmp.Or(cmp.Compare(a.End, b.End), cmp.Compare(a.Start, b.Start), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// TestSnapshotAutomatonFindsEveryEntry checks the default snapshot's
// automaton (the one the scan's posting loop runs) against bruteScan on
// the benchmark inputs, long repetitive inputs and random text made of
// entries and stray bytes (invalid UTF-8 among them).
func TestSnapshotAutomatonFindsEveryEntry(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	snap := defaultSnapshot(t)
	pats := make([]string, len(snap.entries))
	for i, e := range snap.entries {
		pats[i] = e.text
	}
	texts := []string{"", "s", "a", strings.Repeat("粉丝", 2000), strings.Repeat("ab ", 1400)}
	for _, in := range benchInputs {
		texts = append(texts, Normalize(in), in)
	}
	alphabet := []string{"a", "b", "s", "ab", " ", "1", ".", "一", "万", "粉丝", "\xe4", "\xff", "\x00"}
	for range 300 {
		var b strings.Builder
		for range r.IntN(60) {
			if r.IntN(10) < 4 {
				b.WriteString(pats[r.IntN(len(pats))])
			} else {
				b.WriteString(alphabet[r.IntN(len(alphabet))])
			}
		}
		texts = append(texts, b.String())
	}
	for _, text := range texts {
		got, want := snap.ac.Scan(text, nil), bruteScan(snap.entries, text)
		if !slices.Equal(got, want) {
			t.Fatalf("Scan(%q) = %v, want %v", text, got, want)
		}
	}
}
