package condparse

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/textmatch"
)

// Sentence signals, residue roles, keyword runs and the shape rule.

// creatorNounInClause reports a creator noun, or a content form that
// names the creators ("vlog", "频道"), from token j to the end of its clause.
func (st *state) creatorNounInClause(j int) bool {
	for k := j; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind == tkPunct {
			return false
		}
		if tk.kind != tkLex {
			continue
		}
		if tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil {
			return true
		}
		switch strings.ToLower(st.tokText(k)) {
		case "vlog", "vlogs", "视频", "节目", "播客", "podcast", "podcasts":
			return true
		}
	}
	return false
}

// sentence marks request phrases and descriptive clauses.
func (st *state) sentence() {
	if labelRows(st.t.typed) >= 1 {
		// "Platform: YouTube; Region: Canada; …": rows pasted from a
		// brief are a brief, whose words rank (audit 23, class 2).
		st.sig.Sentence = true
	}
	if hasComparative(st.t.in) {
		// "粉丝最多的放前面", "most engaged first": a sort said in words
		// is a request about the search, never keyword material.
		st.sig.Sentence = true
	}
	if st.quantity[1] > 0 {
		// "a dozen fitness creators": how many results is a request
		// about the search, never keyword material.
		st.sig.Sentence = true
	}
	clauseStart := true
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if tk.hesitation || tk.kind == tkLex && tk.has(clsFiller) != nil && tk.has(clsFiller).speech {
			// "um", "so", 就是说: dictated or chatted talk is a sentence.
			st.sig.Sentence = true
		}
		switch {
		case tk.kind == tkSpace:
			continue
		case tk.kind == tkPunct, st.emoji(i):
			clauseStart = true
			continue
		}
		if p := st.prevSig(i); tk.kind == tkLex && tk.has(clsAnd) != nil && tk.role == roleNone && p >= 0 && (st.toks[p].role != roleNone || st.toks[p].neg > 0) {
			// "… gacha and bump the minimum": after what was read, "and"
			// opens a clause; a clause-opening edit verb may follow.
			clauseStart = true
			continue
		}
		if tk.kind == tkLex && tk.role == roleNone && st.placeable(i) {
			// an edit, a sort or a vague amount is a request about the
			// search, never keyword material (spec 3.7.5).
			switch {
			case tk.has(clsEdit) != nil && (!tk.has(clsEdit).atStart || clauseStart):
				st.sig.Sentence = true
				tk.role = roleFiller
				continue
			case tk.has(clsSort) != nil, tk.has(clsVague) != nil:
				st.sig.Sentence = true
				clauseStart = false
				continue
			case tk.has(clsAlso) != nil && addVerbs[st.tokText(i)]:
				// "露营的也加上", "add camping too": adding to the search
				// is a request about it, never keyword material.
				st.sig.Sentence = true
			}
		}
		if w := st.tokText(i); (w == "our" || w == "my") && st.prevSig(i) >= 0 && (st.free(st.skipSpace(i+1)) || st.tok(st.skipSpace(i+1)).role == roleContent) {
			// "creators for our baking mats, Mexico": the advertiser's
			// own product is the brief's frame, never a keyword as typed
			// ("my little pony" at the start stays a title).
			st.sig.Sentence = true
		}
		if tk.kind == tkLex && tk.role == roleNone {
			if e := tk.has(clsRequest); e != nil && (!e.atStart || clauseStart) {
				st.sig.Sentence = true
				tk.role = roleFiller
				continue
			}
			if tk.has(clsDe) != nil {
				if n := st.skipSpace(i + 1); n < len(st.toks) && (st.toks[n].has(clsCreator) != nil || st.toks[n].has(clsCreatorPlatform) != nil) {
					st.sig.Sentence = true
				}
				if p := st.prevSig(i); p >= 0 && st.toks[p].role == roleCond && st.creatorNounInClause(i+1) {
					// "日本的铁路和城市漫步vlog": a place or a language, 的,
					// then what the creators do and what they are.
					st.sig.Sentence = true
				}
			}
			if st.describes(i) {
				st.sig.Sentence = true
			}
			if inclusionOpeners[st.word(i)] && (st.prevSig(i) >= 0 || st.creatorNounInClause(i+1)) {
				// "美妆博主，只要护肤": narrowing what was said before is
				// a brief, not a list of keywords; so is keeping only a
				// kind of creator ("只要古筝老师", "only guitar teachers").
				st.sig.Sentence = true
			}
			if w := st.word(i); (w == "吗" || w == "呢") && strings.HasPrefix(strings.TrimSpace(st.t.in), "有") {
				// "有做独立游戏评测的吗": asking whether such creators
				// exist is a sentence.
				st.sig.Sentence = true
			}
			if tk.has(clsCue) != nil || tk.has(clsBrandOpen) != nil || tk.has(clsFrame) != nil && !tk.has(clsFrame).quiet || tk.has(clsStyle) != nil || tk.has(clsHedge) != nil {
				// "关键词 iPhone", "我们是…品牌", "合作", "a fun vibe",
				// "ideally": a brief, not a list of keywords.
				st.sig.Sentence = true
			}
			if tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil {
				// "channels with big audiences", "creators from Japan":
				// a description of creators.
				if n := st.skipSpace(i + 1); n < len(st.toks) && isPreposition(st.word(n)) {
					st.sig.Sentence = true
				}
			}
			if tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil {
				if n := st.skipSpace(i + 1); n < len(st.toks) && st.toks[n].has(clsRel) != nil {
					st.sig.Sentence = true
				}
			}
		}
		if tk.kind == tkLex && tk.role == roleCond && st.platformCreators(i) {
			// "youtubers who…", "X accounts in Kenya covering cricket": a
			// platform said with its creator noun, then a description of
			// the creators (audit 24, class H).
			if n := st.skipSpace(i + 1); n < len(st.toks) && (st.toks[n].has(clsRel) != nil || isPreposition(st.word(n))) {
				st.sig.Sentence = true
			}
		}
		// fillers and greetings keep the clause start open.
		if tk.kind == tkLex && tk.role == roleNone && isFillerLex(tk) {
			continue
		}
		clauseStart = false
	}
	if !st.sig.Sentence && st.nounlessDescription() {
		st.sig.Sentence = true
	}
	if exampleOpen.MatchString(st.t.in) {
		// "reviewers (e.g. air fryers, robot vacuums)", "…，比如帐篷":
		// examples of the topic are a description, whose words rank.
		st.sig.Sentence = true
	}
}

