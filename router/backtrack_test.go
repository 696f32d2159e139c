package router

import (
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
