package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// case33n is a held-out case of audit 33's last classes: a case30w and
// window, a prefix ("last_active within_days") some applied condition
// must start with.
type case33n struct {
	case30w
	window string
}

// run33n checks a case33n: its case30w part, then its window.
func run33n(t *testing.T, a *Agent, tc case33n) []string {
	t.Helper()
	bad := run30w(t, a, tc.case30w)
	if tc.window == "" {
		return bad
	}
	b := newBox(t, a, tc.platform, tc.loc)
	snap := b.send("search.submit", api.Args{Text: tc.first})
	if tc.follow != "" {
		snap = b.send(followupEvent(snap), api.Args{Text: tc.follow})
	}
	for _, g := range appliedConds(snap) {
		if strings.HasPrefix(g, tc.window) {
			return bad
		}
	}
	return append(bad, tc.first+" | "+tc.follow+": no applied condition starts with "+tc.window+" ("+strings.Join(appliedConds(snap), "; ")+")")
}

// TestAudit33nHeldout is audit 33's classes left after fixM, in phrasings
// of my own, written before any change and never tuned on: an activity
// window said with "in" and a calendar period ("in this month", "in
// 2026"); the words for creator and the platform's own verbs as frame,
// never ranking terms, on every platform; the writer's business said in
// broken English as frame (its country never a filter); a category noun
// in Traditional script inside the writer's own description. Its pass
// count is logged (go test ./agent -run Audit33nHeldout -v); a count
// below the one measured after the fixes fails. Base (before the fixes):
// 12 of 17; after: 15 (the two misses hold the brand's goods as typed,
// 手錶 and 運動鞋, where the table asked for the simplified spelling).
func TestAudit33nHeldout(t *testing.T) {
	measureTable(t, "audit 33n", "AUDIT33N_STRICT", "held-out", 15, heldout33n(), run33n, func(tc case33n) string { return tc.first + " | " + tc.follow })
}

// heldout33n is the held-out table (see TestAudit33nHeldout).
func heldout33n() []case33n {
	var cs []case33n
	add := func(first, platform, loc, follow, window string, f func(*case30w)) {
		c := case33n{case30w: c30(platform, loc, first, follow), window: window}
		f(&c.case30w)
		cs = append(cs, c)
	}
	const win = "last_active within_days"
	// 1. a window said with "in" and a calendar period
	add("gardening channels in Canada that uploaded in this month", "youtube", "en", "", win, func(c *case30w) {
		c.want = []string{"country eq CA"}
		c.noRank = []string{"uploaded", "month"}
	})
	add("skateboard creators in Australia", "tiktok", "en", "just the ones posting in this week", win, func(c *case30w) {
		c.want = []string{"country eq AU"}
		c.noRank = []string{"posting", "week"}
	})
	add("chess youtubers who have been active in 2026", "youtube", "en", "", win, func(c *case30w) {
		c.noRank = []string{"active", "2026"}
	})
	add("knitting accounts in Norway with new posts in the past week", "instagram", "en", "", win, func(c *case30w) {
		c.want = []string{"country eq NO"}
		c.noRank = []string{"past week", "new posts"}
	})
	add("找法国的烘焙博主", "instagram", "zh", "只要在本周内发过帖子的", win, func(c *case30w) {
		c.want = []string{"country eq FR"}
		c.noRank = []string{"本周", "发过"}
	})
	// 2. words for creator and the platform's verbs are frame
	add("find me KOC in Vietnam doing home decor", "tiktok", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq VN"}
		c.noRank = []string{"koc"}
	})
	add("Philippine travel influencers who post a lot", "instagram", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq PH"}
		c.noRank = []string{"influencer", "post"}
	})
	add("accounts in Nigeria tweeting about fintech", "x", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq NG"}
		c.noRank = []string{"tweeting"}
		c.mention = []string{"fintech"}
	})
	add("找德国的汽车达人，要经常发视频的", "youtube", "zh", "", "", func(c *case30w) {
		c.want = []string{"country eq DE"}
		c.noRank = []string{"达人", "发视频"}
	})
	add("想找經常發推聊足球的英國帳號", "x", "zh", "", "", func(c *case30w) {
		c.want = []string{"country eq GB"}
		c.noRank = []string{"發推", "发推"}
	})
	add("creators reviewing tweet scheduling tools", "x", "en", "", "", func(c *case30w) {
		c.mention = []string{"tweet"}
	})
	// 3. the writer's business in broken English is frame
	add("We are Korea brand make sunscreen, need creator in Japan over 20k", "instagram", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq JP"}
		c.not = []string{"KR"}
		c.noRank = []string{"brand", "make"}
	})
	add("My store selling handmade soap want find influencer in UK", "tiktok", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq GB"}
		c.noRank = []string{"store", "selling"}
	})
	add("I am agency for coffee brand from Colombia, looking food youtuber in Mexico", "youtube", "en", "", "", func(c *case30w) {
		c.want = []string{"country eq MX"}
		c.not = []string{"CO"}
		c.noRank = []string{"agency"}
	})
	// 4. a Traditional category noun in the writer's own description
	add("我們是澳門的手錶品牌，想找新加坡的網紅", "instagram", "zh", "", "", func(c *case30w) {
		c.want = []string{"country eq SG"}
		c.not = []string{"MO"}
		c.noRank = []string{"品牌", "我们"}
		c.mention = []string{"手表"}
	})
	add("我們是台灣的運動鞋品牌，想找韓國的 YouTube 頻道", "youtube", "zh", "", "", func(c *case30w) {
		c.want = []string{"country eq KR"}
		c.not = []string{"TW"}
		c.noRank = []string{"品牌"}
		c.mention = []string{"运动鞋"}
	})
	add("我们是做儿童电话手表的，想找美国的亲子博主", "youtube", "zh", "", "", func(c *case30w) {
		c.want = []string{"country eq US"}
		c.noRank = []string{"我们"}
	})
	return cs
}
