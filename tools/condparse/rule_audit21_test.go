package condparse

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"searchagent/tools/condition"
)

// TestVagueSizeDirection: a size said without a number keeps the way it
// points, so a follow-up can move the held range one step (issue 26,
// audit 21); a height with no measure points nowhere.
func TestVagueSizeDirection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want SizeDirection
	}{
		{"larger ones", SizeLarger},
		{"粉丝再多一点的", SizeLarger},
		{"要大一些的号", SizeLarger},
		{"these are too small", SizeLarger},
		{"nothing massive", SizeSmaller},
		{"粉丝少一些", SizeSmaller},
		{"smaller than these", SizeSmaller},
		{"更小一点的", SizeSmaller},
		{"小而精的护肤博主", SizeSmaller},
		{"高一些", ""},
	} {
		rd, err := Read(tc.in)
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		var got []SizeDirection
		for _, sp := range rd.Remainder {
			if sp.Role == ResidueVague {
				got = append(got, sp.Direction)
			}
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("%q: vague directions %q, want one %q (remainder %+v)", tc.in, got, tc.want, rd.Remainder)
		}
	}
}

// TestSixWeeks: six weeks are 42 days (they read as a month and a half).
func TestSixWeeks(t *testing.T) {
	for _, in := range []string{"posted in the past six weeks", "active within six weeks"} {
		rd, err := Read(in)
		if err != nil {
			t.Fatal(err)
		}
		got := -1
		for _, c := range rd.Conditions {
			if c.Field == "last_active" {
				got = int(c.Value.Int)
			}
		}
		if got != 42 {
			t.Errorf("%q: activity window %d days, want 42", in, got)
		}
	}
}

// readAt reads in as of audit 21's day (a Sunday).
func readAt(t *testing.T, in string, want, not []string) Reading {
	t.Helper()
	return readChecked(t, in, want, not, WithNow(time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)))
}

// noTerm fails when a keyword of r (filter or ranking term, wanted or
// excluded) holds one of the words.
func noTerm(t *testing.T, r Reading, words ...string) {
	t.Helper()
	for _, c := range r.Conditions {
		if c.Kind != condition.KindKeyword {
			continue
		}
		for _, w := range words {
			if strings.Contains(strings.ToLower(c.Value.Str), strings.ToLower(w)) {
				t.Errorf("Read(%q): keyword %s holds the frame word %q", r.Input, brief(c), w)
			}
		}
	}
}

