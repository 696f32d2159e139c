package contract

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"searchagent/tools/number"
	"searchagent/tools/taxonomy"
)

// Claims are the facts of one turn that text the model wrote may state
// (issue 27, DESIGN "Contract"): the schema checks a sentence's shape, the
// claim checks its truth. Template text is written from these facts and
// needs no claim check; model text does.
type Claims struct {
	// Locale is the session's locale: the text is in its language.
	Locale string `json:"locale"`
	// Figures are the numbers of the turn a text may quote: the results
	// total, the results shown, the counts of repair and question options.
	Figures []int64 `json:"figures"`
	// Conditions is the session's Condition Graph: a country, language or
	// category a text names must be one of its values, a follower, view or
	// day figure one of its numbers.
	Conditions []Condition `json:"conditions"`
	// Known are strings the user or the catalog wrote (tags, the follow-up,
	// the anchor, option labels, condition labels): a text may quote them.
	Known []string `json:"known"`
	// Items is the number of keyword tags and conditions: a summary that
	// lists some may count the rest ("等 21 项", "+21 more").
	Items int `json:"items,omitempty"`
}

// ClaimText is one sentence the model wrote, with its JSON pointer in the
// slot document ("/status/text", "/task_summary").
type ClaimText struct {
	Pointer string `json:"pointer"`
	Text    string `json:"text"`
}

// CheckClaims checks sentences the model wrote against the turn's claims:
//
//   - UNGROUNDED_CLAIM: a country, language or category the graph does not
//     hold, or a follower, view or day figure that is none of its numbers;
//   - COUNT_MISMATCH: any other number that is not a figure of the turn
//     ("找到 999 个频道" when 482 are found);
//   - WRONG_LOCALE: a text outside the session's language (quoted user
//     strings aside);
//   - INTERNAL_TEXT: a URL, a handle or a code identifier the user did not
//     type.
func CheckClaims(cl Claims, texts []ClaimText) []Violation {
	var out []Violation
	add := func(code Code, p, check string, m msg) {
		out = append(out, Violation{Code: code, InstanceLocation: p, KeywordLocation: "contract:" + check, Message: m.in(cl.Locale)})
	}
	allowed := cl.figures()
	for _, t := range texts {
		if strings.TrimSpace(t.Text) == "" {
			continue
		}
		masked := maskStrings(t.Text, cl.Known)
		if m := urlRe.FindString(masked); m != "" {
			add(InternalIdentifier, t.Pointer, "no_urls", mf("%s shows %q: no links or handles in a sentence; the page shows them itself", "%s 里出现了 %q：句子里不写链接或账号，页面会自己显示", slotName(t.Pointer), m))
		} else {
			for _, p := range internals[:3] {
				if m := p.re.FindString(masked); m != "" {
					add(InternalIdentifier, t.Pointer, "no_identifiers", mf("%s shows the code %q: write words for the user", "%s 里出现了代码 %q：请写给用户看的话", slotName(t.Pointer), m))
					break
				}
			}
		}
		if bad := wrongLocale(masked, cl.Locale); bad {
			add(WrongLocale, t.Pointer, "locale", mf("%s is not written in the session's language (%s)", "%s 不是会话语言（%s）写的", slotName(t.Pointer), cl.Locale))
		}
		for _, f := range number.Find(masked) {
			if slices.Contains(allowed, f.Value) || f.Value <= int64(cl.Items) && restCount(masked, f.Start, f.End) {
				continue
			}
			got := masked[f.Start:f.End]
			if figureWord(masked, f.Start, f.End) {
				add(UngroundedClaim, t.Pointer, "figures", mf("%s states %q, which is no figure of the search's conditions", "%s 写了 %q，但搜索条件里没有这个数", slotName(t.Pointer), got))
				continue
			}
			add(CountMismatch, t.Pointer, "counts", mf("%s states %q; the turn's figures are %s", "%s 写了 %q；本轮的数字是 %s", slotName(t.Pointer), got, figureList(cl.Figures)))
		}
		for _, v := range []struct {
			field string
			voc   *taxonomy.Vocabulary
		}{{"country", taxonomy.Countries}, {"language", taxonomy.Languages}, {"category", taxonomy.Categories}} {
			for _, name := range namedTerms(masked, v.voc) {
				if !cl.holds(v.field, name.Term.Code) {
					add(UngroundedClaim, t.Pointer, "conditions", mf("%s names %q, which is not a condition of this search", "%s 提到了“%s”，但它不是本次搜索的条件", slotName(t.Pointer), name.Name))
				}
			}
		}
	}
	return out
}

// figures are the numbers a text may state: the turn's figures and every
// number of the graph's values and labels and of the known strings.
func (cl Claims) figures() []int64 {
	// One is everywhere in running text (一个问题, 放宽一个条件, "one
	// condition"): it is never read as a claim.
	out := append(slices.Clone(cl.Figures), 1)
	for _, c := range cl.Conditions {
		out = appendNumbers(out, JSONValue(c.Value))
		for _, f := range number.Find(c.Label) {
			out = append(out, f.Value)
		}
	}
	for _, k := range cl.Known {
		for _, f := range number.Find(k) {
			out = append(out, f.Value)
		}
	}
	return out
}

func appendNumbers(out []int64, v any) []int64 {
	switch x := v.(type) {
	case json.Number:
		if n, err := strconv.ParseFloat(string(x), 64); err == nil {
			out = append(out, int64(n))
		}
	case float64:
		out = append(out, int64(x))
	case []any:
		for _, e := range x {
			out = appendNumbers(out, e)
		}
	case map[string]any:
		for _, e := range x {
			out = appendNumbers(out, e)
		}
	case string:
		for _, f := range number.Find(x) {
			out = append(out, f.Value)
		}
	}
	return out
}

