package agent

import (
	"fmt"
	"math"
	"regexp"
	"searchagent/tools/textnorm"
	"slices"
	"strconv"
	"strings"

	"searchagent/router"
	"searchagent/tools/condition"
	"searchagent/tools/condparse"
	"searchagent/tools/number"
	"searchagent/tools/store"
)

// Follow-up commands about the search held (audit 28, issue 26 item 3: a
// compound follow-up applies every part or names what it did not). Each
// is a session edit (sessionedits.go), read per clause before the router:
//   - a held bound scaled by a factor ("double the follower floor", "half
//     that size", "raise the minimum by half", 门槛减半, 上限翻倍): the new
//     bound is computed from the held one and said, or the edit is named
//     as not applied when there is no such bound; never a keyword;
//   - a more recent wish with an activity window held ("a bit more
//     recent", 再新一点): the window moves one rung shorter and says so;
//   - paging ("next batch", 下一页, 再来一批, "next 20"): the page turns, as
//     the results' More results would; a count of results ("top 10 only",
//     只看前10个) is named: every page lists the matches in order;
//   - a sort by two keys ("sort by views, then followers", 先按播放再按粉丝):
//     the first key sorts, the second is named (the store sorts by one key);
//   - a start over keeping something ("start over but keep the language,
//     just beauty creators in Korea", 重新来，只保留平台，找…): a new search
//     of the rest, the named conditions kept, with no confirmation asked.

// Factor words of a scaled bound. Multipliers scale by themselves;
// fractions scale to themselves ("half that size") or, said with "by"
// and a raise or a cut ("raise it by half", 提高一半), by one plus or minus
// themselves.
var (
	scaleMultiplier = regexp.MustCompile(`(?i)\b(?:double[ds]?|doubling|twice)\b|\b(?:two|2)\s*(?:times|x)\b|\b(?:triple[ds]?|tripling|thrice)\b|\b(?:three|3)\s*(?:times|x)\b|\b(?:quadruple[ds]?|(?:four|4)\s*(?:times|x))\b|` +
		`翻一?倍|翻一番|翻番|加倍|(?:提高|增加|提升|涨|多|调高|上调|拉高|抬高)了?一倍|(?:两|二|2|三|3|四|4)倍`)
	scaleFraction = regexp.MustCompile(`(?i)\b(?:half|halve[ds]?|halving)\b|\b(?:a|one)\s+(?:third|quarter|fourth)\b|\bby\s+(?:a\s+)?(?:third|quarter)\b|减半|砍半|对半|一半|三分之一|四分之一`)
	scalePercent  = regexp.MustCompile(`(?i)(\d{1,3})\s*(?:%|percent)|百分之([一二三四五六七八九十两百\d]+)`)
	scaleBy       = regexp.MustCompile(`(?i)\bby\s+(?:a\s+|an?\s+extra\s+|another\s+)?(?:half|third|quarter|\d{1,3}\s*(?:%|percent))|(?:提高|增加|提升|上调|调高|拉高|抬高|涨|多|降低|减少|下调|调低|压低|拉低|降|减|少)了?(?:一半|三分之一|四分之一|百分之|\d{1,3}\s*%)`)
	scaleUp       = regexp.MustCompile(`(?i)\b(?:raise|increase|bump|lift|up|higher|bigger|larger|more|grow|boost)\b|提高|增加|提升|上调|调高|拉高|抬高|涨|多|大`)
	scaleDown     = regexp.MustCompile(`(?i)\b(?:lower|reduce|cut|decrease|drop|smaller|less|fewer|shrink|trim|halve[ds]?)\b|降|减|少|下调|调低|压低|拉低|砍|小`)
	// the end a scaled clause names; neither: the whole range
	scaleUpper = regexp.MustCompile(`(?i)\b(?:cap|max|maximum|ceiling|upper\s+(?:bound|limit|end)|top\s+end|limit)\b|上限|封顶|最高|最多`)
	scaleLower = regexp.MustCompile(`(?i)\b(?:floor|min|minimum|threshold|lower\s+(?:bound|limit|end)|bottom\s+end|bar|cutoff|cut-off)\b|下限|门槛|起步线?|起点|最低|最少|底线`)
	// a size or a bound the clause is about; a scaled clause without one
	// says nothing about the search ("double check the list")
	scaleAbout = regexp.MustCompile(`(?i)\b(?:size|sizes|big|bigger|large|larger|small|smaller|followers?|subs|subscribers?|audience|views?|count|range|numbers?|high|higher|low|lower)\b|粉丝|订阅|播放|体量|规模|量级|要求|范围|数值`)
	// a pronoun for the size held ("cut that in half", "a third of that"):
	// about it only with a verb or as a part of it
	scalePronoun = regexp.MustCompile(`(?i)\b(?:that|it|this)\b`)
	scaleOfThat  = regexp.MustCompile(`(?i)^(?:just\s+|only\s+|maybe\s+)?(?:a|one)?\s*(?:half|third|quarter)\s+(?:of\s+)?(?:that|it|this)$`)
	// a remark about the results ("half of them are fake", 一半粉丝是假的):
	// no edit
	scaleRemark = regexp.MustCompile(`(?i)\b(?:is|are|was|were|seems?|looks?)\b|是|假的`)
	// the words a scaled clause may hold besides those: filler, so that
	// a clause which also says a topic is not read as a scale alone
	scaleClause = regexp.MustCompile(`(?i)^(?:(?:please|pls|can you|could you|let'?s|ok|okay|now|and|just|maybe|try|go|make|set|put|bring|take|move|get|actually)\s+)*` +
		`(?:[a-z%0-9'\-]+\s*){1,12}$|^[^a-zA-Z]{1,24}$`)
	scaleViews = regexp.MustCompile(`(?i)\bviews?\b|\bplays?\b|播放|均播`)
	// a figure with its unit: the clause sets a bound, it scales none
	// ("a quarter mil max", "上限五万的一半")
	scaleFigure = regexp.MustCompile(`(?i)\d\s*(?:k|m|w|万|千)\b|\d{4,}|\b(?:mil|mill|million|thousand|grand)\b|万|千`)
)

