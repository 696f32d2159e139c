package router

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// normAlphabet mixes ASCII runs, CJK (simplified and traditional),
// full-width forms, punctuation that folds, spaces of every kind,
// zero-width and control characters, runes whose lower case is longer,
// emoji and invalid UTF-8.
var normAlphabet = []string{
	"a", "B", "Z", "s", "hello", "US", " ", "  ", "\t", "\n", "\r\n", "\x00", "\x1f", "\x7f",
	"國", "國家", "粉絲", "美", "一", "二十", "半", "万", "，", "。", "、", "“", "”", "—", "〜", "《", "》",
	"Ａ", "ｚ", "１０Ｋ", "\u3000", "\u00a0", "\u2028", "\u200b", "\u200d", "\ufeff", "\u2060", "\u202e",
	"É", "İ", "Ⱥ", "Ɫ", "K", "ſ", "ß", "😀", "👍🏽", "\U0001F1FA\U0001F1F8", "\ufffd", "\ue000", "\uffe5",
	"\xff", "\xfe", "\xe4\xb8", "\xe4", "\xc3", "\xed\xa0\x80", "\xf0\x9f", "\xef\xbf", "1", "10", ".", ",", "3.5", "1,000",
}

func randNormText(r *rand.Rand, pieces int) string {
	var b strings.Builder
	for range pieces {
		b.WriteString(normAlphabet[r.IntN(len(normAlphabet))])
	}
	return b.String()
}

func TestNormalizeFastPathsMatchDefinition(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	texts := []string{"", " ", "\u200b", "a ", " a", strings.Repeat("國", 1400), strings.Repeat("Ab ", 1400), strings.Repeat("\xff", 4096)}
	texts = append(texts, benchInputs...)
	for range 20000 {
		texts = append(texts, randNormText(r, r.IntN(24)))
	}
	for range 30 {
		s := randNormText(r, 2000)
		texts = append(texts, s[:min(len(s), 4096)])
	}
	for _, s := range texts {
		want, wantOff := normalizeRef(s)
		got, gotOff, invalid := appendNormalized(nil, nil, s, true)
		if string(got) != want || !slices.Equal(gotOff, wantOff) || invalid != !utf8.ValidString(s) {
			t.Fatalf("appendNormalized(%q, true) = %q %v %v, want %q %v %v", s, got, gotOff, invalid, want, wantOff, !utf8.ValidString(s))
		}
		// Reused buffers with stale contents.
		got, gotOff, _ = appendNormalized([]byte("stale"), []int32{9, 9}, s, true)
		if string(got) != want || !slices.Equal(gotOff, wantOff) {
			t.Fatalf("appendNormalized(%q, true) on used buffers = %q %v, want %q %v", s, got, gotOff, want, wantOff)
		}
		got, _, _ = appendNormalized([]byte("x"), nil, s, false)
		if string(got) != "x"+want {
			t.Fatalf("appendNormalized(%q, false) = %q, want %q", s, got, "x"+want)
		}
		if got, want := isNormalized(s), want == s; got != want {
			t.Fatalf("isNormalized(%q) = %v, want %v", s, got, want)
		}
		// Normal forms are usually, not always, normal (a dropped
		// zero-width rune between spaces keeps both).
		if got, again := isNormalized(want), normalizeRefString(want) == want; got != again {
			t.Fatalf("isNormalized(%q) = %v, want %v", want, got, again)
		}
	}
}

func normalizeRefString(s string) string {
	n, _ := normalizeRef(s)
	return n
}
