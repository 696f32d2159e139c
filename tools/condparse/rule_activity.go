package condparse

import (
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
)

// Step 2 of spec 3.7.2, hard filters: the activity window.

// actEditGlue joins an activity word to the window it is changed to:
// "把活跃时间放宽到三个月", "更新时间改成两周", "activity window to 60 days".
var actEditGlue = mustRx(`^(?:(?:时间|期|窗口)?(?:放宽|改|调|提|放|设|扩大|缩短|缩|延长)(?:到|成|为)|时间|时|间|期|窗口|window|period|to|at)$`)

// atLeastOnce are the words between an activity verb and its window that
// say nothing more than the verb ("uploaded at least once in the last 6
// weeks").
var atLeastOnce = map[string]bool{"at least once": true, "at least one time": true, "at least one video": true,
	"at least one post": true, "at least one upload": true, "至少一次": true}

// activity finds "最近活跃", "近 30 天有更新", "active in the last month".
func (st *state) activity() {
	for i := 0; i < len(st.toks); i++ {
		if !st.free(i) {
			continue
		}
		tk := &st.toks[i]
		if w := st.tokText(i); w == "post" || w == "upload" {
			// "channels that post weekly": the bare verb (a stop word
			// elsewhere) with a frequency after it.
			if days, end, ok := st.frequency(st.skipSpace(i + 1)); ok {
				if !st.calOnly {
					st.add(activityCond(days), i, end)
				}
				i = end
				continue
			}
			// "only who post in this month": the bare verb with a
			// window said with "in" and a calendar period (audit 33).
			if j := st.skipSpace(i + 1); j < len(st.toks) && st.free(j) && (st.word(j) == "in" || st.word(j) == "during" || st.tok(j).has(clsWithin) != nil || st.tok(j).has(clsRecent) != nil) {
				if st.word(j) == "in" || st.word(j) == "during" {
					j = st.skipSpace(j + 1)
				}
				if days, end, ok := st.window(j); ok {
					st.add(activityCond(days), i, end)
					i = end
					continue
				}
			}
		}
		if w := st.word(i); atLeastOnce[w] && strings.HasPrefix(w, "at least one ") {
			// "at least one post within the preceding sixty days": the
			// noun is the verb's post, the window after it applies
			// (audit 37, class R2).
			j := st.skipSpace(i + 1)
			for n := 0; n < 2 && j < len(st.toks) && st.free(j) && (st.word(j) == "in" || st.word(j) == "during" || st.tok(j).has(clsStop) != nil) &&
				st.tok(j).has(clsRecent) == nil && st.tok(j).has(clsWithin) == nil; n++ {
				j = st.skipSpace(j + 1)
			}
			if days, end, ok := st.window(j); ok {
				st.add(activityCond(days), i, end)
				i = end
				continue
			}
		}
		if days, end, ok := st.bareFollowupWindow(i); ok {
			// "只看近一周的", "近三天的就行", "only last 10 days": a window said
			// alone in a follow-up is the activity window, the only window
			// the catalog holds (fixI3, class I2).
			st.add(activityCond(days), i, end)
			i = end
			continue
		}
		if act := tk.has(clsActWord); act != nil {
			// ActWord + window: "active in the last month", "posted this week".
			j := st.skipSpace(i + 1)
			// "Recent posting is necessary (within 1 month)", 发帖是必须的:
			// the words that require it say nothing more (audit 25).
			req := st.requirementEnd(i)
			if req >= 0 {
				j = st.skipSpace(req + 1)
			}
			inactive := slices.Contains(inactiveWords, st.word(i)) || tk.neg > 0 && act.alone
			for n := 0; n < 4 && j < len(st.toks) && st.free(j) && !st.calendarStart(j) && (st.tok(j).has(clsStop) != nil || st.openParen(j) ||
				// "posted circa within the last month", "大概最近
				// 一个月": a hedge on the window (audit D2)
				st.tok(j).has(clsPreApprox) != nil || windowLeads[strings.ToLower(st.tokText(j))] || st.word(j) == "在" || st.word(j) == "于" || actEditGlue.MatchString(st.tokText(j)) || atLeastOnce[st.word(j)] ||
				inactive && (st.tok(j).has(clsPreGte) != nil || isActGlue(st.word(j)) || st.word(j) == "for" || st.word(j) == "已经")) &&
				st.tok(j).has(clsRecent) == nil && st.tok(j).has(clsWithin) == nil; n++ {
				j = st.skipSpace(j + 1)
			}
			if days, end, ok := st.window(j); ok {
				from := i
				if p := st.prevSig(i); p >= 0 && st.free(p) && st.tok(p).has(clsRecent) != nil && st.tok(p).has(clsTimeUnit) == nil {
					// "Recent posting is necessary (within 1 month)": the
					// recent marker belongs to the window said after.
					from = p
				}
				if p := st.prevSig(i); p >= 0 && st.free(p) && (notPosted[st.word(p)] || notPosted[strings.ToLower(st.tokText(p))]) {
					// "haven't uploaded in 2 months": the negation is the
					// inactivity, part of the window's phrase.
					inactive, from = true, p
				}
				pc := activityCond(days)
				pc.inactive = inactive
				st.add(pc, from, end)
				i = end
				continue
			}
			if days, ok := frequencyDays[st.word(i)]; ok {
				// "周更", "日更": the word is its own period.
				if !st.calOnly {
					st.add(activityCond(days), i, i)
				}
				continue
			}
			if days, end, ok := st.frequency(st.skipSpace(i + 1)); ok && !inactive {
				// "posting weekly", "uploads at least weekly", "每周更新":
				// a channel that posts every period posted within the
				// last one; the catalog holds no frequency of its own.
				if !st.calOnly {
					st.add(activityCond(days), i, end)
				}
				i = end
				continue
			}
			last := i
			if req >= 0 && st.endsClause(req) {
				last = req // "Recent posting is a must."
			}
			if p := st.prevSig(i); p >= 0 && st.toks[p].role == roleCond && st.tokCond[p] > 0 && !inactive {
				if pc := st.conds[st.tokCond[p]-1]; pc.c.Field == condition.LastActive && !pc.dropped && !pc.inactive {
					// "active posting is necessary": one activity said in
					// two words belongs to the window read.
					for t := p + 1; t <= last; t++ {
						st.toks[t].role, st.tokCond[t] = roleCond, st.tokCond[p]
					}
					pc.e = st.toks[last].e
					i = last
					continue
				}
			}
			recentBefore := false
			if p := st.prevSig(i); p >= 0 && st.free(p) && st.tok(p).has(clsRecent) != nil && st.tok(p).has(clsTimeUnit) == nil && st.endsClause(last) {
				// "最近有发作品的", "recently uploaded": the recent
				// marker makes any activity word recently active.
				recentBefore = true
			}
			if (act.alone || recentBefore) && !st.gluedLatin(i) && !inactive {
				days := st.cfg.recentDays
				// "最近还在更新": the recent marker before it belongs to it,
				// so a hedge before the marker reaches the condition.
				from := i
				p := st.prevSig(i)
				if p >= 0 && st.free(p) && isActGlue(st.word(p)) {
					p = st.prevSig(p)
				}
				if p >= 0 && st.free(p) && st.tok(p).has(clsRecent) != nil {
					from = p
				}
				if !st.calOnly {
					st.add(activityCond(days), from, last).recent = true
				}
			}
			if n := st.skipSpace(i + 1); st.free(i) && topicPrepositions[st.tokText(n)] {
				// "posting about stocks", "tweeting on football": the
				// verb of what the creators talk about, no window and no
				// unread word (audit 24).
				tk.role = roleFiller
			}
			continue
		}
		if days, ok := frequencyDays[st.word(i)]; ok && tk.has(clsFreq) != nil {
			// frequency + ActWord: "每周更新", "每天都更新", "weekly
			// uploads".
			j := st.skipSpace(i + 1)
			for n := 0; n < 2 && j < len(st.toks) && st.free(j) && isActGlue(st.word(j)); n++ {
				j = st.skipSpace(j + 1)
			}
			if st.free(j) && st.tok(j).has(clsActWord) != nil && !slices.Contains(inactiveWords, st.word(j)) {
				if !st.calOnly {
					st.add(activityCond(days), i, j)
				}
				i = j
				continue
			}
		}
		if days, ok := dayShorthand(st.tokText(i)); ok && tk.kind == tkWord && !st.calOnly {
			// "US/beauty/10k+/30d", "window = 60d": the days'
			// shorthand as a brief's cell
			if from, ok := st.briefWindow(i, i); ok && days >= 1 && days <= 3650 {
				st.add(activityCond(days), from, i)
				continue
			}
		}
		if days, end, ok := st.zhYearActive(i); ok {
			// "2026年活跃过的", "2025年有更新": a calendar year said
			// before its activity word, from the year's first day
			// (the English "active in 2026" reads it after the verb)
			if !st.calOnly {
				st.add(activityCond(days), i, end)
			}
			i = end
			continue
		}
		if days, end, ok := st.window(i); ok && !st.calOnly && ageMarkers[st.word(i)] {
			// "nothing older than a month", "no older than 6 weeks": an
			// age bound is the activity window on its own.
			st.add(activityCond(days), i, end)
			i = end
			continue
		}
		if days, end, ok := st.window(i); ok {
			// window + ActWord: "近 30 天活跃", "一周内有更新".
			j := st.skipSpace(end + 1)
			// "三个月以上没更新的不要", "半年多不更新": a "more than" after
			// the span, then a word of inactivity, is the same window
			// as "超过三个月没更新" (Y1); before a word of activity it is
			// no window ("三个月以上有更新" says nothing readable).
			more := false
			if st.free(j) && st.tok(j).has(clsPostGte) != nil {
				more, j = true, st.skipSpace(j+1)
			}
			for n := 0; n < 2 && j < len(st.toks) && st.free(j) && isActGlue(st.word(j)); n++ {
				j = st.skipSpace(j + 1)
			}
			if st.free(j) && st.tok(j).has(clsActWord) != nil && (!more || slices.Contains(inactiveWords, st.word(j))) {
				// "一个月没发过推的不要", "半年没发帖子": the post noun after
				// the verb is what was (not) posted, part of the window's
				// phrase, never a keyword left out.
				if n := st.skipSpace(j + 1); n < len(st.toks) && st.free(n) && postNouns[st.tokText(n)] {
					j = n
				}
				st.add(activityCond(days), i, j)
				i = j
				continue
			}
			if glue, ok := st.windowBeforeDeed(i, end, j); ok {
				// "近30天有带货的": a marked window before 有 and a verb
				// phrase that is no activity word still bounds activity
				// (doing it in the window means posting in it); the
				// deed itself stays a ranking term.
				st.add(activityCond(days), i, glue)
				i = glue
				continue
			}
			if from, ok := st.briefWindow(i, end); ok {
				// "US/beauty/10k+/30 days", "window: 14 days": a cell
				// of a brief (rule_fieldlabels.go)
				st.add(activityCond(days), from, end)
				i = end
				continue
			}
			if end2, ok := st.bareWindow(i, end); ok {
				// "按最新排，半个月内的", "last 3 weeks only": a marked
				// window that is a clause of its own can only bound
				// activity, the one time field a channel has.
				for _, pc := range st.conds {
					// The window said outright replaces a default one
					// ("按最近更新的排，三十天内的").
					if pc.c.Field == condition.LastActive && !hasDigitOrNumeral(string(st.t.orig[pc.s:pc.e])) {
						pc.dropped = true
					}
				}
				st.add(activityCond(days), i, end2)
				i = end2
			}
		}
	}
}

