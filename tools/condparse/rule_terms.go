package condparse

import (
	"searchagent/tools/textmatch"
	"slices"
	"strings"
	"unicode"

	"searchagent/tools/condition"
	"searchagent/tools/fields"
	"searchagent/tools/scope"
	"searchagent/tools/taxonomy"
	"unicode/utf8"
)

// Ranking terms, explicit keyword cues, style wishes, the brief's frame
// and the words it drops (issue 26 items 1 and 2, seed 002 §3.7.5): in an
// input with a sentence signal (a request, a description of creators, a
// hedge, a style wish, the brief's frame) a word filters as a keyword only
// when the user marked it — quoted, after a cue ("包含 X", "关键词 X",
// "must mention X", "with X in the title"), or typed as a list item of its
// own ("…，Hollyland 麦克风，美国"). Every other word no rule placed is a
// ranking term: a keyword with status reference, which orders results and
// never removes one. Terse input without a sentence ("Sony A9 评测, 日本",
// "美国 夏天穿搭博主") is keywords and conditions as typed: its words
// filter, as in classic mode. Frame words (requests, politeness, hedges,
// the brief's own frame and style markers) are never terms;
// Result.Dropped names them.

// IssueRankingTerm marks a keyword the user did not mark as a filter: it
// ranks the results (status reference) and the search box offers to make
// it a filter.
const IssueRankingTerm = "ranking_term"

// cued reports a keyword run the user marked as a filter: a cue word
// right before it ("包含", "关键词：", "must mention") or a scope cue right
// after it ("in the title", "标题里"), and the scope that cue names.
func (st *state) cued(r run) (bool, Scope) {
	if n := st.skipSpace(r.to + 1); n < len(st.toks) && st.toks[n].has(clsCueScope) != nil {
		st.toks[n].role = roleFiller
		return true, scope.Name
	}
	if st.cuedWord(r.from) {
		return true, ""
	}
	return false, ""
}

// requirementLabel ends the words before a colon that label what follows
// as required, as 必须： does: "must:", "must have:", "required:",
// "mandatory:".
var requirementLabel = mustRx(`(?i)(?:^|[\s,，;；.。|(（])(?:must|must[\s-]haves?|required|requirements?|mandatory|necessary|必须|必需|必须有|硬性要求)\s*$`)

// cuedWord reports a vocabulary word at i right after a keyword cue
// ("关键词：露营", "必须提到蛋白粉"); a scope cue after it is left to the
// keyword rule.
func (st *state) cuedWord(i int) bool {
	p := st.prevSig(i)
	for p >= 0 && (st.toks[p].kind == tkPunct && (st.t.norm[st.toks[p].s] == ':' || st.t.norm[st.toks[p].s] == '：') ||
		st.word(p) == "是" || st.word(p) == "the" || st.word(p) == "a") {
		if st.toks[p].kind == tkPunct && st.toks[i].has(clsCategory) == nil && requirementLabel.MatchString(string(st.t.norm[:st.toks[p].s])) {
			// "required: kayaking", "must have: sourdough"; a category
			// named so stays the category filter it is ("必须：旅行")
			return true
		}
		p = st.prevSig(p)
	}
	return p >= 0 && st.toks[p].has(clsCue) != nil
}

// governed reports a category or topic word that a style marker
// qualifies ("风格搞笑", "a funny vibe") or that sits inside the brief's
// own brand frame ("我们是做运动耳机的品牌", "we're a skincare brand"): it
// says how the creators should feel or what the advertiser sells, not
// which creators to keep, so it only ranks.
func (st *state) governed(i int) bool {
	near := func(k int) bool {
		for n := 0; n < 3 && k >= 0 && k < len(st.toks); n++ {
			tk := &st.toks[k]
			switch {
			case tk.has(clsStyle) != nil:
				return true
			case tk.kind == tkSpace, tk.has(clsDe) != nil, st.word(k) == "是", st.word(k) == "a", st.word(k) == "with":
			default:
				return false
			}
			if k < i {
				k--
			} else {
				k++
			}
		}
		return false
	}
	if near(i-1) || near(i+1) {
		return true
	}
	if st.afterOur(i) {
		// "who could feature our skincare", "推我们的防晒": the
		// advertiser's product ranks, it never picks the category.
		return true
	}
	for k := i - 1; k >= 0; k-- {
		tk := &st.toks[k]
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			return false
		}
		if tk.has(clsRequest) != nil || tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil ||
			tk.has(clsPlatform) != nil && tk.has(clsPlatform).creator || companyNoun(st.tokText(k)) {
			// "we are a small company and we search YouTube channels
			// about woodworking": the ask, the creators or the company
			// noun end the writer's description (audit 25, class 3)
			return false
		}
		if tk.has(clsBrandOpen) != nil {
			return true
		}
	}
	return false
}

// topicCond reads a subtopic word (taxonomy.Synonyms, Sub): wanted, it is
// its category (weak, so that alone it stays a keyword search) plus a
// ranking term of the word as typed; excluded, it is an excluded keyword
// (hedged: a soft avoid) that the store widens to the subtopic's words in
// the other language.
func (st *state) topicCond(i int, neg uint8) (pc, term *pcond) {
	tk := &st.toks[i]
	text := StringValue(string(st.t.orig[tk.s:tk.e]))
	if tk.corrected {
		// "gardenning": the subtopic's own spelling ranks (and meets its
		// other language), the typo matches nothing
		text = StringValue(tk.has(clsTopic).word)
	}
	switch neg {
	case 1:
		pc = newCond(condition.KindKeyword, condition.Keyword, condition.OpNotContains, text)
		pc.c.Scope, pc.c.Excluded, pc.neg = scope.Tags, true, true
		if tk.removal {
			// replaced by another subtopic ("钓鱼的换成冲浪的"): its
			// ranking term goes, nothing is excluded (IssueRemoved)
			pc.addIssue(IssueRemoved)
		}
		return pc, nil
	case 2:
		pc = newCond(condition.KindSoft, condition.Preference, condition.OpAvoid, text)
		pc.neg = true
		return pc, nil
	}
	pc = st.vocabCond(condition.Category, []string{tk.has(clsTopic).code}, 0)
	pc.topic = true
	term = rankingTerm(text)
	term.s, term.e, term.topicTerm = tk.s, tk.e, true
	return pc, term
}

// joinedLabels keeps out a wanted category whose label joins two topics
// when the user excludes one of them ("tech news … no politics", "科技新闻，
// 别碰政治"): News & Politics holds the politics left out, so it is not
// added beside the category the search is about; the words that named it
// rank instead, and the exclusion stays (audit 27).
func (st *state) joinedLabels() {
	var excluded []string
	for _, pc := range st.conds {
		if !pc.dropped && pc.neg && pc.c.Kind == condition.KindKeyword && pc.c.Value.Type == ValueString {
			excluded = append(excluded, pc.c.Value.Str)
		}
	}
	if len(excluded) == 0 {
		return
	}
	for _, pc := range st.conds {
		if pc.dropped || pc.neg || pc.c.Field != condition.Category || pc.c.Kind != condition.KindHard ||
			!slices.ContainsFunc(pc.codes, func(c string) bool {
				return slices.ContainsFunc(excluded, func(w string) bool { return taxonomy.NamedInLabel(c, w) })
			}) {
			continue
		}
		pc.dropped = true
		if pc.topic {
			continue // its subtopic's term ranks already
		}
		term := rankingTerm(StringValue(strings.TrimSpace(string(st.t.orig[pc.s:pc.e]))))
		term.s, term.e = pc.s, pc.e
		st.conds = append(st.conds, term)
	}
}

