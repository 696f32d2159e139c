package condparse

import (
	"slices"
	"strings"

	"searchagent/tools/platform"
	"searchagent/tools/taxonomy"
	"searchagent/tools/textmatch"
)

// Country codes typed as words ("diy home repair channels us", "cooking
// channels uk", "beauty creators ca", "based in sg", "in the us or ca"):
// a two-letter code of the country vocabulary is the country where a
// place goes — after a place preposition ("in", "in the", "from", "based
// out of"), closing a search right after a creator noun, or after "or",
// "and", "/" or a comma that follows a country — and only there, with
// nothing but the end, a separator, a number or a list word after it.
// Elsewhere the letters stay what they are: the pronoun stays a pronoun
// ("find some for us", "help us", "send us 10", "channels like us"), and
// codes that are English function words ("in", "it", "no", "is", "my")
// never read as a place, since the lexicon knows them as words.

// placeBefore are the words after which a code is where the creators are.
var placeBefore = []string{"in", "in the", "from", "out of", "based out of"}

// listWords join a code to a country before it ("us or ca", "uk/ie").
var listWords = []string{"or", "and", "&", "/", ",", "、", "+"}

// countryCodes turns a code said where a place goes into the country's
// dictionary token (a clsCountry entry of its own).
func (st *state) countryCodes() {
	for i := range st.toks {
		e := st.codeEntry(i)
		cell := st.cellCode(i)
		if e == nil && (cell || st.capsCode(i)) {
			e = st.lx.codes[st.tokText(i)]
		}
		if e == nil {
			continue
		}
		terse := cell || st.terseCode(i) || st.selectedCode(i) || st.labelledCode(i)
		if !terse && (st.codeEntry(i) == nil || !st.codeEndsPlace(i) && !st.codeClosesCodeList(i)) {
			continue
		}
		p := st.prevSig(i)
		pronoun := st.tok(i).kind == tkLex && st.tokText(i) == "us" // "us": "from us", "for us" are the pronoun
		switch {
		case terse:
		case st.codeHeadsList(i):
		case p < 0:
			continue
		case pronoun && (st.word(p) == "in" || st.word(p) == "in the" || st.word(p) == "the" && slices.Contains(placeBefore, st.word(st.prevSig(p)))):
		case !pronoun && slices.Contains(placeBefore, st.word(p)):
		case st.tok(p).has(clsCreator) != nil || st.tok(p).has(clsCreatorPlatform) != nil:
			if !st.codeClosesClause(i) {
				continue
			}
		case slices.Contains(listWords, st.tokText(p)) && st.tok(st.prevSig(p)).has(clsCountry) != nil:
		default:
			continue
		}
		tk := &st.toks[i]
		tk.kind, tk.ents = tkLex, []*lexEntry{e}
	}
	for i := range st.toks {
		// "us + uk": a plus between two countries joins them as "and"
		// does, no word left unread
		if st.tokText(i) == "+" && st.toks[i].role == roleNone {
			p, n := st.prevSig(i), st.skipSpace(i+1)
			if p >= 0 && n < len(st.toks) && st.tok(p).has(clsCountry) != nil && st.tok(n).has(clsCountry) != nil {
				st.toks[i].role = roleFiller
			}
		}
	}
}

// headJoiners join a code to a country after it: "us + uk", "us & ca",
// "us/uk/au", "us or ca" ("help us, uk …": a comma joins no pronoun).
var headJoiners = []string{"or", "and", "&", "/", "+"}

// codeHeadsList reports a code that opens a list of countries: a joiner
// and then a country (named, or a code) follow it. The pronoun "us"
// never has one after it ("help us find", "for us and our clients").
func (st *state) codeHeadsList(i int) bool {
	j := st.skipSpace(i + 1)
	if j >= len(st.toks) || !slices.Contains(headJoiners, st.tokText(j)) {
		return false
	}
	k := st.skipSpace(j + 1)
	if k >= len(st.toks) {
		return false
	}
	return st.tok(k).has(clsCountry) != nil || st.codeEntry(k) != nil || st.capsCode(k)
}

