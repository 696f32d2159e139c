package textmatch

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteScan is the reference for Scan: every occurrence of every pattern,
// found by strings.Index, at the word boundaries it needs, ordered by
// end, longest first, then by id.
func bruteScan(patterns []string, bounds []Bounds, text string) []Match {
	var out []Match
	for id, p := range patterns {
		if p == "" {
			continue
		}
		var w Bounds
		if bounds != nil {
			w = bounds[id]
		}
		for at := 0; at <= len(text); {
			k := strings.Index(text[at:], p)
			if k < 0 {
				break
			}
			start, end := at+k, at+k+len(p)
			if Bounded(text, w, start, end) {
				out = append(out, Match{ID: int32(id), Start: int32(start), End: int32(end)})
			}
			at = start + 1
		}
	}
	slices.SortFunc(out, func(a, b Match) int {
		return cmp.Or(cmp.Compare(a.End, b.End), cmp.Compare(a.Start, b.Start), cmp.Compare(a.ID, b.ID))
	})
	return out
}

// words returns the matched texts of ms, for readable failures.
func words(text string, ms []Match) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, text[m.Start:m.End])
	}
	return out
}

func TestScan(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		bounded  bool // WordBounds of each pattern, else none
		text     string
		want     []string // matched texts, by end, longest first
	}{
		{"overlaps and nesting", []string{"he", "she", "his", "hers"}, false, "ushers", []string{"she", "he", "hers"}},
		{"a pattern inside a longer one", []string{"粉丝", "粉丝数", "丝"}, false, "粉丝数", []string{"粉丝", "丝", "粉丝数"}},
		{"repeated occurrences", []string{"aa"}, false, "aaaa", []string{"aa", "aa", "aa"}},
		{"no pattern", []string{"x"}, false, "abc", []string{}},
		{"empty patterns are ignored", []string{"", "b"}, false, "abc", []string{"b"}},
		{"Latin word: not inside a word", []string{"tv"}, true, "atv tvx tv", []string{"tv"}},
		{"Latin word: a plural s may follow", []string{"tv"}, true, "tvs", []string{"tv"}},
		{"Latin word: a plural s must end the word", []string{"tv"}, true, "tvs2 tvsx", []string{}},
		{"Latin word: digits are word bytes", []string{"4k"}, true, "24k 4k", []string{"4k"}},
		{"Latin word: unbounded finds every place", []string{"tv"}, false, "atvx", []string{"tv"}},
		{"CJK needs no boundary", []string{"美国"}, true, "去美国的博主", []string{"美国"}},
		{"CJK next to Latin", []string{"ig", "博主"}, true, "ig博主", []string{"ig", "博主"}},
		{"punctuation ends a word", []string{"us"}, true, "(us), bus", []string{"us"}},
		{"invalid UTF-8 around a match", []string{"粉丝"}, false, "\xff粉丝\xe4", []string{"粉丝"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var bounds []Bounds
			if tc.bounded {
				for _, p := range tc.patterns {
					bounds = append(bounds, WordBounds(p))
				}
			}
			a := New(tc.patterns, bounds)
			if got := words(tc.text, a.Scan(tc.text, nil)); !slices.Equal(got, tc.want) {
				t.Errorf("Scan(%q) over %q = %q, want %q", tc.text, tc.patterns, got, tc.want)
			}
		})
	}
}

func TestWordBounds(t *testing.T) {
	tests := []struct {
		pattern string
		want    Bounds
	}{
		{"tv", WordStart | WordEnd},
		{"4k+", WordStart},
		{">10", WordEnd},
		{"粉丝", 0},
		{"ig 博主", WordStart},
		{"", 0},
	}
	for _, tc := range tests {
		if got := WordBounds(tc.pattern); got != tc.want {
			t.Errorf("WordBounds(%q) = %v, want %v", tc.pattern, got, tc.want)
		}
	}
}

