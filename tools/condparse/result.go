package condparse

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/scope"
	"searchagent/tools/textmatch"
	"searchagent/tools/textnorm"
)

// keywordShape replaces the conditions of a keyword-shaped input with one
// keyword per segment, as typed (classic mode, spec 3.3, 3.4.1A).
func (st *state) keywordShape() {
	for i := range st.toks {
		if tk := &st.toks[i]; tk.role == roleFiller && quietFrame(tk) {
			tk.role = roleContent // a word of the keyword, never named as dropped
		}
	}
	var kept []*pcond
	for _, pc := range st.conds {
		if pc.c.Kind == condition.KindKeyword && pc.c.Status != condition.StatusReference { // quoted phrases
			kept = append(kept, pc)
		}
	}
	st.conds = kept
	seg := -1
	flush := func(end int) {
		if seg < 0 {
			return
		}
		a, b := seg, end
		for a <= b && st.toks[a].kind == tkSpace {
			a++
		}
		for b >= a && st.toks[b].kind == tkSpace {
			b--
		}
		seg0, end0 := a, b
		seg = -1
		// creator nouns and request words at the edges are no keyword:
		// "美妆博主" → "美妆", "tech youtuber" → "tech".
		for a <= b && st.edgeFiller(a) && !st.allFiller(a, b) {
			st.remainder = append(st.remainder, [2]int{st.toks[a].s, st.toks[a].e})
			for a++; a <= b && st.toks[a].kind == tkSpace; a++ {
			}
		}
		for b >= a && st.edgeFiller(b) && !st.allFiller(a, b) {
			st.remainder = append(st.remainder, [2]int{st.toks[b].s, st.toks[b].e})
			for b--; b >= a && st.toks[b].kind == tkSpace; b-- {
			}
		}
		// "Kanäle mit Technik-Reviews": a function word of the
		// sentence's other language at the edge is no keyword's
		// (trimForeignGlue)
		a, b = st.trimGlueSpan(a, b)
		if a > b {
			return
		}
		if a > seg0 || b < end0 {
			for a < b && keywordArticles[strings.ToLower(st.tokText(a))] {
				st.remainder = append(st.remainder, [2]int{st.toks[a].s, st.toks[a].e})
				for a++; a <= b && st.toks[a].kind == tkSpace; a++ {
				}
			}
		}
		if a > b {
			return
		}
		if st.allFiller(a, b) {
			st.remainder = append(st.remainder, [2]int{st.toks[a].s, st.toks[b].e})
			return
		}
		if st.cjkTopics(a, b) {
			// "户外露营": two vocabulary words run together are two
			// keywords, each matching its own tags, never one phrase no
			// channel is tagged with.
			for k := a; k <= b; k++ {
				pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(string(st.t.orig[st.toks[k].s:st.toks[k].e])))
				pc.c.Scope = scope.Tags
				pc.s, pc.e = st.toks[k].s, st.toks[k].e
				st.conds = append(st.conds, pc)
			}
			return
		}
		v := string(st.t.orig[st.toks[a].s:st.toks[b].e])
		pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(v))
		pc.c.Scope = scope.Tags
		pc.s, pc.e = st.toks[a].s, st.toks[b].e
		st.conds = append(st.conds, pc)
	}
	for i := range st.toks {
		tk := &st.toks[i]
		boundary := false
		switch tk.kind {
		case tkQuote, tkURL, tkHandle:
			boundary = true
		case tkSym:
			boundary = !strings.ContainsRune("@#+$%&*=^~", st.t.norm[tk.s])
		case tkPunct:
			boundary = strings.ContainsRune(",、;|。!?:()[]{}<>【】《》「」『』\"…·•\n", st.t.norm[tk.s])
		case tkSpace:
			boundary = !(st.plainSpace(i) && st.latinEdge(i-1, true) && st.latinEdge(i+1, false))
		}
		if boundary {
			flush(i - 1)
			continue
		}
		if seg < 0 {
			seg = i
		}
	}
	flush(len(st.toks) - 1)
}

// edgeFiller reports a creator noun, platform creator noun, request word,
// "的" or filler word (no content form) that keyword shape strips from
// the edges of a keyword.
func (st *state) edgeFiller(i int) bool {
	tk := &st.toks[i]
	if st.word(i) == "地" && st.unknownCJK(i+1) || tk.has(clsCreator) != nil && (st.loneUnknownRune(i+1, 1) || st.loneUnknownRune(i-1, -1)) || st.opensCompound(i) {
		// "地毯清洁", "学生党文具", "海外仓物流": part of an unknown word
		// (keepCompounds)
		return false
	}
	return tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsRequest) != nil || tk.has(clsDe) != nil ||
		tk.kind == tkLex && tk.has(clsFiller) != nil && !tk.has(clsFiller).form || // "科技类", "搞笑视频", "finance content"
		(tk.kind == tkLex || tk.kind == tkWord) && keywordEdgeWords[strings.ToLower(st.tokText(i))]
}

// keywordEdgeWords limit or blur a terse keyword without being part of
// it: "only dog stuff" searches dog, "mostly cat things" cat, "just ASMR"
// ASMR; kept in the keyword they match no tag and empty the results.
var keywordEdgeWords = map[string]bool{"only": true, "just": true, "mostly": true, "mainly": true, "primarily": true,
	"stuff": true, "things": true, "something": true, "anything": true, "whatever": true, "etc": true, "some": true,
	"ones": true, "只看": true, "只要": true, "只留": true, "就要": true}

// keywordArticles are stripped from a terse keyword's edge only beside an
// edge word ("just the dog ones" searches dog; "the office" stays a title).
var keywordArticles = map[string]bool{"the": true, "a": true, "an": true, "those": true, "these": true}

// cjkTopics reports tokens [a,b] that are two or more CJK vocabulary
// words (categories, topics) with nothing between them.
func (st *state) cjkTopics(a, b int) bool {
	if b <= a {
		return false
	}
	for k := a; k <= b; k++ {
		tk := &st.toks[k]
		if tk.kind != tkLex || isLatinWord(st.word(k)) || tk.has(clsCategory) == nil && tk.has(clsTopic) == nil {
			return false
		}
	}
	return true
}

// allFiller reports whether tokens [a,b] are all spaces and filler words.
func (st *state) allFiller(a, b int) bool {
	for k := a; k <= b; k++ {
		tk := &st.toks[k]
		if tk.kind != tkSpace && !(tk.kind == tkLex && (isFillerLex(tk) && !quietFrame(tk) || tk.has(clsCreatorPlatform) != nil)) {
			return false
		}
	}
	return true
}

// quietFrame reports a frame word that is a word of a keyword typed as
// such ("in the end cover", "after all these years"): only a brief drops it.
func quietFrame(tk *token) bool {
	e := tk.has(clsFrame)
	return e != nil && e.quiet
}

