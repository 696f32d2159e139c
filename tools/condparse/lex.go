package condparse

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"searchagent/tools/number"
	"searchagent/tools/textmatch"
	"searchagent/tools/textnorm"
)

// text is the input as runes: orig as typed (written Cantonese read as
// Mandarin, textnorm.CantoneseFold), norm folded (traditional
// Chinese to simplified, full-width ASCII to ASCII, lower case, curly
// quotes to straight), one norm rune per orig rune, and the byte offset of
// every rune (plus the end) in the input. typed is the input as typed, in
// the input with its traditional characters folded (textnorm.Simplify:
// every rune at its typed byte offset), which the rules that match
// strings read; spans and values quote the typed text.
type text struct {
	in    string
	typed string
	orig  []rune
	norm  []rune
	offs  []int
}

func newText(s string) *text {
	n := utf8.RuneCountInString(s)
	in := readable(s)
	t := &text{in: in, typed: s, orig: make([]rune, 0, n), norm: make([]rune, 0, n), offs: make([]int, 0, n+1)}
	// orig reads written Cantonese as Mandarin too (a value cut from it
	// says 游戏 for 打机, a request 找些 for 搵啲); spans quote typed.
	canto, _ := textnorm.CantoneseFold(s)
	for i := range s {
		r, _ := utf8.DecodeRuneInString(canto[i:])
		t.orig = append(t.orig, r)
		f, _ := utf8.DecodeRuneInString(in[i:])
		t.norm = append(t.norm, foldRune(f))
		t.offs = append(t.offs, i)
	}
	t.offs = append(t.offs, len(s))
	contractedRemovals(t.norm)
	return t
}

// contractedRemovals reads the apostrophe of "X's out" / "X's gone" as a
// space ("Ireland's out, UK only": Ireland is out), so the value before
// it is a word of its own and "s out" the removal after it
// (postRemovals). A possessive before anything else is left alone.
func contractedRemovals(norm []rune) {
	for i := 1; i+2 < len(norm); i++ {
		if norm[i] != '\'' || norm[i+1] != 's' || !unicode.IsLetter(norm[i-1]) || norm[i+2] != ' ' {
			continue
		}
		j := i + 3
		for j < len(norm) && norm[j] == ' ' {
			j++
		}
		for _, w := range []string{"out", "gone"} {
			e := j + len(w)
			if e <= len(norm) && string(norm[j:e]) == w && (e == len(norm) || !textmatch.IsWordRune(norm[e])) {
				norm[i] = ' '
			}
		}
	}
}

// readable is the text the rules read: traditional Chinese folded to
// simplified (textnorm.Simplify), written Cantonese read as the Mandarin
// it stands for (textnorm.CantoneseFold: "唔要打机嘅" reads "不要游戏的")
// and a pasted row's label colons read (labelColons). Every rune keeps its
// byte length, so byte offsets into it are offsets into s.
func readable(s string) string {
	s, _ = textnorm.CantoneseFold(s)
	s = textnorm.Simplify(s)
	rs := []rune(s)
	if listMarkerRows(rs) {
		s = string(rs)
	}
	if !strings.ContainsAny(s, ":：-–—") {
		return s
	}
	dashed := labelDashes(rs)
	if !strings.ContainsAny(s, ":：") && !dashed || !labelColons(rs) && !dashed {
		return s
	}
	return string(rs)
}

// labelDashes reads a dash after a row label ("Platform - TikTok",
// "Region – UK", "Followers — 10k to 50k", "类目 - 在线教育") as the colon
// it stands for, so the row reads as a colon row does (labelColons and
// the headings rule). The dash stands between spaces, or right after
// the label; its label is a field or value label that opens the text or
// follows a row separator. A dash between counts ("10k - 50k") or words
// that are no label stays a dash. Each dash becomes a colon of its UTF-8
// length ("-" → ":", "–" and "—" → "："); it reports whether it rewrote
// any.
func labelDashes(norm []rune) bool {
	done := false
	for i, r := range norm {
		if r != '-' && r != '–' && r != '—' || i == 0 || i+1 < len(norm) && norm[i+1] != ' ' && norm[i+1] != '\u3000' {
			continue
		}
		s := i
		for s > 0 && !isRowSep(norm, s-1) && norm[s-1] != ':' && norm[s-1] != '：' {
			s--
		}
		label := strings.ToLower(strings.Join(strings.Fields(string(norm[s:i])), " "))
		if !isLabel(label) || !valueLabels[label] && !headingWords[label] {
			continue
		}
		if r == '-' {
			norm[i] = ':'
		} else {
			norm[i] = '：'
		}
		done = true
	}
	return done
}

