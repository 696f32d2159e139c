package condparse

import (
	"cmp"
	"fmt"
	"searchagent/tools/condition"
	"searchagent/tools/textmatch"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Parser parses search-box input with a fixed configuration. It is
// immutable and safe for concurrent use.
type Parser struct {
	cfg config
	lx  *lexicon
}

// New returns a Parser configured by opts.
func New(opts ...Option) (*Parser, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	return &Parser{cfg: cfg, lx: defaultLexicon}, nil
}

// Parse parses text with a Parser configured by opts; see Parser.Parse.
func Parse(text string, opts ...Option) (Result, error) {
	p, err := New(opts...)
	if err != nil {
		return Result{}, err
	}
	return p.Parse(text)
}

// Classify returns the query shape of text (see the package doc for the
// rule). It never fails: input longer than MaxInputLen is classified on its
// first MaxInputLen bytes, and invalid UTF-8 bytes count as spaces.
func Classify(text string) Shape {
	if len(text) > MaxInputLen {
		cut := MaxInputLen
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut]
	}
	st := analyze(defaultLexicon, config{recentDays: DefaultRecentDays}, text, nil)
	return st.shape
}

// Parse extracts the shape and conditions of text. It fails with
// ErrTooLong or ErrInvalidUTF8 (wrapped); any other input gives a result.
func (p *Parser) Parse(text string) (Result, error) {
	if len(text) > MaxInputLen {
		return Result{}, fmt.Errorf("%w: %d bytes, at most %d", ErrTooLong, len(text), MaxInputLen)
	}
	if !utf8.ValidString(text) {
		return Result{}, fmt.Errorf("%w: invalid byte sequence", ErrInvalidUTF8)
	}
	st := analyze(p.lx, p.cfg, text, nil)
	if st.shape == ShapeKeyword {
		st.keywordShape()
		return st.result(), nil
	}
	if p.cfg.names != nil {
		// Exact channel names are anchors (P0, spec 3.7.2 step 1): parse
		// again with them claimed first. The shape stays the name-free one.
		if names := st.channelNames(p.cfg.names.MatchNames(text)); len(names) > 0 {
			shape := st.shape
			st = analyze(p.lx, p.cfg, text, names)
			st.shape = shape
		}
	}
	st.residue()
	res := st.result()
	markNarrowing(&res)
	return res, nil
}

// keptOnes ends the words before a count that keep only some of the
// results by it: "only the ones (with)", "keep just those", "just the
// ones", 只保留, 只留下. Such a bound narrows what the search holds
// (IssueNarrows), as a count taken out does.
var keptOnes = mustRx(`(?i)(?:\b(?:only|just)\s+(?:keep\s+)?|\bkeep\s+(?:only\s+|just\s+)?)(?:the\s+ones|those|these|ones|the\s+(?:channels|creators|accounts))(?:\s+(?:with|that\s+have|having|who\s+have))?\s*$|(?:只保留|只留下|只留)\s*$`)

// onlyThoseZh ends the Chinese words before a count that, with 的 after
// it, keep only the results past the bound: 只要10万以上的, 只看粉丝20万以下
// 的 ("only the ones …"). Without 的 (只要粉丝10万以上) it is a plain bound.
var onlyThoseZh = mustRx(`(?:只要|只看|只想要|只想看|只挑|只选|仅要|仅看|仅保留)\s*$`)

// markNarrowing marks the count bounds said as what of the results to keep
// (keptOnes before them, or onlyThoseZh with 的 after) IssueNarrows.
func markNarrowing(r *Result) {
	for i := range r.Conditions {
		c := &r.Conditions[i]
		if c.Kind != condition.KindHard || c.Op != condition.OpGte && c.Op != condition.OpLte || !isCount(c.Field) ||
			slices.Contains(c.Issues, IssueNarrows) || c.Span.Start > len(r.Input) {
			continue
		}
		before := r.Input[:c.Span.Start]
		if keptOnes.MatchString(before) || onlyThoseZh.MatchString(before) && strings.HasSuffix(strings.TrimSpace(c.Span.Text), "的") {
			c.Issues = append(c.Issues, IssueNarrows)
		}
	}
}

