package agent

import "testing"

// TestAudit32xTuning is the tuning table of audit 32's classes S1, S3 and
// S4 (the audit's own lines and variants of mine); the held-out table is
// TestAudit32xHeldout.
func TestAudit32xTuning(t *testing.T) {
	measure32x(t, "tuning", 8, tuning32x())
}

// tuning32x is the tuning table (see TestAudit32xTuning).
func tuning32x() []case32x {
	var cs []case32x
	add := func(c case32x, f func(*case32x)) { f(&c); cs = append(cs, c) }
	add(c32("x", "en", "Airline marketing team (Istanbul hub). Either travel or comedy creators on X in Turkey, Turkish-language, 50k+ followers.", "actually undo the language requirement, some of the best ones tweet in English"), func(c *case32x) {
		c.cats = []string{"travel", "comedy"}
		c.not = []string{"language"}
	})
	add(c32("youtube", "en", "My manager wants two kinds of channels for our energy drink's esports sponsorship (no gambling or betting content whatsoever): competitive FPS players, and PC build channels. Poland or Czech Republic, 20k-500k subs.", "drop the Czech ones, and nothing under 50k"), func(c *case32x) {
		c.cats = []string{"gaming", "tech"}
		c.want = []string{"country eq PL"}
		c.not = []string{"language", "FPS", "CZ"}
	})
	add(c32("youtube", "zh", "航空公司在做阿联酋和沙特市场，想找阿拉伯语的旅行类 YouTube 博主，订阅 10 万以上，近 60 天活跃，另外再找几个做美食探店的，同样的条件。", ""), func(c *case32x) {
		c.cats = []string{"travel", "food"}
		c.not = []string{"美食探店"}
	})
	add(c32("tiktok", "en", "for our board game café chain in Germany — German-speaking TikTok creators who review board games or do game nights, Germany, Austria or Switzerland, 10k to 100k followers", "ok now also Netherlands, but keep everything else"), func(c *case32x) {
		c.countries = []string{"DE", "AT", "CH", "NL"}
		c.want = []string{"language eq de"}
	})
	add(c32("tiktok", "zh", "帮一家流媒体平台推新剧，找印尼和泰国的 TikTok 影视解说达人，粉丝 5 万以上，最近 7 天内有发，互动率不低于 4%。", "把刚才最后那个条件去掉，太严了"), func(c *case32x) {
		c.not = []string{"engagement"}
		c.want = []string{"followers gte 50000", "last_active within_days 7"}
		c.noTerm = []string{"严"}
	})
	add(c32("instagram", "en", "skincare creators in Denmark or Norway, 10k+", "drop the Norwegian ones"), func(c *case32x) {
		c.want = []string{"country eq DK"}
		c.not = []string{"language"}
	})
	add(c32("instagram", "en", "fitness creators in Germany or Austria, 10k+ followers", "remove the German ones"), func(c *case32x) {
		c.want = []string{"country eq AT"}
		c.not = []string{"language"}
	})
	add(c32("youtube", "zh", "找印尼和马来西亚的美妆博主，订阅 5 万以上，最近 30 天有更新", "去掉第一个条件"), func(c *case32x) {
		c.not = []string{"country"}
		c.want = []string{"category eq beauty", "followers gte 50000"}
	})
	add(c32("youtube", "en", "Either beauty or fashion YouTubers in Italy, 20k+ subs", ""), func(c *case32x) {
		c.cats = []string{"beauty", "fashion"}
	})
	return cs
}
