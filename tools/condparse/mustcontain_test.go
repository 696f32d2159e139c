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

// calendarSamples are calendar windows each matched by enCalendar or
// zhCalendar (after normalization).
var calendarSamples = []string{
	"uploaded since january", "active since the start of the month", "since march 1st", "since 1 march 2025",
	"from october on", "since last month", "since the beginning of the year", "year to date", "ytd", "so far this year",
	"ever since the new year", "posted since 2024",
	"上个月以来有更新", "今年以来还在发视频", "3月1日以来", "从三月开始", "自2025年10月以来", "1月份至今", "年初以来",
	"本季度以来", "去年以来", "这个月以来", "月初至今",
}

// TestCalendarMayNeverRejectAMatch: the calendar expressions' quick
// conditions let through every text they match, and turn away the load
// mix's texts that name no date.
func TestCalendarMayNeverRejectAMatch(t *testing.T) {
	if enCalendarMay.any || zhCalendarMay.any {
		t.Fatalf("a calendar expression has no condition: en %v, zh %v", enCalendarMay.any, zhCalendarMay.any)
	}
	matched := 0
	for _, s := range calendarSamples {
		norm := string(newText(s).norm)
		folded := foldKey(norm)
		for _, c := range []struct {
			re  *regexp.Regexp
			may mustContain
		}{{enCalendar, enCalendarMay}, {zhCalendar, zhCalendarMay}} {
			if c.re.MatchString(norm) {
				matched++
				if !c.may.may(folded) {
					t.Errorf("%q matches %s, but its condition %q turned it away", norm, c.re, c.may.lits)
				}
			}
		}
	}
	if matched < len(calendarSamples) {
		t.Errorf("%d matches over %d samples: a sample no calendar expression matches tests nothing", matched, len(calendarSamples))
	}
	for _, s := range []string{"美国 汽配 粉丝 1w+", "只要粉丝 1w 以上的，不要游戏", "swim vest", "美国 美妆"} {
		if folded := foldKey(string(newText(s).norm)); enCalendarMay.may(folded) || zhCalendarMay.may(folded) {
			t.Errorf("%q: a calendar condition let it through", s)
		}
	}
}

// FuzzCalendarMay: on any input, a calendar expression that matches is
// let through by its condition.
func FuzzCalendarMay(f *testing.F) {
	for _, s := range calendarSamples {
		f.Add(s)
	}
	f.Add("\xff\xfe 月")
	f.Fuzz(func(t *testing.T, s string) {
		folded := foldKey(s)
		if enCalendar.MatchString(s) && !enCalendarMay.may(folded) {
			t.Fatalf("%q matches enCalendar, but its condition %q turned it away", s, enCalendarMay.lits)
		}
		if zhCalendar.MatchString(s) && !zhCalendarMay.may(folded) {
			t.Fatalf("%q matches zhCalendar, but its condition %q turned it away", s, zhCalendarMay.lits)
		}
	})
}
