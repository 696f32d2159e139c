package router

import (
	"encoding/json"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The query path has fast paths (prefilters, pooled scratch, an own
// backtracker, precomputed strings). These tests hold them to the plain
// definitions they replace.

// TestQueryMatchesExplain: Query builds no trace, Explain does; their
// results must be identical for every routing case.
func TestQueryMatchesExplain(t *testing.T) {
	snap := defaultSnapshot(t)
	for _, c := range loadTestCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			q, err := snap.Query(c.Input)
			if err != nil {
				t.Fatalf("Query(%q) error = %v", c.Text, err)
			}
			e, _, err := snap.Explain(c.Input)
			if err != nil {
				t.Fatalf("Explain(%q) error = %v", c.Text, err)
			}
			qj, _ := json.Marshal(q)
			ej, _ := json.Marshal(e)
			if string(qj) != string(ej) {
				t.Errorf("Query(%q) = %s\nExplain result = %s", c.Text, qj, ej)
			}
		})
	}
}

// TestRequiredLiterals: literal sets of a few regexes.
func TestRequiredLiterals(t *testing.T) {
	tests := []struct {
		re   string
		want [][]string
	}{
		{`abc`, [][]string{{"abc"}}},
		{`(?:粉丝|订阅者?)\s*\d+`, [][]string{{"粉丝", "订阅"}, {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}}},
		{`a*b?`, nil},
		{`(?:x|y*)z`, [][]string{{"z"}}},
		{`(?i)abc`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.re, func(t *testing.T) {
			got := requiredLiterals(tc.re)
			for i := range got {
				slices.Sort(got[i])
			}
			for i := range tc.want {
				slices.Sort(tc.want[i])
			}
			slices.SortFunc(got, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			slices.SortFunc(tc.want, func(a, b []string) int { return strings.Compare(strings.Join(a, ","), strings.Join(b, ",")) })
			if len(got) != len(tc.want) {
				t.Fatalf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
			}
			for i := range got {
				if !slices.Equal(got[i], tc.want[i]) {
					t.Errorf("requiredLiterals(%q) = %q, want %q", tc.re, got, tc.want)
				}
			}
		})
	}
}

// foldRuneRef is the plain definition of foldRune.
func foldRuneRef(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	case r == utf8.RuneError:
		return ' '
	case r >= 0xFF01 && r <= 0xFF5E:
		return foldRuneRef(r - 0xFEE0)
	case r == 0x3000 || unicode.IsSpace(r):
		return ' '
	case r == 0x200B || r == 0x200C || r == 0x200D || r == 0xFEFF || r == 0x2060:
		return 0
	}
	switch r {
	case '。', '｡':
		return '.'
	case '､':
		return '、'
	case '“', '”', '「', '」', '『', '』', '《', '》':
		return '"'
	case '‘', '’':
		return '\''
	case '—', '–', '－', '〜':
		return '-'
	}
	if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
		return ' '
	}
	if r >= cjkLo && r <= cjkHi {
		if s := tradDense[r-cjkLo]; s != 0 {
			return rune(s)
		}
		return r
	}
	return unicode.ToLower(r)
}

// normalizeRef is the plain definition of normalize with offsets.
func normalizeRef(s string) (string, []int32) {
	var b strings.Builder
	var off []int32
	space := true
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		start := i
		i += size
		r = foldRuneRef(r)
		if r == ' ' {
			if space {
				continue
			}
			space = true
		} else {
			space = false
		}
		if r == 0 {
			continue
		}
		n := b.Len()
		b.WriteRune(r)
		for k := n; k < b.Len(); k++ {
			off = append(off, int32(start))
		}
	}
	out := b.String()
	if strings.HasSuffix(out, " ") {
		out = out[:len(out)-1]
		off = off[:len(out)]
	}
	off = append(off, int32(len(s)))
	if len(out) > 0 {
		last := off[len(out)-1]
		_, sz := utf8.DecodeRuneInString(s[last:])
		off[len(out)] = last + int32(sz)
	}
	return out, off
}

func TestFoldRuneMatchesDefinition(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if got, want := foldRune(r), foldRuneRef(r); got != want {
			t.Fatalf("foldRune(%U) = %U, want %U", r, got, want)
		}
	}
}

func TestNormalizeMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	alphabet := []string{"a", "B", " ", "  ", "\t", "\n", "國", "美", "，", "Ａ", "\u200b", "\u3000", "\xff", "\xe4\xb8", "\ufffd",
		"。", "“", "x", "1", "\x00", "\x7f", "É", "İ", "😀", "\u202e", "\uffe5", "\ue000"}
	for i := 0; i < 50000; i++ {
		var sb strings.Builder
		for k := rng.Intn(12); k > 0; k-- {
			sb.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		s := sb.String()
		want, wantOff := normalizeRef(s)
		got, gotOff, invalid := appendNormalized(nil, nil, s, true)
		if string(got) != want || !slices.Equal(gotOff, wantOff) || invalid != !utf8.ValidString(s) {
			t.Fatalf("appendNormalized(%q) = %q %v %v, want %q %v %v", s, got, gotOff, invalid, want, wantOff, !utf8.ValidString(s))
		}
		if got := Normalize(s); got != want {
			t.Fatalf("Normalize(%q) = %q, want %q", s, got, want)
		}
	}
}
