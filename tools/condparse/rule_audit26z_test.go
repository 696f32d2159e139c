package condparse

import (
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// The classes of audit 26 (testdata/audit26) helper z mends, with
// phrasings of my own in zh and en; the audit's briefs are not tuned on
// and its held-out files are not read.

// TestRegionAbbreviations: a region said by its name or abbreviation is
// its member countries (taxonomy.Regions, the one table); an abbreviation
// that spells a word in lower case is the region only in capitals ("SEA",
// never "sea fishing"), and a region beside a country outside it is one
// set with it (audit 26, class 4).
func TestRegionAbbreviations(t *testing.T) {
	for _, tc := range []struct {
		in        string
		want, not []string
	}{
		{"MENA beauty creators, 20k+", []string{`hard country in [AE,SA,KW,IQ,JO,SY,IL,YE,IR,EG,MA,DZ] applied`}, []string{"mena"}},
		{"crypto youtubers across mena", []string{`hard country in [AE,SA,KW,IQ,JO,SY,IL,YE,IR,EG,MA,DZ] applied`}, []string{"across"}},
		{"中东北非的游戏博主", []string{`hard country in [AE,SA,KW,IQ,JO,SY,IL,YE,IR,EG,MA,DZ] applied`}, nil},
		{"中东的美妆博主", []string{`hard country in [AE,SA,IL,IQ,JO,KW,EG,TR] applied`}, nil},
		{"SEA gaming streamers 10k+", []string{`hard country in [ID,MY,SG,TH,VN,PH] applied`}, []string{"sea"}},
		{"tech founders, SEA or Japan", []string{`hard country in [ID,MY,SG,TH,VN,PH,JP] applied`}, []string{"sea"}},
		{"ASEAN food bloggers", []string{`hard country in [ID,MY,SG,TH,VN,PH] applied`}, nil},
		{"ANZ surfing channels", []string{`hard country in [AU,NZ] applied`}, []string{"anz"}},
		{"澳新 户外博主", []string{`hard country in [AU,NZ] applied`}, nil},
		{"GCC luxury accounts", []string{`hard country in [AE,SA,KW] applied`}, []string{"gcc"}},
		{"APAC fintech creators over 5k", []string{`hard country in [CN,JP,KR,TW,HK,IN,PK,BD,ID,MY,SG,TH,VN,PH,AU,NZ] applied`}, []string{"apac"}},
		{"亚太地区的科技博主", []string{`hard country in [CN,JP,KR,TW,HK,IN,PK,BD,ID,MY,SG,TH,VN,PH,AU,NZ] applied`}, nil},
		{"CEE gaming channels", []string{`hard country in [PL,CZ,HU,RO,SK,BG,HR,UA] applied`}, []string{"cee"}},
		{"fashion creators in the EU only", []string{`hard country in [IE,DE,FR`}, nil},
		{"EMEA b2b creators", []string{`hard country in [GB,IE,DE`}, []string{"emea"}},
		{"南亚的美食博主", []string{`hard country in [IN,PK,BD] applied`}, nil},
	} {
		readAt(t, tc.in, tc.want, tc.not)
	}
	// in lower case an abbreviation that is a word stays the word
	for _, in := range []string{"sea fishing channels in Norway", "deep sea diving creators, 5k+"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == condition.Country && len(c.Value.Strs) > 2 {
				t.Errorf("Read(%q): %s, want no region from the word sea", in, brief(c))
			}
		}
	}
	// a region outside the Middle East proper keeps Turkey out, and
	// North Africa in
	r := readAt(t, "MENA finance creators", nil, nil)
	for _, c := range r.Conditions {
		if c.Field == condition.Country && strings.Contains(brief(c), "TR") {
			t.Errorf("Read(MENA): %s holds Turkey", brief(c))
		}
	}
}

