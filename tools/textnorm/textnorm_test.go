package textnorm

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", ""},
		{"ascii lower", "swim vest", "swim vest"},
		{"case and punctuation", "  Swim-Vest!!  for KIDS ", "swim vest for kids"},
		{"full width latin", "ＳＷＩＭ　Ｖｅｓｔ１２３", "swim vest123"},
		{"half width katakana", "ｶﾀｶﾅ", "カタカナ"},
		{"diacritics", "Café Crème Ångström Łódź", "cafe creme angstrom lodz"},
		{"sharp s", "Straße", "strasse"},
		{"vietnamese", "Phở Việt", "pho viet"},
		{"traditional chinese", "汽車評測與遊戲", "汽车评测与游戏"},
		{"chinese punctuation", "汽配，评测！（上海）", "汽配 评测 上海"},
		{"apostrophes", "creator's don’t kids'", "creators dont kids"},
		{"decimal and thousands", "1.5M views, 10,000 subs; 1,23 x", "1.5m views 10000 subs 1 23 x"},
		{"sentence dot", "end. next", "end next"},
		{"emoji and symbols", "🔥best🔥 #gaming @user c++", "best gaming user c"},
		{"control chars", "a\x00b\tc\nd", "a b c d"},
		{"invalid utf8", "ab\xffcd\xc3", "ab cd"},
		{"rtl", "مرحبا بالعالم", "مرحبا بالعالم"},
		{"combining marks kept", "नमस्ते", "नमस्ते"},
		{"sql looking", "'; DROP TABLE channels;--", "drop table channels"},
		{"mixed scripts", "iPhone15评测 4K", "iphone15评测 4k"},
		{"ligature", "ﬁtness", "fitness"},
		{"circled digits", "①②", "12"},
		{"greek final sigma", "ΟΔΟΣ", "οδοσ"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Normalize(tc.in); got != tc.want {
				t.Errorf("Normalize(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestNormalizeIdempotent(t *testing.T) {
	for _, s := range []string{"Swim-Vest", "汽車評測", "Café 1,000.5", "ＡＢＣ ｶﾀｶﾅ", "a\xffb", "don't"} {
		once := Normalize(s)
		if twice := Normalize(once); twice != once {
			t.Errorf("Normalize(Normalize(%q)) = %q, want %q", s, twice, once)
		}
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"plurals", "Swim Vests and Boxes", []string{"swim", "vest", "and", "box"}},
		{"possessive", "The Creator's Kit", []string{"the", "creator", "kit"}},
		{"chinese chars", "汽配评测", []string{"汽", "配", "评", "测"}},
		{"mixed", "iPhone15评测 4K 1.5m", []string{"iphone15", "评", "测", "4k", "1.5m"}},
		{"numbers", "top 10 in 2024", []string{"top", "10", "in", "2024"}},
		{"kana and hangul", "ゲーム 게임", []string{"ゲ", "ー", "ム", "게", "임"}},
		{"only punctuation", "!!! ??? ...", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Words(tc.in)); diff != "" {
				t.Errorf("Words(%q) mismatch (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestTokensCJK(t *testing.T) {
	got := Tokens("汽配评测")
	want := []string{"汽", "汽配", "配", "配评", "评", "评测", "测"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Tokens(%q) mismatch (-want +got):\n%s", "汽配评测", diff)
	}
	for _, sub := range []string{"汽配", "评测"} {
		if !slices.Contains(got, sub) {
			t.Errorf("Tokens(%q) = %v, want it to contain %q", "汽配评测", got, sub)
		}
	}
	// A CJK run never forms a bigram across a space or a Latin word.
	for _, tok := range Tokens("汽 配 ab评") {
		if utf8.RuneCountInString(tok) == 2 && IsCJK([]rune(tok)[0]) {
			t.Errorf("Tokens(%q) has bigram %q across a separator", "汽 配 ab评", tok)
		}
	}
	// Traditional and simplified spellings give the same tokens.
	if a, b := Tokens("汽車評測"), Tokens("汽车评测"); !slices.Equal(a, b) {
		t.Errorf("Tokens(traditional) = %v, Tokens(simplified) = %v, want equal", a, b)
	}
}

func TestScanPositions(t *testing.T) {
	var got []Token
	for tok := range Scan("美妆 tips 好物") {
		got = append(got, tok)
	}
	want := []Token{
		{"美", CJKChar, 0}, {"美妆", CJKBigram, 0}, {"妆", CJKChar, 1},
		{"tip", Word, 2},
		{"好", CJKChar, 3}, {"好物", CJKBigram, 3}, {"物", CJKChar, 4},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Scan mismatch (-want +got):\n%s", diff)
	}
	// Early stop is honoured.
	n := 0
	for range Scan("a b c d") {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("Scan after break yielded %d tokens, want 2", n)
	}
}

func TestStem(t *testing.T) {
	tests := []struct{ in, want string }{
		{"vests", "vest"}, {"reviews", "review"}, {"games", "game"}, {"boxes", "box"},
		{"watches", "watch"}, {"dishes", "dish"}, {"glasses", "glass"}, {"categories", "category"},
		{"movies", "movie"}, {"foodies", "foodie"}, {"videos", "video"}, {"prizes", "prize"},
		{"news", "news"}, {"series", "series"}, {"physics", "physics"}, {"bus", "bus"},
		{"class", "class"}, {"analysis", "analysis"}, {"gas", "gas"}, {"its", "its"},
		{"ps5s", "ps5s"}, {"cafés", "cafés"}, {"car", "car"}, {"cars", "car"}, {"fitness", "fitness"},
	}
	for _, tc := range tests {
		if got := Stem(tc.in); got != tc.want {
			t.Errorf("Stem(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestTradSimpTable(t *testing.T) {
	targets := map[rune]bool{}
	for _, s := range tradToSimp {
		targets[s] = true
	}
	for tr, s := range tradToSimp {
		if tr == s {
			t.Errorf("tradToSimp[%q] maps to itself", tr)
		}
		if targets[tr] {
			t.Errorf("tradToSimp key %q is also a target: chains are not allowed", tr)
		}
		if !IsCJK(tr) || !IsCJK(s) {
			t.Errorf("tradToSimp[%q] = %q: not both Han", tr, s)
		}
	}
	if len(tradToSimp) < 500 {
		t.Errorf("len(tradToSimp) = %d, want a table of common characters (≥ 500)", len(tradToSimp))
	}
}

func TestLongInput(t *testing.T) {
	s := strings.Repeat("汽配评测 Swim-Vests 🔥 ", 5000) // ~110 KB
	words := Words(s)
	if len(words) != 5000*6 {
		t.Errorf("len(Words(100KB)) = %d, want %d", len(words), 5000*6)
	}
}

func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"", "Swim Vest", "汽車評測", "ＡＢＣ", "a\xffb", "1,000.5", "don't", "\u0301x", "'''", "...1.", "ｶﾞ", "ßẞ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n := Normalize(s)
		if !utf8.ValidString(n) {
			t.Fatalf("Normalize(%q) = %q: invalid UTF-8", s, n)
		}
		if strings.HasPrefix(n, " ") || strings.HasSuffix(n, " ") || strings.Contains(n, "  ") {
			t.Fatalf("Normalize(%q) = %q: stray spaces", s, n)
		}
		if again := Normalize(n); again != n {
			t.Fatalf("Normalize not idempotent on %q: %q then %q", s, n, again)
		}
		prev := -1
		for tok := range Scan(s) {
			if tok.Text == "" || strings.Contains(tok.Text, " ") {
				t.Fatalf("Scan(%q) yielded bad token %q", s, tok.Text)
			}
			if tok.Pos < prev {
				t.Fatalf("Scan(%q) positions go back: %d after %d", s, tok.Pos, prev)
			}
			prev = tok.Pos
		}
	})
}

func BenchmarkNormalize(b *testing.B) {
	inputs := map[string]string{
		"ascii": "Best Budget Swim Vests for Kids — 2024 Review (Tested!)",
		"zh":    "2024年最值得买的汽配好物评测，汽车改装入门指南",
		"zh-tw": "2024年最值得買的汽配好物評測，汽車改裝入門指南",
	}
	for name, s := range inputs {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Normalize(s)
			}
		})
	}
}

func BenchmarkTokens(b *testing.B) {
	s := "Best Budget Swim Vests for Kids 2024 Review 汽配好物评测 汽车改装入门指南"
	b.ReportAllocs()
	var buf []string
	for b.Loop() {
		buf = AppendTokens(buf[:0], s)
	}
}