// tradeLists makes the trade nouns of a list of them content ("dietitians
// or nutritionists", "coaches or trainers", "律师或者医生"): alone each
// would be the creators' noun, dropped; said as alternatives (or, 或者, /,
// 、) they are what
// the user looks for, so each ranks (audit 28). A noun right after its
// topic ranks with it already ("guitar teachers").
func (st *state) tradeLists() {
	trade := func(k int) bool {
		tk := st.tok(k)
		e := tk.has(clsCreator)
		return tk.kind == tkLex && e != nil && e.kind && tk.role == roleNone && tk.neg == 0
	}
	alt := func(p int) bool {
		w := st.word(p)
		return p >= 0 && p < len(st.toks) && (st.tok(p).role == roleNone || st.tok(p).role == roleFiller) &&
			(w == "or" || w == "或" || w == "或者" || w == "/" || w == "、")
	}
	// another item: a trade noun, or a word no rule placed ("florists")
	item := func(k int) bool {
		tk := st.tok(k)
		return k >= 0 && k < len(st.toks) && (trade(k) || (tk.kind == tkWord || tk.kind == tkCJK) && tk.role == roleNone && tk.neg == 0)
	}
	var listed []int
	for i := range st.toks {
		if !trade(i) {
			continue
		}
		if p := st.prevSig(i); alt(p) && item(st.prevSig(p)) {
			listed = append(listed, i)
		} else if n := st.skipSpace(i + 1); alt(n) && item(st.skipSpace(n+1)) {
			listed = append(listed, i)
		}
	}
	for _, i := range listed {
		st.toks[i].role = roleContent
		// alternatives of who the creators are describe them: the
		// input is a sentence, its words rank ("lawyers or accountants
		// in the US" keeps channels that are either)
		st.sig.Sentence = true
	}
}

// exampleOpen matches an example cue that opens a clause or an aside
// (exampleCues): "(think …", ", e.g. …", "，比如…".
var exampleOpen = mustRx(`(?i)(^|[(（,，、;；:：]\s*)(e\.g\.?|eg\.|such as|for example|for instance|think|比如说?|例如|譬如|诸如|像是|像)(\s|\p{Han})`)

// focusWords say what someone does mostly or only ("mostly", "主要",
// "专门"): they open a description of the creators (focusLeads) and stand
// between a writer's opener and the trade verb (tradeLeads), each list
// adding the words of its own job.
var focusWords = []string{"mostly", "mainly", "primarily", "主要", "主要是", "专门"}

// focusLeads open a description of what the creators mostly do, with
// the creator noun left out ("mostly lipstick swatches", "主要做测评"):
// focusWords and the words of a share ("largely", "大多").
var focusLeads = wordSet(focusWords, "largely", "chiefly", "大多", "多半", "基本上")

// wordSet is the set of the words of lists and more.
func wordSet(list []string, more ...string) map[string]bool {
	m := make(map[string]bool, len(list)+len(more))
	for _, w := range slices.Concat(list, more) {
		m[w] = true
	}
	return m
}

// Describes reports whether text (one clause) describes what the
// creators make, in the words the reading knows for it: a description
// whose creator noun is left out ("who do product reviews", "mostly
// lipstick swatches", "主要做口红试色的") or a style marker ("风格搞笑一点",
// "a calm vibe"). The agent asks it of a follow-up's clause the router
// did not read, to tell a description whose topic ranks from talk around
// the commands ("刚才那些太大了", "under 100k though"), which ranks nothing.
func Describes(text string) bool {
	if len(text) > MaxInputLen || !utf8.ValidString(text) {
		return false
	}
	st := analyze(defaultLexicon, config{recentDays: DefaultRecentDays}, text, nil)
	if st.nounlessDescription() {
		return true
	}
	for i := range st.toks {
		if st.toks[i].kind == tkLex && st.toks[i].has(clsStyle) != nil {
			return true
		}
	}
	return false
}

// makingVerbs say what creators do in their content; a clause closed
// by 的 with one of them describes the creators ("做开箱的", "真人出镜的"),
// while "只要格陵兰的" names an unknown place, no description.
var makingVerbs = []string{"做", "拍", "讲", "教", "聊", "分享", "测", "评", "出镜", "露脸", "直播", "播", "唱", "跳", "画", "写", "玩", "剪", "晒", "带"}

// doesIn reports a making verb in the runes of tokens [from, to).
func (st *state) doesIn(from, to int) bool {
	text := string(st.t.norm[st.toks[from].s:st.toks[to-1].e])
	return slices.ContainsFunc(makingVerbs, func(v string) bool { return strings.Contains(text, v) })
}

