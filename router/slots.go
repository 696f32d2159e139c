package router

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SlotType is the type of a slot; it decides how a capture is normalised
// and validated.
type SlotType string

// The slot types. Issue 3 names the first ten; ordinal (a 1-based
// position, -1 for "the last one") and condition (a reference to session
// conditions, resolved from the input context) are the router's own.
const (
	SlotString    SlotType = "string"
	SlotInt       SlotType = "int"
	SlotCount     SlotType = "count"
	SlotEnum      SlotType = "enum"
	SlotURL       SlotType = "url"
	SlotPlatform  SlotType = "platform"
	SlotCountry   SlotType = "country"
	SlotLanguage  SlotType = "language"
	SlotScope     SlotType = "scope"
	SlotDuration  SlotType = "duration"
	SlotOrdinal   SlotType = "ordinal"
	SlotCondition SlotType = "condition"
)

var knownSlotTypes = map[SlotType]bool{
	SlotString: true, SlotInt: true, SlotCount: true, SlotEnum: true, SlotURL: true,
	SlotPlatform: true, SlotCountry: true, SlotLanguage: true, SlotScope: true,
	SlotDuration: true, SlotOrdinal: true, SlotCondition: true,
}

// Slot is one filled slot: the text it came from and its typed value.
// Value is a string, an int64, a []string (multi slots), a CountRange
// (count) or, for condition slots, a []string of condition ids.
type Slot struct {
	Type SlotType `json:"type"`
	Raw  string   `json:"raw,omitempty"`
	// Value is the normalised, typed value.
	Value any `json:"value"`
	// Source says where the value came from: "pattern:NAME", "lexicon",
	// "default", "derived", "context" or "classifier".
	Source string `json:"source"`
}

// String renders the value compactly ("US,GB", ">=10000").
func (s Slot) String() string {
	switch v := s.Value.(type) {
	case []string:
		return strings.Join(v, ",")
	case CountRange:
		return v.String()
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return fmt.Sprint(s.Value)
}

// CountRange is a normalised count such as followers or average views:
// "1w+" is {Min: 10000}, "5k-20k" is {Min: 5000, Max: 20000}, "不超过5万"
// is {Max: 50000}. A bare number is a lower bound.
type CountRange struct {
	Min *int64 `json:"min,omitempty"`
	Max *int64 `json:"max,omitempty"`
}

// Op is the filter operator the range stands for: gte, lte, between or eq.
func (c CountRange) Op() string {
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

// opValue is Op as an interface value without allocating.
func (c CountRange) opValue() any {
	switch c.Op() {
	case "eq":
		return "eq"
	case "between":
		return "between"
	case "lte":
		return "lte"
	}
	return "gte"
}

// FilterValue is the value that goes with Op: one integer, or [min, max].
func (c CountRange) FilterValue() any {
	switch c.Op() {
	case "between":
		return []int64{*c.Min, *c.Max}
	case "lte":
		return *c.Max
	case "eq", "gte":
		if c.Min != nil {
			return *c.Min
		}
	}
	return nil
}

func (c CountRange) String() string {
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

// ---- numbers ---------------------------------------------------------------

// cnDigit is the value of a Chinese digit (零〇一二两三四五六七八九).
func cnDigit(r rune) (int64, bool) {
	switch r {
	case '零', '〇':
		return 0, true
	case '一':
		return 1, true
	case '二', '两':
		return 2, true
	case '三':
		return 3, true
	case '四':
		return 4, true
	case '五':
		return 5, true
	case '六':
		return 6, true
	case '七':
		return 7, true
	case '八':
		return 8, true
	case '九':
		return 9, true
	}
	return 0, false
}

// cnUnit is the value of a Chinese numeral unit (十百千万亿).
func cnUnit(r rune) (int64, bool) {
	switch r {
	case '十':
		return 10, true
	case '百':
		return 100, true
	case '千':
		return 1000, true
	case '万':
		return 10000, true
	case '亿':
		return 100000000, true
	}
	return 0, false
}

// parseCNNumber parses a Chinese numeral such as "十", "二十五", "一万",
// "三千五百". It returns ok=false when s holds other characters.
func parseCNNumber(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	var total, section, digit int64
	seen := false
	for _, r := range s {
		if d, ok := cnDigit(r); ok {
			digit = d
			seen = true
			continue
		}
		u, ok := cnUnit(r)
		if !ok {
			return 0, false
		}
		seen = true
		switch {
		case u >= 10000:
			section = (section + digit) * u
			total += section
			section, digit = 0, 0
		default:
			if digit == 0 {
				digit = 1
			}
			section += digit * u
			digit = 0
		}
	}
	return total + section + digit, seen
}

var enNumbers = map[string]int64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
	"eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "sixty": 60, "ninety": 90, "a": 1, "an": 1,
}

// numTok is one number found in a capture with its unit applied (or not).
type numTok struct {
	val     float64
	hasUnit bool
	start   int
	end     int
}

// appendNumbers appends the numbers in s (normalised text) to out:
// Arabic numerals with an optional decimal part and unit (k, w, m, 千, 万,
// 百万, 亿, thousand, million) and Chinese numerals.
func appendNumbers(out []numTok, s string) []numTok {
	for i := 0; i < len(s); {
		r, sz := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, sz = decodeRune(s, i)
		}
		start := i
		switch {
		case r >= '0' && r <= '9':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || s[j] == ',' && j+3 < len(s) && isDigits(s[j+1:j+4])) {
				j++
			}
			k := j // s[i:k] is s[i:j] without its trailing dots and commas
			for k > i && (s[k-1] == '.' || s[k-1] == ',') {
				k--
			}
			numStr := s[i:k]
			if strings.IndexByte(numStr, ',') >= 0 {
				numStr = strings.ReplaceAll(numStr, ",", "")
			}
			v, err := strconv.ParseFloat(numStr, 64)
			if err != nil || len(numStr) > 15 {
				i = j
				continue
			}
			j = k
			mult, ulen := unitAt(s[j:])
			if ulen > 0 {
				v *= mult
			}
			out = append(out, numTok{val: v, hasUnit: ulen > 0, start: start, end: j + ulen})
			i = j + ulen
		case r < utf8.RuneSelf: // no Chinese numeral starts with ASCII
			i++
		case isCNNumberStart(r):
			j := i
			for j < len(s) {
				r2, sz2 := utf8.DecodeRuneInString(s[j:])
				if _, d := cnDigit(r2); !d {
					if _, u := cnUnit(r2); !u {
						break
					}
				}
				j += sz2
			}
			v, ok := parseCNNumber(s[i:j])
			if ok {
				mult, ulen := unitAt(s[j:])
				hasUnit := strings.ContainsAny(s[i:j], "千万亿") || ulen > 0
				if ulen > 0 {
					v = int64(float64(v) * mult)
				}
				out = append(out, numTok{val: float64(v), hasUnit: hasUnit, start: start, end: j + ulen})
				i = j + ulen
			} else {
				i = j
			}
		default:
			i += sz
		}
	}
	return out
}

