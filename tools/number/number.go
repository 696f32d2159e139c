// Package number is the one Chinese/English number parser: counts as users
// write them ("3000", "1,000", "5k", "1.5w", "10万", "1.2M", "1.5 million",
// "一百五十万", "两千"), the numbers inside a sentence, and count ranges
// ("1w+", "5k-20k", "10万以上", "over 10k", "between 10k and 50k").
// Full-width digits and letters count as their ASCII forms.
package number

import (
	"strings"
	"unicode/utf8"
)

// MaxCount is the largest count the parser accepts (one quadrillion);
// larger numbers are no follower or view count.
const MaxCount int64 = 1_000_000_000_000_000

// Num is a number read from text.
type Num struct {
	// Value is the number with its unit applied, rounded to an integer.
	Value int64
	// Mult is the unit's multiplier (1000 for "k"), 1 without a unit.
	Mult int64
	// Unit reports an explicit unit (k, w, 万, million, …) or, for Chinese
	// numerals, a magnitude character (十百千万亿).
	Unit bool
	// Chinese reports a number written in Chinese numerals.
	Chinese bool
	// IntRaw is the value before the unit when it is an integer, else -1;
	// it carries a unit over a range ("5-20k").
	IntRaw int64
	// Percent reports a percentage written in words ("百分之三",
	// "百分之2.5", "百分之三点五"); Value is then the percentage rounded to
	// an integer and BasisPoints the exact figure in hundredths of a
	// percent (百分之三 = 300, 百分之二点五 = 250). A percentage is no
	// count: ParseCount refuses it.
	Percent     bool
	BasisPoints int64
	// ApproxLo is the lower figure of a Chinese approximate pair ("两三万"
	// = 20,000 to 30,000, "三五千", "七八十万"): Value is the upper one. It
	// is 0 for any other number.
	ApproxLo int64
}

// ParseCount parses a whole string as one count: "3000", "1,000", "5k",
// "5K", "1.5w", "2W", "10万", "1.2M", "1.5 million", "3千", "百万", "十万",
// "一百五十万", "两千", "1亿". Fractions are rounded to the nearest integer
// ("1.2345k" → 1235). It reports false for anything else, for negative
// numbers and for values above MaxCount.
func ParseCount(s string) (int64, bool) {
	rs := Fold(strings.TrimSpace(s))
	if len(rs) == 0 {
		return 0, false
	}
	n, end, ok := ScanArabic(rs, 0)
	if !ok {
		n, end, ok = ScanChinese(rs, 0)
	}
	if !ok || end != len(rs) || n.Percent {
		return 0, false
	}
	return n.Value, true
}

// Fold returns the runes of s with full-width ASCII mapped to ASCII and
// ASCII letters lower-cased, the form the scanners read. It never changes
// the number of runes.
func Fold(s string) []rune {
	out := make([]rune, 0, utf8.RuneCountInString(s))
	for _, r := range s {
		out = append(out, FoldRune(r))
	}
	return out
}