// residue turns keyword runs into keywords (excluded keywords inside an
// exclusion, soft "avoid" preferences inside a hedged one) and everything
// else no rule consumed into the remainder.
func (st *state) residue() {
	st.vagueBesideCount()
	bare := st.bareItems()
	sentence := st.sig.Sentence
	named := st.namedCategories()
	if !sentence {
		// terse input: a subtopic word is a keyword as typed, unless
		// it refines the category the input names beside it ("印尼 美食
		// 探店 10万以内"): then it ranks, as in a sentence (audit 26).
		for k := range st.toks {
			if tk := &st.toks[k]; tk.kind == tkLex && tk.has(clsTopic) != nil && named[tk.has(clsTopic).code] && !bare[k] {
				continue
			}
			st.undoTopic(k)
		}
	}
	st.audienceNouns()
	st.kindNounsAfterWords()
	st.askVerbs()
	st.keepCompounds()
	rs := st.runs()
	long := st.longRuns(rs)
	for ri, r := range rs {
		neg := st.toks[r.from].neg
		from := r.from
		if t := st.trigger(r.from); t >= 0 {
			from = t
		}
		text := string(st.t.orig[st.toks[r.from].s:st.toks[r.to].e])
		switch {
		case long[ri] || st.runTooLong(r) || !st.runIsKeyword(r) || st.toks[r.from].fieldTalk || st.toks[r.to].fieldTalk:
			st.remainder = append(st.remainder, [2]int{st.toks[r.from].s, st.toks[r.to].e})
			continue
		case neg == 2:
			pc := newCond(condition.KindSoft, condition.Preference, condition.OpAvoid, StringValue(text))
			pc.neg = true
			st.add(pc, from, r.to)
		case neg == 1:
			text = trimObjectLead(text)
			text, _ = cutRelated(text) // "anything gambling-related" excludes gambling
			if romanceGlue[strings.ToLower(strings.TrimSpace(text))] {
				// "…, no de Argentina": a Romance function word left of
				// the excluded place is no excluded word
				continue
			}
			pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpNotContains, StringValue(text))
			pc.c.Scope, pc.c.Excluded, pc.neg = scope.Tags, true, true
			if slices.ContainsFunc(st.toks[r.from:r.to+1], func(tk token) bool { return tk.removal }) {
				// "不是探店，是烘焙": words taken back leave the ranking
				// terms; nothing is excluded (correctionPairs)
				pc.addIssue(IssueRemoved)
			}
			st.add(pc, from, r.to)
		default:
			// Only what the user marked filters; the rest ranks.
			cued, sc := st.cued(r)
			cued = cued || bare[r.from] || !sentence && !(len(named) > 0 && st.formatRun(r)) && !st.foreignRanks(r)
			rest := st.toks[r.from].itemRest
			if rest {
				// "新闻时政评论" in a slash list: the category holds, the
				// rest of the item ranks.
				cued = false
			}
			if f, t := st.compoundCategory(r.from, r.to); !cued && r.from == r.to && st.toks[r.from].kind == tkCJK && f == r.from && t == r.to && !st.runeNoun(r.from) {
				// one stray CJK rune ("想", "越") is no term; glued to
				// a category word it is part of a word ("游戏本", "数码控").
				st.remainder = append(st.remainder, [2]int{st.toks[r.from].s, st.toks[r.to].e})
				continue
			}
			from, to := r.from, r.to
			if !cued && !rest {
				// "宠物用品开箱达人": the category word the unknown word is
				// glued to is part of the term; the category still holds.
				from, to = st.compoundCategory(from, to)
				text = string(st.t.orig[st.toks[from].s:st.toks[to].e])
			}
			pc := rankingTerm(StringValue(text))
			if cued {
				pc = newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, StringValue(text))
				pc.c.Scope = scope.Tags
				if sc != "" {
					pc.c.Scope = sc
				}
			}
			if from != r.from || to != r.to {
				st.add(pc, r.from, r.to)
				pc.s, pc.e = st.toks[from].s, st.toks[to].e
				continue
			}
			if parts := st.listParts(st.toks[r.from].s, st.toks[r.to].e); !cued && len(parts) > 1 {
				// "手账和文具", "陶艺与木工": a 和/与/及 list of
				// unknown words ranks by each of them (audit 23).
				for _, p := range parts {
					pc := rankingTerm(StringValue(string(st.t.orig[p[0]:p[1]])))
					st.add(pc, r.from, r.to)
					pc.s, pc.e = p[0], p[1]
				}
				continue
			}
			st.add(pc, r.from, r.to)
		}
	}
	st.campaign()
	st.budgetTalk()
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.role == roleNone && tk.kind == tkLex {
			st.remainder = append(st.remainder, [2]int{tk.s, tk.e})
		}
	}
	st.decompose()
	st.additions()
}

// result merges, flags, labels, orders and numbers the conditions.
func (st *state) result() Result {
	st.rankGlossed()
	st.placeExclusions()
	st.formCategories()
	st.joinedLabels()
	_, items := st.askBounds()
	st.listedKindsRank(items)
	st.mergeVocab()
	for _, f := range fields.Of(fields.Count, fields.Ratio) {
		st.mergeCounts(f.Name)
	}
	st.plainActivityJoinsWindow()
	st.mergeSame(condition.LastActive, condition.KindHard, true)
	st.mergeSame(condition.Preference, condition.KindSoft, false)
	st.mergeKeywords()
	st.mergeTiers()
	st.flagAnchors()
	st.flagPlatforms()

	var live []*pcond
	for _, pc := range st.conds {
		if !pc.dropped {
			live = append(live, pc)
		}
	}
	slices.SortStableFunc(live, func(a, b *pcond) int {
		if a.c.Priority != b.c.Priority {
			return a.c.Priority - b.c.Priority
		}
		return a.s - b.s
	})
	res := Result{Input: st.t.typed, Shape: st.shape, Signals: st.sig, Conditions: make([]Condition, 0, len(live)), Remainder: []Span{}}
	if _, words := textnorm.CantoneseFold(st.t.typed); len(words) > 0 {
		for _, w := range words {
			if !slices.Contains(res.Cantonese, w) {
				res.Cantonese = append(res.Cantonese, w)
			}
		}
	}
	for i, pc := range live {
		c := pc.c
		c.ID = "c" + strconv.Itoa(i+1)
		c.Span = st.t.span(pc.s, pc.e)
		for _, m := range pc.more {
			c.MoreSpans = append(c.MoreSpans, st.t.span(m[0], m[1]))
		}
		if c.Label.ZH == "" && c.Label.EN == "" || c.Op == condition.OpAvoid {
			c.Label = st.label(pc)
		}
		res.Conditions = append(res.Conditions, c)
	}
	slices.SortFunc(st.remainder, func(a, b [2]int) int { return a[0] - b[0] })
	for _, r := range st.mergeRemainder() {
		if st.wordFragment(r[0], r[1]) {
			continue
		}
		sp := st.t.span(r[0], r[1])
		sp.Role = st.residueRole(r[0], r[1])
		if sp.Role == ResidueVague && searchScopeBefore.MatchString(string(st.t.norm[:r[0]])) {
			// "范围大一些", "搜索范围广一点": the search widened (the
			// router's recall.widen), no size of the creators (issue 26)
			continue
		}
		if sp.Role == ResidueVague {
			sp.Direction = st.vagueDirection(r[0], r[1])
		}
		if d := barMove(sp.Text); d != "" && (sp.Role == "" || sp.Role == ResidueVague) && sp.Direction == "" {
			// "粉丝要求再低一点", "订阅门槛再降一点": the count's bar
			// moved one way, a vague size as "fewer followers" is
			sp.Role, sp.Direction = ResidueVague, d
		}
		res.Remainder = append(res.Remainder, sp)
	}
	res.Remainder = st.rangeEnds(live, res.Remainder)
	for _, r := range st.replaced {
		if r[1].dropped {
			continue
		}
		res.Replaced = append(res.Replaced, Replacement{Field: r[0].c.Field, From: st.label(r[0]), To: st.label(r[1])})
	}
	res.Dropped = st.dropped()
	res.Unlimited = st.unlimitedFields
	res.Unbounded = st.liftedBounds
	if q := st.quantity; q[1] > q[0] {
		sp := st.t.span(q[0], q[1])
		res.Quantity = &sp
	}
	return res
}