// isCNNumberStart reports whether a Chinese numeral may start with r: a
// non-zero digit, 十, 两 or 零.
func isCNNumberStart(r rune) bool {
	if d, ok := cnDigit(r); ok && d != 0 {
		return true
	}
	return r == '十' || r == '两' || r == '零'
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// unitAt reports the multiplier of a unit at the start of s (after
// optional spaces) and how many bytes it takes.
func unitAt(s string) (float64, int) {
	skip := 0
	for skip < len(s) && s[skip] == ' ' {
		skip++
	}
	t := s[skip:]
	for _, u := range countUnits {
		if strings.HasPrefix(t, u.text) {
			rest := t[len(u.text):]
			if u.word && rest != "" && isASCIILetter(rest[0]) && !(rest[0] == 's' && (len(rest) == 1 || !isASCIILetter(rest[1]))) {
				continue
			}
			return u.mult, skip + len(u.text)
		}
	}
	return 1, 0
}

// countUnits are the units unitAt knows, longest spellings first.
var countUnits = [...]struct {
	text string
	mult float64
	word bool
}{
	{"百万", 1e6, false}, {"千万", 1e7, false}, {"million", 1e6, true}, {"mil", 1e6, true}, {"thousand", 1e3, true},
	{"万", 1e4, false}, {"千", 1e3, false}, {"亿", 1e8, false}, {"w", 1e4, true}, {"k", 1e3, true}, {"m", 1e6, true},
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

var (
	maxCues   = []string{"以下", "以内", "之内", "不超过", "不到", "少于", "小于", "低于", "最多", "至多", "封顶", "under", "below", "less than", "fewer than", "at most", "up to", "no more than", "not more than", "<", "≤", "max", "or less", "or fewer", "within"}
	minCues   = []string{"以上", "起", "多", "不少于", "不低于", "大于", "超过", "高于", "至少", "最少", "over", "above", "more than", "at least", "greater than", "no less than", "not less than", ">", "≥", "+", "or more", "plus", "min"}
	rangeSeps = []string{"-", "~", "到", "至", " to ", " and "}
)

// hasMaxCue reports whether s contains one of maxCues (but "<" when
// notLT).
func hasMaxCue(s string, notLT bool) bool {
	for _, c := range maxCues {
		if strings.Contains(s, c) && (!notLT || c != "<") {
			return true
		}
	}
	return false
}

// parseCount parses a count expression into a range.
func parseCount(s string) (CountRange, error) {
	var buf [4]numTok
	nums := appendNumbers(buf[:0], s)
	if len(nums) == 0 {
		return CountRange{}, fmt.Errorf("no number in %q", s)
	}
	i64 := func(f float64) *int64 { v := int64(f + 0.5); return &v }
	if len(nums) >= 2 {
		a, b := nums[0], nums[1]
		between := s[a.end:b.start]
		isRange := strings.Contains(s[:a.start], "between") || strings.Contains(s[:a.start], "介于") || strings.Contains(s[:a.start], "在")
		padded := " " + between + " "
		for _, sep := range rangeSeps {
			if strings.Contains(padded, sep) || strings.TrimSpace(between) == strings.TrimSpace(sep) {
				isRange = true
			}
		}
		if isRange {
			if !a.hasUnit && b.hasUnit {
				// "1-5w": the unit of the upper bound applies to both.
				bm := b.val / rawNumber(s[b.start:b.end])
				a.val *= bm
			}
			lo, hi := a.val, b.val
			if lo > hi {
				lo, hi = hi, lo
			}
			pair := &[2]int64{int64(lo + 0.5), int64(hi + 0.5)}
			return CountRange{Min: &pair[0], Max: &pair[1]}, nil
		}
	}
	n := nums[0]
	before, after := s[:n.start], s[n.end:]
	if hasMaxCue(after, true) || hasMaxCue(before, false) {
		return CountRange{Max: i64(n.val)}, nil
	}
	_ = minCues // a bare number and every min cue mean a lower bound
	return CountRange{Min: i64(n.val)}, nil
}

// rawNumber parses the leading number of a token without its unit.
func rawNumber(tok string) float64 {
	j := 0
	for j < len(tok) && (tok[j] >= '0' && tok[j] <= '9' || tok[j] == '.') {
		j++
	}
	if v, err := strconv.ParseFloat(tok[:j], 64); err == nil && v != 0 {
		return v
	}
	if v, ok := parseCNNumber(strings.TrimRight(tok, "千万亿")); ok && v != 0 {
		return float64(v)
	}
	return 1
}

// durationUnits are the units parseDuration looks for, in order.
var durationUnits = [...]struct {
	text string
	days float64
}{
	{"半年", 180}, {"半个月", 15}, {"天", 1}, {"日", 1}, {"days", 1}, {"day", 1}, {"星期", 7}, {"礼拜", 7}, {"周", 7},
	{"weeks", 7}, {"week", 7}, {"个月", 30}, {"月", 30}, {"months", 30}, {"month", 30}, {"年", 365}, {"years", 365}, {"year", 365},
}

// parseDuration parses a duration into days: "30天", "两周", "3 months",
// "半年", "a week".
func parseDuration(s string) (int64, error) {
	var buf [4]numTok
	for _, u := range durationUnits {
		k := strings.Index(s, u.text)
		if k < 0 {
			continue
		}
		if u.text == "半年" || u.text == "半个月" {
			return int64(u.days), nil
		}
		prefix := strings.TrimSpace(s[:k])
		n := float64(1)
		if nums := appendNumbers(buf[:0], prefix); len(nums) > 0 {
			n = nums[len(nums)-1].val
		} else {
			fields := strings.Fields(prefix)
			if len(fields) > 0 {
				if v, ok := enNumbers[fields[len(fields)-1]]; ok {
					n = float64(v)
				}
			}
		}
		if strings.Contains(prefix, "半") || strings.HasSuffix(prefix, "half a") {
			n = 0.5
		}
		return int64(n*u.days + 0.5), nil
	}
	if nums := appendNumbers(buf[:0], s); len(nums) > 0 {
		return int64(nums[0].val + 0.5), nil // a bare number counts days
	}
	return 0, fmt.Errorf("no duration in %q", s)
}

var ordinalWords = map[string]int64{
	"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4, "fifth": 5, "5th": 5,
	"sixth": 6, "6th": 6, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "last": -1, "最后": -1, "最后一": -1,
	"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6,
}

// parseOrdinal parses a position: "第二个" 2, "the 2nd one" 2, "B" 2,
// "3" 3, "最后一个" -1.
func parseOrdinal(s string) (int64, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimPrefix(t, "第")
	for _, suf := range []string{"个", "项", "条", "号", "种", "one", "option", "."} {
		t = strings.TrimSpace(strings.TrimSuffix(t, suf))
	}
	t = strings.TrimPrefix(t, "#")
	t = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(t, "no."), "number"))
	if v, ok := ordinalWords[t]; ok {
		return v, nil
	}
	if strings.HasPrefix(t, "最后") {
		return -1, nil
	}
	if isDigits(t) && len(t) <= 3 {
		v, _ := strconv.ParseInt(t, 10, 64)
		return v, nil
	}
	if v, ok := parseCNNumber(t); ok && v > 0 && v < 100 {
		return v, nil
	}
	return 0, fmt.Errorf("no position in %q", s)
}

