package agent

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
)

// The held-out phrasings of fixN (issue 26, the classes the second runs
// of audits 25 and 26 left), written before any rule of these classes was
// changed and never tuned on. Each table is a measure: its misses are
// logged, and a pass count below the one reached after the fixes fails.
// The tuning phrasings are in leftN_test.go and
// tools/condparse/rule_leftN_test.go.

// TestLeftNHeldout: one search, or a search and one follow-up, a class a
// block (class 2, an undo, takes two follow-ups: TestLeftNUndoHeldout).
// Base (before the fixes): 24 of 46; after: 45 of 46 (the floor).
func TestLeftNHeldout(t *testing.T) {
	measure24y(t, "fixN held-out", 45, []case24y{
		// 1. the advertiser's order logistics in a brief: the campaign's,
		// named, never a keyword, and its figure no follower bound
		{platform: "youtube", loc: "en", first: "kitchen gadget reviewers in Australia, our MOQ is 300 units", want: []string{"country eq AU"}, not: []string{"all contains", "followers"}, refsNot: []string{"moq"}, notice: []string{"MOQ"}},
		{platform: "youtube", loc: "zh", first: "找英国的母婴博主，起订量两千件，粉丝五万以上", want: []string{"country eq GB", "category eq family", "followers gte 50000"}, not: []string{"all contains"}, refsNot: []string{"起订"}, notice: []string{"起订量"}},
		{platform: "instagram", loc: "en", first: "pet accessory creators in Germany - 4 SKUs in the kit, 3 pcs each", want: []string{"country eq DE"}, not: []string{"all contains", "followers"}, refsNot: []string{"sku", "pcs"}},
		{platform: "tiktok", loc: "zh", first: "日本的美食博主 首批800件 每位达人寄两件", want: []string{"country eq JP", "category eq food"}, not: []string{"all contains", "followers"}, refsNot: []string{"首批", "件"}, notice: []string{"首批"}},
		{platform: "youtube", loc: "en", first: "gaming creators with 20k+ subs; minimum order quantity is 1,000", want: []string{"category eq gaming", "followers gte 20000"}, not: []string{"all contains", "followers gte 1000 ", "between"}, refsNot: []string{"order", "quantity"}},
		{platform: "instagram", loc: "zh", first: "护肤博主，新加坡，每个SKU寄50件给达人", want: []string{"country eq SG", "category eq beauty"}, not: []string{"all contains", "followers"}, refsNot: []string{"sku"}},
		{platform: "tiktok", loc: "en", first: "fitness creators in Canada, 2 units per creator, MOQ 5k", want: []string{"country eq CA", "category eq fitness"}, not: []string{"all contains", "followers"}, refsNot: []string{"moq"}},
		// 3. an audience wish ranks, never a hard category; a word of
		// another language the reading cannot place ranks
		{platform: "youtube", loc: "en", first: "science channels for kids in the UK", want: []string{"category eq science", "country eq GB"}, not: []string{"family", "category in", "all contains"}},
		{platform: "youtube", loc: "zh", first: "给小朋友看的手工博主 美国", want: []string{"country eq US"}, not: []string{"category eq family", "category in", "all contains"}},
		{platform: "youtube", loc: "en", first: "gaming creators aimed at teens, 50k+", want: []string{"category eq gaming", "followers gte 50000"}, not: []string{"family", "category in", "all contains"}},
		{platform: "youtube", loc: "zh", first: "适合青少年看的科普博主", not: []string{"family", "category in", "all contains"}},
		{platform: "instagram", loc: "en", first: "art creators in Canada", follow: "only ones made for kids", want: []string{"country eq CA"}, not: []string{"category eq family", "category in", "all contains"}},
		{platform: "instagram", loc: "en", first: "baking creators in Mexico, recetas fáciles", want: []string{"country eq MX"}, not: []string{"all contains", "language"}, ranks: []string{"recetas"}},
		{platform: "youtube", loc: "en", first: "football channels in Brazil, futebol raiz", want: []string{"country eq BR"}, not: []string{"all contains", "language"}},
		{platform: "instagram", loc: "en", first: "fashion creators in France, style décontracté", want: []string{"country eq FR"}, not: []string{"all contains", "language"}, ranks: []string{"décontracté"}},
		{platform: "youtube", loc: "zh", first: "西班牙的美食博主 comida casera", want: []string{"country eq ES", "category eq food"}, not: []string{"all contains", "language"}},
		// 4. leaving out a look or format: never narrows to the
		// category the look belongs to
		{platform: "youtube", loc: "en", first: "tech creators in Korea", follow: "drop the ones that look like unboxing channels", want: []string{"country eq KR", "category eq tech"}, not: []string{"category in", "all contains"}},
		{platform: "youtube", loc: "zh", first: "日本的美妆博主", follow: "看起来像广告的不要", want: []string{"country eq JP", "category eq beauty"}, not: []string{"category in", "all contains"}},
		{platform: "tiktok", loc: "en", first: "comedy creators in Australia", follow: "skip anything that feels like a toy haul", want: []string{"country eq AU", "category eq comedy"}, not: []string{"category in", "family", "all contains"}},
		{platform: "youtube", loc: "zh", first: "泰国的美食博主", follow: "像开箱视频那种的不要", want: []string{"country eq TH", "category eq food"}, not: []string{"category in", "all contains"}},
		{platform: "instagram", loc: "en", first: "travel creators in Spain", follow: "nothing that looks like a prank channel", want: []string{"country eq ES", "category eq travel"}, not: []string{"category in", "comedy", "all contains"}},
		{platform: "youtube", loc: "zh", first: "找德国的科技博主，别要那种看着像带货直播的", want: []string{"country eq DE", "category eq tech"}, not: []string{"category in", "all contains"}},
		// 5. a terse region code beside a topic: the code is the country
		{platform: "tiktok", loc: "en", first: "JP cosplay", want: []string{"country eq JP"}, not: []string{"all contains jp"}},
		{platform: "tiktok", loc: "en", first: "mx tacos", want: []string{"country eq MX"}, not: []string{"all contains mx"}},
		{platform: "youtube", loc: "en", first: "FR vlog 20k+", want: []string{"country eq FR", "followers gte 20000"}, not: []string{"all contains fr"}},
		{platform: "instagram", loc: "en", first: "es moda 5k+", want: []string{"country eq ES", "followers gte 5000"}, not: []string{"all contains es"}},
		{platform: "instagram", loc: "en", first: "VN skincare", want: []string{"country eq VN", "category eq beauty"}, not: []string{"all contains vn"}},
		{platform: "youtube", loc: "zh", first: "KR 吃播", want: []string{"country eq KR"}, not: []string{"all contains kr"}},
		{platform: "youtube", loc: "zh", first: "tw 美食 1萬+", want: []string{"country eq TW", "category eq food", "followers gte 10000"}, not: []string{"all contains"}},
		// 6. Chinese percentage points: the rate, 个 no word
		{platform: "instagram", loc: "zh", first: "互动率两个点以上的美妆博主", want: []string{"engagement gte 200", "category eq beauty"}, not: []string{"all contains"}, noTerm: []string{"个"}},
		{platform: "youtube", loc: "zh", first: "美国的健身博主 互动率不低于百分之五", want: []string{"engagement gte 500", "country eq US"}, not: []string{"all contains"}},
		{platform: "youtube", loc: "zh", first: "互动率4个百分点以上 日本游戏博主", want: []string{"engagement gte 400", "country eq JP"}, not: []string{"all contains"}, noTerm: []string{"个"}},
		{platform: "youtube", loc: "zh", first: "英国的科技博主", follow: "互动率要1.5个点以上", want: []string{"engagement gte 150", "country eq GB"}, not: []string{"all contains"}, noTerm: []string{"个"}},
		{platform: "tiktok", loc: "zh", first: "互动率在2到5个点之间的旅行博主", want: []string{"engagement between {max:500,min:200}"}, not: []string{"all contains"}, noTerm: []string{"个"}},
		// 7a. a format or trade said alone as a follow-up ranks
		{platform: "youtube", loc: "zh", first: "英国的美食博主", follow: "主要做测评的那种", want: []string{"country eq GB", "category eq food"}, ranks: []string{"测评"}},
		{platform: "youtube", loc: "en", first: "tech creators in Germany", follow: "only ones that do teardown videos", want: []string{"country eq DE", "category eq tech"}, ranks: []string{"teardown"}},
		{platform: "youtube", loc: "en", first: "beauty creators in Italy", follow: "just the ones doing tutorials", want: []string{"country eq IT", "category eq beauty"}, ranks: []string{"tutorial"}},
		{platform: "youtube", loc: "zh", first: "韩国的旅行博主", follow: "要拍vlog的", want: []string{"country eq KR", "category eq travel"}, ranks: []string{"vlog"}},
		// 7b. a country said acceptable too adds to the held one
		{platform: "youtube", loc: "en", first: "gaming creators in Sweden", follow: "Finland would work too", want: []string{"country in [SE,FI]"}},
		{platform: "instagram", loc: "zh", first: "法国的时尚博主", follow: "比利时的也可以", want: []string{"country in [FR,BE]"}},
		{platform: "instagram", loc: "en", first: "food creators in Peru", follow: "Chile is fine as well", want: []string{"country in [PE,CL]"}},
		{platform: "tiktok", loc: "zh", first: "马来西亚的美妆博主", follow: "新加坡也行吧", want: []string{"country in [MY,SG]"}},
		// 7c. a niche under the held category ranks beside it
		{platform: "youtube", loc: "en", first: "food creators in Korea", follow: "just the baking ones", want: []string{"category eq food", "country eq KR"}, ranks: []string{"baking"}},
		{platform: "youtube", loc: "zh", first: "美国的健身博主", follow: "只要做普拉提的", want: []string{"category eq fitness", "country eq US"}, ranks: []string{"普拉提"}},
		{platform: "youtube", loc: "en", first: "diy creators in Canada", follow: "only knitting channels", want: []string{"category eq diy", "country eq CA"}, ranks: []string{"knitting"}},
		{platform: "instagram", loc: "zh", first: "日本的美妆博主", follow: "主要是做美甲的", want: []string{"category eq beauty", "country eq JP"}, ranks: []string{"美甲"}},
	})
}