// barMoveZH is a zh clause that moves a count or its bar one way with no
// figure: "粉丝要求再低一点", "订阅门槛再降一点", "体量再大一些", "关注数
// 再高点". Its count or bar word is required (barWord).
var (
	barMoveZH = mustRx(`^(?:把|那就|那|就)?(?:粉丝|订阅|关注|体量|量级)?(?:数|量|数量)?(?:的)?(?:要求|门槛|标准|下限|起步线?)?` +
		`(?:再|可以|稍微|稍|略|往下|往上|适当)*(?:(低|降低?|放低|调低|下调|减|少|小)|(高|提高|升|调高|上调|加|多|大))` +
		`(?:一点|一些|点|些|一档|一级)?(?:儿)?(?:的)?(?:吧|呢|哈)?$`)
	barWord = mustRx(`粉丝|订阅|关注|体量|量级|要求|门槛|标准|下限|起步`)
	barOnly = mustRx(`要求|门槛|标准|下限|起步`)
)

// barMove is the direction a zh clause moves a count or its bar
// (barMoveZH), "" when it is no such clause.
func barMove(text string) SizeDirection {
	t := strings.TrimSpace(text)
	m := barMoveZH.FindStringSubmatch(t)
	if m == nil || !barWord.MatchString(t) {
		return ""
	}
	if m[1] != "" {
		return SizeSmaller
	}
	return SizeLarger
}

// BarLowered reports a clause that lowers a count's bar or requirement
// ("粉丝要求再低一点", "门槛降一点"): the floor comes down, the range
// takes the smaller side in, as "smaller ones are fine" does.
func BarLowered(text string) bool {
	return barMove(text) == SizeSmaller && barOnly.MatchString(text)
}

// vagueDirection is the direction of the vague sizes in the runes [a,b):
// one direction when they agree, none when they disagree or say none.
func (st *state) vagueDirection(a, b int) SizeDirection {
	var dir int8
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.s < a || tk.e > b || tk.kind != tkLex {
			continue
		}
		if e := tk.has(clsVague); e != nil {
			if e.dir == 0 || dir != 0 && dir != e.dir {
				return ""
			}
			dir = e.dir
		}
	}
	switch dir {
	case +1:
		return SizeLarger
	case -1:
		return SizeSmaller
	}
	return ""
}

// overlapsAny reports a range of rs that overlaps runes [a,b).
func overlapsAny(rs [][2]int, a, b int) bool {
	return slices.ContainsFunc(rs, func(r [2]int) bool { return r[0] < b && a < r[1] })
}

// residueRole says what the remainder runes [a,b) ask for: a sort wins
// over a vague amount, which wins over an amount of a measure the catalog
// lacks.
func (st *state) residueRole(a, b int) Residue {
	if r := st.namedRole(a, b); r != "" {
		return r
	}
	role := Residue("")
	// the ranges rules named, in order: a posting frequency the catalog
	// does not hold ("no more than twice a month", rule_frequency.go), a
	// period it read as a window, a gender, an audience, a relation
	if r := st.ruleRangeRole(a, b); r != "" {
		return r
	}
	measure, amount := false, false
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.s < a || tk.e > b {
			continue
		}
		amount = amount || tk.kind == tkNum
		measure = measure || st.amountOfMoney(i)
		if tk.kind != tkLex {
			continue
		}
		switch {
		case tk.has(clsSort) != nil:
			return ResidueSort
		case tk.has(clsPaging) != nil:
			return ResiduePaging
		case tk.has(clsTrait) != nil:
			return ResidueTrait
		case tk.has(clsCountry) != nil && tk.has(clsCountry).place && tk.neg > 0:
			return ResiduePlace
		case tk.has(clsVague) != nil:
			role = ResidueVague
		case tk.has(clsUnsupport) != nil && (unsupportedMeasures[st.word(i)] || currencies[st.word(i)]):
			measure = true
		}
	}
	if overlapsAny(st.measureRem, a, b) {
		// a measure the catalog lacks, said as a wish (a sort by it is a
		// sort, named as such above)
		return ResidueMeasure
	}
	if role == "" && measure && amount {
		// an amount of a measure the catalog lacks ("预算五千以内"),
		// not a topic that names one ("price comparison").
		role = ResidueUnsupported
	}
	if role == "" && slices.ContainsFunc(st.campaignRem, func(c [2]int) bool { return c[0] < b && a < c[1] }) {
		role = ResidueCampaign
	}
	return role
}

// formCategories reads a category said by a content format ("vlog",
// "tutorials", "ASMR", "开箱": how the content is told, aliases of
// lifestyle or education in the taxonomy) as a ranking term of the
// format instead (issue 26, audit 21) when another category is read
// ("露营vlog", "ASMR cooking"), when the format is a wish ("ideally
// doing GRWM or tutorials"), or when other words of the brief name the
// topic ("unboxing + tutorial channels for our 3D printer"). Alone
// ("tutorial channels in Germany") it stays the category the catalog's
// taxonomy gives it.
func (st *state) formCategories() {
	other, topic, term := false, false, false
	var forms []*pcond
	knows := map[*pcond]bool{}
	for _, pc := range st.conds {
		if pc.dropped || pc.neg {
			continue
		}
		form, know := false, false
		if pc.c.Field == condition.Category {
			form, know = formatSpan(string(st.t.orig[pc.s:pc.e]))
		}
		switch {
		case form:
			forms = append(forms, pc)
			knows[pc] = know
		case pc.c.Field == condition.Category:
			other = true
		case pc.c.Kind == condition.KindKeyword && pc.c.Op == condition.OpContains:
			term = true
			topic = topic || st.ourProduct(pc.s)
		}
	}
	for _, pc := range forms {
		if !other && !topic && !(knows[pc] && term) && !st.clauseHedged(pc.s) {
			// alone it stays the category, marked: a follow-up said
			// beside another category the search holds ranks it instead
			// (IssueFormat; audit 24, class F).
			pc.addIssue(IssueFormat)
			continue
		}
		pc.dropped = true
		term := rankingTerm(StringValue(strings.TrimSpace(string(st.t.orig[pc.s:pc.e]))))
		term.s, term.e = pc.s, pc.e
		term.addIssue(IssueFormat) // how the content is told (a follow-up ranks it beside the commands)
		st.conds = append(st.conds, term)
	}
}

// ourProduct reports a term at rune pos that is the advertiser's own
// product ("for our 3D printer", "帮我们的扫地机器人", "feature our
// luggage"): the brief's topic, which a content format only tells.
func (st *state) ourProduct(pos int) bool {
	k := slices.IndexFunc(st.toks, func(tk token) bool { return tk.s == pos })
	if k < 0 {
		return false
	}
	p := st.prevSig(k)
	w := st.tokText(p)
	if w == "的" || w == "我们的" {
		if w == "的" {
			w = st.tokText(st.prevSig(p))
		}
		return strings.HasSuffix(w, "我们") || strings.HasSuffix(w, "我们的")
	}
	return w == "our" || w == "my" || strings.HasSuffix(w, " our") || strings.HasSuffix(w, "我们的")
}

// formatWords are the content formats a taxonomy alias may name: how
// the content is told, not what it is about.
var formatWords = func() map[string]bool {
	m := map[string]bool{"tutorial": true, "tutorials": true, "asmr": true, "助眠": true, "grwm": true, "unboxing": true, "unboxings": true,
		"review": true, "reviews": true, "daily vlog": true, "daily vlogs": true, "vlogging": true, "教程": true, "教学": true, "测评": true, "评测": true,
		"开箱": true, "日常vlog": true, "how-to": true, "howto": true, "live stream": true, "live streams": true, "livestream": true,
		"livestreams": true, "live streaming": true, "livestreaming": true}
	for w := range knowledgeWords {
		m[w] = true
	}
	for w := range formNouns {
		m[w] = true
	}
	return m
}()