// nounlessDescription reports a description of the creators whose
// creator noun is left out, the way a follow-up says it of the results
// held, in any clause: a relative clause ("who do product reviews",
// "Japan or Korea, who do product reviews"), a focus word before the
// topic ("mostly lipstick swatches", "…and mostly lipstick swatches",
// "主要做口红试色的"), or a clause closed by 的 after a topic
// ("只要真人出镜的", "做开箱的"). Said beside a creator noun in a first
// search, the same words are a sentence (describesCreators,
// relativeAfter); without one they are too, never keywords as typed.
func (st *state) nounlessDescription() bool {
	// the clauses: runs of tokens between clause separators and "and"
	var clauses [][2]int
	from := 0
	for i := 0; i <= len(st.toks); i++ {
		if i < len(st.toks) {
			tk := &st.toks[i]
			if !(tk.kind == tkPunct || tk.kind == tkLex && tk.has(clsAnd) != nil) {
				continue
			}
		}
		if i > from {
			clauses = append(clauses, [2]int{from, i})
		}
		from = i + 1
	}
	has := func(from, to int, topic bool) bool {
		for k := from; k < to; k++ {
			tk := &st.toks[k]
			// a content form is what they do ("只要做测评的")
			// a condition is no topic ("只要美国的"); a category or
			// format word is ("做vlog的")
			cond := tk.role == roleCond && tk.has(clsCategory) == nil && tk.has(clsTopic) == nil
			if tk.kind != tkSpace && tk.kind != tkPunct && !(tk.kind == tkLex && isFillerLex(tk) && !isFormLex(tk)) && !(topic && cond) {
				return true
			}
		}
		return false
	}
	for _, cl := range clauses {
		f, e := st.skipSpace(cl[0]), cl[1]
		for e > f && st.toks[e-1].kind == tkSpace {
			e--
		}
		if f >= e {
			continue
		}
		if w := strings.ToLower(st.word(f)); st.toks[f].kind == tkLex && (st.toks[f].has(clsRel) != nil || focusLeads[w]) && has(f+1, e, false) {
			return true
		}
		last := e - 1
		if last > f && st.toks[last].kind == tkLex && st.word(last) == "的" && has(f, last, true) && st.doesIn(f, last) {
			return true
		}
	}
	return false
}

// describesCreators reports a creator noun after words that describe the
// creators ("pet channels, UK", "budget travel tips creators", "射击游戏博主，
// 美国"): a description, not a keyword typed as is. One word before the
// noun is a description when the input also states a condition or an
// anchor ("美妆博主" alone stays a keyword search), or in a follow-up,
// whose search holds the conditions (WithFollowup); two Latin words are
// one on their own.
func (st *state) describesCreators() bool {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkLex || tk.has(clsCreator) == nil && tk.has(clsCreatorPlatform) == nil {
			continue
		}
		units, latin := 0, 0
		cjkRun := false
		for k := i - 1; k >= 0; k-- {
			p := &st.toks[k]
			isForm := p.has(clsForm) != nil || p.has(clsFiller) != nil && p.has(clsFiller).form
			if p.kind == tkPunct && isClauseSep(st.t.norm[p.s]) || p.role == roleCond && p.has(clsCategory) == nil && p.has(clsTopic) == nil && !isForm {
				break
			}
			inRun := cjkRun
			cjkRun = p.kind == tkCJK && p.role == roleContent
			switch {
			case p.kind == tkWord && p.role == roleContent:
				units++
				latin++
			case cjkRun && !inRun:
				// one unit per CJK word, whatever its first rune is
				// ("新能源车评测博主").
				units++
			case p.kind == tkLex && (p.has(clsCategory) != nil || p.has(clsTopic) != nil):
				units++
				if st.latinEdge(k, false) {
					latin++
				}
			case isForm && st.cfg.followup:
				units++ // "just unboxing channels" said of the search held
			}
		}
		if units >= 1 && (st.sig.Condition || st.sig.Anchor || st.cfg.followup) || latin >= 2 {
			return true
		}
		if st.relativeAfter(i) {
			// "博主，做AI资讯的" as "做AI资讯的博主": a clause closed by 的
			// after the creator noun says who they are, with or without
			// a condition beside it.
			return true
		}
	}
	return false
}

// relativeAfter reports a CJK description after the creator noun at i
// that closes its clause with 的 ("推特博主那种聊币圈的", "主播，做露营的"):
// content words between the noun and the 的 say who the creators are.
func (st *state) relativeAfter(i int) bool {
	content, last := false, -1
	for k := i + 1; k < len(st.toks); k++ {
		p := &st.toks[k]
		if p.kind == tkPunct && isClauseSep(st.t.norm[p.s]) {
			if last < 0 && strings.ContainsRune(",:", st.t.norm[p.s]) {
				continue // "主播，做露营的": the clause right after the noun
			}
			break
		}
		if p.kind == tkSpace {
			continue
		}
		if (p.kind == tkCJK || p.kind == tkWord) && p.role == roleContent || p.kind == tkLex && (p.has(clsCategory) != nil || p.has(clsTopic) != nil) {
			content = true
		}
		last = k
	}
	return content && last > i && st.toks[last].kind == tkLex && st.toks[last].has(clsDe) != nil
}

// platformCreators reports a token that names a platform's creators
// ("youtubers", "X accounts", "ig账号").
func (st *state) platformCreators(i int) bool {
	tk := st.tok(i)
	if tk.has(clsCreatorPlatform) != nil {
		return true
	}
	e := tk.has(clsPlatform)
	return e != nil && e.creator
}