// channelNames keeps the NameMatcher's matches that are usable anchors: in
// range, on rune and word boundaries, not cutting through a link or handle,
// not a single vocabulary word ("YouTube", "Canada"), and not overlapping
// an earlier (or, at one start, a longer) match.
func (st *state) channelNames(ms []NameMatch) []nameClaim {
	in := st.t.typed
	var out []nameClaim
	slices.SortStableFunc(ms, func(a, b NameMatch) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	runeAt := func(off int) (int, bool) { // byte offset → rune index
		i, ok := slices.BinarySearch(st.t.offs, off)
		return i, ok
	}
	for _, m := range ms {
		if m.Start < 0 || m.End > len(in) || m.Start >= m.End || m.ChannelID == "" {
			continue
		}
		s, ok1 := runeAt(m.Start)
		e, ok2 := runeAt(m.End)
		if !ok1 || !ok2 {
			continue
		}
		norm := st.t.norm
		if s > 0 && textmatch.IsWordRune(norm[s]) && textmatch.IsWordRune(norm[s-1]) || e < len(norm) && textmatch.IsWordRune(norm[e-1]) && textmatch.IsWordRune(norm[e]) {
			continue
		}
		if n := len(out); n > 0 && s < out[n-1].e {
			continue
		}
		if st.blocksName(s, e) {
			continue
		}
		name := m.Name
		name = cmp.Or(name, in[m.Start:m.End])
		out = append(out, nameClaim{s: s, e: e, id: m.ChannelID, name: name})
	}
	return out
}

// blocksName reports a link or handle that the range cuts through, or a
// range that is exactly one vocabulary word. A name may contain a link,
// handle or quotes: an exact channel name wins (P0).
func (st *state) blocksName(s, e int) bool {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.e <= s || tk.s >= e {
			continue
		}
		switch tk.kind {
		case tkURL, tkHandle:
			if tk.s < s || tk.e > e {
				return true
			}
		case tkLex:
			if tk.s == s && tk.e == e && (tk.has(clsPlatform) != nil || tk.has(clsCountry) != nil ||
				tk.has(clsLanguage) != nil || tk.has(clsCategory) != nil || tk.has(clsSoft) != nil) {
				return true
			}
		}
	}
	return false
}

// pcond is a condition under construction.
type pcond struct {
	c    Condition
	s, e int      // rune range of the first span
	more [][2]int // further spans
	neg  bool     // an exclusion
	weak bool     // not a condition signal on its own
	// sizeLeftOut: a bound from a size said as left out ("not macro",
	// 不要头部大号); a range said beside it inside it says it all
	// (mergeCounts)
	sizeLeftOut bool
	// counts
	lo, hi  int64
	hasLo   bool
	hasHi   bool
	codes   []string
	names   []Label // display names of codes (or of a region)
	dropped bool
	// topic: a category read from a subtopic word (pruneTopics);
	// topicTerm: the ranking term read with it.
	topic, topicTerm bool
	// inactive: an activity window said of who stopped posting
	// ("inactive for 60+ days", "haven't uploaded in 2 months").
	inactive bool
	// since: an activity window said from a date ("since January"):
	// the label names the date.
	since time.Time
	// recent: the default activity window of a word that says no
	// window ("最近活跃", "still active", "posting regularly"); a window
	// said outright replaces it (defaultWindows).
	recent bool
	// writerPlace: a place dropped as the writer's own (writerPlace,
	// ownPlaces); a brief that points back at it ("local") restores it.
	writerPlace bool
}

