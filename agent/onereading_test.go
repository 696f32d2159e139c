package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
)

// One reading for first searches and follow-ups (issue 26 item 3): a
// condition said as a follow-up after a search leaves the conditions the
// same words leave when said in the first search beside it. Each phrase
// is sent twice: as part of a first search ("帮我找美妆博主，<phrase>") and
// as a follow-up after the search alone; the two sessions' conditions
// (kind, field, op, value, status) must be the same set.
//
// oneReadingTuned is what the rules were mended against; oneReadingHeldOut
// was written before any rule changed and is not tuned on: a count below
// the one measured after the fixes fails.

var oneReadingTuned = map[string][]string{
	"zh": {
		"只要美国的", "粉丝一万到五万", "粉丝五万以上", "十万粉以下", "最近一个月有更新", "最近三个月活跃", "不要游戏类的",
		"只要英语的", "按粉丝数排", "按平均播放量排序", "日本或者韩国的", "不要印度的", "互动率3%以上", "平均播放一万以上",
		"去掉美国", "粉丝不低于两万", "粉丝不超过十万", "女博主", "最好是英国的", "半年内有发视频", "除了美国以外的",
		"要会说西班牙语的", "排除带货的", "按最新发布排", "两万粉左右", "1w-5w粉", "欧洲的", "东南亚的", "粉丝越多越好", "最近还在更新的",
		"做测评的", "风格搞笑一点", "不要游戏类的，粉丝十万以上", "最好是讲英语的", "不要美国和加拿大的", "只要真人出镜的",
		"做护肤教程的优先", "粉丝少一点的", "三十天内发过视频的", "主要做口红试色的",
		"粉丝在5万到20万之间", "英国或者澳洲", "停更的不要", "不要男博主", "平均播放量高的优先",
		"不要做医美的", "日语的", "加拿大的也可以", "最近一周有更新", "粉丝至少三万", "要做平价彩妆的",
	},
	"en": {
		"only US ones", "10k to 50k followers", "over 50k followers", "under 100k followers", "posted in the last month",
		"active in the last 3 months", "no gaming", "English only", "sort by followers", "sort by average views", "Japan or Korea",
		"exclude India", "engagement rate above 3%", "at least 10k average views", "drop the US", "no fewer than 20k followers",
		"not more than 100k followers", "female creators", "ideally UK based", "posted within 6 months", "anywhere but the US",
		"Spanish speaking", "no sponsored content", "newest first", "around 20k followers", "10k-50k", "in Europe", "in Southeast Asia",
		"the bigger the better", "still posting",
		"who do product reviews", "ideally with a funny style", "no gaming, and over 100k followers", "preferably English speaking",
		"not from the US or Canada", "only ones who show their face", "skincare tutorials preferred",
		"smaller ones", "posted in the past 30 days", "mostly lipstick swatches", "between 50k and 200k followers",
		"UK or Australia", "no inactive channels", "no male creators", "high average views preferred",
		"no cosmetic surgery content", "Japanese language", "Canada is fine too", "posted this week", "at least 30k followers",
		"with over 1M subscribers", "German or French speaking", "less than 5k followers",
	},
}

var oneReadingHeldOut = map[string][]string{
	"zh": {
		"只要做开箱的", "主要拍日常vlog的", "不要教育类的", "不活跃的不要", "不要男的", "广告太多的不要", "要会讲法语的",
		"只看加拿大", "粉丝两万以内", "互动率高一点的优先", "按订阅数排一下", "最近两个月发过的", "专门做测评的", "不要游戏的，按播放量排",
		"带商务合作邮箱的",
	},
	"en": {
		"that do unboxings", "mainly daily vlogs", "nothing educational", "skip inactive ones", "no guys", "without too many ads",
		"who speak French", "Canada only please", "under 20k", "higher engagement first", "sort by subscribers",
		"uploaded in the past two months", "mostly honest reviews", "no gaming, sort by views", "whose videos are in Spanish",
	},
}

// oneReadingBase is the search each phrase is said beside, by locale.
var oneReadingBase = map[string]string{"zh": "帮我找美妆博主", "en": "find me beauty creators"}