// isPreposition reports the words that start a description after a
// creator noun.
func isPreposition(w string) bool {
	w, _, _ = strings.Cut(w, " ") // "in the", "based in"
	switch w {
	case "with", "in", "from", "based", "located", "living", "making", "covering", "posting", "who", "that",
		// "ones doing bouldering", "channels about pottery", "people into
		// climbing": what the creators do or are about
		"doing", "about", "into":
		return true
	}
	return false
}

// linkedByPreposition reports a topic phrase tied to a condition by an
// English preposition or relative word: "travel vlogs from Spain", "dog
// trainers in Texas with 10k+ subs", "sneaker reviews that posted this
// week". Grammar joins the parts, so the input is a described request, not
// a terse list of keywords typed as is ("mechanical keyboards, US, 50k+").
func (st *state) linkedByPreposition() bool {
	topical := func(i int) bool {
		tk := &st.toks[i]
		return isLatinWord(st.tokText(i)) && (tk.kind == tkWord && (tk.role == roleNone || tk.role == roleContent) ||
			tk.kind == tkLex && (tk.has(clsCategory) != nil || tk.has(clsTopic) != nil || tk.has(clsForm) != nil))
	}
	for j := range st.toks {
		if w, _, _ := strings.Cut(st.tokText(j), " "); st.toks[j].kind != tkLex || !isPreposition(w) {
			continue // "in the", "based in": the first word is enough
		}
		i := st.prevSig(j)
		if i >= 0 && (st.toks[i].role == roleFiller || st.toks[i].has(clsCreator) != nil || st.toks[i].has(clsFiller) != nil) {
			i = st.prevSig(i) // "baking videos in the UK": look through the form word
		}
		if i < 0 || !topical(i) {
			continue
		}
		// a condition within the next few words of the same clause.
		for k, seen := j+1, 0; k < len(st.toks) && seen < 4; k++ {
			p := &st.toks[k]
			if p.kind == tkSpace {
				continue
			}
			if p.kind == tkPunct && isClauseSep(st.t.norm[p.s]) {
				break
			}
			if p.role == roleCond && p.has(clsCategory) == nil && p.has(clsTopic) == nil {
				return true
			}
			seen++
		}
	}
	return false
}

// fieldLimitWords name a field's limit or its removal; next to a field
// word no condition consumed they make the clause talk about the search.
var fieldLimitWords = mustRx(`(?i)上限|下限|最高|最低|门槛|限制|条件|要求|去掉|删掉|取消|不要|不用|不限|拿掉|\b(?:cap|caps|limit|limits|minimum|min|maximum|max|floor|ceiling|threshold|requirement|restriction|filter|remove|drop|lift|ditch|can go)\b`)

// fieldTalk marks the clauses that talk about a field's limit without a
// value ("粉丝上限去掉吧", "the follower cap can go", "follower minimum?"):
// a request about the search the reading cannot place, so the clause is
// unread text named in the notice, never a keyword that filters. A field
// word with no such word stays keyword material ("engagement rings").
func (st *state) fieldTalk() bool {
	found := false
	for i := range st.toks {
		if tk := &st.toks[i]; tk.role != roleNone || tk.has(clsField) == nil {
			continue
		}
		from, to := i, i
		for from > 0 && !(st.toks[from-1].kind == tkPunct && isClauseSep(st.t.norm[st.toks[from-1].s])) {
			from--
		}
		for to < len(st.toks)-1 && !(st.toks[to+1].kind == tkPunct && isClauseSep(st.t.norm[st.toks[to+1].s])) {
			to++
		}
		// a vague size's own words ("粉丝不要太大也不要太小") name no
		// limit to lift: the topic said after it is no talk about the
		// field (audit 34, S7)
		var clause strings.Builder
		for k := from; k <= to; k++ {
			if st.toks[k].has(clsVague) != nil {
				clause.WriteString(" ")
				continue
			}
			clause.WriteString(string(st.t.orig[st.toks[k].s:st.toks[k].e]))
		}
		if !fieldLimitWords.MatchString(clause.String()) {
			continue
		}
		for k := from; k <= to; k++ {
			// an exclusion's object is read already ("drop the vegan
			// ones and sort by views")
			if tk := &st.toks[k]; (tk.role == roleNone || tk.role == roleContent) && tk.neg == 0 {
				tk.fieldTalk = true
			}
		}
		found = true
	}
	return found
}

// describes reports a 的-word ("的", "里的", "做的") that opens a
// description of creators later in the same clause: "游戏里的枪械测评频道"
// is a sentence, not one keyword.
func (st *state) describes(i int) bool {
	w := st.word(i)
	if w == "" || !strings.HasSuffix(w, "的") || i+1 >= len(st.toks) {
		return false
	}
	for k := i + 1; k < len(st.toks); k++ {
		tk := &st.toks[k]
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			return false
		}
		if k > i+1 && (tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil) {
			return true
		}
	}
	return false
}

// placeable reports a dictionary word that stands on its own: a single CJK
// rune next to an unknown CJK rune is part of a word ("把手", "按摩").
func (st *state) placeable(i int) bool {
	tk := &st.toks[i]
	if tk.e-tk.s != 1 || !textmatch.IsCJK(st.t.norm[tk.s]) {
		return true
	}
	return !st.unknownCJK(i-1) && !st.unknownCJK(i+1)
}

