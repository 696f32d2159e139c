package condparse

import (
	"strconv"
	"strings"
	"time"
)

// Calendar windows: an activity window said from a date rather than as a
// length ("uploaded since January", "active since the start of the
// month", "上个月以来有更新", "今年以来还在发视频", "3月1日以来") counts the days
// from that date to the reference time (WithNow). Calendar periods said
// with "this" (this month, this year, this quarter, 本月, 今年, 本季度) are
// the calendar period so far, not a length: "posted this year" in March
// is since 1 January, not the last 365 days. "This week" and "最近一个月"
// stay lengths.

// calSpan is a calendar window found in the text: its start date and the
// rune range it covers.
type calSpan struct {
	s, e  int
	start time.Time
	// end is the rune range of a calendar range's end ("and May" of
	// "between March and May"), which no window applies; zero otherwise.
	end [2]int
}

// monthNames are the English month names and their abbreviations.
var monthNames = map[string]time.Month{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
	"june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
	"october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}

const enMonth = `(?P<month>january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`

// enCalendar: "since january", "since the start of november", "since
// mid-october" (the 15th), "since march 1st", "since 1 march 2025", "from october on", "since last
// month", "since the beginning of the year", "year to date", "since
// last week", "since last monday", "since friday".
var enCalendar = mustRx(`\b(?:(?:ever\s+)?since|from|(?P<after>after))\s+(?:the\s+)?(?:(?P<iso>20\d\d)-(?P<imonth>[01]?\d)-(?P<iday>[0-3]?\d)\b|(?P<nmonth>[01]?\d)/(?P<nday>[0-3]?\d)(?:/(?P<nyear>(?:20)?\d\d))?\b|(?P<edge>(?:start|beginning)\s+of\s+(?:the\s+|this\s+)?)?` +
	`(?:(?P<holiday>` + enNamedDays + `)\b|(?P<dday>\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + `(?P<dmonth>january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)` + `\b|` +
	`(?P<mid>mid-?\s*|(?:the\s+)?middle\s+of\s+)?` + enMonth + `\b(?:\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?\b)?|(?P<rel>last\s+month|last\s+year|this\s+month|this\s+year|this\s+quarter|the\s+month|the\s+year|the\s+quarter|new\s+year(?:'s)?|the\s+new\s+year|(?P<yearonly>20\d\d)\b)` +
	`|(?P<week>last\s+week|this\s+week|the\s+week)\b|(?P<lastwd>last\s+)?(?P<wday>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)` +
	`(?:,?\s+(?P<year>20\d\d)\b)?(?:\s+(?:on(?:wards?)?|onwards?))?)` +
	`|\b(?P<ytd>year\s+to\s+date|ytd|so\s+far\s+this\s+year)\b`)

const zhNum = `(?:\d{1,2}|十[一二]?|[一二三四五六七八九])`

// zhCalendar: "上个月以来", "10月中旬以来" (the 15th; 下旬 the 21st), "今年以来", "去年以来", "年初以来", "本月以来",
// "从三月开始", "自2025年10月以来", "3月1日以来", "1月份至今", "上周以来",
// "上周一以来", "本周开始", "周三以来".
var zhCalendar = mustRx(`(?P<from>从|自从|自)?(?P<anchor>上个?月|上一个月|上个?季度|上一个季度|今年|本年|年初|开年|去年|本月|这个月|月初|本季度|这个季度|(?P<zyearonly>20\d\d)年|` +
	`(?P<zweek>上个?|上一个|本|这个?)?(?:周|星期|礼拜)(?P<zwd>[一二三四五六日天])?|(?P<zholiday>` + zhNamedDays + `)|` +
	`(?:(?P<zyear>20\d\d)年)?(?P<zmonth>` + zhNum + `)月份?(?:(?P<zday>` + zhNum + `|[12]\d|3[01])[日号]|(?P<zpart>上旬|中旬|下旬))?)(?P<early>初)?` +
	`(?P<since>以来|开始|起|之后|以后|至今|到现在|迄今)`)

// calendarSpans finds the calendar windows of the text.
func (st *state) calendarSpans() {
	norm := string(st.t.norm)
	folded := foldKey(norm)
	st.calendarRanges()
	// a text without "since", "from", "以来", "开始", … is run through
	// neither (running both on every parse was a third of condparse's
	// analysis at 50 users)
	en, zh := enCalendar.need.may(folded), zhCalendar.need.may(folded)
	if !en && !zh {
		return
	}
	now := st.now()
	runeAt := func(b int) int { return len([]rune(norm[:b])) }
	var enMatches [][]int
	if en {
		enMatches = enCalendar.Regexp.FindAllStringSubmatchIndex(norm, -1)
	}
	for _, m := range enMatches {
		g := func(name string) string {
			k := enCalendar.SubexpIndex(name)
			if m[2*k] < 0 {
				return ""
			}
			return norm[m[2*k]:m[2*k+1]]
		}
		start, ok := enStart(now, g)
		if !ok {
			continue
		}
		st.cal = append(st.cal, calSpan{s: runeAt(m[0]), e: runeAt(m[1]), start: start})
	}
	var zhMatches [][]int
	if zh {
		zhMatches = zhCalendar.FindAllStringSubmatchIndex(norm, -1)
	}
	for _, m := range zhMatches {
		g := func(name string) string {
			k := zhCalendar.SubexpIndex(name)
			if m[2*k] < 0 {
				return ""
			}
			return norm[m[2*k]:m[2*k+1]]
		}
		if g("from") == "" && g("zmonth") != "" {
			// "近3月以来" is three months, not March.
			if p := []rune(norm[:m[0]]); len(p) > 0 && strings.ContainsRune("近内去过的", p[len(p)-1]) {
				continue
			}
		}
		start, ok := zhStart(now, g)
		if !ok {
			continue
		}
		st.cal = append(st.cal, calSpan{s: runeAt(m[0]), e: runeAt(m[1]), start: start})
	}
}

// enStart is the date an English calendar phrase counts from.
func enStart(now time.Time, g func(string) string) (time.Time, bool) {
	y := now.Year()
	if g("ytd") != "" {
		return date(y, 1, 1), true
	}
	if yr := g("year"); yr != "" {
		y, _ = strconv.Atoi(yr)
	}
	if wd := g("wday"); wd != "" {
		return weekdayStart(now, weekdays[wd], g("lastwd") != ""), true
	}
	if h := g("holiday"); h != "" {
		return lastNamedDay(now, namedDayKey(h))
	}
	switch strings.Join(strings.Fields(g("week")), " ") {
	case "last week":
		return weekStart(now).AddDate(0, 0, -7), true
	case "this week", "the week":
		return weekStart(now), true
	}
	switch rel := strings.Join(strings.Fields(g("rel")), " "); {
	case rel == "":
	case g("yearonly") != "":
		y, _ = strconv.Atoi(g("yearonly"))
		return date(y, 1, 1), true
	case rel == "last month":
		return monthStart(now).AddDate(0, -1, 0), true
	case rel == "last year":
		return date(now.Year()-1, 1, 1), true
	case rel == "this month" || rel == "the month":
		return monthStart(now), true
	case rel == "this quarter" || rel == "the quarter":
		return quarterStart(now), true
	default: // this year, the year, new year
		return date(now.Year(), 1, 1), true
	}
	if mo, d, ok := numericDate(g); ok {
		// "since 10/15" (month first), "since 2026-03-01"
		if yr := g("iso"); yr != "" {
			y, _ = strconv.Atoi(yr)
			return pastDate(now, y, true, mo, d)
		}
		if yr := g("nyear"); yr != "" {
			y, _ = strconv.Atoi(yr)
			if y < 100 {
				y += 2000
			}
			return pastDate(now, y, true, mo, d)
		}
		return pastDate(now, y, g("year") != "", mo, d)
	} else if g("iso") != "" || g("nmonth") != "" {
		return time.Time{}, false
	}
	mon, day := g("month"), g("day")
	if mon == "" {
		mon, day = g("dmonth"), g("dday")
	}
	mo, ok := monthNames[mon]
	if !ok {
		return time.Time{}, false
	}
	d := 1
	if day != "" {
		d, _ = strconv.Atoi(day)
	} else if g("mid") != "" {
		d = 15 // "since mid-October": the middle of the month
	}
	return pastDate(now, y, g("year") != "", mo, d)
}

// numericDate is the month and day of a date written in figures
// ("10/15", month first as English writes it; "2026-03-01"), when the
// phrase holds one and both are in range.
func numericDate(g func(string) string) (time.Month, int, bool) {
	m, d := g("imonth"), g("iday")
	if m == "" {
		m, d = g("nmonth"), g("nday")
	}
	if m == "" {
		return 0, 0, false
	}
	mo, _ := strconv.Atoi(m)
	day, _ := strconv.Atoi(d)
	if mo < 1 || mo > 12 || day < 1 || day > 31 {
		return 0, 0, false
	}
	return time.Month(mo), day, true
}

// zhStart is the date a Chinese calendar phrase counts from.
func zhStart(now time.Time, g func(string) string) (time.Time, bool) {
	if h := g("zholiday"); h != "" {
		return lastNamedDay(now, namedDayKey(h))
	}
	if a := g("anchor"); strings.ContainsAny(a, "周星礼") {
		last := strings.HasPrefix(g("zweek"), "上")
		if wd := g("zwd"); wd != "" {
			d := zhWeekdays[wd]
			if last { // 上周一: the Monday of last week
				return weekStart(now).AddDate(0, 0, -7+int((d+6)%7)), true
			}
			return weekdayStart(now, d, false), true // 周三以来: the latest Wednesday
		}
		if last {
			return weekStart(now).AddDate(0, 0, -7), true
		}
		if g("zweek") == "" {
			return time.Time{}, false // a bare 周 is no period
		}
		return weekStart(now), true
	}
	if y := g("zyearonly"); y != "" {
		// "2026年以来": the year's first day, a year not yet begun none
		n, _ := strconv.Atoi(y)
		if n > now.Year() || n < now.Year()-5 {
			return time.Time{}, false
		}
		return date(n, 1, 1), true
	}
	switch g("anchor") {
	case "上个月", "上月", "上一个月":
		return monthStart(now).AddDate(0, -1, 0), true
	case "今年", "本年", "年初", "开年":
		return date(now.Year(), 1, 1), true
	case "去年":
		return date(now.Year()-1, 1, 1), true
	case "本月", "这个月", "月初":
		return monthStart(now), true
	case "本季度", "这个季度":
		return quarterStart(now), true
	case "上季度", "上个季度", "上一个季度":
		return quarterStart(now).AddDate(0, -3, 0), true
	}
	mo := zhInt(g("zmonth"))
	if mo < 1 || mo > 12 {
		return time.Time{}, false
	}
	d := 1
	if g("zday") != "" {
		d = zhInt(g("zday"))
	}
	switch g("zpart") {
	case "中旬": // "10月中旬以来": the middle third starts on the 11th; the brief's reading is the 15th
		d = 15
	case "下旬":
		d = 21
	}
	y, explicit := now.Year(), g("zyear") != ""
	if explicit {
		y, _ = strconv.Atoi(g("zyear"))
	}
	return pastDate(now, y, explicit, time.Month(mo), d)
}

// pastDate is month/day in year y, or, when the year was not said, the
// last such date not after now ("since november" in March is last
// November). A date after now is no window.
func pastDate(now time.Time, y int, explicit bool, mo time.Month, d int) (time.Time, bool) {
	if d < 1 || d > 31 {
		return time.Time{}, false
	}
	t := date(y, mo, d)
	if !explicit && t.After(now) {
		t = date(y-1, mo, d)
	}
	if t.After(now) || t.Month() != mo {
		return time.Time{}, false
	}
	return t, true
}

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func monthStart(t time.Time) time.Time { return date(t.Year(), t.Month(), 1) }

// weekStart is the Monday of t's week.
func weekStart(t time.Time) time.Time {
	return date(t.Year(), t.Month(), t.Day()-int((t.Weekday()+6)%7))
}

// weekdayStart is the latest day d not after now ("since friday"), or,
// with last, the latest one before today ("since last friday" on a
// Friday is a week ago).
func weekdayStart(now time.Time, d time.Weekday, last bool) time.Time {
	back := int((now.Weekday() - d + 7) % 7)
	if last && back == 0 {
		back = 7
	}
	return date(now.Year(), now.Month(), now.Day()-back)
}

// weekdays and zhWeekdays name the days of the week.
var (
	weekdays = map[string]time.Weekday{"monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
		"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday, "sunday": time.Sunday}
	zhWeekdays = map[string]time.Weekday{"一": time.Monday, "二": time.Tuesday, "三": time.Wednesday, "四": time.Thursday,
		"五": time.Friday, "六": time.Saturday, "日": time.Sunday, "天": time.Sunday}
)

func quarterStart(t time.Time) time.Time { return date(t.Year(), (t.Month()-1)/3*3+1, 1) }

// zhInt reads a month or day number: digits or 一…三十一.
func zhInt(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	digit := map[rune]int{'一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
	n, rs := 0, []rune(s)
	for i, r := range rs {
		switch {
		case r == '十':
			if i == 0 {
				n = 10
			} else {
				n *= 10
			}
		default:
			n += digit[r]
		}
	}
	return n
}

// calendarAt reports the calendar window starting at token i: its days up
// to now (at least 1), its start date and its last token. Every token it
// covers must be free.
func (st *state) calendarAt(i int) (int64, time.Time, int, bool) {
	if i < 0 || i >= len(st.toks) {
		return 0, time.Time{}, 0, false
	}
	for _, c := range st.cal {
		if c.s != st.toks[i].s {
			continue
		}
		for k := i; k < len(st.toks) && st.toks[k].s < c.e; k++ {
			if !st.free(k) {
				return 0, time.Time{}, 0, false
			}
			if st.toks[k].e == c.e {
				return calendarDays(st.now(), c.start), c.start, k, true
			}
		}
	}
	return 0, time.Time{}, 0, false
}

// now is the reference time of calendar windows.
func (st *state) now() time.Time {
	if st.cfg.now.IsZero() {
		return time.Now().UTC()
	}
	return st.cfg.now.UTC()
}

// calendarDays is the whole days from start to now, at least 1: the
// window within which a channel that posted on start still counts.
func calendarDays(now, start time.Time) int64 {
	d := int64((now.Sub(start) + 24*time.Hour - 1) / (24 * time.Hour))
	return max(d, 1)
}

// calendarPeriods are the spans said with "this" or "今/本" whose window
// is the calendar period so far.
var calendarPeriods = map[string]func(time.Time) time.Time{
	"this month": monthStart, "本月": monthStart, "这个月": monthStart,
	// Spanish and Portuguese (issue 26, class B1)
	"este mes": monthStart, "este mês": monthStart, "neste mês": monthStart, "este año": func(t time.Time) time.Time { return date(t.Year(), 1, 1) },
	"este ano":     func(t time.Time) time.Time { return date(t.Year(), 1, 1) },
	"this year":    func(t time.Time) time.Time { return date(t.Year(), 1, 1) },
	"今年":           func(t time.Time) time.Time { return date(t.Year(), 1, 1) },
	"this quarter": quarterStart, "本季度": quarterStart, "这个季度": quarterStart,
}

// calendarStart reports a calendar window starting at token i.
func (st *state) calendarStart(i int) bool {
	_, _, _, ok := st.calendarAt(i)
	return ok
}

// splitClaims adds the calendar windows, the counted frequencies and the
// bracketed initials to the prepass's claims as spans no token crosses
// ("去年以来一直在更新": 以来 is not lexed with 一直); a span overlapping a
// URL, handle, quote, name or an earlier span is dropped.
func (st *state) splitClaims(cs []claim) []claim {
	// claimSpan adds [s,e) unless it overlaps a claim; it reports
	// whether it did.
	claimSpan := func(s, e int) bool {
		for _, o := range cs {
			if s < o.e && o.s < e {
				return false
			}
		}
		cs = append(cs, claim{tkSplit, s, e})
		return true
	}
	kept := st.cal[:0]
	for _, c := range st.cal {
		if claimSpan(c.s, c.e) {
			kept = append(kept, c)
		}
	}
	st.cal = kept
	freq := st.freq[:0]
	for _, f := range st.freq {
		if claimSpan(f.s, f.e) {
			freq = append(freq, f)
		}
	}
	st.freq = freq
	for _, r := range st.initialRuns {
		claimSpan(r[0], r[1])
	}
	sortClaims(cs)
	return cs
}

// calendarActivity reads the activity windows that hold a calendar window
// before the count rules run, so a date's numbers ("3月10号以来", "since
// 10 march") are not read as counts or a result quantity.
func (st *state) calendarActivity() {
	if len(st.cal) > 0 {
		st.calOnly = true
		st.activity()
		st.calOnly = false
	}
}
