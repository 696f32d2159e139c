package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/condition"
)

// Talk about the search and its results (audit 27, helper x; issue 26
// item 1: only what the user marks is a hard keyword). Words nobody
// marked reached the keyword path through two doors: a clause of its own
// read as a list item typed, and an input with no sentence signal read
// as keywords as typed. Talk closes both:
//
//   - a question is a sentence, and a clause that asks is never a list
//     item: a "?" after it, a final 吗/呢, or a question word in it
//     ("why", "how come", 为什么, 哪个); the question words and the words
//     that point at the results shown ("of these", "this one", 这些里面)
//     are frame, dropped and named;
//   - a follow-up's remark about a result shown ("it has way more than
//     300k", "这个粉丝明显不止三十万") or a question why one is there
//     places nothing: it is named (ResidueRemark), never a bound of the
//     range the search holds (a dictation filler, 那个, is no subject,
//     and a clause that asks for something is no remark);
//   - a figure or a size said to be acceptable as well ("订阅不到5000也没
//     关系", "under 5k is fine too", "fine if they have under 3k", "粉丝少
//     点没关系", "doesn't matter if they're small") is a permission, never
//     a bound: named (ResidueAccepted); a vague size said so in a
//     follow-up is left to widen the range held (agent/vaguesize.go);
//   - a creator's stage of growth ("established", 刚起步) is named, and
//     so is growth said as a wish ("rising stars", 新锐, 潜力股), which
//     also ranks as the growth preference: the catalog has no growth
//     data (ResidueStage).

// whyWords ask for the reason of something: of a result shown in a
// follow-up ("why is this one here"), never a term.
var whyWords = []string{"why", "why is", "why are", "why's", "why does", "why do", "why did", "how come", "how's it",
	"为什么", "为啥", "为何", "怎么会", "咋会", "凭什么", "干嘛会"}

// questionWords ask which of the results or whether there is one ("哪个
// 更新最勤", "which one posts most"): a question, never a term.
var questionWords = []string{"哪个", "哪几个", "哪一个", "哪位", "哪几位", "哪家", "哪些是", "是不是", "有没有",
	"which one", "which ones", "which of", "who here",
	// a question about the results' figures, the question half of a
	// follow-up ("bump the cap, and what's the total now?"): frame
	"what's", "whats", "what is", "what are", "what's the", "what is the", "anyone here", "any of them", "any of these", "are any", "is any", "do any", "does any"}

// resultWords point at the results shown ("of these", "the ones shown",
// 这些里面): talk about the list, never a term.
var resultWords = []string{"of these", "among these", "out of these", "of those", "among those", "of them", "among them",
	"out of them", "of the ones shown", "the ones shown", "ones shown", "in the results", "of the results", "in these results",
	"in this list", "on this list", "from this list", "on the list", "in the list", "in here", "on here", "this one", "that one",
	"这些里面", "这些里", "这里面", "这里头", "这些当中", "这些中", "这些之中", "其中", "这几个里", "这几个里面", "这几个里头",
	"这几个当中", "这几个中", "这几个", "里面", "里头", "当中", "结果里", "结果中", "结果里面", "列表里", "名单里", "名单中",
	// the batch shown before, pointed back at (fixV: 刚才那批里面, 那几个里)
	"这批", "这一批", "那批", "那一批", "刚才那批", "刚刚那批", "刚才那些", "刚刚那些", "刚才的那些", "刚才那几个", "刚刚那几个",
	"那几个", "那些里面", "那几个里面", "那几个里", "上面那几个", "上面那些", "上面这些", "上面的这些",
	"from these", "from those", "of those ones", "of these ones", "those ones", "these ones", "the ones from before",
	// the search held, said again to keep it ("same criteria", 同样的条件)
	"same criteria", "same filters", "same conditions", "same search", "same settings", "the same thing", "same thing",
	"same but", "same as before", "the same", "otherwise the same", "same otherwise", "otherwise",
	"同样的条件", "同样的要求", "同样的筛选", "一样的条件", "一样的要求", "条件一样", "条件不变", "同样的", "一样的"}