// codeClosesCodeList reports a code joined to a code read as a country
// before it ("us or ca fitness creators", "uk and ie beauty girls"): the
// second code of a pair is a country wherever the first one is, whatever
// noun follows. The first must itself be a code, so that "Canada and us"
// keeps its pronoun.
func (st *state) codeClosesCodeList(i int) bool {
	j := st.prevSig(i)
	if j < 0 || !slices.Contains(headJoiners, st.tokText(j)) {
		return false
	}
	h := st.prevSig(j)
	tk := st.tok(h)
	return h >= 0 && tk.has(clsCountry) != nil && tk.e-tk.s == 2 && isASCIILetters(st.tokText(h))
}

// codeEntry is the country entry of token i when it is a two-letter code
// of the vocabulary the lexicon knows as no other word ("us" is known
// only as the pronoun, which it may stand for).
func (st *state) codeEntry(i int) *lexEntry {
	tk := st.tok(i)
	if tk.e-tk.s != 2 {
		return nil
	}
	w := st.tokText(i)
	if tk.kind != tkWord && (tk.kind != tkLex || !lexCodes[w]) || !isASCIILetters(w) {
		return nil
	}
	return st.lx.codes[w]
}

// lexCodes are the codes the lexicon knows as words that a code may
// still stand for where a place goes: "us" (the pronoun elsewhere) and
// "ie" ("fitness creators ie": Ireland; "creators, ie people who …" is
// id est, no place follows it).
var lexCodes = map[string]bool{"us": true, "ie": true}

// codeEndsPlace reports what follows code i: the end, a separator, a
// number, a list word (another place or a count may follow), "with" or a
// relative word ("in hk who speak cantonese").
func (st *state) codeEndsPlace(i int) bool {
	n := st.skipSpace(i + 1)
	if n >= len(st.toks) {
		return true
	}
	switch tk := st.tok(n); tk.kind {
	case tkPunct, tkNum:
		return true
	}
	return slices.Contains(listWords, st.tokText(n)) || st.word(n) == "with" || codeTails[st.word(n)] || st.tok(n).has(clsRel) != nil && st.tok(i).kind == tkWord
}

// codeTails end a place said in a follow-up: "add uk + ie too", "fr as
// well", "de pls".
var codeTails = map[string]bool{"too": true, "also": true, "as well": true, "as": true, "pls": true, "please": true, "instead": true}

// codeClosesClause reports a code after a creator noun that ends its
// clause: the end of the text, a separator or a number follows.
func (st *state) codeClosesClause(i int) bool {
	n := st.skipSpace(i + 1)
	return n >= len(st.toks) || st.tok(n).kind == tkPunct || st.tok(n).kind == tkNum
}

// codeEntries are the country vocabulary's codes, lower case, each as a
// country entry of its own: read by countryCodes only, never by the
// dictionary (where "in", "it" and "us" are words).
func codeEntries() map[string]*lexEntry {
	m := map[string]*lexEntry{}
	for _, t := range taxonomy.Countries.Terms() {
		c := foldString(t.Code)
		m[c] = &lexEntry{word: c, cls: clsCountry, code: t.Code}
	}
	return m
}

// letterPlatform reads the letter X before a Chinese account or platform
// noun as the platform ("X 帳號", "x帐号的", "X 平台"): a lone x is a
// letter elsewhere ("x-ray", "3x"), and the lexicon's X spellings ("x上",
// "x账号") cannot list every noun with and without a space.
func (st *state) letterPlatform() {
	for i := range st.toks {
		tk := &st.toks[i]
		if tk.kind != tkWord || st.tokText(i) != "x" {
			continue
		}
		if st.platformListed(i) {
			// "not TikTok or X", "YouTube, X and Instagram": a lone x
			// listed with a platform is that platform (fixF3, class F1)
			tk.kind, tk.ents = tkLex, []*lexEntry{st.lx.letterX}
			continue
		}
		n := i + 1
		if st.tok(n).kind == tkSpace && st.plainSpace(n) && st.tok(n).e-st.tok(n).s == 1 {
			n++
		}
		nt := st.tok(n)
		if nt.e <= nt.s || !textmatch.IsCJK(st.t.norm[nt.s]) {
			continue
		}
		if nt.has(clsCreator) != nil || nt.has(clsCreatorPlatform) != nil || st.word(n) == "平台" || st.word(n) == "上的" || st.t.norm[nt.s] == '上' {
			tk.kind, tk.ents = tkLex, []*lexEntry{st.lx.letterX}
		}
	}
}

