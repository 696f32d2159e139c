package number

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrNoNumber is returned by ParseRange for text without a number.
var ErrNoNumber = errors.New("no number")

// Found is a number found in running text; Start and End are byte offsets
// of its text (unit included) in the string searched.
type Found struct {
	Num
	Start, End int
}

// Find returns the numbers in s, in order: Arabic numbers with optional
// separators, decimals and unit, and Chinese numerals that start with a
// digit, 十, 两 or 零 (so that "千万别" holds none), and percentages written
// in words ("百分之三", Num.Percent), and counts said by their number of
// digits ("six figures", 七位数: ScanFigures).
func Find(s string) []Found {
	rs := Fold(s)
	offs := make([]int, 0, len(rs)+1)
	for i := range s {
		offs = append(offs, i)
	}
	offs = append(offs, len(s))
	var out []Found
	for i := 0; i < len(rs); {
		r := rs[i]
		if i == 0 || !isASCIILetter(rs[i-1]) && !isDigit(rs[i-1]) {
			// "six figures", 六位数: the span of counts (figures.go)
			if n, e, ok := ScanFigures(rs, i); ok {
				out = append(out, Found{Num: n, Start: offs[i], End: offs[e]})
				i = e
				continue
			}
		}
		switch {
		case isDigit(r):
			if n, e, ok := ScanArabic(rs, i); ok {
				out = append(out, Found{Num: n, Start: offs[i], End: offs[e]})
				i = e
				continue
			}
			for i < len(rs) && (isDigit(rs[i]) || rs[i] == '.' || rs[i] == ',') {
				i++
			}
			continue
		case isASCIILetter(r) && (i == 0 || !isASCIILetter(rs[i-1])):
			if n, e, ok := ScanEnglish(rs, i); ok {
				out = append(out, Found{Num: n, Start: offs[i], End: offs[e]})
				i = e
				continue
			}
		case ChineseStart(r) || r == '百' || ApproxStart(r):
			if r == '百' && !hasPrefixRunes(rs[i:], percentWord) {
				break // a bare 百 in a sentence ("百搭") is no number
			}
			if n, e, ok := ScanChinese(rs, i); ok {
				out = append(out, Found{Num: n, Start: offs[i], End: offs[e]})
				i = e
				continue
			}
		}
		i++
	}
	return out
}

// Range is a count range such as followers or average views: "1w+" is
// {Min: 10000}, "5k-20k" is {Min: 5000, Max: 20000}, "不超过5万" is
// {Max: 50000}. A bare number is a lower bound.
type Range struct {
	Min *int64 `json:"min,omitempty"`
	Max *int64 `json:"max,omitempty"`
}

// Op is the filter operator the range stands for: "gte", "lte", "between",
// or "eq" when both bounds are equal.
func (c Range) Op() string {
	switch {
	case c.Min != nil && c.Max != nil && *c.Min == *c.Max:
		return "eq"
	case c.Min != nil && c.Max != nil:
		return "between"
	case c.Max != nil:
		return "lte"
	default:
		return "gte"
	}
}

// FilterValue is the value that goes with Op: one integer, or [min, max];
// nil for the empty range.
func (c Range) FilterValue() any {
	switch c.Op() {
	case "between":
		return []int64{*c.Min, *c.Max}
	case "lte":
		return *c.Max
	}
	if c.Min != nil {
		return *c.Min
	}
	return nil
}

// String renders the range as ">=10000", "<=50000", "=500" or "5000-20000".
func (c Range) String() string {
	switch c.Op() {
	case "between":
		return fmt.Sprintf("%d-%d", *c.Min, *c.Max)
	case "lte":
		return fmt.Sprintf("<=%d", *c.Max)
	case "eq":
		return fmt.Sprintf("=%d", *c.Min)
	}
	if c.Min == nil {
		return ""
	}
	return fmt.Sprintf(">=%d", *c.Min)
}