// rankingTerm is a keyword that ranks and never filters.
func rankingTerm(v Value) *pcond {
	pc := newCond(condition.KindKeyword, condition.Keyword, condition.OpContains, v)
	pc.c.Scope = scope.Tags
	pc.c.Status, pc.c.Priority = condition.StatusReference, 2
	pc.addIssue(IssueRankingTerm)
	return pc
}

// pruneTopics drops the categories read from subtopic words when the user
// named a category in words of its own in the same ask (askBounds): the
// named one is the filter, the subtopic still ranks. A content format ("钓鱼vlog") names no category
// of its own: it only tells how the subtopic is shown (formCategories).
func (st *state) pruneTopics() {
	for _, pc := range st.conds {
		if pc.topic && pc.c.Field == condition.Category {
			pc.addIssue(IssueSubtopic)
		}
	}
	// each ask of a brief with two (askBounds) prunes its own subtopics
	bounds, _ := st.askBounds()
	named := map[int]bool{}
	for _, pc := range st.conds {
		if !pc.dropped && !pc.topic && !pc.neg && pc.c.Field == condition.Category && pc.c.Kind == condition.KindHard &&
			!formatWords[strings.ToLower(strings.TrimSpace(string(st.t.orig[pc.s:pc.e])))] {
			named[askOf(bounds, pc.s)] = true
		}
	}
	if len(named) == 0 {
		return
	}
	for _, pc := range st.conds {
		if pc.topic && named[askOf(bounds, pc.s)] {
			pc.dropped = true
		}
	}
}

// dropped lists the frame words the reading left out (requests,
// politeness, hedges, the brief's frame, style markers), once each, in
// input order: the agent names them in the notice.
func (st *state) dropped() []Span {
	var out []Span
	seen := map[string]bool{}
	for i := 0; i < len(st.toks); i++ {
		tk := &st.toks[i]
		if tk.audience {
			continue // named with the audience wish it opens
		}
		if slices.ContainsFunc(st.campaignRem, func(r [2]int) bool { return r[0] <= tk.s && tk.e <= r[1] }) {
			continue // named as the campaign's figures
		}
		if st.namedRole(tk.s, tk.e) != "" {
			continue // named with the remark, permission or stage it says
		}
		if tk.frameWord && tk.role == roleFiller {
			// a run of frame words is named once ("跨境支付公司", "B2B
			// SaaS company")
			e := tk.e
			for j := i + 1; j < len(st.toks); j++ {
				n := &st.toks[j]
				if n.kind == tkSpace {
					continue
				}
				if !n.frameWord || n.role != roleFiller {
					break
				}
				e, i = n.e, j
			}
			sp := st.t.span(tk.s, e)
			if !seen[sp.Text] {
				seen[sp.Text] = true
				out = append(out, sp)
			}
			continue
		}
		if tk.kind != tkLex || tk.role != roleFiller {
			continue
		}
		if tk.has(clsRequest) == nil && tk.has(clsHedge) == nil && tk.has(clsFrame) == nil && tk.has(clsStyle) == nil && tk.has(clsBrandOpen) == nil && tk.has(clsVague) == nil && tk.has(clsPartner) == nil {
			continue
		}
		sp := st.t.span(tk.s, tk.e)
		if seen[sp.Text] {
			continue
		}
		seen[sp.Text] = true
		out = append(out, sp)
	}
	return out
}

// bareItems marks the tokens of list items that are nothing but a term as
// typed: in an input of two or more clauses, a clause whose words are all
// unplaced or subtopic words, with no condition, filler, request, hedge,
// frame, style, cue or creator noun. Such an
// item is a keyword the user typed (the mixed shape of spec 3.7.1:
// "Hollyland 麦克风，美国，IG"), so it filters as a whole, subtopic words
// included ("wireless noise cancelling earbuds, 美国").
func (st *state) bareItems() []bool {
	out := make([]bool, len(st.toks))
	type clause = clauseSpan
	var cs []clause
	from := 0
	for i := range st.toks {
		if tk := &st.toks[i]; tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) {
			cs = append(cs, clause{from, i - 1})
			from = i + 1
		}
	}
	cs = append(cs, clause{from, len(st.toks) - 1})
	items := 0
	for _, c := range cs {
		for k := c.from; k <= c.to; k++ {
			if st.toks[k].kind != tkSpace {
				items++
				break
			}
		}
	}
	if items < 2 || st.pastedRow() {
		// "Indonesia / Malaysia | Instagram | modest fashion | 30k-300k":
		// a pasted spreadsheet row's cells are its fields, its topic
		// cell ranks (rule_hedgedlists.go)
		return out
	}
	for n, c := range cs {
		if n > 0 && st.framedHeading(cs[n-1].from, c.from-1) {
			// "品牌：某国产耳机", "Client: Acme": the value of a frame
			// heading is the brief's context, not a keyword typed.
			continue
		}
		if p := c.from - 1; p >= 0 && strings.ContainsRune(":：", st.t.norm[st.toks[p].s]) && st.labelledRow(p) {
			// "vertical: home fitness": a labelled row's value is what
			// the row's field says, read as in a sentence (audit 23).
			continue
		}
		if st.labelledRowItem(c.from) {
			// "topic: fishing, kayaking", "内容：烘焙、面包": every item of a
			// labelled row's list is the row's value, read as the first
			// one is (fixL, class L1).
			continue
		}
		if p := c.from - 1; p >= 0 && strings.ContainsRune("(（[【", st.t.norm[st.toks[p].s]) {
			// "Plant accounts (houseplants!) in …": a bracketed aside
			// says more about the topic; it ranks, it is no item typed.
			continue
		}
		if st.inBrackets(c.from) || st.exampleList(cs[:n+1]) {
			// "(e.g. robot vacuums, air fryers)", "比如帐篷、睡袋这类":
			// examples widen the topic; they rank (audit 28).
			continue
		}
		if st.asking(c.from) || st.asking(c.to) {
			// "why is this one here?", "哪个更新最勤": a question is
			// talk, never a term typed (rule_talk.go).
			continue
		}
		if st.purposeClause(c.from, c.to) {
			// "…，推插件用", "…，做寄样用": what the creators are for
			// is the brief's purpose, not a keyword typed.
			continue
		}
		if st.foreignItem(c.from, c.to) {
			// "…, recetas fáciles", "…, mode et beauté": words of the
			// creators' own language rank (rule_foreign.go).
			continue
		}
		if st.styleItem(c) {
			// "with an understated, old-money look", "a calm, minimal
			// aesthetic": a style said after a comma ranks, as it does
			// inside the sentence (audit 29).
			continue
		}
		if n+1 < len(cs) && st.askOpens(cs[n+1].from) || st.writerAim(c.from, c.to) {
			// "在线教育app招学员，求推荐：…", "少儿编程课程拉新，需要：…":
			// the clause before the ask, or one that says what the
			// writer's campaign is for, describes the writer; it ranks
			// at most, never filters (audit 30, class 2).
			continue
		}
		if st.inOrgSubject(c.from, c.to) {
			// "某国驻华文化中心（意大利）想找…": the organisation that asks
			// describes the writer (rule_ownplace.go)
			continue
		}
		if st.hedgedLater(cs, n) {
			// "零残忍、纯素指甲油方向优先", "vegan, cruelty-free preferred":
			// a hedge closing a list covers every item of it
			// (rule_hedgedlists.go)
			continue
		}
		if n > 0 && st.hedged(cs[n-1].from, cs[n-1].to) {
			// "preferably with a warm, homey aesthetic", "ideally
			// fintech, crypto": the items after a hedge are hedged too.
			continue
		}
		content, bare := false, true
		for k := c.from; k <= c.to && bare; k++ {
			tk := &st.toks[k]
			switch {
			case tk.kind == tkSpace:
			case tk.role == roleContent && tk.neg == 0:
				content = true
			case tk.kind == tkLex && tk.has(clsTopic) != nil && tk.neg == 0:
				content = true
			default:
				bare = false
			}
		}
		if !content || !bare || st.descriptorCompounds(c.from, c.to) {
			continue
		}
		for k := c.from; k <= c.to; k++ {
			out[k] = true
			st.undoTopic(k)
		}
	}
	return out
}