// knowledgeWords say that knowledge is shared, how a topic is told
// (会计知识分享 is accounting, 理财知识 money, not schooling): a format
// of education's aliases that ranks beside any other topic of the brief,
// and is the category only alone.
var knowledgeWords = map[string]bool{"知识": true, "知识分享": true, "干货": true, "干货分享": true, "knowledge sharing": true}

// formatSpan reports a category span said by a content format: the
// format itself, or a zh term ending in a knowledge word ("税务知识").
func formatSpan(text string) (format, knowledge bool) {
	text = strings.ToLower(strings.TrimSpace(text))
	if formatWords[text] {
		return true, knowledgeWords[text]
	}
	for w := range knowledgeWords {
		if strings.HasSuffix(text, w) && text != w && !isASCII(w) {
			return true, true
		}
	}
	return false, false
}

// isASCII reports a text written in ASCII only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// clauseHedged reports a hedge ("ideally", "最好") earlier in the clause
// of the rune at pos.
func (st *state) clauseHedged(pos int) bool {
	for k := len(st.toks) - 1; k >= 0; k-- {
		tk := &st.toks[k]
		if tk.s >= pos {
			continue
		}
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			return false
		}
		if tk.kind == tkLex && tk.has(clsHedge) != nil {
			return true
		}
	}
	return false
}

// placeExclusions drops the exclusions of a city, state or province
// ("日本的美食博主，不要东京的", "US creators, not California"): the
// catalog records countries, and excluding the country would remove what
// the user still wants; the place is named instead (ResiduePlace).
func (st *state) placeExclusions() {
	for _, pc := range st.conds {
		if pc.dropped || !pc.neg || pc.c.Field != condition.Country {
			continue
		}
		var places [][2]int
		other := false
		for i := range st.toks {
			tk := &st.toks[i]
			if tk.s < pc.s || tk.e > pc.e {
				continue
			}
			if e := tk.has(clsCountry); e != nil {
				if e.place {
					places = append(places, [2]int{tk.s, tk.e})
				} else {
					other = true
				}
			}
		}
		if len(places) == 0 || other {
			continue
		}
		pc.dropped = true
		st.remainder = append(st.remainder, places...)
	}
}

// mergeRemainder joins remainder ranges separated only by whitespace or
// filler words, so an unparsed clause comes back whole.
func (st *state) mergeRemainder() [][2]int {
	var out [][2]int
	var roles []Residue
	campaign := func(r [2]int) bool {
		return slices.ContainsFunc(st.campaignRem, func(c [2]int) bool { return c[0] < r[1] && r[0] < c[1] })
	}
	for _, r := range st.remainder {
		role := st.residueRole(r[0], r[1])
		if n := len(out); n > 0 && r[0] >= out[n-1][1] && st.onlyFiller(out[n-1][1], r[0]) && campaign(out[n-1]) == campaign(r) &&
			(role == roles[n-1] || role == "" || roles[n-1] == "") {
			// two parts the reading gave different meanings stay two
			// ("sort by followers and show next page"; a campaign's
			// figure beside a price)
			if roles[n-1] == "" {
				roles[n-1] = role
			}
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
		roles = append(roles, role)
	}
	return out
}

// onlyFiller reports whether the runes [a,b) hold only whitespace and
// filler tokens.
func (st *state) onlyFiller(a, b int) bool {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.e <= a || tk.s >= b {
			continue
		}
		if tk.kind == tkSpace && st.plainSpace(i) || tk.kind == tkLex && tk.role == roleFiller && tk.neg == 0 {
			continue
		}
		return false
	}
	return true
}

func (pc *pcond) absorb(o *pcond) {
	pc.more = append(pc.more, [2]int{o.s, o.e})
	pc.more = append(pc.more, o.more...)
	o.dropped = true
	for _, is := range o.c.Issues {
		pc.addIssue(is)
	}
}

func (pc *pcond) addIssue(is string) {
	for _, x := range pc.c.Issues {
		if x == is {
			return
		}
	}
	pc.c.Issues = append(pc.c.Issues, is)
}

func (pc *pcond) flag(status condition.Status, issue string) {
	pc.c.Status = status
	pc.addIssue(issue)
}

// mergeVocab merges repeated country, language, category and platform
// conditions of the same kind and polarity into one, and flags a value that
// is both wanted and excluded.
func (st *state) mergeVocab() {
	for _, f := range []condition.Field{condition.Country, condition.Language, condition.Category, condition.Platform} {
		for _, kind := range []condition.Kind{condition.KindHard, condition.KindSoft} {
			for _, neg := range []bool{false, true} {
				if f == condition.Country && !neg {
					st.narrowRegion(kind)
				}
				var first *pcond
				for _, pc := range st.conds {
					if pc.dropped || pc.c.Field != f || pc.c.Kind != kind || pc.neg != neg {
						continue
					}
					if first == nil {
						first = pc
						continue
					}
					for _, c := range pc.codes {
						if !slices.Contains(first.codes, c) {
							first.codes = append(first.codes, c)
						}
					}
					for _, n := range pc.names {
						if !slices.Contains(first.names, n) {
							first.names = append(first.names, n)
						}
					}
					first.weak = first.weak && pc.weak
					first.absorb(pc)
				}
				if first == nil {
					continue
				}
				switch {
				case neg:
					first.c.Value = StringsValue(first.codes...)
				case len(first.codes) == 1:
					first.c.Op, first.c.Value = condition.OpEq, StringValue(first.codes[0])
				default:
					first.c.Op, first.c.Value = condition.OpIn, StringsValue(first.codes...)
				}
			}
			// wanted and excluded at once.
			var pos, negc *pcond
			for _, pc := range st.conds {
				if pc.dropped || pc.c.Field != f || pc.c.Kind != kind {
					continue
				}
				if pc.neg {
					negc = pc
				} else {
					pos = pc
				}
			}
			if pos != nil && negc != nil && pos.c.Kind == condition.KindHard && negc.c.Status == condition.StatusApplied {
				// "东南亚的，不要印尼的", "Europe but not the UK": a group
				// minus some of its members is the rest of the group.
				rest := slices.DeleteFunc(slices.Clone(pos.codes), func(c string) bool { return slices.Contains(negc.codes, c) })
				if len(rest) > 0 && len(rest) < len(pos.codes) {
					pos.codes, pos.names = rest, st.namesFor(f, rest)
					if len(rest) == 1 {
						pos.c.Op, pos.c.Value = condition.OpEq, StringValue(rest[0])
					} else {
						pos.c.Op, pos.c.Value = condition.OpIn, StringsValue(rest...)
					}
					pos.absorb(negc)
					continue
				}
			}
			if pos != nil && negc != nil {
				for _, c := range pos.codes {
					if slices.Contains(negc.codes, c) {
						pos.flag(condition.StatusPending, IssueConflict)
						negc.flag(condition.StatusPending, IssueConflict)
						break
					}
				}
			}
		}
	}
}

// objectLeadsZH open a Chinese exclusion object inside an unknown run
// ("不要带赌博内容的", "别要涉及政治的"): they say what the channels carry,
// and are no part of the excluded word.
var objectLeadsZH = []string{"涉及到", "涉及", "带有", "含有", "包含", "有关", "带"}

// trimObjectLead drops an objectLeadsZH word before an excluded word of at
// least two runes. 带 stays where it begins a word of its own (带货,
// 带娃, 带团: textmatch.BoundLead).
func trimObjectLead(text string) string {
	for _, l := range objectLeadsZH {
		rest, ok := strings.CutPrefix(text, l)
		if !ok || utf8.RuneCountInString(rest) < 2 {
			continue
		}
		if textmatch.BoundLead(l, rest) {
			return text
		}
		return rest
	}
	return text
}

