package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode"

	"searchagent/api"
	"searchagent/tools/condition"
)

// followCase is a search, a follow-up, the applied conditions it must
// leave ("field op value": "country in [IE,DE]", "followers gte 50000")
// and those it must not.
type followCase struct {
	before, text string
	want, not    []string
}

// appliedConds lists a snapshot's applied conditions as "field op value".
func appliedConds(snap api.Snapshot) []string {
	var got []string
	for _, c := range snap.Context.Conditions {
		if c.Status != condition.StatusApplied {
			continue
		}
		raw, _ := json.Marshal(c.Value)
		v := strings.ReplaceAll(strings.Trim(string(raw), `"`), `"`, "")
		got = append(got, fmt.Sprintf("%s %s %s", c.Field, c.Op, v))
	}
	return got
}

// runFollowCases sends each case's search and follow-up through the
// agent and checks the applied conditions left.
func runFollowCases(t *testing.T, tests []followCase) {
	t.Helper()
	a := newTestAgent(t)
	for _, tt := range tests {
		t.Run(tt.text+" after "+tt.before, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap := b.send(followupEvent(before), api.Args{Text: tt.text})
			got := appliedConds(snap)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("after %q then %q: applied %q, want %q", tt.before, tt.text, got, w)
				}
			}
			for _, w := range tt.not {
				if slices.Contains(got, w) {
					t.Errorf("after %q then %q: applied %q, must not hold %q", tt.before, tt.text, got, w)
				}
			}
		})
	}
}

// TestExclusionAfterObjectFollowUp: an exclusion word after what it
// excludes ("加拿大的不要了", "英国和法国除外") excludes in a follow-up as in
// a first search; the router, which reads the values only, must not turn
// it into a change to those values.
func TestExclusionAfterObjectFollowUp(t *testing.T) {
	runFollowCases(t, []followCase{
		{before: "美食博主 美国和加拿大", text: "加拿大的不要了", want: []string{"country eq US"}, not: []string{"country eq CA"}},
		{before: "欧洲的美妆博主", text: "英国和法国除外", want: []string{"country in [IE,DE,ES,IT,NL,SE,PL,PT,CH,AT,BE,DK,NO,FI,GR]"}, not: []string{"country in [GB,FR]"}},
		{before: "gaming creators in Japan and Korea", text: "Korea excluded", want: []string{"country eq JP"}},
	})
}

// TestUnsupportedMeasureNamed: a budget or a price, in a first search or
// a follow-up, never becomes a follower bound; the notice names it as not
// applied, and the search's own follower bound is kept.
func TestUnsupportedMeasureNamed(t *testing.T) {
	tests := []struct{ before, text, named string }{
		{"", "预算控制在一万以内，找日本的美食博主", "预算控制在一万以内"},
		{"", "budget under $5k per video, fitness creators in Canada", "budget under $5k"},
		{"日本的美食博主，粉丝两万以上", "预算五千块以内", "预算五千块以内"},
		{"fitness creators in Canada, 20k+", "budget is around $2k per post", "budget is around $2k"},
	}
	a := newTestAgent(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			var held []string
			ev := "search.submit"
			if tt.before != "" {
				before := b.send(ev, api.Args{Text: tt.before})
				held, ev = appliedFollowers(before), followupEvent(before)
			}
			snap := b.send(ev, api.Args{Text: tt.text})
			if got := appliedFollowers(snap); !slices.Equal(got, held) {
				t.Errorf("%q: followers %q, want %q (a budget is no follower bound)", tt.text, got, held)
			}
			if !strings.Contains(snap.Context.Notice, tt.named) {
				t.Errorf("%q: notice %q does not name %q", tt.text, snap.Context.Notice, tt.named)
			}
		})
	}
}