// styleItem reports a clause that ends in a style noun ("…, old-money
// look", "…, minimal aesthetic", "…, clean girl look"): its words
// describe how the creators should come across, never a keyword typed
// as a list item.
func (st *state) styleItem(c clauseSpan) bool {
	last := st.prevSig(c.to + 1)
	if last < c.from {
		return false
	}
	w := strings.ToLower(st.tokText(last))
	return w == "look" || w == "looks" || st.toks[last].has(clsStyle) != nil
}

// exampleCues open a list of examples of the topic ("think CGMs, …",
// "e.g. …", "比如…"); the words after them rank, never filter.
var exampleCues = []string{"think", "e.g.", "e.g", "eg", "eg.", "such as", "like", "for example", "for instance", "including", "incl.",
	"比如", "例如", "譬如", "诸如", "像是", "像"}

// exampleList reports that the last of the clauses cs, in one sentence
// with the clauses before it, belongs to a list of examples: it or a
// clause before it, each joined by a comma or 、, opens with an example
// cue.
func (st *state) exampleList(cs []clauseSpan) bool {
	for m := len(cs) - 1; m >= 0; m-- {
		c := cs[m]
		if c.from > c.to || c.from >= len(st.toks) {
			return false
		}
		text := strings.TrimSpace(strings.ToLower(string(st.t.norm[st.toks[c.from].s:st.toks[c.to].e])))
		for _, cue := range exampleCues {
			if !strings.HasPrefix(text, cue) {
				continue
			}
			rest := []rune(text[len(cue):])
			if len(rest) > 0 && (unicode.Is(unicode.Han, rest[0]) || rest[0] == ' ') {
				return true
			}
		}
		if p := c.from - 1; m == 0 || p < 0 || !strings.ContainsRune(",，、", st.t.norm[st.toks[p].s]) {
			return false
		}
	}
	return false
}

// clauseSpan is a clause's first and last token.
type clauseSpan struct{ from, to int }

// inBrackets reports that token i is inside a bracket opened before it
// and not yet closed.
func (st *state) inBrackets(i int) bool {
	depth := 0
	for k := i - 1; k >= 0; k-- {
		if st.toks[k].kind != tkPunct {
			continue
		}
		switch st.t.norm[st.toks[k].s] {
		case ')', '）', ']', '】':
			depth++
		case '(', '（', '[', '【':
			if depth == 0 {
				return true
			}
			depth--
		}
	}
	return false
}

// descriptorCompounds reports a list item that is nothing but hyphenated
// words made of plain words ("high-school", "kid-friendly",
// "CPM-friendly"): a description of the creators or their audience, which
// ranks; it is no name typed to filter by (audit 23, class 4). A compound
// with a digit or a one-letter part ("K-pop", "X-T5", "Wi-Fi" aside) is
// a name and stays an item.
func (st *state) descriptorCompounds(from, to int) bool {
	seen := false
	for k := from; k <= to; k++ {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			continue
		}
		w := string(st.t.norm[tk.s:tk.e])
		parts := strings.Split(w, "-")
		if len(parts) < 2 {
			return false
		}
		for _, p := range parts {
			if len(p) < 2 || strings.IndexFunc(p, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
				return false
			}
		}
		seen = true
	}
	return seen
}

// labelledRow reports whether the colon token at p ends a row label
// ("vertical:", "类目：").
func (st *state) labelledRow(p int) bool {
	s := st.toks[p].s
	b := s
	for b > 0 && !isRowSep(st.t.norm, b-1) && st.t.norm[b-1] != '-' {
		b--
	}
	label := strings.Join(strings.Fields(string(st.t.norm[b:s])), " ")
	return isLabel(label) && (headingWords[label] || valueLabels[label])
}

// labelledRowItem reports a list item at token from that continues the
// value of a labelled row ("Topic: fishing, kayaking", "内容：烘焙、面包"):
// back over commas and 、 only, the row's colon after a known label.
func (st *state) labelledRowItem(from int) bool {
	for k := from - 1; k >= 0; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			if slices.Contains(st.t.norm[tk.s:tk.e], '\n') {
				return false
			}
			continue
		}
		if tk.kind != tkPunct {
			continue
		}
		switch r := st.t.norm[tk.s]; {
		case r == ':' || r == '：':
			return st.labelledRow(k)
		case !strings.ContainsRune(",，、", r):
			return false
		}
	}
	return false
}

// hedged reports a hedge ("ideally", "preferably", "最好") among the
// tokens from..to.
func (st *state) hedged(from, to int) bool {
	for k := from; k <= to; k++ {
		if tk := &st.toks[k]; tk.kind == tkLex && tk.has(clsHedge) != nil {
			return true
		}
	}
	return false
}

// purposeClause reports a clause [from,to] that ends in the purpose
// marker 用 ("推插件用", "做新品寄样用的"): what the results are for.
func (st *state) purposeClause(from, to int) bool {
	for k := to; k >= from; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace || tk.kind == tkPunct {
			continue
		}
		w := string(st.t.orig[tk.s:tk.e])
		if w == "的" && k > from {
			continue
		}
		return tk.kind == tkCJK && strings.HasSuffix(w, "用") && (k > from || len([]rune(w)) > 2)
	}
	return false
}

// framedHeading reports a heading of the brief's frame ("品牌", "客户",
// "brand", "client") from token from to a colon at token sep.
func (st *state) framedHeading(from, sep int) bool {
	if sep < 0 || sep >= len(st.toks) || st.toks[sep].kind != tkPunct || st.t.norm[st.toks[sep].s] != ':' && st.t.norm[st.toks[sep].s] != '：' {
		return false
	}
	for k := from; k < sep; k++ {
		if tk := &st.toks[k]; tk.kind == tkLex && (tk.has(clsFrame) != nil || tk.has(clsBrandOpen) != nil) {
			return true
		}
	}
	return false
}

// undoTopic turns the subtopic word at token k back into keyword
// material, dropping the category and ranking term read from it: a
// subtopic inside a typed term is part of the term.
func (st *state) undoTopic(k int) {
	tk := &st.toks[k]
	if tk.kind != tkLex || tk.has(clsTopic) == nil || tk.neg != 0 || st.tokCond[k] == 0 {
		return
	}
	pc := st.conds[st.tokCond[k]-1]
	if !pc.topic {
		return
	}
	// a hobby its category names as an alias ("洛杉矶 瑜伽 1w+") keeps
	// the category it always read as, beside the keyword typed
	pc.dropped = !categoryAlias(tk.has(clsTopic).word)
	for _, o := range st.conds {
		if o.topicTerm && o.s == tk.s {
			o.dropped = true
		}
	}
	tk.role, st.tokCond[k] = roleContent, 0
	if tk.has(clsCreator) != nil {
		// "宝妈博主": a person noun is who the creators are, no word typed
		tk.role = roleFiller
	}
}

