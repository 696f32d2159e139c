package condparse

import (
	"strings"
	"testing"
)

// The classes of audit 24 (testdata/audit24/RUNS.md) this change mends,
// with phrasings of my own in zh and en; the audit's briefs are not tuned
// on and its held-out file is not read.

// TestCreatorsDescribedAfterPlatform: a platform said with its creator
// noun ("X accounts", "youtubers", "youtube channels") and then a
// preposition or a relative word describes the creators, so the words it
// leaves rank and never filter (audit 24, class H).
func TestCreatorsDescribedAfterPlatform(t *testing.T) {
	for _, tc := range []struct {
		in, term string
		want     []string
	}{
		{"X accounts in Ireland covering tennis, 1k to 8k followers", "tennis", []string{`hard country eq "IE" applied`, `hard followers between 1000..8000 applied`}},
		{"X accounts from Peru that talk about ceviche", "ceviche", []string{`hard country eq "PE" applied`}},
		{"x users in Norway posting about skiing, 3k+", "skiing", []string{`hard country eq "NO" applied`}},
		{"youtubers in Poland covering chess, over 5k subs", "chess", []string{`hard country eq "PL" applied`, `hard followers gte 5000 applied`}},
		{"tiktokers in Vietnam making pho videos", "pho", []string{`hard country eq "VN" applied`}},
		{"youtube channels in Peru with 5k+ subs about llamas", "llamas", []string{`hard country eq "PE" applied`}},
		{"instagrammers who post about vinyl records in Japan", "vinyl", []string{`hard country eq "JP" applied`}},
	} {
		r := readAt(t, tc.in, append(tc.want, `keyword keyword contains "`+tc.term), []string{tc.term})
		for _, c := range r.Conditions {
			if c.Kind == "keyword" && c.Status == "applied" {
				t.Errorf("Read(%q): %s filters, want every unmarked word to rank", tc.in, brief(c))
			}
		}
	}
	// a list item of its own is marked: it still filters
	readAt(t, "X accounts in Kenya, badminton, 2k+", []string{`keyword keyword contains "badminton" applied`}, nil)
}

// TestWordsThatNameMoreThanTheCategoryRank: a teaching form said with a
// category or a subtopic ("makeup tutorials", "美妆教程", "烘焙教学") and a
// person noun of a trade right after one ("pet groomers", "宠物美容师",
// "makeup artists") say more than the category: the category filters and
// the words rank as one term (beside a subtopic's own term), never lost
// and never a filter. A review
// form is the category's own name ("汽配评测", "tech reviewers": no term),
// and a person noun that only says the creators like the topic ("finance
// bros") adds nothing (audit 24, class I).
func TestWordsThatNameMoreThanTheCategoryRank(t *testing.T) {
	for _, tc := range []struct {
		in, category, term string
	}{
		{"skincare tutorials from Korea, 10k+ followers", "beauty", "skincare tutorials"},
		{"workout tutorials channels in Germany", "fitness", "workout tutorials"},
		{"想找法国的美妆教程博主，粉丝两万以上", "beauty", "美妆教程"},
		{"日本做化妆教学的账号", "beauty", "化妆教学"},
		{"pet groomers in Australia with 5k+ followers", "pets", "pet groomers"},
		{"澳洲的宠物美容师，粉丝五千以上", "pets", "宠物美容师"},
		{"fitness coaches in Mexico, over 20k", "fitness", "fitness coaches"},
		{"food photographers in France with 10k+ followers", "food", "food photographers"},
		{"travel couples from Canada posting weekly", "travel", "travel couples"},
		{"dog trainers in the UK, at least 3k followers", "pets", "dog trainers"},
		{"找英国的健身教练 粉丝一万以上", "fitness", "健身教练"},
		// a misspelt trade ranks as the lexicon spells it
		{"watercolour artsts in Ireland, 2k+", "art", "watercolour artists"},
	} {
		r := readAt(t, tc.in, []string{`hard category eq "` + tc.category + `" applied`, `keyword keyword contains "` + tc.term + `" reference`}, nil)
		for _, c := range r.Conditions {
			if c.Kind == "keyword" && c.Status == "applied" {
				t.Errorf("Read(%q): %s filters", tc.in, brief(c))
			}
		}
	}
	for _, in := range []string{"finance bros in the US, 10k+", "美国做汽配评测的博主", "tech reviewers in Japan with 50k+ subs", "beauty creators in Italy"} {
		r := readAt(t, in, nil, nil)
		for _, c := range r.Conditions {
			if c.Kind == "keyword" {
				t.Errorf("Read(%q): %s, want no keyword beside the category", in, brief(c))
			}
		}
	}
}

