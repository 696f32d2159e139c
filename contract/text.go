package contract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Width is the display width of s: 2 for a wide or full-width rune (CJK,
// most emoji), 0 for a combining mark or an invisible format rune, 1 for
// anything else. Text bounds are in this unit.
func Width(s string) int {
	w := 0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

func runeWidth(r rune) int {
	switch {
	case r < 0x20 || r == 0x7f:
		return 0
	case r < 0x300:
		return 1
	case commonWide(r):
		return 2
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	if unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Cf, r) {
		return 0
	}
	return 1
}

// commonWide is a fast path for the wide ranges Chinese text lives in: CJK
// ideographs, CJK punctuation and full-width forms.
func commonWide(r rune) bool {
	return r >= 0x4e00 && r <= 0x9fff || r >= 0x3001 && r <= 0x303e || r >= 0xff01 && r <= 0xff60
}

// quotePairs are the quote marks whose content may be user text.
var quotePairs = [][2]rune{{'「', '」'}, {'『', '』'}, {'“', '”'}, {'«', '»'}, {'"', '"'}}

func isQuoteRune(r rune) bool {
	for _, p := range quotePairs {
		if r == p[0] || r == p[1] {
			return true
		}
	}
	return false
}

// normalizeText makes text safe to show: invalid UTF-8 dropped, control,
// bidi and other invisible format characters removed (a zero-width joiner
// inside emoji is kept), whitespace runs collapsed to one space, trimmed.
func normalizeText(s string) string {
	if plainText(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			space = true
			continue
		case unicode.Is(unicode.Cf, r) && r != '\u200d':
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// plainText reports text normalizeText would leave as it is: valid UTF-8,
// no control or format characters, single spaces, nothing to trim.
func plainText(s string) bool {
	prevSpace := true
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || (c == ' ' && prevSpace) {
				return false
			}
			prevSpace = c == ' '
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !commonWide(r) && (r == utf8.RuneError && size == 1 || unicode.IsSpace(r) || unicode.IsControl(r) || unicode.Is(unicode.Cf, r)) {
			return false
		}
		prevSpace = false
		i += size
	}
	return !prevSpace || s == ""
}

// DisplayText is how user and catalog strings are shown inside texts:
// normalized and with quote marks removed, so that the quotes around them
// stay balanced.
func DisplayText(s string) string {
	s = normalizeText(s)
	if !strings.ContainsFunc(s, isQuoteRune) {
		return s
	}
	s = strings.Map(func(r rune) rune {
		if isQuoteRune(r) {
			return -1
		}
		return r
	}, s)
	return normalizeText(s)
}

// TrimPartialWord ends kept, a prefix of a text cut before rune next, at a
// word boundary: a Latin word cut in the middle ("Low-recall repai") is
// dropped back to the last space when that space lies past the middle of
// kept (at the middle or before, the cut word stays). CJK text has no
// spaces and is cut anywhere. Trailing space is trimmed.
func TrimPartialWord(kept string, next rune) string {
	last, _ := utf8.DecodeLastRuneInString(kept)
	if isWordLetter(last) && isWordLetter(next) {
		if sp := strings.LastIndexFunc(kept, unicode.IsSpace); sp > len(kept)/2 {
			kept = kept[:sp]
		}
	}
	return strings.TrimRightFunc(kept, unicode.IsSpace)
}

// isWordLetter reports a letter or digit of a script that separates words
// with spaces (Latin, Greek, Cyrillic, …), not a CJK rune.
func isWordLetter(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r)) && !unicode.Is(unicode.Han, r) &&
		!unicode.Is(unicode.Hiragana, r) && !unicode.Is(unicode.Katakana, r) && !unicode.Is(unicode.Hangul, r)
}

// ellipsisRune ends a clipped string.
const ellipsisRune = '…'

// Clip shortens s to at most maxW display width, ending it with "…" when
// cut. maxW below 2 yields "".
func Clip(s string, maxW int) string {
	if Width(s) <= maxW {
		return s
	}
	if maxW < 2 {
		return ""
	}
	w := 0
	for i, r := range s {
		rw := runeWidth(r)
		if w+rw+1 > maxW {
			return TrimPartialWord(s[:i], r) + string(ellipsisRune)
		}
		w += rw
	}
	return s
}

// Cut shortens s to at most maxW display width without an ellipsis (a
// status must not end in one).
func Cut(s string, maxW int) string {
	if Width(s) <= maxW {
		return s
	}
	w := 0
	for i, r := range s {
		rw := runeWidth(r)
		if w+rw > maxW {
			return TrimPartialWord(s[:i], r)
		}
		w += rw
	}
	return s
}

// knownSet holds strings the user typed or the catalog supplied (tag
// texts, condition values and labels, anchor names). Such a string quoted
// inside a text is user content: it is not read for questions, loading or
// chat wording.
type knownSet struct {
	exact []string // display form
}

func (k *knownSet) add(s string) {
	d := DisplayText(s)
	if d == "" || containsFold(k.exact, d) {
		return
	}
	k.exact = append(k.exact, d)
}

// match reports whether a quoted span shows a known string, whole or
// clipped with a trailing "…", ignoring case.
func (k *knownSet) match(inner string) bool {
	if k == nil || len(k.exact) == 0 {
		return false
	}
	in := normalizeText(inner)
	if in == "" {
		return false
	}
	prefix, clipped := strings.CutSuffix(in, string(ellipsisRune))
	prefix = strings.TrimRightFunc(prefix, unicode.IsSpace)
	for _, e := range k.exact {
		if len(e) == len(in) && strings.EqualFold(e, in) {
			return true
		}
		if clipped && prefix != "" && len(e) >= len(prefix) && strings.EqualFold(e[:len(prefix)], prefix) {
			return true
		}
	}
	return false
}

// hasFold reports whether h contains t, ignoring ASCII case.
func hasFold(h, t string) bool {
	if strings.Contains(h, t) {
		return true
	}
	if !hasASCIILetter(t) {
		return false
	}
	for i := 0; i+len(t) <= len(h); i++ {
		if eqFoldASCII(h[i:i+len(t)], t) {
			return true
		}
	}
	return false
}

// hasWordFold is hasFold for a term that is a word of its own: a Latin
// term does not match inside a longer Latin word ("US" is not in "used").
func hasWordFold(h, t string) bool {
	if t == "" {
		return false
	}
	isWord := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' }
	for i := 0; i+len(t) <= len(h); i++ {
		if h[i:i+len(t)] != t && !eqFoldASCII(h[i:i+len(t)], t) {
			continue
		}
		if isWord(t[0]) && i > 0 && isWord(h[i-1]) || isWord(t[len(t)-1]) && i+len(t) < len(h) && isWord(h[i+len(t)]) {
			continue
		}
		return true
	}
	return false
}

// eqFoldASCII compares equal-length strings, folding ASCII letters only.
func eqFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if x == y {
			continue
		}
		if x|0x20 != y|0x20 || x|0x20 < 'a' || x|0x20 > 'z' {
			return false
		}
	}
	return true
}

