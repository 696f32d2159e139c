package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
)

// TestAudit17FollowUps: the follow-up classes audit 17's runs left open,
// through the agent, with phrasings of my own.
func TestAudit17FollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// "any <field>" at its clause's end lifts the field; the
		// exclusion said beside a widening applies (an empty first
		// result: the widening is no repair of its own then)
		{"tiktok", "en", "korean food creators in Korea, 30k to 300k, korean language", "widen it to any country but keep the language korean, and ditch the mukbang ones",
			[]string{"language eq ko", "not_contains mukbang"}, []string{"country"}},
		{"youtube", "en", "travel creators in Japan, japanese", "any language goes", []string{"country eq JP"}, []string{"language", "keyword contains goes"}},
		// a demonym naming a condition is the language condition
		{"youtube", "en", "car detailing channels in Mexico, spanish, 10k-100k", "ok now remove the spanish requirement and order by recent uploads",
			[]string{"country eq MX"}, []string{"language", "country not_in"}},
		{"youtube", "en", "cooking channels in France, french", "drop the french filter", []string{"country eq FR"}, []string{"language"}},
		// "switch … to" replaces; an "and also" after it adds only its own value
		{"youtube", "en", "IELTS exam prep channels in China or Hong Kong, chinese, 50k+", "switch the language to english and also include Singapore",
			[]string{"language eq en", "country in [CN,HK,SG]"}, []string{"language in"}},
		// the follower range named by 范围 is removed
		{"youtube", "zh", "美国的美妆博主，粉丝一万到五十万", "把粉丝范围去掉", []string{"country eq US"}, []string{"followers"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestTwoResultsNamedOneAnchor: two results named as the ones to find more
// like: the first named becomes the anchor and the other is said as not
// used.
func TestTwoResultsNamedOneAnchor(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, notice string }{
		{"zh", "美国的美妆博主，粉丝一万到五十万", "第一个和第三个都不错，找类似的", "第 3 个未使用"},
		{"en", "US beauty creators, 10k-500k", "the 2nd and 4th look right, more like those", "result 4 not used"},
	} {
		b := newBox(t, a, "youtube", tc.loc)
		b.send("search.submit", api.Args{Text: tc.first})
		snap := b.send("followup.submit", api.Args{Text: tc.text})
		if snap.Context.Anchor == nil {
			t.Errorf("%q: no anchor", tc.text)
		}
		if !strings.Contains(snap.Context.Notice, tc.notice) {
			t.Errorf("%q: notice %q, want it to say %q", tc.text, snap.Context.Notice, tc.notice)
		}
	}
}

// TestAudit18FollowUps: the follow-up classes audit 18's first run found,
// through the agent, with phrasings of my own.
func TestAudit18FollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// a field removed and a bound of it set in one follow-up
		{"youtube", "en", "US tech reviewers, 50k+", "drop the subscriber floor and cap it at 30k", []string{"followers lte 30000"}, []string{"followers between", "followers gte"}},
		// the upper bound named by its noun moves that end only
		{"youtube", "en", "US tech reviewers, 50k to 800k", "bring the upper limit down to 300k", []string{"followers between {max:300000,min:50000}"}, nil},
		// the others welcomed: the country's limit goes, nothing excluded
		{"youtube", "zh", "日本的动漫频道，日语", "日本以外的也可以看看", []string{"language eq ja"}, []string{"country"}},
		// 放开 lifts a field; 无所谓 too
		{"youtube", "zh", "英国的历史科普频道，粉丝两万以上，英语", "地区放开吧", []string{"language eq en"}, []string{"country"}},
		{"youtube", "zh", "印度的手机评测频道，英语，粉丝十万以上", "语言无所谓了，另外华为相关的都剔掉", []string{"not_contains 华为"}, []string{"language"}},
		// an exclusion said after X的不要了 and a topic put first
		{"youtube", "zh", "日本的陶艺和手绘插画频道，日语", "插画的不要了，陶艺相关的排前面", []string{"not_contains 插画"}, nil},
		// an exclusion said beside a widening applies
		{"youtube", "zh", "美国的健身餐博主，粉丝五万到五十万，英语，最近30天活跃", "活跃时间放宽到上个季度以来，另外蛋白粉的不要", []string{"not_contains 蛋白粉"}, []string{"last_active within_days 30"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAudit18HeldOutFollowUps: the follow-up classes audit 18's held-out
// run found (fixed after its one run), with phrasings of my own.
func TestAudit18HeldOutFollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// a swap keeps the held values it does not name
		{"youtube", "en", "anime channels in Japan or Korea", "swap Korea for Taiwan", []string{"country in [JP,TW]"}, nil},
		{"youtube", "zh", "日本或者韩国的动漫频道", "把韩国换成台湾", []string{"country in [JP,TW]"}, nil},
		// a value said to have no requirement is removed
		{"youtube", "zh", "法国的美食频道，法语", "法语不限了", []string{"country eq FR"}, []string{"language"}},
		// "any size" lifts the follower range
		{"youtube", "en", "US beauty creators, 10k-500k", "any size is fine", []string{"country eq US"}, []string{"followers"}},
		// a term put first in a follow-up ranks, never filters
		{"youtube", "zh", "法国的美食频道", "按互动从高到低排，甜品的优先", nil, []string{"keyword contains 甜品"}},
		// "no language restriction anymore" removes; "anymore" is no word
		{"x", "en", "Brazilian news accounts, portuguese, 50k+", "no language restriction anymore", []string{"country eq BR"}, []string{"language", "anymore"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestPositionsNamedAnchor: results named by position in other words —
// two ordinals side by side, "number one", "照着它" — pin the first as the
// anchor.
func TestPositionsNamedAnchor(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text string }{
		{"zh", "美国的美妆博主，粉丝一万到五十万", "第二个第三个不错，再找类似的"},
		{"en", "US beauty creators, 10k-500k", "more like number one"},
		{"zh", "美国的美妆博主，粉丝一万到五十万", "只留第三个，照着它再找一批差不多的"},
	} {
		b := newBox(t, a, "youtube", tc.loc)
		b.send("search.submit", api.Args{Text: tc.first})
		snap := b.send("followup.submit", api.Args{Text: tc.text})
		if snap.Context.Anchor == nil {
			t.Errorf("%q: no anchor; notice %q", tc.text, snap.Context.Notice)
		}
	}
}

// TestAudit19FollowUps: the follow-up classes audit 19's runs found (fixed
// after its one run), through the agent, with phrasings of my own.
func TestAudit19FollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// two fields lifted in one follow-up: each goes
		{"youtube", "en", "cooking channels in Italy, italian, 20k+", "lose the country restriction, any language works too", []string{"followers gte 20000"}, []string{"country", "language"}},
		{"youtube", "zh", "意大利的美食频道，意大利语，粉丝两万以上", "国家不限，语言也无所谓了", []string{"followers gte 20000"}, []string{"country", "language"}},
		// a comparison's 点 is no keyword
		{"tiktok", "zh", "美国的亲子博主，粉丝一万以上", "更活跃点的", nil, []string{"keyword contains 点"}},
		// a country said as its lowercase code, added with "too"
		{"tiktok", "en", "movie recap creators in Australia, 10k+", "nz too", []string{"country in [AU,NZ]"}, nil},
		// a count's end lifted keeps the other end; a new cap with the floor lifted is the cap alone
		{"youtube", "zh", "美国的美妆博主，粉丝五万到五十万", "上限去掉", []string{"followers gte 50000"}, []string{"followers between", "keyword"}},
		{"youtube", "en", "US beauty creators, 50k-500k", "no upper limit anymore", []string{"followers gte 50000"}, []string{"not_contains"}},
		{"youtube", "en", "US beauty creators, 50k-500k", "get rid of the minimum", []string{"followers lte 500000"}, nil},
		{"youtube", "zh", "美国的美妆博主，粉丝五万到五十万", "门槛去掉，上限十万", []string{"followers lte 100000"}, []string{"followers between"}},
		// a topic put first keeps the held category; a position is no keyword
		{"youtube", "zh", "美国的美妆博主，粉丝一万到五十万", "除了第一个都不要，找跟它像的，手游相关的排前面", []string{"category eq beauty"}, []string{"not_contains 第一个", "category eq gaming"}},
		// an excluded value of the held set leaves the set
		{"tiktok", "en", "funny comedy or gaming creators in Turkey, 20k-100k", "no gaming, turkish only", []string{"category eq comedy", "language eq tr"}, []string{"not_contains gaming", "category not_in"}},
		{"youtube", "zh", "日本或者韩国的动漫频道", "韩国的不要了", []string{"country eq JP"}, []string{"country not_in"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}
