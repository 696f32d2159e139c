package condparse

import (
	"slices"
	"strings"
	"unicode/utf8"

	"searchagent/tools/condition"
	"searchagent/tools/number"
)

// "My size" with a stated size (audit 29, class 5): "similar size to me,
// I have 300k", 差不多体量，我三十万粉, "channels around my size (80k
// subs)" ask for creators about as big as the writer, whatever the word
// order: the writer's bare follower count is a band around it (the band
// of an approximate count, "about 40k"), never a floor; the words that
// say it are frame, never a ranking term.

// sameSizeCues say the creators wanted are the writer's size (folded).
var sameSizeCues = []string{
	"about my size", "around my size", "my size", "our size", "my own size", "same size as me", "same size as mine", "same size as us",
	"similar size to me", "similar size to mine", "similar size to us", "similar size as me", "similar in size to me", "similar in size to us",
	"similar-sized", "similarly sized", "similar sized", "size like mine", "sized like mine", "similar size", "same size", "comparable size",
	"comparable in size", "my tier", "same tier as me", "same tier as us", "my scale",
	"同量级", "同等量级", "同一量级", "一个量级", "差不多体量", "体量差不多", "体量相当", "体量相近", "相近体量", "同体量", "差不多大",
	"跟我差不多", "和我差不多", "跟我一样大", "和我一样大", "跟我体量", "和我体量", "同级别",
}

// sameSize makes the one bare follower count of an input that says "my
// size" a band around it, and the cue's tokens frame.
func (st *state) sameSize() {
	low := strings.ToLower(string(st.t.norm))
	var spans [][2]int
	for _, c := range sameSizeCues {
		for from := 0; ; {
			k := strings.Index(low[from:], c)
			if k < 0 {
				break
			}
			b := from + k
			s := utf8.RuneCountInString(low[:b])
			e := s + utf8.RuneCountInString(c)
			if strings.HasPrefix(low[b+len(c):], "的") {
				e++ // "同量级的": the 的 goes with it
			}
			spans = append(spans, [2]int{s, e})
			from = b + len(c)
		}
	}
	if len(spans) == 0 {
		return
	}
	// the writer comparing sizes speaks a sentence, never keywords
	st.sig.Sentence = true
	var bare []*pcond
	for _, pc := range st.conds {
		if pc.c.Field == condition.Followers && !pc.dropped && !pc.neg && pc.hasLo && !pc.hasHi && !st.saysLowerBound(pc) {
			bare = append(bare, pc)
		}
	}
	for k := range st.toks {
		tk := &st.toks[k]
		if tk.kind == tkSpace || !st.free(k) {
			continue
		}
		if slices.ContainsFunc(spans, func(r [2]int) bool { return r[0] <= tk.s && tk.e <= r[1] }) {
			tk.role = roleFiller
		}
	}
	if len(bare) == 0 {
		// "similar size to me, I have 300k": the writer's figure with no
		// field word is their follower count
		var nums []int
		for k := range st.toks {
			if tk := &st.toks[k]; tk.kind == tkNum && st.free(k) && tk.num.Unit && !tk.num.Percent && tk.num.Value >= 1000 {
				nums = append(nums, k)
			}
		}
		if len(nums) == 1 {
			v := st.toks[nums[0]].num.Value
			pc := countCond(condition.Followers, v, 0, true, false)
			pc.c.Issues = []string{IssueFieldAssumed}
			st.add(pc, nums[0], nums[0])
			bare = append(bare, pc)
		}
	}
	if len(bare) != 1 {
		return
	}
	pc := bare[0]
	st.writerCount(pc)
	v := pc.lo
	band := countCond(condition.Followers, v-v/5, v+v/5, true, true)
	pc.c.Op, pc.c.Value = band.c.Op, band.c.Value
	pc.lo, pc.hi, pc.hasHi = band.lo, band.hi, true
	issues := slices.DeleteFunc(slices.Clone(pc.c.Issues), func(s string) bool { return s == IssueOpAssumed })
	pc.c.Issues = append(issues, IssueApproximate)
}

// saysLowerBound reports a count condition whose words hold a lower-bound
// cue of tools/number ("50k+", "over 300k", 至少五万): a floor said as one.
func (st *state) saysLowerBound(pc *pcond) bool {
	text := " " + strings.ToLower(string(st.t.norm[pc.s:pc.e])) + " "
	for _, c := range slices.Concat(number.MinBefore, number.MinAfter) {
		c = strings.ToLower(c)
		if isLatinWord(strings.ReplaceAll(c, " ", "")) {
			if strings.Contains(text, " "+c+" ") || strings.Contains(text, " "+c) && strings.HasPrefix(strings.TrimSpace(text), c) {
				return true
			}
			continue
		}
		if strings.Contains(text, c) {
			return true
		}
	}
	return false
}

// writerOwn are the words by which the writer says a count is their own
// ("I've got 120k", 我这边粉丝8万): frame once the count is the band.
var writerOwn = []string{"i", "i've", "ive", "i'm", "im", "i have", "i've got", "got", "have", "we", "we've", "we have", "we're", "currently",
	"sitting at", "at", "my channel has", "mine has", "我", "我这边", "我们", "我有", "我的", "我现在", "我目前", "目前", "现在"}

// writerCount makes the free words before the count pc that say it is
// the writer's own frame, back to the start of its clause.
func (st *state) writerCount(pc *pcond) {
	for k := len(st.toks) - 1; k >= 0; k-- {
		if st.toks[k].e > pc.s {
			continue
		}
		tk := &st.toks[k]
		if tk.kind == tkSpace {
			continue
		}
		if !st.free(k) || !slices.Contains(writerOwn, strings.ToLower(st.tokText(k))) {
			return
		}
		tk.role = roleFiller
	}
}