// postNouns are the Chinese nouns of what a channel posts, said right
// after a verb of posting ("没发过推", "没更新视频", "没发新帖子").
var postNouns = map[string]bool{"推": true, "推文": true, "推特": true, "帖": true, "帖子": true, "新帖": true, "作品": true, "新作品": true,
	"动态": true, "内容": true, "新内容": true, "视频": true, "新视频": true, "片": true, "文": true, "博": true, "微博": true}

// requirementWords say the activity is required ("Recent posting is
// necessary (within 1 month)", "uploading is a must", 发帖是必须的):
// after an activity word they say nothing more (requirementEnd).
var requirementWords = map[string]bool{"necessary": true, "required": true, "must": true, "mandatory": true,
	"essential": true, "needed": true, "requirement": true, "compulsory": true,
	"必须": true, "必需": true, "必要": true, "必须要": true}

// requirementEnd returns the last token of a requirement said right
// after the activity word at token k — a copula, "a", a word of
// requirementWords and a 的 ("is necessary", "are required", "is a
// must", 是必须的) — or -1.
func (st *state) requirementEnd(k int) int {
	j := st.skipSpace(k + 1)
	switch st.tokText(j) {
	case "is", "are", "be", "是":
		j = st.skipSpace(j + 1)
	}
	if st.tokText(j) == "a" {
		j = st.skipSpace(j + 1)
	}
	// the lexicon may hold the copula with the word as one frame token
	// ("is mandatory", "is a must")
	w := st.tokText(j)
	for _, p := range []string{"is a ", "is ", "are ", "a "} {
		w = strings.TrimPrefix(w, p)
	}
	if !st.free(j) || !requirementWords[w] {
		return -1
	}
	if n := st.skipSpace(j + 1); st.free(n) && st.tok(n).has(clsDe) != nil {
		j = n // 必须的
	}
	for t := k + 1; t <= j; t++ {
		if !st.free(t) && st.toks[t].kind != tkSpace {
			return -1
		}
	}
	return j
}

