package textnorm

import (
	"testing"
	"unicode/utf8"

	"github.com/longbridgeapp/opencc"
)

// briefsHant are 繁體 briefs of the kind Taiwanese and Hong Kong marketers
// write; the table must fold them as OpenCC's t2s converter does.
var briefsHant = []string{
	"想找台灣的寵物網紅，粉絲3萬到15萬之間，近一個月有發文的，謝謝",
	"幫我找香港的旅遊頻道，訂閱數10萬以上，最好是講廣東話的",
	"敝公司為家電品牌，想請您協助尋找美國地區介紹智慧家居與居家改造的頻道，非常感謝",
	"不要業配太多的帳號，最近兩週有更新，換成IG，從低到高排",
	"請幫忙找美妝部落客，粉絲五千到三萬，較活躍的優先，藥妝開箱",
}

func TestSimplifyMatchesOpenCC(t *testing.T) {
	cc, err := opencc.New("t2s")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range briefsHant {
		want, err := cc.Convert(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := Simplify(s); got != want {
			t.Errorf("Simplify(%q) = %q, OpenCC t2s gives %q", s, got, want)
		}
	}
}

func TestSimplifyKeepsOffsets(t *testing.T) {
	for _, s := range append(briefsHant, "什么 才 台 著名 ok\xff 麼 後", "Exclude: crypto 😀") {
		got := Simplify(s)
		if len(got) != len(s) {
			t.Fatalf("Simplify(%q) = %q: %d bytes, want %d", s, got, len(got), len(s))
		}
		for i := range s {
			if utf8.RuneStart(s[i]) != utf8.RuneStart(got[i]) {
				t.Fatalf("Simplify(%q) moved the rune at byte %d", s, i)
			}
		}
	}
	// Simplified text and characters whose form depends on the word stay.
	for _, s := range []string{"什么才好", "台湾", "著名", "幺"} {
		if got := Simplify(s); got != s {
			t.Errorf("Simplify(%q) = %q, want it unchanged", s, got)
		}
	}
}

func TestTableFoldsBriefCharacters(t *testing.T) {
	for trad, simp := range map[string]string{
		"網紅謝謝個發較間週兩幫帳號訂閱遊講廣話換數來從業配藥": "网红谢谢个发较间周两帮帐号订阅游讲广话换数来从业配药",
		"妳砲舖": "你炮铺",
	} {
		if got := Simplify(trad); got != simp {
			t.Errorf("Simplify(%q) = %q, want %q", trad, got, simp)
		}
		if got := Normalize(trad); got != simp {
			t.Errorf("Normalize(%q) = %q, want %q", trad, got, simp)
		}
	}
}

func BenchmarkSimplify(b *testing.B) {
	for b.Loop() {
		for _, s := range briefsHant {
			_ = Simplify(s)
		}
	}
}

func BenchmarkOpenCCT2S(b *testing.B) {
	cc, err := opencc.New("t2s")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, s := range briefsHant {
			if _, err := cc.Convert(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestPairsKeepLength: every traditional/simplified pair of the tables
// has runes of one UTF-8 length, so folding never moves an offset (the
// table's builder skips a pair that does not).
func TestPairsKeepLength(t *testing.T) {
	for name, pairs := range map[string]string{"openccPairs": openccPairs, "localPairs": localPairs} {
		rs := []rune(pairs)
		if len(rs)%2 != 0 {
			t.Errorf("%s: odd number of runes", name)
		}
		for i := 0; i+1 < len(rs); i += 2 {
			if utf8.RuneLen(rs[i]) != utf8.RuneLen(rs[i+1]) {
				t.Errorf("%s: pair %q of unequal length", name, string(rs[i:i+2]))
			}
		}
	}
}