// TestRangesSaidInWords: a range's unit said once at its end is both
// ends' unit, the lower end spelled out ("ten to fifty thousand") or the
// unit letter standing apart ("between 5 and 20 k"); a count said by its
// number of digits ("six figures", 七位数) is that span of counts; a unit
// letter apart from a number that is no count stays as typed (audit 26,
// class 1).
func TestRangesSaidInWords(t *testing.T) {
	for _, tc := range []struct {
		in        string
		want, not []string
	}{
		{"beauty creators with ten to fifty thousand subs", []string{`hard followers between 10000..50000 applied`}, []string{"ten"}},
		{"twelve to thirty thousand followers, Canada", []string{`hard followers between 12000..30000 applied`}, []string{"twelve"}},
		{"between five and twenty k followers", []string{`hard followers between 5000..20000 applied`}, nil},
		{"from two to eight thousand subscribers", []string{`hard followers between 2000..8000 applied`}, nil},
		{"one to five hundred thousand subscribers", []string{`hard followers between 100000..500000 applied`}, nil},
		{"two to three million followers", []string{`hard followers between 2000000..3000000 applied`}, nil},
		{"twenty-five to sixty thousand subs", []string{`hard followers between 25000..60000 applied`}, nil},
		{"15 to forty thousand subs", []string{`hard followers between 15000..40000 applied`}, nil},
		{"gaming streamers, between 5 and 20 k", []string{`hard followers between 5000..20000 applied`}, []string{"20 k"}},
		{"3 to 8 k subs, Peru", []string{`hard followers between 3000..8000 applied`}, []string{"8 k"}},
		{"5 k to 40k followers", []string{`hard followers between 5000..40000 applied`}, nil},
		{"at least 2 k followers", []string{`hard followers gte 2000 applied`}, nil},
		{"tech channels, six figures of subscribers", []string{`hard followers between 100000..999999 applied`}, []string{"figures"}},
		{"travel creators with a five-figure following", []string{`hard followers between 10000..99999 applied`}, []string{"following", "figure"}},
		{"low six figures, gaming", []string{`hard followers between 100000..299999 applied`}, []string{"low"}},
		{"粉丝七位数的游戏博主", []string{`hard followers between 1000000..9999999 applied`}, []string{"七位"}},
		{"美妆博主 粉丝量六位数", []string{`hard followers between 100000..999999 applied`}, nil},
		{"五位数粉丝的宠物博主", []string{`hard followers between 10000..99999 applied`}, nil},
	} {
		r := readAt(t, tc.in, tc.want, tc.not)
		if len(r.Remainder) > 0 {
			t.Errorf("Read(%q): remainder %q, want every word read", tc.in, remTexts(r.Result))
		}
	}
	// the end of a span of figures is written whole, never 999.99K
	r := readAt(t, "six figures of subs", nil, nil)
	if len(r.Conditions) == 0 || r.Conditions[0].Label.EN != "Followers 100K–999,999" {
		t.Errorf("Read(six figures).Conditions = %+v, want the label Followers 100K–999,999", r.Conditions)
	}
	// a unit letter apart from a number that is no count stays as typed
	for _, in := range []string{"running creators who train for a 5 k race", "top 10 k-pop dance covers"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == condition.Followers {
				t.Errorf("Read(%q): %s, want no follower count", in, brief(c))
			}
		}
	}
}