// topicPrepositions lead from a verb of posting to what is posted about.
var topicPrepositions = map[string]bool{"about": true, "on": true, "regarding": true, "around": true}

// inactiveWords say a channel stopped posting; with a window after a
// "more than" ("inactive for more than 2 months", "停更超过一个月") they
// bound the activity window all the same.
var inactiveWords = []string{"inactive", "dormant", "不活跃", "没更新", "没有更新", "停更", "断更", "不更新", "没更新过", "没发过", "没有发过", "没发", "没发视频", "没发过视频", "没动静",
	// a channel said to be dead or given up, by a state word or by the
	// stopping ("not dead channels", "nobody who stopped posting",
	// 别找僵尸号的): left out, they ask for recent activity (audit 29)
	"dead channels", "dead accounts", "dead ones", "dead profiles", "abandoned channels", "abandoned accounts", "abandoned ones",
	"zombie accounts", "zombie channels", "defunct channels", "defunct accounts",
	"stopped posting", "stopped uploading", "stopped updating", "stopped streaming", "quit posting", "quit uploading",
	"went quiet", "gone quiet", "went dark", "gone dark", "gone inactive", "went inactive",
	// a stillness said as a state held for a span ("nothing that's been
	// quiet for over 3 months", "hasn't gone silent in the past fortnight")
	"been quiet", "been silent", "gone silent", "went silent", "been inactive", "been dormant", "been dead",
	"僵尸号", "死号", "不再更新", "已停更", "弃更", "断更了", "停更了"}

