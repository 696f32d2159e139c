package router

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refScan is the reference for automaton.scan: the sparse automaton's
// matches, filtered by word boundaries the way the scan used to filter
// them.
func refScan(ref *refAutomaton, word []uint8, text string) []acMatch {
	var out []acMatch
	for _, m := range ref.scan(text, nil) {
		w := uint8(0)
		if word != nil {
			w = word[m.id]
		}
		if w&wordStart != 0 && m.start > 0 && isWordByte(text[m.start-1]) {
			continue
		}
		if w&wordEnd != 0 && int(m.end) < len(text) && isWordByte(text[m.end]) {
			if !(text[m.end] == 's' && (int(m.end)+1 == len(text) || !isWordByte(text[m.end+1]))) {
				continue
			}
		}
		out = append(out, m)
	}
	return out
}

// wordFlags derives word requirements the way Compile does for terms.
func wordFlags(patterns []string) []uint8 {
	w := make([]uint8, len(patterns))
	for i, p := range patterns {
		if p == "" {
			continue
		}
		if isWordByte(p[0]) {
			w[i] |= wordStart
		}
		if isWordByte(p[len(p)-1]) {
			w[i] |= wordEnd
		}
	}
	return w
}

// randText draws a string of n pieces from alphabet and the patterns,
// with random bytes (invalid UTF-8) mixed in.
func randText(r *rand.Rand, n int, alphabet []string, patterns []string) string {
	var b strings.Builder
	for range n {
		switch k := r.IntN(10); {
		case k < 4 && len(patterns) > 0:
			b.WriteString(patterns[r.IntN(len(patterns))])
		case k < 9:
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		default:
			b.WriteByte(byte(r.IntN(256)))
		}
	}
	return b.String()
}

var ahoAlphabet = []string{"a", "b", "s", "ab", "ba", " ", "1", ".", ",", "一", "万", "粉", "丝", "粉丝", "國", "ｓ", "😀", "\xe4", "\xe4\xb8", "\xff", "\x00", "\x01", "\x1f"}

func TestAutomatonMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	type tc struct {
		name     string
		patterns []string
		word     []uint8
		texts    []string
	}
	var cases []tc
	// The default snapshot's entries, on the benchmark inputs, the routing
	// cases' shapes and random text.
	snap := defaultSnapshot(t)
	pats := make([]string, len(snap.entries))
	word := make([]uint8, len(snap.entries))
	for i, e := range snap.entries {
		pats[i] = e.text
		if e.wordStart {
			word[i] |= wordStart
		}
		if e.wordEnd {
			word[i] |= wordEnd
		}
	}
	texts := []string{"", "s", "a", strings.Repeat("粉丝", 2000), strings.Repeat("ab ", 1400)}
	for _, in := range benchInputs {
		texts = append(texts, Normalize(in), in)
	}
	for range 300 {
		texts = append(texts, randText(r, r.IntN(60), ahoAlphabet, pats))
	}
	big := randText(r, 1500, ahoAlphabet, pats)
	texts = append(texts, big[:min(len(big), 4096)])
	cases = append(cases, tc{name: "default snapshot", patterns: pats, word: word, texts: texts})
	// Small random pattern sets over a tiny alphabet: many overlaps,
	// nested patterns, duplicates and empty patterns.
	for k := range 200 {
		var ps []string
		for range 1 + r.IntN(12) {
			ps = append(ps, randText(r, r.IntN(4), ahoAlphabet[:6], nil))
		}
		var ts []string
		for range 20 {
			ts = append(ts, randText(r, r.IntN(30), ahoAlphabet[:9], ps))
		}
		w := wordFlags(ps)
		if k%2 == 0 {
			w = nil
		}
		cases = append(cases, tc{name: "random", patterns: ps, word: w, texts: ts})
	}
	for _, c := range cases {
		a, ref := newAutomaton(c.patterns, c.word), newRefAutomaton(c.patterns)
		if a.states() != ref.states() {
			t.Errorf("%s: states() = %d, want %d", c.name, a.states(), ref.states())
		}
		for _, text := range c.texts {
			got, want := a.scan(text, nil), refScan(ref, c.word, text)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %q: scan(%q) = %v, want %v", c.name, c.patterns, text, got, want)
			}
		}
	}
}
