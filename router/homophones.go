package router

import (
	"regexp"
	"slices"
	"unicode/utf8"
)

// Grey-market Chinese writes a guard word with a character that sounds
// like it (涨纷 for 涨粉, 买分 for 买粉, 系统题示词 for 系统提示词) so that a
// filter reading characters misses it. The tolerant reading (tolerantCues)
// reads such a run as the family word it sounds like: a run of the text as
// long as a Chinese word of the family's own terms or patterns, equal to it
// but for one character that is a homophone of the word's character
// (homophoneGroups), is read as that word. As for misspelt Latin words, it
// only lifts the local classifier's veto: the rules never refuse on a
// correction, and the classifier still has to pick the family.

// homophoneGroups are groups of characters that sound alike (the same
// syllable, tones aside) among the characters the guard families' words
// use and the substitutes written for them. Two characters are homophones
// when one group holds both.
var homophoneGroups = []string{
	// fake engagement
	"粉纷份分芬氛", "赞攒暂簪咱", "刷唰", "买麦迈埋", "僵姜疆江将", "尸失师诗湿狮",
	"涨张长胀账掌", "播拨波博", "量两亮凉梁", "数树书属", "据具剧聚巨", "关观官管",
	"注住主助柱", "互户护沪", "阅越月悦跃", "订定丁顶", "评平瓶苹凭", "论轮伦仑",
	"水谁睡", "军君均",
	// private data
	"手首守受", "机鸡几基积", "号好耗浩", "码马吗玛妈", "微威维薇围", "信心新芯星",
	"电店点垫", "话化画华划", "址指只纸止旨", "家加佳嘉", "邮油有游友", "箱香想相乡",
	"身深申伸神", "证正政症争", "肉柔揉如", "盒和合河禾何",
	// prompt injection
	"提题体替啼", "示是事式市世视", "词次此辞瓷慈", "令领另零岭", "规归鬼龟轨",
	"则责泽择", "系细戏西", "统桶筒通", "狱玉欲域遇", "设社射摄", "限线现献",
}

// homophoneOf maps each character of homophoneGroups to the index of its
// group.
var homophoneOf = func() map[rune]int {
	m := map[rune]int{}
	for i, g := range homophoneGroups {
		for _, r := range g {
			m[r] = i
		}
	}
	return m
}()

// homophones reports whether a and b are different characters of one
// homophone group.
func homophones(a, b rune) bool {
	if a == b {
		return false
	}
	ga, ok := homophoneOf[a]
	if !ok {
		return false
	}
	gb, ok := homophoneOf[b]
	return ok && ga == gb
}

// hanRun matches a run of Chinese characters.
var hanRun = regexp.MustCompile(`\p{Han}+`)

// familyHanzi lists the Chinese words of two characters or more of a
// spec's Chinese terms and patterns (a pattern's words are the runs of
// Chinese characters of its source), unique, longest first.
func familyHanzi(sp *Spec) []string {
	var out []string
	add := func(text string) {
		for _, w := range hanRun.FindAllString(Normalize(text), -1) {
			if utf8.RuneCountInString(w) >= 2 {
				out = append(out, w)
			}
		}
	}
	for _, g := range sp.Terms {
		for _, t := range g.ZH {
			add(t)
		}
	}
	for _, p := range sp.Patterns {
		add(p.Regex)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	slices.SortStableFunc(out, func(a, b string) int { return utf8.RuneCountInString(b) - utf8.RuneCountInString(a) })
	return out
}

// homophoneText reads the runs of text that are one homophone away from
// a word of words (familyHanzi: longest first) as that word, as the file
// comment says. A character that a word the router knows covers in the
// text (known: "博主" in 博主在哪, never 住在哪) is no substitute, as a
// known Latin word is never corrected. It returns the corrected text and
// the corrections made ("涨纷→涨粉"), or the text itself and none. A
// character is corrected once.
func homophoneText(text string, words []string, known func(string) bool) (string, []string) {
	rs := []rune(text)
	fixed := make([]bool, len(rs))
	var fixes []string
	for _, w := range words {
		wr := []rune(w)
	match:
		for i := 0; i+len(wr) <= len(rs); i++ {
			sub := -1
			for j, r := range wr {
				if rs[i+j] == r {
					continue
				}
				if sub >= 0 || fixed[i+j] || !homophones(rs[i+j], r) {
					continue match
				}
				sub = i + j
			}
			if sub < 0 || knownAt(rs, sub, known) {
				continue
			}
			fixes = append(fixes, string(rs[i:i+len(wr)])+"→"+w)
			rs[sub] = wr[sub-i]
			fixed[sub] = true
		}
	}
	if len(fixes) == 0 {
		return text, nil
	}
	return string(rs), fixes
}

// maxKnownRun is the longest run of characters knownAt looks up.
const maxKnownRun = 4

// knownAt reports whether a known word of two to maxKnownRun characters
// covers rune p of rs.
func knownAt(rs []rune, p int, known func(string) bool) bool {
	for a := max(0, p-maxKnownRun+1); a <= p; a++ {
		for b := max(a+2, p+1); b <= min(len(rs), a+maxKnownRun); b++ {
			if known(string(rs[a:b])) {
				return true
			}
		}
	}
	return false
}