type state struct {
	// foreign is foreignText's answer once read: 0 not yet, 1 no, 2 yes.
	foreign int8
	// cjkFixed are the rune spans of Chinese country names read one rune
	// off (cjkCountryTypos).
	cjkFixed [][2]int
	// glossed are the rune spans of the advertiser's products named with
	// a gloss in brackets (rule_glossed.go): their words rank at most.
	glossed [][2]int
	lx      *lexicon
	cfg     config
	t       *text
	toks    []token
	conds   []*pcond
	// tokCond maps a token to the condition that consumed it (index+1).
	tokCond   []int32
	remainder [][2]int
	sig       Signals
	shape     Shape
	hasNum    bool
	// quantity is the rune range of a result count ("20个", "need 10"),
	// {0,0} when none was said.
	quantity  [2]int
	unsupport bool
	names     []nameClaim
	// cal are the calendar windows of the text (rule_calendar.go).
	cal []calSpan
	// freq are the counted posting frequencies of the text, freqRem the
	// rune ranges of those named as not applied, freqPeriod of those
	// applied as their period (rule_frequency.go).
	freq       []freqSpan
	freqRem    [][2]int
	freqPeriod [][2]int
	// genderRem are the rune ranges of gender words named as not applied
	// (rule_gender.go).
	genderRem [][2]int
	// dialectRem are the rune ranges of dialects, variants or mixes of a
	// language said as excluded, named as not applied (variantExcluded).
	dialectRem [][2]int
	// measureRem are the rune ranges of measures the catalog lacks
	// (rule_measures.go).
	measureRem [][2]int
	// audienceRem are the rune ranges of wishes about the audience named
	// as not applied (rule_audience.go).
	audienceRem [][2]int
	// relationRem are the rune ranges of the user's relations named as
	// not applied (rule_relation.go).
	relationRem [][2]int
	// campaignRem are the rune ranges of the advertiser's logistics named
	// as no condition (rule_campaign.go).
	campaignRem [][2]int
	// campaignEvents are the rune ranges of the sales events and seasons
	// a campaign is timed by ("for our Christmas push"): never the
	// advertiser's product, though "our" leads them
	campaignEvents [][2]int
	// initialRuns are the rune ranges of bracketed country initials
	// (rule_initials.go).
	initialRuns [][2]int
	// calOnly: the activity rule reads only windows that hold a calendar
	// window (calendarActivity).
	calOnly bool
	// unlimitedFields are the fields said to have no requirement
	// (noPreference).
	unlimitedFields []condition.Field
	// liftedBounds are the count ends said to go (liftBounds).
	liftedBounds []BoundLift
	// replaced are the values of one field said earlier in the message
	// and the value said later that replaced each (laterReplaces).
	replaced [][2]*pcond
	// named are the rune ranges rules named with a residue role, and
	// asks the tokens of clauses that ask (rule_talk.go).
	named []namedSpan
	asks  []bool
}

// nameClaim is an accepted channel name: a rune range and its channel.
type nameClaim struct {
	s, e     int
	id, name string
}

// analyze runs the shape-independent rules and classifies.
func analyze(lx *lexicon, cfg config, s string, names []nameClaim) *state {
	t := newText(s)
	st := &state{lx: lx, cfg: cfg, t: t, names: names}
	st.cjkCountryTypos()
	st.calendarSpans()
	st.frequencySpans()
	st.initialRuns = st.initialSpans()
	st.toks = lx.lex(t, st.splitClaims(st.habitBrackets(prepass(t, names))))
	st.mailFrame()
	st.spelledCounts()
	st.loneCategoryRunes()
	st.typos()
	st.labelledCodes()
	st.countryCodes()
	st.placeSurrounds()
	st.letterPlatform()
	st.tokCond = make([]int32, len(st.toks))
	st.cjkMentions()
	st.anchors()
	st.quotes()
	st.secondSorts()
	st.shortfalls()
	st.calendarActivity()
	st.countedFrequency()
	st.listMarkers()
	st.initials()
	st.writerFamily()
	st.unitSlips()
	st.counts()
	st.quantities()
	st.sameSize()
	st.activity()
	st.postingFragments()
	st.replacements()
	st.audiences()
	st.lackedMeasure()
	st.genders()
	st.lookAlikes()
	st.tooMuch()
	st.answeredItems()
	st.exclusions()
	st.kindObjects()
	st.unrecorded()
	st.correctionPairs()
	st.relations()
	st.valuesUnlimited()
	st.outsideOf()
	st.inactiveExcluded()
	st.slashItems()
	st.postingVerbs()
	st.recommendLeads()
	st.beneficiaryLead()
	st.backParticle()
	st.vocab()
	st.taughtLanguages()
	st.parentsAlone()
	st.defaultWindows()
	st.pruneTopics()
	st.creatorCategories()
	st.topicListCategories()
	st.looseGenres()
	st.audienceTopics()
	st.hedges()
	st.questions()
	st.figureQuestions()
	st.resultRemarks()
	st.permissions()
	st.stages()
	st.unservedPlatforms()
	st.unlistedCountries()
	st.sentence()
	st.headings()
	st.templateRows()
	st.noPreference()
	st.liftBounds()
	st.selfDescriptions()
	st.writerRole()
	st.ownPlaces()
	st.orgHeadlines()
	st.localPointer()
	st.postingFrame()
	st.letterFrame()
	st.acceptedWords()
	st.pastedRows()
	st.classifyResidue()
	st.titleNames()
	st.glossedGoods()
	st.classify()
	return st
}