// notPosted are the negations that, right before an activity verb and its
// window, say who stopped posting ("hasn't posted in 3 months", "haven't
// uploaded since March"), as an inactivity word does.
var notPosted = map[string]bool{"haven't": true, "hasn't": true, "havent": true, "hasnt": true, "hadn't": true,
	"didn't": true, "didnt": true, "haven’t": true, "hasn’t": true, "didn’t": true, "not": true, "never": true}

// frequencyDays are the posting frequencies a brief names, as the
// period in days a channel that keeps them posted within.
var frequencyDays = map[string]int64{
	"daily": 1, "every day": 1, "each day": 1, "weekly": 7, "every week": 7, "each week": 7, "once a week": 7,
	"monthly": 30, "every month": 30, "each month": 30, "once a month": 30,
	"日更": 1, "每天": 1, "每日": 1, "周更": 7, "每周": 7, "每星期": 7, "月更": 30, "每月": 30, "每个月": 30,
}

// frequency reads a posting frequency at token j, after at most one
// "at least" or "about" ("posting at least weekly"); it returns the
// period in days and the frequency's token.
func (st *state) frequency(j int) (int64, int, bool) {
	for n := 0; n < 2 && j < len(st.toks) && st.free(j); n++ {
		if days, ok := frequencyDays[st.word(j)]; ok {
			return days, j, true
		}
		if w := st.word(j); w != "at least" && w != "about" && w != "roughly" && w != "至少" && w != "大概" {
			return 0, 0, false
		}
		j = st.skipSpace(j + 1)
	}
	return 0, 0, false
}

// inactiveExcluded reads an excluded inactivity word with no window
// ("断更的都不要", "no dormant channels", "dormant ones excluded") as the
// activity filter at the default window: leaving out who stopped
// posting keeps who posts.
func (st *state) inactiveExcluded() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.neg != 1 || !st.free(i) || !slices.Contains(inactiveWords, st.word(i)) && !st.deadAlone(i) {
			continue
		}
		tk.neg = 0
		st.add(activityCond(st.cfg.recentDays), i, i).recent = true
	}
}

// deadAlone reports "dead" said alone at i, closing its clause ("not
// dead, something in the last 3 weeks", "nothing dead"): a wish for
// activity, never a word to exclude (audit 38, X3); "dead by daylight"
// goes on, and stays the writer's topic.
func (st *state) deadAlone(i int) bool {
	if w := strings.ToLower(st.tokText(i)); w != "dead" && w != "dead." {
		return false
	}
	n := st.skipSpace(i + 1)
	return n >= len(st.toks) || st.toks[n].kind == tkPunct
}

// defaultWindows drops the default activity window of a word that says
// none ("主要是要活跃，两周内发过推的", "active creators who posted in the
// last 10 days", "posting regularly, within the past month") when the
// input says a window outright: the window said is the one meant, no
// clash to ask about (audit 25).
func (st *state) defaultWindows() {
	said := slices.ContainsFunc(st.conds, func(pc *pcond) bool {
		return pc.c.Field == condition.LastActive && !pc.dropped && !pc.recent && !pc.inactive
	})
	if !said {
		return
	}
	for _, pc := range st.conds {
		if pc.c.Field == condition.LastActive && pc.recent {
			pc.dropped = true
		}
	}
}