// TestTerseRefinementRanks: terse input stays terse however many
// condition fields it holds, so a word that names something of its own
// filters as typed; a subtopic of the category the input names, or a
// content format beside a named category, only refines that category
// and ranks (audit 26, class 2; the decision is in rule_terse.go).
func TestTerseRefinementRanks(t *testing.T) {
	for _, tc := range []struct {
		in, term string
		want     []string
	}{
		{"越南 美食 街头美食 粉丝2万以上 互动率3%以上", "街头美食", []string{`hard category eq "food" applied`, `hard country eq "VN" applied`}},
		{"马来西亚 美食 烘焙 5w以内", "烘焙", []string{`hard category eq "food" applied`}},
		{"台湾 宠物 猫咪 1w-5w", "猫咪", []string{`hard category eq "pets" applied`}},
		{"UK fitness home workouts 20k+ english", "home workouts", []string{`hard category eq "fitness" applied`, `hard language eq "en" applied`}},
		{"Mexico gaming walkthrough 50k+", "walkthrough", []string{`hard category eq "gaming" applied`}},
		{"日本 美妆 教程 粉丝1w+ 近30天活跃", "教程", []string{`hard category eq "beauty" applied`, `hard last_active within_days 30 applied`}},
		{"Brazil cooking tutorials 10k+", "cooking tutorials", []string{`hard category eq "food" applied`}},
	} {
		readAt(t, tc.in, append(tc.want, `keyword keyword contains "`+tc.term+`" reference`), []string{strings.ToLower(tc.term)})
	}
	// the other way: a word that names something of its own, or a
	// subtopic with no category named beside it, filters as typed
	for _, tc := range []struct{ in, term string }{
		{"德国 Hollyland 麦克风 粉丝1w+ 互动率2%以上", "Hollyland"},
		{"Sony A7 评测, 日本, 5k+", "Sony A7"},
		{"印尼 探店 10万以内", "探店"},
		{"美国 科技 减脂 1w+", "减脂"},
		{"Canada street food 5k+", "street food"},
	} {
		readAt(t, tc.in, []string{`keyword keyword contains "` + tc.term + `" applied`}, nil)
	}
	// a list item of its own is marked, and filters
	readAt(t, "泰国，美食，烘焙，1w+", []string{`keyword keyword contains "烘焙" applied`}, nil)
}

// TestAudienceWishNamed: where the audience lives, its language, gender
// or age is no fact about the creator and the catalog has no audience
// data: no country, language or gender condition comes of it, and it is
// named (ResidueAudience); what else an audience description names still
// ranks, and the creators' own place said beside it still filters
// (audit 26, class 3).
func TestAudienceWishNamed(t *testing.T) {
	for _, tc := range []struct {
		in, said string
		want     []string
		field    condition.Field // the field no condition may come of
	}{
		{"travel vloggers whose audience is mainly in Brazil, 10k+", "audience is mainly in Brazil", []string{`hard category eq "travel" applied`, `hard followers gte 10000 applied`}, condition.Country},
		{"gaming channels with viewers mostly from India", "viewers mostly from India", []string{`hard category eq "gaming" applied`}, condition.Country},
		{"tech youtubers in Canada with a largely female audience", "a largely female audience", []string{`hard country eq "CA" applied`}, condition.Keyword},
		{"cooking creators with a Spanish-speaking audience", "a Spanish-speaking audience", []string{`hard category eq "food" applied`}, condition.Language},
		{"粉丝主要在澳洲的旅行博主", "粉丝主要在澳洲", []string{`hard category eq "travel" applied`}, condition.Country},
		{"受众集中在东南亚的美妆博主 粉丝3万以上", "受众集中在东南亚", []string{`hard category eq "beauty" applied`, `hard followers gte 30000 applied`}, condition.Country},
		{"观众大多是女生的游戏主播", "观众大多是女生", []string{`hard category eq "gaming" applied`}, condition.Keyword},
		{"粉丝以男性为主的汽车博主 德国", "粉丝以男性为主", []string{`hard country eq "DE" applied`, `hard category eq "automotive" applied`}, condition.Keyword},
		{"受众25到34岁的理财博主", "受众25到34岁", []string{`hard category eq "finance" applied`}, condition.Followers},
		{"ideally an audience of men 18-24, gaming creators in Poland", "audience of men 18-24", []string{`hard country eq "PL" applied`}, condition.Keyword},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		named := false
		for _, sp := range r.Remainder {
			named = named || sp.Role == ResidueAudience && strings.Contains(sp.Text, tc.said)
		}
		if !named {
			t.Errorf("Read(%q): remainder %+v, want %q named as an audience wish", tc.in, r.Remainder, tc.said)
		}
		for _, c := range r.Conditions {
			if c.Field == tc.field && c.Span.Text != "" && strings.Contains(tc.said, c.Span.Text) {
				t.Errorf("Read(%q): %s comes of the audience wish", tc.in, brief(c))
			}
		}
	}
	// the other way: an audience of a kind of people ranks; the
	// creators' own country and a follower count stay filters
	readAt(t, "受众是大学生的文具博主", []string{`keyword keyword contains "大学生" reference`}, nil)
	readAt(t, "creators in Japan, 50k followers in total", []string{`hard country eq "JP" applied`, `hard followers gte 50000 applied`}, nil)
	readAt(t, "美国粉丝1万以上的博主", []string{`hard country eq "US" applied`, `hard followers gte 10000 applied`}, nil)
}