// scaleFactor reads the factor a clause scales a held bound by: num/den,
// or ok false when it says none.
func scaleFactor(c string) (num, den int64, ok bool) {
	up, down := scaleUp.MatchString(c), scaleDown.MatchString(c)
	by := scaleBy.MatchString(c)
	if m := scaleMultiplier.FindString(c); m != "" {
		k := int64(2)
		switch {
		case regexp.MustCompile(`(?i)tripl|thrice|three|3|三`).MatchString(m):
			k = 3
		case regexp.MustCompile(`(?i)quadrupl|four|4|四`).MatchString(m):
			k = 4
		}
		if regexp.MustCompile(`(?i)\b(?:smaller|lower|less|fewer)\b|小|低|少`).MatchString(c) && !up {
			return 1, k, true // "three times smaller"
		}
		return k, 1, true
	}
	if m := scalePercent.FindStringSubmatch(c); m != nil {
		p, okN := int64(0), false
		if m[1] != "" {
			p, _ = strconv.ParseInt(m[1], 10, 64)
			okN = true
		} else if v, okC := number.ParseCount(m[2]); okC {
			p, okN = v, true
		}
		if !okN || p <= 0 || p > 900 {
			return 0, 0, false
		}
		switch {
		case down && !up:
			if p >= 100 {
				return 0, 0, false
			}
			return 100 - p, 100, true
		case up || by:
			return 100 + p, 100, true
		}
		return p, 100, true // "50% of that"
	}
	if m := scaleFraction.FindString(c); m != "" {
		d := int64(2)
		switch {
		case regexp.MustCompile(`(?i)third|三分之一`).MatchString(m):
			d = 3
		case regexp.MustCompile(`(?i)quarter|fourth|四分之一`).MatchString(m):
			d = 4
		}
		if by {
			if up && !down {
				return d + 1, d, true // "raise the minimum by half"
			}
			return d - 1, d, true // "cut it by a third"
		}
		if up && !down && !regexp.MustCompile(`(?i)\bof\b|的`).MatchString(c) {
			return 0, 0, false // "half as big again" and the like: unread
		}
		return 1, d, true
	}
	return 0, 0, false
}