// maxCues make a single number an upper bound; any other number is a
// lower bound ("1w+", "10万以上", "over 10k", "at least 5k", a bare "3000").
var maxCues = sentenceMaxCues()

// Separators between the two numbers of a range, and the words before the
// first number that announce one.
var (
	rangeSeps   = []string{"-", "~", "到", "至", " to ", " and "}
	rangeStarts = []string{"between", "介于", "在"}
)

// ParseRange parses a count expression, alone or inside a sentence, into
// a range: "1w+", "5k-20k", "1-5w" (the upper bound's unit applies to
// both), "10万以上", "10万粉以下", "不超过5万", "over 100k", "less than 50k",
// "between 10k and 50k", "三千", "粉丝5万以内的博主". Swapped bounds are
// put in order. Case and full-width forms do not matter.
func ParseRange(s string) (Range, error) {
	lower := strings.ToLower(s)
	nums := Find(lower)
	if len(nums) == 0 {
		return Range{}, fmt.Errorf("%w in %q", ErrNoNumber, s)
	}
	if len(nums) >= 2 {
		a, b := nums[0], nums[1]
		between := lower[a.End:b.Start]
		isRange := false
		for _, w := range rangeStarts {
			if strings.Contains(lower[:a.Start], w) {
				isRange = true
			}
		}
		padded := " " + between + " "
		for _, sep := range rangeSeps {
			if strings.Contains(padded, sep) || strings.TrimSpace(between) == strings.TrimSpace(sep) {
				isRange = true
			}
		}
		if isRange {
			lo, hi := float64(a.Value), float64(b.Value)
			if a.ApproxLo > 0 {
				lo = float64(a.ApproxLo) // "大几千到两万": from the lower figure
			}
			if !a.Unit && b.Unit {
				lo = rawValue(lower[a.Start:a.End]) * unitOf(b, lower[b.Start:b.End])
			}
			if lo > hi {
				lo, hi = hi, lo
			}
			return Range{Min: round(lo), Max: round(hi)}, nil
		}
	}
	n := nums[0]
	if max, ok := negatedBound(lower[:n.Start]); ok {
		// "shouldn't exceed 1M", "不能超出五十万": a negated lower bound
		// is an upper one, a negated upper bound a lower one.
		if max {
			return Range{Min: &n.Value}, nil
		}
		return Range{Max: &n.Value}, nil
	}
	if hasCue(lower[n.End:], true) || hasCue(lower[:n.Start], false) {
		return Range{Max: &n.Value}, nil
	}
	if n.ApproxLo > 0 {
		// "十来万", "两三万": the approximate count's own range, or its
		// lower figure with a lower-bound word ("两三万以上").
		lo := n.ApproxLo
		if minCueAround(lower[:n.Start], lower[n.End:]) {
			return Range{Min: &lo}, nil
		}
		return Range{Min: &lo, Max: &n.Value}, nil
	}
	return Range{Min: &n.Value}, nil
}

// negatedBound reads the bound word that ends before (MinBefore or
// MaxBefore, the longest) with a negation right before it (IsNegation,
// one NegationGlue word allowed between): max reports whether the bound
// word is an upper one, ok whether it is negated ("must not be over",
// "不要超出"). A bound word that holds its own negation ("not more than",
// 不超过) is no negated one.
func negatedBound(before string) (max, ok bool) {
	before = strings.TrimSpace(before)
	best := ""
	for _, l := range []struct {
		words []string
		max   bool
	}{{MinBefore, false}, {MaxBefore, true}} {
		for _, w := range l.words {
			at := len(before) - len(w)
			if len(w) <= len(best) || !strings.HasSuffix(before, w) || !isASCIILetter(rune(w[0])) && !NegatesBound(w) {
				continue
			}
			if at > 0 && isASCIILetter(rune(w[0])) && isASCIILetter(rune(before[at-1])) {
				continue // "overexceed": no word of its own
			}
			best, max = w, l.max
		}
	}
	if best == "" {
		return false, false
	}
	rest := strings.TrimSpace(before[:len(before)-len(best)])
	last := func() string {
		if k := strings.LastIndexAny(rest, " \t"); k >= 0 {
			return rest[k+1:]
		}
		return rest
	}
	if w := last(); slices.Contains(NegationGlue, w) {
		rest = strings.TrimSpace(rest[:len(rest)-len(w)])
	}
	if IsNegation(last()) {
		return max, true
	}
	for _, w := range Negations {
		if !isASCIIWord(w) && strings.HasSuffix(rest, w) {
			return max, true
		}
	}
	return false, false
}