// TestLeftNOneReadingHeldout: follow-ups of class 7 beside a held
// search must leave what the same words leave in the first search.
// Base: 7 of 10, one of them a turn that failed (SOFT_AS_HARD); after:
// 10 of 10 (the floor).
func TestLeftNOneReadingHeldout(t *testing.T) {
	measureOneReading(t, "fixN beside a held search", oneReadingHeldBase, map[string][]string{
		"zh": {"只要拍vlog的", "墨西哥的也行", "主要做普拉提的", "互动好的优先", "性价比高一点的"},
		"en": {"only ones that do teardowns", "Mexico would be fine too", "just the pilates ones", "prefer engaging creators", "good value ones preferred"},
	}, 10)
}

// undoCase is a search, a change and a follow-up that withdraws the
// change: the applied conditions must be those before the change, and
// want/not hold of them.
type undoCase struct {
	platform, loc, first, change, undo string
	want, not                          []string
}

// undoProblems lists what an undo case gets wrong, none when right.
func undoProblems(t *testing.T, a *Agent, tc undoCase) []string {
	b := newBox(t, a, tc.platform, tc.loc)
	s0 := b.send("search.submit", api.Args{Text: tc.first})
	before := appliedConds(s0)
	s1 := b.send(followupEvent(s0), api.Args{Text: tc.change})
	changed := appliedConds(s1)
	s2 := b.send(followupEvent(s1), api.Args{Text: tc.undo})
	after := appliedConds(s2)
	label := fmt.Sprintf("%q, %q, then %q", tc.first, tc.change, tc.undo)
	var out []string
	if sameSet(before, changed) {
		out = append(out, fmt.Sprintf("%s: the change changed nothing (%q)", label, changed))
	}
	if !sameSet(before, after) {
		out = append(out, fmt.Sprintf("%s: applied %q, want those before the change %q (notice %q)", label, after, before, s2.Context.Notice))
	}
	for _, w := range tc.want {
		if !slices.Contains(after, w) {
			out = append(out, fmt.Sprintf("%s: applied %q, want %q", label, after, w))
		}
	}
	for _, n := range tc.not {
		if slices.ContainsFunc(after, func(g string) bool { return strings.Contains(g, n) }) {
			out = append(out, fmt.Sprintf("%s: applied %q holds %q", label, after, n))
		}
	}
	return out
}