// scaleHeld reads a clause that scales a held count by a factor into the
// command that sets the scaled range, and a note that says the figures.
// ok is false when the clause says no such scale; a scale with no such
// bound held is named as not applied.
func (t *turn) scaleHeld(clause string) (cmds []router.Command, note string, ok bool) {
	c := strings.TrimSpace(clause)
	upperSaid, lowerSaid := scaleUpper.MatchString(c), scaleLower.MatchString(c)
	about := upperSaid || lowerSaid || scaleAbout.MatchString(c) ||
		scalePronoun.MatchString(c) && (scaleUp.MatchString(c) || scaleDown.MatchString(c) || scaleOfThat.MatchString(c))
	if !scaleClause.MatchString(c) || !about || scaleRemark.MatchString(c) {
		return nil, "", false
	}
	if scaleFigure.MatchString(c) {
		return nil, "", false
	}
	num, den, okF := scaleFactor(c)
	if !okF {
		return nil, "", false
	}
	if rd, err := t.read(c); err == nil && slices.ContainsFunc(rd.Conditions, func(x condparse.Condition) bool {
		return x.Kind != condition.KindKeyword && !isCount(string(x.Field)) && x.Field != condition.Engagement
	}) {
		return nil, "", false // the clause sets another field: not a scale alone
	}
	s := t.s
	f := condition.Followers
	if scaleViews.MatchString(c) {
		f = condition.AvgViews
	}
	upper, lower := upperSaid, lowerSaid
	lo, hi, held := s.heldCount(f)
	q := clip(c, 28)
	if upper && lower || !upper && !lower {
		upper, lower = hi > 0, lo > 0
	}
	if !held || upper && hi == 0 && !lower || lower && lo == 0 && !upper || !upper && !lower {
		which := text{"范围", "range"}
		switch {
		case upper && !lower:
			which = text{"上限", "cap"}
		case lower && !upper:
			which = text{"下限", "minimum"}
		}
		l := text{f.Label("zh"), strings.ToLower(f.Label("en"))}
		return nil, pick(s.zh(), "「"+q+"」未应用：当前没有"+l.zh+which.zh+"可以按倍数调整，请直接写数值，例如“粉丝 5万以上”",
			"“"+q+"” was not applied: there is no "+l.en+" "+which.en+" held to scale; give the figure, e.g. “over 50k followers”"), true
	}
	scale := func(n int64) int64 { return int64(math.Round(float64(n) * float64(num) / float64(den))) }
	nlo, nhi := lo, hi
	if lower && lo > 0 {
		nlo = max(scale(lo), 1)
	}
	if upper && hi > 0 {
		nhi = max(scale(hi), 1)
	}
	before := condparse.Describe(f, countOp(lo, hi), countVal(lo, hi))
	if nlo > 0 && nhi > 0 && nlo > nhi {
		// scaled past the other end: the scaled end alone
		if upper && !lower {
			nlo = 0
		} else {
			nhi = 0
		}
	}
	after := condparse.Describe(f, countOp(nlo, nhi), countVal(nlo, nhi))
	note = pick(s.zh(), fmt.Sprintf("「%s」：按当前条件计算，%s → %s", q, before.ZH, after.ZH),
		fmt.Sprintf("“%s”: computed from the search held, %s → %s", q, before.EN, after.EN))
	op, v := countValue(nlo, nhi)
	var val any = v.Int
	if op == condition.OpBetween {
		val = map[string]any{"min": nlo, "max": nhi}
	}
	return []router.Command{{Name: "add_filter", Args: router.Args{"field": string(f), "op": string(op), "value": val}}}, note, true
}

func countOp(lo, hi int64) condition.Op { op, _ := countValue(lo, hi); return op }

func countVal(lo, hi int64) condparse.Value { _, v := countValue(lo, hi); return v }

// recentCue wishes the channels more recently active, said as a
// comparison ("a bit more recent", "more recently active", "fresher
// ones", 再新一点, 更新时间再近一些): with a window held it moves one rung
// shorter (windowSteps), rather than sorting.
var recentCue = regexp.MustCompile(`(?i)^(?:(?:please|pls|ok|okay|now|and|just|maybe|make\s+(?:it|them)|only|i\s+want|i'?d\s+like|can\s+(?:we|you)\s+(?:get|have|see))\s+)*` +
	`(?:(?:a\s+(?:bit|little|tad|touch)|slightly|somewhat|a\s+little\s+bit|even|much|way|a\s+lot)\s+)?` +
	`(?:more\s+recent(?:ly\s+(?:active|updated|posting))?|more\s+active\s+(?:recently|lately)|newer|fresher|more\s+up[- ]to[- ]date|updated\s+more\s+recently|posting\s+more\s+recently)` +
	`(?:\s+(?:ones|channels|creators|accounts|activity|uploads|posts|than\s+that|please|pls|than\s+(?:this|now)))*$` +
	`|^(?:活跃|更新|发布|最近更新|最近活跃)?(?:时间|日期)?(?:再|更|要更|还要|再更)(?:新|近)(?:一点|一些|点|些)?(?:儿)?(?:的)?(?:吧|呢|哈)?$`)

