package router

import (
	"encoding/json"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

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

// TestWholeAlphabet: the rune check of whole-input regexes lets through
// every text the regex matches and stops texts with a rune it cannot
// match; regexes not anchored at both ends, or matching any rune, get
// none.
func TestWholeAlphabet(t *testing.T) {
	tests := []struct {
		re   string
		text string
		want bool
	}{
		{`^(?:第\s*\d+个|[a-f])$`, "第 12个", true},
		{`^(?:第\s*\d+个|[a-f])$`, "b", true},
		{`^(?:第\s*\d+个|[a-f])$`, "第x个", false},
		{`^(?:第\s*\d+个|[a-f])$`, "只要第1个", false},
		{`^(?i)pick$`, "PiCK", true},
		{`^(?i)pick$`, "picks!", false},
		{`^\x01\x1f*$`, "\x01\x1f\x1f", true},
	}
	for _, tc := range tests {
		alpha := wholeAlphabet(tc.re)
		if alpha == nil {
			t.Fatalf("wholeAlphabet(%q) = nil, want a check", tc.re)
		}
		if got := alpha.MatchString(tc.text); got != tc.want {
			t.Errorf("wholeAlphabet(%q).MatchString(%q) = %v, want %v", tc.re, tc.text, got, tc.want)
		}
		if regexp.MustCompile(tc.re).MatchString(tc.text) && !alpha.MatchString(tc.text) {
			t.Errorf("wholeAlphabet(%q) stops %q, which the regex matches", tc.re, tc.text)
		}
	}
	for _, re := range []string{`^abc`, `abc$`, `^a.c$`, `^(?:a|b)$|^c$`, `^$`} {
		if alpha := wholeAlphabet(re); alpha != nil {
			t.Errorf("wholeAlphabet(%q) = %v, want nil", re, alpha)
		}
	}
}

// TestAppendConf: confidences print as strconv's two-decimal form, for
// every multiple of 0.0001 in [0, 1] (ties at …50 included) and for
// values round4 never gives (a negative that rounds to 0 keeps its sign;
// two-digit integer parts).
func TestAppendConf(t *testing.T) {
	confs := []float64{-0.5, 1.5, 12.5, -0.00001, 0.123456, math.NaN(), math.Inf(1)}
	for k := 0; k <= 10000; k++ {
		confs = append(confs, round4(float64(k)/10000))
	}
	for _, c := range confs {
		if got, want := string(appendConf(nil, c)), strconv.FormatFloat(c, 'f', 2, 64); got != want {
			t.Errorf("appendConf(%v) = %q, want %q", c, got, want)
		}
	}
}

// TestOrigSpan: a span's original text is the original bytes behind it
// without white space at either end, for every span of inputs with
// spaces of several kinds, dropped runes and full-width forms; an empty
// span is empty, at the text's ends too.
func TestOrigSpan(t *testing.T) {
	for _, s := range []string{
		"只要美国的，粉丝 1w+，不要游戏", "  US\u3000only ,  over\t10k ", "a\u200bb \u00a0c\u2028d\u3000\u3000，e",
		"Ｆｕｌｌ　ｗｉｄｔｈ　", "x \u200b y", "\u3000", "é\u0301 ü",
	} {
		n := normalize(s)
		for a := 0; a <= len(n.s); a++ {
			for b := a; b <= len(n.s); b++ {
				if got, want := n.origSpan(a, b), strings.TrimSpace(s[n.off[a]:n.off[b]]); got != want {
					t.Errorf("normalize(%q).origSpan(%d, %d) = %q, want %q", s, a, b, got, want)
				}
			}
		}
	}
}
