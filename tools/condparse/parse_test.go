package condparse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// brief renders a condition as "kind field op value status" for compact
// table expectations.
func brief(c Condition) string {
	s := fmt.Sprintf("%s %s %s %s %s", c.Kind, c.Field, c.Op, c.Value, c.Status)
	if len(c.Issues) > 0 {
		s += " !" + strings.Join(c.Issues, ",")
	}
	return s
}

func briefs(r Result) []string {
	out := make([]string, 0, len(r.Conditions))
	for _, c := range r.Conditions {
		out = append(out, brief(c))
	}
	return out
}

func remTexts(r Result) []string {
	var out []string
	for _, s := range r.Remainder {
		out = append(out, s.Text)
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		shape Shape
		want  []string
		rem   []string
	}{
		// --- the spec's examples (2.2) ---
		{"spec keyword", "swim vest", ShapeKeyword, []string{
			`keyword keyword contains "swim vest" applied`}, nil},
		{"spec url", "https://www.youtube.com/@mkbhd", ShapeURL, []string{
			`anchor url eq "https://www.youtube.com/@mkbhd" applied`}, nil},
		{"spec natural zh", "帮我找美国做汽配评测、最近活跃、粉丝 5k-20k 的 YouTube 红人", ShapeNatural, []string{
			`hard country eq "US" applied`,
			`hard category eq "automotive" applied`,
			`hard last_active within_days 30 applied`,
			`hard followers between 5000..20000 applied`,
			`hard platform eq "youtube" applied`}, nil},
		{"spec mixed zh", "Hollyland 麦克风，美国，IG，粉丝 1w+，均播 3000+", ShapeMixed, []string{
			`keyword keyword contains "Hollyland" applied`,
			`keyword keyword contains "麦克风" applied`,
			`hard country eq "US" applied`,
			`hard platform eq "instagram" applied`,
			`hard followers gte 10000 applied`,
			`hard avg_views gte 3000 applied`}, nil},
		{"spec natural en", "find tech reviewers in Germany with over 100k subscribers", ShapeNatural, []string{
			`hard category eq "tech" applied`,
			`hard country eq "DE" applied`,
			`hard followers gte 100000 applied`}, nil},

		// --- keyword shape keeps words as typed ---
		{"keyword zh category", "汽配评测", ShapeKeyword, []string{`keyword keyword contains "汽配评测" applied`}, nil},
		{"keyword brand + noun", "Hollyland 麦克风", ShapeKeyword, []string{
			`keyword keyword contains "Hollyland" applied`, `keyword keyword contains "麦克风" applied`}, nil},
		{"keyword gaming headset", "gaming headset", ShapeKeyword, []string{`keyword keyword contains "gaming headset" applied`}, nil},
		{"keyword model numbers", "Sony a7 iv", ShapeKeyword, []string{`keyword keyword contains "Sony a7 iv" applied`}, nil},
		{"keyword iphone with filler", "iPhone 15 Pro 评测", ShapeKeyword, []string{`keyword keyword contains "iPhone 15 Pro" applied`}, []string{"评测"}},
		{"keyword hyphen word", "no-code tools", ShapeKeyword, []string{`keyword keyword contains "no-code tools" applied`}, nil},
		{"keyword with stop words", "gaming with friends", ShapeKeyword, []string{`keyword keyword contains "gaming with friends" applied`}, nil},
		{"keyword creator noun", "美妆博主", ShapeKeyword, []string{`keyword keyword contains "美妆" applied`}, []string{"博主"}},
		{"keyword youtuber", "tech youtuber", ShapeKeyword, []string{`keyword keyword contains "tech" applied`}, []string{"youtuber"}},
		{"keyword only filler", "博主", ShapeKeyword, nil, []string{"博主"}},
		{"keyword list", "露营灯、帐篷; 睡袋", ShapeKeyword, []string{
			`keyword keyword contains "露营灯" applied`, `keyword keyword contains "帐篷" applied`, `keyword keyword contains "睡袋" applied`}, nil},
		{"keyword quoted", `"美国队长" 周边`, ShapeKeyword, []string{
			`keyword keyword contains "美国队长" applied`, `keyword keyword contains "周边" applied`}, nil},
		{"keyword numbers only", "3000", ShapeKeyword, []string{`keyword keyword contains "3000" applied`}, nil},
		{"keyword 4k camera", "4k camera", ShapeKeyword, []string{`keyword keyword contains "4k camera" applied`}, nil},
		{"keyword active wear", "active wear", ShapeKeyword, []string{`keyword keyword contains "active wear" applied`}, nil},
		{"keyword weekend", "周末去哪儿", ShapeKeyword, []string{`keyword keyword contains "周末去哪儿" applied`}, nil},

		// --- URLs and handles ---
		{"bare youtube link", "youtube.com/@mkbhd", ShapeURL, []string{`anchor url eq "youtube.com/@mkbhd" applied`}, nil},
		{"url inside chinese", "看看https://www.youtube.com/@abc这个频道类似的，不要游戏", ShapeMixed, []string{
			`anchor url eq "https://www.youtube.com/@abc" applied`,
			`hard category not_in [gaming] applied`}, nil},
		{"url plus keyword", "https://www.instagram.com/natgeo/ wildlife photography", ShapeMixed, []string{
			`anchor url eq "https://www.instagram.com/natgeo/" applied`,
			`keyword keyword contains "wildlife photography" applied`}, nil},
		{"url trailing punctuation", "参考 https://youtu.be/dQw4w9WgXcQ。", ShapeMixed, []string{
			`anchor url eq "https://youtu.be/dQw4w9WgXcQ" applied`,
			`keyword keyword contains "参考" applied`}, nil},
		{"two anchors", "youtu.be/dQw4w9WgXcQ 和 @linustechtips", ShapeURL, []string{
			`anchor url eq "youtu.be/dQw4w9WgXcQ" applied`,
			`anchor handle eq "@linustechtips" pending !multiple_anchors`}, nil},
		{"handle plus conditions", "@mkbhd 类似的频道，粉丝 10 万以上，美国", ShapeMixed, []string{
			`anchor handle eq "@mkbhd" applied`,
			`hard followers gte 100000 applied`,
			`hard country eq "US" applied`}, nil},
		{"email is no handle", "contact me at foo@bar.com", ShapeKeyword, []string{`keyword keyword contains "contact me at foo@bar.com" applied`}, nil},
		{"youtube.com without path is a platform", "youtube.com 美妆", ShapeNatural, []string{
			`hard platform eq "youtube" applied`, `hard category eq "beauty" applied`}, nil},

		// --- platforms ---
		{"platform zh aliases", "油管 推特 粉丝 10万以上", ShapeNatural, []string{
			`hard platform in [youtube,x] pending !multiple_platforms`,
			`hard followers gte 100000 applied`}, nil},
		{"platform ins", "ins 穿搭博主 1w+", ShapeNatural, []string{
			`hard platform eq "instagram" applied`,
			`hard category eq "fashion" applied`,
			`hard followers gte 10000 applied !field_assumed`}, nil},
		// crypto is a subtopic of finance (audit 16: "no crypto bros"
		// excludes crypto, not every finance channel): its category and
		// a ranking term
		{"platform on X", "crypto creators on X", ShapeMixed, []string{
			`hard category eq "finance" applied !subtopic`, `hard platform eq "x" applied`,
			`keyword keyword contains "crypto" reference !ranking_term`}, nil},
		{"lowercase x is no platform", "sony x", ShapeKeyword, []string{`keyword keyword contains "sony x" applied`}, nil},
		{"youtubers", "German YouTubers who review cameras", ShapeMixed, []string{
			`hard country eq "DE" applied`,
			`hard platform eq "youtube" applied`,
			`keyword keyword contains "cameras" reference !ranking_term`}, nil},

		// --- countries, regions, languages ---
		{"country alone", "美国", ShapeNatural, []string{`hard country eq "US" applied`}, nil},
		{"US-based", "US-based tech creators", ShapeNatural, []string{
			`hard country eq "US" applied`, `hard category eq "tech" applied`}, nil},
		{"us pronoun is no country", "find us some swim vest reviewers", ShapeMixed, []string{
			`keyword keyword contains "swim vest" reference !ranking_term`}, nil},
		{"region north america", "北美的宠物博主", ShapeNatural, []string{
			`hard country in [US,CA] applied`, `hard category eq "pets" applied`}, nil},
		{"regions merge", "north america, latam", ShapeNatural, []string{
			`hard country in [US,CA,MX,BR,AR,CO,CL,PE,EC,VE,SV,CU] applied`}, nil},
		{"two countries", "美国和加拿大的露营博主", ShapeNatural, []string{
			`hard country in [US,CA] applied`, `hard category eq "outdoor" applied`}, nil},
		{"language zh", "说西语的美妆博主，近一周有更新，5K~2W", ShapeNatural, []string{
			`hard language eq "es" applied`,
			`hard category eq "beauty" applied`,
			`hard last_active within_days 7 applied`,
			`hard followers between 5000..20000 applied !field_assumed`}, nil},
		{"english-speaking", "English-speaking fitness creators", ShapeNatural, []string{
			`hard language eq "en" applied`, `hard category eq "fitness" applied`}, nil},
		{"demonym as country", "Spanish creators", ShapeNatural, []string{`hard country eq "ES" applied`}, nil},
		{"demonym as language", "creators who make videos in German", ShapeNatural, []string{`hard language eq "de" applied`}, nil},
		{"german-speaking", "German-speaking tech channels", ShapeNatural, []string{
			`hard language eq "de" applied`, `hard category eq "tech" applied`}, nil},

		// --- counts ---
		{"range k", "5k-20k", ShapeNatural, []string{`hard followers between 5000..20000 applied !field_assumed`}, nil},
		{"range unit carried", "粉丝 5-20k", ShapeNatural, []string{`hard followers between 5000..20000 applied`}, nil},
		{"range zh to", "粉丝 5k 到 2w", ShapeNatural, []string{`hard followers between 5000..20000 applied`}, nil},
		{"range between", "between 10k and 50k followers", ShapeNatural, []string{`hard followers between 10000..50000 applied`}, nil},
		{"range zh between", "粉丝量在 1 万到 10 万之间", ShapeNatural, []string{`hard followers between 10000..100000 applied`}, nil},
		{"range swapped", "粉丝 5w-2w", ShapeNatural, []string{`hard followers between 20000..50000 applied !range_swapped`}, nil},
		{"gte 10万以上", "10万以上", ShapeNatural, []string{`hard followers gte 100000 applied !field_assumed`}, nil},
		// "以上的" follows its number, like "以上".
		{"gte 以上的", "只要粉丝 1w 以上的", ShapeNatural, []string{`hard followers gte 10000 applied !narrows`}, nil},
		{"gte 以上的 before the field", "10万以上的粉丝", ShapeNatural, []string{`hard followers gte 100000 applied`}, nil},
		{"lte zh", "粉丝不超过 5 万", ShapeNatural, []string{`hard followers lte 50000 applied`}, nil},
		{"lte en", "under 1M", ShapeNatural, []string{`hard followers lte 1000000 applied !field_assumed`}, nil},
		{"gte decimal M", "1.5M+ followers", ShapeNatural, []string{`hard followers gte 1500000 applied`}, nil},
		{"jargon 百万粉", "百万粉的科技博主", ShapeNatural, []string{
			`hard followers gte 1000000 applied`, `hard category eq "tech" applied`}, nil},
		{"jargon 千粉", "千粉博主", ShapeNatural, []string{`hard followers gte 1000 applied`}, nil},
		{"bare count with field", "粉丝 5万", ShapeNatural, []string{`hard followers gte 50000 applied !op_assumed`}, nil},
		{"approx zh", "约 5 万粉丝", ShapeNatural, []string{`hard followers between 40000..60000 applied !approximate`}, nil},
		{"approx en", "around 50k followers", ShapeNatural, []string{`hard followers between 40000..60000 applied !approximate`}, nil},
		{"subs", "50k-200k subs", ShapeNatural, []string{`hard followers between 50000..200000 applied`}, nil},
		{"avg views zh", "平均播放 1w 以上", ShapeNatural, []string{`hard avg_views gte 10000 applied`}, nil},
		{"avg views en", "avg views over 50k", ShapeNatural, []string{`hard avg_views gte 50000 applied`}, nil},
		{"followers then views", "1w+ 均播 3000+", ShapeNatural, []string{
			`hard followers gte 10000 applied !field_assumed`, `hard avg_views gte 3000 applied`}, nil},
		{"gte and lte merge", "粉丝 1w+ 粉丝 5w 以下", ShapeNatural, []string{`hard followers between 10000..50000 applied`}, nil},
		{"conflict", "粉丝 1w+，粉丝不超过 5000", ShapeNatural, []string{
			`hard followers gte 10000 pending !conflict`, `hard followers lte 5000 pending !conflict`}, nil},
		{"negated count", "不要粉丝低于 1w 的", ShapeNatural, []string{`hard followers gte 10000 applied !narrows`}, nil},
		{"price is no count", "预算 5000 元 以内的博主", ShapeNatural, nil, []string{"预算 5000 元 以内"}},
		{"budget is no count", "budget under 5k", ShapeNatural, nil, []string{"budget under 5k"}},
		{"engagement rate is a ratio", "互动率 5% 以上", ShapeNatural, []string{`hard engagement gte 500 applied`}, nil},
		{"engagement rate with decimals", "engagement rate over 2.5%", ShapeNatural, []string{`hard engagement gte 250 applied`}, nil},
		{"engagement range", "互动率在 2% 到 5% 之间", ShapeNatural, []string{`hard engagement between 200..500 applied`}, nil},
		{"engagement in percent words", "engagement at least 3 percent", ShapeNatural, []string{`hard engagement gte 300 applied`}, nil},
		{"two engagement bounds merge into one range", "互动率 3% 以上，互动率 5% 以下", ShapeNatural, []string{`hard engagement between 300..500 applied`}, nil},
		{"a percentage of a count is no count", "粉丝 3% 以上", ShapeNatural, nil, []string{"粉丝 3% 以上"}},
		{"chinese numerals", "粉丝五万到二十万", ShapeNatural, []string{`hard followers between 50000..200000 applied`}, nil},

		// --- activity ---
		{"activity default", "最近活跃的健身博主", ShapeNatural, []string{
			`hard last_active within_days 30 applied`, `hard category eq "fitness" applied`}, nil},
		{"activity 30 days", "近 30 天活跃", ShapeNatural, []string{`hard last_active within_days 30 applied`}, nil},
		{"activity half year", "近半年有更新的日本博主", ShapeNatural, []string{
			`hard last_active within_days 180 applied`, `hard country eq "JP" applied`}, nil},
		{"activity within week", "一周内有更新", ShapeNatural, []string{`hard last_active within_days 7 applied`}, nil},
		{"activity three months", "近三个月有更新", ShapeNatural, []string{`hard last_active within_days 90 applied`}, nil},
		{"activity en month", "active in the last month", ShapeNatural, []string{`hard last_active within_days 30 applied`}, nil},
		{"activity en week", "posted this week", ShapeNatural, []string{`hard last_active within_days 7 applied`}, nil},
		{"activity en 2 weeks", "posted in the last 2 weeks", ShapeNatural, []string{`hard last_active within_days 14 applied`}, nil},
		{"activity en recently", "recently active micro-influencers in France", ShapeNatural, []string{
			`hard last_active within_days 30 applied`,
			`hard country eq "FR" applied`,
			`derived followers between 10000..100000 applied`}, nil},
		// a window said outright replaces the default one of a bare
		// activity word: no clash to ask about (audit 25)
		{"activity window said", "最近活跃，近一周有更新", ShapeNatural, []string{
			`hard last_active within_days 7 applied`}, nil},

		// --- exclusions ---
		{"exclude category zh", "只要美国的，粉丝 1w+，不要游戏", ShapeNatural, []string{
			`hard country eq "US" applied`, `hard followers gte 10000 applied`, `hard category not_in [gaming] applied`}, nil},
		{"exclude category en", "exclude gaming and comedy channels", ShapeNatural, []string{
			`hard category not_in [gaming,comedy] applied`}, nil},
		{"no gaming", "under 1M subscribers, no gaming", ShapeNatural, []string{
			`hard followers lte 1000000 applied`, `hard category not_in [gaming] applied`}, nil},
		{"exclude country", "不要美国的", ShapeNatural, []string{`hard country not_in [US] applied`}, nil},
		{"exclude keyword", "美妆博主，不要带货的", ShapeNatural, []string{
			`hard category eq "beauty" applied`, `keyword keyword not_contains "带货" applied`}, nil},
		{"exclude keyword en", "camping creators without sponsorships", ShapeNatural, []string{
			`hard category eq "outdoor" applied`, `keyword keyword not_contains "sponsorships" applied`}, nil},
		{"except ... 以外", "近 30 天活跃，除了游戏以外都可以", ShapeNatural, []string{
			`hard last_active within_days 30 applied`, `hard category not_in [gaming] applied`}, nil},
		{"除了 X 还 is inclusion", "除了美国，还要加拿大的博主", ShapeNatural, []string{`hard country in [US,CA] applied !added`}, nil},
		// "非常" is "very", not the exclusion word "非" before "常".
		{"非常 is very", "非常专业的科技博主", ShapeNatural, []string{
			`hard category eq "tech" applied`, `soft preference prefer "professional" reference`}, nil},
		{"非常 before a country", "内容非常有趣的美国博主", ShapeNatural, []string{
			`hard country eq "US" applied`, `soft preference prefer "fun" reference`}, nil},
		{"wanted and excluded", "美国，不要美国", ShapeNatural, []string{
			`hard country eq "US" pending !conflict`, `hard country not_in [US] pending !conflict`}, nil},
		{"hedged exclusion is soft", "最好不要游戏", ShapeNatural, []string{`soft category not_in [gaming] reference`}, nil},
		{"too is soft", "最好不要太商业化，调性合适，内容质量高", ShapeNatural, []string{
			`soft preference avoid "商业化" reference`,
			`soft preference prefer "brand_fit" reference`,
			`soft preference prefer "quality" reference`}, nil},

		// --- soft preferences and hedges ---
		{"soft zh", "千粉博主 性价比高 更像真人推荐", ShapeNatural, []string{
			`hard followers gte 1000 applied`,
			`soft preference prefer "value" reference`,
			`soft preference prefer "authentic" reference`}, nil},
		{"soft en", "premium feel, good value, on-brand gaming headset creators in the US", ShapeMixed, []string{
			`hard country eq "US" applied`,
			`soft preference prefer "premium" reference`,
			`soft preference prefer "value" reference`,
			`soft preference prefer "brand_fit" reference`,
			`keyword keyword contains "gaming headset" reference !ranking_term`}, nil},
		{"soft authentic en", "authentic creators, feels like a real person, high-quality content", ShapeNatural, []string{
			`soft preference prefer "authentic" reference`,
			`soft preference prefer "quality" reference`}, nil},
		{"soft professional fun", "专业又有趣的科技博主", ShapeNatural, []string{
			`hard category eq "tech" applied`,
			`soft preference prefer "professional" reference`,
			`soft preference prefer "fun" reference`}, nil},
		{"hedged hard becomes soft", "尽量是美国的，最好粉丝 10 万以上", ShapeNatural, []string{
			`soft country eq "US" reference`, `soft followers gte 100000 reference`}, nil},
		// "reviewers" is who the creators are, left out of the keyword as
		// "博主" is.
		{"premium glued stays keyword", "premium headphones reviewers", ShapeKeyword, []string{
			`keyword keyword contains "premium headphones" applied`}, []string{"reviewers"}},

		// --- tiers (derived) ---
		{"tier overridden", "腰部博主，粉丝 5w-20w", ShapeNatural, []string{
			`hard followers between 50000..200000 applied`,
			`derived followers between 100000..1000000 reference !overridden`}, nil},
		{"tier alone", "头部美妆博主", ShapeNatural, []string{
			`hard category eq "beauty" applied`,
			`derived followers gte 1000000 applied`}, nil},

		// --- keywords inside natural and mixed input ---
		{"keyword in zh sentence", "找做露营装备的美国博主，粉丝 1 万到 10 万，近三个月有更新", ShapeMixed, []string{
			`hard category eq "outdoor" applied !subtopic`,
			`hard country eq "US" applied`,
			`hard followers between 10000..100000 applied`,
			`hard last_active within_days 90 applied`,
			`keyword keyword contains "露营装备" reference !ranking_term`}, nil},
		// the glued category word is no filter; the subtopic at the head
		// (耳机, tech) names the creators' category (issue 26 item 2).
		{"glued category keyword zh", "美国游戏耳机博主", ShapeMixed, []string{
			`hard country eq "US" applied`, `hard category eq "tech" applied`, `keyword keyword contains "游戏耳机" reference !ranking_term`}, nil},
		{"request + keyword", "帮我找 swim vest", ShapeMixed, []string{`keyword keyword contains "swim vest" reference !ranking_term`}, nil},
		{"relative clause", "creators who review drones", ShapeMixed, []string{`keyword keyword contains "drones" reference !ranking_term`}, nil},
		{"quoted keeps conditions out", `"美国队长" 相关的博主，粉丝 1w+`, ShapeMixed, []string{
			`keyword keyword contains "美国队长" applied`, `hard followers gte 10000 applied`}, nil},
		{"long clause to remainder", "帮我找一些平时会在视频里认真讲解摄影构图技巧并且经常回复评论区问题的博主", ShapeNatural, nil,
			[]string{"平时会在视频里认真讲解摄影构图技巧并且经常回复评论区问题"}},
		{"dangling field word", "粉丝", ShapeKeyword, []string{`keyword keyword contains "粉丝" applied`}, nil},

		// --- more mixed input ---
		{"mixed anchor + category", "https://www.youtube.com/@mkbhd tech", ShapeMixed, []string{
			`anchor url eq "https://www.youtube.com/@mkbhd" applied`, `hard category eq "tech" applied`}, nil},
		{"mixed brand zh", "Anker 充电宝 美国 油管 10w+", ShapeMixed, []string{
			`keyword keyword contains "Anker" applied`, `keyword keyword contains "充电宝" applied`,
			`hard country eq "US" applied`, `hard platform eq "youtube" applied`,
			`hard followers gte 100000 applied !field_assumed`}, nil},
		{"mixed region language", "DJI Osmo, 欧洲, English, 5万-50万粉, 近 30 天活跃", ShapeMixed, []string{
			`keyword keyword contains "DJI Osmo" applied`,
			`hard country in [GB,IE,DE,FR,ES,IT,NL,SE,PL,PT,CH,AT,BE,DK,NO,FI,GR] applied`,
			`hard language eq "en" applied`,
			`hard followers between 50000..500000 applied`,
			`hard last_active within_days 30 applied`}, nil},
		{"mixed slash countries", "Hollyland Lark M2 review creators, US/UK, under 200k", ShapeMixed, []string{
			`hard country in [US,GB] applied`,
			`hard followers lte 200000 applied !field_assumed`,
			`keyword keyword contains "Hollyland Lark M2" reference !ranking_term`}, nil},
		{"mixed exclude keyword zh", "swim vest 美国 IG 粉丝 1w-10w 不要儿童", ShapeMixed, []string{
			`keyword keyword contains "swim vest" applied`, `hard country eq "US" applied`,
			`hard platform eq "instagram" applied`, `hard followers between 10000..100000 applied`,
			`keyword keyword not_contains "儿童" applied`}, nil},
		{"mixed handle exclude", "@natgeo wildlife, no hunting", ShapeMixed, []string{
			`anchor handle eq "@natgeo" applied`, `keyword keyword contains "wildlife" applied`,
			`keyword keyword not_contains "hunting" applied`}, nil},
		{"mixed model + language", "Sony ZV-E10 评测，德国，说德语的，均播 5000 以上", ShapeMixed, []string{
			`keyword keyword contains "Sony ZV-E10" applied`, `hard country eq "DE" applied`,
			`hard language eq "de" applied`, `hard avg_views gte 5000 applied`}, nil},
		{"mixed url exclude", "https://www.tiktok.com/@khaby.lame 搞笑 不要带货 粉丝 100万以下", ShapeMixed, []string{
			`anchor url eq "https://www.tiktok.com/@khaby.lame" applied`, `hard category eq "comedy" applied`,
			`keyword keyword not_contains "带货" applied`, `hard followers lte 1000000 applied`}, nil},
		{"mixed 或 countries", "Shokz 骨传导耳机，跑步博主，日本或韩国，最好高级感", ShapeMixed, []string{
			`keyword keyword contains "Shokz" applied`, `keyword keyword contains "骨传导耳机" applied`,
			`hard category eq "fitness" applied !subtopic`, `hard country in [JP,KR] applied`,
			`keyword keyword contains "跑步" reference !ranking_term`, `soft preference prefer "premium" reference`}, nil},
		{"mixed quoted en", `"swim vest" reviewers in Australia, 10k+ subs, no kids`, ShapeMixed, []string{
			`keyword keyword contains "swim vest" applied`, `hard country eq "AU" applied`,
			`hard followers gte 10000 applied`, `hard category not_in [family] applied`}, nil},
		{"mixed platform postposition", "有没有在 TikTok 上做宠物内容的英国博主", ShapeNatural, []string{
			`hard platform eq "tiktok" applied`, `hard category eq "pets" applied`, `hard country eq "GB" applied`}, nil},
		{"quantity is no filter", "帮我找 10 个做户外露营的美国红人，粉丝 5 万以上，不要太商业化的", ShapeNatural, []string{
			`hard category eq "outdoor" applied`, `hard country eq "US" applied`,
			`hard followers gte 50000 applied`, `soft preference avoid "商业化" reference`}, nil},
		{"exclude two platforms", "不要 YouTube 和 TikTok", ShapeNatural, []string{
			`hard platform not_in [youtube,tiktok] applied`}, nil},
		{"anchor smaller", "Find me some channels similar to Marques Brownlee but smaller, under 500k", ShapeMixed, []string{
			`hard followers lte 500000 applied !field_assumed`, `keyword keyword contains "Marques Brownlee" reference !ranking_term`}, nil}, // "smaller" beside the bound said is dropped (vagueBesideCount)

		// --- bad input that still parses ---
		{"empty", "", ShapeKeyword, nil, nil},
		{"spaces only", "   \t ", ShapeKeyword, nil, nil},
		{"control chars", "swim\x00vest\x07", ShapeKeyword, []string{
			`keyword keyword contains "swim" applied`, `keyword keyword contains "vest" applied`}, nil},
		{"emoji", "🔥🔥美妆博主🔥", ShapeKeyword, []string{`keyword keyword contains "美妆" applied`}, []string{"博主"}},
		{"rtl", "שלום עולם creators in Israel", ShapeMixed, []string{
			`hard country eq "IL" applied`, `keyword keyword contains "שלום עולם" reference !ranking_term`}, nil},
		{"sql", "'; DROP TABLE channels; --", ShapeMixed, []string{`keyword keyword contains "DROP TABLE" reference !ranking_term`}, nil},
		{"sql natural", "美国 1w+ OR 1=1; DROP TABLE users", ShapeMixed, []string{
			`hard country eq "US" applied`, `hard followers gte 10000 applied !field_assumed`, `keyword keyword contains "DROP TABLE users" applied`}, []string{"1", "1"}},
		{"full-width", "ＩＧ 粉丝 １Ｗ＋", ShapeNatural, []string{
			`hard platform eq "instagram" applied`, `hard followers gte 10000 applied`}, nil},
	}
	p, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := p.Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q) error %v", tc.in, err)
			}
			if r.Shape != tc.shape {
				t.Errorf("Parse(%q).Shape = %s, want %s", tc.in, r.Shape, tc.shape)
			}
			if diff := cmp.Diff(tc.want, briefs(r), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) conditions (-want +got):\n%s", tc.in, diff)
			}
			if diff := cmp.Diff(tc.rem, remTexts(r), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("Parse(%q) remainder (-want +got):\n%s", tc.in, diff)
			}
			checkInvariants(t, tc.in, r)
		})
	}
	if len(tests) < 60 {
		t.Errorf("only %d parser cases", len(tests))
	}
}