// labelColons reads a spreadsheet row's colon after a label that is a
// verb or a field said as a phrase ("Exclude: crypto", "排除：减肥药",
// "Active: posted within last 60 days", "Last upload: < 30 days", "Sort:
// avg views desc") as the space it stands for: the label and its value are
// one clause, so the exclusion excludes, the window bounds activity and
// the sort sorts, as "exclude crypto" and "sort by avg views" do (audit 23,
// class 2). A row starts at the text's start or after a row separator (;
// ； , ， | newline, a bullet dash). Other labels keep their colon: the
// headings rule reads them as the field names they are.
//
// The runes are rewritten in place, each to a rune of its UTF-8 length
// (":" to a space, "：" to an ideographic space, a dash to ";" or "；");
// it reports whether it rewrote any.
func labelColons(norm []rune) bool {
	done := false
	for i, r := range norm {
		s, label, ok := rowLabel(norm, i)
		if !ok {
			continue
		}
		if s > 0 && (norm[s-1] == '-' || norm[s-1] == '–' || norm[s-1] == '—') {
			// a bullet dash before a label ("… - Followers: 50k+") ends
			// the row before it, as a line break would.
			if norm[s-1] == '-' {
				norm[s-1] = ';'
			} else {
				norm[s-1] = '；'
			}
			done = true
		}
		if exclusionLabels[label] {
			listUnderLabel(norm, i+1)
		}
		if valueLabels[label] {
			if r == ':' {
				norm[i] = ' '
			} else {
				norm[i] = '\u3000'
			}
			done = true
		}
	}
	return done
}

// rowLabel is the label a colon at i closes (a known label, isLabel;
// never a URL's "://"): the row's start and the label's words in lower
// case, ok when there is one.
func rowLabel(norm []rune, i int) (start int, label string, ok bool) {
	if norm[i] != ':' && norm[i] != '：' || i+1 < len(norm) && norm[i+1] == '/' {
		return 0, "", false
	}
	s := i
	for s > 0 && !isRowSep(norm, s-1) {
		s--
	}
	label = strings.ToLower(strings.Join(strings.Fields(string(norm[s:i])), " "))
	return s, label, isLabel(label)
}

// labelRows counts the rows of s headed by a field label or a value label
// and a colon or a dash ("Region: Canada", "排除：减肥药", "Niche – fintech").
func labelRows(s string) int {
	rs := []rune(textnorm.Simplify(s))
	if listMarkerRows(rs) {
		s = string(rs)
	}
	if !strings.ContainsAny(s, ":：-–—") {
		return 0
	}
	labelDashes(rs) // "Region – UK" is a row as "Region: UK" is
	n := 0
	for i, r := range rs {
		if r != ':' && r != '：' || i+1 < len(rs) && rs[i+1] == '/' {
			continue
		}
		s := i
		for s > 0 && !isRowSep(rs, s-1) && rs[s-1] != '-' {
			s--
		}
		label := strings.ToLower(strings.Join(strings.Fields(string(rs[s:i])), " "))
		if isLabel(label) && (valueLabels[label] || headingWords[label]) {
			n++
		}
	}
	return n
}

// isLabel reports a row label: one to three words of letters, or a
// Chinese label of at most six characters.
func isLabel(s string) bool {
	if s == "" || len(strings.Fields(s)) > 3 || utf8.RuneCountInString(s) > 24 {
		return false
	}
	cjk := 0
	for _, r := range s {
		switch {
		case textnorm.IsCJK(r):
			cjk++
		case unicode.IsLetter(r), r == ' ', r == '%', r == '.', r == '\'':
		default:
			return false
		}
	}
	return cjk <= 6
}

// isRowSep reports a rune that ends a pasted row: ; ； , ， | a newline,
// a bullet dash or a slash between spaces (" - ", " / "), or a full stop
// after a word.
func isRowSep(norm []rune, i int) bool {
	switch norm[i] {
	case ';', '；', ',', '，', '|', '\n', '\r', '•', '·', '、', '。':
		return true
	case '-', '–', '—':
		return i == 0 || norm[i-1] == ' ' || norm[i-1] == '\n'
	case '/':
		// a slash between spaces parts a template's rows ("Market:
		// Australia / Size: 20k-150k"); "n/a" and "YouTube/TikTok" are
		// no row ends
		return i > 0 && i+1 < len(norm) && norm[i-1] == ' ' && norm[i+1] == ' '
	case '.':
		// a sentence's full stop before a space ends a row ("Client:
		// Orbit Bank. Target: …"); "1.5k" and "e.g" go on
		return i > 0 && i+1 < len(norm) && (norm[i+1] == ' ' || norm[i+1] == '\n') && unicode.IsLetter(norm[i-1])
	}
	return false
}