// TestRelativeFollowUpSteps: a follow-up relative to the results held
// ("smaller ones", "bigger than these", 再大一点的) adds no keyword and
// moves the held follower range one step (stepVagueSize); the notice
// names the words and says how to set a number.
func TestRelativeFollowUpSteps(t *testing.T) {
	tests := []struct {
		before, text, named string
		want                []string
	}{
		{"fitness creators in Spain with 20k+ followers", "smaller ones", "smaller ones", []string{"lte 20000"}},
		{"beauty creators in the US, 10k-50k", "bigger than these", "bigger than these", []string{"between 50000..500000"}},
		{"美国的健身博主，粉丝一万以上", "再大一点的", "大一点", []string{"gte 50000"}},
		{"日本的游戏主播，粉丝5万以上", "小一些的", "小一些", []string{"lte 50000"}},
	}
	a := newTestAgent(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap := b.send(followupEvent(before), api.Args{Text: tt.text})
			if got := appliedFollowers(snap); !slices.Equal(got, tt.want) {
				t.Errorf("%q: followers %q, want %q (held %q)", tt.text, got, tt.want, appliedFollowers(before))
			}
			for _, c := range snap.Context.Conditions {
				if c.Kind == condition.KindKeyword {
					t.Errorf("%q: keyword chip %v", tt.text, c.Value)
				}
			}
			if !strings.Contains(snap.Context.Notice, tt.named) {
				t.Errorf("%q: notice %q does not name %q", tt.text, snap.Context.Notice, tt.named)
			}
		})
	}
}

// TestResultCountNamed: a result count, in a first search or a follow-up,
// is named as one in the notice and changes no condition.
func TestResultCountNamed(t *testing.T) {
	tests := []struct{ before, text, named string }{
		{"", "need 10 tech youtubers in the UK", "result count “10”"},
		{"", "给我20个做穿搭的英国博主", "结果数量「20个」"},
		{"tech creators in the US", "just show me 10", "result count “10”"},
		{"日本的动漫博主", "给我前10个就好", "结果数量「前10个」"},
	}
	a := newTestAgent(t)
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			loc := "en"
			if strings.ContainsFunc(tt.text, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				loc = "zh"
			}
			b := newBox(t, a, "youtube", loc)
			var held []string
			ev := "search.submit"
			if tt.before != "" {
				before := b.send(ev, api.Args{Text: tt.before})
				held, ev = appliedConds(before), followupEvent(before)
			}
			snap := b.send(ev, api.Args{Text: tt.text})
			if tt.before != "" && !slices.Equal(appliedConds(snap), held) {
				t.Errorf("%q: conditions %q, want the held %q", tt.text, appliedConds(snap), held)
			}
			for _, c := range snap.Context.Conditions {
				if c.Kind == condition.KindKeyword || c.Field == string(condition.Followers) {
					t.Errorf("%q: the result count became %s %v", tt.text, c.Field, c.Value)
				}
			}
			if !strings.Contains(snap.Context.Notice, tt.named) {
				t.Errorf("%q: notice %q does not name %q", tt.text, snap.Context.Notice, tt.named)
			}
		})
	}
}

// TestSentencesAfterKeywordSearch: after a keyword-only first search,
// a follow-up in words is read by the same reading as any follow-up —
// conditions applied, the user's keyword kept, no new keyword.
func TestSentencesAfterKeywordSearch(t *testing.T) {
	runFollowCases(t, []followCase{
		{before: "cooking", text: "only the ones still uploading", want: []string{"tags contains cooking", "last_active within_days 30"}},
		{before: "cooking", text: "ones with more than 50k subs please", want: []string{"tags contains cooking", "followers gte 50000"}},
		{before: "cooking", text: "把粉丝少于一万的去掉", want: []string{"followers gte 10000"}, not: []string{"followers lte 10000"}},
		{before: "fitness creators in the US", text: "exclude the ones with under 5k followers", want: []string{"followers gte 5000"}, not: []string{"followers lte 5000"}},
		{before: "美国的美食博主", text: "去掉那些粉丝不到五千的", want: []string{"followers gte 5000"}, not: []string{"followers lte 5000"}},
		{before: "baking", text: "which of them are in Japan", want: []string{"tags contains baking", "country eq JP"}},
		{before: "camping", text: "只要美国的", want: []string{"tags contains camping", "country eq US"}},
	})
	a := newTestAgent(t)
	for _, tt := range []struct{ before, text string }{{"cooking", "only the ones still uploading"}, {"camping", "the bigger ones"}} {
		b := newBox(t, a, "youtube", "en")
		before := b.send("search.submit", api.Args{Text: tt.before})
		snap := b.send(followupEvent(before), api.Args{Text: tt.text})
		for _, c := range snap.Context.Conditions {
			if v, _ := c.Value.(string); c.Kind == condition.KindKeyword && v != tt.before {
				t.Errorf("%q after %q: new keyword %q", tt.text, tt.before, v)
			}
		}
	}
}

