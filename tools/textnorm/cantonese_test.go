package textnorm

import (
	"slices"
	"testing"
)

func TestCantoneseFold(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		words    []string
	}{
		{"唔要打机嘅", "不要游戏的", []string{"唔要", "打机", "嘅"}},
		{"我哋係做渡轮嘅", "我们是做渡轮的", []string{"哋", "係", "嘅"}},
		{"边度有啲讲养生嘅博主", "哪里有些讲养生的博主", []string{"边度", "啲", "嘅"}},
		{"佢哋咗喺度睇", "他们了在度看", []string{"佢", "哋", "咗", "喺", "睇"}},
		{"再搵多啲", "再多找些", []string{"搵多啲"}},
		{"粉丝多啲嘅", "粉丝多点的", []string{"多啲", "嘅"}},
		{"冇所谓", "无所谓", []string{"冇所谓"}},
		// Traditional script: the folded runes read Simplified, the rest kept
		{"唔要遊戲嘅", "不要遊戲的", []string{"唔要", "嘅"}},
		{"搵啲打機嘅", "找些游戏的", []string{"搵", "啲", "打機", "嘅"}},
		// 係/系 in a noun stays; 系 folds only beside Cantonese words
		{"關係好嘅", "關係好的", []string{"嘅"}},
		{"佢哋系做美食嘅", "他们是做美食的", []string{"佢", "哋", "系", "嘅"}},
		{"我们是美食系的学生", "我们是美食系的学生", nil},
		{"体系嘅", "体系的", []string{"嘅"}},
		// 边个 folds beside Cantonese words only; 唔 as an interjection stays
		{"那边个子高", "那边个子高", nil},
		{"边个係", "哪个是", []string{"边个", "係"}},
		{"唔，我想想", "唔，我想想", nil},
		// a quoted term is the user's; English is untouched
		{"要提到“唔好食”嘅", "要提到“唔好食”的", []string{"嘅"}},
		{`must mention "唔该" 嘅`, `must mention "唔该" 的`, []string{"嘅"}},
		{"Cantonese food in Hong Kong", "Cantonese food in Hong Kong", nil},
		{"", "", nil},
	} {
		got, words := CantoneseFold(tc.in)
		if got != tc.want || !slices.Equal(words, tc.words) {
			t.Errorf("CantoneseFold(%q) = %q %q, want %q %q", tc.in, got, words, tc.want, tc.words)
		}
		if len(got) != len(tc.in) {
			t.Errorf("CantoneseFold(%q): %d bytes, want %d (offsets move)", tc.in, len(got), len(tc.in))
		}
	}
}

// TestCantoneseWordsKeepLength: every pair folds rune for rune, each to a
// rune of its UTF-8 length, so byte offsets hold.
func TestCantoneseWordsKeepLength(t *testing.T) {
	for _, w := range cantoneseWords {
		from, to := []rune(w.from), []rune(w.to)
		if len(from) != len(to) {
			t.Errorf("%q → %q: %d runes to %d", w.from, w.to, len(from), len(to))
			continue
		}
		for i := range from {
			if len(string(from[i])) != len(string(to[i])) {
				t.Errorf("%q → %q: rune %d changes length", w.from, w.to, i)
			}
		}
		if Simplify(w.from) != w.from && w.from != "係" {
			t.Errorf("%q is not in Simplified script (the table matches the simplified text)", w.from)
		}
	}
}
