package condparse

import (
	"slices"
	"strings"
	"testing"
)

// The reading classes of issue 26 items 1–2 (fixQ), read by condparse
// alone, with phrasings of my own in zh and en: the tuning tables, one
// block per class. The held-out table, written before the fixes and never
// tuned on, runs through the agent (agent/leftQ_heldout_test.go); the
// agent's own tuning table is agent/leftQ_test.go.

// leftQPromote: class 1, a verb of promoting, selling or making an ad
// before (or around) an exclusion's object is frame, named in Dropped;
// what is promoted is excluded, its category when it names one.
var leftQPromote = []struct {
	leftCase
	frame string // a word Dropped must name
}{
	{leftCase{in: "不要推广游戏的美妆博主", want: []string{"category not_in [gaming] applied", `category eq "beauty"`}, noKw: []string{"广", "推"}}, "推广"},
	{leftCase{in: "美国的科技博主，别接博彩广告的", want: []string{`not_contains "博彩" applied`}, noKw: []string{"接", "广告"}}, "广告"},
	{leftCase{in: "找日本的美食博主 不要给保健品带货的", want: []string{`not_contains "保健品" applied`}, noKw: []string{"给", "带货"}}, "带货"},
	{leftCase{in: "韩国美妆博主 不做酒类宣传的", want: []string{`not_contains "酒" applied`}, noKw: []string{"做", "宣传"}}, "宣传"},
	{leftCase{in: "不要代言电子烟的健身博主", want: []string{`not_contains "电子烟" applied`, `category eq "fitness"`}, noKw: []string{"代言"}}, "代言"},
	{leftCase{in: "别推广加密货币的财经博主", want: []string{`not_contains "加密货币" applied`, `category eq "finance"`}, noKw: []string{"广", "推"}}, "推广"},
	{leftCase{in: "不要推销理财课程的博主", want: []string{`not_contains "理财课程"`}, noKw: []string{"推销"}}, "推销"},
	{leftCase{in: "从来不接手游广告的游戏主播", want: []string{`not_contains "手游"`}, noKw: []string{"接", "广告", "从来"}}, "广告"},
	{leftCase{in: "没给医美机构打广告的美妆博主", want: []string{`not_contains "医美机构"`}, noKw: []string{"给", "打广告"}}, "打广告"},
	{leftCase{in: "不要帮网贷宣传的", want: []string{`not_contains "网贷"`}, noKw: []string{"帮", "宣传"}}, "宣传"},
	{leftCase{in: "排除给彩票推广的博主", want: []string{`not_contains "彩票"`}, noKw: []string{"推广"}}, "推广"},
	{leftCase{in: "最好不要推广烟酒的母婴博主", want: []string{`avoid "烟酒"`}, noKw: []string{"推广"}}, "推广"},
	// the deal alone, a listed selling form, and a selling form glued to
	// another form stay what is excluded
	{leftCase{in: "美妆博主，不要接广告的", want: []string{`not_contains "接广告" applied`}}, ""},
	{leftCase{in: "不要纯带货的", want: []string{`not_contains "带货" applied`}}, ""},
	{leftCase{in: "理财博主，不要带货和炒币的", want: []string{`not_contains "带货" applied`, `not_contains "炒币" applied`}}, ""},
	{leftCase{in: "不要直播带货的美妆博主", want: []string{`not_contains "直播带货" applied`}}, ""},
}

func TestLeftQPromote(t *testing.T) {
	for _, tc := range leftQPromote {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
		if tc.frame == "" {
			continue
		}
		r, err := Read(tc.in, WithNow(leftNow))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(r.Dropped, func(s Span) bool { return strings.Contains(s.Text, tc.frame) }) {
			t.Errorf("Read(%q): Dropped %v does not name %q", tc.in, r.Dropped, tc.frame)
		}
	}
}

// leftQOrientation: class 2, a gender said as whom the content is for
// (女性向, 男生向, "aimed at women", "for a male audience") is a wish about
// the audience, never the creators' gender, and 向 never a term.
var leftQOrientation = []leftCase{
	{in: "女性向的游戏博主", want: []string{`category eq "gaming"`}, noKw: []string{"向", "女性"}, role: ResidueAudience},
	{in: "男性向 科技频道 美国", want: []string{`category eq "tech"`, `country eq "US"`}, noKw: []string{"向"}, role: ResidueAudience},
	{in: "女生向手游博主", want: []string{`keyword contains "手游"`}, noKw: []string{"向"}, role: ResidueAudience},
	{in: "找男生向的健身博主，粉丝一万以上", want: []string{`category eq "fitness"`, "followers gte 10000"}, noKw: []string{"向"}, role: ResidueAudience},
	{in: "女向乙女游戏博主", noKw: []string{"女向"}, role: ResidueAudience},
	{in: "面向女性的美妆博主", want: []string{`category eq "beauty"`}, noKw: []string{"女性"}, role: ResidueAudience},
	{in: "gaming channels aimed at women", want: []string{`category eq "gaming"`}, noKw: []string{"women", "aimed"}, role: ResidueAudience},
	{in: "tech reviewers for a male audience in the US", want: []string{`category eq "tech"`}, not: []string{`country eq "US"`}, noKw: []string{"male"}, role: ResidueAudience},
	{in: "fitness channels geared towards men", want: []string{`category eq "fitness"`}, noKw: []string{"men", "geared"}, role: ResidueAudience},
	{in: "skincare creators targeting women in Korea", want: []string{`country eq "KR"`}, noKw: []string{"women", "targeting"}, role: ResidueAudience},
	{in: "anime channels catering to men", noKw: []string{"men", "catering"}, role: ResidueAudience},
}