// prefixes counts the states a trie of patterns has: the root and one per
// distinct non-empty prefix.
func prefixes(patterns []string) int {
	seen := map[string]bool{}
	for _, p := range patterns {
		for i := 1; i <= len(p); i++ {
			seen[p[:i]] = true
		}
	}
	return 1 + len(seen)
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

var alphabet = []string{"a", "b", "s", "ab", "ba", " ", "1", ".", ",", "一", "万", "粉", "丝", "粉丝", "國", "ｓ", "😀", "\xe4", "\xe4\xb8", "\xff", "\x00", "\x01", "\x1f"}

// TestScanMatchesBruteForce draws small pattern sets over a tiny
// alphabet (many overlaps, nested patterns, duplicates and empty
// patterns) and texts made of them, and requires Scan to find what
// bruteScan finds; the automaton has one state per trie node.
func TestScanMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for k := range 400 {
		var ps []string
		for range 1 + r.IntN(12) {
			ps = append(ps, randText(r, r.IntN(4), alphabet[:6], nil))
		}
		var bounds []Bounds
		if k%2 == 0 {
			for _, p := range ps {
				bounds = append(bounds, WordBounds(p))
			}
		}
		a := New(ps, bounds)
		if a.States() != prefixes(ps) {
			t.Errorf("New(%q).States() = %d, want %d", ps, a.States(), prefixes(ps))
		}
		for range 20 {
			text := randText(r, r.IntN(30), alphabet[:9], ps)
			if got, want := a.Scan(text, nil), bruteScan(ps, bounds, text); !slices.Equal(got, want) {
				t.Fatalf("New(%q).Scan(%q) = %v, want %v", ps, text, got, want)
			}
		}
	}
}

// TestStepFollowsPrefixesOnly checks the anchored reading: Step stays on
// the patterns' prefixes (a failure link is no step) and Ends names the
// patterns spelled exactly, duplicates included.
func TestStepFollowsPrefixesOnly(t *testing.T) {
	a := New([]string{"ab", "b", "abc", "ab"}, nil)
	tests := []struct {
		text string
		ok   bool
		ends []int32 // of the state after the whole text
	}{
		{"a", true, nil},
		{"ab", true, []int32{0, 3}},
		{"abc", true, []int32{2}},
		{"b", true, []int32{1}},
		{"abb", false, nil}, // "b" is a pattern, but not from the start
		{"c", false, nil},
	}
	for _, tc := range tests {
		s, ok := Root, true
		for i := 0; i < len(tc.text) && ok; i++ {
			s, ok = a.Step(s, tc.text[i])
		}
		if ok != tc.ok {
			t.Errorf("Step over %q: ok = %v, want %v", tc.text, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		var ids []int32
		for _, o := range a.Ends(s) {
			ids = append(ids, o.ID)
		}
		if !slices.Equal(ids, tc.ends) {
			t.Errorf("Ends after %q = %v, want %v", tc.text, ids, tc.ends)
		}
	}
}

// TestStopsNumberTheStatesWithOutputs checks the reading the router's scan
// tables are built from: one stop per state where a pattern ends, its
// outputs longest first, failure-link outputs included.
func TestStopsNumberTheStatesWithOutputs(t *testing.T) {
	patterns := []string{"he", "she", "his", "hers"}
	a := New(patterns, nil)
	if got := a.Stops(); got != 4 {
		t.Fatalf("Stops() = %d, want 4 (he, she, his, hers)", got)
	}
	var got []string
	for k := range a.Stops() {
		var outs []string
		for _, o := range a.Outputs(k) {
			if int(o.Len) != len(patterns[o.ID]) {
				t.Errorf("output %q has Len %d", patterns[o.ID], o.Len)
			}
			outs = append(outs, patterns[o.ID])
		}
		got = append(got, strings.Join(outs, "+"))
	}
	slices.Sort(got)
	if want := []string{"he", "hers", "his", "she+he"}; !slices.Equal(got, want) {
		t.Errorf("outputs by stop = %q, want %q", got, want)
	}
	// Run stops at each end, and Stop numbers it.
	s, i, ends := Root, 0, []string{}
	for text := "ushers"; i < len(text); i++ {
		if i, s = a.Run(text, i, s); i == len(text) {
			break
		}
		ends = append(ends, fmt.Sprint(i+1, ":", len(a.Outputs(a.Stop(s)))))
	}
	if want := []string{"4:2", "6:1"}; !slices.Equal(ends, want) {
		t.Errorf("Run over %q stopped at %q, want %q", "ushers", ends, want)
	}
}