// minCueAround reports a lower-bound word right before (MinBefore) or
// right after (MinAfter) a number.
func minCueAround(before, after string) bool {
	before, after = strings.TrimSpace(before), strings.TrimSpace(after)
	for _, w := range MinBefore {
		if strings.HasSuffix(before, w) {
			return true
		}
	}
	for _, w := range MinAfter {
		if strings.HasPrefix(after, w) {
			return true
		}
	}
	return false
}

func round(f float64) *int64 { v := int64(f + 0.5); return &v }

// minNegations are lower bounds spelled as a negated upper bound
// (NegatedMax: "不低于", "no less than"): no max cue inside them counts.
var minNegations = func() *strings.Replacer {
	var pairs []string
	for _, w := range NegatedMax {
		pairs = append(pairs, w, "")
	}
	return strings.NewReplacer(pairs...)
}()

// hasCue reports whether s contains one of maxCues ("<" only when !notLT:
// "500 <" is a lower bound), outside a negated one ("不低于").
func hasCue(s string, notLT bool) bool {
	s = minNegations.Replace(s)
	for _, c := range maxCues {
		if notLT && c == "<" {
			continue
		}
		if strings.Contains(s, c) {
			return true
		}
	}
	for _, w := range wordOnlyMaxCues {
		if containsWord(s, w) {
			return true
		}
	}
	return false
}

// wordOnlyMaxCues are the upper-bound words of substringUnsafe that count
// as whole words only ("cap changed to 80k", not "capital" or "caption").
var wordOnlyMaxCues = []string{"cap", "capped", "tops"}

// containsWord reports whether w occurs in s between non-letters.
func containsWord(s, w string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		k += i
		end := k + len(w)
		if (k == 0 || !isASCIILetter(rune(s[k-1]))) && (end == len(s) || !isASCIILetter(rune(s[end]))) {
			return true
		}
		i = k + 1
	}
}

// rawValue is the number a token starts with, before any unit: 1.5 for
// "1.5", 2 for "两".
func rawValue(tok string) float64 {
	rs := Fold(tok)
	j := 0
	for j < len(rs) && (isDigit(rs[j]) || rs[j] == '.' || rs[j] == ',') {
		j++
	}
	if j > 0 {
		if v, err := strconv.ParseFloat(strings.ReplaceAll(string(rs[:j]), ",", ""), 64); err == nil {
			return v
		}
	}
	if n, _, ok := ScanChinese(rs, 0); ok {
		return float64(n.Value)
	}
	return 1
}

// unitOf is the multiplier of a number's unit: Mult for an Arabic number,
// the trailing magnitudes (万, 亿, 千) of a Chinese numeral ("十五万" → 1e4).
func unitOf(n Found, tok string) float64 {
	if !n.Chinese {
		return float64(n.Mult)
	}
	stem := strings.TrimRightFunc(tok, func(r rune) bool { return strings.ContainsRune("千万亿萬億", r) })
	if stem == "" || !utf8.ValidString(stem) {
		return 1
	}
	raw, _, ok := ScanChinese([]rune(stem), 0)
	if !ok || raw.Value == 0 {
		return 1
	}
	return float64(n.Value) / float64(raw.Value)
}