// narrowRegion drops a region ("东南亚", "European") of kind when the
// other wanted countries of that kind are all inside it ("东南亚…，泰国越南
// 印尼都行", "european tech youtubers, germany or france"): the countries
// named narrow the region; they are not added to it.
func (st *state) narrowRegion(kind condition.Kind) {
	var regions, members []*pcond
	for _, pc := range st.conds {
		if pc.dropped || pc.c.Field != condition.Country || pc.c.Kind != kind || pc.neg {
			continue
		}
		if len(pc.names) > 0 && len(pc.codes) > 1 {
			regions = append(regions, pc)
		} else {
			members = append(members, pc)
		}
	}
	if len(regions) == 0 || len(members) == 0 {
		return
	}
	if !slices.ContainsFunc(members, func(m *pcond) bool { return !st.includedMember(m) }) {
		// "all of Latin America incl. Brazil": the countries said as
		// included are in the region, which stays whole.
		for _, m := range members {
			m.dropped = true
		}
		return
	}
	for _, m := range members {
		for _, c := range m.codes {
			inside := false
			for _, r := range regions {
				inside = inside || slices.Contains(r.codes, c)
			}
			if !inside {
				return
			}
		}
	}
	for _, r := range regions {
		r.dropped = true
		members[0].absorb(r)
	}
}

// mergeCounts combines the hard count conditions on f: duplicates merge, a
// gte and a lte that leave a non-empty range become between, anything else
// is a conflict left pending.
func (st *state) mergeCounts(f condition.Field) {
	var cs []*pcond
	for _, pc := range st.conds {
		if !pc.dropped && pc.c.Field == f && pc.c.Kind == condition.KindHard {
			cs = append(cs, pc)
		}
	}
	if len(cs) < 2 {
		return
	}
	// a size left out ("not macro") beside a figure said for the same
	// end ("(under 100k)"): the figure says it
	for _, sz := range cs {
		if !sz.sizeLeftOut {
			continue
		}
		for _, o := range cs {
			if o != sz && !o.sizeLeftOut && !o.dropped && (sz.hasHi && o.hasHi || sz.hasLo && o.hasLo) {
				o.absorb(sz)
				break
			}
		}
	}
	cs = slices.DeleteFunc(cs, func(pc *pcond) bool { return pc.dropped })
	if len(cs) < 2 {
		return
	}
	same := func(a, b *pcond) bool {
		return a.hasLo == b.hasLo && a.hasHi == b.hasHi && (!a.hasLo || a.lo == b.lo) && (!a.hasHi || a.hi == b.hi)
	}
	first := cs[0]
	rest := cs[1:]
	var left []*pcond
	for _, pc := range rest {
		if same(first, pc) {
			first.absorb(pc)
			continue
		}
		left = append(left, pc)
	}
	if len(left) == 0 {
		return
	}
	if len(left) == 1 {
		o := left[0]
		var lo, hi *pcond
		switch {
		case first.hasLo && !first.hasHi && o.hasHi && !o.hasLo:
			lo, hi = first, o
		case o.hasLo && !o.hasHi && first.hasHi && !first.hasLo:
			lo, hi = o, first
		}
		if lo != nil && lo.lo <= hi.hi && first.c.Status == condition.StatusApplied && o.c.Status == condition.StatusApplied {
			first.c.Op, first.c.Value = condition.OpBetween, RangeValue(lo.lo, hi.hi)
			first.lo, first.hi, first.hasLo, first.hasHi = lo.lo, hi.hi, true, true
			first.absorb(o)
			return
		}
		// a range inside a size said as left out beside it ("5k to
		// 100k, not macro": ≤ 500k): the range says it all (a plain
		// bound beside a range is no such case: a conflict, below)
		inside := func(r, b *pcond) bool {
			return b.sizeLeftOut && r.hasLo && r.hasHi && (b.hasLo != b.hasHi) && (!b.hasLo || b.lo <= r.lo) && (!b.hasHi || r.hi <= b.hi)
		}
		if first.c.Status == condition.StatusApplied && o.c.Status == condition.StatusApplied {
			switch {
			case inside(first, o):
				first.absorb(o)
				return
			case inside(o, first):
				o.absorb(first)
				return
			}
		}
	}
	if st.laterReplaces(cs) {
		return
	}
	for _, pc := range cs {
		if !pc.dropped {
			pc.flag(condition.StatusPending, IssueConflict)
		}
	}
}

// laterReplaces reads one field said twice or more in one message with
// values that do not combine ("粉丝1万以上 … 要求：粉丝2万以上", "last 30
// days … actually within 14 days"): the value said last applies and the
// earlier ones leave the search, each recorded as replaced so that the
// notice says so (audit D3) — never two pending values with no question
// between them. It reports false, changing nothing, when a value is not
// applied as said (a hedge, a reference, a conflict of its own).
func (st *state) laterReplaces(cs []*pcond) bool {
	var live []*pcond
	for _, pc := range cs {
		if pc.dropped {
			continue
		}
		if pc.c.Status != condition.StatusApplied || slices.Contains(pc.c.Issues, IssueConflict) {
			return false
		}
		live = append(live, pc)
	}
	if len(live) < 2 {
		return false
	}
	for _, a := range live {
		for _, b := range live {
			if a.hasLo && !a.hasHi && b.hasHi && !b.hasLo {
				// "粉丝 1w+，粉丝不超过 5000": bounds on both sides that
				// leave no range are a contradiction, not a value said
				// again: the conflict stays for its one question.
				return false
			}
		}
	}
	last := live[0]
	for _, pc := range live[1:] {
		if pc.s > last.s {
			last = pc
		}
	}
	for _, pc := range live {
		if pc != last {
			pc.dropped = true
			st.replaced = append(st.replaced, [2]*pcond{pc, last})
		}
	}
	return true
}

// plainActivityJoinsWindow: an activity word with no window of its own
// ("Active: posted within last 60 days", "recently active, posted within
// 45 days", "最近活跃，近45天有更新") asks what the window said with it
// asks; the window's condition holds it instead of a conflict (audit 23,
// class 2).
func (st *state) plainActivityJoinsWindow() {
	var plain, windowed []*pcond
	for _, pc := range st.conds {
		if pc.dropped || pc.c.Field != condition.LastActive || pc.c.Kind != condition.KindHard || pc.c.Op != condition.OpWithinDays {
			continue
		}
		if hasDigitOrNumeral(string(st.t.orig[pc.s:pc.e])) {
			windowed = append(windowed, pc)
		} else {
			plain = append(plain, pc)
		}
	}
	if len(windowed) != 1 {
		return
	}
	for _, pc := range plain {
		windowed[0].absorb(pc)
	}
}

// mergeSame merges conditions on f with equal op and value; with
// conflictOnDiff, different values are flagged pending.
func (st *state) mergeSame(f condition.Field, kind condition.Kind, conflictOnDiff bool) {
	var cs []*pcond
	for _, pc := range st.conds {
		if !pc.dropped && pc.c.Field == f && pc.c.Kind == kind {
			cs = append(cs, pc)
		}
	}
	for i, a := range cs {
		if a.dropped {
			continue
		}
		for _, b := range cs[i+1:] {
			if b.dropped {
				continue
			}
			if a.c.Op == b.c.Op && a.c.Value.String() == b.c.Value.String() {
				a.absorb(b)
			} else if conflictOnDiff && st.laterReplaces([]*pcond{a, b}) {
				if a.dropped {
					break
				}
			} else if conflictOnDiff {
				a.flag(condition.StatusPending, IssueConflict)
				b.flag(condition.StatusPending, IssueConflict)
			}
		}
	}
}