// TestRequirementLetGo: "get rid of / remove the X requirement" and
// 去掉X这个要求 take X away (a removal), also after a sort clause and
// "and" (audit 24, class F).
func TestRequirementLetGo(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"order by engagement and get rid of the French requirement", `hard language not_in [fr] applied !removed`},
		{"sort by subs instead, and remove the Japan requirement", `hard country not_in [JP] applied !removed`},
		{"去掉法语这个要求", `hard language not_in [fr] applied !removed`},
		{"按播放量排，再把日本的要求去掉", `hard country not_in [JP] applied !removed`},
	} {
		readAt(t, tc.in, []string{tc.want}, nil)
	}
}

// TestWindowSaidInstead: a window said after "make it", "change it to"
// or "set it to", alone or with "instead", opening its clause after a
// comma or an "and", is the new activity window (audit 24, class F).
func TestWindowSaidInstead(t *testing.T) {
	for _, tc := range []struct {
		in   string
		days string
	}{
		{"make it the past 5 weeks instead", "35"},
		{"change it to the last 10 days", "10"},
		{"set it to the past 3 months please", "90"},
		{"drop the country, make it the last 2 months instead", "60"},
		{"sort by views and make it the past 6 weeks", "42"},
	} {
		readAt(t, tc.in, []string{`hard last_active within_days ` + tc.days + ` applied`}, []string{"instead", "make"})
	}
}

// TestFigureAcceptedToo: a count said to be acceptable too ("十万也行",
// "80k is fine too") is an upper end marked accepted, which a follow-up
// widens the held range with; "10k is fine" stays the least taken
// (audit 24, class F).
func TestFigureAcceptedToo(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"七万也行", `hard followers lte 70000 applied !field_assumed,accepted`},
		{"粉丝十二万也可以", `hard followers lte 120000 applied !accepted`},
		{"150k works too", `hard followers lte 150000 applied !field_assumed,accepted`},
		{"粉丝多点也行 三十万都可以", `hard followers lte 300000 applied`},
		{"10k is fine", `hard followers gte 10000 applied`},
	} {
		readAt(t, tc.in, []string{tc.want}, nil)
	}
}

// TestDictatedCompoundParts: the parts of a dictated compound follow-up
// read one by one (audit 24, class F): an exclusion word glued to a 的
// and followed by a space closes its clause ("做美食的不要 要…"); a content
// verb right before a category is frame ("拍美妆的"), never glued to it
// ("自拍" stays a word); a value with 也可以/也行 right after it is added;
// a content format read alone as its category is marked (IssueFormat);
// 真的/真正 say how sure the wish is, never its topic.
func TestDictatedCompoundParts(t *testing.T) {
	for _, tc := range []struct {
		in        string
		want, not []string
	}{
		{"做美食的不要 要做旅行的", []string{`hard category not_in [food] applied !excluded_after`, `hard category eq "travel" applied`}, nil},
		{"拍美妆的不要 英语也行", []string{`hard category not_in [beauty] applied !excluded_after`, `hard language eq "en" applied !added`}, []string{"拍"}},
		{"玩游戏的博主 日本", []string{`hard category eq "gaming" applied`}, []string{"玩"}},
		{"语言德语也可以", []string{`hard language eq "de" applied !added`}, nil},
		{"法语意大利语也没问题", []string{`hard language in [fr,it] applied !added`}, nil},
		{"要真正在拍vlog的", []string{`hard category eq "lifestyle" applied !format`}, []string{"真"}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.not...)
	}
	// a verb glued to a word of its own stays in the word
	readAt(t, "美国的自拍博主", []string{`keyword keyword contains "自拍"`}, nil)
}

// TestExampleBeforeItsKind: "第三个那种吃播的不要" names result 3 as the
// example of the kind left out: the exclusion's object starts after 那种
// and holds no part of the position; "搞笑这种不要" keeps 这种 as glue
// (audit 24, class F).
func TestExampleBeforeItsKind(t *testing.T) {
	// 吃播 is a kind of food, not the category: it is what is left out
	// (fixT), and the position is no part of it.
	r := readAt(t, "第四个那种吃播的不要", []string{`keyword keyword not_contains "吃播" applied`}, nil)
	for _, c := range r.Conditions {
		if c.Excluded && (strings.Contains(brief(c), "第") || strings.Contains(brief(c), "那种")) {
			t.Errorf("Read(%q): %s, want the position out of the excluded word", r.Input, brief(c))
		}
	}
	readAt(t, "游戏这种不要", []string{`hard category not_in [gaming] applied`}, nil)
}

// TestTerseSubtopicPhraseStaysTyped: in terse input a subtopic said with
// a teaching form is a keyword as typed; its phrase term goes with it and
// reads no category (audit 24, class I).
func TestTerseSubtopicPhraseStaysTyped(t *testing.T) {
	r := readAt(t, "bitcoin explainers no scams", []string{`keyword keyword contains "bitcoin" applied`}, nil)
	for _, c := range r.Conditions {
		if c.Field == "category" {
			t.Errorf("Read(%q): %s, want no category in terse input", r.Input, brief(c))
		}
	}
}
