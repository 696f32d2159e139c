package number

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// The comparator cue words, zh and en, in one place (issue 26): the words
// that make a count a lower or an upper bound, before or after the number.
// The condition parser's lexicon (tools/condparse), the router's count
// macros and the bound patterns of router/specs/filters.yaml (built from or
// checked against these lists) and ParseRange read them, so a bound word
// one of them knows is known to all. Every word is lower case.
var (
	// MinBefore are lower-bound words before the number: "至少 5 万",
	// "over 10k", "粉丝过十万" / "破五万" / "超三万" (past, broke, over), "不低于一万", "粉丝门槛两万", "down to 20k".
	MinBefore = []string{
		"超过", "大于", "高于", "多于", "至少", "起码", "最少", "最低", "大于等于", "门槛", "下限", "起步线",
		"过", "破", "超", "超出",
		"不少于", "不低于", "不小于", "不要低于", "不能低于", "别低于", "不要少于", "不能少于", "别少于", "别小于",
		"over", "above", "more than", "at least", "greater than", "minimum", "min", "floor", "a floor of", "floor of",
		"threshold", "bar", "lower bound", "lower limit", "down to", "no less than", "not less than", "no fewer than", "not under", "not below",
		"bigger than", "larger than", "higher than", "no lower than",
		// a count passed: "exceeding 1M", "beyond 50k" (negated, an upper
		// bound: Negations)
		"exceed", "exceeds", "exceeding", "surpass", "surpasses", "surpassing", "beyond", "go beyond", "goes beyond",
		"going beyond", "in excess of",
		// a count said with an intensifier ("way more than 300k", 明显不止
		// 三十万; audit 27): the same lower bound
		"way more than", "far more than", "much more than", "a lot more than", "way over", "way above", "far above", "far over",
		"way beyond", "well beyond", "well above", "不止", "明显不止", "肯定不止", "远不止", "远远不止", "绝对不止", "远超", "远远超过", "明显超过",
		// Spanish and Portuguese (issue 26, class B1): "más de 20 mil",
		// "mais de 50 mil", "al menos", "pelo menos"
		"más de", "mas de", "mais de", "al menos", "por lo menos", "pelo menos", "no menos de", "arriba de", "acima de",
		"por encima de", "superior a", "como mínimo", "como minimo", "no mínimo", "mínimo de", "minimo de",
		// German: "über 1,5 Mio", "mehr als", "mindestens"
		"über", "mehr als", "mindestens",
		">", ">=", "≥",
	}
	// MaxBefore are upper-bound words before the number: "不超过 5 万",
	// "under 50k", "粉丝上限二十万", "cap followers at 50k".
	MaxBefore = []string{
		"不超过", "不要超过", "别超过", "不能超过", "不多于", "不高于", "不要高于", "不能高于", "不要多于", "不要大于", "别多于", "别高于", "别大于",
		"低于", "少于", "小于", "不到", "不足", "不满", "至多", "最多", "最高", "小于等于", "上限", "封顶",
		"under", "below", "less than", "fewer than", "at most", "no more than", "not more than", "not over",
		"not above", "no higher than", "up to", "maximum", "max", "cap", "capped at", "cap at", "ceiling", "smaller than", "lower than",
		"a ceiling of", "ceiling of", "upper bound", "upper limit",
		// the same said with an intensifier (audit 27)
		"way less than", "far less than", "much less than", "way under", "way below", "far below", "far under",
		"远低于", "远远低于", "明显低于", "远不到", "远远不到",
		// Spanish and Portuguese: "hasta 200 mil", "até 80 mil", "menos de"
		"hasta", "até", "menos de", "no más de", "no mas de", "não mais de", "nao mais de", "abaixo de", "por debajo de",
		"como máximo", "como maximo", "no máximo", "máximo de", "maximo de",
		// German: "bis zu", "weniger als", "höchstens"
		"bis zu", "weniger als", "höchstens",
		"<", "<=", "≤",
	}
	// MinAfter are lower-bound words after the number: "1w+", "10万以上",
	// "两万往上", "三万开外", "五千打底", "50k or more", "200k followers minimum".
	MinAfter = []string{
		"+", "以上", "以上的", "及以上", "或以上", "起", "起步", "起跳", "往上", "开外", "打底", "多", "多的",
		"plus", "or more", "and up", "and above", "or above", "minimum", "at minimum", "at the least",
		// "20 mil o más", "50 mil ou mais", "10 mil como mínimo"
		"o más", "o mas", "ou mais", "como mínimo", "como minimo", "para arriba", "pra cima", "para cima", "en adelante", "no mínimo",
	}
	// MaxAfter are upper-bound words after the number: "5万以下",
	// "10万以内", "50k or less", "100k max".
	MaxAfter = []string{
		"以下", "及以下", "或以下", "以内", "之内", "内",
		"or less", "or fewer", "and below", "and under", "or below", "max", "maximum", "at most", "tops",
		// "100 mil o menos", "80 mil ou menos", "como máximo"
		"o menos", "ou menos", "como máximo", "como maximo", "no máximo", "máximo", "maximo",
	}
	// NegatedMax are the lower bounds of MinBefore spelled as a negated
	// upper bound ("不低于", "no less than"): the upper-bound word inside
	// them does not count.
	NegatedMax = []string{
		"不低于", "不少于", "不小于", "不要低于", "不能低于", "别低于", "不要少于", "不能少于", "别少于", "别小于",
		"no less than", "not less than", "no fewer than", "not under", "not below", "no lower than",
		"por lo menos", "pelo menos", "no menos de",
	}
	// Negations turn the bound word right after them around (audit 25):
	// "not exceed 1M", "shouldn't be over 80k", "never going beyond
	// 150k", 不超出二十万, 不能超出五十万 are upper bounds, as "no more than"
	// and 不超过 are; an English word ending in n't is one too
	// (IsNegation). NegationGlue may stand between the two ("not be
	// over", "not go over", "not to exceed"). A one-rune bound after 不
	// is no verb of one (不过 is "but"): NegatesBound.
	Negations = []string{"not", "never", "cannot", "不", "不要", "别", "不能", "不可", "不可以", "不得", "不会", "不应", "不应该", "不许"}
	// NegationGlue are the words a negation may have before the bound
	// word it turns.
	NegationGlue = []string{"be", "go", "get", "getting", "to", "grow", "growing"}
)