// lowerASCII lower-cases ASCII letters, returning s itself when it has
// none in upper case.
func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// maskKnown replaces every quoted span whose content is a known string by a
// neutral placeholder, so that the wording checks read only what the
// writer wrote.
func maskKnown(s string, k *knownSet) string {
	if k == nil || len(k.exact) == 0 || !strings.ContainsFunc(s, isQuoteRune) {
		return s
	}
	var b strings.Builder
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		closeRune, opens := openingQuote(r)
		if opens {
			if j := strings.IndexRune(s[i+size:], closeRune); j >= 0 {
				inner := s[i+size : i+size+j]
				end := i + size + j + utf8.RuneLen(closeRune)
				if k.match(inner) {
					b.WriteString("「X」")
					i = end
					continue
				}
			}
		}
		b.WriteString(s[i : i+size])
		i += size
	}
	return b.String()
}

func openingQuote(r rune) (rune, bool) {
	for _, p := range quotePairs {
		if r == p[0] {
			return p[1], true
		}
	}
	return 0, false
}

// sentenceEnd reports runes that end a sentence.
func sentenceEnd(r rune) bool {
	switch r {
	case '。', '！', '？', '!', '?', '；', ';', '\n':
		return true
	}
	return false
}

// forEachSentence calls f with each sentence of s, terminators kept, until
// f returns false; a period ends a sentence only before a space or the end
// of the text.
func forEachSentence(s string, f func(string) bool) {
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		end := sentenceEnd(r) || (r == '.' && (i+size == len(s) || s[i+size] == ' '))
		i += size
		if !end {
			continue
		}
		for i < len(s) {
			r2, size2 := utf8.DecodeRuneInString(s[i:])
			if !sentenceEnd(r2) && r2 != '.' && r2 != ' ' && r2 != '”' && r2 != '」' && r2 != '"' {
				break
			}
			i += size2
		}
		if seg := strings.TrimSpace(s[start:i]); seg != "" && !f(seg) {
			return
		}
		start = i
	}
	if seg := strings.TrimSpace(s[start:]); seg != "" {
		f(seg)
	}
}