// isFillerLex reports a dictionary token of a class that carries no content
// when no rule used it.
func isFillerLex(tk *token) bool {
	for _, e := range tk.ents {
		switch e.cls {
		case clsStop, clsFiller, clsCreator, clsRel, clsDe, clsRequest, clsAnd, clsAlso, clsHedge, clsLangMark,
			clsNumWord, clsBetweenEnd, clsExcludeEnd, clsRangeConn, clsExclude, clsBetween, clsToo,
			clsFrame, clsStyle, clsCue, clsCueScope, clsBrandOpen:
			return true
		}
	}
	return false
}

// classifyResidue gives every unconsumed token a role: filler, content or
// (roleNone) dangling.
func (st *state) classifyResidue() {
	st.tradeLists()
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.role != roleNone {
			continue
		}
		switch tk.kind {
		case tkWord, tkCJK, tkNum:
			tk.role = roleContent
		case tkLex:
			switch {
			case tk.glued, tk.has(clsEdit) != nil, tk.has(clsForm) != nil, tk.has(clsPartner) != nil && !isFillerLex(tk):
				// a partner word outside an exclusion's frame ("deals",
				// "广告") is a word like any other.
				// an edit verb that is part of a word ("把手", "drum set").
				tk.role = roleContent
			case tk.neg == 0 && tk.has(clsCreator) == nil && isFormLex(tk) && (st.sig.Sentence || st.formStandsAlone(i)) &&
				(!slices.Contains(reviewForms, st.word(i)) || st.reviewAlone(i) || st.cjkFormAlone(i)) &&
				(!sellingForms[st.word(i)] || st.cjkFormAlone(i) || st.latinSellingAlone(i)):
				// "unboxing channels for our projector", "宠物用品开箱达人",
				// "只要做测评的": a content format no category absorbed
				// ranks (audit 21, fixN); in terse input it is a keyword
				// as typed ("切片号，日本"). A form of selling ranks
				// standing alone in a sentence ("要直播带货的"), not as
				// the ask's verb ("帮我们种草新品面膜", audit 27).
				tk.role = roleContent
			case isFillerLex(tk):
				tk.role = roleFiller
			case tk.e-tk.s == 1 && textmatch.IsCJK(st.t.norm[tk.s]) && (st.unknownCJK(i-1) || st.unknownCJK(i+1)) && tk.has(clsFrame) == nil:
				// "周末", "附近": a single dictionary rune inside an unknown word.
				tk.role = roleContent
			}
		}
	}
	// single-rune fillers inside an unknown CJK word ("所有") stay content.
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.role == roleFiller && tk.kind == tkLex && tk.e-tk.s == 1 && textmatch.IsCJK(st.t.norm[tk.s]) &&
			st.unknownCJK(i-1) && st.unknownCJK(i+1) && tk.has(clsDe) == nil && tk.has(clsFrame) == nil &&
			!(tk.neg > 0 && tk.has(clsAnd) != nil) { // "不要带货和炒币": 和 lists what is excluded
			tk.role = roleContent
		}
	}
	for i := range st.toks {
		if st.toks[i].role == roleNone && st.toks[i].has(clsUnsupport) != nil && st.hasNum {
			st.unsupport = true
		}
	}
}

// unknownCJK reports an unknown CJK rune (keyword material).
func (st *state) unknownCJK(i int) bool {
	tk := st.tok(i)
	return tk.kind == tkCJK && (tk.role == roleNone || tk.role == roleContent)
}

// run is a keyword candidate: a span of content tokens.
type run struct {
	from, to int // token indices, inclusive
}

// runs groups content tokens into keyword candidates. Content tokens join
// when adjacent, or across one space between Latin words.
func (st *state) runs() []run {
	var out []run
	cur := run{from: -1}
	flush := func() {
		if cur.from >= 0 {
			out = append(out, cur)
		}
		cur = run{from: -1}
	}
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if tk.role != roleContent {
			if tk.kind == tkSpace && st.plainSpace(i) && cur.from >= 0 && i+1 < len(st.toks) && st.toks[i+1].role == roleContent &&
				st.latinEdge(i-1, true) && st.latinEdge(i+1, false) && st.toks[i+1].neg == st.toks[cur.to].neg &&
				(st.toks[i+1].neg != 0 || !st.nameThenWord(i-1, i+1)) {
				// an excluded object is one thing: "no Tesla fan
				// accounts" leaves out Tesla fans, not every fan (fixT)
				continue
			}
			flush()
			continue
		}
		if cur.from >= 0 && (st.toks[cur.to].neg != tk.neg || isFormLex(&st.toks[cur.to]) && isFormLex(tk)) {
			// two content forms run together are two terms ("搬运混剪",
			// "评测开箱"); a form glued to an unknown word stays in it.
			flush()
		}
		if cur.from < 0 {
			cur.from = i
		}
		cur.to = i
	}
	flush()
	return st.trimForeignGlue(out)
}

// formStandsAlone reports a content form that opens its item: no word
// right before it (a CJK rune, or a Latin word one space away), so it is
// no part of a longer word ("切片号，日本", not "宠物用品开箱达人").
func (st *state) formStandsAlone(i int) bool {
	p := st.tok(i - 1)
	if p.kind == tkCJK && formAdverbs[string(st.t.norm[p.s:p.e])] && st.tok(i-2).kind != tkCJK && (slices.Contains(reviewForms, st.tokText(i)) || sellingForms[st.tokText(i)]) {
		// "要真测评的", "纯种草的": an adverb of degree opens the form
		// and is no part of it
		p.role = roleFiller
		return true
	}
	if p.kind == tkCJK || p.kind == tkWord {
		return false
	}
	if p.kind == tkSpace && st.latinEdge(i, false) {
		// "just unboxing", "only reaction": a limiting word is no part
		// of the form's word
		if q := st.tok(i - 2); (q.kind == tkWord || q.kind == tkLex && st.latinEdge(i-2, true)) && !keywordEdgeWords[strings.ToLower(st.tokText(i-2))] {
			return false
		}
	}
	return true
}