// windowTighten narrows the activity window held, the window named
// ("tighten the window", "narrow the last-active window a bit",
// 活跃时间再收紧一点, 活跃要求严一些): as a more recent wish, one rung
// shorter (widening is the router's widen, work.go widenWindow).
var windowTighten = regexp.MustCompile(`(?i)^(?:(?:please|pls|ok|okay|now|and|just|maybe|can\s+you|could\s+you|let'?s)\s+)*` +
	`(?:tighten|narrow|shorten|shrink|reduce|cut)(?:\s+down)?\s+(?:the\s+)?(?:last[- ]active\s+|activity\s+|active\s+|recency\s+|posting\s+)?(?:window|timeframe|time\s+frame|period|range|requirement)` +
	`(?:\s+(?:a\s+(?:bit|little|tad|touch)|slightly|somewhat|some|please|pls))*$` +
	`|^(?:把)?(?:活跃|更新|发布|最近活跃|最近更新)(?:时间|日期|要求|窗口|时间要求|范围)?(?:再|要|还要|可以)?(?:收紧|缩短|收窄|缩小|严格|严|短|紧)(?:一点|一些|点|些)?(?:儿)?(?:吧|呢|哈)?$`)

// windowSteps are the activity windows, in days, a more recent wish
// steps down through.
var windowSteps = []int64{1, 3, 7, 14, 30, 60, 90, 180, 365}

// recentStep reads a more recent wish with an activity window held into
// the command that sets the next shorter window, and a note saying by how
// much. ok is false when the clause is no such wish or no window is held
// (the reading then sorts by recent activity, as before).
func (t *turn) recentStep(clause string) (cmds []router.Command, note string, ok bool) {
	if cl := strings.TrimSpace(clause); !recentCue.MatchString(cl) && !windowTighten.MatchString(cl) {
		return nil, "", false
	}
	s := t.s
	var days int64
	for _, c := range s.Conds {
		if c.Field == string(condition.LastActive) && c.Status == condition.StatusApplied && c.Kind != condition.KindSoft && c.Value.Int > 0 {
			days = c.Value.Int
		}
	}
	if days <= 1 {
		return nil, "", false
	}
	next := int64(1)
	for _, w := range windowSteps {
		if w < days {
			next = w
		}
	}
	q := clip(strings.TrimSpace(clause), 24)
	note = pick(s.zh(), fmt.Sprintf("「%s」：活跃时间从最近 %d 天缩短到最近 %d 天", q, days, next),
		fmt.Sprintf("“%s”: the activity window went from the last %d days to the last %d days", q, days, next))
	return []router.Command{{Name: "add_filter", Args: router.Args{"field": string(condition.LastActive), "op": "within_days", "value": next}}}, note, true
}

// pagingCue asks for the next results in forms the lexicon's paging
// words do not spell: a count or a batch noun after next or another
// ("next 20", "another batch"), 再来一批, 换一批, 下一批, 再来20个.
var pagingCue = regexp.MustCompile(`(?i)^(?:(?:ok|okay|now|please|pls|and|then|can\s+you|could\s+you|let\s+me\s+see|show\s+me|show|give\s+me|load|get|fetch|bring\s+up|pull\s+up|see|go\s+to|i\s+want|i'?d\s+like)\s+)*` +
	`(?:the\s+)?(?:next|another|more)\s+(?:\d{1,3}|ten|twenty|thirty|fifty|few|batch|set|lot|round|bunch|page|results?)(?:\s+(?:results?|channels?|creators?|ones|accounts?|matches|of\s+(?:them|results|those)|please|pls|page|pages))*$` +
	`|^(?:请|麻烦)?(?:再|下|换|另|往后)(?:给我|帮我|来|给|看|翻|出)?(?:看|来|翻)?(?:(?:一|\d{1,3}|[一二三四五六七八九十两几]+)?(?:批|页|波|组)|(?:\d{1,3}|[一二三四五六七八九十两几]+)(?:个|位))(?:结果|博主|的|频道|达人)?(?:吧|呢|看看|来看看)?$`)

// moreOnly asks for more without naming a page or a batch ("more results
// please"): a page when there is one, else a widening (the router's).
var moreOnly = regexp.MustCompile(`(?i)^(?:(?:ok|okay|now|please|pls|and|then|can\s+you|could\s+you|show|show\s+me|give\s+me|get|i\s+want)\s+)*(?:some\s+)?more(?:\s+(?:results?|ones|channels?|creators?|matches|please|pls))*$`)

