package agent

import "testing"

// TestAudit33mHeldout is audit 33's remaining classes in phrasings of my
// own, written before any change and never tuned on: a second sort said
// after the first (named as not applied, none of its words a term), the
// frame words of a brief kept as ranking terms (a shortfall, the
// platform's own verb, the writer's business in broken English, the word
// for creator), a window said with "in" ("posted in the past month"),
// two lower-case country codes before a noun, and a category noun in
// Traditional script inside the writer's own description. Its pass count
// is logged (go test ./agent -run Audit33mHeldout -v); a count below the
// one measured after the fixes fails. Base (before the fixes): 9 of 20; after: 16.
func TestAudit33mHeldout(t *testing.T) {
	measure30w(t, "audit33m held-out", 16, heldout33m())
}

// heldout33m is the held-out table (see TestAudit33mHeldout).
func heldout33m() []case30w {
	var cs []case30w
	add := func(c case30w, f func(*case30w)) { f(&c); cs = append(cs, c) }
	// 1. a second sort after the first
	add(c30("youtube", "zh", "找日本的美食博主，按粉丝数排序，其次按互动率", ""), func(c *case30w) {
		c.want = []string{"country eq JP"}
		c.sort = "followers"
		c.says = []string{"互动"}
		c.unsaid = []string{"未识别"}
		c.noRank = []string{"其次", "互动"}
	})
	add(c30("instagram", "zh", "韩国美妆博主，先按互动率排，再看播放量", ""), func(c *case30w) {
		c.want = []string{"country eq KR"}
		c.sort = "engagement"
		c.unsaid = []string{"未识别"}
		c.noRank = []string{"再看", "播放", "先按"}
	})
	add(c30("tiktok", "en", "pet creators in Canada, sorted by followers, then by engagement", ""), func(c *case30w) {
		c.want = []string{"country eq CA"}
		c.sort = "followers"
		c.says = []string{"not applied"}
		c.unsaid = []string{"not understood"}
		c.noRank = []string{"then", "engagement"}
	})
	add(c30("youtube", "en", "tech reviewers in India, order by avg views and after that by subscribers", ""), func(c *case30w) {
		c.want = []string{"country eq IN"}
		c.sort = "avg_views"
		c.says = []string{"not applied"}
		c.unsaid = []string{"not understood"}
		c.noRank = []string{"after that", "subscribers"}
	})
	add(c30("instagram", "en", "travel creators in Greece", "rank by engagement then by followers"), func(c *case30w) {
		c.want = []string{"country eq GR"}
		c.sort = "engagement"
		c.says = []string{"not applied"}
		c.noRank = []string{"then", "followers"}
	})
	// 2. frame words of a brief
	add(c30("youtube", "en", "cooking channels in Peru; if there are not enough in Peru, Chile is ok", ""), func(c *case30w) {
		c.noRank = []string{"enough"}
	})
	add(c30("tiktok", "zh", "找泰国的美食达人，泰国的人不够的话越南的也行", ""), func(c *case30w) {
		c.noRank = []string{"不够", "达人"}
	})
	add(c30("x", "en", "X accounts in Kenya that tweet about football, 2k+ followers", ""), func(c *case30w) {
		c.want = []string{"country eq KE"}
		c.noRank = []string{"tweet"}
		c.mention = []string{"football"}
	})
	add(c30("x", "zh", "找最近发过推讲加密货币的日本账号", ""), func(c *case30w) {
		c.want = []string{"country eq JP"}
		c.noRank = []string{"发过推", "推"}
	})
	add(c30("instagram", "en", "We are Thailand company sell skincare, want beauty influencer in Malaysia 10k+", ""), func(c *case30w) {
		c.want = []string{"country eq MY"}
		c.not = []string{"TH"}
		c.noRank = []string{"company", "sell"}
	})
	add(c30("youtube", "zh", "帮我找巴西的健身KOL，粉丝5万以上", ""), func(c *case30w) {
		c.want = []string{"country eq BR"}
		c.noRank = []string{"kol"}
	})
	add(c30("tiktok", "zh", "想找几个印尼的美妆网红", ""), func(c *case30w) {
		c.want = []string{"country eq ID"}
		c.noRank = []string{"网红"}
	})
	// 3. a window said with "in"
	add(c30("youtube", "en", "science channels in Sweden that posted in the past month", ""), func(c *case30w) {
		c.want = []string{"country eq SE", "last_active within_days 30"}
		c.noRank = []string{"posted"}
	})
	add(c30("tiktok", "en", "dance creators in Korea who uploaded in the last 3 weeks", ""), func(c *case30w) {
		c.want = []string{"country eq KR", "last_active within_days 21"}
	})
	add(c30("instagram", "en", "beauty creators in Italy", "only those who posted in the last 10 days"), func(c *case30w) {
		c.want = []string{"country eq IT", "last_active within_days 10"}
	})
	// 4. two lower-case country codes before a noun
	add(c30("instagram", "en", "us or ca yoga creators with 20k+ followers", ""), func(c *case30w) {
		c.want = []string{"country in [US,CA]"}
	})
	add(c30("tiktok", "en", "uk and ie comedy creators", ""), func(c *case30w) {
		c.want = []string{"country in [GB,IE]"}
	})
	add(c30("youtube", "en", "can you help us find cooking channels in Spain", ""), func(c *case30w) {
		c.want = []string{"country eq ES"}
		c.not = []string{"US"}
	})
	// 5. a category noun in Traditional script inside the writer's own description
	add(c30("instagram", "zh", "我們是台灣的珠寶品牌，想找日本的 IG 網紅，粉絲一萬以上", ""), func(c *case30w) {
		c.want = []string{"country eq JP"}
		c.not = []string{"TW"}
		c.mention = []string{"珠宝"}
		c.noRank = []string{"品牌", "我们"}
	})
	add(c30("youtube", "zh", "我們是新加坡的咖啡機品牌，想找美國的 YouTube 頻道", ""), func(c *case30w) {
		c.want = []string{"country eq US"}
		c.not = []string{"SG"}
		c.mention = []string{"咖啡"}
		c.noRank = []string{"品牌"}
	})
	return cs
}