// listUnderLabel joins the items of an exclusion row ("Exclude: crypto,
// NFT") as one list ("crypto & NFT", "减肥药、代购"), so the exclusion
// reaches every item; a comma that opens another labelled row ("…,
// Region: UK") stays a row separator.
func listUnderLabel(rs []rune, from int) {
	for k := from; k < len(rs); k++ {
		switch rs[k] {
		case ';', '；', '\n', '\r', '|', ':', '：':
			return
		case ',', '，':
			e := k + 1
			for e < len(rs) && !strings.ContainsRune(";；,，\n\r|:：", rs[e]) && !isRowSep(rs, e) {
				e++
			}
			if e < len(rs) && (rs[e] == ':' || rs[e] == '：') {
				return
			}
			if e < len(rs) && (rs[e] == '.' || rs[e] == '/') {
				// the row ends at a full stop or a slash row
				// separator ("Avoid: gaming, comedy. Timeline: TBD")
				if rs[k] == ',' {
					rs[k] = '&'
				} else {
					rs[k] = '、'
				}
				return
			}
			if rs[k] == ',' {
				rs[k] = '&'
			} else {
				rs[k] = '、'
			}
		}
	}
}

// exclusionLabels are the value labels that exclude what follows them.
var exclusionLabels = map[string]bool{"exclude": true, "excluding": true, "excludes": true, "exclusion": true, "exclusions": true,
	"excluded": true, "avoid": true, "no": true, "not": true, "except": true, "except for": true, "排除": true, "不要": true,
	"不含": true, "除外": true, "剔除": true, "屏蔽": true, "避开": true, "避免": true, "拒绝": true, "不接受": true, "排除类目": true,
	"排除品类": true}

// valueLabels are the row labels whose colon is a space (labelColons).
var valueLabels = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		// exclusions
		"exclude", "excluding", "excludes", "exclusion", "exclusions", "excluded", "avoid", "no", "not", "except", "except for",
		"排除", "不要", "不含", "除外", "剔除", "屏蔽", "避开", "避免", "拒绝", "不接受", "排除类目", "排除品类",
		// activity windows
		"active", "activity", "last upload", "last uploaded", "last upload date", "last post", "last posted", "last active",
		"recency", "recently active", "posting", "uploads", "最近更新", "最后更新", "最近发布", "更新", "最近活跃", "活跃时间",
		"更新时间", "最近发帖", "最近发文",
		// sorts
		"sort", "sort by", "sorted by", "sorting", "order", "order by", "ordered by", "rank by", "ranked by", "排序", "排序方式",
		"排列", "排序依据",
	} {
		m[w] = true
	}
	return m
}()

// span converts the rune range [s,e) to a byte Span of the input.
func (t *text) span(s, e int) Span {
	return Span{Start: t.offs[s], End: t.offs[e], Text: t.typed[t.offs[s]:t.offs[e]]}
}

// foldRune maps full-width ASCII to ASCII, ideographic space to space,
// curly quotes to straight ones and letters to lower case. It never changes
// the number of runes.
func foldRune(r rune) rune {
	switch {
	case r < 0x80:
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return r
	case r >= 0xFF01 && r <= 0xFF5E:
		r -= 0xFEE0
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return r
	case r == 0x3000:
		return ' '
	case r == '‘' || r == '’' || r == '′':
		return '\''
	case r == '“' || r == '”' || r == '″':
		return '"'
	case r >= 0x3001 && r < 0xA000:
		return r // CJK has no case
	}
	return unicode.ToLower(r)
}

// isSep reports punctuation that ends a clause or a list item.
func isSep(r rune) bool {
	switch r {
	case ',', '、', ';', '|', '。', '!', '?', ':', '\n', '(', ')', '[', ']', '{', '}', '<', '>',
		'【', '】', '《', '》', '「', '」', '『', '』', '〈', '〉', '…', '"', '·', '•', '/', '\\', '=', '*', '#', '_', '.':
		return true
	}
	return unicode.IsPunct(r) && r != '-' && r != '\'' && r != '&' && r != '~' && r != '–' && r != '—' && r != '〜'
}

type tokKind uint8

const (
	tkSpace tokKind = iota
	tkPunct
	tkSym
	tkNum
	tkLex
	tkWord
	tkCJK
	tkURL
	tkHandle
	tkQuote
	tkName
	// tkSplit is a claim that makes no token: no token crosses its edges
	// (a calendar window, rule_calendar.go).
	tkSplit
)