// moreAsk asks for more results in everyday words (fixZ3, class Z3):
// "show me more", "find me more", "any more of these", 再找多一些, 再多找
// 几个, written Cantonese 再搵多啲 (folded to 再多找些). It turns the page
// when there is one and says every match is listed when there is none;
// never a follower bound ("多一些" is no size here) nor a keyword. "一点"
// and "点" are left out: "再多一点" is a size, and "再来点" says too little.
var moreAsk = regexp.MustCompile(`(?i)^(?:(?:ok|okay|now|please|pls|and|then|so|can\s+you|could\s+you|can\s+i\s+see|show|show\s+me|give\s+me|get|get\s+me|find|find\s+me|search|look\s+for|pull\s+up|load|see|i\s+want|i'?d\s+like|are\s+there|is\s+there|got|do\s+you\s+have|you\s+got)\s+)*` +
	`(?:any|some|a\s+few|a\s+couple|a\s+bit)?\s*more(?:\s+(?:results?|ones|channels?|creators?|accounts?|matches|of\s+(?:these|those|them)|please|pls|than\s+this|than\s+that))*$` +
	`|^(?:请|麻烦|能不能|可以)?(?:再|还)(?:多)?(?:帮我|给我|帮忙)?(?:找|搜|来|给|推|看|出)(?:多)?(?:一些|些|几个|几位|一批)(?:吧|呢|啊|呀|看看|出来)?$` +
	`|^(?:请|麻烦|能不能|可以)?(?:再|还)?(?:帮我|给我|帮忙)?多(?:找|搜|来|给|推|看|出)(?:一些|些|几个|几位|一批)(?:吧|呢|啊|呀|看看|出来)?$` +
	`|^还有(?:吗|没有|别的吗|其他的吗|更多的?吗|更多的?)$`)

// asksMore reports a clause asking for more results (moreAsk), read in
// Simplified script with written Cantonese folded (再搵多啲, 搵多幾個).
func asksMore(c string) bool {
	folded, _ := textnorm.CantoneseFold(textnorm.Simplify(c))
	return moreAsk.MatchString(c) || moreAsk.MatchString(folded)
}

// pagingClause reports a clause that asks for the next page of results:
// pagingCue, or a clause whose reading places nothing but paging words
// (condparse.ResiduePaging) and frame.
func (t *turn) pagingClause(clause string) bool {
	c := strings.TrimSpace(clause)
	if pagingCue.MatchString(c) {
		return true
	}
	rd, err := t.read(c)
	if err != nil || len(rd.Conditions) > 0 || rd.Sort != nil {
		return false
	}
	paging := false
	for _, r := range rd.Remainder {
		switch r.Role {
		case condparse.ResiduePaging:
			paging = true
		case "":
		default:
			return false
		}
	}
	return paging
}

// limitCue is a count of results said as the top of the list ("top 10",
// "the first five", 前十个, 排名前5的); the count alone ("show me 10") is
// the reading's (condparse.Result.Quantity).
var limitCue = regexp.MustCompile(`(?i)\b(?:top|first|best)\s+(?:\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred|dozen)\b(?:\s+(?:ones|results?|channels?|creators?|accounts?|picks|matches))?|(?:排名|排在)?前\s*(?:\d{1,3}|[一二三四五六七八九十两百]+)\s*(?:个|名|位|条|家)?(?:的)?`)

// limitClause reports a clause that says how many results to show ("top
// 10 only", 只看前10个, "just the first five"): a count of the top of the
// list (limitCue) or a result count (the reading's Quantity), with
// nothing else read in the clause.
func (t *turn) limitClause(clause string) bool {
	c := strings.TrimSpace(clause)
	if m := limitCue.FindStringIndex(c); m != nil {
		c = c[:m[0]] + " " + c[m[1]:]
	} else if rd, err := t.read(c); err != nil || rd.Quantity == nil {
		return false
	}
	rd, err := t.read(c)
	return err == nil && len(rd.Conditions) == 0 && rd.Sort == nil &&
		!slices.ContainsFunc(rd.Remainder, func(r condparse.Span) bool { return r.Role != "" })
}

// limitNote names a result count as not applied, as a first search
// names one (quantityNotice): the list shows every match in order, a
// page at a time. q is the clause; the count named is the reading's, or
// the words that said the top of the list (limitCue).
func (t *turn) limitNote(q string) string {
	sp := &condparse.Span{Text: strings.TrimSpace(q)}
	if m := limitCue.FindString(q); m != "" {
		sp.Text = strings.TrimSpace(m)
	} else if rd, err := t.read(strings.TrimSpace(q)); err == nil && rd.Quantity != nil {
		sp = rd.Quantity
	}
	return t.s.countNotice(q, sp)
}