func TestLeftQOrientation(t *testing.T) {
	for _, tc := range leftQOrientation {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
		r, _ := Read(tc.in, WithNow(leftNow))
		for _, rem := range r.Remainder {
			if rem.Role == ResidueGender {
				t.Errorf("Read(%q): %q read as the creators' gender", tc.in, rem.Text)
			}
		}
	}
}

// leftQStrict: class 3, intensifiers and strictness words are frame: the
// condition beside them stays hard, the word never a term.
var leftQStrict = []leftCase{
	{in: "strictly US beauty creators", want: []string{`country eq "US" applied`}, noKw: []string{"strictly"}},
	{in: "严格 德国 科技博主", want: []string{`country eq "DE" applied`}, noKw: []string{"严格"}},
	{in: "creators who only ever post about cats", want: []string{`keyword contains "cats"`}, noKw: []string{"ever", "only"}},
	{in: "solely German speaking tech channels", want: []string{`language eq "de" applied`}, noKw: []string{"solely"}},
	{in: "一定得是日本的美食博主", want: []string{`country eq "JP" applied`}, noKw: []string{"一定", "得"}},
	{in: "只能是英国的美食博主", want: []string{`country eq "GB" applied`}, noKw: []string{"只能"}},
	{in: "fitness channels, has to be in Canada", want: []string{`country eq "CA" applied`}, noKw: []string{"has to"}},
	{in: "粉丝硬性要求十万以上的科技博主", want: []string{"followers gte 100000 applied"}, noKw: []string{"硬性"}},
	{in: "purely Korean-language beauty channels", want: []string{`language eq "ko" applied`}, noKw: []string{"purely"}},
	{in: "必须是美国的美妆博主", want: []string{`country eq "US" applied`}, noKw: []string{"必须"}},
	// a limited edition stays a word
	{in: "限定款口红 开箱", want: []string{`keyword contains "限定款口红"`}},
}

func TestLeftQStrict(t *testing.T) {
	for _, tc := range leftQStrict {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
	}
}

// leftQVariant: class 4, a language variant named by a region or a
// variety reads as its language, the variant named in the label as not
// filtered; the place names no country and no word of it ranks.
var leftQVariant = []struct {
	leftCase
	label string // what the language label must say
}{
	{leftCase{in: "cooking creators in Spain, Castilian Spanish", want: []string{`country eq "ES"`, `language eq "es" applied`}, noKw: []string{"castilian"}}, "Castilian"},
	{leftCase{in: "Brazilian Portuguese fitness creators", want: []string{`language eq "pt" applied`}, not: []string{"country"}, noKw: []string{"brazilian"}}, "Brazilian"},
	{leftCase{in: "European Portuguese beauty creators", want: []string{`language eq "pt" applied`}, not: []string{"country"}, noKw: []string{"european"}}, "European"},
	{leftCase{in: "Latin American Spanish cooking channels", want: []string{`language eq "es" applied`}, not: []string{"country"}}, "Latin American"},
	{leftCase{in: "Québécois lifestyle creators", want: []string{`language eq "fr" applied`}, noKw: []string{"québécois", "quebecois"}}, "Québécois"},
	{leftCase{in: "Swiss German tech channels", want: []string{`language eq "de" applied`}, not: []string{"country"}}, "Swiss"},
	{leftCase{in: "台湾国语的美食博主", want: []string{`language eq "zh" applied`}, not: []string{"country"}, noKw: []string{"台湾"}}, "Taiwan"},
	{leftCase{in: "港式粤语的美食博主", want: []string{`language eq "zh" applied`}, noKw: []string{"港式"}}, "Cantonese"},
	{leftCase{in: "香港粤语美食博主", want: []string{`language eq "zh" applied`}, not: []string{"country"}}, "Hong Kong"},
	{leftCase{in: "巴西葡语的健身博主", want: []string{`language eq "pt" applied`}, not: []string{"country"}}, "巴西"},
	{leftCase{in: "gaming streamers who speak Rioplatense Spanish", want: []string{`language eq "es" applied`}, noKw: []string{"rioplatense"}}, "Rioplatense"},
	// a country said with its own name stays the country
	{leftCase{in: "dance creators brazil portuguese", want: []string{`country eq "BR"`, `language eq "pt"`}}, ""},
	{leftCase{in: "巴西的葡语博主", want: []string{`country eq "BR"`, `language eq "pt"`}}, ""},
}

