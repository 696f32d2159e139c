package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
)

// The advertiser's logistics (audit 25, class 1): a brief says what the
// campaign is — stock and units ("首批备货2000台", "first batch of 5,000
// units"), the launch ("明年3月在美国亚马逊上新", "launching in Australia on
// Feb 14"), what each creator delivers ("每个达人出一条60秒以上的植入",
// "Deliverables are 1 reel + 3 stories each", "content live by Jan 20").
// A clause that says one (campaignWords, or a calendar date no window
// read) is the campaign's, never the creators': its words are frame, no
// keyword or ranking term, a count assumed in it no follower bound, a
// number in it no result count, and its figures are named as no
// condition (ResidueCampaign). Places and languages said in it stay
// (the launch market is where the creators are wanted).

// campaignDate is a calendar date said as one ("Feb 14", "14 February",
// "by Jan 20th", "in March", 明年3月, 3月10号, 下个月底): when no
// activity window read it, a campaign's date.
var campaignDate = mustRx(`(?i)\b(?:` + enMonthDay + `\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:may|` + enMonthDay + `)|` +
	`(?:in|by|on|until|before|after|next|this|early|late|mid|end\s+of)[\s-]+(?:january|february|march|april|may|june|july|august|september|october|november|december))\b` +
	`|(?:明年|今年|下个?月|年底|年初)?` + zhNum + `\s*月份?(?:\s*(?:` + zhNum + `|[12]\d|3[01])\s*[日号](?:之前|以前|前)?|[初底中]|上旬|中旬|下旬)?|明年|年底|下个?月底|月底前`)

// campaignEvent is a sales event or season said as the campaign's time
// ("双十一之前", "618大促", "春节前", "Black Friday", "Ramadan campaign",
// "ahead of Diwali", "for our Christmas push"): when the campaign runs,
// never a topic or a window of activity (audit 28). A named day after
// "since" or before 以来 is a window (rule_calendar.go), read before.
var campaignEvent = mustRx(`(?i)(?:\b(?:before|ahead\s+of|in\s+time\s+for|during|for\s+our)\s+(?:the\s+|this\s+|our\s+)?(?:` + enCampaignEvents + `)` +
	`(?:\s+(?:campaign|season|push|sale|sales|promo|promotion|drive)s?)?\b` +
	`|\b(?:` + enCampaignEvents + `)\s+(?:campaign|season|push|sale|sales|promo|promotion|drive)s?\b` +
	`|\b(?:black\s+friday|cyber\s+monday|prime\s+day)\b)` +
	`|(?:` + zhNamedDays + `|开学季|返校季|年货节|斋月|开斋节|排灯节|女神节|520)(?:之前|前夕|前后|前|期间|大促|促销|活动|档期|档|那波|预热)` +
	`|(?:双十一|双11|双十二|双12|618|黑五|黑色星期五)(?:大促)?`)

// enCampaignEvents are the named days and the other sales events and
// seasons a campaign is timed by.
const enCampaignEvents = enNamedDays + `|ramadan|eid(?:\s+al[\s-]?fitr)?|diwali|hanukkah|holiday|holidays|back[\s-]to[\s-]school|singles'?\s+day|11\.11|mid[\s-]year|year[\s-]end`

// enMonthDay are the month names that take a day after them ("Feb 14";
// "may 5" stays the verb).
const enMonthDay = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

// writerWords say that the writer speaks of themselves: a weak campaign
// word ("launch", 上市) is the campaign's only beside one.
var writerWords = map[string]bool{"we": true, "our": true, "us": true, "we're": true, "we are": true, "we'll": true, "we will": true,
	"i": true, "my": true, "i'm": true, "i am": true, "我们": true, "我们的": true, "我司": true, "我们是": true, "我们是一家": true}