// headings drops the heading of a "heading: value" item ("粉丝量级：5w-10w",
// "类目：美妆", "Market: Mexico") whose value was read as a condition: the
// heading names the field the value fills, so its words are the brief's
// frame, never a keyword or unread text.
func (st *state) headings() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkPunct || st.t.norm[tk.s] != ':' && st.t.norm[tk.s] != '：' || tk.e < len(st.t.norm) && st.t.norm[tk.e] == '/' {
			continue // not a colon, or a link's ("https://…")
		}
		valued := false
		for k := i + 1; k < len(st.toks); k++ {
			n := &st.toks[k]
			if n.kind == tkPunct && isClauseSep(st.t.norm[n.s]) {
				break
			}
			if n.role == roleCond {
				valued = true
				break
			}
		}
		if !valued && !headingWords[st.tokText(st.prevSig(i))] {
			continue
		}
		var head []int
		k := i - 1
		for ; k >= 0; k-- {
			n := &st.toks[k]
			if (n.kind == tkPunct || n.kind == tkLex && n.e == n.s+1) && (isClauseSep(st.t.norm[n.s]) || strings.ContainsRune("-–—•*·", st.t.norm[n.s])) || n.kind == tkSym ||
				n.kind == tkSpace && slices.Contains(st.t.norm[n.s:n.e], '\n') {
				// a line break ends the row before the heading too
				// a dash is lexed as a range word too ("10k - 50k"); as a
				// list marker before a heading it ends the heading

				break
			}
			if n.role == roleCond || n.has(clsCue) != nil || n.has(clsCueScope) != nil {
				head = nil // a condition or a keyword cue of its own: no heading
				break
			}
			head = append(head, k)
		}
		if len(head) == 0 || len(head) > 5 {
			continue
		}
		if slices.ContainsFunc(head, func(h int) bool { return st.toks[h].has(clsSort) != nil }) {
			// "Sort: engagement.", "排序：互动": a sort heading is the sort
			// request; its value is the measure the reading sorts by.
			continue
		}
		for _, h := range head {
			if st.toks[h].role == roleNone || st.toks[h].role == roleContent {
				st.toks[h].role = roleFiller
			}
		}
	}
}

// headingWords are a brief's field names: before a colon they head the
// value after them, whatever it is ("vertical: home fitness", "类目：宠物").
var headingWords = map[string]bool{"market": true, "markets": true, "vertical": true, "niche": true, "category": true,
	"categories": true, "topic": true, "topics": true, "region": true, "regions": true, "country": true, "countries": true,
	"geo": true, "location": true, "platform": true, "platforms": true, "audience": true, "size": true, "tier": true,
	"language": true, "languages": true, "activity": true, "followers": true, "subs": true, "subscribers": true,
	"类目": true, "品类": true, "领域": true, "垂类": true, "赛道": true, "地区": true, "国家": true, "市场": true, "平台": true,
	"语言": true, "粉丝": true, "粉丝量": true, "体量": true, "活跃": true, "活跃度": true, "方向": true, "内容": true,
	"lang": true, "follower count": true, "followers count": true, "sub count": true, "audience size": true, "verticals": true,
	"粉丝数": true, "订阅": true, "订阅数": true, "订阅量": true, "国家地区": true, "类别": true, "分类": true, "频道类型": true,
	// what the creators post, as a list brief's field names it (fixL, L1)
	"content": true, "content type": true, "theme": true, "themes": true, "genre": true, "类型": true, "内容类型": true,
	"题材": true, "主题": true, "内容方向": true, "话题": true}

// liftVerbs take a field's requirement away when a field and its limit
// follow ("no country restriction", "drop the follower minimum").
var liftVerbs = map[string]bool{"no": true, "without": true, "drop": true, "remove": true, "lose": true, "scrap": true,
	"lift": true, "ditch": true, "forget": true, "clear": true, "kill": true, "nix": true, "scratch": true}

// anyFieldTail accepts a field said with "any" ("any language is fine",
// "any country goes", "any size works").
var anyFieldTail = mustRx(`^(?:is fine|is ok|is okay|goes|works|will do|now|but|and|too|please|pls)\b`)

// anyFieldAccept is the part of anyFieldTail that only accepts ("any
// country works", "any time is fine"): frame words, never ranking terms.
var anyFieldAccept = mustRx(`^(?:is fine|is ok|is okay|goes|works|will do)\b`)

// anyFieldNouns are the everyday nouns "any" frees a field with that are
// no alias of it: "any time" (when they posted), "any size" (followers).
var anyFieldNouns = map[string]condition.Field{"time": condition.LastActive, "timeframe": condition.LastActive,
	"date": condition.LastActive, "size": condition.Followers}

// noPreferenceWords say a field has no requirement ("粉丝无所谓", "粉丝不限",
// "followers doesn't matter"); they are frame words.
var noPreferenceWords = map[string]bool{"无所谓": true, "不限": true, "都无所谓": true, "随便": true, "随意": true,
	"放开": true, "放开吧": true, "都放开": true,
	"doesn't matter": true, "does not matter": true, "no preference": true, "any size": true,
	"多少都行": true, "多少都可以": true, "多少无所谓": true}

// noPreference drops the field words of a clause that says the field has
// no requirement ("粉丝无所谓"): nothing is asked of that field, so its word
// is neither a condition nor unread text.
func (st *state) noPreference() {
	for i := range st.toks {
		// "any language is fine now", "widen it to any country but …":
		// "any" before a field said alone, then its clause's end or an
		// acceptance.
		if w := st.tokText(i); (w == "any" || w == "whatever") && st.toks[i].role != roleCond {
			f := st.skipSpace(i + 1)
			name, ok := anyFieldNouns[st.tokText(f)]
			if fd, isAlias := fields.ByAlias(st.tokText(f)); isAlias {
				name, ok = fd.Name, true
			}
			if ok && st.toks[f].role != roleCond {
				n := st.skipSpace(f + 1)
				rest := ""
				if n < len(st.toks) {
					rest = strings.ToLower(string(st.t.norm[st.toks[n].s:]))
				}
				if n >= len(st.toks) || st.toks[n].kind == tkPunct || anyFieldTail.MatchString(rest) {
					st.toks[i].role, st.toks[f].role = roleFiller, roleFiller
					st.sig.Sentence = true
					st.unlimited(name)
					// "any country works": the acceptance is frame too,
					// never a ranking term.
					if m := anyFieldAccept.FindString(rest); m != "" {
						end := st.toks[n].s + len([]rune(m))
						for k := n; k < len(st.toks) && st.toks[k].e <= end; k++ {
							if st.toks[k].role == roleNone || st.toks[k].role == roleFiller {
								st.toks[k].role = roleFiller
							}
						}
					}
				}
			}
		}
		// "no country restriction anymore", "no follower minimum": the
		// field has no requirement; the words are the request, never
		// keyword material.
		if w := st.tokText(i); liftVerbs[w] && st.toks[i].role != roleCond {
			f := st.skipSpace(i + 1)
			if t := st.tokText(f); t == "the" || t == "any" || t == "that" {
				f = st.skipSpace(f + 1)
			}
			n := st.skipSpace(f + 1)
			if fd, ok := fields.ByAlias(st.tokText(f)); ok && n < len(st.toks) && (conditionNouns[st.tokText(n)] || st.tokText(n) == "limit" || st.tokText(n) == "limits") {
				for k := i; k <= n; k++ {
					if st.toks[k].role != roleCond {
						st.toks[k].role = roleFiller
					}
				}
				st.sig.Sentence = true
				st.unlimited(fd.Name)
			}
		}
		if !noPreferenceWords[st.word(i)] {
			continue
		}
		if st.word(i) == "any size" {
			st.unlimited(condition.Followers) // "scratch that, any size"
		}
		st.splitFieldName(i)
		for _, dir := range []int{-1, 1} {
			for k := i + dir; k >= 0 && k < len(st.toks); k += dir {
				tk := &st.toks[k]
				if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) || tk.role == roleCond {
					break
				}
				if tk.role == roleNone && tk.has(clsField) != nil {
					tk.role = roleFiller
				}
				if f, ok := fields.ByAlias(st.tokText(k)); ok {
					st.unlimited(f.Name) // "国家不限"
				}
			}
		}
	}
}

