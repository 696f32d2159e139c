package condparse

import (
	"regexp"
	"testing"
)

// comparativeSamples are sorts said in words, each matched by one of the
// comparatives, cased and folded in the ways a case-insensitive
// expression still matches (the Kelvin sign for k, the long s for s).
var comparativeSamples = []string{
	"prioritize channels with more views", "PRIORITISE the ones with the MOST engagement", "ran\u212a higher the recently active",
	"越活跃越好", "the more followers the better", "The Newer the Better", "as active as possible", "a\u017f big a\u017f possible",
	"most engaged first", "mo\u017ft viewed fir\u017ft", "从高到低", "由多到少排", "降序", "谁最活跃", "最新的", "按互动排", "按照播放排序",
	"互动率最高的", "粉丝最多的放前面", "with the most views", "top subscribers", "优先显示播放量高的", "最近活跃的优先",
	"粉丝多的排前面", "go by engagement instead", "the top anime channels in Japan by subscribers", "Going By followers",
}

// TestComparativesMayNeverRejectAMatch: the quick condition of each
// comparative lets through every input the expression matches, and turns
// away inputs that name no sort.
func TestComparativesMayNeverRejectAMatch(t *testing.T) {
	matched := 0
	for _, s := range append(comparativeSamples, "美国 汽配 粉丝 1w+", "swim vest", "不要游戏") {
		folded := foldKey(s)
		for i, re := range comparatives {
			if re.MatchString(s) {
				matched++
				if !comparativesMay[i].may(folded) {
					t.Errorf("%q matches comparative %d (%s), but its condition %q turned it away", s, i, re, comparativesMay[i].lits)
				}
			}
		}
	}
	if matched < len(comparativeSamples) {
		t.Errorf("%d matches over %d samples: a sample no comparative matches tests nothing", matched, len(comparativeSamples))
	}
	for _, s := range []string{"美国 美妆", "swim vest", "cooking channels in the US"} {
		if hasComparative(s) {
			t.Errorf("hasComparative(%q) = true", s)
		}
	}
	rejected := 0
	for i := range comparatives {
		if !comparativesMay[i].may(foldKey("美国 美妆")) {
			rejected++
		}
	}
	if rejected < len(comparatives)-1 {
		t.Errorf("the conditions turned %q away from %d of %d comparatives, want all but at most one", "美国 美妆", rejected, len(comparatives))
	}
}

// TestRequiredLiterals: what an expression's condition holds.
func TestRequiredLiterals(t *testing.T) {
	for _, c := range []struct {
		re   string
		any  bool
		lits []string
	}{
		{`(?i)\bthe\s+better\b`, false, []string{"BETTER"}},
		// the shared analysis (textmatch.RequiredLiterals) crosses the
		// second 越 with what follows it: a more selective set than "越".
		{`越[^，越]{1,8}越(?:好|佳)`, false, []string{"越佳", "越好"}},
		{`(?:从高到低|降序)`, false, []string{"从高到低", "降序"}},
		{`(?i)\bgo(?:ing)?\s+by`, false, []string{"GO"}},
		{`[a-z]+`, true, nil},
		{`(?:x|.*)`, true, nil},
		{`a?b*`, true, nil},
	} {
		m := newMustContain(regexp.MustCompile(c.re))
		if m.any != c.any || len(m.lits) != len(c.lits) {
			t.Errorf("%s: any=%v %q, want any=%v %q", c.re, m.any, m.lits, c.any, c.lits)
			continue
		}
		for i := range c.lits {
			if m.lits[i] != c.lits[i] {
				t.Errorf("%s: %q, want %q", c.re, m.lits, c.lits)
			}
		}
	}
}

// FuzzComparativesMay: on any input, a comparative that matches is let
// through by its condition.
func FuzzComparativesMay(f *testing.F) {
	for _, s := range comparativeSamples {
		f.Add(s)
	}
	f.Add("\xff\xfe 最")
	f.Fuzz(func(t *testing.T, s string) {
		folded := foldKey(s)
		for i, re := range comparatives {
			if re.MatchString(s) && !comparativesMay[i].may(folded) {
				t.Fatalf("%q matches comparative %d (%s), but its condition %q turned it away", s, i, re, comparativesMay[i].lits)
			}
		}
	})
}
