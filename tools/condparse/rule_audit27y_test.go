package condparse

import (
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// TestAudit27yClasses: audit 27's reading classes of helper y, in
// phrasings of my own (the held-out table is agent/audit27y_heldout_test.go):
// a correction that says what was meant replaces what was not, never
// excluding the category the two share; a Chinese exclusion cut around
// its object (adverbs of degree, relation words, one unknown word whole);
// dialects, variants and mixes of a language, whose exclusion never
// excludes the language; a category whose label joins two topics kept
// out when one of them is excluded; and the mild ones (formats carried,
// a complaint or a condition noun no term, a word named whole). want are
// prefixes of brief lines that must be read, never substrings no line may
// hold, frame words no keyword may hold, role a remainder role the
// reading must name and label a text a language chip's English label
// must hold.
func TestAudit27yClasses(t *testing.T) {
	for _, tc := range []struct {
		in          string
		want, never []string
		frame       []string
		role        Residue
		label       string
	}{
		// 1: what was meant replaces what was not
		{in: "不是旅行，是户外露营", want: []string{`hard category eq "outdoor"`, `hard category not_in [travel] applied !removed`}},
		{in: "我要的是做甜品的，不是做饭的", want: []string{`hard category eq "food"`, `keyword keyword not_contains "做饭"`}, never: []string{"category not_in"}},
		{in: "not pranks, I meant sketch comedy", want: []string{`keyword keyword not_contains "pranks"`}, never: []string{"category not_in"}, frame: []string{"meant"}},
		{in: "I meant street food, not fine dining", want: []string{`hard category eq "food"`, `keyword keyword not_contains "fine dining"`}, never: []string{"category not_in"}},
		{in: "不是美妆，而是穿搭", want: []string{`hard category eq "fashion"`, `hard category not_in [beauty] applied !removed`}},
		{in: "not cooking but travel", want: []string{`hard category eq "travel"`, `hard category not_in [food] applied !removed`}},
		{in: "不是化妆教程 — 是直播带货", want: []string{`keyword keyword not_contains "化妆教程"`, `keyword keyword contains "直播带货" reference`}, never: []string{"category not_in"}},
		{in: "no, I mean camping gear reviews, not hiking vlogs", want: []string{`hard category eq "outdoor"`, `keyword keyword not_contains "hiking vlogs"`}, never: []string{"category not_in"}},
		{in: "我的意思是宠物用品，不是宠物医疗", want: []string{`hard category eq "pets"`, `keyword keyword not_contains "宠物医疗"`}, never: []string{"category not_in"}},
		{in: "不是这个意思，只要加拿大的", want: []string{`hard country eq "CA"`}, frame: []string{"意思"}},
		{in: "that's not what I meant, German ones only", want: []string{`hard country eq "DE"`}, frame: []string{"meant"}},
		// a plain exclusion, no clause of what was meant, stays one
		{in: "tech creators, not gaming", want: []string{`hard category not_in [gaming] applied`}, never: []string{"removed"}},
		// 2: a Chinese exclusion cut around its object
		{in: "找健身博主，不要纯卖货的", want: []string{`keyword keyword not_contains "卖货"`}, frame: []string{"纯"}},
		{in: "日本旅行博主 单纯打卡的不要", want: []string{`keyword keyword not_contains "打卡"`}, frame: []string{"单纯"}},
		{in: "和酒精沾边的都不要，英国美食博主", want: []string{`keyword keyword not_contains "酒精"`, `hard category eq "food"`}, frame: []string{"沾边"}},
		{in: "美妆博主，不要跟彩票有关系的", want: []string{`keyword keyword not_contains "彩票"`}, frame: []string{"有关"}},
		{in: "数码博主，别推涉及医美的", want: []string{`keyword keyword not_contains "医美"`}, frame: []string{"涉及"}},
		{in: "旅行博主，不想要和饮酒挂钩的", want: []string{`keyword keyword not_contains "饮酒"`}, frame: []string{"挂钩"}},
		{in: "健身博主，减肥相关的不要", want: []string{`keyword keyword not_contains "减肥"`}, frame: []string{"相关"}},
		{in: "跟加密货币沾边的不要，科技博主", want: []string{`keyword keyword not_contains "加密货币"`}, frame: []string{"沾边"}},
		{in: "科技资讯博主，别碰游戏", want: []string{`hard category not_in [gaming]`}, frame: []string{"碰"}},
		{in: "找做带货的母婴博主", want: []string{`hard category eq "family"`, `keyword keyword contains "带货" reference`}},
		{in: "泰国美妆博主，要纯种草的", want: []string{`keyword keyword contains "种草" reference`}, frame: []string{"纯"}},
		{in: "韩国的护肤带货博主", want: []string{`hard category eq "beauty"`, `keyword keyword contains "护肤带货" reference`}},
		// 3: dialects, variants and mixes of a language
		{in: "讲粤语的深圳美食博主，普通话的不要", want: []string{`hard language eq "zh"`}, never: []string{"language not_in"}, role: ResidueDialect},
		{in: "Taiwanese creators who speak Hokkien, not Mandarin", want: []string{`hard language eq "zh"`}, never: []string{"language not_in"}, role: ResidueDialect},
		{in: "Canadian French lifestyle creators", want: []string{`hard language eq "fr"`}, label: "variant"},
		{in: "British English book reviewers with 5k+ followers", want: []string{`hard language eq "en"`}, label: "variant"},
		{in: "Spanglish comedy creators in the US", want: []string{`hard language in [es,en]`}, frame: []string{"spanglish"}, label: "mix"},
		{in: "只要说国语的台湾博主", want: []string{`hard language eq "zh"`, `hard country eq "TW"`}, label: "Mandarin"},
		{in: "Portuguese creators in Portugal, not Brazilian Portuguese", want: []string{`hard country eq "PT"`}, never: []string{"language not_in"}, role: ResidueDialect},
		// 4: a two-topic category kept out when one topic is excluded
		{in: "finance news channels in Canada, no politics please", want: []string{`hard category eq "finance"`, `keyword keyword not_contains "politics"`}, never: []string{"news]", `category eq "news"`}},
		{in: "财经新闻博主，不碰政治", want: []string{`hard category eq "finance"`, `keyword keyword not_contains "政治"`}, never: []string{"news]", `category eq "news"`}},
		{in: "movie news creators in Japan, nothing political", want: []string{`hard category eq "film"`}, never: []string{"news]", `category eq "news"`}},
		{in: "news channels in the UK", want: []string{`hard category eq "news"`}},
		{in: "politics youtubers in Canada", want: []string{`hard category eq "news"`, `keyword keyword contains "politics" reference`}},
		// mild: a complaint, a condition noun and a growth word are no terms
		{in: "you forgot the language — Japanese-speaking only", want: []string{`hard language eq "ja"`}, frame: []string{"forgot"}},
		{in: "keep the Japan filter, 10k+ subs", want: []string{`hard country eq "JP"`}, frame: []string{"filter"}},
		{in: "潜力股美妆博主 粉丝一万以上", want: []string{`soft preference prefer "growth"`}, frame: []string{"股"}},
		{in: "Korean gaming streamers over 20k", want: []string{`hard category eq "gaming"`, `keyword keyword contains "gaming streamers" reference`}},
	} {
		r := readAt(t, tc.in, tc.want, nil)
		noTerm(t, r, tc.frame...)
		for _, c := range r.Conditions {
			for _, n := range tc.never {
				if b := brief(c); strings.Contains(b, n) {
					t.Errorf("Read(%q): %s holds %q", tc.in, b, n)
				}
			}
			if tc.label != "" && c.Field == condition.Language && !strings.Contains(c.Label.EN, tc.label) {
				t.Errorf("Read(%q): language label %q, want it to say %q", tc.in, c.Label.EN, tc.label)
			}
		}
		if tc.role != "" && !slices.ContainsFunc(r.Remainder, func(sp Span) bool { return sp.Role == tc.role }) {
			t.Errorf("Read(%q): remainder %v names no %s", tc.in, r.Remainder, tc.role)
		}
		for _, sp := range r.Remainder {
			if tc.frame != nil && sp.Role == "" && slices.ContainsFunc(tc.frame, func(w string) bool { return strings.Contains(sp.Text, w) }) {
				t.Errorf("Read(%q): %q named as not understood", tc.in, sp.Text)
			}
		}
	}
}

// TestFormsRankInFollowUps: a follow-up that only says the form of the
// content ("做测评的", "专门做开箱的") ranks by it, as the same words do
// in a first search (one reading).
func TestFormsRankInFollowUps(t *testing.T) {
	for _, in := range []string{"做测评的", "专门做种草的", "主要做开箱的"} {
		for _, opts := range [][]Option{nil, {WithFollowup()}} {
			r, err := Read(in, opts...)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(r.Conditions, func(c Condition) bool {
				return c.Kind == condition.KindKeyword && c.Status == condition.StatusReference && strings.Contains(in, c.Value.Str)
			}) {
				t.Errorf("Read(%q, %d options): no ranking term; got %v", in, len(opts), r.Conditions)
			}
		}
	}
}