// reviewAlone reports a review form at i said as what the creators do,
// in a sentence: only function words before it ("只要做测评的", "ones that
// do reviews") and nothing of a topic after it ("测评的", "reviews.").
func (st *state) reviewAlone(i int) bool {
	if !st.sig.Sentence {
		return false
	}
	if p := st.prevSig(i); p >= 0 {
		tk := st.tok(p)
		fn := tk.kind == tkPunct || tk.kind == tkLex && tk.has(clsCategory) == nil && tk.has(clsTopic) == nil &&
			(isFillerLex(tk) || tk.has(clsRel) != nil || tk.has(clsDe) != nil || tk.has(clsRequest) != nil || tk.has(clsStop) != nil)
		if !fn || tk.kind != tkPunct && tk.e == st.tok(i).s && !textmatch.IsCJK(st.t.norm[tk.e-1]) {
			return false
		}
		if tk.has(clsRel) != nil && st.word(i) == "review" {
			return false // "YouTubers who review": the verb
		}
	}
	n := st.skipSpace(i + 1)
	if n >= len(st.toks) {
		return true
	}
	tk := st.tok(n)
	return tk.kind == tkPunct || tk.has(clsDe) != nil || tk.has(clsCreator) != nil || tk.has(clsRel) != nil
}

// isFormLex reports a lexicon token that is a content form ("评测",
// "搬运").
func isFormLex(tk *token) bool {
	f := tk.has(clsFiller)
	return tk.kind == tkLex && f != nil && f.form
}

// nameThenWord reports, in a comma-separated list of terms, a capitalised
// name followed by a lower-case word ("Hollyland mic, US, IG"): a brand
// and what it makes are two terms, as "Hollyland 麦克风" is across scripts
// (issue 16 item 10: the en mixed example of seed 002 finds what the zh
// one finds). Outside a list a capital may only start the sentence.
func (st *state) nameThenWord(a, b int) bool {
	if !strings.ContainsAny(string(st.t.norm), ",、;") {
		return false
	}
	left, right := st.t.orig[st.toks[a].s:st.toks[a].e], st.t.orig[st.toks[b].s:st.toks[b].e]
	if titleLinks[string(right)] && b+2 < len(st.toks) && st.toks[b+2].role == roleContent && st.capitalised(b+2) {
		return false // "League of Legends": one title (titleNames)
	}
	if len(left) < 2 || len(right) == 0 || !unicode.IsUpper(left[0]) {
		return false
	}
	hasLower := false
	for _, r := range left[1:] {
		hasLower = hasLower || unicode.IsLower(r)
	}
	for _, r := range right {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return hasLower
}

// classify sets the shape from the signals (see the package doc).
func (st *state) classify() {
	for _, pc := range st.conds {
		if pc.topicTerm && !pc.dropped {
			st.sig.Keyword = true // a subtopic word is keyword material
		}
		switch {
		case pc.c.Kind == condition.KindAnchor:
		case pc.c.Kind == condition.KindKeyword && !pc.c.Excluded && pc.c.Op == condition.OpContains:
		case pc.weak:
		default:
			st.sig.Condition = true
		}
	}
	if st.unsupport {
		st.sig.Condition = true
	}
	if !st.sig.Sentence && st.describesCreators() {
		st.sig.Sentence = true
	}
	if !st.sig.Sentence && (st.sig.Condition || st.sig.Anchor) && st.linkedByPreposition() {
		st.sig.Sentence = true
	}
	if st.fieldTalk() {
		st.sig.Sentence = true
	}
	if !st.sig.Sentence && st.foreignGlueSaid() {
		// "canales de humor de España", "Kanäle mit Technik-Reviews":
		// the function words of another language's sentence make it a
		// sentence, as "with" and "in" do in English (class G1)
		st.sig.Sentence = true
	}
	if st.cfg.followup && !st.sig.Anchor && st.foreignItem(0, len(st.toks)-1) {
		// "recetas caseras" said after a search: words of the creators'
		// own language describe what they make; they rank
		// (rule_foreign.go), as beside a condition.
		st.sig.Sentence = true
	}
	rs := st.runs()
	long := st.longRuns(rs)
	for ri, r := range rs {
		if st.toks[r.from].neg != 0 {
			st.sig.Condition = true
			continue
		}
		if long[ri] {
			st.sig.Sentence = true
			continue
		}
		if st.runIsKeyword(r) {
			st.sig.Keyword = true
		}
	}
	s := st.sig
	other := s.Keyword || s.Condition || s.Sentence || s.Category || st.hasDangling()
	switch {
	case s.Anchor && !other:
		st.shape = ShapeURL
	case s.Anchor:
		st.shape = ShapeMixed
	case !s.Condition && !s.Sentence:
		st.shape = ShapeKeyword
	case s.Keyword:
		st.shape = ShapeMixed
	default:
		st.shape = ShapeNatural
	}
}

// hasDangling reports dictionary words no rule used ("粉丝" with no number).
func (st *state) hasDangling() bool {
	for i := range st.toks {
		if tk := &st.toks[i]; tk.role == roleNone && tk.kind == tkLex {
			return true
		}
	}
	return false
}

// longRuns marks runs that are part of an unparsed clause rather than
// keywords: a clause (text between separators) whose positive residue has
// more than 6 Latin words or 12 CJK runes.
func (st *state) longRuns(rs []run) []bool {
	out := make([]bool, len(rs))
	clause := make([]int, len(rs))
	c, ri := 0, 0
	for i := range st.toks {
		if ri >= len(rs) {
			break
		}
		if i == rs[ri].from {
			clause[ri] = c
			ri++
		}
		if tk := &st.toks[i]; tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			c++
		}
	}
	for a := 0; a < len(rs); {
		b := a
		words, cjk := 0, 0
		for ; b < len(rs) && clause[b] == clause[a]; b++ {
			if st.toks[rs[b].from].neg == 0 {
				w, k := st.runSize(rs[b])
				words, cjk = words+w, cjk+k
			}
		}
		for k := a; k < b; k++ {
			out[k] = (words > 6 || cjk > 12) && st.toks[rs[k].from].neg == 0
		}
		a = b
	}
	for k := len(rs) - 1; k >= 0; k-- {
		// "not too big, not too small — horse riding / equestrian
		// creators … for our riding school's summer camp promo": a short
		// run right before a creator noun (or before a run that is, with
		// a slash or "or" between) names the creators' topic, however
		// long the clause around it (audit 34, S7).
		if out[k] && (st.topicBeforeCreators(rs, k) || st.topicAfterCreators(rs, k)) {
			out[k] = false
		}
	}
	return out
}