func isActGlue(w string) bool {
	switch w {
	case "有", "在", "都", "还", "还在", "有在", "也", "内", "以内", "之内", "要", "要有", "得有", "需要", "需要有",
		"还有", "都有", "也有", // "最近一个月还有更新": still, as 还在 is
		"一直", "一直在", "一直都", "始终", "仍", "仍在", "依然", "持续", "仍然", "依旧":
		return true
	}
	return false
}

// dayShorthandRe is a count of days written with its unit's letter
// ("30d", "10D").
var dayShorthandRe = mustRx(`^(\d{1,4})[dD]$`)

// dayShorthand reports the days of a word written as "30d".
func dayShorthand(w string) (int64, bool) {
	m := dayShorthandRe.FindStringSubmatch(w)
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	return n, err == nil
}

func activityCond(days int64) *pcond {
	return newCond(condition.KindHard, condition.LastActive, condition.OpWithinDays, IntValue(days))
}

// window parses a time window at token i: [近|最近|last|within]* [N]
// unit [内] or a span ("半年", "this week"). It returns days and the index
// of its last token.
func (st *state) window(i int) (int64, int, bool) {
	if days, _, last, ok := st.calendarAt(i); ok {
		return days, last, true
	}
	if st.calOnly {
		return 0, 0, false
	}
	j := i
	marker := false
	for n := 0; n < 3 && st.free(j); n++ {
		tk := st.tok(j)
		if tk.has(clsRecent) != nil || tk.has(clsWithin) != nil && tk.has(clsPostLte) == nil || tk.has(clsPreLte) != nil {
			marker = true
			j = st.skipSpace(j + 1)
			continue
		}
		if st.word(j) == "the" {
			j = st.skipSpace(j + 1)
			continue
		}
		break
	}
	var days int64
	last := -1
	if y, end, ok := st.yearAt(j); ok {
		// "active in 2026", "posted in the year 2026": a calendar
		// year, from its first day to now (audit 33).
		return calendarDays(st.now(), date(y, 1, 1)), end, true
	}
	if n, ok := dayShorthand(st.tokText(j)); ok && marker && st.free(j) && st.tok(j).kind == tkWord {
		// "w/in last 30d": the days' shorthand after a window's marker
		// ("3d printing" alone stays a word)
		days, last = n, j
	} else if tk := st.tok(j); st.free(j) && tk.has(clsTimeSpan) != nil {
		days, last = tk.has(clsTimeSpan).n, j
		if from, ok := calendarPeriods[st.word(j)]; ok {
			// "posted this year": the year so far, not 365 days.
			now := st.now()
			days = calendarDays(now, from(now))
			st.cal = append(st.cal, calSpan{s: tk.s, e: tk.e, start: from(now)})
		}
	} else {
		var n int64 = -1
		frac := 0.0 // "1.5个月", "2.5 weeks": a fraction of the unit
		// "十天", "三十天": a Chinese numeral's 十 is a digit here, not a
		// count unit.
		if tk.kind == tkNum && tk.role == roleNone && (!tk.num.Unit || tk.num.Chinese && !tk.num.Percent) && tk.num.Value >= 1 && tk.num.Value <= 3650 {
			n = tk.num.Value
			if f, err := strconv.ParseFloat(st.tokText(j), 64); err == nil && f != math.Trunc(f) {
				frac = f
			}
			j = st.skipSpace(j + 1)
		} else if st.free(j) && tk.has(clsNumWord) != nil {
			n = tk.has(clsNumWord).n
			j = st.skipSpace(j + 1)
		} else if d := dictatedDigits[st.word(j)]; d > 0 && marker && st.free(j) && st.tok(st.skipSpace(j+1)).has(clsTimeUnit) != nil {
			// "in the passed to months", "past for weeks": a dictated
			// homophone of two or four where the window's number stands
			// (issue 26, class B3).
			n = d
			j = st.skipSpace(j + 1)
		}
		if n >= 0 && st.free(j) && st.tok(j).has(clsPostGte) != nil && st.tok(st.skipSpace(j+1)).has(clsTimeUnit) != nil {
			// "inactive for 60+ days": the bound word between the
			// number and its unit.
			j = st.skipSpace(j + 1)
		}
		u := st.tok(j)
		if !st.free(j) || u.has(clsTimeUnit) == nil {
			return 0, 0, false
		}
		if n < 0 {
			if !marker {
				return 0, 0, false
			}
			n = 1
		}
		days, last = n*u.has(clsTimeUnit).n, j
		if frac > 0 {
			days = int64(math.Round(frac * float64(u.has(clsTimeUnit).n)))
		}
	}
	if k := st.skipSpace(last + 1); st.free(k) && st.tok(k).has(clsWithin) != nil {
		last, marker = k, true
	}
	if k := st.skipSpace(last + 1); st.free(k) && st.tok(k).has(clsPostApprox) != nil && !st.isNum(st.skipSpace(k+1)) {
		// "the last ten days or so", "30天左右", "two weeks give or
		// take": the hedge on the window is the window's
		last = k
	}
	if !marker && st.tok(i).has(clsTimeSpan) == nil {
		// "30天" alone needs an activity word right after it; the caller
		// checks that, so a bare number + unit is still a window.
		if st.tok(i).kind != tkNum {
			return 0, 0, false
		}
	}
	if days < 1 || days > 3650 {
		return 0, 0, false
	}
	return days, last, true
}

