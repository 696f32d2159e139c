package condparse

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
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

// calendarSamples are calendar windows each matched by enCalendar or
// zhCalendar (after normalization).
var calendarSamples = []string{
	"uploaded since january", "active since the start of the month", "since march 1st", "since 1 march 2025",
	"from october on", "since last month", "since the beginning of the year", "year to date", "ytd", "so far this year",
	"ever since the new year", "posted since 2024",
	"上个月以来有更新", "今年以来还在发视频", "3月1日以来", "从三月开始", "自2025年10月以来", "1月份至今", "年初以来",
	"本季度以来", "去年以来", "这个月以来", "月初至今",
}

// rxSamples are the inputs every rule expression is held to: the
// samples above, the benchmark's inputs and every line of the package's
// test data (briefs, audits, goldens), each normalized as the rules see it.
func rxSamples(t testing.TB) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if v := string(newText(s).norm); !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for _, s := range append(append(append([]string{}, comparativeSamples...), calendarSamples...), benchInputs...) {
		add(s)
	}
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			if len(line) < 400 {
				add(line)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRxNeverTurnsAwayAMatch: no rule expression's quick condition turns
// away an input the expression matches, over every sample (a condition
// that did would silently unread a rule), and the conditions turn most
// expressions away from a plain brief (else they buy nothing).
func TestRxNeverTurnsAwayAMatch(t *testing.T) {
	if len(allRx) < 100 {
		t.Fatalf("%d rule expressions registered, want the package's hundred or more", len(allRx))
	}
	samples := rxSamples(t)
	if len(samples) < 1000 {
		t.Fatalf("%d samples, want the test data's thousands", len(samples))
	}
	matched := 0
	for _, s := range samples {
		folded := foldKey(s)
		for _, r := range allRx {
			if r.need.any || r.need.may(folded) {
				continue
			}
			if r.Regexp.MatchString(s) {
				t.Errorf("%q matches %s, but its condition %q turned it away", s, r, r.need.lits)
			}
		}
		for _, r := range comparatives {
			if r.MatchString(s) {
				matched++
			}
		}
	}
	if matched < len(comparativeSamples) {
		t.Errorf("%d comparative matches over the samples: fewer than the comparative samples", matched)
	}
	for _, s := range []string{"美国 美妆", "cooking channels in the US"} {
		turned := 0
		for _, r := range allRx {
			if !r.may(s) {
				turned++
			}
		}
		if turned < len(allRx)*2/3 {
			t.Errorf("%q: the conditions turned away %d of %d expressions, want two thirds or more", s, turned, len(allRx))
		}
	}
	for _, s := range []string{"美国 汽配 粉丝 1w+", "只要粉丝 1w 以上的，不要游戏", "swim vest", "美国 美妆"} {
		if norm := string(newText(s).norm); enCalendar.may(norm) || zhCalendar.may(norm) {
			t.Errorf("%q: a calendar condition let it through", s)
		}
		if hasComparative(s) {
			t.Errorf("hasComparative(%q) = true", s)
		}
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

// FuzzRx: on any input, a rule expression that matches is let through by
// its condition.
func FuzzRx(f *testing.F) {
	for _, s := range append(append([]string{}, comparativeSamples...), calendarSamples...) {
		f.Add(s)
	}
	f.Add("\xff\xfe 最")
	f.Add("\xff\xfe 月")
	f.Fuzz(func(t *testing.T, s string) {
		folded := foldKey(s)
		for _, r := range allRx {
			if !r.need.any && !r.need.may(folded) && r.Regexp.MatchString(s) {
				t.Fatalf("%q matches %s, but its condition %q turned it away", s, r, r.need.lits)
			}
		}
	})
}

// TestFoldMinFastPath: the ranges foldMin answers without folding hold
// no rune with another case.
func TestFoldMinFastPath(t *testing.T) {
	for _, span := range [][2]rune{{0x2E00, 0xA640}, {0xAC00, 0xFF21}} {
		for r := span[0]; r < span[1]; r++ {
			if unicode.SimpleFold(r) != r {
				t.Fatalf("%U folds to %U, but foldMin keeps it", r, unicode.SimpleFold(r))
			}
		}
	}
}

// TestRulesCompileWithMustRx: a rule compiled with regexp.MustCompile
// would run on every text without its quick condition (and escape
// TestRxNeverTurnsAwayAMatch); rx.go is the one place that calls it.
func TestRulesCompileWithMustRx(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || f == "rx.go" {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "regexp.MustCompile(") || strings.Contains(string(data), "regexp.Compile(") {
			t.Errorf("%s compiles a regular expression without mustRx", f)
		}
	}
}
