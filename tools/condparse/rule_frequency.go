package condparse

import (
	"strings"
)

// Counted posting frequencies ("posts 3 times a week", "uploads at least
// twice a month", "每周至少更新两次", "一个月更新三次以上"): the catalog holds
// no posting frequency. A channel that posts some times every period
// posted within the last one, so the period bounds activity as "posting
// weekly" does, and the phrase is named: the count itself is not
// filtered (ResidueFrequencyPeriod). An upper bound ("no
// more than twice a month", 每周不超过两次) asks for channels that post
// little, which no activity window holds: nothing is applied and the
// phrase is named as not applied (ResidueFrequency).

// freqSpan is a counted frequency found in the text: its rune range, the
// period in days and whether the count is an upper bound.
type freqSpan struct {
	s, e  int
	days  int64
	upper bool
}

// enFrequency: [act] [bound] count [unit] (a|per|every|/) period.
var enFrequency = mustRx(`\b(?:(?P<act>post|posts|posting|upload|uploads|uploading|publish|publishes|publishing|stream|streams|streaming|go\s+live|goes\s+live|going\s+live)\s+)?` +
	`(?:(?P<bound>at\s+least|a\s+minimum\s+of|minimum|min|no\s+less\s+than|no\s+fewer\s+than|more\s+than|over|about|around|roughly|less\s+than|fewer\s+than|under|no\s+more\s+than|at\s+most|max|up\s+to)\s+)?` +
	`(?P<n>\d+|twice|two|three|four|five|six|seven|a\s+couple\s+of|a\s+few|several)\s*(?P<unit>x|times|posts?|uploads?|videos?|reels?|streams?|tiktoks?)?\s*` +
	`(?:(?:a|per|each|every)\s+|/\s*)(?P<per>day|week|wk|month|mo)\b`)

// zhFrequency: period [adverbs] act [object] [bound] count 次 [bound].
var zhFrequency = mustRx(`(?P<per>每天|每日|每周|每星期|每礼拜|每个?月|一周|一个月|一天|一星期)(?:都|至少|最少|起码|要|能|会|得|平均|大概)*` +
	`(?:更新|发布|发|上传|直播|开播|更)(?:视频|作品|帖子|帖|内容)?` +
	`(?P<bound>至少|最少|起码|不少于|超过|大于|不超过|最多|少于|不到)?(?:\d+|[一二两三四五六七八九十几]+)\s*(?:次|条|个视频|篇|更)` +
	`(?P<after>以上|及以上|或以上|左右|以下|以内|多)?`)

// enWindowCount: [bound] count (in|within|over) the last|past [n] period
// ("at least once in the last month", "twice in the past 2 weeks"): a
// count said within a window is a frequency whose window is the whole
// span (audit 36, P2).
var enWindowCount = mustRx(`\b(?:(?P<bound>at\s+least|a\s+minimum\s+of|minimum|min|no\s+less\s+than)\s+)?` +
	`(?:once|twice|(?:\d+|two|three|four|five|six|seven|a\s+couple\s+of|a\s+few|several)\s*(?:x|times|posts?|uploads?|videos?|reels?|streams?|tiktoks?))\s+` +
	`(?:in|within|during|over|for)\s+(?:the\s+)?(?:last|past|previous|recent)\s+(?:(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|a\s+couple\s+of|a\s+few)\s+)?(?P<per>days?|weeks?|wks?|months?|mos?)\b`)

// zhWindowCount: window [bound] act [bound] count 次/条 ("最近两个月至少发过
// 一条视频", "最近一个月至少更新过一次", "过去两周内起码发了两条"): a count said
// within a window bounds activity by the window (audit 36, P2).
var zhWindowCount = mustRx(`(?:最近|过去|近)(?P<n>\d+|[一二两三四五六七八九十半]+)?个?(?P<per>天|日|周|星期|礼拜|月)(?:内|里|之内|以内|当中)?(?:都|至少|最少|起码|要|有|得)*` +
	`(?:更新|发布|发|上传|直播|开播|更)(?:了|过)?(?:视频|作品|帖子|帖|内容)?` +
	`(?:至少|最少|起码|不少于)?(?:\d+|[一二两三四五六七八九十几]+)\s*(?:次|条|个视频|篇|更)(?:以上|及以上|或以上)?`)

var enUpper = map[string]bool{"less than": true, "fewer than": true, "under": true, "no more than": true, "at most": true, "max": true, "up to": true}
var zhUpper = map[string]bool{"不超过": true, "最多": true, "少于": true, "不到": true, "以下": true, "以内": true}