// campaign reads the clauses of the advertiser's logistics, after the
// keyword runs were made.
func (st *state) campaign() {
	for _, cl := range st.clauseRanges() {
		strong, dates := st.campaignClause(cl[0], cl[1])
		if !strong && len(dates) == 0 {
			continue
		}
		st.sig.Sentence = true
		rs, re := st.toks[cl[0]].s, st.toks[cl[1]].e
		// a strong clause is the campaign's as a whole; in another
		// ("we're launching a budgeting app in March") only its dates
		// and campaign words are, and the product ranks
		in := func(a, b int) bool {
			return strong || slices.ContainsFunc(dates, func(d [2]int) bool { return d[0] < b && a < d[1] })
		}
		mine := make([]bool, len(st.toks))
		taken := map[*pcond]bool{}
		for _, pc := range st.conds {
			event := slices.ContainsFunc(st.campaignEvents, func(d [2]int) bool { return d[0] <= pc.s && pc.e <= d[1] })
			if pc.dropped || pc.neg || pc.s < rs || pc.e > re || !in(pc.s, pc.e) || !st.campaignCond(pc) || st.ourProduct(pc.s) && !event {
				// "launching our new serum": the product ranks
				continue
			}
			pc.dropped, taken[pc] = true, true
		}
		for k := cl[0]; k <= cl[1]; k++ {
			if id := st.tokCond[k]; id > 0 && taken[st.conds[id-1]] {
				mine[k] = true
			}
		}
		// figures and stray runes left unread ("5,000", "出") are the
		// campaign's too; an amount of money stays the price it names
		st.remainder = slices.DeleteFunc(st.remainder, func(r [2]int) bool {
			if r[0] < rs || r[1] > re || !in(r[0], r[1]) || !st.plainRemainder(r) {
				return false
			}
			for k := cl[0]; k <= cl[1]; k++ {
				if st.toks[k].s >= r[0] && st.toks[k].e <= r[1] && st.toks[k].kind != tkSpace {
					mine[k] = true
				}
			}
			return true
		})
		if q := st.quantity; q[1] > q[0] && q[0] >= rs && q[1] <= re && in(q[0], q[1]) {
			// "每个达人出一条": what each creator delivers, no result count
			st.quantity = [2]int{}
			for k := cl[0]; k <= cl[1]; k++ {
				if st.toks[k].s >= q[0] && st.toks[k].e <= q[1] {
					mine[k] = true
				}
			}
		}
		for k := cl[0]; k <= cl[1]; k++ {
			tk := &st.toks[k]
			switch {
			case tk.kind == tkSpace, tk.kind == tkPunct, st.emoji(k), st.inRemainder(tk.s, tk.e):
			case tk.kind == tkLex && tk.campaignWord():
				mine[k] = mine[k] || tk.role != roleCond
			case !in(tk.s, tk.e):
			case tk.role == roleContent, tk.role == roleNone && tk.kind != tkLex, tk.kind == tkNum && tk.role != roleCond:
				// a figure read as a list marker ("by Jan 20.") is the date's
				mine[k] = true
			case tk.role == roleNone && tk.kind == tkLex && tk.has(clsUnsupport) == nil:
				mine[k] = true // "明年3月": the date's own unit words
			}
		}
		st.campaignRuns(cl[0], cl[1], mine)
	}
}

// budgetTalk frames a budget or price said without a figure ("预算不多",
// "budget is tight"): the advertiser's money, nothing to name and no
// word to rank or leave unread.
func (st *state) budgetTalk() {
	for _, cl := range st.clauseRanges() {
		var talk []int
		for k := cl[0]; k <= cl[1]; k++ {
			tk := &st.toks[k]
			if tk.kind == tkNum {
				talk = nil
				break
			}
			if tk.role == roleNone && tk.kind == tkLex && tk.has(clsUnsupport) != nil && budgetWords[st.word(k)] && st.budgetNoun(k) {
				talk = append(talk, k)
			}
		}
		if len(talk) == 0 {
			continue
		}
		for k := cl[0]; k <= cl[1]; k++ {
			// "预算不多": how much money, no size of the creators
			if tk := &st.toks[k]; tk.role == roleNone && tk.kind == tkLex && tk.has(clsVague) != nil {
				talk = append(talk, k)
			}
		}
		for _, k := range talk {
			st.toks[k].role, st.toks[k].frameWord = roleFiller, true
		}
	}
}

