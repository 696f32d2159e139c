package textmatch

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds are the word boundaries a pattern's matches need in Scan and
// Run: a set of WordStart and WordEnd. A word, here, is a run of ASCII
// letters and digits (IsWordByte).
type Bounds uint8

const (
	// WordStart: no ASCII letter or digit may precede a match.
	WordStart Bounds = 1 << iota
	// WordEnd: no ASCII letter or digit may follow a match, except a
	// plural "s" that ends the word ("tvs" has "tv").
	WordEnd
)

// WordBounds returns the bounds a pattern written in normalised text
// needs: WordStart when it begins with a word byte, WordEnd when it ends
// with one ("tv" needs both, "粉丝" and ">" neither).
func WordBounds(pattern string) Bounds {
	var w Bounds
	if pattern != "" && IsWordByte(pattern[0]) {
		w |= WordStart
	}
	if pattern != "" && IsWordByte(pattern[len(pattern)-1]) {
		w |= WordEnd
	}
	return w
}

// Bounded reports whether a match at [start, end) of text of a pattern
// needing w stands at word boundaries. A word byte may follow when it is
// a plural "s" that ends the word.
func Bounded(text string, w Bounds, start, end int) bool {
	if w&WordStart != 0 && start > 0 && isWordTab[text[start-1]] {
		return false
	}
	return w&WordEnd == 0 || end >= len(text) || !isWordTab[text[end]] ||
		text[end] == 's' && (end+1 == len(text) || !isWordTab[text[end+1]])
}

// IsWordByte reports ASCII letters and digits: the bytes of a word in
// normalised text.
func IsWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 'A' && b <= 'Z'
}

// isWordTab is IsWordByte as a table.
var isWordTab = func() (t [256]bool) {
	for b := range t {
		t[b] = IsWordByte(byte(b))
	}
	return t
}()

// IsCJK reports letters of scripts written without spaces between words;
// each such rune is a word of its own.
func IsCJK(r rune) bool {
	if r < 0x0E00 {
		return false
	}
	if r >= 0x4E00 && r <= 0x9FFF {
		return true
	}
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) ||
		unicode.Is(unicode.Thai, r) || unicode.Is(unicode.Lao, r) || unicode.Is(unicode.Khmer, r) ||
		unicode.Is(unicode.Myanmar, r) || r == 'ー'
}

// IsWordRune reports letters and digits of space-separated scripts.
func IsWordRune(r rune) bool {
	if r < 0x80 {
		return isWordTab[r]
	}
	return isWordNonASCII(r)
}

// isWordNonASCII is IsWordRune past ASCII, out of line so that
// IsWordRune inlines.
func isWordNonASCII(r rune) bool {
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)) && !IsCJK(r)
}

// IsSpaceRune reports white space and control characters, which all act
// as spaces.
func IsSpaceRune(r rune) bool {
	if r < 0x80 {
		return r <= ' ' || r == 0x7f
	}
	return isSpaceNonASCII(r)
}

// isSpaceNonASCII is IsSpaceRune past ASCII, out of line so that
// IsSpaceRune inlines.
func isSpaceNonASCII(r rune) bool {
	if r >= 0x3001 && r < 0xFEFF {
		return false
	}
	return unicode.IsSpace(r) || unicode.IsControl(r) || r == utf8.RuneError ||
		unicode.Is(unicode.Cf, r)
}

// InWordJoin reports whether text[k] is a hyphen or apostrophe joining
// two word runes ("no-code", "creator's").
func InWordJoin(text []rune, k int) bool {
	if k <= 0 || k+1 >= len(text) {
		return false
	}
	r := text[k]
	if r != '-' && r != '\'' {
		return false
	}
	return IsWordRune(text[k-1]) && IsWordRune(text[k+1])
}

// boundAfter are, per Chinese lead word, the runes that make a word with
// it: 带 is "carrying" in "带赌博内容的", but 带货, 带娃 and 带团 are words.
var boundAfter = map[string]string{"带": "货娃团飞队薪孩节头领路"}

// BoundLead reports whether a lead word and the text after it are one
// word ("带" + "货直播"): then the lead is no lead to trim.
func BoundLead(lead, rest string) bool {
	r, _ := utf8.DecodeRuneInString(rest)
	return strings.ContainsRune(boundAfter[lead], r)
}