// checkInvariants holds for every result: spans are rune-aligned byte
// ranges of the input with matching text, IDs run c1.., soft conditions
// are never applied, priorities follow kinds, Shape equals Classify.
func checkInvariants(t *testing.T, in string, r Result) {
	t.Helper()
	spans := func(c Condition) []Span { return append([]Span{c.Span}, c.MoreSpans...) }
	for i, c := range r.Conditions {
		if want := fmt.Sprintf("c%d", i+1); c.ID != want {
			t.Errorf("Parse(%q) condition %d ID = %q, want %q", in, i, c.ID, want)
		}
		for _, s := range spans(c) {
			checkSpan(t, in, s)
		}
		if c.Kind == condition.KindSoft && c.Status == condition.StatusApplied {
			t.Errorf("Parse(%q) soft condition %s is applied", in, brief(c))
		}
		wantP := map[condition.Kind]int{condition.KindAnchor: 0, condition.KindKeyword: 1, condition.KindHard: 1, condition.KindSoft: 2, condition.KindDerived: 3}[c.Kind]
		if c.Kind == condition.KindKeyword && c.Status == condition.StatusReference && !c.Excluded {
			wantP = 2 // a ranking term is a reference, like a soft condition
		}
		if c.Priority != wantP {
			t.Errorf("Parse(%q) %s priority = %d, want %d", in, brief(c), c.Priority, wantP)
		}
		if c.Kind == condition.KindKeyword && c.Scope != scope.Tags && c.Scope != scope.Name {
			t.Errorf("Parse(%q) keyword %s scope = %q, want tags", in, brief(c), c.Scope)
		}
		if c.Label.ZH == "" || c.Label.EN == "" {
			t.Errorf("Parse(%q) %s has an empty label %+v", in, brief(c), c.Label)
		}
		if c.Value.Type == ValueRange && c.Value.Range.Min > c.Value.Range.Max {
			t.Errorf("Parse(%q) %s has min > max", in, brief(c))
		}
	}
	for _, s := range r.Remainder {
		checkSpan(t, in, s)
	}
	if got := Classify(in); got != r.Shape {
		t.Errorf("Classify(%q) = %s, Parse shape %s", in, got, r.Shape)
	}
}

