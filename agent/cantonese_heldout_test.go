package agent

import "testing"

// TestCantoneseHeldout is written Cantonese (粤语书面语) read as the
// Mandarin it stands for (class K1 of audit 35), in phrasings of my own,
// written before any change and never tuned on: its function words
// (唔要/唔好/唔使, 嘅, 啲, 哋, 搵, 边度/边个, 係, 冇, 佢, 咗, 喺, 睇), the
// word 打机, Cantonese mixed with Mandarin or English, Traditional script,
// Cantonese follow-ups, and a quoted term left as typed. Its pass count is
// logged (go test ./agent -run CantoneseHeldout -v); a count below the one
// measured after the change fails. Base (before the change): 2 of 18;
// after: 16 (the line 只要香港嘅…唔好大陆嘅 first asserted "CN]" absent,
// which the right reading "country not_in [CN]" also holds; the assertion
// now names the include it meant, "in [HK,CN]" — base 2 either way). The
// misses: 搵埋 ("find … too", 埋 is not in the fold) replaces the country;
// 唔要护肤嘅 after 美妆 is routed on the text as typed (the router does
// not fold Cantonese: its guard specs hold Cantonese terms of their own).
func TestCantoneseHeldout(t *testing.T) {
	measure24y(t, "cantonese held-out", cantoneseHeldoutFloor, []case24y{
		// negation: 唔要/唔好 X 嘅 excludes X, never includes it
		{platform: "instagram", loc: "zh", first: "唔要美妆嘅，想搵啲台湾嘅美食博主", want: []string{"country eq TW", "category eq food", "category not_in [beauty]"}, noTerm: []string{"嘅", "搵", "唔"}},
		{platform: "youtube", loc: "zh", first: "唔要打机嘅，搵啲泰国嘅科技博主", want: []string{"country eq TH", "category eq tech", "category not_in [gaming]"}, noTerm: []string{"打机", "嘅"}},
		{platform: "tiktok", loc: "zh", first: "只要香港嘅美食博主，唔好大陆嘅", want: []string{"country eq HK", "category eq food"}, not: []string{"in [HK,CN]", "eq CN"}, noTerm: []string{"大陆"}},
		{platform: "youtube", loc: "zh", first: "韩国嘅美妆博主，粉丝唔超过十万", want: []string{"country eq KR", "category eq beauty", "followers lte 100000"}, noTerm: []string{"唔"}},
		// 嘅 / 啲 / 哋 / 搵 / 係 / 喺 / 睇 / 边度 / 边个 as the Mandarin words
		{platform: "youtube", loc: "zh", first: "我哋想搵日本嘅旅行博主，粉丝五万以上", want: []string{"country eq JP", "category eq travel", "followers gte 50000"}, noTerm: []string{"哋", "嘅", "搵"}},
		{platform: "youtube", loc: "zh", first: "搵啲喺新加坡嘅亲子博主", want: []string{"country eq SG", "category eq family"}, noTerm: []string{"喺", "啲", "搵"}},
		{platform: "instagram", loc: "zh", first: "边度有法国嘅时尚博主？粉丝一万以上", want: []string{"country eq FR", "category eq fashion", "followers gte 10000"}, noTerm: []string{"边度", "嘅"}},
		{platform: "youtube", loc: "zh", first: "边个係做健身嘅英国博主", want: []string{"country eq GB", "category eq fitness"}, noTerm: []string{"边个", "係", "嘅"}},
		{platform: "youtube", loc: "zh", first: "想睇下德国嘅汽车博主", want: []string{"country eq DE", "category eq automotive"}, noTerm: []string{"睇", "嘅"}},
		{platform: "tiktok", loc: "zh", first: "打机博主，马来西亚嘅，粉丝一万以上", want: []string{"country eq MY", "category eq gaming", "followers gte 10000"}, noTerm: []string{"打机", "嘅"}},
		{platform: "instagram", loc: "zh", first: "佢哋嘅粉丝要五万以上，意大利嘅美食博主", want: []string{"country eq IT", "category eq food", "followers gte 50000"}, noTerm: []string{"佢", "嘅"}},
		// Cantonese with English; Traditional script; a quoted term as typed
		{platform: "instagram", loc: "zh", first: "搵啲UK嘅beauty creators，粉丝起码五千", want: []string{"country eq GB", "category eq beauty", "followers gte 5000"}, noTerm: []string{"搵", "嘅"}},
		{platform: "youtube", loc: "zh", first: "唔要遊戲嘅，搵啲香港嘅旅遊博主", want: []string{"country eq HK", "category eq travel", "category not_in [gaming]"}, noTerm: []string{"嘅"}},
		{platform: "youtube", loc: "zh", first: "要提到“唔该晒”的美食博主", want: []string{"category eq food"}, noTerm: []string{"不该"}},
		// follow-ups said in Cantonese
		{platform: "youtube", loc: "zh", first: "日本和韩国的旅行博主", follow: "唔要韩国嘅", want: []string{"country eq JP", "category eq travel"}, not: []string{"KR]", "eq KR"}},
		{platform: "instagram", loc: "zh", first: "英国的美妆博主", follow: "唔要护肤嘅", want: []string{"country eq GB", "category eq beauty"}, noTerm: []string{"嘅", "唔"}},
		{platform: "tiktok", loc: "zh", first: "泰国的美食博主 粉丝一万以上", follow: "搵埋越南嘅", want: []string{"country in [TH,VN]", "category eq food", "followers gte 10000"}, noTerm: []string{"嘅", "搵"}},
		{platform: "youtube", loc: "zh", first: "澳洲的户外博主", follow: "粉丝要五万以上嘅", want: []string{"country eq AU", "followers gte 50000"}, noTerm: []string{"嘅"}},
	})
}