// IsNegation reports whether w (lower case, trimmed) is one of Negations
// or an English word ending in n't ("shouldn't", "mustn't").
func IsNegation(w string) bool {
	if slices.Contains(Negations, w) {
		return true
	}
	for _, suf := range []string{"n't", "n’t"} {
		if rest, ok := strings.CutSuffix(w, suf); ok && rest != "" && isASCIIWord(rest) {
			return true
		}
	}
	return false
}

// NegatesBound reports whether a negation turns the bound word b around:
// never a one-rune CJK bound ("不过" is "but", "别过" a warning).
func NegatesBound(b string) bool {
	return !(utf8.RuneCountInString(b) == 1 && !isASCIIWord(b))
}

func isASCIIWord(s string) bool {
	for _, r := range s {
		if !isASCIILetter(r) {
			return false
		}
	}
	return s != ""
}

// substringUnsafe are upper-bound words ParseRange does not look for as
// substrings of a whole sentence: each is part of common words that are
// no bound ("国内", "播放量最高的", "capcut", "stops").
var substringUnsafe = map[string]bool{"内": true, "最高": true, "tops": true, "cap": true}

// sentenceMaxCues are the upper-bound words ParseRange finds anywhere in
// its text: MaxBefore and MaxAfter but substringUnsafe, and "within".
func sentenceMaxCues() []string {
	var out []string
	for _, list := range [][]string{MaxBefore, MaxAfter} {
		for _, w := range list {
			if !substringUnsafe[w] {
				out = append(out, w)
			}
		}
	}
	return append(out, "within")
}