// budgetNoun reports a budget word at k said as the advertiser's money
// (预算, "our budget is tight", "limited budget"), not as an adjective of
// a topic ("budget family meals", "budget travel").
func (st *state) budgetNoun(k int) bool {
	if w := st.tokText(k); w != "" && w[0] >= 0x80 {
		return true
	}
	if p := st.tokText(st.prevSig(k)); budgetOwners[p] {
		return true
	}
	n := st.skipSpace(k + 1)
	return n >= len(st.toks) || st.toks[n].kind == tkPunct || budgetVerbs[st.tokText(n)]
}

// budgetOwners and budgetVerbs are the words around a budget said as a
// noun ("our budget", "a tight budget", "budget is limited").
var (
	budgetOwners = map[string]bool{"our": true, "my": true, "the": true, "a": true, "limited": true, "small": true, "tight": true,
		"low": true, "total": true, "overall": true, "modest": true}
	budgetVerbs = map[string]bool{"is": true, "was": true, "are": true, "'s": true, "isn't": true, "not": true}
)

// campaignRuns makes the tokens marked mine frame: a run of them that
// holds a figure is named as no condition (ResidueCampaign), the others
// are dropped words.
func (st *state) campaignRuns(from, to int, mine []bool) {
	for k := from; k <= to; k++ {
		if !mine[k] || st.toks[k].mail {
			continue // a pasted header's date is no campaign's
		}
		end, num := k, false
		for j := k; j <= to; j++ {
			if st.toks[j].kind == tkSpace {
				continue
			}
			if !mine[j] || st.toks[j].mail {
				if st.toks[j].mail {
					break
				}
				// a frame word between two of the run's ("MOQ of 5k",
				// "起订量是3000") is named with them
				if n := st.skipSpace(j + 1); st.toks[j].role == roleFiller && st.toks[j].kind == tkLex && n <= to && mine[n] {
					mine[j] = true
				} else {
					break
				}
			}
			end = j
			num = num || st.toks[j].kind == tkNum || strings.ContainsFunc(st.tokText(j), isDigit)
		}
		for j := k; j <= end; j++ {
			if tk := &st.toks[j]; mine[j] {
				tk.role, tk.frameWord, st.tokCond[j] = roleFiller, !num, 0
			}
		}
		if num {
			span := [2]int{st.toks[k].s, st.toks[end].e}
			st.remainder = append(st.remainder, span)
			st.campaignRem = append(st.campaignRem, span)
		}
		k = end
	}
}

// campaignCond reports a condition a campaign clause takes back: a
// keyword or ranking term, and a count no field word named said right
// beside a campaign word ("first batch of 5,000").
func (st *state) campaignCond(pc *pcond) bool {
	switch {
	case pc.c.Kind == condition.KindKeyword:
		return true
	case pc.c.Field == condition.Followers || pc.c.Field == condition.AvgViews:
		if !slices.Contains(pc.c.Issues, IssueFieldAssumed) {
			return false
		}
		for k := range st.toks {
			if tk := &st.toks[k]; tk.kind == tkLex && tk.campaignWord() && (tk.e <= pc.s && pc.s-tk.e <= 4 || tk.s >= pc.e && tk.s-pc.e <= 4) {
				return true
			}
		}
	}
	return false
}

// campaignWord reports a token that is a word of the advertiser's
// logistics (lexEntry.campaign).
func (tk *token) campaignWord() bool {
	return slices.ContainsFunc(tk.ents, func(e *lexEntry) bool { return e.campaign })
}