// FoldRune maps a full-width ASCII rune to ASCII and an ASCII letter to
// lower case; other runes are returned unchanged.
func FoldRune(r rune) rune {
	if r >= 0xFF01 && r <= 0xFF5E {
		r -= 0xFEE0
	}
	if r >= 'A' && r <= 'Z' {
		return r + 32
	}
	return r
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
	// Indian numbering: a lakh is 100,000, a crore 10,000,000.
	{"lakhs", 1e5, true},
	{"lakh", 1e5, true},
	{"lacs", 1e5, true},
	{"lac", 1e5, true},
	{"crores", 1e7, true},
	{"crore", 1e7, true},
	{"billion", 1e9, true},
	// Spanish, Portuguese and German millions ("2 millones", "1,5 mio",
	// "3 Mio."), before "mil", whose letters they start with.
	{"millones", 1e6, true},
	{"millón", 1e6, true},
	{"millon", 1e6, true},
	{"milhões", 1e6, true},
	{"milhoes", 1e6, true},
	{"milhão", 1e6, true},
	{"milhao", 1e6, true},
	{"mio", 1e6, true},
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

// ScanArabic reads an Arabic number with optional thousands separators,
// decimals and unit at rs[i:] (folded runes, see Fold) and returns it with
// the index just after it.
func ScanArabic(rs []rune, i int) (Num, int, bool) {
	return ScanArabicIn(rs, i, false)
}

// ScanArabicIn is ScanArabic for a sentence of a known language:
// milThousand says the sentence is Spanish, Portuguese or Catalan, where
// "mil" is a thousand ("10 mil seguidores" is 10,000), not the million
// of English slang ("1.5 mil subs"). A decimal comma before a unit word
// ("2,5 mil", "1,5 Mio") is a decimal in any sentence, and "mil" after
// it a thousand: English writes its decimals with a point.
func ScanArabicIn(rs []rune, i int, milThousand bool) (Num, int, bool) {
	j := i
	var intPart int64
	digits := 0
	var sep rune // the thousands separator read, one kind a number
	for j < len(rs) {
		r := rs[j]
		if isDigit(r) {
			if digits >= 16 {
				return Num{}, i, false
			}
			intPart = intPart*10 + int64(r-'0')
			digits++
			j++
			continue
		}
		// a thousands separator: ",ddd" followed by a non-digit.
		if r == ',' && digits > 0 && (sep == 0 || sep == r) && threeDigitsAt(rs, j+1) {
			sep = r
			j++
			continue
		}
		// a European one (audit 25): ".ddd" or " ddd" after one to three
		// leading digits, the group ending the number ("200.000",
		// "1.500.000", "20 000"), never a decimal or a count with its unit
		// ("1.5k", "2.500 million", "3.500%", "3 100k").
		if (r == '.' || isGroupSpace(r)) && (sep == 0 && digits <= 3 || sep == r) && digits > 0 && europeanGroupAt(rs, j+1) {
			sep = r
			j++
			continue
		}
		break
	}
	if digits == 0 {
		return Num{}, i, false
	}
	var frac int64
	fracDigits := 0
	// "2,5 mil", "1,5 Mio.": a continental decimal comma, whose "mil"
	// is a thousand.
	decComma := sep == 0 && decimalCommaAt(rs, j)
	if decComma {
		milThousand = true
	}
	if j+1 < len(rs) && (rs[j] == '.' || decComma) && isDigit(rs[j+1]) {
		j++
		for j < len(rs) && isDigit(rs[j]) {
			if fracDigits < 6 {
				frac = frac*10 + int64(rs[j]-'0')
				fracDigits++
			}
			j++
		}
	}
	t := Num{Mult: 1, IntRaw: -1}
	if fracDigits == 0 {
		t.IntRaw = intPart
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
			// a spelled-out unit may take a plural s ("2 millions").
			if len(u.word) > 1 && end < len(rs) && rs[end] == 's' && (end+1 == len(rs) || !isASCIILetter(rs[end+1]) && !isDigit(rs[end+1])) {
				end++
			}
			if end < len(rs) && (isASCIILetter(rs[end]) || isDigit(rs[end])) {
				continue
			}
			// "5 k" only for the spelled-out words, not single letters,
			// so that "5 m" in a sentence is no million.
			if k != j && len(u.word) == 1 {
				continue
			}
		}
		t.Mult, t.Unit = u.mult, true
		if u.word == "mil" && milThousand {
			t.Mult = 1e3
		}
		j = end
		break
	}
	pow := int64(1)
	for range fracDigits {
		pow *= 10
	}
	if intPart > MaxCount/t.Mult {
		return Num{}, i, false
	}
	t.Value = intPart*t.Mult + (frac*t.Mult+pow/2)/pow
	if t.Value > MaxCount {
		return Num{}, i, false
	}
	if t.Unit && fracDigits == 0 && t.Mult >= 1000 && j < len(rs) && rs[j] == '多' && (j+1 == len(rs) || !strings.ContainsRune("少久倍", rs[j+1])) {
		// "1万多", "2k多": the count and some, up to the next unit
		// (ScanApprox's 一万多).
		t.ApproxLo, t.Value = t.Value, t.Value+t.Mult
		j++
	}
	return t, j, true
}

