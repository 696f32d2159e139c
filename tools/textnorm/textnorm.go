// Package textnorm normalises and tokenises the free text that keyword
// search and the embedder run over, Chinese and English alike.
//
// Normalize folds a string to one canonical spelling: Unicode NFKC (which
// also folds full-width Latin letters and digits to ASCII), remaining
// width variants, lower case, Latin diacritics removed ("Café" → "cafe"),
// traditional Chinese folded to simplified through a small table of common
// characters ("汽車評測" → "汽车评测"), and every run of punctuation, symbols,
// emoji, control characters or invalid UTF-8 turned into one space.
//
// Scan splits normalised text into tokens: Latin (and other spaced-script)
// words with a light English plural/possessive stemming ("vests", "vest's"
// → "vest"), numbers ("1.5", "10,000" → "10000"), and for Chinese, Japanese
// and Korean text, which has no spaces, one token per character (the
// positional units a phrase is matched on) plus one bigram per pair of
// adjacent characters (the informative units ranking runs on), so that
// "汽配评测" contains both "汽配" and "评测".
//
// Every function is pure, safe for concurrent use and never panics,
// whatever the input.
package textnorm

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Kind says what a token is.
type Kind uint8

// Token kinds.
const (
	// Word is a run of letters (and digits) of a spaced script, stemmed.
	Word Kind = iota + 1
	// Number is a run of digits, possibly with a decimal point.
	Number
	// CJKChar is one Han, kana or Hangul character.
	CJKChar
	// CJKBigram is two adjacent CJK characters.
	CJKBigram
)

// String names the kind.
func (k Kind) String() string {
	switch k {
	case Word:
		return "word"
	case Number:
		return "number"
	case CJKChar:
		return "cjk"
	case CJKBigram:
		return "cjk2"
	}
	return "unknown"
}

// Token is one token of a text.
type Token struct {
	// Text is the normalised token.
	Text string
	Kind Kind
	// Pos is the token's position in the text's unit sequence: words,
	// numbers and CJK characters count one each; a bigram has the position
	// of its first character. Two tokens are adjacent when their positions
	// differ by one.
	Pos int
}

// Unit reports whether the token is a positional unit (a word, number or
// CJK character) rather than a derived bigram.
func (t Token) Unit() bool { return t.Kind != CJKBigram }

// Normalize returns s folded to its canonical search form (see the package
// comment): words separated by single spaces, no leading or trailing space.
func Normalize(s string) string {
	if isPlainASCII(s) {
		return s
	}
	return string(AppendNormalized(make([]byte, 0, len(s)), s))
}