// acceptLeads say that what follows is acceptable as well ("fine if they
// have under 3k", 就算粉丝不到一万): a figure or a size after one is a
// permission.
var acceptLeads = []string{"fine if", "ok if", "okay if", "it's fine if", "it's ok if", "it's okay if", "doesn't matter if",
	"does not matter if", "no matter if", "no problem if", "don't mind if", "do not mind if", "we don't mind if",
	"i don't mind if", "even if", "就算", "即使", "哪怕", "不介意",
	// before a value said acceptable as well ("happy with Australia too",
	// 也接受新加坡的): frame (fixQ class 5)
	"happy with", "fine with", "ok with", "okay with", "happy to include", "接受", "能接受"}

// stageWords say where a creator is in their growth without a figure
// ("established shows", 刚起步的频道): the catalog records no stage.
var stageWords = []string{"established", "well-established", "well established", "long-established", "long established",
	"just starting out", "starting out", "just started", "just getting started", "early-stage", "early stage",
	"老牌", "资深", "成熟期", "刚起步", "起步阶段", "起步期", "刚开始做", "新人", "刚入行"}

// permitSizes are the bare sizes said without a figure that an
// acceptance lead may allow ("doesn't matter if they're tiny"); the
// comparatives ("smaller", "bigger") are the lexicon's vague sizes.
var permitSizes = map[string]bool{"small": true, "tiny": true, "little": true, "new": true, "newer": true,
	"big": true, "large": true, "huge": true}

// sizeAccepts say after a size without a figure that it is acceptable
// ("smaller ones are fine", "小一点无所谓"): acceptWords.
var sizeAccepts = acceptWordSet(func(a acceptWord) bool { return a.size })

// talkEntries are the lexicon's spellings of talk.
func talkEntries() []lexEntry {
	var es []lexEntry
	es = append(es, withFlag(words(clsFrame, whyWords...), func(e *lexEntry) { e.question, e.why = true, true })...)
	es = append(es, withFlag(words(clsFrame, questionWords...), func(e *lexEntry) { e.question = true })...)
	es = append(es, withFlag(words(clsFrame, resultWords...), func(e *lexEntry) { e.results = true })...)
	es = append(es, withFlag(words(clsFrame, acceptLeads...), func(e *lexEntry) { e.accept = true })...)
	es = append(es, words(clsStage, stageWords...)...)
	return es
}

// namedSpan is a rune range a rule named with the residue role it asks
// for.
type namedSpan struct {
	r    [2]int
	role Residue
}

// name names the runes of tokens [from, to] with a residue role: they
// leave the reading as Remainder with that role, never a term.
func (st *state) name(from, to int, role Residue) {
	for from < to && st.toks[from].kind == tkSpace {
		from++
	}
	for to > from && (st.toks[to].kind == tkSpace || st.toks[to].kind == tkPunct) {
		to--
	}
	r := [2]int{st.toks[from].s, st.toks[to].e}
	st.named = append(st.named, namedSpan{r, role})
	st.remainder = append(st.remainder, r)
	for k := from; k <= to; k++ {
		if st.toks[k].role == roleNone || st.toks[k].role == roleContent {
			st.toks[k].role = roleFiller
		}
	}
}

// namedRole is the role a rule named the runes [a,b) with, "" when none.
func (st *state) namedRole(a, b int) Residue {
	for _, n := range st.named {
		if n.r[0] < b && a < n.r[1] {
			return n.role
		}
	}
	return ""
}

// asking reports a token of a clause that asks (questions).
func (st *state) asking(k int) bool { return k >= 0 && k < len(st.asks) && st.asks[k] }

// entryFlag reports a dictionary entry of token k with the flag f.
func (st *state) entryFlag(k int, f func(*lexEntry) bool) bool {
	tk := st.tok(k)
	return tk.kind == tkLex && slices.ContainsFunc(tk.ents, f)
}