// campaignClause reports whether a clause (tokens from..to) says the
// campaign's logistics: strong, a campaign word or a weak one beside the
// writer ("首批备货", "each creator", "we're launching"); else the rune
// ranges of the calendar dates in it no rule read ("on Feb 14").
func (st *state) campaignClause(from, to int) (bool, [][2]int) {
	writer, weak := false, false
	for k := from; k <= to; k++ {
		tk := &st.toks[k]
		if tk.kind != tkLex || tk.neg != 0 {
			continue
		}
		w := st.word(k)
		writer = writer || writerWords[w] || tk.has(clsBrandOpen) != nil
		if !tk.campaignWord() || tk.role == roleCond {
			continue
		}
		if !campaignWeak[w] {
			return true, nil
		}
		weak = true
	}
	rs, re := st.toks[from].s, st.toks[to].e
	text := string(st.t.norm[rs:re])
	var dates [][2]int
	for _, m := range campaignDate.FindAllStringIndex(text, -1) {
		a := rs + len([]rune(text[:m[0]]))
		b := rs + len([]rune(text[:m[1]]))
		if st.unplaced(a, b) {
			dates = append(dates, [2]int{a, b})
		}
	}
	for _, c := range st.cal {
		// a calendar range no window read ("we run the campaign from
		// January to March"): the campaign's schedule (class C1)
		if c.end[1] > c.end[0] && rs <= c.s && c.e <= re && st.unplaced(c.s, c.e) {
			dates = append(dates, [2]int{c.s, c.e})
		}
	}
	for _, m := range campaignEvent.FindAllStringIndex(text, -1) {
		a := rs + len([]rune(text[:m[0]]))
		b := rs + len([]rune(text[:m[1]]))
		if st.unplaced(a, b) {
			dates = append(dates, [2]int{a, b})
			st.campaignEvents = append(st.campaignEvents, [2]int{a, b})
		}
	}
	if weak && writer && len(dates) == 0 {
		// "we're launching a budgeting app": the launch words alone
		for k := from; k <= to; k++ {
			if tk := &st.toks[k]; tk.kind == tkLex && tk.campaignWord() && tk.role != roleCond {
				dates = append(dates, [2]int{tk.s, tk.e})
			}
		}
	}
	return false, dates
}

// unplaced reports runes [a,b) that no condition but a keyword holds.
func (st *state) unplaced(a, b int) bool {
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.e > a && tk.s < b && tk.role == roleCond && (st.tokCond[k] == 0 || st.conds[st.tokCond[k]-1].c.Kind != condition.KindKeyword) {
			return false
		}
	}
	return true
}

// plainRemainder reports a remainder range no rule gave a meaning: no
// gender, relation or frequency, and no money word beside it.
func (st *state) plainRemainder(r [2]int) bool {
	for _, rs := range [][][2]int{st.genderRem, st.dialectRem, st.relationRem, st.freqRem, st.freqPeriod, st.campaignRem} {
		if slices.Contains(rs, r) {
			return false
		}
	}
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.e == r[0] || tk.s == r[1] || tk.s >= r[0] && tk.e <= r[1] {
			if tk.has(clsUnsupport) != nil {
				return false
			}
		}
	}
	return true
}

// inRemainder reports runes [a,b) inside a remainder range already named.
func (st *state) inRemainder(a, b int) bool {
	return slices.ContainsFunc(st.remainder, func(r [2]int) bool { return r[0] <= a && b <= r[1] })
}

// clauseRanges are the text's clauses as token ranges: cut at clause
// separators (a colon joins a label to its value: "Deliverables: …"),
// line breaks and a dash between spaces.
func (st *state) clauseRanges() [][2]int {
	var out [][2]int
	from := -1
	flush := func(to int) {
		if from >= 0 && to >= from {
			out = append(out, [2]int{from, to})
		}
		from = -1
	}
	for k := range st.toks {
		tk := &st.toks[k]
		r := rune(0)
		if tk.e > tk.s {
			r = st.t.norm[tk.s]
		}
		dash := (r == '—' || r == '–' || r == '-') && k > 0 && st.toks[k-1].kind == tkSpace && st.tok(k+1).kind == tkSpace
		if tk.kind == tkPunct && isClauseSep(r) && r != ':' && r != '：' || tk.kind == tkSpace && slices.Contains(st.t.norm[tk.s:tk.e], '\n') || dash {
			flush(k - 1)
			continue
		}
		if from < 0 && tk.kind != tkSpace {
			from = k
		}
	}
	flush(len(st.toks) - 1)
	return out
}