// parseInt parses an integer written with digits or Chinese numerals.
func parseInt(s string) (int64, error) {
	var buf [4]numTok
	nums := appendNumbers(buf[:0], strings.TrimSpace(s))
	if len(nums) == 0 {
		return 0, fmt.Errorf("no integer in %q", s)
	}
	return int64(nums[0].val + 0.5), nil
}

// ---- URLs ------------------------------------------------------------------

// parseURL validates a URL a user pasted: http(s) (a missing scheme is
// added), a host with a dot, trailing punctuation trimmed.
func parseURL(s string) (string, error) {
	t := strings.TrimRight(strings.TrimSpace(s), ".,;:!?)]}>\"'，。；：！？）")
	if t == "" {
		return "", fmt.Errorf("empty URL")
	}
	low := strings.ToLower(t)
	if !strings.HasPrefix(low, "http://") && !strings.HasPrefix(low, "https://") {
		t = "https://" + t
	}
	u, err := url.Parse(t)
	if err != nil {
		return "", fmt.Errorf("not a URL: %v", err)
	}
	host := strings.ToLower(u.Hostname())
	if !strings.Contains(host, ".") || strings.HasPrefix(host, ".") || strings.HasSuffix(host, ".") {
		return "", fmt.Errorf("URL host %q is not a domain", host)
	}
	return t, nil
}