// TestExclusionPartnerFrame: an exclusion of creators who worked with a
// brand excludes the brand; the partner frame (the verb, "already", the
// relative opening, the deal noun, politeness) is dropped, never
// excluded and never a ranking term (audit 21, class 1).
func TestExclusionPartnerFrame(t *testing.T) {
	for _, tc := range []struct {
		in, brand string
		frame     []string
	}{
		{"不要接过完美日记的", "完美日记", []string{"接过"}},
		{"美妆博主，别找已经和花西子合作过的", "花西子", []string{"已经", "合作", "过"}},
		{"不要跟小米合作过的数码博主", "小米", []string{"合作", "过"}},
		{"不要已经推过元气森林的", "元气森林", []string{"已经", "推过"}},
		{"tech reviewers, skip anyone who works with Anker", "Anker", []string{"works", "anyone"}},
		{"no one who has worked with Nike", "Nike", []string{"worked", "who"}},
		{"nobody already partnered with Adidas please", "Adidas", []string{"already", "partnered", "please"}},
		{"fitness creators in Spain, not anyone already doing Gymshark promos", "Gymshark", []string{"already", "promos", "doing"}},
		{"exclude creators who did ads for Temu", "Temu", []string{"ads", "did"}},
		{"不要给雅诗兰黛拍过广告的", "雅诗兰黛", []string{"给", "广告"}},
		{"别找已经和华为合作过的，谢谢", "华为", []string{"已经", "合作", "谢谢"}},
		{"美妆博主，跟完美日记有合作的不要", "完美日记", []string{"合作", "跟"}},
		{"排除掉和竞品小佩有过合作的博主", "小佩", []string{"竞品", "合作"}},
		{"不考虑已经在推小米的博主", "小米", []string{"考虑", "在推"}},
		{"不要近期接过花西子推广的", "花西子", []string{"近期", "推广"}},
		{"skincare creators, exclude anyone with a Cerave deal", "Cerave", []string{"deal"}},
		{"fitness creators in the UK but nobody who already works with Myprotein", "Myprotein", []string{"already", "works"}},
		{"gaming channels, ignore people already doing Razer ads", "Razer", []string{"ignore", "ads"}},
		{"US tech creators, no Samsung collabs", "Samsung", []string{"collabs"}},
		{"排除接过欧莱雅广告的博主", "欧莱雅", []string{"接过", "广告"}},
		{"avoid anyone who has worked with Sephora before", "Sephora", []string{"before", "worked"}},
		{"not interested in anyone working with Apple", "Apple", []string{"interested", "working"}},
		{"no creators who have done sponsored posts for Nike", "Nike", []string{"done", "sponsored", "posts"}},
	} {
		r := readAt(t, tc.in, []string{`keyword keyword not_contains "` + tc.brand + `" applied`}, nil)
		noTerm(t, r, tc.frame...)
		for _, c := range r.Conditions {
			if c.Op == condition.OpContains && strings.Contains(c.Value.Str, tc.brand) {
				t.Errorf("Read(%q): the excluded brand ranks: %s", tc.in, brief(c))
			}
		}
	}
	// politeness never joins an excluded term; a deal noun alone is what
	// is excluded.
	readAt(t, "no livestreams pls, english only", []string{`keyword keyword not_contains "livestreams" applied`, `hard language eq "en" applied`}, nil)
	readAt(t, "不要做直播的，谢谢", []string{`keyword keyword not_contains "直播" applied`}, nil)
	readAt(t, "camping creators without sponsorships", []string{`keyword keyword not_contains "sponsorships" applied`}, nil)
	// a Chinese deal noun without a partner verb is part of the word
	readAt(t, "美妆博主，不要接广告的", []string{`keyword keyword not_contains "接广告" applied`}, nil)
}

// TestFrameWordsNeverTerms: an audience description ranks what it names,
// the ask to push the product ranks the product, acceptance and
// discourse tails and a misspelt unit after a number are no terms
// (audit 21, class 2).
func TestFrameWordsNeverTerms(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  []string
		frame []string
	}{
		{"韩国美妆博主，受众主要是大学生", []string{`keyword keyword contains "大学生" reference`}, []string{"受众"}},
		{"受众是宝妈的母婴博主，日本", []string{`keyword keyword contains "宝妈" reference`, `hard country eq "JP"`}, []string{"受众", "博主"}},
		{"受众是学生党的平价文具博主，台湾的", []string{`keyword keyword contains "学生党" reference`, `keyword keyword contains "平价文具" reference`}, []string{"受众", "博主"}},
		{"vegan food creators in Berlin, audience: young parents", []string{`keyword keyword contains "young parents" reference`}, []string{"audience"}},
		{"fitness creators in Spain whose audience is mostly students", []string{`keyword keyword contains "students" reference`}, []string{"audience"}},
		{"日本的健身博主，想让他们带一下我们的筋膜枪", []string{`keyword keyword contains "筋膜枪" reference`}, []string{"让他们", "带"}},
		{"找美妆博主帮我们推一下新款气垫，韩国", []string{`keyword keyword contains "新款气垫" reference`}, []string{"推"}},
		{"beauty creators in Japan who could show off our lip tint", []string{`keyword keyword contains "lip tint" reference`}, []string{"show", "off", "our"}},
		{"outdoor channels that could feature our tent, Canada", []string{`keyword keyword contains "tent" reference`}, []string{"feature"}},
		{"pet creators in the US, micro accounts totally fine", []string{`hard country eq "US"`}, []string{"totally", "fine"}},
		{"food creators in Italy, small ones are all good", []string{`hard country eq "IT"`}, []string{"good"}},
		{"just UK after all", []string{`hard country eq "GB"`}, []string{"after"}},
		{"gaming channels, 10k-50k subscibers, Brazil", []string{`hard followers between 10000..50000 applied`}, []string{"subscibers"}},
		{"fitness creators with 50k folowers in Spain", []string{`hard followers gte 50000 applied`}, []string{"folowers"}},
		{"健身博主，粉絲5萬以上", []string{`hard followers gte 50000 applied`}, []string{"粉絲"}},
		{"美妆博主，粉丝大多是宝妈，日本", []string{`keyword keyword contains "宝妈" reference`}, []string{"粉丝"}},
		{"US gaming creators whose fans are mostly teens", []string{`keyword keyword contains "teens" reference`}, []string{"fans"}},
		{"想请他们帮忙带一下我们的新款耳机，找美国科技博主", []string{`keyword keyword contains "新款耳机" reference`}, []string{"请他们", "他们"}},
		{"we want creators to push our protein bars, UK fitness", []string{`keyword keyword contains "protein bars" reference`}, []string{"push"}},
		{"channels that could demo our drone, Canada, 10k+", []string{`keyword keyword contains "drone" reference`}, []string{"demo"}},
		{"creators to unbox our speaker in Spain", []string{`keyword keyword contains "speaker" reference`}, []string{"unbox"}},
		{"creators who might be keen to try our vegan protein, UK", []string{`keyword keyword contains "vegan protein" reference`}, []string{"keen", "try"}},
		{"we need people to help us launch our smart ring in Germany", []string{`keyword keyword contains "smart ring" reference`}, []string{"help", "launch"}},
		{"目标人群是宝妈的母婴博主", []string{`keyword keyword contains "宝妈" reference`}, []string{"人群"}},
		{"想找几个能帮我们种草新品面膜的韩国博主", []string{`keyword keyword contains "面膜" reference`}, []string{"能", "种草"}},
		{"gaming creators whose audience skews young, US", []string{`keyword keyword contains "young" reference`}, []string{"skew", "audience"}},
		{"creators for our baking mats, Mexico", []string{`keyword keyword contains "baking mats" reference`, `hard country eq "MX"`}, nil},
		{"我家的猫砂，美国宠物博主", []string{`keyword keyword contains "猫砂" reference`}, []string{"家"}},
		// the advertiser's product ranks, even a category word
		{"creators in Seoul who could feature our skincare", []string{`keyword keyword contains "skincare" reference`, `hard country eq "KR"`}, []string{"feature"}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.frame...)
	}
}