// questions marks the clauses that ask: a "?" after the clause, a final
// 吗/呢/么 or a question word in it. A question is a sentence, never a
// list of keywords, and no clause of it is a list item typed.
func (st *state) questions() {
	st.asks = make([]bool, len(st.toks))
	for _, cl := range st.clauseRanges() {
		a, b := cl[0], cl[1]
		ask := false
		if n := st.skipSpace(b + 1); n < len(st.toks) && st.toks[n].kind == tkPunct && st.t.norm[st.toks[n].s] == '?' {
			ask = true
		}
		last := b
		for last > a && st.toks[last].kind == tkSpace {
			last--
		}
		switch st.tokText(last) {
		case "吗", "呢", "么", "嘛":
			ask = true
		}
		for k := a; k <= b && !ask; k++ {
			ask = st.entryFlag(k, func(e *lexEntry) bool { return e.question })
		}
		if !ask {
			ask = st.figureAmountAsk(a, b)
		}
		if !ask {
			continue
		}
		st.sig.Sentence = true
		for k := a; k <= b; k++ {
			st.asks[k] = true
		}
	}
}

// amountAsks ask for an amount ("how many"; 多少 is read in the clause's
// text, anyAmountZh); beside a figure of
// the results (figureAsks) they make the clause a question without a
// question mark ("这批人平均有多少粉丝", "粉丝中位数大概多少").
var amountAsks = map[string]bool{"how many": true, "how much": true, "how big": true}

// figureAmountAsk reports whether clause a..b holds both a figure of the
// results and a word asking for an amount (fixW2, class W4).
func (st *state) figureAmountAsk(a, b int) bool {
	fig, amt := false, false
	for k := a; k <= b; k++ {
		w := strings.ToLower(st.tokText(k))
		fig = fig || figureAsks[w]
		amt = amt || amountAsks[w]
	}
	// Chinese figures are often lexed rune by rune ("平", "均"): the
	// clause's text says them
	text := string(st.t.norm[st.toks[a].s:st.toks[b].e])
	for _, w := range figureAsksZh {
		fig = fig || strings.Contains(text, w)
	}
	amt = amt || strings.Contains(text, "多少") && !anyAmountZh.MatchString(text)
	return fig && amt
}

// anyAmountZh is "any amount will do" ("多少粉都行", "多少无所谓"): a
// permission, never a question.
var anyAmountZh = mustRx(`多少.{0,3}(都|也|无所谓|不限|没关系)`)

// figureAsksZh are the Chinese figures of the results a clause may ask
// for ("平均", "中位数", "一般" as "typically").
var figureAsksZh = []string{"平均", "中位数", "一般", "总数", "总共"}

// figureAsks are the figures a question asks of the results ("what's the
// median now?", "平均粉丝多少"): in a clause that asks they are the
// question's, never a term.
var figureAsks = map[string]bool{"average": true, "avg": true, "median": true, "mean": true, "total": true, "sum": true,
	"平均": true, "平均值": true, "平均数": true, "中位数": true, "总数": true, "总量": true, "一般": true}

// figureQuestions names the figures a question asks of the results
// (figureAsks) in a clause that asks: the question half of a follow-up
// sets nothing (ResidueQuestion).
func (st *state) figureQuestions() {
	for _, cl := range st.clauseRanges() {
		// a clause asking an amount of a figure ("这批人平均有多少粉丝")
		// is the question's as a whole: none of its words is a term
		if a, b := cl[0], cl[1]; st.asking(a) && st.figureAmountAsk(a, b) {
			st.name(a, b, ResidueQuestion)
		}
	}
	for k := range st.toks {
		if !st.asking(k) || !st.free(k) {
			continue
		}
		if figureAsks[strings.ToLower(st.tokText(k))] {
			st.name(k, k, ResidueQuestion)
		}
	}
}

// stages names a creator's stage of growth (stageWords) and growth said
// as a wish (the growth preference, which still ranks): the catalog has
// no growth or stage data.
func (st *state) stages() {
	for i := range st.toks {
		if st.free(i) && st.toks[i].has(clsStage) != nil {
			st.name(i, i, ResidueStage)
			st.sig.Sentence = true
		}
	}
	for _, pc := range st.conds {
		if !pc.dropped && pc.c.Field == condition.Preference && pc.c.Value.Str == "growth" && !pc.neg {
			r := [2]int{pc.s, pc.e}
			st.named = append(st.named, namedSpan{r, ResidueStage})
			st.remainder = append(st.remainder, r)
		}
	}
}

