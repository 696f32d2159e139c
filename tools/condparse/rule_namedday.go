package condparse

import (
	"strings"
	"time"
)

// Named days of the year a window may start from ("since Black Friday",
// "since Thanksgiving", 黑五以来, 中秋之后, 过年以来): the fixed dates, the
// days set by a weekday of their month (Thanksgiving and the days after
// it, Memorial Day, Mother's and Father's Day), Easter, and the Chinese
// lunar festivals, which a table of years gives. The window counts from
// the last such day not after the reference time (audit 24, class D).
// A season ("since the summer", 入秋以来) counts from its first day, as
// the meteorological seasons of the northern hemisphere start them:
// spring 1 March, summer 1 June, autumn 1 September, winter 1 December
// (fixM, issue 26).

// enNamedDays and zhNamedDays are the calendar expressions' spellings of
// the named days (rule_calendar.go's holiday groups); namedDayKey maps
// what they match to a key of namedDayRules.
const (
	enNamedDays = `halloween|christmas\s+eve|christmas(?:\s+day)?|xmas|valentine'?s(?:\s+day)?|labou?r\s+day|black\s+friday|cyber\s+monday|` +
		`thanksgiving(?:\s+day)?|memorial\s+day|independence\s+day|(?:fourth|4th)\s+of\s+july|mother'?s\s+day|father'?s\s+day|` +
		`easter(?:\s+sunday)?|boxing\s+day|new\s+year'?s\s+eve|nye|st\.?\s+patrick'?s(?:\s+day)?|saint\s+patrick'?s(?:\s+day)?|` +
		`singles'?\s+day|(?:chinese|lunar)\s+new\s+year|mid-?\s*autumn(?:\s+festival)?|summer|autumn|fall|spring|winter`
	zhNamedDays = `国庆节?|元旦|双十一|双11|五一|劳动节|圣诞节?|情人节|万圣节|黑五|黑色星期五|感恩节|春节|过年|大年初一|元宵节?|端午节?|中秋节?|七夕节?|` +
		`儿童节|六一|妇女节|三八节|教师节|母亲节|父亲节|复活节|平安夜|跨年|双十二|双12|618|` +
		`(?:今年)?(?:夏天|夏季|秋天|秋季|春天|春季|冬天|冬季)|入夏|入秋|入冬|开春`
)

// namedDayKeys map a named day's spellings (lower case, without
// apostrophes, dots, hyphens and a trailing "day" or 节) to its key.
var namedDayKeys = map[string]string{
	"halloween": "oct31", "christmas": "dec25", "xmas": "dec25", "christmas eve": "dec24", "valentines": "feb14",
	"labor": "may1", "labour": "may1", "black friday": "blackfriday", "cyber monday": "cybermonday",
	"thanksgiving": "thanksgiving", "memorial": "memorial", "independence": "jul4", "fourth of july": "jul4", "4th of july": "jul4",
	"mothers": "mothers", "fathers": "fathers", "easter": "easter", "easter sunday": "easter", "boxing": "dec26",
	"new years eve": "dec31", "nye": "dec31", "st patricks": "mar17", "saint patricks": "mar17", "singles": "nov11",
	"chinese new year": "lunarnewyear", "lunar new year": "lunarnewyear", "mid autumn": "midautumn", "mid autumn festival": "midautumn",
	"国庆": "oct1", "元旦": "jan1", "双十一": "nov11", "双11": "nov11", "五一": "may1", "劳动": "may1", "圣诞": "dec25",
	"情人": "feb14", "万圣": "oct31", "黑五": "blackfriday", "黑色星期五": "blackfriday", "感恩": "thanksgiving",
	"春": "lunarnewyear", "过年": "lunarnewyear", "大年初一": "lunarnewyear", "元宵": "lantern", "端午": "dragonboat",
	"中秋": "midautumn", "七夕": "qixi", "儿童": "jun1", "六一": "jun1", "妇女": "mar8", "三八": "mar8", "教师": "sep10",
	"母亲": "mothers", "父亲": "fathers", "复活": "easter", "平安夜": "dec24", "跨年": "dec31", "双十二": "dec12", "双12": "dec12",
	"618": "jun18",
	// seasons, from their first day
	"summer": "jun1", "autumn": "sep1", "fall": "sep1", "spring": "mar1", "winter": "dec1",
	"夏天": "jun1", "夏季": "jun1", "入夏": "jun1", "秋天": "sep1", "秋季": "sep1", "入秋": "sep1",
	"春天": "mar1", "春季": "mar1", "开春": "mar1", "冬天": "dec1", "冬季": "dec1", "入冬": "dec1",
}

