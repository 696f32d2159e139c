package textmatch

import "testing"

func TestRuneClasses(t *testing.T) {
	tests := []struct {
		r              rune
		wordByte, word bool // IsWordByte (ASCII only), IsWordRune
		space, cjk     bool
	}{
		{'a', true, true, false, false},
		{'z', true, true, false, false},
		{'A', true, true, false, false},
		{'Z', true, true, false, false},
		{'0', true, true, false, false},
		{'9', true, true, false, false},
		{'`', false, false, false, false},
		{'{', false, false, false, false},
		{'@', false, false, false, false},
		{'[', false, false, false, false},
		{'/', false, false, false, false},
		{':', false, false, false, false},
		{'-', false, false, false, false},
		{' ', false, false, true, false},
		{'\t', false, false, true, false},
		{0x00, false, false, true, false},
		{'!', false, false, false, false},
		{0x7f, false, false, true, false},
		{0x80, false, false, true, false},   // a C1 control
		{0xa0, false, false, true, false},   // no-break space
		{'é', false, true, false, false},    // a Latin letter past ASCII
		{'Ж', false, true, false, false},    // Cyrillic
		{0x0301, false, true, false, false}, // a combining mark (Mn)
		{'中', false, false, false, true},    // CJK: a word of its own
		{0x4e00, false, false, false, true}, // the first CJK ideograph
		{0x9fa5, false, false, false, true},
		{'ー', false, false, false, true},      // the katakana prolonged sound mark
		{'ก', false, false, false, true},      // Thai, written without spaces
		{'한', false, true, false, false},      // Hangul is spaced: a word rune
		{0x3000, false, false, true, false},   // ideographic space
		{0x3001, false, false, false, false},  // 、
		{'，', false, false, false, false},     // full-width comma
		{0x200b, false, false, true, false},   // zero-width space (Cf)
		{0xfeff, false, false, true, false},   // byte order mark (Cf)
		{0xfffd, false, false, true, false},   // the replacement character
		{0x1f600, false, false, false, false}, // an emoji
	}
	for _, tc := range tests {
		if tc.r < 0x80 {
			if got := IsWordByte(byte(tc.r)); got != tc.wordByte {
				t.Errorf("IsWordByte(%q) = %v, want %v", tc.r, got, tc.wordByte)
			}
		}
		if got := IsWordRune(tc.r); got != tc.word {
			t.Errorf("IsWordRune(%q) = %v, want %v", tc.r, got, tc.word)
		}
		if got := IsSpaceRune(tc.r); got != tc.space {
			t.Errorf("IsSpaceRune(%q) = %v, want %v", tc.r, got, tc.space)
		}
		if got := IsCJK(tc.r); got != tc.cjk {
			t.Errorf("IsCJK(%q) = %v, want %v", tc.r, got, tc.cjk)
		}
	}
}

func TestInWordJoin(t *testing.T) {
	tests := []struct {
		text string
		k    int
		want bool
	}{
		{"no-code", 2, true},
		{"creator's", 7, true},
		{"no- code", 2, false},
		{"no -code", 3, false},
		{"a_b", 1, false},
		{"中-国", 1, false}, // CJK runes are no word runes
		{"é-b", 1, true},
		{"-ab", 0, false},
		{"ab-", 2, false},
		{"a-b", 0, false},
	}
	for _, tc := range tests {
		if got := InWordJoin([]rune(tc.text), tc.k); got != tc.want {
			t.Errorf("InWordJoin(%q, %d) = %v, want %v", tc.text, tc.k, got, tc.want)
		}
	}
}

func TestBounded(t *testing.T) {
	tests := []struct {
		text       string
		w          Bounds
		start, end int
		want       bool
	}{
		{"tv", WordStart | WordEnd, 0, 2, true},
		{"a tv b", WordStart | WordEnd, 2, 4, true},
		{"atv", WordStart, 1, 3, false},
		{"atv", WordEnd, 1, 3, true},
		{"tvx", WordEnd, 0, 2, false},
		{"tvx", WordStart, 0, 2, true},
		{"tvs", WordEnd, 0, 2, true},   // a plural s that ends the text
		{"tvs.", WordEnd, 0, 2, true},  // a plural s before punctuation
		{"tvs粉", WordEnd, 0, 2, true},  // a plural s before CJK
		{"tvsx", WordEnd, 0, 2, false}, // an s that does not end the word
		{"tvs2", WordEnd, 0, 2, false},
		{"tv2", WordEnd, 0, 2, false},
		{"2tv", WordStart, 1, 3, false},
		{"Atv", WordStart, 1, 3, false},
		{"tvZ", WordEnd, 0, 2, false},
		{"atvx", 0, 1, 3, true},
	}
	for _, tc := range tests {
		if got := Bounded(tc.text, tc.w, tc.start, tc.end); got != tc.want {
			t.Errorf("Bounded(%q, %d, %d, %d) = %v, want %v", tc.text, tc.w, tc.start, tc.end, got, tc.want)
		}
	}
}
