package condparse

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// The reading classes of audit 27 this change mends (helper x; issue 26,
// the reading of free language), with phrasings of my own in zh and en
// (the audit's briefs are not copied; its held-out file is not read).
// The agent's held-out table (agent/audit27x_heldout_test.go) is not
// tuned on.

// talkCase is one reading: the conditions it must hold and must not
// (substrings of a brief: `country eq "US"`, `followers lte 5000`),
// words no keyword may hold, no keyword that filters at all (filterKw),
// the remainder roles it must name, and the sort it must read.
type talkCase struct {
	in        string
	follow    bool
	want, not []string
	noKw      []string
	filterKw  bool
	roles     []Residue
	sort      string
}

// problems lists what the reading of tc.in gets wrong.
func (tc talkCase) problems() []string {
	opts := []Option{WithNow(leftNow)}
	if tc.follow {
		opts = append(opts, WithFollowup())
	}
	r, err := Read(tc.in, opts...)
	if err != nil {
		return []string{err.Error()}
	}
	var got []string
	for _, c := range r.Conditions {
		got = append(got, brief(c))
	}
	has := func(w string) bool {
		return slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) })
	}
	var out []string
	for _, w := range tc.want {
		if !has(w) {
			out = append(out, "misses "+w)
		}
	}
	for _, w := range tc.not {
		if has(w) {
			out = append(out, "holds "+w)
		}
	}
	for _, c := range r.Conditions {
		if c.Kind != condition.KindKeyword {
			continue
		}
		if !tc.filterKw && c.Status == condition.StatusApplied && !c.Excluded {
			out = append(out, "a keyword filters: "+brief(c))
		}
		for _, w := range tc.noKw {
			if strings.Contains(strings.ToLower(c.Value.Str), strings.ToLower(w)) {
				out = append(out, fmt.Sprintf("keyword %s holds %q", brief(c), w))
			}
		}
	}
	for _, role := range tc.roles {
		if !slices.ContainsFunc(r.Remainder, func(sp Span) bool { return sp.Role == role }) {
			out = append(out, fmt.Sprintf("names no %s (remainder %+v)", role, r.Remainder))
		}
	}
	if tc.sort != "" && (r.Sort == nil || r.Sort.By != tc.sort) {
		out = append(out, fmt.Sprintf("sort %+v, want %s", r.Sort, tc.sort))
	}
	if len(out) > 0 {
		out = append(out, fmt.Sprintf("(read %q)", got))
	}
	return out
}

func runTalk(t *testing.T, cases []talkCase) {
	t.Helper()
	for _, tc := range cases {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("Read(%q, follow-up %v): %s", tc.in, tc.follow, strings.Join(p, "; "))
		}
	}
}

// TestAudit27xStageAndGrowthNamed: a creator's stage ("established",
// 刚起步) and growth said as a wish ("rising stars", 新锐, 潜力股) are no
// keyword: growth ranks as the growth preference, and both are named as
// no filter, the catalog having no growth data (class 1).
func TestAudit27xStageAndGrowthNamed(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "skincare creators in Chile, rising star types, 5k-30k followers", want: []string{`country eq "CL"`, `preference prefer "growth" reference`}, noKw: []string{"rising", "star"}, roles: []Residue{ResidueStage}},
		{in: "gaming streamers in Peru — up-and-comers, still small", want: []string{`country eq "PE"`, `preference prefer "growth"`}, noKw: []string{"comer", "still"}, roles: []Residue{ResidueStage}},
		{in: "well-established cooking channels in Ireland with 100k+ subs", want: []string{`country eq "IE"`, `followers gte 100000`}, noKw: []string{"established"}, roles: []Residue{ResidueStage}},
		{in: "找新晋的越南美食博主，粉丝两万以内", want: []string{`country eq "VN"`, `followers lte 20000`}, noKw: []string{"新晋"}, roles: []Residue{ResidueStage}},
		{in: "马来西亚的老牌科技博主", want: []string{`country eq "MY"`, `category eq "tech"`}, noKw: []string{"老牌"}, roles: []Residue{ResidueStage}},
		{in: "印尼的穿搭博主，黑马那种", want: []string{`country eq "ID"`, `preference prefer "growth"`}, noKw: []string{"黑马"}, roles: []Residue{ResidueStage}},
		{in: "刚起步的摄影博主，日本的", want: []string{`country eq "JP"`}, noKw: []string{"起步"}, roles: []Residue{ResidueStage}},
		{in: "travel vloggers in Greece, not big yet", want: []string{`country eq "GR"`}, noKw: []string{"yet"}, roles: []Residue{ResidueVague}},
	})
}

