package condparse

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"searchagent/tools/condition"
)

// Calendar ranges (class C1): a range of months or dates that says when
// the creators posted ("posted between March and May", "active from June
// to August", "今年3月到5月之间有更新", "9月至11月发过视频") is an activity
// window back to the range's start, counted from the reference time like
// "since March": the catalog keeps only a channel's last post, so the
// range's end cannot be applied and is named (ResidueRangeEnd). The range
// is a calendar span as "since" phrases are; the activity rule joins it
// to the posting words. A range that starts after now, or one said with
// "next"/明年 (the campaign's schedule: "投放时间3-5月"), is no window and
// stays the campaign's.

// enRangeDate is one end of an English range: a month with an optional
// day and year, or a date in figures (month first).
const enRangeDate = `(?:(?:the\s+)?(?:start|beginning|middle|end)\s+of\s+)?(?:(?:mid-?\s*)?` +
	`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)` +
	`(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)|[01]?\d/[0-3]?\d)(?:,?\s+20\d\d)?`

// enRange: "between March and May", "from June to August", "from 9/1
// through 10/15", "March–May".
var enRange = mustRx(`(?i)\b(?:(?P<lead>between|from)\s+(?P<a>` + enRangeDate + `)\s+(?P<end>(?:and|to|through|thru|till|until|-|–)\s+` + enRangeDate + `)` +
	`|(?P<b>(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec))\s*(?P<bend>[-–~]\s*(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)))\b`)

// zhRange: "3月到5月之间", "今年4月至6月", "10月15日到11月20日", "3-5月",
// "去年9月~11月期间".
var zhRange = mustRx(`(?P<year>今年|去年|(?P<zyear>20\d\d)年)?(?:` +
	`(?P<m1>` + zhNum + `)月份?(?:(?P<d1>` + zhNum + `|[12]\d|3[01])[日号])?(?:初|中旬|上旬)?\s*(?P<end>(?:到|至|~|～|-|—|－)\s*(?:20\d\d年)?(?:` + zhNum + `)月份?(?:(?:` + zhNum + `|[12]\d|3[01])[日号])?(?:底|末|初)?)` +
	`|(?P<n1>\d{1,2})\s*(?P<nend>(?:到|至|~|～|-|—|－)\s*\d{1,2}月份?))(?P<tail>之间|期间|这段时间|间)?`)

// rangeLink is the word that links a range's ends ("to", 到, "-"):
// the end named as not applied is what follows it.
var rangeLink = mustRx(`^(?:and|to|through|thru|till|until|到|至|[-–~～—－])\s*`)

// rangeFuture are the words before a range that put it ahead ("next
// March to May", 明年3到5月): the campaign's schedule, no window.
var rangeFuture = []string{"明年", "下个", "下一个", "next ", "next\u00a0", "coming ", "upcoming "}