// topicBeforeCreators reports a short run k (at most 3 Latin words or 6 CJK
// runes) followed by a creator noun ("horse riding creators", "马术博
// 主"), or by a slash, "&", "or", "and", 或, 和 and such a run ("horse
// riding / equestrian creators").
func (st *state) topicBeforeCreators(rs []run, k int) bool {
	if w, c := st.runSize(rs[k]); w > 3 || c > 6 {
		return false
	}
	n := st.skipSpace(rs[k].to + 1)
	if n >= len(st.toks) {
		return false
	}
	if tk := &st.toks[n]; tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil {
		return true
	}
	if k+1 >= len(rs) {
		return false
	}
	if t := strings.ToLower(strings.TrimSpace(st.tokText(n))); t != "/" && t != "&" && t != "or" && t != "and" && t != "或" && t != "和" && t != "、" {
		return false
	}
	if st.skipSpace(n+1) != rs[k+1].from {
		return false
	}
	return st.topicBeforeCreators(rs, k+1)
}

// topicAfterCreators reports a short run k (at most 3 Latin words or 6 CJK
// runes) right after a creator noun and a verb of what they do ("channels
// doing synth restoration", "creators covering …"), or after such a run
// with "or", "and", a slash or 或/和 between ("… synth restoration or
// analog synth demos"): it names the creators' topic, however long the
// clause around it, as topicBeforeCreators does from the other side.
func (st *state) topicAfterCreators(rs []run, k int) bool {
	if w, c := st.runSize(rs[k]); w > 3 || c > 6 {
		return false
	}
	p := st.prevSig(rs[k].from)
	if p < 0 {
		return false
	}
	if t := strings.ToLower(strings.TrimSpace(st.tokText(p))); k > 0 && (t == "/" || t == "&" || t == "or" || t == "and" || t == "或" || t == "和" || t == "、") {
		if q := st.prevSig(p); q >= 0 && q == rs[k-1].to {
			return st.topicAfterCreators(rs, k-1)
		}
		return false
	}
	if !creatorVerbs[strings.ToLower(st.tokText(p))] {
		return false
	}
	q := st.prevSig(p)
	// "YouTube channels" reads as the platform, its noun included
	return q >= 0 && (st.toks[q].has(clsCreator) != nil || st.toks[q].has(clsCreatorPlatform) != nil || st.toks[q].has(clsPlatform) != nil)
}

// creatorVerbs say what creators do, between a creator noun and the
// topic said after it ("channels doing …", "creators covering …").
var creatorVerbs = map[string]bool{"doing": true, "covering": true, "making": true, "reviewing": true, "featuring": true, "about": true, "on": true}

func isClauseSep(r rune) bool {
	return strings.ContainsRune(",、;|。!?:()[]{}<>【】《》「」『』\"…\n.", r)
}

// runTooLong reports a residue too long to be a keyword: more than 5 Latin
// words or 12 CJK runes.
func (st *state) runTooLong(r run) bool {
	words, cjk := st.runSize(r)
	return words > 5 || cjk > 12
}

// runSize counts the Latin words and CJK runes of a run.
func (st *state) runSize(r run) (words, cjk int) {
	for k := r.from; k <= r.to; k++ {
		tk := &st.toks[k]
		switch {
		case tk.kind == tkCJK:
			cjk++
		case tk.role == roleContent && st.latinEdge(k, false):
			words++
		default:
			for _, c := range st.t.norm[tk.s:tk.e] {
				if textmatch.IsCJK(c) {
					cjk++
				}
			}
		}
	}
	return words, cjk
}