// TestLooseSortsSort: a measure said as a verb or an adjective in a
// clause that puts something first sorts by it; the measure is never a
// ranking term (audit 21, class 4).
func TestLooseSortsSort(t *testing.T) {
	for _, tc := range []struct{ in, by string }{
		{"put the ones people engage with at the top", "engagement"},
		{"most engaging ones first please", "engagement"},
		{"creators whose fans interact a lot go first", "engagement"},
		{"谁互动多谁放前面", "engagement"},
		{"互动好的排前面", "engagement"},
		{"whatever gets watched most goes to the top", SortAvgViews},
		{"the ones that get the most views first", SortAvgViews},
		{"播放多的放前面", SortAvgViews},
		{"看的人多的放前面", SortAvgViews},
		{"whoever gets the most engagement goes first", "engagement"},
		{"the most watched ones first", SortAvgViews},
		{"the ones people actually watch should go to the top", SortAvgViews},
		{"let the most-engaged ones go to the top", "engagement"},
		{"谁的互动最好谁在前", "engagement"},
		{"互动多的往前排", "engagement"},
		{"播放量高的排上面", SortAvgViews},
		{"views first", SortAvgViews},
		{"sort it so the most engaged are first", "engagement"},
	} {
		r := readAt(t, tc.in, nil, nil)
		if r.Sort == nil || r.Sort.By != tc.by {
			t.Errorf("Read(%q).Sort = %+v, want by %s", tc.in, r.Sort, tc.by)
		}
		noTerm(t, r, "engag", "interact", "watch", "get", "whoever", "let", "go", "so", "views", "互动", "播放", "看的人", "前", "上面")
	}
}