// permissions read a figure or a size said to be acceptable as well: a
// count right before an acceptance ("订阅不到5000也没关系", "under 3k
// followers is fine too") or right after an acceptance lead ("fine if
// they have under 3k followers", 就算粉丝不到一万), or a size without a
// figure said so ("粉丝少点没关系", "smaller ones are fine", "doesn't
// matter if they're tiny"). It is a permission, never a bound: the
// count goes, the clause is named (ResidueAccepted). A bare figure said
// acceptable too ("十万也行") stays the count rule's (IssueAccepted).
func (st *state) permissions() {
	tail := func(k int, size bool) bool {
		w := st.word(k)
		return st.free(k) && (permitTails[w] || size && sizeAccepts[w])
	}
	for _, cl := range st.clauseRanges() {
		a, b := cl[0], cl[1]
		lead := -1
		for k := a; k <= b; k++ {
			if st.free(k) && st.entryFlag(k, func(e *lexEntry) bool { return e.accept }) {
				lead = k
				break
			}
		}
		// after: the first token past k that is no field word, creator
		// noun, 的 or "ones"
		after := func(k int) int {
			n := st.skipSpace(k + 1)
			for n <= b && (st.fieldOf(n) != "" && st.free(n) || st.tok(n).has(clsDe) != nil || st.tok(n).has(clsCreator) != nil) {
				n = st.skipSpace(n + 1)
			}
			return n
		}
		// led: a lead before token k with only light words between
		led := func(k int) bool {
			if lead < 0 || lead >= k {
				return false
			}
			for n := lead + 1; n < k; n++ {
				if tk := &st.toks[n]; tk.kind != tkSpace && !(tk.kind == tkLex && (tk.has(clsStop) != nil || tk.has(clsField) != nil || tk.has(clsDe) != nil ||
					tk.has(clsCreator) != nil || tk.has(clsFrame) != nil)) {
					return false
				}
			}
			return true
		}
		permit := -1
		for _, pc := range st.conds {
			if pc.dropped || pc.neg || !isCount(pc.c.Field) || slices.Contains(pc.c.Issues, IssueAccepted) || pc.c.Kind != condition.KindHard ||
				pc.c.Op != condition.OpLte && pc.c.Op != condition.OpGte {
				// a range said acceptable ("10k–50k is fine") is the
				// range asked for
				continue
			}
			first, last := -1, -1
			for k := a; k <= b; k++ {
				if st.toks[k].s >= pc.s && st.toks[k].e <= pc.e && st.toks[k].kind != tkSpace {
					if first < 0 {
						first = k
					}
					last = k
				}
			}
			if first < 0 {
				continue
			}
			if n := after(last); tail(n, false) || led(first) {
				pc.dropped = true
				permit = max(permit, n)
			}
		}
		for k := a; k <= b; k++ {
			tk := &st.toks[k]
			// (a vague size said acceptable in a follow-up widens the
			// range held one step: agent/vaguesize.go)
			vague := tk.kind == tkLex && tk.has(clsVague) != nil
			size := vague && !st.cfg.followup || !vague && permitSizes[st.tokText(k)]
			if !st.free(k) || !size {
				continue
			}
			if n := after(k); tail(n, true) || led(k) {
				permit = max(permit, n)
			}
		}
		if permit < 0 {
			continue
		}
		st.sig.Sentence = true
		st.name(a, b, ResidueAccepted)
	}
}

// permitTails say after a figure or a size that it is acceptable as well
// (the count rule's acceptTails, and "没关系", "doesn't matter").
var permitTails = func() map[string]bool {
	m := map[string]bool{"doesn't matter": true, "does not matter": true, "no problem": true}
	for w := range acceptTails {
		// "几千到三万都行": a range said acceptable as a whole is the
		// range asked for
		m[w] = !strings.HasPrefix(w, "都")
	}
	return m
}()

