package router

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// anchoredPatterns returns the default snapshot's patterns that run on
// the backtracker.
func anchoredPatterns(t testing.TB) []*compiledPattern {
	t.Helper()
	var out []*compiledPattern
	for _, cs := range defaultSnapshot(t).specs {
		for i := range cs.patterns {
			if p := &cs.patterns[i]; p.bt != nil {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no pattern runs on the backtracker")
	}
	return out
}

// checkBacktracker compares the backtracker with regexp on text.
func checkBacktracker(t *testing.T, st *btState, p *compiledPattern, text string) {
	t.Helper()
	got, ok := p.bt.match(st, []byte(text))
	want := p.anchored.FindStringSubmatchIndex(text)
	if !ok {
		return // too large: the caller falls back to regexp
	}
	if !slices.Equal(got, want) {
		t.Fatalf("pattern %s on %q: backtracker = %v, regexp = %v", p.Name, text, got, want)
	}
}

// TestBacktrackerAgreesWithRegexp runs every anchored pattern at every
// rune position of the routing cases' inputs (normalised, as the router
// sees them) and compares matches and submatches with regexp's.
func TestBacktrackerAgreesWithRegexp(t *testing.T) {
	pats := anchoredPatterns(t)
	var texts []string
	for _, c := range loadTestCases(t) {
		texts = append(texts, Normalize(c.Text))
	}
	texts = append(texts, benchInputs...)
	var st btState
	runs := 0
	for _, text := range texts {
		for i := range text {
			for _, end := range []int{len(text), min(len(text), i+16)} {
				end = extendWord(text, end)
				for _, p := range pats {
					checkBacktracker(t, &st, p, text[i:end])
					runs++
				}
			}
		}
	}
	if runs < 10000 {
		t.Errorf("%d comparisons, want at least 10000", runs)
	}
	if slices.ContainsFunc(st.visited, func(w uint64) bool { return w != 0 }) {
		t.Error("visited vector not cleared after the runs")
	}
}

// FuzzBacktracker: on any text the backtracker and regexp agree.
func FuzzBacktracker(f *testing.F) {
	for _, s := range append(benchInputs, "粉丝 1w+", "over 10k followers", "不超过5万粉", "3-5万播放", "", "\xff", "最近 三个月 活跃") {
		f.Add(s)
	}
	var pats []*compiledPattern
	for _, cs := range defaultSnapshot(f).specs {
		for i := range cs.patterns {
			if p := &cs.patterns[i]; p.bt != nil {
				pats = append(pats, p)
			}
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		var st btState
		for _, p := range pats {
			checkBacktracker(t, &st, p, s)
		}
	})
}

// TestBacktrackerRewrites compares the backtracker with regexp on
// regexes that exercise each rewrite: alternation dispatch (nested,
// repeated and empty branches), literal runs (ASCII, CJK, U+FFFD),
// greedy one-rune loops (with a body reachable twice, as in x+),
// assertions around non-ASCII bytes, captures set at position 0, and
// the keys of non-ASCII runes (sharing low bits, invalid or truncated),
// and assertions that hold only at the end of the text or of a line.
func TestBacktrackerRewrites(t *testing.T) {
	res := []string{
		`(over|above|more than|at least|不少于|不超过|不到)\s*(\d+)`,
		`(?:a|ab|abc|)(c*)d?`,
		`(a+)(a*)b`, `(\d+)(?:[.,](\d+))?\s*(k\b|w\b|万)?`,
		`\x01\x1f*(?:\s*(?:和|and|,)\s*\x01\x1f*)*`,
		`(粉丝|播放)\s*(?:数|量)?\s*([一二三]+|\d+)`,
		"\uFFFD+x", `[^\s,;"'<>]+`, `(?i)abc|ABD`, `\bfoo\b|\Bbar`, `(?m)^a$`,
		`(x*)*y`, `(a|b)*?c`, `.*?z`, `(?s).+`, `((a)|(b))+`, `a{2,4}?b`,
		`(万|千|\x{FFFD}|[é-ü]|x)+y`, `(?:万|[^万x])+(z|y|\z)`, `([一-龥]|百|\x{10000})*?[^y]`, `(?:é|ü|.)x`,
		`(?m)(a|$|\n)+?(b|$)`, `x*(\z|y|\b)`, `(?m:(?:x|$)+)(?s:.)`,
		`(?:[^\x00-\x{10FFFF}]|[^\x00-\x{10FFFF}]x)y|a`,
	}
	texts := []string{"", "a", "ab", "abcd", "aaab", "over 10k followers", "不少于 5万", "粉丝数 三万", "粉丝 12",
		"\x01\x1f\x1f 和 \x01\x1f", "3.5w+", "\xff\xfex", "\uFFFDx", "foo bar", "xfoobar", "a\nb", "xxxy", "ababc", "aaaab",
		"www.youtube.com/@x y", "AbD", "éz", "1,5 万", "千万y", "万\xe4\xb8", "\xe4\xb8xy", "\xed\xa0\x80x", "\xc3",
		"é\xc3y", "\U00010000\xf0\x90\x80", "üx百z", "\xe0\x80\x80y", "a\n\nb", "xx\n", "x\ny"}
	var st btState
	for _, src := range res {
		re, err := syntax.Parse(`^(?:`+src+`)`, syntax.Perl)
		if err != nil {
			t.Fatalf("parse %q: %v", src, err)
		}
		bt := backtrackerFor(re.MaxCap(), re.Simplify())
		if bt == nil {
			t.Fatalf("backtrackerFor(%q) = nil", src)
		}
		want := regexp.MustCompile(`^(?:` + src + `)`)
		for _, text := range texts {
			for i := 0; i <= len(text); i++ {
				got, ok := bt.match(&st, []byte(text[i:]))
				if w := want.FindStringSubmatchIndex(text[i:]); ok && !slices.Equal(got, w) {
					t.Errorf("%s on %q: backtracker = %v, regexp = %v", src, text[i:], got, w)
				}
			}
		}
	}
	if slices.ContainsFunc(st.visited, func(w uint64) bool { return w != 0 }) {
		t.Error("visited vector not cleared after the runs")
	}
}
