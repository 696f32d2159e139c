package agent

import (
	"strings"
	"testing"

	"searchagent/api"
)

// TestFixFTuning is audit 35's classes F1-F4 in the audit's own lines
// and phrasings written while mending them (the held-out table is
// fixF_heldout_test.go): every case must hold.
func TestFixFTuning(t *testing.T) {
	cases := []caseFixF{
		// F1
		{"tiktok", "zh", "我是做小提琴的手艺人，想找日本的古典音乐博主，粉丝多少无所谓，但要最近三个月还在更新的", "换成韩国吧，日本的不要了", countriesOnly("KR")},
		{"tiktok", "en", "creators of TikTok in France and in Belgium, of fashion, at least 10k followers", "Belgium is not necessary, only France.", countriesOnly("FR")},
		{"youtube", "en", "cooking channels in Japan, 10k+ subs", "drop Japan, Korea instead", countriesOnly("KR")},
		{"instagram", "zh", "英国和美国的美妆博主", "不要英国了，只留美国", countriesOnly("US")},
		{"youtube", "en", "food channels in France and Belgium", "only France then", countriesOnly("FR")},
		{"youtube", "zh", "找越南的旅行博主", "越南的不要了，换成印尼", countriesOnly("ID")},
		// F2
		{"tiktok", "zh", "帮我找英国讲助听器或者听力健康的博主，粉丝一万以上，最近两个月有更新", "三万", fieldIs("followers", "followers gte 30000")},
		{"youtube", "en", "tech channels in Canada, at least 10k subs", "50k", fieldIs("followers", "followers gte 50000")},
		{"youtube", "zh", "加拿大的科技博主，粉丝一万以上", "两万以上", fieldIs("followers", "followers gte 20000")},
		{"youtube", "zh", "加拿大的科技博主，粉丝五万以下", "三万", fieldIs("followers", "followers lte 30000")},
		{"youtube", "zh", "加拿大的科技博主，最近三十天有更新", "60天", fieldIs("last_active", "last_active within_days 60")},
		{"youtube", "en", "tech channels in Canada active in the last 30 days", "last 2 weeks", fieldIs("last_active", "last_active within_days 14")},
		{"youtube", "zh", "加拿大的科技博主，粉丝一万到五万", "三万", func(before, snap api.Snapshot) []string {
			bad := fieldIs("followers", "followers between {max:50000,min:10000}")(before, snap)
			if !strings.Contains(snap.Context.Notice, "下限还是上限") {
				bad = append(bad, "the notice does not say the side is unclear")
			}
			return bad
		}},
		{"youtube", "en", "cooking channels in Japan and China, 10k+ subs", "drop Japan, Korea instead", countriesOnly("CN", "KR")},
		// F3
		{"youtube", "en", "need yt channels abt aquarium fishkeeping w/ 50k to 300k subs in the uk pls must mention 'planted tank' thx", "", hardKeyword("planted tank")},
		{"youtube", "en", "baking channels in the US with 10k+ subs, has to talk about sourdough", "", hardKeyword("sourdough")},
		{"instagram", "zh", "美国的健身博主，粉丝一万以上，必须提到蛋白粉", "", hardKeyword("蛋白粉")},
		{"instagram", "zh", "关键词：瑜伽，美国的健身博主", "", hardKeyword("瑜伽")},
		{"youtube", "en", "tech channels in Germany, 10k+ subs, include the word \"linux\"", "", hardKeyword("linux")},
		// F4
		{"instagram", "en", "beauty creators in Brazil, under a mil followers", "smallest first", noSilentSort},
		{"instagram", "zh", "巴西的美妆博主，粉丝一百万以下", "粉丝少的排前面", noSilentSort},
		{"youtube", "en", "tech channels in Germany", "oldest first", noSilentSort},
		{"youtube", "en", "tech channels in Germany", "least active first", noSilentSort},
		{"youtube", "zh", "德国的科技博主", "从小到大", noSilentSort},
	}
	measureFixF(t, "tuning", len(cases), cases)
}