// runIsKeyword reports a run with at least one letter that is not next to an
// unsupported-condition word.
func (st *state) runIsKeyword(r run) bool {
	letter := false
	for k := r.from; k <= r.to && !letter; k++ {
		tk := &st.toks[k]
		if tk.kind != tkNum {
			letter = true
		}
	}
	if !letter {
		return false
	}
	for k := r.from; k <= r.to; k++ {
		if st.amountOfMoney(k) {
			return false // "给500块", "3万块": a price, no term
		}
	}
	// a vague size ("不要太小", "not too small") names no measure of
	// the words beside it: the topic after it still ranks (audit 34, S7)
	if p := st.prevSig(r.from); p >= 0 && st.toks[p].has(clsUnsupport) != nil && st.toks[p].has(clsVague) == nil && st.toks[p].role == roleNone {
		return false
	}
	if n := st.skipSpace(r.to + 1); n < len(st.toks) && st.toks[n].has(clsUnsupport) != nil && st.toks[n].has(clsVague) == nil && st.toks[n].role == roleNone {
		return false
	}
	return true
}

// amountOfMoney reports a number at token k said in a currency right
// after it ("500块", "2万块", "300 usd"); a small one is no price ("一块出镜",
// together; "三块屏幕", three screens).
func (st *state) amountOfMoney(k int) bool {
	tk := st.tok(k)
	return tk.kind == tkNum && tk.num.Value >= 10 && currencies[st.tokText(st.skipSpace(k+1))]
}

// cjkFormAlone reports a Chinese review or selling form at i standing
// alone in a sentence, not as the ask's verb ("要真测评的", "纯种草的";
// not "帮我们种草新品面膜"): it ranks.
func (st *state) cjkFormAlone(i int) bool {
	return st.sig.Sentence && textmatch.IsCJK(st.t.norm[st.tok(i).s]) && st.formStandsAlone(i) && !st.formAsVerb(i)
}

// latinSellingAlone reports a Latin form of selling at i said in a
// sentence of what the creators do ("who do live selling", "ones that
// sell on livestream", "live selling ones"), as a Chinese one standing
// alone is ("要直播带货的"): function words before it, nothing of a
// topic or an object after it ("live selling for our serum" is the
// brief's ask).
func (st *state) latinSellingAlone(i int) bool {
	return !textmatch.IsCJK(st.t.norm[st.tok(i).s]) && st.reviewAlone(i)
}

// formAsVerb reports a Chinese form at i said as the ask's verb: with
// its object right after it ("帮我们种草新品面膜", "测评我们的耳机"), or
// after the creators asked to do it ("找博主做种草", "达人来带货"): the
// brief's frame, not how the creators' content is told.
func (st *state) formAsVerb(i int) bool {
	for p, n := st.prevSig(i), 0; p >= 0 && n < 3; p, n = st.prevSig(p), n+1 {
		if st.tok(p).has(clsCreator) != nil || st.tok(p).has(clsCreatorPlatform) != nil {
			return true
		}
		if w := st.tokText(p); w != "做" && w != "来" && w != "帮" && w != "帮忙" && w != "给我们" && w != "帮我们" {
			break
		}
	}
	n := st.tok(i + 1)
	return n.kind == tkCJK || n.kind == tkWord || n.kind == tkLex && (n.has(clsCategory) != nil || n.has(clsTopic) != nil ||
		n.has(clsFrame) != nil && n.role != roleFiller || st.tokText(i+1) == "我们的" || st.tokText(i+1) == "我们")
}

// formAdverbs are the one-rune adverbs of degree said right before a
// Chinese form ("真测评", "纯种草").
var formAdverbs = map[string]bool{"真": true, "纯": true}

// sellingForms are the forms of selling in the content ("种草", "带货"):
// no category names itself by them, so one that absorbs them ranks them
// as a chip (namedMore), as a teaching form is.
var sellingForms = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range sellingFormWords {
		m[w] = true
	}
	return m
}()

// sellingFormWords spell the forms of selling (the lexicon's forms):
// seeding, selling in a live stream ("直播卖货", "sells on livestream").
var sellingFormWords = []string{"种草", "带货", "直播带货", "直播卖货", "live selling", "live shopping", "live commerce",
	"live sell", "live sells", "sell on livestream", "sells on livestream", "selling on livestream", "sell on live",
	"sells on live", "selling on live", "sell on live stream", "sells on live stream", "selling on live stream",
	"sell on livestreams", "sells on livestreams", "selling on livestreams", "sell via livestream", "sells via livestream"}

// reuseForms are the content formats made from others' videos:
// reuploads, compilations, clips, reactions ("不要纯搬运混剪号", "排除掉做
// reaction 的"). They are forms (the lexicon) that name no topic.
var reuseForms = []string{"搬运", "混剪", "切片", "二创", "录播", "reaction", "reactions", "reupload", "reuploads",
	"re-upload", "re-uploads", "compilation", "compilations"}

// addVerbs are the additive words that add to the search ("也加上",
// "add"): a follow-up saying one is a request, not a keyword as typed.
var addVerbs = map[string]bool{"加上": true, "再加上": true, "也加上": true, "加进来": true, "加进去": true, "也加进来": true,
	"添加": true, "增加": true, "add": true, "also add": true, "throw in": true, "also include": true}

// emoji reports a symbol token that is an emoji or its modifier ("👍",
// "🙏", a variation selector): in a chat it ends a clause as a full stop
// does.
func (st *state) emoji(i int) bool {
	tk := st.tok(i)
	if tk.kind != tkSym {
		return false
	}
	for _, r := range st.t.orig[tk.s:tk.e] {
		if !unicode.Is(unicode.So, r) && !unicode.Is(unicode.Sk, r) && r != 0xFE0F && r != 0x200D {
			return false
		}
	}
	return true
}