// mergeKeywords merges repeated keywords (case-insensitive) and flags a
// keyword that is both wanted and excluded.
func (st *state) mergeKeywords() {
	var ks []*pcond
	for _, pc := range st.conds {
		if !pc.dropped && pc.c.Kind == condition.KindKeyword {
			ks = append(ks, pc)
		}
	}
	for i, a := range ks {
		if a.dropped {
			continue
		}
		for _, b := range ks[i+1:] {
			if b.dropped || !strings.EqualFold(a.c.Value.Str, b.c.Value.Str) {
				continue
			}
			if a.c.Excluded == b.c.Excluded {
				a.absorb(b)
			} else {
				a.flag(condition.StatusPending, IssueConflict)
				b.flag(condition.StatusPending, IssueConflict)
			}
		}
	}
}

// mergeTiers unites creator tiers into one derived follower range and
// keeps it as reference when the user gave an explicit follower condition.
// A size said as left out beside a tier that lies inside its bound
// ("micro级 … 不要mega那种大号": micro is under a million) says nothing
// the tier does not: the tier absorbs it and stays applied.
func (st *state) mergeTiers() {
	var first *pcond
	var explicit, leftOut []*pcond
	for _, pc := range st.conds {
		if pc.dropped || pc.c.Field != condition.Followers {
			continue
		}
		if pc.c.Kind != condition.KindDerived {
			if pc.sizeLeftOut && pc.hasLo != pc.hasHi {
				leftOut = append(leftOut, pc)
			} else {
				explicit = append(explicit, pc)
			}
			continue
		}
		if first == nil {
			first = pc
			continue
		}
		lo, hi := min(first.lo, pc.lo), max(first.hi, pc.hi)
		first.c.Label = Label{ZH: first.c.Label.ZH + "、" + pc.c.Label.ZH, EN: first.c.Label.EN + ", " + pc.c.Label.EN}
		*first = *withBounds(first, lo, hi)
		first.absorb(pc)
	}
	if first == nil {
		return
	}
	for _, b := range leftOut {
		if len(explicit) == 0 && (!b.hasLo || first.lo >= b.lo) && (!b.hasHi || first.hasHi && first.hi <= b.hi) {
			first.absorb(b)
			continue
		}
		explicit = append(explicit, b)
	}
	if len(explicit) > 0 {
		first.flag(condition.StatusReference, IssueOverridden)
	}
}

func withBounds(pc *pcond, lo, hi int64) *pcond {
	n := countCond(pc.c.Field, lo, hi, true, hi < MaxCount)
	c := *pc
	c.c.Op, c.c.Value = n.c.Op, n.c.Value
	c.lo, c.hi, c.hasLo, c.hasHi = n.lo, n.hi, n.hasLo, n.hasHi
	return &c
}

// flagAnchors keeps the first anchor applied; more are pending (spec
// 3.4.1C-2: at most one committed anchor).
func (st *state) flagAnchors() {
	seen := false
	for _, pc := range st.sortedByPos() {
		if pc.dropped || pc.c.Kind != condition.KindAnchor {
			continue
		}
		if seen {
			pc.flag(condition.StatusPending, IssueMultipleAnchors)
		}
		seen = true
	}
}

func (st *state) sortedByPos() []*pcond {
	out := slices.Clone(st.conds)
	slices.SortStableFunc(out, func(a, b *pcond) int { return a.s - b.s })
	return out
}

// flagPlatforms: one search runs on one platform (spec 1, 3.7.6).
func (st *state) flagPlatforms() {
	for _, pc := range st.conds {
		if pc.dropped || pc.c.Field != condition.Platform || pc.c.Kind != condition.KindHard {
			continue
		}
		if !pc.neg && len(pc.codes) > 1 {
			pc.flag(condition.StatusPending, IssueMultiplePlatforms)
			continue
		}
		if st.cfg.platform == "" {
			continue
		}
		cur := string(st.cfg.platform)
		if !pc.neg && pc.codes[0] != cur || pc.neg && slices.Contains(pc.codes, cur) {
			pc.flag(condition.StatusPending, IssuePlatformMismatch)
		}
	}
}

// vagueBesideCount drops a vague size said beside a number that bounds a
// count ("粉丝太少了，至少要五万", "these are too small, 100k minimum"):
// the number is the bound meant, and the complaint is named as not used,
// never asked about as an amount without a number.
func (st *state) vagueBesideCount() {
	count := false
	for _, pc := range st.conds {
		count = count || !pc.dropped && !pc.neg && isCount(pc.c.Field)
	}
	if !count {
		return
	}
	for i := range st.toks {
		if !st.free(i) || st.toks[i].has(clsVague) == nil {
			continue
		}
		st.toks[i].role = roleFiller
		if p := st.prevSig(i); st.free(p) && st.fieldOf(p) != "" {
			st.toks[p].role = roleFiller // 粉丝 of 粉丝太少了
		}
	}
}

// includedMember reports a country said as included in what comes before
// it ("incl. Brazil", "including Mexico", "包括巴西").
func (st *state) includedMember(m *pcond) bool {
	k := slices.IndexFunc(st.toks, func(tk token) bool { return tk.s == m.s })
	for p, n := st.prevSig(k), 0; k >= 0 && p >= 0 && n < 2; p, n = st.prevSig(p), n+1 {
		switch strings.TrimSuffix(st.tokText(p), ".") {
		case "incl", "including", "inc", "plus", "包括", "包含", "含", "加上":
			return true
		case "":
			continue // the full stop of "incl."
		}
		if st.toks[p].kind != tkPunct {
			return false
		}
	}
	return false
}

// topicPhrases are English topics whose words the lexicon reads one by
// one (a stop word, a word of another field inside): kept whole they rank
// as the topic, cut they rank as fragments ("work" and "home"; audit 28).
var topicPhrases = []string{"work from home", "working from home", "back to school", "back-to-school", "real estate",
	"day in the life", "get ready with me", "stay at home", "stay-at-home", "plus size", "plus-size", "on the go",
	"off the grid", "off-grid", "do it yourself", "behind the scenes", "study with me", "cook with me", "clean with me",
	"what i eat in a day", "van life", "tiny house", "small business", "side hustle", "first time buyers", "first-time buyers"}

// keepPhrases makes the words of a topic phrase (topicPhrases) no rule
// read content, so that the phrase ranks as one term.
func (st *state) keepPhrases() {
	norm := strings.ToLower(string(st.t.norm))
	for _, ph := range topicPhrases {
		for from := 0; ; {
			at := strings.Index(norm[from:], ph)
			if at < 0 {
				break
			}
			b := from + at
			from = b + len(ph)
			if b > 0 && isLatinLetter(rune(norm[b-1])) || from < len(norm) && isLatinLetter(rune(norm[from])) {
				continue
			}
			a, e := utf8.RuneCountInString(norm[:b]), utf8.RuneCountInString(norm[:from])
			var ks []int
			ok := true
			for k := range st.toks {
				tk := &st.toks[k]
				if tk.e <= a || tk.s >= e {
					continue
				}
				if tk.s < a || tk.e > e || tk.role == roleCond || tk.neg != 0 {
					ok = false
					break
				}
				ks = append(ks, k)
			}
			if !ok {
				continue
			}
			for _, k := range ks {
				if st.toks[k].kind != tkSpace {
					st.toks[k].role = roleContent
				}
			}
		}
	}
}