// turnPage turns the results to their next page for a paging follow-up,
// and says which results it shows; a follow-up that also changed the
// search shows the first page of the new search, and says so.
func (t *turn) turnPage(changed bool) {
	s := t.s
	r := s.Results
	switch {
	case r == nil || r.Total == 0:
		s.note(pick(s.zh(), "没有下一页：当前条件没有结果", "There is no next page: the current search has no matches"))
	case r.NextCursor == "":
		s.note(pick(s.zh(), fmt.Sprintf("没有下一页：当前条件的结果已全部列出（共 %d 个；有更多结果时列表底部会出现「更多结果」）", r.Total),
			fmt.Sprintf("There is no next page: every match is listed (%d in all; More results shows below the list when there are more)", r.Total)))
	case changed:
		s.Offset = 0
		s.note(pick(s.zh(), "条件已改变，显示新结果的第一页（未翻页；翻页请用「更多结果」）", "the search changed, so its first page is shown (the page was not turned; for the next page use More results)"))
	default:
		n, err := strconv.Atoi(r.NextCursor)
		if err != nil || n < 0 || n > store.MaxOffset {
			return
		}
		s.Offset = n
		last := min(n+store.DefaultLimit, r.Total)
		total := strconv.Itoa(r.Total)
		if r.TotalAtLeast {
			total += "+"
		}
		s.note(pick(s.zh(), fmt.Sprintf("下一页：第 %d–%d 个结果（共 %s 个）", n+1, last, total),
			fmt.Sprintf("Next page: results %d–%d of %s", n+1, last, total)))
	}
}

// secondKeyCue is the second key of a sort said with two ("sort by
// views, then followers", "by engagement and then by size", 先按播放再按粉丝,
// 粉丝一样的再按均播): group 1 (or 2) is the key's words.
var secondKeyCue = regexp.MustCompile(`(?i)[,;]?\s*(?:and\s+)?(?:then|after\s+that|afterwards|followed\s+by|secondarily|with\s+ties\s+(?:broken\s+)?by|ties\s+(?:broken\s+)?by|tie-?break(?:ing|er)?\s+(?:on|by|with)?)\s+(?:by\s+|on\s+)?(?:the\s+)?([a-z][a-z ]{1,30}?)\s*(?:please|pls)?\s*$` +
	`|[，,]?\s*(?:[^，,。；;]{0,6}(?:一样|相同|并列|持平|差不多)的?(?:话)?再?|(?:然后|之后|其次)再?|再)(?:按|按照|看|比)([^，,。；;再]{1,8}?)(?:来)?(?:排序|排列|排|来排)?(?:吧)?\s*$`)

// sortSaid is a sort verb or 按 in the words before a second key.
var sortSaid = regexp.MustCompile(`(?i)\b(?:sort|sorted|order|ordered|rank|ranked|by)\b|按|排`)

// secondSortKey reads a sort by two keys: the text without the second
// key (whose reading sorts by the first) and the second key's sort name.
// ok is false when the text says no such thing.
func (t *turn) secondSortKey(text string) (rest, second string, ok bool) {
	m := secondKeyCue.FindStringSubmatchIndex(text)
	if m == nil {
		return "", "", false
	}
	words := ""
	for _, g := range []int{2, 4} {
		if m[g] >= 0 {
			words = text[m[g]:m[g+1]]
		}
	}
	if strings.TrimSpace(words) == "" {
		return "", "", false
	}
	rest = strings.TrimSpace(text[:m[0]] + text[m[1]:])
	if !sortSaid.MatchString(rest) {
		return "", "", false // "粉丝一万到五万，再按播放量排": one key, said after a filter
	}
	if m[4] >= 0 && !strings.ContainsAny(rest[max(0, len(rest)-6):], "排") && regexp.MustCompile(`排序|排列|排`).MatchString(text[m[1]-min(m[1]-m[0], 9):m[1]]) {
		rest += "排序" // "先按播放再按粉丝排序": the sort word is both keys'
	}
	first, err := t.read(rest)
	if err != nil || first.Sort == nil {
		return "", "", false
	}
	probe := "sort by " + words
	if m[4] >= 0 {
		probe = "按" + words + "排序"
	}
	sec, err := t.read(probe)
	switch {
	case err != nil || sec.Sort != nil && sec.Sort.By == first.Sort.By:
		return "", "", false
	case sec.Sort == nil && !t.oneWordKey(words):
		return "", "", false // "…and then the next page", "…then remove the cap": no key
	case sec.Sort == nil:
		return rest, "“" + strings.TrimSpace(words) + "”", true // "then by size": named in the user's words
	}
	return rest, sec.Sort.By, true
}