// TestCompoundsKeptWhole: an unknown Chinese word the lexicon would cut
// into a known word and a leftover rune ranks whole; a category word
// glued to an unknown word keeps its category and the term holds both
// (audit 21, class 7).
func TestCompoundsKeptWhole(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"帮我找扫地机器人测评的频道", []string{`keyword keyword contains "扫地机器人" reference`}},
		{"地毯清洁博主，美国", []string{`keyword keyword contains "地毯清洁" reference`}},
		{"学生党的平价文具博主", []string{`keyword keyword contains "学生党" reference`}},
		{"找宝妈党喜欢的母婴好物博主", []string{`keyword keyword contains "宝妈党" reference`}},
		{"美国的宠物用品开箱达人", []string{`hard category eq "pets" applied`, `keyword keyword contains "宠物用品" reference`}},
		{"独立游戏评测的博主", []string{`hard category eq "gaming" applied`, `keyword keyword contains "独立游戏" reference`}},
		// a lone rune glued to a category word is part of it
		{"游戏本测评博主，美国", []string{`hard category eq "gaming" applied`, `keyword keyword contains "游戏本" reference`}},
		{"数码控博主，日本", []string{`hard category eq "tech" applied`, `keyword keyword contains "数码控" reference`}},
		// a word the catalog has no field for inside an unknown word
		{"想给我们的儿童电话手表找几个日本的亲子频道", []string{`keyword keyword contains "儿童电话手表" reference`}},
		// the aspect particle before 的 is no part of the word
		{"美妆博主，带货过的优先", nil},
		{"找家居博主，直播带货过的优先", []string{`keyword keyword contains "直播带货" reference`}},
		// terse input keeps the word whole too
		{"地毯清洁博主", []string{`keyword keyword contains "地毯清洁" applied`}},
		// an audience's age band ranks with it
		{"beauty creators in Mexico, their audience is mostly moms 25-34", []string{`keyword keyword contains "moms 25-34" reference`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		for _, sp := range r.Remainder {
			if utf8.RuneCountInString(sp.Text) == 1 {
				t.Errorf("Read(%q): a leftover rune %q named as not understood", tc.in, sp.Text)
			}
		}
	}
}

// TestFormatNotCategory: a content format (tutorials, vlog, ASMR, GRWM,
// unboxing) is how the content is told: beside a topic category, under a
// hedge or beside the brief's own topic words it ranks only; alone it
// stays the category the taxonomy gives it (audit 21, class 3).
func TestFormatNotCategory(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []string
		notCats []string
	}{
		{"ASMR baking channels in Japan", []string{`hard category eq "food" applied`, `keyword keyword contains "ASMR" reference`}, []string{"lifestyle"}},
		{"Korean makeup creators, preferably doing tutorials", []string{`hard category eq "beauty" applied`, `keyword keyword contains "tutorials" reference`}, []string{"education"}},
		{"unboxing and tutorial channels for our drone, 10k+", []string{`keyword keyword contains "tutorial" reference`, `keyword keyword contains "drone" reference`}, []string{"education"}},
		{"fitness creators, ideally vlog style, US", []string{`hard category eq "fitness" applied`}, []string{"lifestyle"}},
		{"美国的露营vlog博主", []string{`hard category eq "outdoor" applied`, `keyword keyword contains "vlog" reference`}, []string{"lifestyle"}},
		{"GRWM skincare creators in London", []string{`hard category eq "beauty" applied`}, []string{"education", "lifestyle"}},
		// alone, the format is what the taxonomy says
		{"tutorial channels in Germany", []string{`hard category eq "education" applied`}, nil},
		{"ASMR channels, 10k+", []string{`hard category eq "lifestyle" applied`}, nil},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		for _, c := range r.Conditions {
			if c.Field != condition.Category || c.Status != condition.StatusApplied {
				continue
			}
			for _, bad := range tc.notCats {
				if strings.Contains(c.Value.String(), bad) {
					t.Errorf("Read(%q): the format is a hard category: %s", tc.in, brief(c))
				}
			}
		}
	}
}

// TestCJKRangeUnitOnce: a Chinese range whose unit is said once, on the
// upper end, is a range of that unit (audit 21, class 5).
func TestCJKRangeUnitOnce(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"杭州的美食博主，粉丝一到十万", `hard followers between 10000..100000 applied`},
		{"两到三十万粉的游戏博主", `hard followers between 20000..300000 applied`},
		{"订阅三到十万的科技频道", `hard followers between 30000..100000 applied`},
		{"粉丝十到五十万", `hard followers between 100000..500000 applied`},
		{"粉丝五到八千的小号", `hard followers between 5000..8000 applied`},
		{"粉丝2到8w", `hard followers between 20000..80000 applied`},
		{"粉丝从一万到十万", `hard followers between 10000..100000 applied`},
		{"粉丝从两到二十万", `hard followers between 20000..200000 applied`},
		// a lower end with its own magnitude stays as said
		{"粉丝三千到一万", `hard followers between 3000..10000 applied`},
		{"粉丝五千到十万", `hard followers between 5000..100000 applied`},
	} {
		readAt(t, tc.in, []string{tc.want}, nil)
	}
}

