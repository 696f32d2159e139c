package textmatch

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// prefixesAt returns the matches of Prefixes at rune i of text, in order,
// as "pattern@end".
func prefixesAt(a *Automaton, patterns []string, text []rune, i int) []string {
	var out []string
	for _, p := range a.Prefixes(text, i, nil) {
		out = append(out, fmt.Sprintf("%s@%d", patterns[p.ID], p.End))
	}
	return out
}

func TestPrefixes(t *testing.T) {
	tests := []struct {
		name     string
		patterns []string
		text     string
		at       int // rune index
		limit    int // 0: the whole text
		want     []string
	}{
		{"shortest first, the longest last", []string{"粉丝数", "粉丝", "粉"}, "粉丝数多", 0, 0, []string{"粉@1", "粉丝@2", "粉丝数@3"}},
		{"CJK: a match inside a Chinese run", []string{"美国"}, "去美国人", 1, 0, []string{"美国@3"}},
		{"CJK after Latin letters", []string{"博主"}, "ig博主", 2, 0, []string{"博主@4"}},
		{"Latin: a word must end", []string{"usa"}, "usability", 0, 0, nil},
		{"Latin: the whole word", []string{"us", "usa"}, "usa!", 0, 0, []string{"usa@3"}},
		{"Latin: not from inside a word", []string{"sa"}, "usa", 1, 0, nil},
		{"Latin: not from after a joining hyphen", []string{"code"}, "no-code", 3, 0, nil},
		{"Latin: a joining hyphen continues the word", []string{"no", "no-code"}, "no-code", 0, 0, []string{"no-code@7"}},
		{"Latin: an apostrophe continues the word", []string{"creator"}, "creator's", 0, 0, nil},
		{"Latin: a trailing hyphen is no join", []string{"no"}, "no- way", 0, 0, []string{"no@2"}},
		{"Latin then CJK is a boundary", []string{"vlog"}, "vlog博主", 0, 0, []string{"vlog@4"}},
		{"accented letters are word runes", []string{"cafe"}, "caféx", 0, 0, nil},
		{"a space matches a run of white space", []string{"such as"}, "such \t\u00a0as x", 0, 0, []string{"such as@9"}},
		{"no space, no match", []string{"such as"}, "suchas", 0, 0, nil},
		{"the limit cuts the text", []string{"ab", "abc"}, "abc", 0, 2, []string{"ab@2"}},
		{"the limit is a boundary", []string{"ab"}, "abc", 0, 2, []string{"ab@2"}},
		{"a pattern given twice", []string{"ig", "ig"}, "ig", 0, 0, []string{"ig@2", "ig@2"}},
		{"start on a space", []string{" x", "x"}, "a x", 1, 0, []string{" x@3"}},
		{"two- and four-byte runes", []string{"é", "😀", "é😀"}, "é😀!", 0, 0, []string{"é@1", "é😀@2"}},
		{"the first and last three-byte runes", []string{"\u0800", "\uffff"}, "\u0800\uffff", 0, 0, []string{"\u0800@1"}},
		{"the first four-byte rune", []string{"\U00010000"}, "\U00010000", 0, 0, []string{"\U00010000@1"}},
		{"at the end of the text", []string{"ab"}, "ab", 2, 0, nil},
		{"symbols need no boundary", []string{"$"}, "$5", 0, 0, []string{"$@1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			text := []rune(tc.text)
			if tc.limit > 0 {
				text = text[:tc.limit]
			}
			a := New(tc.patterns, nil)
			if got := prefixesAt(a, tc.patterns, text, tc.at); !slices.Equal(got, tc.want) {
				t.Errorf("Prefixes of %q at %d over %q = %q, want %q", tc.text, tc.at, tc.patterns, got, tc.want)
			}
		})
	}
}

func TestFoldSpace(t *testing.T) {
	tests := []struct{ in, want string }{
		{"such as", "such as"},
		{"such \t as", "such as"},
		{"  a\u3000b ", " a b "},
		{"粉丝", "粉丝"},
	}
	for _, tc := range tests {
		if got := FoldSpace(tc.in); got != tc.want {
			t.Errorf("FoldSpace(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// brutePrefixes is the reference for Prefixes: each pattern tried rune by rune
// at i (a ' ' takes a run of white space), kept when it ends at a word
// boundary, ordered by end and then id.
func brutePrefixes(patterns []string, text []rune, i int) []string {
	if i > 0 && IsWordRune(text[i]) && (IsWordRune(text[i-1]) || InWordJoin(text, i-1)) {
		return nil
	}
	type hit struct {
		id, end int
	}
	var hits []hit
	for id, p := range patterns {
		if p == "" {
			continue
		}
		j, ok := i, true
		for _, r := range p {
			switch {
			case r == ' ' && j < len(text) && IsSpaceRune(text[j]):
				for j < len(text) && IsSpaceRune(text[j]) {
					j++
				}
			case j < len(text) && text[j] == r && !IsSpaceRune(r):
				j++
			default:
				ok = false
			}
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		last, _ := utf8.DecodeLastRuneInString(p)
		if last == ' ' || IsWordRune(last) && j < len(text) && (IsWordRune(text[j]) || InWordJoin(text, j)) {
			continue
		}
		hits = append(hits, hit{id, j})
	}
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(a.end, b.end), cmp.Compare(a.id, b.id)) })
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprintf("%s@%d", patterns[h.id], h.end))
	}
	return out
}

// TestPrefixesMatchesBruteForce draws pattern sets and texts of Latin
// letters, hyphens, apostrophes, CJK runes and white space, and requires
// Prefixes at every rune to report what brutePrefixes finds.
func TestPrefixesMatchesBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "b", "ab", "é", "-", "'", "😀", " ", "粉", "丝", "\t", "1"}
	for range 300 {
		var ps []string
		for range 1 + r.IntN(10) {
			ps = append(ps, FoldSpace(randText(r, 1+r.IntN(3), pieces[:9], nil)))
		}
		for range 10 {
			text := []rune(strings.ToValidUTF8(randText(r, r.IntN(12), pieces, ps), ""))
			if len(text) == 0 {
				continue
			}
			a := New(ps, nil)
			for i := range text {
				if got, want := prefixesAt(a, ps, text, i), brutePrefixes(ps, text, i); !slices.Equal(got, want) {
					t.Fatalf("Prefixes of %q at %d over %q = %q, want %q", string(text), i, ps, got, want)
				}
			}
		}
	}
}
