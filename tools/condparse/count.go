package condparse

import (
	"strings"
	"unicode/utf8"
)

// MaxCount is the largest count ParseCount accepts (one quadrillion); larger
// numbers are no follower or view count.
const MaxCount int64 = 1_000_000_000_000_000

// ParseCount parses a follower or view count as users write it: "3000",
// "1,000", "5k", "5K", "1.5w", "2W", "10万", "1.2M", "1.5 million", "3千",
// "百万", "十万", "一百五十万", "两千", "1亿". Full-width digits and letters
// are accepted. Fractions are rounded to the nearest integer ("1.2345k" →
// 1235). It reports false for anything else, for negative numbers and for
// values above MaxCount.
func ParseCount(s string) (int64, bool) {
	rs := normRunes(strings.TrimSpace(s))
	if len(rs) == 0 {
		return 0, false
	}
	n, end, ok := scanArabic(rs, 0)
	if !ok {
		n, end, ok = scanCN(rs, 0)
	}
	if !ok || end != len(rs) {
		return 0, false
	}
	return n.val, true
}

// numTok is a number found in text.
type numTok struct {
	val  int64
	mult int64 // unit multiplier, 1 when no unit was written
	// unit reports an explicit unit (k, w, 万, million, …) or, for Chinese
	// numerals, a magnitude character (十百千万亿).
	unit bool
	cn   bool // written in Chinese numerals
	// intRaw is the value before the unit when it is an integer, else -1;
	// used to carry a unit over a range ("5-20k").
	intRaw int64
}