// TestMildReadings26: a one-rune category name said as a word of its own
// is that kind of content (never an unread rune); a rate the catalog
// lacks is named with its qualifier, never a ranking term or a guessed
// preference; parents named by who they are make family content (audit
// 26, class 5).
func TestMildReadings26(t *testing.T) {
	// a lone category rune
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"韩国 宠物 狗 1w+", []string{`hard category eq "pets" applied`, `keyword keyword contains "狗" reference`}},
		{"台湾 狗 博主 粉丝五千以上", []string{`hard category eq "pets" applied`, `keyword keyword contains "狗" reference`}},
		{"猫博主，英国的", []string{`hard category eq "pets" applied`, `keyword keyword contains "猫" reference`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		if len(r.Remainder) > 0 {
			t.Errorf("Read(%q): remainder %q, want none", tc.in, remTexts(r.Result))
		}
	}
	for _, in := range []string{"热狗 探店 美国", "猫粮测评博主"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == condition.Category && c.Value.Str == "pets" && c.Span.Text != "猫粮" {
				t.Errorf("Read(%q): %s, want no pets from a rune inside a word", in, brief(c))
			}
		}
	}
	// a rate the catalog lacks
	for _, tc := range []struct{ in, said string }{
		{"越南美食博主 转化率高的", "转化率高的"},
		{"点击率不错的科技博主", "点击率不错"},
		{"复购率高的美妆达人 粉丝1万以上", "复购率高"},
		{"tech youtubers with a strong click-through rate", "a strong click-through rate"},
		{"food channels with long average watch time", "average watch time"},
		{"完播率40%以上的游戏博主", "完播率40%以上"},
	} {
		r := readAt(t, tc.in, nil, nil)
		named := false
		for _, sp := range r.Remainder {
			named = named || sp.Role == ResidueMeasure && strings.Contains(sp.Text, tc.said)
		}
		if !named {
			t.Errorf("Read(%q): remainder %+v, want %q named as a measure the catalog lacks", tc.in, r.Remainder, tc.said)
		}
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword || c.Field == condition.Preference || c.Field == condition.Engagement {
				t.Errorf("Read(%q): %s, want nothing read from the measure", tc.in, brief(c))
			}
		}
	}
	// a sort by one stays a sort (named by the box with the sorts there are)
	rd := readAt(t, "美食博主，按转化率排", nil, nil)
	if rd.Unsorted == nil {
		t.Errorf("Read(按转化率排): Unsorted nil, want the measure named as no sort")
	}
	// parents named by who they are
	for _, tc := range []struct{ in, term string }{
		{"mom vloggers in Australia, 5k+", "mom"},
		{"find me dad creators in the UK", "dad"},
		{"新手妈妈博主 美国 粉丝2万以上", "新手妈妈"},
		{"找几个奶爸博主，日本的", "奶爸"},
	} {
		readAt(t, tc.in, []string{`hard category eq "family" applied`, `keyword keyword contains "` + tc.term + `" reference`}, nil)
	}
	// beside a category of their own, the named category holds
	readAt(t, "mum bloggers who cook, food, UK", []string{`hard category eq "food" applied`}, nil)
	// right after a topic they are its person noun; of the audience,
	// they rank and give no category
	for _, tc := range []struct{ in, cat, term string }{
		{"cat dads in Japan, 5k+", "pets", "cat dads"},
		{"Belgian plant moms", "home", "plant moms"},
		{"宝妈受众的博主 美国", "", "宝妈"},
		{"creators with a mostly moms audience", "", "moms"},
	} {
		want := []string{`keyword keyword contains "` + tc.term + `" reference`}
		if tc.cat != "" {
			want = append(want, `hard category eq "`+tc.cat+`" applied`)
		}
		r := readAt(t, tc.in, want, nil)
		for _, c := range r.Conditions {
			if c.Field == condition.Category && c.Value.Str == "family" {
				t.Errorf("Read(%q): %s, want no family", tc.in, brief(c))
			}
		}
	}
}