// splitFieldName reads a field's name the lexicon cut into pieces right
// before the no-preference word at i ("更新时间不限": 更新, 时, 间): the
// pieces are frame and the field has no requirement.
func (st *state) splitFieldName(i int) {
	text := ""
	for k := i - 1; k >= 0 && k >= i-6; k-- {
		tk := &st.toks[k]
		if tk.kind == tkSpace || tk.kind == tkPunct || tk.role == roleCond {
			return
		}
		text = st.tokText(k) + text
		if f, ok := fields.ByAlias(text); ok && k < i-1 {
			for j := k; j < i; j++ {
				st.toks[j].role = roleFiller
			}
			st.unlimited(f.Name)
			return
		}
	}
}

// valuesUnlimited reads a value said to have no requirement ("法语不限了",
// "美国无所谓"): the value's limit goes, a removal, not a wish for it.
func (st *state) valuesUnlimited() {
	for i := range st.toks {
		if !st.free(i) || !noPreferenceWords[st.word(i)] {
			continue
		}
		k := st.prevSig(i)
		if k >= 0 && (st.word(k) == "都" || st.word(k) == "也") {
			k = st.prevSig(k)
		}
		found := false
		for ; k >= 0 && st.free(k) && st.toks[k].neg == 0; k = st.prevSig(k) {
			tk := &st.toks[k]
			switch {
			case tk.kind == tkLex && (tk.has(clsCountry) != nil || tk.has(clsLanguage) != nil):
				tk.neg, tk.removal, found = 1, true, true
				continue
			case found && tk.kind == tkLex && tk.has(clsAnd) != nil, found && tk.kind == tkPunct && st.t.norm[tk.s] == '、':
				continue
			}
			break
		}
		if found {
			st.toks[i].role = roleFiller
		}
	}
}

// unlimited makes the exclusions of field f's values removals: "把英国去掉
// 吧，国家不限" takes the country away, it does not keep every country but
// the United Kingdom.
func (st *state) unlimited(f condition.Field) {
	if !slices.Contains(st.unlimitedFields, f) {
		st.unlimitedFields = append(st.unlimitedFields, f)
	}
	cls := map[condition.Field]lexClass{condition.Country: clsCountry, condition.Language: clsLanguage, condition.Category: clsCategory}[f]
	if cls == 0 {
		return
	}
	for k := range st.toks {
		if tk := &st.toks[k]; tk.neg == 1 && tk.kind == tkLex && tk.has(cls) != nil {
			tk.removal = true
		}
	}
}

// listMarkers drops the numbers that number a brief's items ("需求如下：1.
// 地区：美国 2. 类目：宠物", "1) US 2) gaming"): a small number right after
// the start, a space or punctuation, with a full stop, 、 or a bracket
// right after it and no digit after that, is a list marker, neither a
// count nor unread text.
func (st *state) listMarkers() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkNum || tk.num.Unit || tk.num.Percent || tk.num.Value < 1 || tk.num.Value > 20 || tk.e >= len(st.t.norm) {
			continue
		}
		if p := st.prevSig(i); p >= 0 && i > 0 && st.toks[i-1].kind != tkSpace && st.toks[p].kind != tkPunct {
			continue // glued to a word before it: "Q2.", "top3、"
		}
		if !strings.ContainsRune(".、)）", st.t.norm[tk.e]) {
			continue
		}
		if n := tk.e + 1; n < len(st.t.norm) && (isDigit(st.t.norm[n]) || st.t.norm[n] != ' ' && !textmatch.IsCJK(st.t.norm[n])) {
			continue
		}
		tk.role = roleFiller
		if i+1 < len(st.toks) && st.toks[i+1].kind == tkPunct {
			st.toks[i+1].role = roleFiller
		}
	}
}

// upperNouns and lowerNouns name a count's ends; boundLifts take one away
// said after it ("上限去掉", "门槛不要了") or before it ("remove the cap",
// "no minimum anymore", "去掉上限").
var (
	upperNouns = map[string]bool{"上限": true, "封顶": true, "cap": true, "ceiling": true, "maximum": true, "max": true, "upper limit": true, "upper bound": true}
	lowerNouns = map[string]bool{"下限": true, "门槛": true, "起步线": true, "floor": true, "minimum": true, "min": true, "lower limit": true, "lower bound": true, "threshold": true}
	liftBefore = func() map[string]bool { // liftVerbs and the Chinese verbs said before the bound
		m := map[string]bool{"去掉": true, "取消": true, "删掉": true, "拿掉": true, "不要": true, "撤销": true, "撤掉": true, "get rid of": true, "undo": true, "cancel": true}
		for w := range liftVerbs {
			m[w] = true
		}
		return m
	}()
	liftAfter   = map[string]bool{"去掉": true, "取消": true, "删掉": true, "拿掉": true, "不要": true, "不要了": true, "去掉吧": true, "can go": true}
	boundFields = map[string]condition.Field{"粉丝": condition.Followers, "订阅": condition.Followers, "follower": condition.Followers, "followers": condition.Followers,
		"subscriber": condition.Followers, "subscribers": condition.Followers, "subs": condition.Followers, "sub": condition.Followers,
		"播放": condition.AvgViews, "均播": condition.AvgViews, "views": condition.AvgViews, "view": condition.AvgViews}
)

// liftBounds reads a count's end taken away without a number ("上限去掉",
// "remove the cap", "粉丝门槛不要了"): that end goes, the other stays
// (Result.Unbounded). A bound said with a number is a bound, not this.
func (st *state) liftBounds() {
	for i := range st.toks {
		if st.toks[i].role == roleCond {
			continue
		}
		w := st.tokText(i)
		upper, isBound := upperNouns[w], upperNouns[w] || lowerNouns[w]
		if !isBound {
			continue
		}
		p := st.prevSig(i)
		numTok := -1
		if p >= 0 && st.isNum(p) {
			// "remove the 10w cap", "drop that 50k minimum": the bound
			// named by its figure is the held one
			numTok, p = p, st.prevSig(p)
		}
		if p >= 0 && (st.tokText(p) == "the" || st.tokText(p) == "any" || st.tokText(p) == "that") {
			p = st.prevSig(p)
		}
		field, fieldTok := condition.Followers, -1
		if p >= 0 {
			if f, ok := boundFields[strings.TrimSuffix(st.tokText(p), "的")]; ok {
				field, fieldTok, p = f, p, st.prevSig(p)
				if p >= 0 && (st.tokText(p) == "the" || st.tokText(p) == "把") {
					p = st.prevSig(p)
				}
			}
		}
		n := st.skipSpace(i + 1)
		takeOff := p >= 0 && st.tokText(p) == "off" && st.prevSig(p) >= 0 && st.tokText(st.prevSig(p)) == "take"
		if takeOff {
			p = st.prevSig(p) // "take off the cap"
		}
		// "never mind the follower minimum": a lift said as a dismissal
		neverMind := p >= 0 && strings.EqualFold(st.tokText(p), "never mind")
		before := p >= 0 && (liftBefore[st.tokText(p)] || takeOff || neverMind)
		after := n < len(st.toks) && (liftAfter[st.tokText(n)] || liftAfter[st.word(n)])
		if !before && !after {
			continue
		}
		// a number after it is a new bound ("门槛去掉，上限十万" stays with its clause)
		if k := st.skipSpace(n + 1); after && st.isNum(k) || !after && st.isNum(n) {
			continue
		}
		from, to := i, i
		if numTok >= 0 {
			from = numTok
		}
		if fieldTok >= 0 {
			from = fieldTok
		}
		if before {
			from = p
		}
		if after {
			to = n
		}
		for k := from; k <= to && k < len(st.toks); k++ {
			if st.toks[k].role != roleCond {
				st.toks[k].role = roleFiller
			}
		}
		for k := to + 1; k < len(st.toks); k = st.skipSpace(k + 1) {
			if t := st.tokText(k); t == "anymore" || t == "any more" || t == "吧" || t == "了" || t == "pls" || t == "please" {
				st.toks[k].role = roleFiller
				continue
			}
			break
		}
		st.sig.Sentence = true
		st.liftedBounds = append(st.liftedBounds, BoundLift{Field: field, Upper: upper})
	}
}