// normRunes folds full-width ASCII and case for ParseCount's standalone use.
func normRunes(s string) []rune {
	out := make([]rune, 0, utf8.RuneCountInString(s))
	for _, r := range s {
		out = append(out, foldRune(r))
	}
	return out
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// unitWords are the units that may follow an Arabic number, longest first
// within each leading rune.
var unitWords = []struct {
	word  string
	mult  int64
	latin bool
}{
	{"thousand", 1e3, true},
	{"million", 1e6, true},
	{"billion", 1e9, true},
	{"mil", 1e6, true},
	{"mn", 1e6, true},
	{"bn", 1e9, true},
	{"k", 1e3, true},
	{"w", 1e4, true},
	{"m", 1e6, true},
	{"b", 1e9, true},
	{"千万", 1e7, false},
	{"百万", 1e6, false},
	{"十万", 1e5, false},
	{"万", 1e4, false},
	{"萬", 1e4, false},
	{"千", 1e3, false},
	{"亿", 1e8, false},
	{"億", 1e8, false},
}

// scanArabic reads an Arabic number with optional thousands separators,
// decimals and unit at rs[i:]. It returns the end index.
func scanArabic(rs []rune, i int) (numTok, int, bool) {
	j := i
	var intPart int64
	digits := 0
	for j < len(rs) {
		r := rs[j]
		if isDigit(r) {
			if digits >= 16 {
				return numTok{}, i, false
			}
			intPart = intPart*10 + int64(r-'0')
			digits++
			j++
			continue
		}
		// a thousands separator: ",ddd" followed by a non-digit.
		if r == ',' && digits > 0 && threeDigitsAt(rs, j+1) {
			j++
			continue
		}
		break
	}
	if digits == 0 {
		return numTok{}, i, false
	}
	var frac int64
	fracDigits := 0
	if j+1 < len(rs) && rs[j] == '.' && isDigit(rs[j+1]) {
		j++
		for j < len(rs) && isDigit(rs[j]) {
			if fracDigits < 6 {
				frac = frac*10 + int64(rs[j]-'0')
				fracDigits++
			}
			j++
		}
	}
	t := numTok{mult: 1, intRaw: -1}
	if fracDigits == 0 {
		t.intRaw = intPart
	}
	// optional unit, possibly after one space.
	k := j
	if k < len(rs) && rs[k] == ' ' {
		k++
	}
	for _, u := range unitWords {
		if !hasPrefixRunes(rs[k:], u.word) {
			continue
		}
		end := k + utf8.RuneCountInString(u.word)
		if u.latin {
			if end < len(rs) && (isASCIILetter(rs[end]) || isDigit(rs[end])) {
				continue
			}
			// "5 k" only for the spelled-out words, not single letters,
			// so that "5 m" in a sentence is no million.
			if k != j && len(u.word) == 1 {
				continue
			}
		}
		t.mult, t.unit = u.mult, true
		j = end
		break
	}
	pow := int64(1)
	for range fracDigits {
		pow *= 10
	}
	if intPart > MaxCount/t.mult {
		return numTok{}, i, false
	}
	t.val = intPart*t.mult + (frac*t.mult+pow/2)/pow
	if t.val > MaxCount {
		return numTok{}, i, false
	}
	return t, j, true
}

func threeDigitsAt(rs []rune, i int) bool {
	if i+3 > len(rs) {
		return false
	}
	if !isDigit(rs[i]) || !isDigit(rs[i+1]) || !isDigit(rs[i+2]) {
		return false
	}
	return i+3 == len(rs) || !isDigit(rs[i+3])
}

func hasPrefixRunes(rs []rune, w string) bool {
	i := 0
	for _, r := range w {
		if i >= len(rs) || rs[i] != r {
			return false
		}
		i++
	}
	return true
}

var cnDigits = map[rune]int64{
	'零': 0, '〇': 0, '一': 1, '二': 2, '两': 2, '兩': 2, '三': 3, '四': 4,
	'五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
}

var cnUnits = map[rune]int64{'十': 10, '百': 100, '千': 1000}

func isCNNumeral(r rune) bool {
	if _, ok := cnDigits[r]; ok {
		return true
	}
	if _, ok := cnUnits[r]; ok {
		return true
	}
	return r == '万' || r == '萬' || r == '亿' || r == '億'
}

// scanCN reads a Chinese numeral at rs[i:] ("十万", "一百五十万", "两千",
// "一万五" = 15000). A bare digit character ("一") is accepted with unit
// false; callers decide whether it is a count.
func scanCN(rs []rune, i int) (numTok, int, bool) {
	j := i
	for j < len(rs) && isCNNumeral(rs[j]) {
		j++
	}
	if j == i || j-i > 12 {
		return numTok{}, i, false
	}
	var result, section, num int64
	lastUnit := int64(0) // the unit just before a trailing digit, for "一万五"
	zero := false
	unit := false
	pendingDigit := false
	for _, r := range rs[i:j] {
		if d, ok := cnDigits[r]; ok {
			if d == 0 {
				zero = true
			}
			num = d
			pendingDigit = true
			continue
		}
		unit = true
		switch r {
		case '十', '百', '千':
			u := cnUnits[r]
			if !pendingDigit {
				num = 1
			}
			section += num * u
			num, pendingDigit, zero = 0, false, false
			lastUnit = u
		case '万', '萬':
			section += num
			if section == 0 {
				section = 1
			}
			result += section * 10000
			section, num, pendingDigit, zero = 0, 0, false, false
			lastUnit = 10000
		case '亿', '億':
			section += num
			if section == 0 && result == 0 {
				section = 1
			}
			result = (result + section) * 100_000_000
			section, num, pendingDigit, zero = 0, 0, false, false
			lastUnit = 100_000_000
		}
	}
	if pendingDigit && !zero && lastUnit >= 100 {
		// "三千五" = 3500, "一万五" = 15000: a trailing digit counts in the
		// next lower unit.
		num *= lastUnit / 10
	}
	total := result + section + num
	if total > MaxCount || total < 0 {
		return numTok{}, i, false
	}
	t := numTok{val: total, mult: 1, unit: unit, cn: true, intRaw: -1}
	if !unit {
		t.intRaw = total
	}
	return t, j, true
}