// bareWindow reports a time window [i,end] with a marker ("近", "last",
// "内", "within") that stands as a clause of its own: nothing before it
// in its clause, and after it only "的", "only" or "ones" up to the
// clause's end. It returns the clause's last token of the window.
func (st *state) bareWindow(i, end int) (int, bool) {
	marked := false
	for k := i; k <= end; k++ {
		if st.tok(k).has(clsRecent) != nil || st.tok(k).has(clsWithin) != nil {
			marked = true
		}
	}
	if !marked {
		return 0, false
	}
	if p := st.prevSig(i); p >= 0 && st.toks[p].kind != tkPunct && !st.widenedTo(p) {
		switch pt := st.tok(p); {
		case st.free(p) && correctionLeads[strings.ToLower(st.tokText(p))] && (st.prevSig(p) < 0 || st.toks[st.prevSig(p)].kind == tkPunct):
			// "…, actually within 14 days": a correction's lead
			// opening the window's clause
			pt.role = roleFiller
		case st.free(p) && windowLeads[strings.ToLower(st.tokText(p))]:
			// "…, say within the last 10 days": an example's lead word
			// opens the window's clause (audit 32)
			pt.role = roleFiller
		case pt.kind == tkLex && (pt.has(clsCreator) != nil || pt.has(clsCreatorPlatform) != nil):
			// "knitting creators within the past 10 days": the window
			// said right after the creators
		case pt.kind == tkSym && strings.ContainsRune("—–-", st.t.norm[pt.s]):
			// "post regularly — within the last 10 days"
		default:
			return 0, false
		}
	}
	last := end
	for k := st.skipSpace(end + 1); k < len(st.toks); k = st.skipSpace(k + 1) {
		tk := st.tok(k)
		if tk.kind == tkPunct || st.tokText(k) == "and" || st.tokText(k) == "并且" || st.tokText(k) == "然后" {
			return last, true
		}
		if w := st.word(k); st.free(k) && (tk.has(clsDe) != nil || w == "only" || w == "ones" || w == "please" || strings.EqualFold(st.tokText(k), "instead")) {
			if tk.has(clsDe) != nil {
				last = k
			}
			continue
		}
		return 0, false
	}
	return last, true
}

// windowLeads are the words that lead into a window said as an example
// or a rough figure ("say within the last 10 days", "roughly in the past
// month"): frame before it.
//
// A post said as "something" in a window of its own clause ("not dead,
// something in the last 3 weeks", "anything in the past month") is the
// same lead: the window bounds the last post.
var windowLeads = map[string]bool{"say": true, "like": true, "roughly": true, "approximately": true, "ideally": false, "e.g.": true, "eg": true, "maybe": true,
	"something": true, "anything": true}

// correctionLeads open a clause that says a value again in its place
// ("… actually within 14 days", "correction: the last 2 weeks", "不对，
// 最近两周"): a window after one is a clause of its own, the later value
// of the field (audit D3).
var correctionLeads = map[string]bool{"actually": true, "correction": true, "instead": true, "rather": true, "sorry": true,
	"wait": true, "i mean": true, "i meant": true, "no wait": true, "update": true, "其实": true, "应该是": true, "更正": true, "补充": true}