// holds reports whether the graph has a condition on field with code
// among its values.
func (cl Claims) holds(field, code string) bool {
	for _, c := range cl.Conditions {
		if c.Field != field {
			continue
		}
		var vals []string
		switch x := JSONValue(c.Value).(type) {
		case string:
			vals = []string{x}
		case []any:
			for _, e := range x {
				if s, ok := e.(string); ok {
					vals = append(vals, s)
				}
			}
		}
		if slices.ContainsFunc(vals, func(v string) bool { return strings.EqualFold(v, code) }) {
			return true
		}
	}
	return false
}

// figureWords mark a number as a condition figure (followers, views,
// days) rather than a count of the turn.
var figureWords = []string{"粉丝", "订阅", "关注", "播放", "均播", "天", "周", "月", "follower", "subscriber", "sub", "view", "day", "week", "month", "万粉"}

// figureWord reports whether a figure word stands right before or after
// the number at s[a:b].
func figureWord(s string, a, b int) bool {
	before := lowerASCII(s[max(0, a-12):a])
	after := lowerASCII(s[b:min(len(s), b+14)])
	for _, w := range figureWords {
		if strings.HasPrefix(strings.TrimLeft(after, " +≥≤<>=以上下内"), w) || strings.HasSuffix(strings.TrimRight(before, " ≥≤<>=:："), w) {
			return true
		}
	}
	return false
}

// restCount reports whether the number at s[a:b] counts the items a
// list left out: "等 21 项", "+21 more".
func restCount(s string, a, b int) bool {
	after := strings.TrimLeft(s[b:], " ")
	return strings.HasPrefix(after, "项") || strings.HasPrefix(after, "more") || a > 0 && s[a-1] == '+'
}

func figureList(fs []int64) string {
	var parts []string
	for _, f := range fs {
		s := strconv.FormatInt(f, 10)
		if !slices.Contains(parts, s) {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ", ")
}

// namedTerms are the vocabulary terms a text names: Chinese names
// anywhere, Latin names as whole words (case-insensitive from four
// letters; shorter ones, such as "US", only as written).
func namedTerms(s string, voc *taxonomy.Vocabulary) []taxonomy.NamedTerm {
	var out []taxonomy.NamedTerm
	lower := lowerASCII(s)
	taken := make([]bool, len(s))
	for _, n := range voc.Names() {
		name := n.Name
		if name == "" {
			continue
		}
		// Latin names count as written as a name (capitalised: "Japan",
		// "Home"), so that "home page" or "music" in running English is
		// no claim; codes of three letters or less only as written ("US").
		hay, needle := s, name
		if isASCII(name) && len(name) > 3 {
			hay, needle = lower, lowerASCII(name)
		}
		for i := 0; i <= len(hay); {
			k := strings.Index(hay[i:], needle)
			if k < 0 {
				break
			}
			a, b := i+k, i+k+len(needle)
			i = a + 1
			if isASCII(name) && (a > 0 && isWordByte(hay[a-1]) || b < len(hay) && isWordByte(hay[b]) || !('A' <= s[a] && s[a] <= 'Z')) {
				continue
			}
			if slices.Contains(taken[a:b], true) {
				continue // inside a longer name already read
			}
			for j := a; j < b; j++ {
				taken[j] = true
			}
			out = append(out, n)
			break
		}
	}
	return out
}

// maskStrings blanks every occurrence of a known string (ASCII
// case-insensitive), so that only what the writer wrote is read.
func maskStrings(s string, known []string) string {
	b := []byte(s)
	lower := lowerASCII(s)
	ks := slices.Clone(known)
	slices.SortFunc(ks, func(a, b string) int { return len(b) - len(a) })
	for _, k := range ks {
		k = strings.TrimSpace(k)
		if len(k) < 2 {
			continue
		}
		lk := lowerASCII(k)
		for i := 0; ; {
			j := strings.Index(lower[i:], lk)
			if j < 0 {
				break
			}
			for x := i + j; x < i+j+len(lk); x++ {
				b[x] = ' '
			}
			i += j + len(lk)
		}
	}
	return string(b)
}

// wrongLocale reports a text that is not in the locale's language: a
// Chinese session's text without a Chinese character, or with more Latin
// words than Chinese characters; an English session's text with one.
func wrongLocale(s, locale string) bool {
	han, latinWords := 0, 0
	inWord := false
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			han++
		}
		isLetter := r < unicode.MaxASCII && unicode.IsLetter(r)
		if isLetter && !inWord {
			latinWords++
		}
		inWord = isLetter
	}
	if strings.HasPrefix(strings.ToLower(locale), "zh") {
		return latinWords > 0 && (han == 0 || latinWords > han)
	}
	return han > 0
}

// modelTexts are the sentences of a slot document the model writes: the
// status text and the task summary.
func modelTexts(doc any) []ClaimText {
	m, _ := doc.(map[string]any)
	var out []ClaimText
	if st, ok := m[SlotStatus].(map[string]any); ok {
		if t, ok := st["text"].(string); ok {
			out = append(out, ClaimText{Pointer: "/status/text", Text: t})
		}
	}
	if t, ok := m[SlotTaskSummary].(string); ok {
		out = append(out, ClaimText{Pointer: "/task_summary", Text: t})
	}
	return out
}
