package textnorm

import (
	"strings"
	"unicode/utf8"
)

// cantoneseWords (in Simplified script, as OpenCC folds 搵 to 揾, but for
// 係, matched as typed: its simplified form 系 is also a noun) maps
// written Cantonese function words (and 打机, "play
// video games") to the Mandarin words the reading rules know, longest
// first. Every pair has the same rune count and every rune the same
// UTF-8 length, so a span read on the folded text is a span of the text
// as typed (as with Simplify). The table reads Simplified or Traditional
// script (係, 邊 fold with the rest of the text). ctx marks a pair whose
// Cantonese form is also a Mandarin word or a piece of one ("边个" in
// "那边个子高", 系 in 关系): it folds only in a text that holds an
// unambiguous Cantonese word.
var cantoneseWords = []struct {
	from, to string
	ctx      bool
}{
	{"冇所谓", "无所谓", false},
	// a verb before 多啲 ("a few more") is said before it in Mandarin:
	// 搵多啲 "find some more" is 多找些, 睇多啲 多看些
	{"揾多啲", "多找些", false},
	{"睇多啲", "多看些", false},
	{"揾多几", "多找几", false},
	// 啲 after an adjective is "a bit" (多啲 "more", 大啲 "bigger"):
	// Mandarin 点, never 些
	{"多啲", "多点", false},
	{"少啲", "少点", false},
	{"大啲", "大点", false},
	{"细啲", "小点", false},
	{"高啲", "高点", false},
	{"低啲", "低点", false},
	{"唔要", "不要", false},
	{"唔好", "不要", false},
	{"唔使", "不用", false},
	{"唔该", "谢谢", false},
	{"边度", "哪里", false},
	{"边处", "哪里", false},
	{"边啲", "哪些", false},
	{"边个", "哪个", true},
	{"边间", "哪家", true},
	{"打机", "游戏", false},
	{"嘅", "的", false},
	{"啲", "些", false},
	{"哋", "们", false},
	{"揾", "找", false},
	{"佢", "他", false},
	{"咗", "了", false},
	{"喺", "在", false},
	{"睇", "看", false},
	{"冇", "没", false},
	{"係", "是", false},
	{"唔", "不", true},
	{"系", "是", true},
}

// cantoneseMarks are runes only written Cantonese uses: a text holding
// one reads the table's context pairs too.
const cantoneseMarks = "嘅啲哋搵揾佢咗喺睇冇嚟咩乜嘢畀唔"

// notCopula are the runes before 系 or 係 that make it a noun's piece
// (关系, 体系, 联系, 派系, 母系…), never the verb 是.
const notCopula = "关關联聯维維体體派世星水父母直旁谱譜院族干幹"

// CantoneseFold is the reading of written Cantonese as the Mandarin it
// stands for: s with its Cantonese function words (唔要/唔好/唔使, 嘅, 啲,
// 哋, 搵, 边度/边个, 係, 冇, 佢, 咗, 喺, 睇) and 打机 replaced by their
// Mandarin words ("唔要打机嘅" → "不要游戏的", "我哋係" → "我们是"), every
// rune at the byte offset it had in s, and the words so read, as typed,
// in text order. Text between quotation marks ("…", “…”, 「…」, 『…』) is
// a term the user typed and is kept; so is any rune outside the table
// (English, digits, other scripts). s may be Simplified or Traditional;
// the result keeps the script of the runes it does not fold.
func CantoneseFold(s string) (string, []string) {
	if !hasCantonese(s) {
		return s, nil
	}
	rs := []rune(s)
	ctx := strings.ContainsAny(s, cantoneseMarks) || copula(rs)
	simp := []rune(Simplify(s))
	quoted := quotedRunes(rs)
	var words []string
	for i := 0; i < len(rs); {
		n, typed := 0, ""
		if !quoted[i] {
			typed = string(rs[i:min(i+3, len(rs))])
			n = foldAt(rs, simp, i, ctx)
		}
		if n == 0 {
			i++
			continue
		}
		words = append(words, string([]rune(typed)[:n]))
		i += n
	}
	if len(words) == 0 {
		return s, nil
	}
	return string(rs), words
}

// foldAt folds the table word at rune i of rs (simp is rs simplified),
// in place, and returns its rune count, 0 when none starts there.
func foldAt(rs, simp []rune, i int, ctx bool) int {
	for _, w := range cantoneseWords {
		if w.ctx && !ctx {
			continue
		}
		from, to := []rune(w.from), []rune(w.to)
		if i+len(from) > len(rs) || string(simp[i:i+len(from)]) != w.from && string(rs[i:i+len(from)]) != w.from {
			continue
		}
		if !cantoneseFits(rs, simp, i, len(from), w.from) {
			continue
		}
		for k, r := range to {
			if utf8.RuneLen(r) != utf8.RuneLen(rs[i+k]) {
				return 0
			}
		}
		copy(rs[i:], to)
		return len(from)
	}
	return 0
}

// cantoneseFits rules out a table word that here is a piece of another
// word: 系 or 係 after a noun's first rune (关系), 唔 not before a Han
// rune (the Mandarin interjection "唔，").
func cantoneseFits(rs, simp []rune, i, n int, from string) bool {
	switch from {
	case "系", "係":
		return i == 0 || !strings.ContainsRune(notCopula, rs[i-1]) && !strings.ContainsRune(notCopula, simp[i-1])
	case "唔":
		return i+1 < len(rs) && IsCJK(rs[i+1])
	}
	return true
}

// copula reports a 係 that is the verb 是 (not after a noun's first rune,
// as in 關係): written Cantonese, as 嘅 is.
func copula(rs []rune) bool {
	for i, r := range rs {
		if r == '係' && (i == 0 || !strings.ContainsRune(notCopula, rs[i-1])) {
			return true
		}
	}
	return false
}

// hasCantonese reports whether s may hold a table word: a rune of the
// table's words in either script.
func hasCantonese(s string) bool {
	for _, r := range s {
		if r < 0x4E00 {
			continue
		}
		if strings.ContainsRune(cantoneseRunes, SimplifyRune(r)) {
			return true
		}
	}
	return false
}

// cantoneseRunes are the first runes of the table's words.
var cantoneseRunes = func() string {
	var b strings.Builder
	for _, w := range cantoneseWords {
		r, _ := utf8.DecodeRuneInString(w.from)
		b.WriteRune(r)
	}
	return b.String()
}()

// quotedRunes marks the runes of rs inside a pair of quotation marks.
func quotedRunes(rs []rune) []bool {
	q := make([]bool, len(rs))
	var close rune
	start := -1
	for i, r := range rs {
		if start >= 0 {
			if r == close {
				for k := start; k < i; k++ {
					q[k] = true
				}
				start = -1
			}
			continue
		}
		switch r {
		case '"':
			close = '"'
		case '“':
			close = '”'
		case '「':
			close = '」'
		case '『':
			close = '』'
		case '‘':
			close = '’'
		default:
			continue
		}
		start = i
	}
	return q
}