// windowBeforeDeed reports that the window at tokens i..end is marked
// ("近", "最近", "内") and followed by the glue 有 (or 有在, 在) and then a
// free CJK word j that no rule read ("近30天有带货的"); it returns the
// glue's last token.
func (st *state) windowBeforeDeed(i, end, j int) (int, bool) {
	marked := false
	for k := i; k <= end; k++ {
		// a window said as one word carries its own marker ("近半年",
		// "最近三个月", "过去一年")
		w := st.tokText(k)
		if st.tok(k).has(clsRecent) != nil || st.tok(k).has(clsWithin) != nil ||
			strings.HasPrefix(w, "近") || strings.HasPrefix(w, "最近") || strings.HasPrefix(w, "过去") {
			marked = true
		}
	}
	if !marked || j >= len(st.toks) {
		return 0, false
	}
	// "近半年在推特上聊跨境电商的", "近三个月聊AI的": a content verb right
	// after the window, or after where it is done (在 <platform> 上), is
	// the deed without a glue word: doing it in the window is posting in it.
	v := j
	if st.tok(v).has(clsPlatform) != nil {
		if n := st.skipSpace(v + 1); n < len(st.toks) && st.tokText(n) == "上" {
			v = st.skipSpace(n + 1)
		}
	}
	if v < len(st.toks) && (st.free(v) || st.toks[v].role == roleFiller) && deedVerbs[st.tokText(v)] {
		return end, true
	}
	if !st.free(j) {
		return 0, false
	}
	if r, _ := utf8.DecodeRuneInString(st.tokText(j)); !unicode.Is(unicode.Han, r) {
		return 0, false
	}
	glue := -1
	for k := st.skipSpace(end + 1); k < j; k = st.skipSpace(k + 1) {
		switch st.tokText(k) {
		case "有", "有在", "在", "都有", "还有":
			glue = k
		default:
			return 0, false
		}
	}
	if glue < 0 {
		return 0, false
	}
	return glue, true
}

// deedVerbs are the verbs that, right after a marked window, say what the
// creators did in it (windowBeforeDeed): contentVerbs, and the verbs of
// talking and doing.
var deedVerbs = wordSet(slices.Collect(maps.Keys(contentVerbs)), "聊", "谈", "做", "写", "测", "评", "直播")

// windowWideners are the verbs that move a window to a new length
// ("widen it to the last month", "extend it to the past two months",
// "放宽到最近两个月").
var windowWideners = map[string]bool{"widen": true, "extend": true, "expand": true, "broaden": true, "loosen": true,
	"relax": true, "stretch": true, "push": true, "change": true, "make": true, "set": true, "bump": true,
	"放宽": true, "延长": true, "扩大": true, "改成": true, "改为": true, "调到": true, "放到": true}

// widenedTo reports that token p ends "<widen verb> [it|them|that] to
// [the]" or "make/set it [the]" opening its clause: the window after it
// is the new window, said as a clause of its own.
func (st *state) widenedTo(p int) bool {
	if st.tokText(p) == "the" {
		p = st.prevSig(p)
	}
	if p < 0 {
		return false
	}
	v := p
	w := strings.ToLower(st.tokText(p))
	verb, _, _ := strings.Cut(w, " ")
	switch {
	case strings.HasPrefix(w, "extend ") || strings.HasPrefix(w, "expand "):
		// "extend it to" is one word of the lexicon (an addition when a
		// country follows)
	case strings.Contains(w, " ") && windowWideners[verb] && (strings.HasSuffix(w, " to") || strings.HasSuffix(w, " it")):
		// "change it to", "make it" lexed as one edit word
	case w == "it" || w == "them" || w == "that":
		// "make it the last 6 months instead" (audit 24, class F)
		if v = st.prevSig(p); v < 0 || !windowWideners[strings.ToLower(st.tokText(v))] {
			return false
		}
	default:
		if w != "to" && w != "到" {
			return false
		}
		v = st.prevSig(p)
		if v >= 0 && (st.tokText(v) == "it" || st.tokText(v) == "them" || st.tokText(v) == "that") {
			v = st.prevSig(v)
		}
		if v < 0 || !windowWideners[st.tokText(v)] {
			return false
		}
	}
	b := st.prevSig(v)
	if b >= 0 && correctionLeads[strings.ToLower(st.tokText(b))] {
		// "… actually make it the last 20 days": the correction's
		// lead opens the clause (audit D3)
		v, b = b, st.prevSig(b)
	}
	if b >= 0 && st.toks[b].kind != tkPunct && !(st.toks[b].kind == tkLex && st.toks[b].has(clsAnd) != nil) {
		return false // "… and make it the past 2 months" opens a clause too
	}
	for k := v; k < p+1; k++ {
		if st.free(k) {
			st.toks[k].role = roleFiller
		}
	}
	return true
}

// openParen reports an opening bracket at token i: "recent uploads only
// (30 days)" puts the window in brackets after its activity word.
func (st *state) openParen(i int) bool {
	tk := st.tok(i)
	return tk.kind == tkPunct && (st.t.norm[tk.s] == '(' || st.t.norm[tk.s] == '（')
}