// listJoins are the words and marks that join the items of a list.
var listJoins = map[string]bool{"or": true, "and": true, "nor": true, ",": true, "/": true, "、": true, "&": true, "和": true, "或": true, "或者": true, "跟": true, "与": true, "及": true}

// platformListed reports the token at i joined by a list word or mark
// to a platform the lexicon holds, before or after it.
func (st *state) platformListed(i int) bool {
	for _, dir := range []int{-1, 1} {
		step := func(k int) int {
			if dir < 0 {
				return st.prevSig(k)
			}
			return st.skipSpace(k + 1)
		}
		j := step(i)
		if j < 0 || j >= len(st.toks) || !listJoins[st.tokText(j)] {
			continue
		}
		k := step(j)
		if k >= 0 && k < len(st.toks) && st.toks[k].kind == tkLex && st.toks[k].has(clsPlatform) != nil {
			return true
		}
	}
	return false
}

// letterXEntry is the platform entry letterPlatform gives the letter X.
func letterXEntry() *lexEntry {
	return &lexEntry{word: "x", cls: clsPlatform, code: string(platform.X)}
}

// A code typed beside a topic in terse input (fixN, issue 26 class 5):
// "KR mukbang", "de gaming 10k+", "SG 美妆", "mukbang KR" — power users
// put the country's code first or last and the topic beside it. The code
// is the country and the topic is read as a topic; the two are never
// one keyword. Codes that are also everyday abbreviations or words ("AR
// filters", "IT support", "PE teacher", "no", "my") count only typed in
// capitals beside a topic the lexicon knows ("IN cricket"); the pronoun
// and "ie" typed in lower case stay words, and a code that is a Romance
// function word ("de", "et") counts only beside a topic the lexicon
// knows ("de gaming", not "de niro").

// ambiguousCodes are the codes that are also common abbreviations or
// words.
var ambiguousCodes = map[string]bool{"ar": true, "it": true, "in": true, "id": true, "my": true, "no": true, "so": true, "is": true,
	"at": true, "be": true, "pe": true, "hr": true, "co": true, "ma": true, "sa": true, "ch": true, "ec": true, "al": true, "et": true,
	"ye": true, "sy": true, "il": true, "cu": true, "jo": true, "ie": true, "us": true}

// maxTerse is the most words a terse search of a code and a topic has.
const maxTerse = 6