// sameSet reports whether a and b hold the same lines in any order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// TestLeftNUndoHeldout: class 2's held-out phrasings, counted (misses
// are errors with AUDIT24Y_STRICT=1). Base: 0 of 6; after: 6 of 6.
func TestLeftNUndoHeldout(t *testing.T) {
	a := newTestAgent(t)
	cases := []undoCase{
		{platform: "youtube", loc: "zh", first: "德国的汽车博主", change: "加上奥地利", undo: "算了 还是之前那样吧", want: []string{"country eq DE"}, not: []string{"AT"}},
		{platform: "youtube", loc: "en", first: "travel creators in Spain, 10k+ followers", change: "make it 50k+", undo: "never mind, go back to what it was", want: []string{"followers gte 10000"}, not: []string{"50000"}},
		{platform: "youtube", loc: "en", first: "cooking channels in Italy", change: "add France too", undo: "undo that", want: []string{"country eq IT"}, not: []string{"FR"}},
		{platform: "instagram", loc: "zh", first: "韩国的美妆博主 粉丝一万以上", change: "粉丝改成十万以上", undo: "撤回刚才的修改", want: []string{"followers gte 10000"}, not: []string{"100000"}},
		{platform: "youtube", loc: "en", first: "tech creators in Japan", change: "only English", undo: "forget the last one", want: []string{"country eq JP"}, not: []string{"language"}},
		{platform: "instagram", loc: "zh", first: "法国的时尚博主 粉丝五万以下", change: "改成二十万以下", undo: "还是原来的吧", want: []string{"followers lte 50000"}, not: []string{"200000"}},
	}
	const floor = 6
	pass := 0
	for _, tc := range cases {
		p := undoProblems(t, a, tc)
		for _, m := range p {
			if os.Getenv("AUDIT24Y_STRICT") == "1" {
				t.Error(m)
			} else {
				t.Log("held-out miss: " + m)
			}
		}
		if len(p) == 0 {
			pass++
		}
	}
	t.Logf("fixN undo held-out: %d/%d", pass, len(cases))
	if pass < floor {
		t.Errorf("fixN undo held-out: %d of %d, below the %d measured after the fixes", pass, len(cases), floor)
	}
}