var (
	zhQuestionWords = []string{"要不要", "是不是", "能不能", "需不需要", "想不想", "可不可以", "请问", "好不好", "行不行", "对不对", "有没有"}
	enAux           = []string{"do", "does", "did", "would", "could", "can", "will", "shall", "should", "are", "may"}
	enPronoun       = []string{"you", "we", "i"}
	enQuestionPhr   = phrases("want me to", "how about", "what about", "would it")
)

// phrases splits each phrase into its words.
func phrases(ps ...string) [][]string {
	out := make([][]string, len(ps))
	for i, p := range ps {
		out[i] = strings.Fields(p)
	}
	return out
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasASCIILetter reports whether s has an ASCII letter.
func hasASCIILetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// words holds the Latin words of a text: runs of ASCII letters, digits
// and apostrophes, compared case-insensitively.
type words []string

func latinWords(s string, buf []string) words {
	out := buf[:0]
	start := -1
	for i := 0; i <= len(s); i++ {
		in := i < len(s) && isWordByte(s[i])
		switch {
		case in && start < 0:
			start = i
		case !in && start >= 0:
			out = append(out, s[start:i])
			start = -1
		}
	}
	return out
}

func isWordByte(c byte) bool {
	c2 := c | 0x20
	return c2 >= 'a' && c2 <= 'z' || c >= '0' && c <= '9' || c == '\''
}

// containsFold reports whether list holds w, ignoring ASCII case.
func containsFold(list []string, w string) bool {
	for _, x := range list {
		if len(x) == len(w) && strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// find returns the first phrase that occurs as consecutive words.
func (w words) find(ps [][]string) (string, bool) {
	for i := range w {
		for _, p := range ps {
			if i+len(p) > len(w) {
				continue
			}
			match := true
			for j, x := range p {
				if len(w[i+j]) != len(x) || !strings.EqualFold(w[i+j], x) {
					match = false
					break
				}
			}
			if match {
				return strings.Join(p, " "), true
			}
		}
	}
	return "", false
}

// asksEN reports an English question form: an auxiliary followed by you,
// we or I ("do you", "would we"), or "how about", "want me to".
func (w words) asksEN() bool {
	for i := 0; i+1 < len(w); i++ {
		if containsFold(enAux, w[i]) && containsFold(enPronoun, w[i+1]) {
			return true
		}
	}
	_, ok := w.find(enQuestionPhr)
	return ok
}

// isQuestion reports whether one sentence asks something.
func isQuestion(sent string) bool {
	if strings.ContainsAny(sent, "?？") {
		return true
	}
	if !isASCII(sent) {
		t := strings.TrimRightFunc(sent, func(r rune) bool {
			return unicode.IsSpace(r) || unicode.IsPunct(r) || r == '~' || r == '～'
		})
		if strings.HasSuffix(t, "吗") || strings.HasSuffix(t, "呢") {
			return true
		}
		if _, ok := firstOf(zhQuestionWords, sent); ok {
			return true
		}
	}
	if !hasASCIILetter(sent) {
		return false
	}
	var buf [32]string
	return latinWords(sent, buf[:]).asksEN()
}

// firstQuestion returns the first sentence of s that asks something.
func firstQuestion(s string) (string, bool) {
	var found string
	forEachSentence(s, func(sent string) bool {
		if isQuestion(sent) {
			found = sent
			return false
		}
		return true
	})
	return found, found != ""
}

// CountQuestions counts the sentences of s that ask something.
func CountQuestions(s string) int {
	n := 0
	forEachSentence(s, func(sent string) bool {
		if isQuestion(sent) {
			n++
		}
		return true
	})
	return n
}

var (
	zhLoadingWords = []string{"正在", "加载", "载入中", "搜索中", "查找中", "检索中", "识别中", "解析中", "刷新中", "处理中", "生成中", "召回中", "请稍候", "请稍等", "稍等", "马上就好"}
	enLoadingPhr   = phrases("searching", "loading", "please wait", "hold on", "one moment", "refreshing", "fetching", "processing", "resolving", "in progress", "working on it", "just a sec", "just a second", "just a moment")
)

// loadingWording returns the in-progress wording s uses, if any.
func loadingWording(s string) (string, bool) {
	if !isASCII(s) {
		if w, ok := firstOf(zhLoadingWords, s); ok {
			return w, true
		}
	}
	if !hasASCIILetter(s) {
		return "", false
	}
	var buf [32]string
	return latinWords(s, buf[:]).find(enLoadingPhr)
}

// hasEllipsis reports an ellipsis, which in a status reads as "still
// working".
func hasEllipsis(s string) bool {
	return strings.ContainsAny(s, "…⋯") || strings.Contains(s, "...") || strings.Contains(s, "。。。")
}

var (
	zhChatWords = []string{"聊聊", "聊天", "随时问我", "随时告诉我", "有什么可以帮", "有什么能帮", "还有什么需要", "还有什么问题", "还想了解", "告诉我更多", "跟我说说", "和我说说", "联系客服", "人工客服", "侧边栏", "侧栏", "对话框", "新窗口", "新标签页", "私信我", "作为AI", "作为一个AI", "作为人工智能", "我是AI", "我是你的AI", "我是你的智能助手", "打开助手"}
	enChatPhr   = phrases("let's chat", "lets chat", "let's talk", "lets talk", "chat with", "feel free to", "ask me", "let me know",
		"anything else", "tell me more", "contact support", "contact us", "contact our", "sidebar", "side bar", "side panel",
		"chat window", "new tab", "new window", "as an ai", "i'm an ai", "im an ai", "i'm your assistant", "i am an ai",
		"i'm your ai", "happy to help", "how can i help", "email us", "visit our", "dm me")
)

// ChatWording returns wording that opens a conversation or points outside
// the search box, if any.
func ChatWording(s string) (string, bool) {
	if !isASCII(s) {
		if w, ok := firstOf(zhChatWords, s); ok {
			return w, true
		}
	}
	if !hasASCIILetter(s) {
		return "", false
	}
	var buf [32]string
	return latinWords(s, buf[:]).find(enChatPhr)
}

// clauses splits a summary into its sections.
func clauses(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == '；' || r == ';' || r == '。' || r == '\n' || r == '|'
	})
}

var (
	appliedMarkers = []string{"已生效", "已应用", "过滤", "筛选", "applied", "filter"}
	softMarkers    = []string{"参考", "待澄清", "未生效", "不直接", "偏好", "reference", "pending", "to clarify", "not applied", "preference", "prefer"}
)

// appliedClause reports whether a (masked) clause presents its content as
// applied filters.
func appliedClause(c string) bool {
	c = lowerASCII(c)
	hit := false
	for _, m := range appliedMarkers {
		if strings.Contains(c, m) {
			hit = true
			break
		}
	}
	if !hit {
		return false
	}
	for _, m := range softMarkers {
		if strings.Contains(c, m) {
			return false
		}
	}
	return true
}

// CleanText reports whether s, on its own, reads as a plain statement: no
// question, no loading or chat wording, no ellipsis, no quote marks.
func CleanText(s string) bool {
	if s == "" || CountQuestions(s) > 0 || hasEllipsis(s) || strings.ContainsFunc(s, isQuoteRune) {
		return false
	}
	if _, ok := loadingWording(s); ok {
		return false
	}
	if _, ok := ChatWording(s); ok {
		return false
	}
	return !strings.ContainsAny(s, "；;。|")
}

// firstOf returns the first phrase of the list (in list order) that s
// contains.
func firstOf(list []string, s string) (string, bool) {
	for _, w := range list {
		if strings.Contains(s, w) {
			return w, true
		}
	}
	return "", false
}