// oneReadingHeldBase is a search that holds a country, a category and a
// follower bound already: what a follow-up adds beside them must read as
// the same words in that first search ("不要瑜伽类的" on a fitness search
// leaves out yoga, never the held fitness category).
var oneReadingHeldBase = map[string]string{"zh": "找美国的健身博主，粉丝一万以上", "en": "US fitness creators with 10k+ followers"}

var oneReadingHeldTuned = map[string][]string{
	"zh": {"只要英语的", "最近两周有更新", "不要做减肥药广告的", "主要拍居家训练的", "风格励志一点", "按平均播放排", "不要瑜伽类的",
		"最好是女博主", "只要真人出镜的", "做增肌教程的优先", "半年内活跃", "不要带货的", "要讲西班牙语的也可以", "专门做跑步的"},
	"en": {"English only", "posted in the past two weeks", "no diet pill promos", "mostly home workouts", "with a motivational vibe",
		"sort by average views", "no yoga", "ideally women", "higher engagement preferred", "who show their face", "muscle building tutorials first",
		"active in the last 6 months", "no product pushers", "Spanish speakers are fine too", "that focus on running"},
}

// oneReadingHeldHeldOut: written after the rules above were mended,
// never tuned on.
var oneReadingHeldHeldOut = map[string][]string{
	"zh": {"不要普拉提的", "只要讲中文的", "最近一个月发过视频", "主要做拳击训练的", "风格轻松一点", "按粉丝数从高到低", "最好是加拿大的也行",
		"不要卖蛋白粉的", "专门做马拉松的", "不要跳舞类的"},
	"en": {"no pilates", "Chinese speaking only", "uploaded in the last month", "mainly boxing drills", "with a chill vibe", "most followers first",
		"Canada would be fine too", "no protein powder sellers", "that focus on marathons", "no dance"},
}

// conditionSet lists a snapshot's conditions as sorted
// "kind|field|op|value|status" lines.
func conditionSet(snap api.Snapshot) []string {
	var got []string
	for _, c := range snap.Context.Conditions {
		raw, _ := json.Marshal(c.Value)
		got = append(got, fmt.Sprintf("%s|%s|%s|%s|%s", c.Kind, c.Field, c.Op, raw, c.Status))
	}
	slices.Sort(got)
	return got
}

// oneReadingDiff is "" when the phrase leaves the same conditions as a
// follow-up and in a first search, else what differs.
func oneReadingDiff(t *testing.T, a *Agent, base, locale, phrase string) string {
	sep := map[string]string{"zh": "，", "en": ", "}[locale]
	b1 := newBox(t, a, "youtube", locale)
	first := conditionSet(b1.send("search.submit", api.Args{Text: base + sep + phrase}))
	b2 := newBox(t, a, "youtube", locale)
	before := b2.send("search.submit", api.Args{Text: base})
	follow := conditionSet(b2.send(followupEvent(before), api.Args{Text: phrase}))
	if slices.Equal(first, follow) {
		return ""
	}
	only := func(a, b []string) string {
		var out []string
		for _, x := range a {
			if !slices.Contains(b, x) {
				out = append(out, x)
			}
		}
		return strings.Join(out, " ; ")
	}
	return fmt.Sprintf("%q after %q: first search only [%s], follow-up only [%s]", phrase, base, only(first, follow), only(follow, first))
}

func TestFollowUpReadsAsFirstSearch(t *testing.T) {
	checkOneReading(t, oneReadingBase, oneReadingTuned)
}

// TestFollowUpReadsAsFirstSearchHeldOut: the held-out phrases, counted.
func TestFollowUpReadsAsFirstSearchHeldOut(t *testing.T) {
	measureOneReading(t, "one reading", oneReadingBase, oneReadingHeldOut, 28) // 20 before the fixes, 26 after them, 28 after fixN
}