// bareFollowupWindow reads, in a follow-up, a window with its recent
// marker ("近一周", "last 10 days", "the past 2 weeks") that is its
// clause's whole content: only frame, filler or function words before it
// in the clause, and after it only 的 and such words to the clause's end. It returns the window's days and its last token.
func (st *state) bareFollowupWindow(i int) (int64, int, bool) {
	if !st.cfg.followup || st.calOnly {
		return 0, 0, false
	}
	tk := st.tok(i)
	if tk.has(clsRecent) == nil && tk.has(clsWithin) == nil && st.word(i) != "the" {
		return 0, 0, false
	}
	days, end, ok := st.window(i)
	if !ok {
		return 0, 0, false
	}
	for k := st.clauseStart(i); k < i; k++ {
		t := st.tok(k)
		if t.kind == tkSpace || st.free(k) && t.kind == tkLex && (t.has(clsFrame) != nil || t.has(clsFiller) != nil || t.has(clsStop) != nil) {
			continue
		}
		return 0, 0, false
	}
	for k := end + 1; k < len(st.toks); k++ {
		t := st.tok(k)
		switch {
		case t.kind == tkSpace:
		case t.kind == tkPunct && (isClauseSep(st.t.norm[t.s]) || strings.ContainsRune("—–-", st.t.norm[t.s])):
			return days, end, true
		case st.free(k) && t.kind == tkLex && (t.has(clsDe) != nil || t.has(clsFrame) != nil || t.has(clsFiller) != nil || t.has(clsStop) != nil):
		default:
			return 0, 0, false
		}
	}
	return days, end, true
}

// endsClause reports an activity word that is its clause's predicate:
// punctuation or the end after it, or 的 and then punctuation, the end or a
// creator noun ("最近有发作品的", "最近更新过的博主"), not "最近发布的视频很搞笑"
// (the recent videos described).
func (st *state) endsClause(i int) bool {
	n := st.skipSpace(i + 1)
	if n < len(st.toks) && st.toks[n].has(clsDe) != nil {
		n = st.skipSpace(n + 1)
	}
	return n >= len(st.toks) || st.toks[n].kind == tkPunct || st.toks[n].has(clsCreator) != nil
}

// zhYearActive reads a calendar year with 年 before an activity word at
// token i ("2026年活跃过", "2025年(里)有更新", "2026年发过视频"): the days
// since the year's first day and the activity word's token.
func (st *state) zhYearActive(i int) (int64, int, bool) {
	if !strings.HasSuffix(st.tokText(i), "年") && st.tokText(st.skipSpace(i+1)) != "年" {
		return 0, 0, false
	}
	y, end, ok := st.yearAt(i)
	if !ok {
		return 0, 0, false
	}
	if !strings.HasSuffix(st.tokText(end), "年") {
		end = st.skipSpace(end + 1)
	}
	j := st.skipSpace(end + 1)
	for n := 0; n < 3 && j < len(st.toks) && st.free(j) && (isActGlue(st.word(j)) || yearGlue[st.word(j)]); n++ {
		j = st.skipSpace(j + 1)
	}
	if j >= len(st.toks) || !st.free(j) || st.tok(j).has(clsActWord) == nil || slices.Contains(inactiveWords, st.word(j)) {
		return 0, 0, false
	}
	return calendarDays(st.now(), date(y, 1, 1)), j, true
}

// yearGlue are the words between a year and its activity word ("2026年里
// 有更新", "2026年以来活跃", "2026年还在发").
var yearGlue = map[string]bool{"里": true, "中": true, "以来": true, "至今": true, "开始": true, "起": true, "期间": true, "全年": true}

// ageMarkers bound how old the latest post may be.
var ageMarkers = map[string]bool{"not older than": true, "no older than": true, "nothing older than": true, "none older than": true}

// yearAt reads a calendar year at token i ("2026", "year 2026", 2026年):
// a year from five years back to this one, its tokens free. It returns
// the year and its last token.
func (st *state) yearAt(i int) (int, int, bool) {
	if i < len(st.toks) && st.free(i) && st.word(i) == "year" {
		i = st.skipSpace(i + 1)
	}
	if i >= len(st.toks) || !st.free(i) {
		return 0, 0, false
	}
	w := strings.TrimSuffix(st.tokText(i), "年")
	if len(w) != 4 || !strings.HasPrefix(w, "20") {
		return 0, 0, false
	}
	y, err := strconv.Atoi(w)
	if now := st.now().Year(); err != nil || y > now || y < now-5 {
		return 0, 0, false
	}
	return y, i, true
}

// dictatedDigits are the homophones of two and four voice typing writes
// ("to", "too", "for", "fore"), read as numbers only where a window's
// number is expected: after its marker, before its time unit.
var dictatedDigits = map[string]int64{"to": 2, "too": 2, "for": 4, "fore": 4}