// namedDayKey is the key of a named day as matched.
func namedDayKey(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("'", "", ".", "", "-", " ").Replace(s)
	s = strings.Join(strings.Fields(s), " ")
	s = strings.TrimPrefix(s, "今年") // 今年夏天: the season of this year, its last start
	if k, ok := namedDayKeys[s]; ok {
		return k
	}
	for _, suf := range []string{" festival", " day", "节"} {
		if k, ok := namedDayKeys[strings.TrimSuffix(s, suf)]; ok {
			return k
		}
	}
	return ""
}

// fixedDays are the named days on one date every year.
var fixedDays = map[string][2]int{
	"jan1": {1, 1}, "feb14": {2, 14}, "mar1": {3, 1}, "mar8": {3, 8}, "sep1": {9, 1}, "dec1": {12, 1}, "mar17": {3, 17}, "may1": {5, 1}, "jun1": {6, 1}, "jun18": {6, 18},
	"jul4": {7, 4}, "sep10": {9, 10}, "oct1": {10, 1}, "oct31": {10, 31}, "nov11": {11, 11}, "dec12": {12, 12},
	"dec24": {12, 24}, "dec25": {12, 25}, "dec26": {12, 26}, "dec31": {12, 31},
}

// lunarDays are the Chinese lunar festivals by year: the lunar new
// year, the dragon boat, Qixi and the mid-autumn festival (元宵 is the
// fifteenth day of the year, 14 days after its first).
var lunarDays = map[string]map[int][2]int{
	"lunarnewyear": {2022: {2, 1}, 2023: {1, 22}, 2024: {2, 10}, 2025: {1, 29}, 2026: {2, 17}, 2027: {2, 6}, 2028: {1, 26}, 2029: {2, 13}, 2030: {2, 3}},
	"dragonboat":   {2022: {6, 3}, 2023: {6, 22}, 2024: {6, 10}, 2025: {5, 31}, 2026: {6, 19}, 2027: {6, 9}, 2028: {5, 28}, 2029: {6, 16}, 2030: {6, 5}},
	"qixi":         {2022: {8, 4}, 2023: {8, 22}, 2024: {8, 10}, 2025: {8, 29}, 2026: {8, 19}, 2027: {8, 8}, 2028: {8, 26}, 2029: {8, 16}, 2030: {8, 5}},
	"midautumn":    {2022: {9, 10}, 2023: {9, 29}, 2024: {9, 17}, 2025: {10, 6}, 2026: {9, 25}, 2027: {9, 15}, 2028: {10, 3}, 2029: {9, 22}, 2030: {9, 12}},
}

// namedDay is the date of the named day key in year y.
func namedDay(key string, y int) (time.Time, bool) {
	if md, ok := fixedDays[key]; ok {
		return date(y, time.Month(md[0]), md[1]), true
	}
	switch key {
	case "thanksgiving": // the fourth Thursday of November
		return nthWeekday(y, time.November, time.Thursday, 4), true
	case "blackfriday":
		return nthWeekday(y, time.November, time.Thursday, 4).AddDate(0, 0, 1), true
	case "cybermonday":
		return nthWeekday(y, time.November, time.Thursday, 4).AddDate(0, 0, 4), true
	case "memorial": // the last Monday of May
		return nthWeekday(y, time.June, time.Monday, 1).AddDate(0, 0, -7), true
	case "mothers": // the second Sunday of May
		return nthWeekday(y, time.May, time.Sunday, 2), true
	case "fathers": // the third Sunday of June
		return nthWeekday(y, time.June, time.Sunday, 3), true
	case "easter":
		return easter(y), true
	case "lantern":
		d, ok := namedDay("lunarnewyear", y)
		return d.AddDate(0, 0, 14), ok
	}
	if md, ok := lunarDays[key][y]; ok {
		return date(y, time.Month(md[0]), md[1]), true
	}
	return time.Time{}, false
}

// lastNamedDay is the last date of the named day key not after now.
func lastNamedDay(now time.Time, key string) (time.Time, bool) {
	for _, y := range []int{now.Year(), now.Year() - 1} {
		if d, ok := namedDay(key, y); ok && !d.After(now) {
			return d, true
		}
	}
	return time.Time{}, false
}

// nthWeekday is the n-th weekday wd of month m in year y; the first
// such day of the next month, less seven days, is its last.
func nthWeekday(y int, m time.Month, wd time.Weekday, n int) time.Time {
	first := date(y, m, 1)
	return first.AddDate(0, 0, int(wd-first.Weekday()+7)%7+7*(n-1))
}

// easter is Easter Sunday of year y (the anonymous Gregorian algorithm).
func easter(y int) time.Time {
	a, b, c := y%19, y/100, y%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return date(y, time.Month(month), day)
}