// TestApproximateFollowUp: a follower count said with 左右 / around in a
// follow-up is the reading's approximate range, as in a first search,
// not a bound at the number.
func TestApproximateFollowUp(t *testing.T) {
	followerBounds(t, []boundCase{
		{"美国的科技博主，粉丝5万以上", "粉丝改成10万左右", "between 80000..120000"},
		{"tech creators in the US, 50k+", "make it around 200k", "between 160000..240000"},
		{"日本的美食博主", "粉丝三万上下的", "between 24000..36000"},
	})
}

// TestStatedRangeOverTier: a follower range or bound the user states next
// to a creator tier ("micro influencers (10k-50k)", "腰部达人（粉丝10万-50万）",
// "micro influencers (under 50k)") is the applied filter; the tier's own
// range gives way to it.
func TestStatedRangeOverTier(t *testing.T) {
	a := newTestAgent(t)
	for _, tt := range []struct{ text, want string }{
		{"micro influencers (10k-50k) in the Philippines doing food content", "between 10000..50000"},
		{"腰部达人（粉丝10万-50万），美国", "between 100000..500000"},
		{"micro influencers in the US", "between 10000..100000"},
		{"vegan cooks in Austria – micro influencers (under 50k)", "between 10000..50000"},
		{"尾部达人，粉丝不超过三万，做手账的", "between 10000..30000"},
		{"macro creators in fitness, at least 600k followers", "between 600000..1e+06"},
	} {
		b := newBox(t, a, "youtube", "en")
		snap := b.send("search.submit", api.Args{Text: tt.text})
		if got := appliedFollowers(snap); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("%q: followers %q, want [%q]", tt.text, got, tt.want)
		}
	}
}

// TestFrameOnlyFollowUpNamed: a follow-up asking for more results ("再多给
// 几个", "show me a few more") changes no condition, adds no keyword and
// says what it did: the next page (fixZ3, class Z3; these were frame words
// named as not used before).
func TestFrameOnlyFollowUpNamed(t *testing.T) {
	a := newTestAgent(t)
	for _, tt := range []struct{ before, text, named string }{
		{"美国的科技博主", "再多给几个", "Next page"}, // an English page
		{"tech creators in the US", "show me a few more", "Next page"},
	} {
		b := newBox(t, a, "youtube", "en")
		before := b.send("search.submit", api.Args{Text: tt.before})
		snap := b.send(followupEvent(before), api.Args{Text: tt.text})
		if got, held := appliedConds(snap), appliedConds(before); !slices.Equal(got, held) {
			t.Errorf("%q: conditions %q, want the held %q", tt.text, got, held)
		}
		if !strings.Contains(snap.Context.Notice, tt.named) {
			t.Errorf("%q: notice %q does not name %q", tt.text, snap.Context.Notice, tt.named)
		}
	}
}

// followup sends a first search and a follow-up through a new box and
// returns the snapshot after the follow-up.
func followup(t *testing.T, a *Agent, platform, locale, first, text string) api.Snapshot {
	t.Helper()
	b := newBox(t, a, platform, locale)
	s := b.send("search.submit", api.Args{Text: first})
	return b.send(followupEvent(s), api.Args{Text: text})
}

// checkConds fails when a wanted "field op value" (a suffix of one of
// got) is missing or a refused one (a prefix) is there.
func checkConds(t *testing.T, label string, got, want, not []string) {
	t.Helper()
	for _, w := range want {
		if !slices.ContainsFunc(got, func(g string) bool { return strings.HasSuffix(g, w) }) {
			t.Errorf("%s: conditions %q, want %q", label, got, w)
		}
	}
	for _, n := range not {
		if slices.ContainsFunc(got, func(g string) bool { return strings.HasPrefix(g, n) }) {
			t.Errorf("%s: conditions %q hold %q", label, got, n)
		}
	}
}