// isLatinLetter reports an ASCII letter.
func isLatinLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// keepCompounds keeps an unknown Chinese word whole when the lexicon cuts
// a known word out of it (issue 26, audit 21): a lone unknown rune glued
// to a creator noun ("学生党": 学生 + 党), a 地 glued to an unknown rune
// ("扫地机器人", "地毯") and an unsupported-field word inside an unknown
// word ("儿童电话手表") are content, so the word ranks as one term
// instead of a known word plus a rune named as not understood.
func (st *state) keepCompounds() {
	st.keepPhrases()
	for i := range st.toks {
		tk := &st.toks[i]
		if (tk.kind == tkCJK || tk.kind == tkLex) && tk.e-tk.s == 1 && tk.role != roleCond && st.t.norm[tk.s] == '过' && (st.unknownCJK(i-1) && st.unknownCJK(i-2) || isFormLex(st.tok(i-1))) && st.tok(i+1).has(clsDe) != nil {
			// "直播带货过的优先", "开箱过的": the aspect particle is no part of the word.
			tk.role = roleFiller
			continue
		}
		if tk.kind != tkLex || tk.role == roleCond || tk.role == roleContent || tk.neg != 0 {
			continue
		}
		if !textmatch.IsCJK(st.t.norm[tk.s]) || !textmatch.IsCJK(st.t.norm[tk.e-1]) {
			continue
		}
		switch {
		case st.word(i) == "地" && (st.unknownCJK(i+1) || st.unknownCJK(i-1) && st.tok(i+1).kind == tkCJK):
			tk.role = roleContent
		case st.opensCompound(i):
			// "讲方向盘改装的", "海外仓物流": a frame noun that opens an
			// unknown word is part of it; cut off, the rest would start
			// inside the word ("盘改装", "仓物流").
			tk.role = roleContent
		case tk.role == roleNone && tk.has(clsUnsupport) != nil && st.unknownCJK(i-1) && st.unknownCJK(i+1):
			// "儿童电话手表": a word of a condition the catalog lacks
			// inside an unknown word is part of it.
			tk.role = roleContent
		case tk.has(clsCreator) != nil && tk.has(clsRequest) == nil && tk.has(clsExclude) == nil:
			for _, d := range []int{-1, 1} {
				if st.loneUnknownRune(i+d, d) {
					tk.role = roleContent
				}
			}
		}
	}
}

// opensCompound reports a frame or filler noun (lexEntry.head) at i that
// opens an unknown Chinese word: glued on its right to at least two
// unknown runes (a word continued, not a function word: "内容偏搞笑"
// keeps 内容 frame), and not glued on its left to a word it would end
// ("美妆类", "游戏视频": a suffix there).
func (st *state) opensCompound(i int) bool {
	if !slices.ContainsFunc(st.toks[i].ents, func(e *lexEntry) bool { return e.head }) || st.toks[i].neg != 0 {
		return false
	}
	if !st.unknownCJK(i+1) || !st.unknownCJK(i+2) {
		return false
	}
	p := st.tok(i - 1)
	return !(p.kind == tkCJK || p.kind == tkLex && p.role == roleCond && p.e > p.s && textmatch.IsCJK(st.t.norm[p.e-1]))
}

// continuesWord reports a token at k glued to the word before it that
// goes on with it: an unknown CJK rune, or a bound suffix said after a
// noun ("企业级": 级 with no count before it).
func (st *state) continuesWord(k int) bool {
	tk := st.tok(k)
	if tk.kind == tkCJK {
		return true
	}
	return tk.kind == tkLex && tk.has(clsPostMagnitude) != nil && st.tok(k-1).kind != tkNum && tk.e > tk.s && textmatch.IsCJK(st.t.norm[tk.s])
}

// loneUnknownRune reports an unknown CJK rune at k that is a word of one
// rune: the token beyond it (in direction d) is no unknown CJK rune.
func (st *state) loneUnknownRune(k, d int) bool {
	b := st.tok(k + d)
	if b.kind == tkLex && (b.has(clsCategory) != nil || b.has(clsTopic) != nil || b.has(clsCountry) != nil || b.has(clsLanguage) != nil) {
		return false // "数码控博主": the rune belongs to the word beyond it (compoundCategory)
	}
	return st.unknownCJK(k) && st.toks[k].neg == 0 && !st.unknownCJK(k+d) && b.role != roleContent
}

// compoundCategory widens the run [from, to] of unknown CJK runes to a
// category word glued to it ("宠物用品", "独立游戏"): one term, as typed.
// subtopicAt reports a category read from a subtopic word at k.
func (st *state) subtopicAt(k int) bool {
	return st.tokCond[k] > 0 && st.conds[st.tokCond[k]-1].topic
}

func (st *state) compoundCategory(from, to int) (int, int) {
	cjk := func(k int) bool {
		tk := st.tok(k)
		return tk.kind == tkLex && tk.role == roleCond && st.tokCond[k] > 0 && textmatch.IsCJK(st.t.norm[tk.s]) && textmatch.IsCJK(st.t.norm[tk.e-1])
	}
	cat := func(k int, right bool) bool {
		if !cjk(k) {
			return false
		}
		pc := st.conds[st.tokCond[k]-1]
		edge := right && pc.s == st.toks[k].s || !right && pc.e == st.toks[k].e
		return pc.c.Field == condition.Category && !pc.neg && !pc.dropped && edge
	}
	if from == to && st.toks[from].kind == tkWord && slices.Contains(goodsNouns, st.tokText(from)) && st.tok(from-1).kind == tkSpace {
		// "pet products", "camping gear": the goods of the category
		// word before them rank as one term (goodsAfter)
		if k := from - 2; k >= 0 && st.toks[k].role == roleCond && st.tokCond[k] > 0 && st.latinEdge(k, true) {
			if pc := st.conds[st.tokCond[k]-1]; pc.c.Field == condition.Category && !pc.neg && !pc.dropped && pc.e == st.toks[k].e {
				return k, to
			}
		}
	}
	if st.toks[from].kind != tkCJK || st.toks[to].kind != tkCJK {
		return from, to
	}
	if cat(to+1, true) && !(from == to && st.subtopicAt(to+1) && slices.Contains(makingVerbs, st.tokText(from))) {
		// (a making verb before a subtopic, "拍探店", says what they
		// do with it: no part of its word)
		return from, to + 1
	}
	if cat(from-1, false) {
		return from - 1, to
	}
	return from, to
}

// audienceNouns: after an audience frame ("受众是", "their audience is
// mostly", "audience:") a person noun names the viewers, not the creators
// ("moms", "宝妈", "students"): it ranks with the words around it.
func (st *state) audienceNouns() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkLex || tk.has(clsFrame) == nil || tk.role != roleFiller || !audienceFrame(st.tokText(i)) {
			continue
		}
		for k := i + 1; k < len(st.toks); k++ {
			n := &st.toks[k]
			if n.kind == tkPunct && isClauseSep(st.t.norm[n.s]) && st.t.norm[n.s] != ':' || n.kind == tkLex && n.has(clsDe) != nil {
				break // "受众是学生党的平价文具博主": the 的 ends who watches
			}
			if n.kind == tkLex && n.role == roleFiller && n.has(clsCreator) != nil && n.has(clsRequest) == nil {
				n.role = roleContent
			}
			// "moms 25-34": an age band of the audience ranks with it.
			if n.e-n.s == 1 && (st.t.norm[n.s] == '-' || st.t.norm[n.s] == '–') && st.tok(k-1).kind == tkNum && st.tok(k+1).kind == tkNum &&
				st.tok(k-1).role == roleContent && st.tok(k+1).role == roleContent {
				n.role = roleContent
			}
		}
	}
}

// audienceFrame reports a frame word that introduces who watches.
func audienceFrame(w string) bool {
	for _, a := range []string{"受众", "观众", "audience", "viewers", "粉丝画像", "人群", "目标用户", "目标客户", "目标群体", "skew", "粉丝主要", "粉丝大多", "粉丝大部分", "粉丝群", "粉丝多为",
		"fans are", "followers are", "fanbase", "viewership", "readership"} {
		if strings.Contains(w, a) {
			return true
		}
	}
	return false
}