// platformOfURL names the platform a URL belongs to, or "".
func platformOfURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	h := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	h = strings.TrimPrefix(h, "m.")
	switch {
	case h == "youtube.com" || h == "youtu.be" || strings.HasSuffix(h, ".youtube.com"):
		return "youtube"
	case h == "instagram.com" || h == "instagr.am" || strings.HasSuffix(h, ".instagram.com"):
		return "instagram"
	case h == "tiktok.com" || strings.HasSuffix(h, ".tiktok.com"):
		return "tiktok"
	case h == "x.com" || h == "twitter.com" || h == "t.co" || strings.HasSuffix(h, ".twitter.com"):
		return "x"
	}
	return ""
}

// ---- strings and enums -------------------------------------------------------

var listSeps = []string{"以及", "或者", " and ", " or ", "、", ",", ";", "和", "及", "与", "或", "&", "/", "+"}

// listSepRe matches the first of listSeps (in their order) at each place.
var listSepRe = func() *regexp.Regexp {
	q := make([]string, len(listSeps))
	for i, sep := range listSeps {
		q[i] = regexp.QuoteMeta(sep)
	}
	return regexp.MustCompile(strings.Join(q, "|"))
}()

// splitList splits a capture on list separators.
func splitList(s string) []string { return listSepRe.Split(s, -1) }

// cleanString trims white space, quotes and the slot's strip affixes
// (case-insensitively), repeatedly.
func cleanString(s string, strip []string) string {
	t := s
	for changed := true; changed; {
		changed = false
		t = trimQuotes(t)
		low := strings.ToLower(t)
		for _, a := range strip {
			la := strings.ToLower(a)
			if a == "" || la == "" {
				continue
			}
			if low == la {
				return ""
			}
			if len(t) <= len(a) {
				continue
			}
			if strings.HasSuffix(low, la) {
				t, changed = strings.TrimSpace(t[:len(t)-len(a)]), true
				low = strings.ToLower(t)
			} else if strings.HasPrefix(low, la) {
				t, changed = strings.TrimSpace(t[len(a):]), true
				low = strings.ToLower(t)
			}
		}
	}
	return t
}

// trimCutset is what cleanString trims from both ends of a value besides
// white space.
const trimCutset = " \"'`“”‘’「」『』《》()（）[]【】:：,，.。!！?？"

// trimQuotes trims white space and trimCutset from both ends of s.
func trimQuotes(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(trimCutset, r) })
}

// nearest returns the candidate closest to s by edit distance (ties go to
// the earlier candidate), or "" when nothing is reasonably close.
func nearest(s string, candidates []string) string {
	s = Normalize(s)
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(s, Normalize(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	n := utf8.RuneCountInString(s)
	limit := n/2 + 1
	if limit < 2 {
		limit = 2
	}
	if bestD > limit {
		return ""
	}
	return best
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 1 << 20
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			c := prev[j-1]
			if ra[i-1] != rb[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