// isPlainASCII reports whether s is already normalised ASCII: lower-case
// letters and digits separated by single spaces.
func isPlainASCII(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == ' ':
			if s[i-1] == ' ' {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// AppendNormalized appends the normalised form of s to dst and returns the
// extended buffer.
func AppendNormalized(dst []byte, s string) []byte {
	if !isASCII(s) && norm.NFKC.QuickSpanString(s) < len(s) {
		s = norm.NFKC.String(s)
	}
	start := len(dst)
	space := false // a separator is pending
	var prev rune  // last rune written (after folding), 0 at start
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf && c != '\'' && c != '.' && c != ',' {
			// ASCII fast path.
			i++
			switch {
			case c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			default:
				space = true
				continue
			}
			if space && len(dst) > start {
				dst = append(dst, ' ')
			}
			space = false
			dst = append(dst, c)
			prev = rune(c)
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		if r == utf8.RuneError && size <= 1 {
			space = true
			continue
		}
		switch {
		case isApostrophe(r):
			// "don't" → "dont", "creator's" → "creators"; elsewhere a separator.
			if isLetter(prev) && !space && isLetter(nextRune(s, i)) {
				continue
			}
			space = true
			continue
		case r == '.' || r == ',':
			// Decimal point and thousands separators inside numbers.
			if !space && isDigit(prev) && isDigit(nextRune(s, i)) {
				if r == '.' {
					dst = append(dst, '.')
					prev = '.'
					continue
				}
				if threeDigits(s[i:]) {
					continue
				}
			}
			space = true
			continue
		}
		f, multi := foldRune(r)
		if multi == "" {
			dst, prev, space = appendRune(dst, start, f, prev, space)
			continue
		}
		for _, m := range multi {
			dst, prev, space = appendRune(dst, start, m, prev, space)
		}
	}
	return dst
}

// appendRune writes the folded rune f to dst (after a pending separator)
// when it belongs to a word, or records a separator otherwise. start is
// where this call's output begins in dst.
func appendRune(dst []byte, start int, f, prev rune, space bool) ([]byte, rune, bool) {
	word := isLetter(f) || isDigit(f) || unicode.IsMark(f) && !space && (isLetter(prev) || unicode.IsMark(prev))
	if !word {
		return dst, prev, true
	}
	if space && len(dst) > start {
		dst = append(dst, ' ')
	}
	return utf8.AppendRune(dst, f), f, false
}

func nextRune(s string, i int) rune {
	if i >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

// threeDigits reports whether s starts with exactly three digits (a
// thousands group).
func threeDigits(s string) bool {
	if len(s) < 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) == 3 || s[3] < '0' || s[3] > '9'
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isApostrophe(r rune) bool {
	return r == '\'' || r == '\u2019' || r == '\u02bc' || r == '\u2018'
}

func isLetter(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	if r >= 0x4e00 && r <= 0x9fff {
		return true
	}
	return unicode.IsLetter(r)
}

func isDigit(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= '0' && r <= '9'
	}
	return unicode.IsDigit(r)
}

// IsCJK reports whether r is written without spaces between words and is
// tokenised as characters and bigrams: Han, Hiragana, Katakana (with its
// prolonged sound mark) and Hangul.
func IsCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	if r >= 0x4e00 && r <= 0x9fff {
		return true
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r) || r == 'ー'
}

// foldRune returns the folded form of r: one rune, or, for the few
// letters that fold to several ("ß" → "ss"), a string.
func foldRune(r rune) (rune, string) {
	if r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r, ""
	}
	if r >= 0x4e00 && r <= 0x9fff { // CJK Unified Ideographs: no case, no width variants
		if s, ok := tradToSimp[r]; ok {
			return s, ""
		}
		return r, ""
	}
	if p := width.LookupRune(r); p.Kind() == width.EastAsianFullwidth || p.Kind() == width.EastAsianHalfwidth {
		if f := p.Folded(); f != 0 {
			r = f
		}
	}
	r = unicode.ToLower(r)
	switch {
	case r <= 0x24f || r >= 0x1e00 && r <= 0x1eff:
		if s, ok := latinFold[r]; ok {
			if len(s) == 1 {
				return rune(s[0]), ""
			}
			return 0, s
		}
	case r == 'ς':
		return 'σ', ""
	case r >= 0x3400:
		if s, ok := tradToSimp[r]; ok {
			return s, ""
		}
	}
	return r, ""
}

// latinFold maps Latin letters with diacritics (and a few ligatures) to
// their base letters, built once from the Unicode decompositions.
var latinFold = buildLatinFold()

func buildLatinFold() map[rune]string {
	m := map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'đ': "d", 'ł': "l", 'ı': "i", 'ŀ': "l", 'þ': "th", 'ð': "d"}
	add := func(lo, hi rune) {
		for r := lo; r <= hi; r++ {
			if !unicode.IsLower(r) {
				continue
			}
			d := norm.NFD.String(string(r))
			base, size := utf8.DecodeRuneInString(d)
			if size == len(d) || base >= utf8.RuneSelf || !isLetter(base) {
				continue
			}
			rest := d[size:]
			allMarks := true
			for _, c := range rest {
				if !unicode.Is(unicode.Mn, c) {
					allMarks = false
				}
			}
			if allMarks {
				m[r] = string(base)
			}
		}
	}
	add(0xc0, 0x24f)
	add(0x1e00, 0x1eff)
	return m
}

// Scan returns the tokens of s (normalised first) in text order; for CJK
// text each character is followed by the bigram it starts, if any.
func Scan(s string) iter.Seq[Token] {
	return func(yield func(Token) bool) {
		scan(Normalize(s), yield)
	}
}

// scan tokenises normalised text n.
func scan(n string, yield func(Token) bool) {
	pos := 0
	for len(n) > 0 {
		sp := strings.IndexByte(n, ' ')
		chunk := n
		if sp >= 0 {
			chunk, n = n[:sp], n[sp+1:]
		} else {
			n = ""
		}
		// Split the chunk into CJK and non-CJK runs.
		for len(chunk) > 0 {
			r, size := utf8.DecodeRuneInString(chunk)
			if IsCJK(r) {
				end := size
				for end < len(chunk) {
					r2, s2 := utf8.DecodeRuneInString(chunk[end:])
					if !IsCJK(r2) {
						break
					}
					end += s2
				}
				run := chunk[:end]
				chunk = chunk[end:]
				for i := 0; i < len(run); {
					_, s1 := utf8.DecodeRuneInString(run[i:])
					if !yield(Token{Text: run[i : i+s1], Kind: CJKChar, Pos: pos}) {
						return
					}
					if i+s1 < len(run) {
						_, s2 := utf8.DecodeRuneInString(run[i+s1:])
						if !yield(Token{Text: run[i : i+s1+s2], Kind: CJKBigram, Pos: pos}) {
							return
						}
					}
					pos++
					i += s1
				}
				continue
			}
			end := size
			for end < len(chunk) {
				r2, s2 := utf8.DecodeRuneInString(chunk[end:])
				if IsCJK(r2) {
					break
				}
				end += s2
			}
			word := chunk[:end]
			chunk = chunk[end:]
			kind := Word
			if isNumber(word) {
				kind = Number
			} else {
				word = Stem(word)
			}
			if word == "" {
				continue
			}
			if !yield(Token{Text: word, Kind: kind, Pos: pos}) {
				return
			}
			pos++
		}
	}
}