// TestAudit27xBrandSafetyAndFillers: brand-safety wording ranks as a
// wish ("clean language", 正能量, "wholesome"), what goes without saying
// ("obviously", 当然) and how firmly it is asked ("non-negotiable") are
// talk: none of it is a keyword, in a list item of its own neither
// (class 1).
func TestAudit27xBrandSafetyAndFillers(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "kids science channels in Canada, clean language, 20k+ subs", want: []string{`country eq "CA"`, `preference prefer "brand_safe"`}, noKw: []string{"clean", "language"}},
		{in: "parenting creators in Spain, kid-friendly of course, 10k to 60k followers", want: []string{`preference prefer "family_friendly"`, `followers between`}, noKw: []string{"course", "kid"}},
		{in: "wholesome comedy creators in Australia, naturally", want: []string{`country eq "AU"`, `preference prefer "brand_safe"`}, noKw: []string{"wholesome", "naturally"}},
		{in: "找台湾的亲子博主，内容要积极向上，粉丝三万以上", want: []string{`country eq "TW"`, `preference prefer "brand_safe"`, `followers gte 30000`}, noKw: []string{"积极", "向上"}},
		{in: "日本的美食博主，当然要正能量的", want: []string{`country eq "JP"`, `preference prefer "brand_safe"`}, noKw: []string{"正能量", "当然"}},
		{in: "Safe-for-work humour is non-negotiable: comedy creators in Kenya", want: []string{`country eq "KE"`}, noKw: []string{"negotiable"}},
	})
}

// TestAudit27xScriptsAndCaptions: a script is its language, named as not
// filtered (繁体, "Traditional Chinese"); captions or subtitles are a
// trait of the videos the catalog does not record, named with the
// language said of them, never a keyword nor the creators' language
// (class 1).
func TestAudit27xScriptsAndCaptions(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "香港的旅游博主，用简体发帖的", want: []string{`country eq "HK"`, `language eq "zh"`}, noKw: []string{"简体"}},
		{in: "Taiwan food bloggers writing in Traditional Chinese, 3k+ followers", want: []string{`country eq "TW"`, `language eq "zh"`}, noKw: []string{"traditional"}},
		{in: "Korean beauty creators, English subtitles, 5k-50k followers", want: []string{`followers between`}, not: []string{`language eq "en"`}, noKw: []string{"subtitles", "english"}, roles: []Residue{ResidueTrait}},
		{in: "新加坡的科技博主，要有中文字幕", want: []string{`country eq "SG"`}, not: []string{`language eq "zh"`}, noKw: []string{"字幕"}, roles: []Residue{ResidueTrait}},
		{in: "Malaysian cooking channels, 繁體 subtitles please", want: []string{`country eq "MY"`}, noKw: []string{"繁", "subtitles"}, roles: []Residue{ResidueTrait}},
	})
}

// TestAudit27xQuestionsAndRemarks: a question is a sentence whose
// clauses are no list items; a follow-up's remark about a result shown
// ("this one has well over 2M", 这个号粉丝早就不止五十万) or a question why
// a result is there places nothing and is named; a question about who
// posts most sorts by recent activity (classes 1 and 2).
func TestAudit27xQuestionsAndRemarks(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "how come this one shows up? it has far more than 1M", follow: true, not: []string{"followers"}, noKw: []string{"how", "far"}, roles: []Residue{ResidueRemark}},
		{in: "the third one's got way over 80k though", follow: true, not: []string{"followers"}, roles: []Residue{ResidueRemark}},
		{in: "这个号粉丝远远不止五十万", follow: true, not: []string{"followers"}, roles: []Residue{ResidueRemark}},
		{in: "为什么第二个也在？它粉丝明显超过二十万了", follow: true, not: []string{"followers"}, noKw: []string{"为什么"}, roles: []Residue{ResidueRemark}},
		{in: "among these, who uploads most often?", follow: true, noKw: []string{"often", "among"}, sort: SortRecent},
		{in: "这几个里面谁发帖最勤快", follow: true, noKw: []string{"勤", "里面"}, sort: SortRecent},
		{in: "这里面有男博主吗", follow: true, noKw: []string{"面", "里"}, roles: []Residue{ResidueGender}},
		{in: "of the ones shown, which are in Portugal?", follow: true, want: []string{`country eq "PT"`}, noKw: []string{"shown", "which"}},
		// a requirement said of the search stays one, dictated too
		{in: "make it more than 300k", follow: true, want: []string{`followers gte 300000`}},
		{in: "那个 不对 是英国不是法国 然后粉丝也可以再多点 八万也行", follow: true, want: []string{`followers`}},
		{in: "only Canada then, smaller ones are fine, roughly 20k", follow: true, want: []string{`followers between`}},
		{in: "it should be under 50k", follow: true, want: []string{`followers lte 50000`}},
		{in: "UK comedy creators with way more than 200k followers", want: []string{`followers gte 200000`}, noKw: []string{"way"}},
		// a list item typed is still marked, and filters
		{in: "X accounts in Ghana, chess, 1k+", want: []string{`keyword contains "chess" applied`}, filterKw: true},
	})
}