// NamesBound reports text that names a count's end ("upper limit anymore",
// "上限", "the cap"): words a reading of a lifted bound consumed.
func NamesBound(text string) bool {
	t := strings.ToLower(text)
	for _, nouns := range []map[string]bool{upperNouns, lowerNouns} {
		for n := range nouns {
			if strings.Contains(t, n) {
				return true
			}
		}
	}
	return false
}

// afterOur reports a word right after "our"/"my"/"我们的" or a frame that
// ends in one ("feature our", "push our"): the advertiser's own product.
func (st *state) afterOur(i int) bool {
	p := st.prevSig(i)
	w := st.tokText(p)
	if w == "的" {
		q := st.tokText(st.prevSig(p))
		return strings.HasSuffix(q, "我们") || strings.HasSuffix(q, "我们家") || strings.HasSuffix(q, "自家") || strings.HasSuffix(q, "我家")
	}
	return w == "our" || w == "my" || strings.HasSuffix(w, " our") || strings.HasSuffix(w, "我们的") || w == "我家的" || w == "自家的"
}

// writerRoles are the roles a writer introduces themselves by at the
// start of a brief ("event organiser for a craft beer festival", "shop
// owner here", "Teacher here -"): who asks, never who is wanted.
var writerRoles = map[string]bool{"organiser": true, "organizer": true, "organisers": true, "organizers": true, "owner": true,
	"owners": true, "founder": true, "co-founder": true, "cofounder": true, "manager": true, "marketer": true, "consultant": true,
	"director": true, "coordinator": true, "buyer": true, "recruiter": true, "teacher": true, "researcher": true, "student": true,
	"nonprofit": true, "non-profit": true, "charity": true, "agency": true, "planner": true, "lead": true, "head": true, "intern": true,
	"freelancer": true, "publicist": true, "editor": true, "producer": true, "host": true}

// zhWriterRole is a Chinese brief that opens with the writer's role
// (我是(一名)…经纪人/实习生/经理/老师…) before a clause mark or the ask.
// Group 1 is the role.
var zhWriterRole = mustRx(`^\s*(?:我是|本人是|我这边是)(?:一名|一个|一位|个)?\s*([^，,。：:！!？?\s]{0,10}?(?:经纪人|实习生|经理|总监|主管|负责人|老师|学生|运营|编辑|策划|店主|创始人|买手|采购|设计师|摄影师|商务|助理|顾问|研究员|记者))\s*(?:[，,：:。]|想|要|需要|帮|在找)`)

// writerRole drops the writer's role said at the start of the input,
// up to three words ending in a role noun (writerRoles) before "for",
// "at", "here", a colon or a dash: the frame of the brief (audit 28).
// What follows "for" (the event, the shop) is the brief's context and
// ranks as the rest of the words do.
func (st *state) writerRole() {
	if m := zhWriterRole.FindStringSubmatchIndex(string(st.t.norm)); m != nil {
		// "我是达人经纪人，帮…", "我是一名营销实习生，想找…": the writer's
		// role in Chinese, frame as the English one is
		norm := string(st.t.norm)
		from, to := utf8.RuneCountInString(norm[:m[0]]), utf8.RuneCountInString(norm[:m[3]])
		for j := range st.toks {
			if st.toks[j].s >= from && st.toks[j].e <= to && st.toks[j].kind != tkSpace && (st.free(j) || st.toks[j].role == roleContent) {
				st.toks[j].role, st.toks[j].frameWord, st.tokCond[j] = roleFiller, true, 0
			}
		}
		return
	}
	k := st.skipSpace(0)
	for _, w := range []string{"i'm", "i am", "im", "we're", "we are", "an", "a"} {
		if st.free(k) && strings.ToLower(st.tokText(k)) == w || st.tok(k).kind == tkLex && st.word(k) == w {
			k = st.skipSpace(k + 1)
		}
	}
	var words []int
	for n := 0; n < 3 && k < len(st.toks); n++ {
		tk := &st.toks[k]
		if tk.role == roleCond || tk.kind == tkPunct || tk.kind == tkNum {
			return
		}
		words = append(words, k)
		if writerRoles[strings.ToLower(st.tokText(k))] {
			nx := st.skipSpace(k + 1)
			w := strings.ToLower(st.tokText(nx))
			lead := w == "for" || w == "at" || w == "here" || strings.HasPrefix(w, "for ") || strings.HasPrefix(w, "at ")
			// "we're a nonprofit looking for …": the ask after the role
			// ends it as a colon does (fixT)
			ask := st.tok(nx).kind == tkLex && st.tok(nx).has(clsRequest) != nil
			if nx < len(st.toks) && (lead || ask || st.tok(nx).kind == tkPunct && strings.ContainsRune(":：-–—,", st.t.norm[st.tok(nx).s])) {
				if lead {
					words = append(words, nx)
				}
				for _, j := range words {
					st.toks[j].role, st.toks[j].frameWord, st.tokCond[j] = roleFiller, true, 0
				}
			}
			return
		}
		k = st.skipSpace(k + 1)
	}
}

