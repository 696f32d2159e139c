package router

import (
	"fmt"
	"net/url"
	"regexp"
	"searchagent/tools/number"
	"searchagent/tools/textmatch"
	"slices"
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
	SlotRatio     SlotType = "ratio"
	SlotEnum      SlotType = "enum"
	SlotURL       SlotType = "url"
	SlotPlatform  SlotType = "platform"
	SlotCountry   SlotType = "country"
	SlotLanguage  SlotType = "language"
	SlotScope     SlotType = "scope"
	SlotCategory  SlotType = "category"
	SlotDuration  SlotType = "duration"
	SlotOrdinal   SlotType = "ordinal"
	SlotCondition SlotType = "condition"
)

var knownSlotTypes = map[SlotType]bool{
	SlotString: true, SlotInt: true, SlotCount: true, SlotRatio: true, SlotEnum: true, SlotURL: true,
	SlotPlatform: true, SlotCountry: true, SlotLanguage: true, SlotScope: true, SlotCategory: true,
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
// is {Max: 50000}. A bare number is a lower bound. It is the vocabulary's
// number.Range.
type CountRange = number.Range

// ---- numbers ---------------------------------------------------------------
//
// Numbers are read by tools/number, the project's one zh/en number
// parser; durations and positions add their own words around it.

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// parseCount parses a count expression into a range.
func parseCount(s string) (CountRange, error) { return number.ParseRange(s) }

// percentNum is a percentage's number, with its sign.
var percentNum = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(?:%|percent\b|pct\b)?`)

// parseRatio parses a ratio expression ("over 2.5%", "3%-8%", "5% 以上")
// into a range in basis points (100 per percent): every number is a
// percentage, with or without its sign.
func parseRatio(s string) (CountRange, error) {
	bp := percentNum.ReplaceAllStringFunc(s, func(m string) string {
		num := percentNum.FindStringSubmatch(m)[1]
		whole, frac, _ := strings.Cut(num, ".")
		frac = (frac + "00")[:2]
		n, _ := strconv.ParseInt(whole+frac, 10, 64)
		return strconv.FormatInt(n, 10)
	})
	return number.ParseRange(bp)
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
		counted := false
		if nums := number.Find(prefix); len(nums) > 0 {
			n, counted = float64(nums[len(nums)-1].Value), true
		} else {
			fields := strings.Fields(prefix)
			if len(fields) > 0 {
				if v, ok := number.EnglishWord(fields[len(fields)-1]); ok {
					n = float64(v)
				}
			}
		}
		switch {
		case counted && strings.HasSuffix(prefix, "个半"):
			// "一个半月", "两个半月": the count and a half.
			n += 0.5
		case strings.Contains(prefix, "半") || strings.HasSuffix(prefix, "half a"):
			n = 0.5
		}
		return int64(n*u.days + 0.5), nil
	}
	if nums := number.Find(s); len(nums) > 0 {
		return nums[0].Value, nil // a bare number counts days
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
	if v, ok := ordinalWords[t]; ok {
		return v, nil // "one", "two" said whole ("more like number one")
	}
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
	if v, err := strconv.ParseInt(t, 10, 64); err == nil && len(t) <= 3 && strings.Trim(t, "0123456789") == "" {
		return v, nil
	}
	if v, ok := number.ParseCount(t); ok && v > 0 && v < 100 {
		return v, nil
	}
	return 0, fmt.Errorf("no position in %q", s)
}

// parseInt parses an integer written with digits or Chinese numerals.
func parseInt(s string) (int64, error) {
	nums := number.Find(strings.TrimSpace(s))
	if len(nums) == 0 {
		return 0, fmt.Errorf("no integer in %q", s)
	}
	return nums[0].Value, nil
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

// splitList splits a capture on list separators: at each place the first
// of listSeps (in their order) that starts there; the pieces between
// separators are kept, empty ones included.
func splitList(s string) []string {
	var out []string
	beg := 0
	for i := 0; i < len(s); i++ {
		if !sepFirst[s[i]] {
			continue
		}
		if n := sepAt(s[i:]); n > 0 {
			out = append(out, s[beg:i])
			i += n - 1
			beg = i + 1
		}
	}
	return append(out, s[beg:])
}

// sepFirst marks the first bytes of listSeps.
var sepFirst = func() (t [256]bool) {
	for _, sep := range listSeps {
		t[sep[0]] = true
	}
	return t
}()

// sepAt is the length of the first list separator s starts with, or 0.
func sepAt(s string) int {
	for _, sep := range listSeps {
		if strings.HasPrefix(s, sep) {
			return len(sep)
		}
	}
	return 0
}

// affix is a strip affix as the spec wrote it and lower-cased, computed
// once at Compile time.
type affix struct{ text, low string }

// affixes are a slot's strip affixes; ends marks the first and last bytes
// of their lower-case forms (a value that begins and ends with neither
// has none to strip).
type affixes struct {
	list []affix
	ends [256]bool
}

// lowerAffixes pairs each strip affix with its lower-case form.
func lowerAffixes(strip []string) *affixes {
	out := &affixes{list: make([]affix, len(strip))}
	for i, a := range strip {
		out.list[i] = affix{a, strings.ToLower(a)}
		if la := out.list[i].low; la != "" {
			out.ends[la[0]], out.ends[la[len(la)-1]] = true, true
		}
	}
	return out
}

// trimLead removes one light verb of lead from the start of v when two or
// more runes remain (SlotSpec.Lead).
func trimLead(v string, lead []string) string {
	for _, l := range lead {
		if rest, ok := strings.CutPrefix(v, l); ok && utf8.RuneCountInString(strings.TrimSpace(rest)) >= 2 && !textmatch.BoundLead(l, rest) {
			return strings.TrimSpace(rest)
		}
	}
	return v
}

// cleanString trims white space, quotes and the slot's strip affixes
// (case-insensitively), repeatedly.
func cleanString(s string, strip *affixes) string {
	t := s
	for changed := true; changed; {
		changed = false
		t = trimQuotes(t)
		low := strings.ToLower(t)
		if low == "" || !strip.ends[low[0]] && !strip.ends[low[len(low)-1]] {
			break // no affix begins or ends it
		}
		for _, af := range strip.list {
			a, la := af.text, af.low
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

// ordinalsRe finds the positions a text names ("第一个和第三个", "the 2nd
// and 4th").
var ordinalsRe = regexp.MustCompile(`(?i)` + ordinalRe)

// Ordinals are the result positions text names, in order ("第一个和第三个"
// → 1, 3; "the last one" → -1), each once.
func Ordinals(text string) []int64 {
	var out []int64
	for _, m := range ordinalsRe.FindAllString(strings.ToLower(text), -1) {
		if v, err := parseOrdinal(m); err == nil && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}