// remarkSubject opens a follow-up's clause said of a result shown ("it
// has …", "this one's got …", "这个粉丝…", "第二个…"); remarkWish is a
// requirement in it, which makes the clause a condition after all ("it
// should be under 50k", 这个要十万以上).
var (
	remarkSubject = mustRx(`(?i)^(?:(?:but|and|so|well|also|like|plus)\s+)?(?:it|it's|its|this|that|that's|this one(?:'s)?|that one(?:'s)?|he|she|he's|she's|` +
		`this (?:channel|account|guy|creator|girl|person)(?:'s)?|the (?:first|second|third|fourth|fifth|sixth|last|\d+(?:st|nd|rd|th)) one(?:'s)?|#\d+|number \d+)\b` +
		`|^(?:可是|但是?|而且|不过)?(?:这个|那个(?:号|频道|博主|账号)|这位|那位|这家|那家|他|她|它|这号|第[一二三四五六七八九十两\d]+(?:个|位|家))`)
	remarkWish = mustRx(`(?i)\b(?:should|must|needs?|need to|has to|have to|make|change|set|want|only|keep|cap|limit|raise|lower|bump|instead|can|could|fine|ok|okay|then)\b|要|得|需要|应该|改|换|只要|控制|限制|调|别|不要|不能|可以|也行|然后|不对`)
)

// listQuestions are the question words that ask about the list shown
// ("any of them", "do any"), whatever else the clause names.
var listQuestions = map[string]bool{"any of them": true, "any of these": true, "any of those": true, "are any": true, "is any": true,
	"do any": true, "does any": true, "which one": true, "which ones": true, "which of": true, "who here": true, "anyone here": true}

// asksOfResults reports a clause [a, b] that asks about the results
// shown: it points at them (resultWords: "of these", 这些里面, 其中), asks
// with a word about the list (listQuestions), or is said of a result
// (remarkSubject: "is it still active", "这个号还在更新吗").
func (st *state) asksOfResults(a, b int) bool {
	for k := a; k <= b; k++ {
		if st.entryFlag(k, func(e *lexEntry) bool { return e.results }) || listQuestions[st.word(k)] {
			return true
		}
	}
	return remarkSubject.MatchString(strings.ToLower(strings.TrimSpace(string(st.t.norm[st.toks[a].s:st.toks[b].e]))))
}

// resultRemarks reads a follow-up's remark about a result shown: a count
// in a clause said of a result ("it has way more than 300k", "这个粉丝明
// 显不止三十万", "第一个粉丝肯定不止十万吧") is what the user sees, not a
// bound, and a question why a result is there ("why is this one here")
// asks about the list; neither places a condition. The clause is named
// (ResidueRemark).
func (st *state) resultRemarks() {
	if !st.cfg.followup {
		return
	}
	for _, cl := range st.clauseRanges() {
		a, b := cl[0], cl[1]
		text := strings.ToLower(strings.TrimSpace(string(st.t.norm[st.toks[a].s:st.toks[b].e])))
		remark := false
		if remarkSubject.MatchString(text) && !remarkWish.MatchString(text) {
			for _, pc := range st.conds {
				if !pc.dropped && !pc.neg && isCount(pc.c.Field) && pc.s >= st.toks[a].s && pc.e <= st.toks[b].e {
					pc.dropped, remark = true, true
				}
			}
		}
		if !remark && st.asking(a) {
			// a question why, with nothing placed in it
			why, placed := false, false
			for k := a; k <= b; k++ {
				why = why || st.entryFlag(k, func(e *lexEntry) bool { return e.why })
				placed = placed || st.toks[k].role == roleCond
			}
			remark = why && !placed
		}
		if remark {
			st.sig.Sentence = true
			st.name(a, b, ResidueRemark)
			continue
		}
		if st.asking(a) && st.asksOfResults(a, b) && !remarkWish.MatchString(text) &&
			st.namedRole(st.toks[a].s, st.toks[b].e) == "" && st.ruleRangeRole(st.toks[a].s, st.toks[b].e) == "" {
			// "are any of them based in Canada?", "这些里面有做直播的吗",
			// "is this one still active?": a question about the results
			// shown asks, it never sets a filter, a keyword or an
			// exclusion; named (ResidueQuestion), the search kept. A
			// clause another rule named already (a gender, a remark)
			// keeps its name.
			for _, pc := range st.conds {
				if !pc.dropped && pc.c.Kind != condition.KindAnchor && pc.s >= st.toks[a].s && pc.e <= st.toks[b].e {
					pc.dropped = true
				}
			}
			st.sig.Sentence = true
			st.name(a, b, ResidueQuestion)
		}
	}
}