// selfDescriptions drops the writer's description of their own company
// ("We're a B2B SaaS company", "我们是一家跨境支付公司", "敝公司為家電品牌"):
// from the opener (clsBrandOpen) to the company noun that ends it
// (company, brand, 公司, 品牌, …), within one clause, the words no rule
// placed are the brief's frame — dropped and named, never ranking terms
// (audit 23, class 6).
//
// What the writer makes or sells ("我们是做宠物用品的", "我们家是卖狗粮的",
// "we sell yoga mats", "our company sells baby carriers": an opener, or
// an opener and a trade verb, then the goods up to 的 or the clause's
// end) ranks as one term: the advertiser's product orders the results
// (audits 21 and 23), never filters them; the opener and the trade verb
// are frame. A place, language or category said inside the business is
// the goods', never a filter on the creators ("我们是做日本零食的，找美国的
// 美食博主" keeps the US alone, audit 24).
func (st *state) selfDescriptions() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkLex || tk.has(clsBrandOpen) == nil {
			continue
		}
		doing := tradeOpener(st.word(i))
		from := i + 1
		k := st.skipSpace(i + 1)
		for n := 0; n < 3 && st.free(k) && tradeLeads[strings.ToLower(st.tokText(k))]; n++ {
			k = st.skipSpace(k + 1)
		}
		if st.free(k) && tradeVerbs[strings.ToLower(st.tokText(k))] {
			// "我们家是卖狗粮的", "our company sells baby carriers"
			doing, from = true, k+1
			for j := i + 1; j <= k; j++ {
				if st.toks[j].kind != tkSpace {
					st.toks[j].role, st.toks[j].frameWord = roleFiller, true
				}
			}
		}
		end, goods := -1, -1
		for k, n := st.skipSpace(from), 0; k < len(st.toks) && n < 12; k, n = st.skipSpace(k+1), n+1 {
			w := &st.toks[k]
			if w.kind == tkPunct && (isClauseSep(st.t.norm[w.s]) || st.t.norm[w.s] == '(' || st.t.norm[w.s] == '（') {
				break
			}
			if (companyNoun(strings.ToLower(st.tokText(k))) || companySuffix(string(st.t.norm[tk.e:w.e]))) && !st.continuesWord(k+1) {
				// the company noun ends its word: "企业级数据库" goes on
				// (企业级 is a kind of product, not the company); company
				// nouns in a row are one ("hospital charity")
				end = k
				for n := st.skipSpace(end + 1); n < len(st.toks) && st.free(n) && companyNoun(strings.ToLower(st.tokText(n))); n = st.skipSpace(end + 1) {
					end = n
				}
				break
			}
			if doing && (w.kind == tkPunct || w.kind == tkSym || !strings.ContainsFunc(st.tokText(k), unicode.IsLetter) || w.kind == tkLex && (w.has(clsDe) != nil || w.has(clsAnd) != nil || w.has(clsRequest) != nil || w.has(clsCreator) != nil ||
				(w.has(clsCategory) != nil || w.has(clsTopic) != nil) && st.namesCreators(k))) {
				// "we sell budget VPNs — tech accounts in India": a dash,
				// or the creators' own category, ends the goods.
				if w.kind == tkLex && w.has(clsDe) != nil {
					st.companyAfterDe(k)
				}
				break
			}
			if doing {
				goods = k
			}
		}
		if end < 0 && goods >= from {
			// "我们是做咖啡机的，想找意大利的美食博主": the goods rank, as
			// one term, beside the creators' own topic (the writers of
			// audits 21 and 23 wanted the advertiser's product to order
			// the results; a ranking term never removes one).
			st.goodsNoFilter(from, goods, false)
			st.writerPlace(goods + 1)
			continue
		}
		if end < 0 {
			st.writerPlace(i + 1)
			continue
		}
		st.goodsNoFilter(from, end, true)
		st.brandGoods(from, end)
		// "we're a swimwear brand", "I run a Mexican restaurant": what
		// an English seller noun's business sells ranks (fixL, L2)
		st.addGoods(englishGoods(st.t.norm[st.toks[from].s:st.toks[end].e], st.toks[from].s))
		if v := st.skipSpace(end + 1); st.free(v) && tradeVerbs[strings.ToLower(st.tokText(v))] {
			// "We are Vietnam company sell fragrance", "Our shop selling
			// pet food want …": a trade verb after the company noun is
			// frame, what follows it the goods, one ranking term.
			st.toks[v].role, st.toks[v].frameWord = roleFiller, true
			if g := st.tradeGoodsEnd(v + 1); g > v {
				st.goodsNoFilter(v+1, g, false)
				st.writerPlace(g + 1)
				continue
			}
		}
		st.writerPlace(end + 1)
	}
}

// tradeGoodsEnd returns the last token of the goods a trade verb names from
// token from on (within the clause, up to 的, "and", the ask, a creator
// noun or the creators' own category), or from-1 when there are none.
func (st *state) tradeGoodsEnd(from int) int {
	goods := from - 1
	for k, n := st.skipSpace(from), 0; k < len(st.toks) && n < 12; k, n = st.skipSpace(k+1), n+1 {
		w := &st.toks[k]
		if w.kind == tkPunct || w.kind == tkSym || !strings.ContainsFunc(st.tokText(k), unicode.IsLetter) ||
			w.kind == tkLex && (w.has(clsDe) != nil || w.has(clsAnd) != nil || w.has(clsRequest) != nil || w.has(clsCreator) != nil ||
				(w.has(clsCategory) != nil || w.has(clsTopic) != nil) && st.namesCreators(k)) {
			break
		}
		goods = k
	}
	return goods
}

// writerPlaceMarks say where the writer is ("a company from Munich",
// "based in Berlin", 我们公司在杭州, 来自深圳).
var writerPlaceMarks = map[string]bool{"from": true, "in": true, "based in": true, "based out of": true, "out of": true, "located in": true,
	"headquartered in": true, "located": true, "based": true, "在": true, "位于": true, "来自": true, "总部在": true}

// marketWords say that a place in the writer's description is the market
// the business goes into ("a brand launching in Brazil", "expanding to
// Germany", 准备进入日本市场, 进军东南亚): where the campaign runs, so where
// its creators are — the place stays a filter, unlike the writer's own
// place (writerPlace).
var marketWords = map[string]bool{"launching": true, "launch": true, "launches": true, "expanding": true, "expand": true,
	"expands": true, "entering": true, "enter": true, "enters": true, "debuting": true, "進入": true, "进入": true, "进军": true,
	"打入": true, "开拓": true, "拓展": true, "登陆": true, "上市": true, "出海": true,
	// "we're a nonprofit running a campaign in Nigeria": where the
	// campaign runs (audit 30)
	"campaign": true, "campaigns": true}

// marketBefore reports whether a market word (marketWords) comes in the
// tokens from..k-1: an English word as a token, a Chinese one inside the
// text.
func (st *state) marketBefore(from, k int) bool {
	if from >= k || from >= len(st.toks) {
		return false
	}
	for j := from; j < k; j++ {
		if marketWords[st.word(j)] || marketWords[strings.ToLower(st.tokText(j))] {
			return true
		}
	}
	text := string(st.t.norm[st.toks[from].s:st.toks[k-1].e])
	for w := range marketWords {
		if w[0] >= 0x80 && strings.Contains(text, w) {
			return true
		}
	}
	return false
}

// writerPlace drops a place the writer's description says of the writer
// (audit 25, class 6): after the opener or the company noun, within the
// description's clause, a country, city or region said with from, based
// in, in, 在, 位于 or 来自, or right after the opener ("我们是深圳的"), is
// where the advertiser is, never a filter on the creators nor a notice.
// The ask, "and", a creator noun or the clause's end close it.
func (st *state) writerPlace(from int) {
	marked := false
	for k, n := st.skipSpace(from), 0; k < len(st.toks) && n < 8; k, n = st.skipSpace(k+1), n+1 {
		tk := &st.toks[k]
		if tk.kind == tkPunct && isClauseSep(st.t.norm[tk.s]) || tk.has(clsRequest) != nil || tk.has(clsAnd) != nil ||
			tk.has(clsCreator) != nil || tk.has(clsCreatorPlatform) != nil || tk.has(clsPlatform) != nil {
			return
		}
		if tk.role == roleCond && (tk.has(clsCountry) != nil) && (marked || n == 0) && st.tokCond[k] > 0 {
			pc := st.conds[st.tokCond[k]-1]
			if pc.c.Field != condition.Country || pc.neg || st.marketBefore(from, k) {
				return // "a brand launching in Brazil": the market
			}
			pc.dropped, pc.writerPlace = true, true
			for j := from; j <= k; j++ {
				if w := &st.toks[j]; w.kind != tkSpace && (w.role == roleNone || w.role == roleCond && st.tokCond[j] > 0 && st.conds[st.tokCond[j]-1] == pc) {
					w.role, w.frameWord = roleFiller, true
					st.tokCond[j] = 0
				}
			}
			return
		}
		if tk.role == roleCond {
			return
		}
		marked = writerPlaceMarks[st.word(k)] || writerPlaceMarks[st.tokText(k)]
	}
}

// companyAfterDe makes frame the company noun right after the 的 at de,
// which close a self-description whose goods came first
// ("我们是一家做企业级数据库的公司"): the noun is the writer's business,
// never a ranking term, whatever the goods become.
func (st *state) companyAfterDe(de int) {
	n := st.skipSpace(de + 1)
	if n >= len(st.toks) {
		return
	}
	open := func(k int) bool { r := st.toks[k].role; return r == roleNone || r == roleContent }
	// The noun as one word ("company", 品牌), or as the runes the lexicon
	// does not hold as a word (公 司).
	last := -1
	if w := strings.ToLower(st.tokText(n)); open(n) && (companyNoun(w) || companySuffix(w)) {
		last = n
	} else {
		for k := n; k < len(st.toks) && k < n+3 && (st.toks[k].kind == tkCJK || st.toks[k].kind == tkLex) && open(k); k++ {
			if companySuffix(string(st.t.norm[st.toks[n].s:st.toks[k].e])) {
				last = k
				break
			}
		}
	}
	if last < 0 || st.continuesWord(last+1) {
		return
	}
	for k := n; k <= last; k++ {
		if w := &st.toks[k]; w.kind != tkSpace && open(k) {
			w.role, w.frameWord = roleFiller, true
		}
	}
}