func TestLeftQVariant(t *testing.T) {
	for _, tc := range leftQVariant {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
		if tc.label == "" {
			continue
		}
		r, _ := Read(tc.in, WithNow(leftNow))
		for _, c := range r.Conditions {
			if c.Field == "language" && !strings.Contains(c.Label.EN+c.Label.ZH, tc.label) {
				t.Errorf("Read(%q): language label %v, want it to name %q", tc.in, c.Label, tc.label)
			}
		}
	}
}

// leftQAccepted: class 5, a country said acceptable in addition is added
// to the countries held, hard as the first; the acceptance words are
// frame, never terms.
var leftQAccepted = []leftCase{
	{in: "pet creators in France, Belgium would work as well", want: []string{`country in [FR,BE] applied !added`}, noKw: []string{"work", "well"}},
	{in: "food creators in Italy, Spain would work too", want: []string{`country in [IT,ES] applied !added`}, noKw: []string{"work"}},
	{in: "beauty creators in the US, the UK would also be ok", want: []string{`country in [US,GB] applied`}, noKw: []string{"ok"}},
	{in: "tech creators in Japan, Korea is fine as well", want: []string{`country in [JP,KR] applied`}, noKw: []string{"fine"}},
	{in: "fitness creators in Canada, happy with Australia too", want: []string{`country in [CA,AU] applied !added`}, noKw: []string{"happy"}},
	{in: "tech creators in Germany, also open to Austria", want: []string{`country in [DE,AT] applied !added`}, noKw: []string{"open"}},
	{in: "美国的科技博主，英国的也可以", want: []string{`country in [US,GB] applied`}, noKw: []string{"也可以"}},
	{in: "德国的科技博主 奥地利也行", want: []string{`country in [DE,AT] applied`}, noKw: []string{"也行"}},
	{in: "美国的科技博主，也接受加拿大的", want: []string{`country in [US,CA] applied !added`}, noKw: []string{"接受"}},
	{in: "日本美妆博主 韩国的也没问题", want: []string{`country in [JP,KR] applied`}, noKw: []string{"没问题"}},
	// a wish stays a wish
	{in: "food creators in Italy, Spain would be ideal", want: []string{`country eq "ES" reference`}},
}

func TestLeftQAccepted(t *testing.T) {
	for _, tc := range leftQAccepted {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
	}
}

// leftQPosting: class 6, a verb of filming or posting before the topic is
// frame (with its posting adverb); the topic is the category, subtopic or
// term, "film" no Film & TV category there, and 拍 never a term.
var leftQPosting = []leftCase{
	{in: "主要拍露营的博主", want: []string{`category eq "outdoor"`}, noKw: []string{"拍", "主要"}},
	{in: "专门拍钓鱼的博主", want: []string{`keyword contains "钓鱼"`}, noKw: []string{"拍"}},
	{in: "平时发猫的博主 日本", want: []string{`keyword contains "猫"`, `country eq "JP"`}, noKw: []string{"发", "平时"}},
	{in: "经常更美妆的博主", want: []string{`category eq "beauty"`}, noKw: []string{"经常", "更"}},
	{in: "日常发穿搭的博主", want: []string{`category eq "fashion"`}, not: []string{"lifestyle"}, noKw: []string{"发"}},
	{in: "平时更新猫咪日常的博主", want: []string{`keyword contains "猫咪"`}, noKw: []string{"平时", "更新"}},
	{in: "找主要拍美食探店的博主", want: []string{`category eq "food"`}, noKw: []string{"拍"}},
	{in: "creators who mostly film camping", want: []string{`category eq "outdoor"`}, not: []string{"film"}},
	{in: "creators who mostly shoot street food", want: []string{`keyword contains "street food"`}, noKw: []string{"shoot"}},
	{in: "youtubers that mostly film travel vlogs", want: []string{`category eq "travel"`}, not: []string{`"film"`}, noKw: []string{"film"}},
	{in: "channels that upload woodworking builds", want: []string{`category eq "diy"`}, noKw: []string{"upload"}},
	// film stays the topic where it is one
	{in: "short film creators", want: []string{`category eq "film"`}},
	{in: "film reviewers", want: []string{`keyword contains "film"`}},
}

func TestLeftQPosting(t *testing.T) {
	for _, tc := range leftQPosting {
		for _, p := range tc.problems() {
			t.Errorf("Read(%q): %s", tc.in, p)
		}
	}
}