// TestDropTheKindOnes: "drop the X ones" excludes X, vocabulary or not,
// and a clause joined by "and" after it keeps its own reading (audit 21,
// class 2).
func TestDropTheKindOnes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"drop the vegan ones", `keyword keyword not_contains "vegan" applied`},
		{"lose those crypto channels", `keyword keyword not_contains "crypto" applied`},
		{"ditch the mukbang ones, 10k+", `keyword keyword not_contains "mukbang" applied`},
		{"drop the korea ones", `hard country not_in [KR] applied`},
		{"drop the vegan ones and sort by views", `keyword keyword not_contains "vegan" applied`},
		{"kill the mukbang ones", `keyword keyword not_contains "mukbang" applied`},
		{"axe the crypto channels", `keyword keyword not_contains "crypto" applied`},
	} {
		r := readAt(t, tc.in, []string{tc.want}, nil)
		noTerm(t, r, "drop", "lose", "ditch", "kill", "axe", "ones")
	}
	// a bound named by its noun is moved, never excluded
	readAt(t, "drop the floor to 3k", []string{`hard followers gte 3000 applied`}, nil)
}

// TestAddVerbIsNoKeyword: an add verb makes the input a request about
// the search ("露营的也加上", "add camping too"): the value is added, the
// words never one keyword as typed, and 上 never a keyword (audit 21,
// class 6).
func TestAddVerbIsNoKeyword(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"露营的也加上", `hard category eq "outdoor" applied !added`},
		{"韩国的也加上吧", `hard country eq "KR" applied !added`},
		{"把越南也加进来", `hard country eq "VN" applied !added`},
		{"add camping too", `hard category eq "outdoor" applied !added`},
		{"also add Canada", `hard country eq "CA" applied !added`},
	} {
		r := readAt(t, tc.in, []string{tc.want}, nil)
		for _, c := range r.Conditions {
			if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
				t.Errorf("Read(%q): a hard keyword %s", tc.in, brief(c))
			}
		}
		noTerm(t, r, "上", "加", "add")
	}
}

// TestOurProductNoCategory: a category word that is the advertiser's own
// product ("feature our skincare", "推我们的美妆产品") ranks and never
// picks the category (audit 21, class 2).
func TestOurProductNoCategory(t *testing.T) {
	for _, in := range []string{"creators in Seoul who could feature our skincare", "US creators to show off our fitness tracker", "日本博主，帮我们推一下我们的美妆"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Field == condition.Category && c.Status == condition.StatusApplied {
				t.Errorf("Read(%q): the product picks the category: %s", in, brief(c))
			}
		}
	}
}

// TestTopicPlacedOnTop: a topic put on top in any placement word ranks by
// the topic and sorts nothing (audit 21, class 4).
func TestTopicPlacedOnTop(t *testing.T) {
	for _, tc := range []struct{ in, term string }{
		{"把露营装备相关的排上面", "露营装备"},
		{"辅食相关的往前排", "辅食"},
	} {
		r := readAt(t, tc.in, []string{`keyword keyword contains "` + tc.term + `" reference`}, nil)
		if r.Sort != nil {
			t.Errorf("Read(%q).Sort = %+v, want none", tc.in, r.Sort)
		}
	}
}

// TestTitleWithOurStaysKeyword: "our"/"my" opening a terse input is a
// title typed as a keyword, not the advertiser's frame.
func TestTitleWithOurStaysKeyword(t *testing.T) {
	// nor do the words audit 21 reads as a brief's frame or the partner
	// frame make a title a sentence.
	for _, in := range []string{"my little pony", "Our Planet documentary", "in the end cover", "after all these years", "already gone", "广告", "deals"} {
		if got := Classify(in); got != ShapeKeyword {
			t.Errorf("Classify(%q) = %s, want keyword", in, got)
		}
		r := readAt(t, in, []string{`keyword keyword contains "` + in + `" applied`}, nil)
		if len(r.Dropped) > 0 {
			t.Errorf("Read(%q) names words of the title as dropped: %v", in, r.Dropped)
		}
	}
}
