package number

import (
	"slices"
	"strings"
	"testing"
)

// TestCueLists: the comparator cue lists are lower case, each word once
// per list, every negated upper bound is a lower bound, and ParseRange
// reads each word before a number with its direction (the lists and the
// sentence reader cannot drift apart).
func TestCueLists(t *testing.T) {
	lists := map[string][]string{"MinBefore": MinBefore, "MaxBefore": MaxBefore, "MinAfter": MinAfter, "MaxAfter": MaxAfter, "NegatedMax": NegatedMax}
	for name, l := range lists {
		for i, w := range l {
			if w != strings.ToLower(w) || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("%s[%d] = %q: want a trimmed lower-case word", name, i, w)
			}
			if slices.Index(l, w) != i {
				t.Errorf("%s lists %q twice", name, w)
			}
		}
	}
	for _, w := range NegatedMax {
		if !slices.Contains(MinBefore, w) {
			t.Errorf("NegatedMax %q is not in MinBefore", w)
		}
	}
	for _, tc := range []struct {
		list []string
		max  bool
	}{{MinBefore, false}, {MaxBefore, true}} {
		for _, w := range tc.list {
			if substringUnsafe[w] {
				continue
			}
			r, err := ParseRange(w + " 50000")
			if err != nil {
				t.Errorf("ParseRange(%q): %v", w+" 50000", err)
				continue
			}
			if got := r.Max != nil; got != tc.max {
				t.Errorf("ParseRange(%q) = %s, want an upper bound: %v", w+" 50000", r, tc.max)
			}
		}
	}
	for _, tc := range []struct {
		list []string
		max  bool
	}{{MinAfter, false}, {MaxAfter, true}} {
		for _, w := range tc.list {
			if substringUnsafe[w] {
				continue
			}
			r, err := ParseRange("50000 " + w)
			if err != nil {
				t.Errorf("ParseRange(%q): %v", "50000 "+w, err)
				continue
			}
			if got := r.Max != nil; got != tc.max {
				t.Errorf("ParseRange(%q) = %s, want an upper bound: %v", "50000 "+w, r, tc.max)
			}
		}
	}
}

// TestNegatedBounds: a negation before a bound word turns it around in
// ParseRange, as in the condition parser and the router's count macros
// (audit 25); a bound word holding its own negation reads as itself, and
// a one-rune bound after 不 is no verb.
func TestNegatedBounds(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"should not exceed 1M", "<=1000000"},
		{"shouldn't surpass 300k", "<=300000"},
		{"must not be over 80k", "<=80000"},
		{"never going beyond 150k", "<=150000"},
		{"doesn't go over 20k", "<=20000"},
		{"should not be under 5k", ">=5000"},
		{"粉丝不能超出50万", "<=500000"},
		{"不超出5万", "<=50000"},
		{"不要高于3万", "<=30000"},
		{"not more than 40k", "<=40000"},
		{"not less than 50k", ">=50000"},
		{"exceeding 20k", ">=20000"},
		{"不过5万", ">=50000"},
		{"not sure, over 10k", ">=10000"},
	} {
		r, err := ParseRange(tc.in)
		if err != nil || r.String() != tc.want {
			t.Errorf("ParseRange(%q) = %s, %v; want %s", tc.in, r, err, tc.want)
		}
	}
	for _, w := range []string{"not", "never", "shouldn't", "mustn't", "won’t", "不能", "别"} {
		if !IsNegation(w) {
			t.Errorf("IsNegation(%q) = false", w)
		}
	}
	for _, w := range []string{"n't", "want", "note", "不错"} {
		if IsNegation(w) {
			t.Errorf("IsNegation(%q) = true", w)
		}
	}
}

// TestEuropeanSeparators: a dot or a space between groups of three
// digits is a thousands separator; a unit or a percent sign after them
// keeps the dot a decimal point (audit 25).
func TestEuropeanSeparators(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		rest string
	}{
		{"200.000 subscribers", 200000, " subscribers"},
		{"1.500.000", 1500000, ""},
		{"20 000 followers", 20000, " followers"},
		{"5 000 000", 5000000, ""},
		{"10.000.", 10000, "."},
		{"1.5k", 1500, ""},
		{"2.5万", 25000, ""},
		{"2.500k", 2500, ""},
		{"1.500 million", 1500000, ""},
		{"3 100k", 3, " 100k"},
		{"1234.567", 1235, ""},
	} {
		rs := Fold(tc.in)
		n, e, ok := ScanArabic(rs, 0)
		if !ok || n.Value != tc.want || string(rs[e:]) != tc.rest {
			t.Errorf("ScanArabic(%q) = %d, %q, %v; want %d, %q", tc.in, n.Value, string(rs[e:]), ok, tc.want, tc.rest)
		}
	}
	if n, e, ok := ScanArabic(Fold("3.500%"), 0); !ok || n.Value != 4 || e != 5 {
		t.Errorf("ScanArabic(3.500%%) = %d, %d, %v; want the decimal 3.5", n.Value, e, ok)
	}
}