func checkSpan(t *testing.T, in string, s Span) {
	t.Helper()
	if s.Start < 0 || s.End > len(in) || s.Start >= s.End {
		t.Errorf("span %+v out of range of %q", s, in)
		return
	}
	if !utf8RuneStart(in, s.Start) || !utf8RuneStart(in, s.End) {
		t.Errorf("span %+v of %q not on rune boundaries", s, in)
	}
	if in[s.Start:s.End] != s.Text {
		t.Errorf("span %+v text != input[%d:%d] = %q", s, s.Start, s.End, in[s.Start:s.End])
	}
}

// TestFillerNeverKeyword: request words, creator nouns and function words
// never become keywords, in any shape.
func TestFillerNeverKeyword(t *testing.T) {
	fillers := []string{"帮我找", "find", "me", "的", "红人", "博主", "creators", "influencers", "channels", "youtuber", "youtubers", "达人", "网红", "up主", "kol"}
	inputs := []string{
		"帮我找美国的红人博主",
		"find me creators, influencers and channels in the US",
		"find me YouTubers with 10k+ subscribers",
		"帮我找一些做美妆的达人和网红，粉丝 1w+",
		"tech youtuber",
		"美妆博主",
		"UP主 KOL 推荐 美国",
	}
	for _, in := range inputs {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range r.Keywords() {
			for _, f := range fillers {
				if strings.EqualFold(k.Value.Str, f) {
					t.Errorf("Parse(%q) made filler %q a keyword", in, k.Value.Str)
				}
			}
		}
	}
}

// TestSoftNeverHard: soft wording never yields an applied condition.
func TestSoftNeverHard(t *testing.T) {
	for _, in := range []string{"高级感", "性价比高", "调性合适", "内容质量高", "更像真人推荐", "premium feel", "good value",
		"on-brand", "high-quality content", "authentic", "feels like a real person", "专业", "有趣", "最好是美国的",
		"ideally English-speaking", "尽量不要游戏", "不要太商业化"} {
		r, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Conditions) == 0 {
			t.Errorf("Parse(%q) = no conditions, want a soft one", in)
		}
		for _, c := range r.Conditions {
			if c.Kind != condition.KindSoft || c.Status != condition.StatusReference || c.Priority != 2 {
				t.Errorf("Parse(%q) = %s (priority %d), want soft reference P2", in, brief(c), c.Priority)
			}
		}
	}
}