// ---- token helpers ----

func (st *state) skipSpace(i int) int {
	for i < len(st.toks) && st.toks[i].kind == tkSpace {
		i++
	}
	return i
}

func (st *state) prevSig(i int) int {
	i--
	for i >= 0 && st.toks[i].kind == tkSpace {
		i--
	}
	return i
}

// isGlue reports light words that may sit between a field word and its
// number: "粉丝量在 5k 到 2w 之间", "with over 100k subscribers".
func (st *state) isGlue(i int) bool {
	tk := &st.toks[i]
	if tk.role != roleNone {
		return false
	}
	if tk.kind == tkPunct && (st.t.norm[tk.s] == ':') {
		return true
	}
	if tk.kind != tkLex {
		return false
	}
	for _, e := range tk.ents {
		switch e.word {
		case "在", "是", "有", "为", "达到", "的", "of", "with", "having", "has", "have", "are", "is", "in", "at", "数", "量", "to",
			"要", "得", "需要", "必须", "must", "should", "be", "in the",
			// "最低也得十五万", "起码也要五万": the bound said as the least
			// the user takes
			"也", "也要", "也得",
			// dictation's fillers: "over like 10k", "粉丝那个5万以上" (audit 24)
			"like", "那个", "就":
			return true
		}
		if slices.Contains(editConnectors, e.word) {
			return true
		}
	}
	return false
}

// skipGlue skips spaces and at most two glue words.
func (st *state) skipGlue(i int) int {
	i = st.skipSpace(i)
	for n := 0; n < 2 && i < len(st.toks) && st.isGlue(i); n++ {
		i = st.skipSpace(i + 1)
	}
	return i
}

func (st *state) tok(i int) *token {
	if i < 0 || i >= len(st.toks) {
		return &token{kind: tkSpace, s: 0, e: 0}
	}
	return &st.toks[i]
}

func (st *state) free(i int) bool { return i >= 0 && i < len(st.toks) && st.toks[i].role == roleNone }

// word returns the folded dictionary spelling of a dictionary token, or "".
func (st *state) word(i int) string {
	tk := st.tok(i)
	if tk.kind != tkLex || len(tk.ents) == 0 {
		return ""
	}
	return tk.ents[0].word
}

// plainSpace reports a whitespace token without control characters or line
// breaks: the only kind of space that joins words into one keyword.
func (st *state) plainSpace(i int) bool {
	tk := st.tok(i)
	if tk.kind != tkSpace {
		return false
	}
	for _, r := range st.t.orig[tk.s:tk.e] {
		if r != ' ' && r != '\u00a0' && r != '\u3000' && !(r > 0x2000 && r <= 0x200a) {
			return false
		}
	}
	return true
}

// latinEdge reports whether token i starts (left) or ends (right) with a
// word rune of a space-separated script.
func (st *state) latinEdge(i int, right bool) bool {
	tk := st.tok(i)
	if tk.e <= tk.s {
		return false
	}
	if right {
		return textmatch.IsWordRune(st.t.norm[tk.e-1])
	}
	return textmatch.IsWordRune(st.t.norm[tk.s])
}

// add records a condition over tokens [from, to] (inclusive).
func (st *state) add(pc *pcond, from, to int) *pcond {
	pc.s, pc.e = st.toks[from].s, st.toks[to].e
	if pc.c.Field == condition.LastActive {
		for _, c := range st.cal {
			if c.s >= pc.s && c.e <= pc.e {
				pc.since = c.start
			}
		}
	}
	st.conds = append(st.conds, pc)
	id := int32(len(st.conds))
	for k := from; k <= to; k++ {
		st.toks[k].role = roleCond
		st.tokCond[k] = id
	}
	return pc
}

func newCond(kind condition.Kind, f condition.Field, op condition.Op, v Value) *pcond {
	pc := &pcond{c: Condition{Kind: kind, Field: f, Op: op, Value: v, Source: condition.SourceUserInput, Status: condition.StatusApplied}}
	switch kind {
	case condition.KindAnchor:
		pc.c.Priority = 0
	case condition.KindKeyword, condition.KindHard:
		pc.c.Priority = 1
	case condition.KindSoft:
		pc.c.Priority = 2
		pc.c.Status = condition.StatusReference
	case condition.KindDerived:
		pc.c.Priority = 3
		pc.c.Source = condition.SourceAgentInferred
	}
	return pc
}
