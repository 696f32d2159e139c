package number

import "strings"

// ScanFigures reads a count said by how many digits it has at rs[i:]
// (folded runes): "six figures" and "a six-figure following" are 100,000
// to 999,999, "5 figures" 10,000 to 99,999, 七位数 1,000,000 to
// 9,999,999; "low", "mid" and "high" before the English form take the
// first three tenths, the middle four and the last three of that span
// ("low six figures" = 100,000 to 299,999). The count is a range, as an
// approximate pair is: Value the upper figure, ApproxLo the lower one. A
// figure count is of three to ten digits; anything else reports false.
func ScanFigures(rs []rune, i int) (Num, int, bool) {
	if i >= len(rs) {
		return Num{}, i, false
	}
	if n, e, ok := scanFiguresZH(rs, i); ok {
		return n, e, true
	}
	part := 0 // 1 low, 2 mid, 3 high
	j := i
	for p, w := range []string{"low", "mid", "high"} {
		if e, ok := wordAt(rs, j, w); ok && e < len(rs) && (rs[e] == ' ' || rs[e] == '-') {
			part, j = p+1, e+1
			break
		}
	}
	digits, e := int64(0), j
	switch {
	case j < len(rs) && isDigit(rs[j]):
		for e < len(rs) && isDigit(rs[e]) {
			digits = digits*10 + int64(rs[e]-'0')
			e++
		}
	default:
		k := j
		for k < len(rs) && isASCIILetter(rs[k]) {
			k++
		}
		digits, e = englishSmall[string(rs[j:k])], k
	}
	if digits < 3 || digits > 10 || e >= len(rs) || rs[e] != ' ' && rs[e] != '-' {
		return Num{}, i, false
	}
	end, ok := wordAt(rs, e+1, "figures")
	if !ok {
		if end, ok = wordAt(rs, e+1, "figure"); !ok {
			return Num{}, i, false
		}
	}
	lo := pow10(digits - 1)
	hi := lo*10 - 1
	switch part {
	case 1:
		hi = lo*3 - 1
	case 2:
		lo, hi = lo*3, lo*7-1
	case 3:
		lo = lo * 7
	}
	return Num{Value: hi, ApproxLo: lo, Mult: 1, Unit: true, IntRaw: -1}, end, true
}

// scanFiguresZH reads 六位数, 七位数 and 7位数 (a count of so many
// digits).
func scanFiguresZH(rs []rune, i int) (Num, int, bool) {
	digits, j := int64(0), i
	switch {
	case isDigit(rs[j]):
		for j < len(rs) && isDigit(rs[j]) {
			digits = digits*10 + int64(rs[j]-'0')
			j++
		}
	default:
		d, ok := cnDigits[rs[j]]
		if !ok {
			if rs[j] != '十' {
				return Num{}, i, false
			}
			d = 10
		}
		digits, j = int64(d), j+1
	}
	if digits < 3 || digits > 10 || j+1 >= len(rs) || rs[j] != '位' || rs[j+1] != '数' {
		return Num{}, i, false
	}
	lo := pow10(digits - 1)
	return Num{Value: lo*10 - 1, ApproxLo: lo, Mult: 1, Unit: true, Chinese: true, IntRaw: -1}, j + 2, true
}

// ScanSpelled reads a number under a thousand spelled out in English
// with no scale word at rs[i:] (folded runes): "ten", "twenty-five",
// "two hundred". It is the lower end of a range whose upper end says
// the scale once ("ten to fifty thousand"): the caller decides that;
// alone such a word is no count (ScanEnglish wants a scale).
func ScanSpelled(rs []rune, i int) (Num, int, bool) {
	if i > 0 && isASCIILetter(rs[i-1]) {
		return Num{}, i, false
	}
	word := func(k int) (string, int) {
		e := k
		for e < len(rs) && isASCIILetter(rs[e]) {
			e++
		}
		return string(rs[k:e]), e
	}
	w, e := word(i)
	v := englishSmall[w]
	if v == 0 {
		return Num{}, i, false
	}
	if v >= 20 && e+1 < len(rs) && (rs[e] == '-' || rs[e] == ' ') {
		if w2, e2 := word(e + 1); englishSmall[w2] > 0 && englishSmall[w2] < 10 {
			v, e = v+englishSmall[w2], e2
		}
	}
	if v < 10 && e+1 < len(rs) && rs[e] == ' ' {
		if w2, e2 := word(e + 1); w2 == "hundred" {
			v, e = v*100, e2
		}
	}
	if e < len(rs) && (isASCIILetter(rs[e]) || isDigit(rs[e])) {
		return Num{}, i, false
	}
	return Num{Value: v, Mult: 1, IntRaw: v}, e, true
}

// wordAt reports the word w at rs[i:] ending at a word boundary, and the
// index after it.
func wordAt(rs []rune, i int, w string) (int, bool) {
	e := i + len(w)
	if e > len(rs) || !strings.EqualFold(string(rs[i:e]), w) || e < len(rs) && (isASCIILetter(rs[e]) || isDigit(rs[e])) {
		return i, false
	}
	return e, true
}

func pow10(n int64) int64 {
	v := int64(1)
	for range n {
		v *= 10
	}
	return v
}