func isNumber(w string) bool {
	digits := 0
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.':
		default:
			return false
		}
	}
	return digits > 0
}

// Words returns the positional units of s: words, numbers and single CJK
// characters, in order. A phrase matches a text when its Words occur
// contiguously in the text's Words.
func Words(s string) []string {
	return AppendWords(nil, s)
}

// AppendWords appends the Words of s to dst.
func AppendWords(dst []string, s string) []string {
	scan(Normalize(s), func(t Token) bool {
		if t.Unit() {
			dst = append(dst, t.Text)
		}
		return true
	})
	return dst
}

// Tokens returns every token of s: the Words plus the CJK bigrams.
func Tokens(s string) []string {
	return AppendTokens(nil, s)
}

// AppendTokens appends the Tokens of s to dst.
func AppendTokens(dst []string, s string) []string {
	scan(Normalize(s), func(t Token) bool {
		dst = append(dst, t.Text)
		return true
	})
	return dst
}

// Stem applies a light English stemming to a lower-case word: it strips
// plural endings ("reviews" → "review", "boxes" → "box", "categories" →
// "category") and leaves short words, words with digits or non-ASCII
// letters, and a list of words that only look plural ("news", "series",
// "physics", "gas") alone. Possessive "'s" is removed by Normalize already
// ("vest's" → "vests" → "vest").
func Stem(w string) string {
	n := len(w)
	if n < 4 || w[n-1] != 's' {
		return w
	}
	for i := 0; i < n; i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	if _, keep := notPlural[w]; keep {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ss"), strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return w
	case strings.HasSuffix(w, "ies") && n > 4:
		if _, ie := ieWords[w]; ie {
			return w[:n-1]
		}
		return w[:n-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "ches"),
		strings.HasSuffix(w, "shes"):
		return w[:n-2]
	}
	return w[:n-1]
}

// notPlural lists words ending in "s" that are not plurals (or whose
// singular would conflate with another word).
var notPlural = map[string]struct{}{
	"news": {}, "series": {}, "species": {}, "physics": {}, "economics": {}, "mathematics": {},
	"politics": {}, "athletics": {}, "electronics": {}, "gymnastics": {}, "aerobics": {},
	"esports": {}, "lens": {}, "always": {}, "perhaps": {}, "chaos": {}, "yes": {}, "this": {},
	"thus": {}, "his": {}, "hers": {}, "its": {}, "was": {}, "has": {}, "does": {}, "goes": {},
	"gas": {}, "atlas": {}, "alias": {}, "canvas": {}, "texas": {}, "kansas": {}, "paris": {},
	"vegas": {}, "christmas": {}, "less": {}, "unless": {}, "wellness": {}, "fitness": {},
	"business": {}, "pros": {}, "ios": {}, "macos": {}, "windows": {}, "diabetes": {},
	"tennis": {}, "logistics": {}, "mechanics": {}, "robotics": {}, "statistics": {},
	"genetics": {}, "ethics": {},
}

// ieWords are plurals of words ending in "ie", which lose only the "s".
var ieWords = map[string]struct{}{
	"movies": {}, "cookies": {}, "selfies": {}, "zombies": {}, "hoodies": {}, "rookies": {},
	"brownies": {}, "goalies": {}, "smoothies": {}, "aunties": {}, "freebies": {}, "veggies": {},
	"newbies": {}, "foodies": {}, "techies": {}, "indies": {}, "barbies": {}, "calories": {},
	"pies": {}, "ties": {}, "lies": {}, "dies": {}, "genies": {}, "besties": {}, "goodies": {},
	"roadies": {}, "sweeties": {}, "birdies": {}, "collies": {}, "magpies": {}, "budgies": {},
}