// goodsNoFilter takes the vocabulary conditions said inside a self-
// description (tokens [from, to]) out of the reading: a place, language
// or category of the goods is no filter on the creators. With frame the
// words are the brief's frame (dropped and named); without, they are
// content, one ranking term.
func (st *state) goodsNoFilter(from, to int, frame bool) {
	for k := from; k <= to && k < len(st.toks); k++ {
		w := &st.toks[k]
		if w.kind == tkSpace {
			continue
		}
		if w.role == roleCond {
			id := st.tokCond[k]
			if id == 0 {
				continue
			}
			pc := st.conds[id-1]
			if pc.s < st.toks[from].s || pc.e > st.toks[to].e || pc.neg ||
				pc.c.Field != condition.Country && pc.c.Field != condition.Language && pc.c.Field != condition.Category ||
				pc.c.Field == condition.Country && st.marketBefore(from, k) {
				continue // "准备进入日本市场的…品牌": the market stays
			}
			// a place in the company's own description is the writer's
			// (a "local" brief points back at it: localPointer)
			pc.dropped, pc.writerPlace = true, frame && pc.c.Field == condition.Country
			w.role = roleContent
		}
		if frame && (w.role == roleNone || w.role == roleContent) {
			w.role, w.frameWord = roleFiller, true
		} else if !frame && w.role == roleNone && w.kind != tkLex {
			w.role = roleContent
		}
	}
}

// tradeOpener reports an opener that says what the writer makes or sells
// ("我们是做", "we sell").
func tradeOpener(w string) bool {
	return strings.HasSuffix(w, "做") || strings.HasSuffix(w, "卖") || strings.HasSuffix(w, " sell") || strings.HasSuffix(w, " make") ||
		strings.HasSuffix(w, " produce") || strings.HasSuffix(w, " manufacture")
}

// tradeLeads may stand between an opener and its trade verb ("我们家是卖…",
// "我们主要做…", "our brand mainly sells …"): focusWords, the copula and
// the additive words.
var tradeLeads = wordSet(focusWords, "是", "也", "专门是", "also", "just")

// tradeVerbs say what a business makes or sells ("卖", "做", "sells").
var tradeVerbs = map[string]bool{"做": true, "卖": true, "生产": true, "经营": true, "销售": true, "代理": true, "做的是": true, "卖的是": true,
	"sell": true, "sells": true, "make": true, "makes": true, "produce": true, "produces": true, "manufacture": true, "manufactures": true,
	// telegraphic English after the company noun ("company sell
	// fragrance", "shop selling pet food", audit 33)
	"selling": true, "making": true, "producing": true, "manufacturing": true}

// companyNoun reports a word that names the writer's business (its last
// word in Chinese: "跨境支付公司", "家电品牌").
func companyNoun(w string) bool {
	switch w {
	case "company", "companies", "brand", "startup", "start-up", "agency", "firm", "business", "label", "studio", "retailer",
		"manufacturer", "shop", "store",
		// organisations that are not businesses (audit 30: "we're a
		// children's hospital charity", "a dealership group")
		"charity", "nonprofit", "non-profit", "ngo", "foundation", "association", "federation", "hospital", "clinic", "school",
		"university", "college", "academy", "museum", "library", "council", "ministry", "embassy", "consulate", "club",
		"league", "dealership", "group", "chain", "office", "organization", "organisation", "org", "department", "bootcamp",
		// trades a writer names their business by (fixL, class L2)
		"practice", "publisher", "provider", "salon", "gym", "bakery", "brewery", "winery", "restaurant", "cafe", "café",
		"hotel", "rental", "promotion", "consultancy",
		// trades of goods that say where the writer's product comes from,
		// never where the creators are (audit 38, X4: "Filipino snack
		// exporter … IG foodies in the US")
		"exporter", "exporters", "importer", "importers", "distributor", "distributors", "wholesaler", "wholesalers",
		"supplier", "suppliers":
		return true
	}
	return false
}

// companySuffix reports Chinese text that ends in a word for a business
// ("跨境支付公司", "家电品牌").
func companySuffix(s string) bool {
	for _, suf := range []string{"公司", "品牌", "企业", "工作室", "厂商", "厂家", "商家", "店铺", "机构", "协会", "基金会", "医院", "学校", "大学", "学院", "俱乐部", "中心", "部门", "市场部", "办公室", "连锁店",
		// trades a writer names their business by (fixL, class L2)
		"餐厅", "饭店", "餐馆", "咖啡店", "门店", "诊所", "服务商", "供应商", "工厂", "民宿", "酒店", "健身房", "出版社", "书店"} {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}

// askOpens reports that the clause starting at token k opens with the
// ask (a request word: 求推荐, 需要, 想找, "looking for", "need").
func (st *state) askOpens(k int) bool {
	k = st.skipSpace(k)
	if k >= len(st.toks) {
		return false
	}
	tk := &st.toks[k]
	return tk.kind == tkLex && tk.has(clsRequest) != nil
}

// writerAims are the words a writer says what the campaign is for by
// (招学员, 拉新, 获客, 引流): the clause describes the writer.
var writerAims = []string{"招学员", "招生", "拉新", "招客户", "获客", "引流", "招募学员", "招用户", "拉用户", "冲量", "涨粉", "开分店", "开新店", "拓客"}

// writerAim reports a writer's aim (writerAims) in the tokens from..to.
func (st *state) writerAim(from, to int) bool {
	if from > to || to >= len(st.toks) {
		return false
	}
	text := string(st.t.norm[st.toks[from].s:st.toks[to].e])
	return slices.ContainsFunc(writerAims, func(w string) bool { return strings.Contains(text, w) })
}

// brandGoods ranks the goods a Chinese brand frame names before 品牌
// ("我們是香港的手錶品牌": 手錶), in either script: what the advertiser
// sells orders the results as the goods of "我们是做手表的" do, while the
// opener, the writer's place and 品牌 stay frame (audit 33). The goods are
// the Han runes after the description's last 的 or condition, up to 品牌
// (with neither, "敝公司為運動品牌", the whole description stays frame);
// other company nouns (公司, 企业) name the business, not its goods.
func (st *state) brandGoods(from, end int) {
	if from > end || end >= len(st.toks) {
		return
	}
	b := st.toks[end].e
	if !strings.HasSuffix(string(st.t.norm[st.toks[from].s:b]), "品牌") {
		return
	}
	b -= 2
	a := st.toks[from].s
	for k := from; k <= end; k++ {
		tk := &st.toks[k]
		if tk.e > b {
			break
		}
		if tk.kind == tkSpace || tk.kind == tkPunct || tk.has(clsDe) != nil || tk.role == roleCond || st.tokCond[k] > 0 || st.word(k) == "一家" || st.word(k) == "一个" {
			a = tk.e
		}
	}
	if a == st.toks[from].s || b-a < 2 || b-a > 6 {
		// "敝公司為運動品牌": with nothing before the goods the whole
		// description is the business's frame (audit 23)
		return
	}
	for _, r := range st.t.norm[a:b] {
		if !unicode.Is(unicode.Han, r) {
			return
		}
	}
	term := rankingTerm(StringValue(string(st.t.orig[a:b])))
	term.s, term.e = a, b
	st.conds = append(st.conds, term)
}
