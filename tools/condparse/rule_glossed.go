package condparse

import (
	"slices"
	"strings"
	"unicode"

	"searchagent/tools/condition"
)

// The advertiser's own product named with a gloss in brackets (issue
// 26): "房车保险（van life insurance）想在YouTube投放", "摩洛哥坚果油（argan
// oil）护肤品牌，找美妆博主", "our product (a budgeting app)". A word
// glossed by its translation or description is the writer naming what
// they sell, not what the creators post: it and its gloss rank at most,
// never filter (a search is never emptied by the advertiser's product),
// and a country glued to it is the product's origin ("摩洛哥坚果油"), no
// condition on the creators. A gloss after a marking cue ("必须提到「X」")
// stays the writer's mark.

// advertiserCue says the text speaks for an advertiser: its product,
// brand, client or campaign.
var advertiserCue = mustRx(`(?i)\b(?:we|we're|our|my|brand|product|client|app|startup|company|advertis\w*|promot\w*|sponsor\w*|campaign|launch\w*|sell|selling|sells)\b` +
	`|我们|我司|我家|品牌|产品|客户|甲方|投放|推广|推一下|合作|上新|新品|卖|做的`)

// glossOpeners are the words a description gloss opens with ("(a
// budgeting app)", "（一款记账App）").
var glossOpeners = []string{"a ", "an ", "one ", "i.e. ", "ie ", "aka ", "一款", "一个", "一种", "一家", "即", "也就是"}

// glossedGoods makes the advertiser's glossed product a ranking term.
func (st *state) glossedGoods() {
	norm := st.t.norm
	if !advertiserCue.MatchString(string(norm)) {
		return
	}
	for b := 0; b < len(norm); b++ {
		if norm[b] != '(' && norm[b] != '（' {
			continue
		}
		c := b + 1
		for c < len(norm) && c-b <= 60 && norm[c] != ')' && norm[c] != '）' && norm[c] != '\n' {
			c++
		}
		if c >= len(norm) || norm[c] != ')' && norm[c] != '）' || c == b+1 {
			continue
		}
		inner := strings.TrimSpace(strings.ToLower(string(norm[b+1 : c])))
		h := b
		for h > 0 && norm[h-1] == ' ' {
			h--
		}
		if h == 0 || !isGloss(norm[:h], inner) {
			continue
		}
		if mustBeforeQuote.MatchString(string(norm[:b])) || singleQuoteCue.MatchString(string(norm[:b])) {
			continue
		}
		// the head: the word run right before the bracket, from its
		// clause's start
		from := h
		for from > 0 && !isClauseSep(norm[from-1]) && !strings.ContainsRune("，。；：！？", norm[from-1]) {
			from--
		}
		if creatorAsk.MatchString(string(norm[from:h])) {
			continue // "想找做露营（camping）内容的": the creators' topic
		}
		to := c + 1
		if e := to + glossTail(norm[to:]); e > to {
			to = e // "（argan oil）护肤品牌": the brand noun closes it
		}
		st.glossed = append(st.glossed, [2]int{from, to})
		st.rankGlossed()
	}
}

// creatorAsk are the words before a glossed word that make it what the
// creators post, not the writer's product.
var creatorAsk = mustRx(`(?i)找|拍|讲|聊|分享|测评|内容|博主|达人|\b(?:about|covering|cover|posts?|posting|who|that|creators?|channels?|youtubers?|influencers?|find|looking\s+for)\b`)

// brandTail ends the word glued after a gloss that names the writer's
// business ("护肤品牌", "skincare brand").
var brandTail = mustRx(`^(?:[\p{Han}]{0,6}(?:品牌|公司|产品|店|工作室)|\s*(?:[a-z-]+\s+){0,2}(?:brand|company|startup|product|shop|store)\b)`)

// glossTail is the length of the brand words right after a gloss
// (brandTail), 0 when none follow.
func glossTail(rest []rune) int {
	loc := brandTail.FindStringIndex(strings.ToLower(string(rest)))
	if loc == nil {
		return 0
	}
	return len([]rune(strings.ToLower(string(rest))[:loc[1]]))
}

// isGloss reports a bracket's inner text that glosses the words before it:
// their translation (the other script: "房车保险（van life insurance）",
// "argan oil (摩洛哥坚果油)") or a description ("(a budgeting app)").
func isGloss(before []rune, inner string) bool {
	for _, o := range glossOpeners {
		if strings.HasPrefix(inner, o) {
			return true
		}
	}
	last := before[len(before)-1]
	hanIn := strings.ContainsFunc(inner, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	latinIn := strings.ContainsFunc(inner, func(r rune) bool { return r < 128 && unicode.IsLetter(r) })
	switch {
	case unicode.Is(unicode.Han, last):
		return latinIn && !hanIn
	case last < 128 && unicode.IsLetter(last):
		return hanIn && !latinIn
	}
	return false
}

// rankGlossed turns the wanted keywords inside the glossed products'
// spans (st.glossed) into ranking terms and drops a country glued to the
// product: the goods', not the creators'. It runs once the conditions are
// read and again when the result is made (the residue's keywords come
// last).
func (st *state) rankGlossed() {
	for _, pc := range st.conds {
		k := slices.IndexFunc(st.glossed, func(g [2]int) bool { return g[0] <= pc.s && pc.e <= g[1] })
		if pc.dropped || pc.neg || k < 0 {
			continue
		}
		to := st.glossed[k][1]
		switch {
		case pc.c.Kind == condition.KindKeyword && pc.c.Op == condition.OpContains:
			pc.c.Status, pc.c.Priority = condition.StatusReference, 2
			pc.addIssue(IssueRankingTerm)
		case pc.c.Field == condition.Country && pc.c.Kind == condition.KindHard && st.gluedToWord(pc.e, to):
			// "摩洛哥坚果油": the product's origin
			pc.dropped = true
		}
	}
}

// gluedToWord reports a span ending at e that runs on into a word before
// to (no space nor punctuation between): "摩洛哥|坚果油".
func (st *state) gluedToWord(e, to int) bool {
	return e < to && e < len(st.t.norm) && (unicode.Is(unicode.Han, st.t.norm[e]) || unicode.IsLetter(st.t.norm[e]))
}