// oneWordKey reports words that read as one term and nothing else
// ("size"): a key no sort knows, named in the user's words.
func (t *turn) oneWordKey(words string) bool {
	w := strings.TrimSpace(words)
	rd, err := t.read(w)
	return err == nil && len(strings.Fields(w)) <= 2 && len(rd.Conditions) == 1 && rd.Conditions[0].Kind == condition.KindKeyword &&
		strings.EqualFold(rd.Conditions[0].Value.Str, w) && len(rd.Remainder) == 0 && len(rd.Dropped) == 0
}

// secondKeyNote names the second key of a sort as not applied: by is a
// sort name, or the user's words quoted.
func (s *Session) secondKeyNote(by string) string {
	l := sortName(by)
	if strings.HasPrefix(by, "“") {
		w := strings.Trim(by, "“”")
		l = text{"「" + w + "」", "“" + w + "”"}
	} else {
		l.zh = "「" + l.zh + "」"
	}
	return pick(s.zh(), "第二排序"+l.zh+"未应用：结果只能按一个字段排序，已按第一个排序",
		"the second sort key, "+l.en+", was not applied: results sort by one key, the first one said")
}

// startOverCue says the search starts over; keepCue names what it keeps.
var (
	startOverCue = regexp.MustCompile(`(?i)\b(?:start(?:ing)?\s+(?:over|again|afresh|from\s+scratch|fresh)|from\s+scratch|begin\s+again|reset\s+(?:it|everything|all|the\s+search|the\s+filters|the\s+conditions)|wipe\s+(?:it|everything|the\s+slate|all)(?:\s+(?:all|clean))?|clear\s+(?:it\s+all|everything|all(?:\s+(?:the\s+)?(?:filters|conditions))?)|scrap\s+(?:it\s+all|everything|all\s+(?:that|of\s+it)))\b|重新来|重来|重新开始|重新找|重新搜|从头(?:来|开始)|清空|全部重置|重置|推倒重来`)
	keepCue      = regexp.MustCompile(`(?i)\b(?:keep(?:ing)?|retain(?:ing)?|except(?:\s+for)?|apart\s+from|other\s+than|save\s+for)\b|保留|留着|留下|只留|不变|除了|别动|照旧|不动`)
	// restOnly is the tail of a start-over clause that names the other
	// conditions, not a new search ("clear everything else", 清空其他条件)
	restOnly     = regexp.MustCompile(`(?i)^(?:else|(?:the\s+)?(?:rest|others?)(?:\s+(?:ones|filters|conditions))?|(?:all\s+)?(?:the\s+)?other\s+(?:filters|conditions|ones)|(?:其他|其它|其余|别的|剩下)(?:的)?(?:条件|筛选|的)?(?:都|全)?)$`)
	platformWord = regexp.MustCompile(`(?i)\bplatforms?\b|\bsite\b|平台`)
)

// startOver is a start over that keeps conditions: the ones kept and the
// text of the new search.
type startOver struct {
	kept []Cond
	text string
	note string
}