// askVerbs drops the verb of the ask right before the advertiser's own
// product ("channels that could demo our drone", "creators to unbox our
// speaker"): what the creators would do with the product is the brief's
// frame, the product ranks (issue 26, audit 21). The verb is named.
func (st *state) askVerbs() {
	for i := range st.toks {
		w := st.tokText(i)
		if w != "our" && w != "my" {
			continue
		}
		p := st.prevSig(i)
		if p < 0 || st.toks[p].kind != tkWord || st.toks[p].role != roleContent || st.toks[p].neg != 0 {
			continue
		}
		if q := st.prevSig(p); q >= 0 && st.toks[q].kind == tkWord && st.toks[q].role == roleContent {
			continue // "vegan protein our …": no single verb before it
		}
		st.toks[p].role, st.toks[p].frameWord = roleFiller, true
	}
}

// listParts cuts the Chinese text of runes [s,e) at 和, 与 and 及 when
// every part is a word of two runes or more ("手账和文具" → 手账, 文具);
// a joining rune inside a word ("共和国", "参与度", "普及率") leaves a
// part of one rune and so no cut. It returns nil when there is no cut.
func (st *state) listParts(s, e int) [][2]int {
	var parts [][2]int
	from := s
	for k := s; k < e; k++ {
		r := st.t.norm[k]
		if !textnorm.IsCJK(r) {
			return nil
		}
		if r == '和' || r == '与' || r == '及' {
			if k-from < 2 || k+1 < e && joinWords[string(st.t.norm[k-1:k+1])] || joinWords[string(st.t.norm[k:min(k+2, e)])] {
				return nil
			}
			parts = append(parts, [2]int{from, k})
			from = k + 1
		}
	}
	if len(parts) == 0 || e-from < 2 {
		return nil
	}
	return append(parts, [2]int{from, e})
}

// joinWords are words a joining rune makes with its neighbour ("共和国",
// "和平", "参与", "涉及"): there the rune is no conjunction.
var joinWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("共和 和平 和谐 和睦 和服 和牛 和风 温和 暖和 柔和 缓和 饱和 调和 亲和 平和 附和 和解 和声 和弦 日和 大和 " +
		"总和 和气 和好 讲和 参与 给与 与其 与否 与会 与众 以及 涉及 普及 及时 及格 危及 波及 顾及 不及 及早 触及 企及 埃及 论及 提及 遍及") {
		m[w] = true
	}
	return m
}()

// topicSuffixes close a one-rune topic word said of the creators'
// content ("猫相关的", "狗类的").
var topicSuffixes = map[string]bool{"的": true, "相关": true, "相关的": true, "类": true, "类的": true, "方面": true, "系": true}

// runeNoun reports a one-rune word said whole as the topic of a
// description: after a dictionary word and before 的 or a topic suffix
// ("只看猫的", "拍狗的", "猫相关的排前面"), never a rune left over from a
// word cut apart ("想" of "想要", "越" of "越多越好").
func (st *state) runeNoun(i int) bool {
	if i == 0 || i+1 >= len(st.toks) {
		return false
	}
	prev, next := &st.toks[i-1], &st.toks[i+1]
	// after a word that is a condition it is a part of a name ("美国区的":
	// the US zone), no topic
	// after a content verb read as frame ("平时发猫的") it is what is posted
	verb := prev.kind == tkCJK && prev.role == roleFiller && contentVerbs[st.tokText(i-1)]
	return (prev.kind == tkLex && prev.role != roleCond || prev.kind == tkPunct || verb) && next.kind == tkLex && topicSuffixes[st.word(i+1)]
}

// ruleRangeRole is the role of the first range a rule named that
// overlaps the runes [a,b), in order: a posting frequency the catalog
// does not hold ("no more than twice a month", rule_frequency.go), a
// period it read as a window, a gender, a dialect, an audience, a
// relation; "" when none does.
func (st *state) ruleRangeRole(a, b int) Residue {
	for _, named := range []struct {
		rs   [][2]int
		role Residue
	}{
		{st.freqRem, ResidueFrequency}, {st.freqPeriod, ResidueFrequencyPeriod}, {st.genderRem, ResidueGender}, {st.dialectRem, ResidueDialect},
		{st.audienceRem, ResidueAudience}, {st.relationRem, ResidueRelation},
	} {
		if overlapsAny(named.rs, a, b) {
			return named.role
		}
	}
	return ""
}

// kindNounsAfterWords makes a person noun of identity (identityNouns:
// "students", "nomads") right after a Latin word no rule placed part of
// that word's term: "med students", "digital nomads", "law students"
// rank as one term, never the modifier alone with the noun dropped
// (audit 34, U4). A hyphenated modifier is a term of its own already
// ("high-school students"); only identityNouns join their modifier.
func (st *state) kindNounsAfterWords() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkLex || tk.role != roleFiller || tk.neg != 0 {
			continue
		}
		if e := tk.has(clsCreator); e == nil || !e.kind || tk.has(clsRequest) != nil || !identityNouns[e.word] {
			continue
		}
		p := i - 1
		if p < 1 || st.toks[p].kind != tkSpace || !st.plainSpace(p) {
			continue
		}
		if w := &st.toks[p-1]; w.kind == tkWord && w.role == roleContent && w.neg == 0 && !strings.ContainsAny(st.tokText(p-1), "-'") {
			tk.role = roleContent
		}
	}
}

// identityNouns are the person nouns whose modifier is part of who they
// are, not a subject they work on ("med students", "digital nomads"):
// the modifier alone is no topic. A trade's modifier is its subject and
// ranks alone ("cello teachers", "wedding photographer", "Call of Duty
// streamers", "sustainability journalists": kindNounsAfterWords leaves
// them).
var identityNouns = map[string]bool{"student": true, "students": true, "nomad": true, "nomads": true}

// searchScopeBefore ends the words before a vague amount that make it
// the search's breadth, not the creators' size: 范围大一些, 搜索范围再广一点.
var searchScopeBefore = mustRx(`(?:范围|覆盖面)\s*(?:再|稍微|稍稍|更)?\s*$`)

// wordFragment reports a remainder of one Han rune, no dictionary word,
// at the edge of a word the reading consumed (class G4): glued after it
// and closing the word ("市场部" of 市场, "合作方" of 合作, "美国区的" of 美国,
// "类目？" of 类), or glued before it and opening the word ("野外露营" of
// 外露营, "上个季度" of 个季度). It is the rest of that word, no text the
// notice should call not understood. A rune between two words ("最好是猫
// 为主") is a word of its own and stays named.
func (st *state) wordFragment(a, b int) bool {
	if b-a != 1 || !unicode.Is(unicode.Han, st.t.norm[a]) {
		return false
	}
	at := -1
	for i := range st.toks {
		if tk := &st.toks[i]; tk.s <= a && b <= tk.e {
			at = i
			break
		}
	}
	if at < 0 || st.toks[at].kind == tkLex || st.toks[at].s != a || st.toks[at].e != b {
		return false
	}
	consumed := func(k int) bool {
		if k < 0 || k >= len(st.toks) {
			return false
		}
		tk := &st.toks[k]
		return (tk.role == roleCond || tk.role == roleFiller) && tk.kind != tkSpace && tk.kind != tkPunct && unicode.Is(unicode.Han, st.t.norm[tk.s])
	}
	edge := func(k int) bool {
		if k < 0 || k >= len(st.toks) {
			return true
		}
		tk := &st.toks[k]
		return tk.kind == tkSpace || tk.kind == tkPunct || tk.has(clsDe) != nil
	}
	return consumed(at-1) && edge(at+1) || consumed(at+1) && edge(at-1)
}