// role is what a token turned out to be after the rules ran.
type role uint8

const (
	roleNone    role = iota // not consumed: residue
	roleCond                // part of a condition
	roleFiller              // recognised filler
	roleContent             // keyword material
)

type token struct {
	kind tokKind
	s, e int // rune range
	ents []*lexEntry
	num  numTok
	role role
	// neg marks tokens inside an exclusion: 1 hard, 2 hedged (soft).
	neg uint8
	// glued: a vocabulary word stuck to an unknown word; it stays keyword
	// material.
	glued bool
	// removal: the object of a removal verb (removalVerbs).
	removal bool
	// asLanguage: a demonym replaced by, or replacing, another demonym
	// ("switch spanish to portuguese"): both are the languages.
	asLanguage bool
	// nothingBut: the object of "不要 X 以外的" (IssueNothingBut).
	nothingBut bool
	// excludedAfter: the object of an exclusion word that follows it
	// (IssueExcludedAfter).
	excludedAfter bool
	// itemRest: the first token of a slash-list item's words after the
	// category word that opens it ("时政评论" of "新闻时政评论"): they rank.
	itemRest bool
	// corrected: a misspelt word read as a lexicon spelling (typos).
	corrected bool
	// low is the token's text lower-cased (tokText), set on first use
	// when lowSet; a rule that moves a token's bounds clears lowSet.
	low    string
	lowSet bool
	// mail: part of a pasted message's header or signature (mailFrame),
	// dropped before any rule reads it.
	mail bool
	// fieldTalk: a word of a clause about a field's limit with no value
	// ("粉丝上限去掉吧", "the follower cap can go"): unread, never a
	// keyword (fieldTalk).
	fieldTalk bool
	// frameWord: a plain word a rule read as the brief's frame (the ask
	// verb before "our"): dropped and named, never a term.
	frameWord bool
	// audience: a word of a wish about the audience (rule_audience.go)
	// or of a measure the catalog lacks (rule_measures.go): named as not
	// applied, never dropped as frame.
	audience bool
	// hesitation: a space that was a hesitation sound ("um", 嗯): the
	// input is spoken, a sentence (lexEntry.disfluent).
	hesitation bool
}

func (tk *token) has(c lexClass) *lexEntry {
	if tk.kind != tkLex {
		return nil
	}
	for _, e := range tk.ents {
		if e.cls == c {
			return e
		}
	}
	return nil
}

// claim is a pre-pass span: URL, handle or quoted phrase.
type claim struct {
	kind tokKind
	s, e int
}