// Compound follow-ups (issue 26 item 3: "a compound follow-up applies
// every part as a first search would"): two phrases of the tables above
// joined as people join them, said as one follow-up and in the first
// search. oneReadingPairsHeldOut joins other phrasings in other ways and
// was written after the rules were mended, never tuned on.
var oneReadingPairs = map[string][]string{
	"zh": {
		"风格搞笑一点，还有粉丝不超过十万", "风格搞笑一点，另外不要印度的", "只要英语的，还有主要做口红试色的", "主要做口红试色的，另外不要游戏类的",
		"平均播放一万以上，风格搞笑一点", "最好是英国的，还有主要做口红试色的", "只要美国的，另外风格搞笑一点", "不要男博主 互动率3%以上",
		"日本或者韩国的，停更的不要", "按粉丝数排，另外加拿大的也可以",
	},
	"en": {
		"Japan or Korea, who do product reviews", "exclude India; who do product reviews", "at least 10k average views, who do product reviews",
		"not more than 100k followers and mostly lipstick swatches", "who do product reviews, 10k to 50k followers", "who do product reviews and only US ones",
		"only US ones, ideally UK based", "no gaming and sort by followers", "English only, also no inactive channels", "no male creators; engagement rate above 3%",
	},
}

var oneReadingPairsHeldOut = map[string][]string{
	"zh": {
		"只要台湾的，主要拍开箱的", "粉丝两万以上 并且最好会说日语", "不要教育类的，按最新发布排", "最近半年有更新的，另外要做平价护肤的",
		"只要女生，粉丝五万以内", "互动率2%以上，还有不要做医美的", "按平均播放量排，最好是新加坡的", "停更的不要，风格温柔一点",
		"不要美国的；只要英语的", "主要做美甲的，粉丝一到十万",
	},
	"en": {
		"only ones in Canada, mostly makeup tutorials", "over 20k followers and preferably Japanese speaking", "nothing educational; newest first",
		"posted in the last 6 months, also into affordable skincare", "women only, under 50k followers", "engagement above 2% and no cosmetic surgery stuff",
		"sort by average views, ideally Singapore based", "skip inactive ones, with a calm vibe", "not the US; English only", "mostly nail art, 10k to 100k followers",
	},
}

func TestCompoundFollowUpReadsAsFirstSearch(t *testing.T) {
	checkOneReading(t, oneReadingBase, oneReadingPairs)
}

// TestCompoundFollowUpReadsAsFirstSearchHeldOut: the held-out pairs,
// counted.
func TestCompoundFollowUpReadsAsFirstSearchHeldOut(t *testing.T) {
	measureOneReading(t, "compound follow-ups", oneReadingBase, oneReadingPairsHeldOut, 18) // 17 on its one run after the fixes, 18 after fixN
}

func TestFollowUpBesideHeldReadsAsFirstSearch(t *testing.T) {
	checkOneReading(t, oneReadingHeldBase, oneReadingHeldTuned)
}

// TestFollowUpBesideHeldReadsAsFirstSearchHeldOut: the held-out phrases
// beside the held search, counted.
func TestFollowUpBesideHeldReadsAsFirstSearchHeldOut(t *testing.T) {
	measureOneReading(t, "beside a held search", oneReadingHeldBase, oneReadingHeldHeldOut, 18) // 17 on its one run after the fixes, 18 after fixN
}

// checkOneReading fails on every phrase (by locale) that reads otherwise
// as a follow-up after base than in the first search beside it.
func checkOneReading(t *testing.T, base map[string]string, phrases map[string][]string) {
	t.Helper()
	a := newTestAgent(t)
	for _, locale := range []string{"zh", "en"} {
		for _, p := range phrases[locale] {
			if d := oneReadingDiff(t, a, base[locale], locale, p); d != "" {
				t.Error(d)
			}
		}
	}
}

// measureOneReading counts a held-out table: each miss is logged, and a
// count below floor, the one measured when the table was first run,
// fails (a measure with a floor, as an eval suite).
func measureOneReading(t *testing.T, name string, base map[string]string, phrases map[string][]string, floor int) {
	t.Helper()
	a := newTestAgent(t)
	pass, n := 0, 0
	for _, locale := range []string{"zh", "en"} {
		for _, p := range phrases[locale] {
			n++
			if d := oneReadingDiff(t, a, base[locale], locale, p); d != "" {
				t.Log("held-out miss: " + d)
				continue
			}
			pass++
		}
	}
	t.Logf("%s, held out: %d/%d", name, pass, n)
	if pass < floor {
		t.Errorf("%s, held out: %d of %d, below the %d measured after the fixes", name, pass, n, floor)
	}
}