// capsCode reports a two-letter token typed in capitals that is a code
// of the vocabulary ("IN", "NO"), whatever word the lexicon knows it as.
func (st *state) capsCode(i int) bool {
	tk := st.tok(i)
	if tk.e-tk.s != 2 || st.lx.codes[st.tokText(i)] == nil {
		return false
	}
	for _, r := range st.t.orig[tk.s:tk.e] {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// terseCode reports a code at i typed first or last in a terse search,
// right beside a topic word (topicWord): the country.
func (st *state) terseCode(i int) bool {
	sig := 0
	for k := range st.toks {
		if tk := &st.toks[k]; tk.kind != tkSpace && tk.kind != tkPunct {
			sig++
		}
	}
	if sig < 2 || sig > maxTerse {
		return false
	}
	w, caps := st.tokText(i), st.capsCode(i)
	if st.tok(i).kind == tkLex && !caps || ambiguousCodes[w] && !caps {
		return false
	}
	p, n := st.prevSig(i), st.skipSpace(i+1)
	end := n >= len(st.toks) || st.tok(n).kind == tkPunct || st.tok(n).kind == tkNum
	var topic int
	switch {
	case p < 0 && n < len(st.toks) && st.topicWord(n) && !romanceGlue[st.tokText(n)]:
		topic = n // "KR mukbang", "de gaming 10k+"
	case p >= 0 && end && st.topicWord(p) && st.prevSig(p) < 0:
		topic = p // "mukbang KR"
	default:
		return false
	}
	known := st.tok(topic).has(clsCategory) != nil || st.tok(topic).has(clsTopic) != nil
	return known || !ambiguousCodes[w] && !romanceGlue[w]
}

// topicWord reports a token that may be a search's topic: a category or
// subtopic word, a word of another language, or a word the lexicon does
// not know.
func (st *state) topicWord(k int) bool {
	tk := st.tok(k)
	switch tk.kind {
	case tkWord, tkCJK:
		return true
	case tkLex:
		return tk.has(clsCategory) != nil || tk.has(clsTopic) != nil
	}
	return false
}

// selectWords say that what follows is the one value kept ("only DE",
// "now KR", "just ES then"): a code typed in capitals after one of them
// is the country (audit 30, class 4: terse chat follow-ups).
var selectWords = map[string]bool{"only": true, "just": true, "now": true, "solely": true, "purely": true, "instead": true}

// selectedCode reports a code at i typed in capitals right after a
// selection word (selectWords).
func (st *state) selectedCode(i int) bool {
	p := st.prevSig(i)
	if p < 0 || !st.capsCode(i) || !selectWords[st.word(p)] {
		return false
	}
	n := st.skipSpace(i + 1)
	return st.codeEndsPlace(i) || selectAfter[st.word(n)] // "only IT support" is a topic
}

// selectAfter are the words that may close a selected code ("only ES
// now", "just KR then").
var selectAfter = map[string]bool{"now": true, "then": true, "please": true, "pls": true, "instead": true, "too": true, "ones": true, "only": true}

// summaryCells separate the cells of a pasted summary row ("Applied: DE ·
// Fitness · Followers 5K–20K", "US / Beauty").
var summaryCells = map[rune]bool{'·': true, '•': true, '/': true, '|': true, '｜': true}

// labelledCode reports a code in capitals that a label or a summary
// row places (audit class A1): after a country label and its colon
// ("Country: CA", "国家：DE"), or a cell of its own in a row of cells
// ("Applied: DE · Fitness · …", "US / Beauty"), where a word is no reading.
func (st *state) labelledCode(i int) bool {
	if !st.capsCode(i) {
		return false
	}
	p, n := st.prevSig(i), st.skipSpace(i+1)
	cell := func(k int) bool {
		return k >= 0 && k < len(st.toks) && st.tok(k).kind == tkPunct && summaryCells[st.t.norm[st.tok(k).s]]
	}
	end := n >= len(st.toks) || cell(n) || st.tok(n).kind == tkPunct
	if !end || p < 0 {
		return false
	}
	if pt := st.tok(p); pt.kind == tkPunct && (st.t.norm[pt.s] == ':' || st.t.norm[pt.s] == '：') {
		label := st.prevSig(p)
		return label >= 0 && (countryLabels[st.tokText(label)] || cell(n))
	}
	// a row of slashes or pipes is a summary only under its label
	// ("已应用：US / 美妆"); "beauty / IT / gaming" is a list of topics
	row := func(k int) bool {
		r := st.t.norm[st.tok(k).s]
		return r == '·' || r == '•' || summaryLabel.MatchString(string(st.t.norm))
	}
	return cell(p) && row(p) && (cell(n) || n >= len(st.toks))
}

// summaryLabel opens a pasted summary: a short label and its colon.
var summaryLabel = mustRx(`^\s*[^\s:：]{1,16}\s*[:：]`)

// countryLabels name the country field before a colon.
var countryLabels = map[string]bool{"country": true, "countries": true, "region": true, "market": true, "location": true,
	"geo": true, "国家": true, "地区": true, "国家/地区": true, "市场": true}

// cellCode reports a code alone in a cell of a brief written as cells
// (class G2): "JP / anime / 10k+ / 21d", "US|beauty|50k+", "DE · tech ·
// 5k-20k", "us / gaming / 10k+". The cells are cut by one kind of
// separator (a slash, a pipe, a middle dot) said at least twice, or by
// pipes; another cell holds a figure, so the row is a brief and not a
// list of topics ("beauty / IT / gaming"). Alone in its cell, a code of
// the country vocabulary is the country in any case ("it", "de", "us").
func (st *state) cellCode(i int) bool {
	tk := st.tok(i)
	w := st.tokText(i)
	if tk.e-tk.s != 2 || !isASCIILetters(w) || tk.kind != tkWord && tk.kind != tkLex || st.lx.codes[w] == nil {
		return false
	}
	p, n := st.prevSig(i), st.skipSpace(i+1)
	sepAt := func(k int) rune {
		if k < 0 || k >= len(st.toks) || st.tok(k).kind != tkPunct || !summaryCells[st.t.norm[st.tok(k).s]] {
			return 0
		}
		return st.t.norm[st.tok(k).s]
	}
	sep := sepAt(p)
	if sep == 0 {
		sep = sepAt(n)
	}
	if sep == 0 || p >= 0 && sepAt(p) == 0 || n < len(st.toks) && sepAt(n) == 0 {
		return false
	}
	seps, figure := 0, false
	for k := range st.toks {
		switch {
		case sepAt(k) == sep || sep == '｜' && sepAt(k) == '|' || sep == '|' && sepAt(k) == '｜':
			seps++
		case st.toks[k].kind == tkNum:
			figure = true
		}
	}
	return figure && (seps >= 2 || sep == '|' || sep == '｜')
}

// placeSurroundsZH are the words after a place that say "around it"
// (class G4: "日内瓦一带", "大阪附近", "成都周边", "东京那边"): the place is
// the condition, the word is filler — never a keyword, never named as
// not understood. After a place only: "动漫周边" is merchandise.
var placeSurroundsZH = []string{"那一带", "这一带", "一带", "附近", "周边", "周围", "周遭", "那边", "这边", "那块", "这块", "一圈"}

// placeSurrounds marks the surround word right after a place (a country,
// region or city of the vocabulary) as filler.
func (st *state) placeSurrounds() {
	for i := range st.toks {
		if st.toks[i].kind != tkLex || st.toks[i].has(clsCountry) == nil {
			continue
		}
		st.placeTailEN(i)
		end := st.toks[i].e
		rest := string(st.t.norm[end:min(end+3, len(st.t.norm))])
		for _, w := range placeSurroundsZH {
			if !strings.HasPrefix(rest, w) {
				continue
			}
			stop := end + len([]rune(w))
			for k := i + 1; k < len(st.toks) && st.toks[k].s < stop; k++ {
				if st.toks[k].e > stop || st.toks[k].role != roleNone {
					return
				}
			}
			for k := i + 1; k < len(st.toks) && st.toks[k].s < stop; k++ {
				st.toks[k].role = roleFiller
			}
			break
		}
	}
}

// placeAreaEN are the English nouns that may follow a place ("the Lisbon
// area", "the Munich region"), and placeHedgeEN the hedges that may
// close it ("… area or so"): after a place they are filler.
var (
	placeAreaEN  = map[string]bool{"area": true, "region": true, "metro": true, "metro area": true, "vicinity": true, "surroundings": true, "areas": true}
	placeHedgeEN = map[string]bool{"or so": true, "or thereabouts": true, "and around": true, "and nearby": true, "and surroundings": true}
)

// placeTailEN marks an area noun and a closing hedge after the place at
// token i as filler ("in the Toronto area or so").
func (st *state) placeTailEN(i int) {
	k := st.skipSpace(i + 1)
	if st.free(k) && placeAreaEN[st.tokText(k)] {
		k = st.skipSpace(k + 1)
	}
	if st.free(k) && placeHedgeEN[st.tokText(k)] && !st.isNum(st.skipSpace(k+1)) {
		st.toks[k].role = roleFiller
	}
}