// prepass finds URLs, @handles and quoted phrases, in that order, as
// non-overlapping rune ranges in text order. Accepted channel names come
// first; they never overlap the others.
func prepass(t *text, names []nameClaim) []claim {
	var cs []claim
	for _, n := range names {
		cs = append(cs, claim{tkName, n.s, n.e})
	}
	norm := t.norm
	taken := func(s, e int) bool {
		for _, c := range cs {
			if s < c.e && c.s < e {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(norm); i++ {
		switch norm[i] {
		case 'h', 'w', 'y', 'i', 't', 'x', 'm', 'v':
		default:
			continue
		}
		if e := urlAt(t, i); e > i && !taken(i, e) {
			cs = append(cs, claim{tkURL, i, e})
			i = e - 1
		}
	}
	for i := 0; i < len(norm); i++ {
		if norm[i] != '@' || taken(i, i+1) {
			continue
		}
		if e := handleAt(t, i); e > i {
			cs = append(cs, claim{tkHandle, i, e})
			i = e - 1
		}
	}
	for i := 0; i < len(norm); i++ {
		closeR := quoteClose(norm[i])
		if norm[i] == '\'' && singleQuoteOpens(norm, i) && singleQuoteCue.MatchString(string(norm[:i])) {
			// "must mention 'planted tank'": a single-quoted phrase
			// marks as a double-quoted one does (audit 35, F3)
			closeR = '\''
		}
		if closeR == 0 || taken(i, i+1) {
			continue
		}
		if closeR == '\'' {
			if j := singleQuoteCloses(norm, i); j > 0 && !taken(i, j+1) {
				cs = append(cs, claim{tkQuote, i, j + 1})
				i = j
			}
			continue
		}
		for j := i + 1; j < len(norm) && j-i <= 66; j++ {
			if norm[j] == '\n' {
				break
			}
			if norm[j] == closeR {
				if j > i+1 && !taken(i, j+1) && hasContent(norm[i+1:j]) {
					cs = append(cs, claim{tkQuote, i, j + 1})
					i = j
				}
				break
			}
		}
	}
	sortClaims(cs)
	return cs
}

// singleQuoteCue ends the text before a single quote that marks a
// keyword: a cue ("must mention 'X'", "关键词：'X'"). Elsewhere single
// quotes are read as typed ("美国 'tech' 博主" is the tech category).
var singleQuoteCue = mustRx(`(?i)(?:\bmention(?:s|ing)?|\binclude(?:s)?|\bcontain(?:s)?|\bkeywords?|\bwords?|\btag(?:ged)?(?:\s+with)?|\babout|提到|提及|包含|含有|关键词|关键字)\s*[:：]?\s*$`)

// singleQuoteOpens reports an apostrophe at i that opens a quote: at the
// start of a word ("'planted tank'"), never inside or after one ("don't",
// "creators' channels").
func singleQuoteOpens(norm []rune, i int) bool {
	return (i == 0 || !unicode.IsLetter(norm[i-1]) && !unicode.IsDigit(norm[i-1])) &&
		i+1 < len(norm) && (unicode.IsLetter(norm[i+1]) || unicode.IsDigit(norm[i+1]))
}

// singleQuoteCloses is the apostrophe closing the quote opened at i: one
// after a letter or digit and before no letter, with two runes or more
// between and no line break; 0 when there is none.
func singleQuoteCloses(norm []rune, i int) int {
	for j := i + 1; j < len(norm) && j-i <= 66; j++ {
		if norm[j] == '\n' {
			return 0
		}
		if norm[j] != '\'' {
			continue
		}
		if j+1 < len(norm) && unicode.IsLetter(norm[j+1]) {
			continue // "don't" inside the quote
		}
		if j-i > 2 && !unicode.IsSpace(norm[j-1]) {
			return j
		}
		return 0
	}
	return 0
}

// quoteClose returns the closing quote for an opening one, or 0.
func quoteClose(r rune) rune {
	switch r {
	case '"':
		return '"'
	case '「':
		return '」'
	case '『':
		return '』'
	case '《':
		return '》'
	case '«':
		return '»'
	}
	return 0
}

func hasContent(rs []rune) bool {
	for _, r := range rs {
		if textmatch.IsWordRune(r) || textmatch.IsCJK(r) {
			return true
		}
	}
	return false
}

func sortClaims(cs []claim) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].s < cs[j-1].s; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// bareHosts are the platform hosts recognised without a scheme.
var bareHosts = []string{
	"youtube.com", "youtu.be", "instagram.com", "instagr.am", "tiktok.com", "x.com", "twitter.com",
}

var hostPrefixes = []string{"www.", "m.", "mobile.", "music.", "vm.", "vt.", ""}

// urlAt returns the end of a link starting at rune i, or i.
func urlAt(t *text, i int) int {
	norm := t.norm
	if i > 0 {
		p := norm[i-1]
		if textmatch.IsWordRune(p) || p == '.' || p == '-' || p == '/' || p == '@' || p == '_' {
			return i
		}
	}
	rest := norm[i:]
	start := i
	switch {
	case hasPrefixRunes(rest, "https://"), hasPrefixRunes(rest, "http://"):
		j := i + 7
		if norm[i+4] == 's' {
			j++
		}
		e := urlEnd(t, j)
		if e-j < 3 || !slices.Contains(norm[j:e], '.') {
			return i
		}
		return e
	case hasPrefixRunes(rest, "www."):
		e := urlEnd(t, i)
		host := norm[i:e]
		if e-i < 7 || !slices.Contains(host[4:], '.') {
			return i
		}
		return e
	}
	for _, p := range hostPrefixes {
		if !hasPrefixRunes(rest, p) {
			continue
		}
		after := rest[len(p):]
		for _, h := range bareHosts {
			if !hasPrefixRunes(after, h) {
				continue
			}
			k := start + len(p) + len(h)
			// a bare host needs a path: "youtube.com" alone is a platform word.
			if k+1 < len(norm) && norm[k] == '/' && isURLRune(t, k+1) {
				return urlEnd(t, k)
			}
		}
	}
	return i
}

// isURLRune reports a rune allowed inside a link: printable ASCII without
// space, quotes and angle brackets, judged on the original rune so that a
// full-width comma ends a link.
func isURLRune(t *text, j int) bool {
	r := t.orig[j]
	if r <= ' ' || r >= 0x7f {
		return false
	}
	switch r {
	case '<', '>', '"', '\'', '`', '{', '}', '|', '\\', '^':
		return false
	}
	return true
}

// urlEnd scans link runes from j and trims trailing punctuation.
func urlEnd(t *text, j int) int {
	e := j
	for e < len(t.orig) && isURLRune(t, e) {
		e++
	}
	for e > j {
		switch t.orig[e-1] {
		case '.', ',', ';', ':', '!', '?', ']', '}':
			e--
			continue
		case ')':
			if countRune(t.orig[j:e], '(') < countRune(t.orig[j:e], ')') {
				e--
				continue
			}
		}
		break
	}
	return e
}

func countRune(rs []rune, r rune) int {
	n := 0
	for _, x := range rs {
		if x == r {
			n++
		}
	}
	return n
}

func isHandleRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '-'
}

// handleAt returns the end of an "@handle" at rune i, or i. Handles are
// ASCII letters, digits, '_', '.', '-', 2 to 30 of them, and not part of an
// e-mail address.
func handleAt(t *text, i int) int {
	norm := t.norm
	if i > 0 && (textmatch.IsWordRune(norm[i-1]) || norm[i-1] == '.' || norm[i-1] == '_') {
		return i
	}
	j := i + 1
	for j < len(norm) && isHandleRune(norm[j]) {
		j++
	}
	for j > i+1 && (norm[j-1] == '.' || norm[j-1] == '-') {
		j--
	}
	n := j - i - 1
	if n < 2 || n > 30 || !textmatch.IsWordRune(norm[i+1]) {
		return i
	}
	if j < len(norm) && (textmatch.IsWordRune(norm[j]) || norm[j] == '@') {
		return i
	}
	return j
}

// lex turns the input into tokens. Pre-pass claims become single tokens;
// in between, at every position the first that applies wins: whitespace,
// an Arabic number, the longest dictionary match, a Chinese numeral, a word
// of a space-separated script, a CJK rune, punctuation, any other symbol.
func (lx *lexicon) lex(t *text, claims []claim) []token {
	toks := make([]token, 0, len(t.norm)/2+4)
	norm := t.norm
	romance := romanceText(norm) // "10 mil" is ten thousand
	ci := 0
	i := 0
	segEnd := 0
	for i < len(norm) {
		if ci < len(claims) && claims[ci].s == i {
			c := claims[ci]
			ci++
			if c.kind == tkSplit {
				// A span no token may cross: its words are lexed
				// inside it.
				segEnd = c.e
				continue
			}
			toks = append(toks, token{kind: c.kind, s: c.s, e: c.e})
			i = c.e
			continue
		}
		limit := len(norm)
		if ci < len(claims) {
			limit = claims[ci].s
		}
		if i < segEnd {
			limit = min(limit, segEnd)
		}
		r := norm[i]
		switch {
		case textmatch.IsSpaceRune(r):
			j := i + 1
			for j < limit && textmatch.IsSpaceRune(norm[j]) {
				j++
			}
			toks = append(toks, token{kind: tkSpace, s: i, e: j})
			i = j
			continue
		}
		if (isDigit(r) || isASCIILetterRune(r)) && (i == 0 || !textmatch.IsWordRune(norm[i-1])) || number.IsChineseNumeral(r) {
			// a count said by its number of digits ("six figures",
			// "七位数") is a range of counts, read before the number or
			// word it starts with (audit 26).
			if n, e, ok := number.ScanFigures(norm[:limit], i); ok {
				toks = append(toks, token{kind: tkNum, s: i, e: e, num: n})
				i = e
				continue
			}
		}
		switch {
		case isDigit(r) && (i == 0 || !textmatch.IsWordRune(norm[i-1])):
			if n, e, ok := number.ScanArabicIn(norm[:limit], i, romance); ok {
				if e < limit && textmatch.IsWordRune(norm[e]) && textmatch.IsWordRune(norm[e-1]) {
					if gn, ge, we, ents := lx.gluedCount(norm, i, e, limit); ents != nil {
						// "50kfollowers", "10ksubs", "5000fans": a count
						// glued to its field or bound word (audit 25).
						toks = append(toks, token{kind: tkNum, s: i, e: ge, num: gn}, token{kind: tkLex, s: ge, e: we, ents: ents})
						i = we
						continue
					}
					// "15pro": a word, not a number.
					break
				}
				toks = append(toks, token{kind: tkNum, s: i, e: e, num: n})
				i = e
				continue
			}
		}
		if isASCIILetterRune(r) && (i == 0 || !textmatch.IsWordRune(norm[i-1])) {
			// a count spelled out in English ("twenty thousand", "a
			// million") is a number, read before its words' lexicon.
			if n, e, ok := number.ScanEnglish(norm[:limit], i); ok {
				toks = append(toks, token{kind: tkNum, s: i, e: e, num: n})
				i = e
				continue
			}
		}
		if number.ApproxStart(r) || number.IsChineseNumeral(r) {
			// an approximate count ("小几万", "十来万", "一万多") is a
			// number before any dictionary word its characters start.
			if n, e, ok := number.ScanApprox(norm[:limit], i); ok {
				toks = append(toks, token{kind: tkNum, s: i, e: e, num: n})
				i = e
				continue
			}
		}
		if kanaParticle(norm, i, limit) {
			// "日本のスニーカー" in Chinese text: the particle joins two
			// words, it is part of neither (audit 34, U4)
			toks = append(toks, token{kind: tkLex, s: i, e: i + 1, ents: []*lexEntry{particleEntry}})
			i++
			continue
		}
		if e, ents := lx.match(t, i, limit); e > i {
			e, ents = lx.yieldVague(t, i, e, limit, ents)
			if e == i+1 && r == '想' && len(toks) > 0 && toks[len(toks)-1].kind == tkCJK && toks[len(toks)-1].e == i && unicode.Is(unicode.Han, norm[i-1]) {
				// "冥想", "思想", "正念冥想": 想 glued after a rune of an
				// unknown word ends that word; it is "want" only where it
				// heads a request (想找, 想要, 我想: dictionary words of
				// their own) (audit 34, U4)
				toks = append(toks, token{kind: tkCJK, s: i, e: i + 1})
				i++
				continue
			}
			if e == i+1 && r == '像' && len(toks) > 0 && toks[len(toks)-1].kind == tkCJK && toks[len(toks)-1].e == i && toks[len(toks)-1].s == i-1 &&
				unicode.Is(unicode.Han, norm[i-1]) && (len(toks) < 2 || toks[len(toks)-2].kind != tkCJK) {
				// "人像", "肖像", "头像": 像 after a one-rune unknown word
				// ends that compound, no "like"; "不需要人像" excludes
				// 人像 whole (audit 37, class R1)
				toks = append(toks, token{kind: tkCJK, s: i, e: i + 1})
				i++
				continue
			}
			if e == i+1 && r == '太' && i+1 < limit && tooNounHeads[norm[i+1]] {
				// "太阳能板", "太空", "太极拳": 太 begins a noun here, no
				// "too" (an intensifier modifies an adjective)
				toks = append(toks, token{kind: tkCJK, s: i, e: i + 1})
				i++
				continue
			}
			if e-i > 1 && strings.ContainsRune("周天日月年", r) && len(toks) > 0 && toks[len(toks)-1].kind == tkNum && toks[len(toks)-1].e == i {
				// "最近三周更新过": after a number, 周 is its unit, not
				// the start of "周更" (weekly).
				if ue, uents := lx.match(t, i, i+1); ue > i {
					e, ents = ue, uents
				} else {
					toks = append(toks, token{kind: tkCJK, s: i, e: i + 1})
					i++
					continue
				}
			}
			toks = append(toks, token{kind: tkLex, s: i, e: e, ents: ents})
			i = e
			continue
		}
		if number.IsChineseNumeral(r) {
			if n, e, ok := number.ScanChinese(norm[:limit], i); ok {
				toks = append(toks, token{kind: tkNum, s: i, e: e, num: n})
				i = e
				continue
			}
		}
		switch {
		case textmatch.IsWordRune(r):
			j := i + 1
			for j < limit && (textmatch.IsWordRune(norm[j]) || (norm[j] == '-' || norm[j] == '\'' || norm[j] == '.' || norm[j] == '&') && j+1 < limit && textmatch.IsWordRune(norm[j+1]) && !textmatch.IsCJK(norm[j+1])) {
				j++
			}
			toks = append(toks, token{kind: tkWord, s: i, e: j})
			i = j
		case textmatch.IsCJK(r):
			toks = append(toks, token{kind: tkCJK, s: i, e: i + 1})
			i++
		case isSep(r) || r == '-' || r == '~':
			toks = append(toks, token{kind: tkPunct, s: i, e: i + 1})
			i++
		default:
			toks = append(toks, token{kind: tkSym, s: i, e: i + 1})
			i++
		}
	}
	for k := range toks {
		if toks[k].disfluent() {
			// "under um 50k", "粉丝 嗯 5万左右": a hesitation sound reads as
			// the space it stands for (audit 24). Its letters keep it from
			// joining words into one keyword (plainSpace).
			toks[k] = token{kind: tkSpace, s: toks[k].s, e: toks[k].e, hesitation: true}
		}
	}
	return toks
}

// tooNounHeads are the runes after which 太 is a noun's first rune, not
// "too": 太阳 (sun, solar), 太空 (space), 太极 (tai chi), 太子, 太后, 太妃,
// 太湖, 太原, 太古, 太太, 太监, 太岁. 太平 is left out ("太平淡": too
// bland).
var tooNounHeads = map[rune]bool{'阳': true, '空': true, '极': true, '子': true, '后': true, '妃': true,
	'湖': true, '原': true, '古': true, '太': true, '监': true, '岁': true}

// gluedCount reads the number at norm[i:e] (ScanArabic's, which stopped
// at e before a letter) as a count when the letters after it, or after a
// unit letter glued to it ("50kfollowers"), are a field or post-bound
// word of the lexicon, or a campaign word ("250pcs", "500units"), ending
// its word: it returns the count, its end, the
// word's end and its entries (nil when there is none). Any other word
// keeps its digits ("15pro", "4k60fps").
func (lx *lexicon) gluedCount(norm []rune, i, e, limit int) (number.Num, int, int, []*lexEntry) {
	var buf [8]textmatch.Prefix
	for _, ne := range []int{e, e + 1} {
		if ne >= limit {
			continue
		}
		n, end, ok := number.ScanArabic(norm[i:ne], 0)
		if !ok || i+end != ne {
			continue
		}
		ps := lx.dict.Prefixes(norm[ne:limit], 0, buf[:0])
		if len(ps) == 0 {
			continue
		}
		p := ps[len(ps)-1] // the longest
		we := ne + int(p.End)
		if we < limit && textmatch.IsWordRune(norm[we]) && textmatch.IsWordRune(norm[we-1]) {
			continue
		}
		if ents := lx.ents[p.ID]; slices.ContainsFunc(ents, func(x *lexEntry) bool {
			return x.cls == clsField || x.cls == clsPostGte || x.cls == clsPostLte || x.campaign || x.cls == clsTimeUnit
		}) {
			return n, ne, we, ents
		}
	}
	return number.Num{}, 0, 0, nil
}

// disfluent reports a dictionary token that is only a hesitation sound.
func (tk *token) disfluent() bool {
	if tk.kind != tkLex {
		return false
	}
	for _, e := range tk.ents {
		if e.disfluent {
			return true
		}
	}
	return false
}

// yieldVague shortens a match that cuts a word in two: a vague amount
// that cuts a vocabulary word ("不要太高端" is "不要 太 高端", avoid
// premium, not the vague "不要太高" and a stray "端"), and an exclusion
// word that cuts a promoting verb ("不要推广游戏的" is "不要 推广 游戏", not
// "不要推" and a stray "广": fixQ class 1), and a partner verb that cuts a
// platform's name ("在推特上聊…" is "在 推特 上", not "在推", promoting, and
// a stray "特").
func (lx *lexicon) yieldVague(t *text, i, e, limit int, ents []*lexEntry) (int, []*lexEntry) {
	vague, exclude, partner := false, false, false
	for _, en := range ents {
		vague = vague || en.cls == clsVague
		exclude = exclude || en.cls == clsExclude
		partner = partner || en.cls == clsPartner
	}
	if !vague && !exclude && !partner {
		return e, ents
	}
	for k := i + 1; k < e; k++ {
		ke, kents := lx.match(t, k, limit)
		if ke <= e {
			continue
		}
		for _, en := range kents {
			cut := vague && (en.cls == clsSoft || en.cls == clsCategory || en.cls == clsCountry || en.cls == clsLanguage) ||
				exclude && en.cls == clsPartner && slices.Contains(promoteWords, en.word) ||
				partner && en.cls == clsPlatform
			if !cut {
				continue
			}
			if se, sents := lx.match(t, i, k); se > i {
				return se, sents
			}
		}
	}
	return e, ents
}

func isASCIILetterRune(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// particleEntry is the frame word a Japanese particle is read as between
// two words (kanaParticle).
var particleEntry = &lexEntry{word: "の", cls: clsFiller}

// kanaParticle reports a one-rune Japanese particle (の, を, が) at i
// glued between a Han rune and a katakana or Han word ("日本のスニーカー",
// "台湾のカフェ"): a joint, no rune of the word after it.
func kanaParticle(norm []rune, i, limit int) bool {
	if i == 0 || i+1 >= limit || !strings.ContainsRune("のをが", norm[i]) {
		return false
	}
	next := norm[i+1]
	return unicode.Is(unicode.Han, norm[i-1]) && (unicode.Is(unicode.Katakana, next) || unicode.Is(unicode.Han, next))
}