// startOverKeeping reads a follow-up that starts over and keeps what it
// names ("start over but keep the language, just beauty creators in
// Korea"): the conditions kept (the fields the keep clause names; the
// platform always stays), and the rest of the text, the new search; one
// that opens the follow-up and keeps nothing ("start over: tech creators
// in Asia") is a new search of the rest. ok is false when it says no
// such thing or names no new search (a keep-only edit then reads it).
func (t *turn) startOverKeeping(text string) (so startOver, ok bool) {
	f := foldEdit(text)
	m := startOverCue.FindStringIndex(f)
	if m == nil || !keepCue.MatchString(f) && m[0] > 16 {
		// a start over keeps what it names anywhere; one that keeps
		// nothing opens the follow-up ("start over: tech creators in
		// Asia"), a new search of the rest
		return so, false
	}
	var keep, rest []string
	for _, cl := range splitKeep(text) {
		c := strings.TrimSpace(foldEdit(cl))
		c = strings.TrimSpace(strings.Trim(c, " .!！?？~"))
		if c == "" {
			continue
		}
		over, kept := startOverCue.FindStringIndex(c), keepCue.MatchString(c) && t.namesKept(c)
		switch {
		case kept:
			keep = append(keep, c)
			if over != nil {
				// "clear everything except the follower range": the
				// keep clause may run on into the new search
				continue
			}
		case over != nil:
			if tail := strings.TrimSpace(c[over[1]:]); len([]rune(tail)) > 3 && !restOnly.MatchString(tail) {
				rest = append(rest, tail) // "start over: beauty creators in Korea"
			}
		default:
			rest = append(rest, strings.TrimSpace(cl))
		}
	}
	newText := strings.TrimSpace(strings.Join(rest, pick(t.s.zh(), "，", ", ")))
	if len(keep) == 0 && m[0] > 16 || newText == "" {
		return so, false
	}
	if rd, err := t.read(newText); err != nil || !usefulParse(rd.Result) {
		return so, false
	}
	s := t.s
	fieldsKept := keptFields(strings.Join(keep, " "))
	var names []string
	for _, c := range s.Conds {
		if c.Field == string(condition.Platform) || !slices.Contains(fieldsKept, c.Field) {
			continue
		}
		so.kept = append(so.kept, c)
		names = append(names, pick(s.zh(), c.LabelZH, c.LabelEN))
	}
	if slices.Contains(fieldsKept, "keyword") {
		for _, tg := range s.Tags {
			names = append(names, tg.Text)
		}
	}
	plat := s.Platform.Label(s.Locale)
	switch {
	case len(names) > 0:
		so.note = pick(s.zh(), "已重新开始搜索，保留："+strings.Join(names, "、")+"（平台 "+plat+" 不变）",
			"Started a new search, keeping "+strings.Join(names, ", ")+" (the platform, "+plat+", stays)")
	case len(keep) == 0:
		// a new search, as new_task runs it: nothing kept to say
	case len(fieldsKept) > 0 || platformWord.MatchString(strings.Join(keep, " ")) || strings.Contains(strings.ToLower(strings.Join(keep, " ")), strings.ToLower(plat)):
		so.note = pick(s.zh(), "已重新开始搜索（平台 "+plat+" 不变）", "Started a new search (the platform, "+plat+", stays)")
	default:
		so.note = pick(s.zh(), "已重新开始搜索：「"+clip(strings.Join(keep, "，"), 20)+"」里没有可保留的条件（平台 "+plat+" 不变）",
			"Started a new search: nothing held matched “"+clip(strings.Join(keep, ", "), 20)+"” to keep (the platform, "+plat+", stays)")
	}
	so.text = newText
	return so, true
}

// namesKept reports a keep clause of a start over: it names a field to
// keep, or the platform, and reads no value ("tech creators in Asia
// except China" is a new search, not what is kept).
func (t *turn) namesKept(c string) bool {
	if rd, err := t.read(c); err != nil || slices.ContainsFunc(rd.Conditions, func(x condparse.Condition) bool {
		return x.Kind != condition.KindKeyword && x.Kind != condition.KindAnchor && x.Field != condition.Platform
	}) {
		return false
	}
	plat := strings.ToLower(t.s.Platform.Label(t.s.Locale))
	return len(keptFields(c)) > 0 || platformWord.MatchString(c) || regexp.MustCompile(`(?i)\b`+regexp.QuoteMeta(plat)+`\b`).MatchString(c)
}

// restoreKept puts the conditions a start over kept back into the new
// search, unless the new search set the same field.
func (s *Session) restoreKept(so *startOver) {
	if so == nil {
		return
	}
	for _, c := range so.kept {
		if slices.ContainsFunc(s.Conds, func(o Cond) bool { return o.Field == c.Field && o.Kind == c.Kind }) {
			continue
		}
		c.ID = s.newID("c")
		s.Conds = append(s.Conds, c)
	}
	s.note(so.note)
}

// followCommand reads one clause of a follow-up as a command about the
// search held: a page turned, a result count named, a held bound scaled,
// a fresher activity window. It reports whether it read the clause, and
// puts what it read into er.
func (t *turn) followCommand(c string, er *editResult) bool {
	switch {
	case t.pagingClause(c) && (!moreOnly.MatchString(c) || t.s.Results != nil && t.s.Results.NextCursor != ""),
		asksMore(c) && (!moreOnly.MatchString(c) || t.s.Results != nil && t.s.Results.NextCursor != ""):
		// "more results" with every match listed asks to widen: the
		// router's reading, as before
		er.page = true
		er.read = append(er.read, "next_page")
		return true
	case t.limitClause(c):
		er.notes = append(er.notes, t.limitNote(c))
		er.read = append(er.read, "result_count")
		return true
	}
	if cmds, note, ok := t.scaleHeld(c); ok {
		er.commands = append(er.commands, cmds...)
		er.notes = append(er.notes, note)
		er.read = append(er.read, "scale_bound")
		return true
	}
	if cmds, note, ok := t.recentStep(c); ok {
		er.commands = append(er.commands, cmds...)
		er.notes = append(er.notes, note)
		er.read = append(er.read, "fresher_window")
		return true
	}
	return false
}