// TestAudit27xFollowupVerbs: a follow-up's own verbs of moving the
// search ("swap to", "move it over to", 切到) are no keyword (class 1).
func TestAudit27xFollowupVerbs(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "swap it over to YouTube", follow: true, want: []string{`platform eq "youtube"`}, noKw: []string{"swap", "over"}},
		{in: "flip to Instagram, same everything else", follow: true, want: []string{`platform eq "instagram"`}, noKw: []string{"flip", "same"}},
		{in: "其他都不变，切到抖音", follow: true, want: []string{`platform eq "tiktok"`}, noKw: []string{"切"}},
	})
}

// TestAudit27xPermissionsNoBounds: a figure or a size said acceptable as
// well is a permission, never a bound, and 没关系 is no term (class 3).
func TestAudit27xPermissionsNoBounds(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "找澳洲的露营博主，粉丝不足三千也没关系", want: []string{`country eq "AU"`}, not: []string{"followers"}, noKw: []string{"没关系"}, roles: []Residue{ResidueAccepted}},
		{in: "vegan food creators in the UK, fewer than 2k followers works too", want: []string{`country eq "GB"`}, not: []string{"followers"}, roles: []Residue{ResidueAccepted}},
		{in: "yoga creators in India — ok if they have under 1k subs", want: []string{`country eq "IN"`}, not: []string{"followers"}, roles: []Residue{ResidueAccepted}},
		{in: "法国的手工博主，就算粉丝低于五千也行", want: []string{`country eq "FR"`}, not: []string{"followers"}, roles: []Residue{ResidueAccepted}},
		{in: "德国的宠物博主，小一点的号也可以", want: []string{`country eq "DE"`}, not: []string{"followers"}, roles: []Residue{ResidueAccepted}},
		{in: "board game channels in the US, it's fine if they're small", want: []string{`country eq "US"`}, not: []string{"followers"}, noKw: []string{"small"}, roles: []Residue{ResidueAccepted}},
		// a bound said as one stays one
		{in: "pet creators in Italy, under 20k followers", want: []string{`followers lte 20000`}},
		{in: "意大利的宠物博主，粉丝两万以下就行", want: []string{`followers lte 20000`}},
	})
}

// TestAudit27xHedgedTiers: tier jargon under a hedge is a reference, and
// its lean (偏下, "or slightly above") is part of the tier, never a word
// (class 3).
func TestAudit27xHedgedTiers(t *testing.T) {
	runTalk(t, []talkCase{
		{in: "韩国的美妆博主，粉丝五万以上，最好是头部偏下的", want: []string{`followers gte 50000 applied`, `soft followers between`}, not: []string{`derived followers`}, noKw: []string{"偏下"}},
		{in: "Spanish fashion creators, ideally micro-tier or a bit above", want: []string{`soft followers between`}, not: []string{"hard followers", `derived followers`}, noKw: []string{"above", "bit"}},
		{in: "尽量腰部靠上的健身博主，美国的", want: []string{`country eq "US"`, `soft followers between`}, noKw: []string{"靠上"}},
		// said plainly, the leaned tier is the tier moved
		{in: "腰部偏下的母婴博主", want: []string{`derived followers between 50000..500000`}, noKw: []string{"偏下"}},
	})
}