// calendarRanges adds the calendar ranges of the text to st.cal, ahead of
// the "since" phrases (a range's "from June" is no "since June").
func (st *state) calendarRanges() {
	norm := string(st.t.norm)
	low := strings.ToLower(norm)
	now := st.now()
	runeAt := func(b int) int { return len([]rune(norm[:b])) }
	ahead := func(at int) bool {
		before := strings.TrimRight(low[:at], " ")
		for _, w := range rangeFuture {
			if strings.HasSuffix(before+" ", w) || strings.HasSuffix(before, strings.TrimSpace(w)) {
				return true
			}
		}
		return false
	}
	var found []calSpan
	for _, m := range enRange.FindAllStringSubmatchIndex(low, -1) {
		g := func(name string) (string, int, int) {
			k := enRange.SubexpIndex(name)
			if m[2*k] < 0 {
				return "", -1, -1
			}
			return low[m[2*k]:m[2*k+1]], m[2*k], m[2*k+1]
		}
		a, _, _ := g("a")
		_, es, ee := g("end")
		if a == "" {
			a, _, _ = g("b")
			_, es, ee = g("bend")
		}
		start, ok := enRangeStart(now, a)
		if !ok || ahead(m[0]) {
			continue
		}
		es += len(rangeLink.FindString(low[es:ee]))
		found = append(found, calSpan{s: runeAt(m[0]), e: runeAt(m[1]), start: start, end: [2]int{runeAt(es), runeAt(ee)}})
	}
	for _, m := range zhRange.FindAllStringSubmatchIndex(norm, -1) {
		g := func(name string) (string, int, int) {
			k := zhRange.SubexpIndex(name)
			if m[2*k] < 0 {
				return "", -1, -1
			}
			return norm[m[2*k]:m[2*k+1]], m[2*k], m[2*k+1]
		}
		if p := []rune(norm[:m[0]]); len(p) > 0 && strings.ContainsRune("近内过第", p[len(p)-1]) {
			continue // "近3到5月" is a length, not March
		}
		if ahead(m[0]) {
			continue
		}
		y, explicit := now.Year(), false
		switch yr, _, _ := g("year"); {
		case yr == "今年":
			explicit = true
		case yr == "去年":
			y, explicit = now.Year()-1, true
		case yr != "":
			zy, _, _ := g("zyear")
			y, _ = strconv.Atoi(zy)
			explicit = true
		}
		m1, _, _ := g("m1")
		d1, _, _ := g("d1")
		_, es, ee := g("end")
		if m1 == "" {
			m1, _, _ = g("n1")
			_, es, ee = g("nend")
		}
		mo, d := zhInt(m1), 1
		if d1 != "" {
			d = zhInt(d1)
		}
		if mo < 1 || mo > 12 {
			continue
		}
		start, ok := pastDate(now, y, explicit, time.Month(mo), d)
		if !ok {
			continue
		}
		es += len(rangeLink.FindString(norm[es:ee]))
		found = append(found, calSpan{s: runeAt(m[0]), e: runeAt(m[1]), start: start, end: [2]int{runeAt(es), runeAt(ee)}})
	}
	st.cal = append(found, st.cal...)
}

// enRangeStart is the date an English range's start says.
func enRangeStart(now time.Time, a string) (time.Time, bool) {
	a = strings.Join(strings.Fields(a), " ")
	y, explicit := now.Year(), false
	if i := strings.LastIndex(a, " 20"); i >= 0 && len(a)-i == 5 {
		y, _ = strconv.Atoi(a[i+1:])
		explicit = true
		a = strings.TrimSuffix(strings.TrimSpace(a[:i]), ",")
	}
	if mo, d, ok := strings.Cut(a, "/"); ok {
		m, _ := strconv.Atoi(mo)
		day, _ := strconv.Atoi(d)
		if m < 1 || m > 12 {
			return time.Time{}, false
		}
		return pastDate(now, y, explicit, time.Month(m), day)
	}
	day := 1
	if strings.Contains(a, "middle of") || strings.HasPrefix(a, "mid") {
		day = 15
	}
	var mon time.Month
	for _, w := range strings.FieldsFunc(a, func(r rune) bool { return r == ' ' || r == '-' }) {
		if m, ok := monthNames[w]; ok {
			mon = m
			continue
		}
		if n, err := strconv.Atoi(strings.TrimRight(w, "stndrh")); err == nil && n >= 1 && n <= 31 {
			day = n
		}
	}
	if mon == 0 {
		return time.Time{}, false
	}
	return pastDate(now, y, explicit, mon, day)
}

// rangeEnds adds to rem the end of each calendar range an applied
// activity window of live holds (ResidueRangeEnd), in input order.
func (st *state) rangeEnds(live []*pcond, rem []Span) []Span {
	for _, c := range st.cal {
		if c.end[1] <= c.end[0] {
			continue
		}
		held := false
		for _, pc := range live {
			if pc.c.Field == condition.LastActive && pc.s <= c.s && c.e <= pc.e {
				held = true
			}
		}
		if !held {
			continue
		}
		sp := st.t.span(c.end[0], c.end[1])
		sp.Role = ResidueRangeEnd
		rem = append(rem, sp)
	}
	slices.SortStableFunc(rem, func(a, b Span) int { return a.Start - b.Start })
	return rem
}