// periodDays are the periods of a counted frequency in days.
var periodDays = map[string]int64{"day": 1, "week": 7, "wk": 7, "month": 30, "mo": 30,
	"每天": 1, "每日": 1, "一天": 1, "每周": 7, "每星期": 7, "每礼拜": 7, "一周": 7, "一星期": 7, "每月": 30, "每个月": 30, "一个月": 30}

// groupText is the named group name of the match m of re in s, its
// spaces collapsed ("" when the group did not take part).
func groupText(re *rx, s string, m []int, name string) string {
	k := re.SubexpIndex(name)
	if k < 0 || m[2*k] < 0 {
		return ""
	}
	return strings.Join(strings.Fields(s[m[2*k]:m[2*k+1]]), " ")
}

// frequencySpans finds the counted frequencies of the text.
func (st *state) frequencySpans() {
	norm := string(st.t.norm)
	if !strings.ContainsAny(norm, "天日周星礼月") && !strings.Contains(norm, "day") && !strings.Contains(norm, "week") &&
		!strings.Contains(norm, "wk") && !strings.Contains(norm, "mo") {
		return
	}
	runeAt := func(b int) int { return len([]rune(norm[:b])) }
	for _, re := range []*rx{enWindowCount, zhWindowCount} {
		for _, m := range re.FindAllStringSubmatchIndex(norm, -1) {
			g := func(name string) string { return groupText(re, norm, m, name) }
			days := windowDays(g("n"), g("per"))
			if days <= 0 {
				continue
			}
			st.freq = append(st.freq, freqSpan{s: runeAt(m[0]), e: runeAt(m[1]), days: days})
		}
	}
	for _, re := range []*rx{enFrequency, zhFrequency} {
		for _, m := range re.FindAllStringSubmatchIndex(norm, -1) {
			g := func(name string) string { return groupText(re, norm, m, name) }
			if re == enFrequency && g("unit") == "" && g("act") == "" {
				continue // "2 a day" says no posting; "3 times a week" or "post 3 a week" does
			}
			st.freq = append(st.freq, freqSpan{s: runeAt(m[0]), e: runeAt(m[1]), days: periodDays[g("per")],
				upper: enUpper[g("bound")] || zhUpper[g("bound")] || zhUpper[g("after")]})
		}
	}
}

// countedFrequency applies each counted frequency's period as the
// activity window, or names an upper bound as not applied.
func (st *state) countedFrequency() {
	for _, f := range st.freq {
		from, to := -1, -1
		for k := range st.toks {
			if st.toks[k].s == f.s {
				from = k
			}
			if st.toks[k].e == f.e {
				to = k
			}
		}
		if from < 0 || to < from {
			continue
		}
		free := true
		for k := from; k <= to; k++ {
			free = free && (st.free(k) || st.toks[k].kind == tkSpace)
		}
		if !free {
			continue
		}
		if f.upper {
			for k := from; k <= to; k++ {
				st.toks[k].role = roleFiller
			}
			st.remainder = append(st.remainder, [2]int{f.s, f.e})
			st.freqRem = append(st.freqRem, [2]int{f.s, f.e})
			st.unsupport = true // a condition said, not a keyword
			continue
		}
		st.add(activityCond(f.days), from, to)
		// The count itself is named: the window is the period's.
		st.remainder = append(st.remainder, [2]int{f.s, f.e})
		st.freqPeriod = append(st.freqPeriod, [2]int{f.s, f.e})
	}
}

// windowDays is the length in days of a window of n periods ("2 weeks",
// "两个月", "半个月"; n empty is one).
func windowDays(n, per string) int64 {
	unit := map[string]int64{"day": 1, "days": 1, "week": 7, "weeks": 7, "wk": 7, "wks": 7, "month": 30, "months": 30, "mo": 30, "mos": 30,
		"天": 1, "日": 1, "周": 7, "星期": 7, "礼拜": 7, "月": 30}[per]
	if n == "" {
		return unit
	}
	if n == "半" {
		return unit / 2
	}
	words := map[string]int64{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
		"a couple of": 2, "a few": 3, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
	if v, ok := words[n]; ok {
		return v * unit
	}
	var v int64
	for _, r := range n {
		if r < '0' || r > '9' {
			return 0
		}
		v = v*10 + int64(r-'0')
	}
	return v * unit
}