// decimalCommaAt reports a decimal comma at rs[j]: one or two digits
// after it, then (after at most one space) a spelled unit word, "2,5
// mil", "1,25 millones", "1,5 Mio"; three digits after a comma are a
// thousands group ("1,500").
func decimalCommaAt(rs []rune, j int) bool {
	if j >= len(rs) || rs[j] != ',' {
		return false
	}
	k := j + 1
	for k < len(rs) && isDigit(rs[k]) {
		k++
	}
	if n := k - j - 1; n < 1 || n > 2 {
		return false
	}
	if k < len(rs) && rs[k] == ' ' {
		k++
	}
	for _, u := range unitWords {
		if !u.latin || len(u.word) < 3 || !hasPrefixRunes(rs[k:], u.word) {
			continue
		}
		end := k + utf8.RuneCountInString(u.word)
		if end < len(rs) && rs[end] == 's' {
			end++
		}
		if end == len(rs) || !isASCIILetter(rs[end]) && !isDigit(rs[end]) {
			return true
		}
	}
	return false
}

// isGroupSpace reports a space that may separate groups of three digits
// (a plain, no-break or thin space).
func isGroupSpace(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' }

// europeanGroupAt reports three digits at rs[i:] that end a number: no
// digit, percent sign or unit after them (a unit or "%" makes the dot a
// decimal point, "2.500k"), though another group of the same kind may
// follow ("1.500.000").
func europeanGroupAt(rs []rune, i int) bool {
	if !threeDigitsAt(rs, i) {
		return false
	}
	k := i + 3
	if k == len(rs) {
		return true
	}
	if r := rs[k]; r == '%' || r == '.' && k+1 < len(rs) && isDigit(rs[k+1]) && !threeDigitsAt(rs, k+1) {
		return false
	}
	if k < len(rs) && isGroupSpace(rs[k]) {
		k++
	}
	for _, u := range unitWords {
		if !hasPrefixRunes(rs[k:], u.word) {
			continue
		}
		end := k + utf8.RuneCountInString(u.word)
		if u.latin && end < len(rs) && isASCIILetter(rs[end]) && !(len(u.word) > 1 && rs[end] == 's') {
			continue // "200.000 kids": no unit
		}
		return false
	}
	return true
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

// IsChineseNumeral reports whether r is a Chinese digit (零〇一二两三…九)
// or magnitude (十百千万亿, traditional 萬億 and 兩 included).
func IsChineseNumeral(r rune) bool {
	if _, ok := cnDigits[r]; ok {
		return true
	}
	if _, ok := cnUnits[r]; ok {
		return true
	}
	return r == '万' || r == '萬' || r == '亿' || r == '億'
}

// ChineseStart reports whether a Chinese numeral inside running text may
// start with r: a non-zero digit, 十, 两 or 零. A bare 千 or 万 in a
// sentence ("千万别", "万一") is no number.
func ChineseStart(r rune) bool {
	if d, ok := cnDigits[r]; ok {
		return d != 0 || r == '零'
	}
	return r == '十'
}

// ScanChinese reads a Chinese numeral at rs[i:] ("十万", "一百五十万",
// "两千", "一万五" = 15000) and returns it with the index just after it. A
// bare digit character ("一") is accepted with Unit false; callers decide
// whether it is a count. "百分之" and the number after it is a percentage
// (Num.Percent; see ScanPercent).
func ScanChinese(rs []rune, i int) (Num, int, bool) {
	if n, e, ok := ScanPercent(rs, i); ok {
		return n, e, true
	}
	if n, e, ok := ScanApprox(rs, i); ok {
		return n, e, true
	}
	return scanChineseNumeral(rs, i)
}

// ApproxStart reports whether an approximate Chinese count may start with
// r where no numeral does: 小几万, 大几千, 几十万 (ScanApprox).
func ApproxStart(r rune) bool { return r == '小' || r == '大' || r == '几' }

// magnitudeAt reads a run of magnitude characters (十百千万亿) at rs[i:] as
// the multiplier they make ("万" 1e4, "十万" 1e5, "千万" 1e7) and returns
// it with the index after the run; 0 when there is none.
func magnitudeAt(rs []rune, i int) (int64, int) {
	j := i
	for j < len(rs) && strings.ContainsRune("十百千万萬亿億", rs[j]) {
		j++
	}
	if j == i {
		return 0, i
	}
	n, e, ok := scanChineseNumeral(append([]rune{'一'}, rs[i:j]...), 0)
	if !ok || e != j-i+1 {
		return 0, i
	}
	return n.Value, j
}

// approxNum is an approximate count lo..hi.
func approxNum(lo, hi int64) Num {
	return Num{Value: hi, ApproxLo: lo, Mult: 1, Unit: true, Chinese: true, IntRaw: -1}
}

// ScanApprox reads an approximate Chinese count at rs[i:] (folded runes)
// and returns it as a range, Value the upper figure and ApproxLo the
// lower one, as the pairs "两三万" are (audit 24):
//
//   - 几 before a magnitude of a thousand or more, "some": 几万 = 1万–10万;
//     小几万 the small ones, 1万–4万; 大几千 the large ones, 5000–10000;
//     几十万, 小几十万 and 大几十万 the same with 十万; 十几万 and 二十几万
//     are the tens after ten or twenty: 10万–20万, 20万–30万;
//   - 来 after a round numeral, "about, a bit more": 十来万 = 10万–15万,
//     二十来万 = 20万–30万, 一百来万;
//   - 多 after a round numeral and before its magnitude, "and some":
//     十多万 = 10万–20万, 二十多万 = 20万–30万; 多 after a count's own
//     magnitude: 一万多 = 1万–2万, 三千多 = 3000–4000 (多少, 多久 and 多倍
//     are no part of it).
//
// It reports false for anything else, and for counts below a thousand
// ("十几个", "二十多天" are no follower counts).
func ScanApprox(rs []rune, i int) (Num, int, bool) {
	if i >= len(rs) {
		return Num{}, i, false
	}
	// 小几万, 大几千, 几十万, 小几十万
	j := i
	lo, hi := int64(1), int64(10)
	switch rs[j] {
	case '小':
		lo, hi = 1, 4
		j++
	case '大':
		lo, hi = 5, 10
		j++
	}
	if j < len(rs) && rs[j] == '几' {
		if m, e := magnitudeAt(rs, j+1); m >= 1000 {
			return approxNum(lo*m, hi*m), e, true
		}
		return Num{}, i, false
	}
	if j != i {
		return Num{}, i, false
	}
	// a numeral that ends in a round place (十, 二十, 一百, 两千, 一万)
	k := i
	for k < len(rs) && IsChineseNumeral(rs[k]) {
		k++
	}
	if k == i || k >= len(rs) {
		return Num{}, i, false
	}
	base, e, ok := scanChineseNumeral(rs[:k], i)
	if !ok || e != k || !base.Unit || base.Value <= 0 {
		return Num{}, i, false
	}
	// the last place: 十 10, 百 100, 万 1e4 ("十万" ends in the place 万)
	place, _ := magnitudeAt(rs, k-1)
	if place == 0 {
		return Num{}, i, false
	}
	switch rs[k] {
	case '几', '来', '多':
		m, after := magnitudeAt(rs, k+1)
		if m == 0 {
			// 多 after the count's own magnitude: "一万多", "三千多"
			if rs[k] != '多' || place < 1000 || k+1 < len(rs) && strings.ContainsRune("少久倍", rs[k+1]) {
				return Num{}, i, false
			}
			return approxNum(base.Value, base.Value+place), k + 1, true
		}
		if !strings.ContainsRune("十百千", rs[k-1]) || base.Value*m < 1000 {
			return Num{}, i, false
		}
		switch rs[k] {
		case '来': // 十来万: the figure and half again at most
			return approxNum(base.Value*m, base.Value*m*3/2), after, true
		default: // 十几万, 十多万: up to the next round figure
			return approxNum(base.Value*m, (base.Value+place)*m), after, true
		}
	}
	return Num{}, i, false
}

// scanChineseNumeral is ScanChinese without the percentage.
func scanChineseNumeral(rs []rune, i int) (Num, int, bool) {
	if i+2 < len(rs) {
		// "两三万", "三五千", "七八十万": two neighbouring digits before a
		// unit say "about this to that" (the pair 三五 too).
		d1, ok1 := cnDigits[rs[i]]
		d2, ok2 := cnDigits[rs[i+1]]
		if ok1 && ok2 && d1 > 0 && (d2 == d1+1 || d1 == 3 && d2 == 5) {
			if hi, e, ok := scanChineseNumeral(rs, i+1); ok && hi.Unit && hi.ApproxLo == 0 && hi.Value%d2 == 0 {
				hi.ApproxLo = hi.Value / d2 * d1
				return hi, e, true
			}
		}
	}
	j := i
	for j < len(rs) && IsChineseNumeral(rs[j]) {
		j++
	}
	if j == i || j-i > 12 {
		return Num{}, i, false
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
		return Num{}, i, false
	}
	t := Num{Value: total, Mult: 1, Unit: unit, Chinese: true, IntRaw: -1}
	if !unit {
		t.IntRaw = total
	}
	return t, j, true
}

// englishWords are the spelled-out English numbers users write in counts
// and durations ("two weeks", "a month", "twenty days").
var englishWords = map[string]int64{
	"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
	"hundred": 100, "a hundred": 100, "thousand": 1000, "a thousand": 1000,
}

// EnglishWord returns the value of a spelled-out English number ("two",
// "twenty", "a" as in "a week"), case-insensitive.
func EnglishWord(w string) (int64, bool) {
	n, ok := englishWords[strings.ToLower(strings.TrimSpace(w))]
	return n, ok
}

// percentWord opens a percentage written in words: 百分之三 is 3%.
const percentWord = "百分之"

// ScanPercent reads a percentage written in words at rs[i:] (folded runes):
// "百分之" and an Arabic number without a unit ("百分之2.5") or a Chinese
// numeral with optional 点 decimals ("百分之三", "百分之十五",
// "百分之三点五", "百分之百"). More than two decimals round to the nearest
// basis point.
func ScanPercent(rs []rune, i int) (Num, int, bool) {
	if !hasPrefixRunes(rs[i:], percentWord) {
		return Num{}, i, false
	}
	k := i + utf8.RuneCountInString(percentWord)
	var whole int64
	var frac []int64 // decimal digits
	j := k
	switch {
	case k < len(rs) && isDigit(rs[k]):
		for j < len(rs) && isDigit(rs[j]) {
			if whole > MaxCount/10 {
				return Num{}, i, false
			}
			whole = whole*10 + int64(rs[j]-'0')
			j++
		}
		if j+1 < len(rs) && rs[j] == '.' && isDigit(rs[j+1]) {
			for j++; j < len(rs) && isDigit(rs[j]); j++ {
				frac = append(frac, int64(rs[j]-'0'))
			}
		}
		if j < len(rs) && (isASCIILetter(rs[j]) || IsChineseNumeral(rs[j])) {
			return Num{}, i, false // "百分之5k": no percentage
		}
	case k < len(rs) && IsChineseNumeral(rs[k]):
		n, e, ok := scanChineseNumeral(rs, k)
		if !ok {
			return Num{}, i, false
		}
		whole, j = n.Value, e
		if j+1 < len(rs) && rs[j] == '点' {
			for d := j + 1; d < len(rs); d++ {
				v, ok := cnDigits[rs[d]]
				if !ok {
					break
				}
				frac, j = append(frac, v), d+1
			}
		}
	default:
		return Num{}, i, false
	}
	var f, pow int64 = 0, 1
	for n, d := range frac {
		if n == 3 {
			break
		}
		f, pow = f*10+d, pow*10
	}
	if whole > MaxCount/100 {
		return Num{}, i, false
	}
	bp := whole*100 + (f*100+pow/2)/pow
	return Num{Value: (bp + 50) / 100, Mult: 1, Chinese: true, IntRaw: -1, Percent: true, BasisPoints: bp}, j, true
}

// englishSmall are the spelled-out numbers below a hundred that open or
// continue a spelled-out count.
var englishSmall = map[string]int64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
	"eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
	"seventy": 70, "eighty": 80, "ninety": 90,
}

// englishScales are the scale words that make a spelled-out count.
// "k" is the thousand of a spelled count ("a hundred k", "fifty k").
// "mil" and "mill" are the million of speech ("half a mil", "a quarter
// mil").
var englishScales = map[string]int64{"thousand": 1e3, "k": 1e3, "million": 1e6, "mil": 1e6, "mill": 1e6, "billion": 1e9, "lakh": 1e5, "lakhs": 1e5, "crore": 1e7, "crores": 1e7}

// ScanEnglish reads a count spelled out in English at rs[i:] (folded
// runes): "twenty thousand", "fifty-five thousand", "a million", "one
// hundred thousand", "two hundred and fifty thousand", "half a million",
// "1.5 million" is ScanArabic's; "a couple hundred thousand" is 200k. A scale word (thousand, million,
// billion) is required, so "one", "a" or "twenty" alone (a duration's
// number, an article) is no count here. It reports the end after the
// last word read. An approximate count is a range as ScanApprox's 几 is
// (audit 25): "a few thousand" and "several thousand" 1000–10000 (几千),
// "a few hundred thousand" 100k–1M, "tens of thousands" 10k–100k (几万),
// "hundreds of thousands" 100k–1M, "a few million" 1M–10M.
func ScanEnglish(rs []rune, i int) (Num, int, bool) {
	if i > 0 && isASCIILetter(rs[i-1]) {
		return Num{}, i, false
	}
	word := func(k int) (string, int) {
		for k < len(rs) && rs[k] == ' ' {
			k++
		}
		s := k
		for k < len(rs) && isASCIILetter(rs[k]) {
			k++
		}
		return string(rs[s:k]), k
	}
	if n, e, ok := englishApprox(word, i); ok {
		return n, e, true
	}
	var total, cur int64
	half, seen := false, false
	// frac: a fraction of the next scale ("half a million" 1/2, "a
	// quarter of a million" 1/4, "three quarters of a million" 3/4).
	var fracNum, fracDen int64
	j, end := i, i // end: after the last scale word read
	for {
		w, e := word(j)
		if w == "" {
			break
		}
		switch {
		case (w == "a" || w == "an") && !seen:
			cur, seen = 1, true
		case w == "couple" && (!seen || cur == 1 && total == 0 && j > i):
			// "a couple hundred thousand", "a couple of thousand": two
			// of the next scale (audit 37, class R2)
			cur, seen = 2, true
			if w2, e2 := word(e); w2 == "of" {
				e = e2
			}
		case w == "half" && !seen:
			half, seen = true, true
			fracNum, fracDen = 1, 2
			if w2, e2 := word(e); w2 == "a" || w2 == "an" {
				e = e2
			}
		case (w == "quarter" || w == "quarters") && !half && (!seen || cur >= 1 && cur <= 3):
			fracNum, fracDen = max(cur, 1), 4
			half, seen, cur = true, true, 0
			if w2, e2 := word(e); w2 == "of" {
				e = e2
			}
			if w2, e2 := word(e); w2 == "a" || w2 == "an" {
				e = e2
			}
		case j == i && !seen && dictatedDigit[w] > 0 && dictatedAt(rs, i, e, word):
			// "for thousand", "to hundred thousand": a dictated brief's
			// homophone of four or two, read only where a scale word
			// follows it (issue 26, class B3).
			cur, seen = dictatedDigit[w], true
		case englishSmall[w] > 0:
			v := englishSmall[w]
			if v >= 20 && e < len(rs) && rs[e] == '-' {
				if w2, e2 := word(e + 1); englishSmall[w2] > 0 && englishSmall[w2] < 10 {
					v += englishSmall[w2]
					e = e2
				}
			}
			if seen && cur%100 != 0 && (cur%10 != 0 || cur%100 < 20 || v >= 10) {
				return finishEnglish(total, i, end) // "five twenty thousand" is no count
			}
			cur += v
			seen = true
		case w == "hundred" && seen:
			cur *= 100
		case w == "and" && seen && cur >= 100:
			// "two hundred and fifty thousand"
		case englishScales[w] > 0 && (seen || half):
			m := englishScales[w]
			if half {
				total += m * fracNum / fracDen
			} else {
				total += cur * m
			}
			cur, half, seen = 0, false, false
			// a plural scale ("thousands") is no count.
			if e < len(rs) && rs[e] == 's' {
				return Num{}, i, false
			}
			j, end = e, e
			continue
		default:
			return finishEnglish(total, i, end)
		}
		j = e
	}
	return finishEnglish(total, i, end)
}

// dictatedDigit are the homophones of small numbers voice typing writes
// ("for thousand" four thousand, "to hundred thousand" two hundred
// thousand).
var dictatedDigit = map[string]int64{"for": 4, "fore": 4, "to": 2, "too": 2}

// dictatedAt reports that the homophone at rs[i:e] stands where a
// number is expected: a scale word (hundred, thousand, million) follows
// it, in the singular, and no word before it makes it a preposition of
// its own ("up to hundred thousand", "from 10k to …", "10 to 20").
func dictatedAt(rs []rune, i, e int, word func(int) (string, int)) bool {
	next, ne := word(e)
	if next != "hundred" && englishScales[next] == 0 || next == "k" || ne < len(rs) && rs[ne] == 's' {
		return false
	}
	k := i - 1
	for k >= 0 && rs[k] == ' ' {
		k--
	}
	if k >= 0 && (isDigit(rs[k]) || rs[k] == 'k' || rs[k] == 'm') && (k == 0 || !isASCIILetter(rs[k-1])) {
		return false // "10k to hundred thousand": a range's "to"
	}
	s := k
	for s >= 0 && isASCIILetter(rs[s]) {
		s--
	}
	switch string(rs[s+1 : k+1]) {
	case "up", "from", "between", "and", "went", "grow", "grown", "grew", "growing", "go", "get", "got", "close", "closer", "near", "up-":
		return false
	}
	return true
}

// englishApprox reads an approximate English count at i with ScanEnglish's
// word reader: a few / several + (hundred) thousand or million, tens or
// hundreds of thousands. Like ScanApprox's 几 it spans one to ten of its
// magnitude.
func englishApprox(word func(int) (string, int), i int) (Num, int, bool) {
	w, e := word(i)
	var mag int64
	switch w {
	case "a", "several":
		if w == "a" {
			if w2, e2 := word(e); w2 == "few" {
				e = e2
			} else {
				return Num{}, i, false
			}
		}
		s, e2 := word(e)
		if s == "hundred" {
			mag, e = 100, e2
			s, e2 = word(e)
		}
		switch s {
		case "thousand":
			mag = max(mag, 1) * 1e3
		case "million":
			mag = max(mag, 1) * 1e6
		default:
			return Num{}, i, false
		}
		e = e2
	case "tens", "hundreds":
		if w2, e2 := word(e); w2 != "of" {
			return Num{}, i, false
		} else if w3, e3 := word(e2); w3 == "thousands" {
			mag, e = 1e4, e3
			if w == "hundreds" {
				mag = 1e5
			}
		} else {
			return Num{}, i, false
		}
	default:
		return Num{}, i, false
	}
	return Num{Value: 10 * mag, ApproxLo: mag, Mult: 1, Unit: true, IntRaw: -1}, e, true
}

// finishEnglish ends ScanEnglish after the last scale word read; words
// after it ("twenty thousand five") are not part of the count.
func finishEnglish(total int64, i, end int) (Num, int, bool) {
	if end == i || total <= 0 || total > MaxCount {
		return Num{}, i, false
	}
	return Num{Value: total, Mult: 1, Unit: true, IntRaw: -1}, end, true
}
