package condparse

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// The brief-shape rules of session i26r2 (issue 26), each on phrasings of
// its own: a bound word right before a number (过/破/超), a bound noun a
// few words before its number, a measure at its most as a sort (and at
// its most before a number as a bound), a marked time window standing as
// a clause, a demonym ending its clause as a language, person nouns in
// the creator noun's place. want lists "field op value" of the hard
// conditions; sort is the sort key; no number may become a keyword.
func TestBriefRules(t *testing.T) {
	tests := []struct {
		text string
		want []string
		sort string
	}{
		{"粉丝过五十万的汽车博主", []string{"followers gte 500000", "category eq automotive"}, ""},
		{"粉丝破两万", []string{"followers gte 20000"}, ""},
		{"订阅超十万，日本", []string{"followers gte 100000", "country eq JP"}, ""},
		{"过去一周有更新", []string{"last_active within_days 7"}, ""},
		{"push the minimum to 15k", []string{"followers gte 15000"}, ""},
		{"put a cap on it - 400k", []string{"followers lte 400000"}, ""},
		{"粉丝上限要有，八万", []string{"followers lte 80000"}, ""},
		{"max 30k", []string{"followers lte 30000"}, ""},
		{"互动率最高的美妆博主", []string{"category eq beauty"}, "engagement"},
		{"旅行博主，观看最多的", []string{"category eq travel"}, "avg_views"},
		{"sneaker channels with the highest subscriber counts", nil, "followers"},
		{"粉丝最多三万", []string{"followers lte 30000"}, ""},
		{"科技博主，近十天", []string{"category eq tech", "last_active within_days 10"}, ""},
		{"past 2 weeks only", []string{"last_active within_days 14"}, ""},
		{"cooking channels, no French", []string{"category eq food", "language not_in [fr]"}, ""},
		{"Italian food creators", []string{"country eq IT", "category eq food"}, ""},
		{"chess coaches in Spain", []string{"country eq ES"}, ""},
		{"makeup lovers, Mexico", []string{"category eq beauty", "country eq MX"}, ""},
		{"按人气排一下，宠物博主", []string{"category eq pets"}, "followers"},
		{"remove channels inactive for more than 5 weeks", []string{"last_active within_days 35"}, ""},
		{"断更超过两个月的不要", []string{"last_active within_days 60"}, ""},
		{"最近有更新，十天内", []string{"last_active within_days 10"}, ""},
		// session i26r3: a spelled count with k, a grouped figure after a
		// bound word, a demonym right after a country, person nouns
		// (artists), acceptance tails, post-posed exclusions, an excluded
		// inactivity word, a CJK description after the creator noun.
		{"two hundred k or more, gaming", []string{"followers gte 200000", "category eq gaming"}, ""},
		{"keep it under 250,000", []string{"followers lte 250000"}, ""},
		{"Mexico spanish cooking creators", []string{"country eq MX", "language eq es", "category eq food"}, ""},
		{"tattoo artists in Brazil", []string{"country eq BR"}, ""},
		{"Canada French fitness, under 5k is fine", []string{"country eq CA", "language eq fr", "category eq fitness", "followers lte 5000"}, ""},
		{"美国的科技博主，开箱的都不要", []string{"country eq US", "category eq tech"}, ""},
		{"日本博主，动漫的不要", []string{"country eq JP", "category not_in [animation]"}, ""},
		{"pets creators, gaming excluded", []string{"category eq pets", "category not_in [gaming]"}, ""},
		{"停更的不要，健身博主", []string{"last_active within_days 30", "category eq fitness"}, ""},
		{"no dormant accounts in Poland", []string{"last_active within_days 30", "country eq PL"}, ""},
		{"油管博主那种聊比特币的，美国", []string{"category eq finance", "country eq US"}, ""},
		{"健美教练，英国", []string{"category eq fitness", "country eq GB"}, ""},
		// a figure set on the held bound is a floor alone (the session
		// moves the bound it holds: agent.TestMoveHeldBound).
		{"raise it to 40k", []string{"followers gte 40000"}, ""},
		{"改成三万五", []string{"followers gte 35000"}, ""},
		// a measure before a priority word ranks by it; a language with
		// the vocabulary's newer names.
		{"粉丝多的排前面，德国汽车博主", []string{"country eq DE", "category eq automotive"}, "followers"},
		{"宠物博主，更新勤的优先", []string{"category eq pets"}, "recent"},
		{"travel creators, no Finnish or Danish", []string{"category eq travel", "language not_in [fi,da]"}, ""},
		{"说匈牙利语的游戏主播", []string{"language eq hu", "category eq gaming"}, ""},
		// a posting frequency bounds activity by its period.
		{"fitness channels that post weekly", []string{"category eq fitness", "last_active within_days 7"}, ""},
		{"周更的旅行博主", []string{"last_active within_days 7", "category eq travel"}, ""},
		{"每天更新的游戏主播，韩国", []string{"last_active within_days 1", "category eq gaming", "country eq KR"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindHard {
					got = append(got, fmt.Sprintf("%s %s %s", c.Field, c.Op, strings.Trim(c.Value.String(), `"`)))
				}
				if c.Kind == condition.KindKeyword && c.Op == condition.OpContains && c.Status == condition.StatusApplied && strings.ContainsAny(c.Value.Str, "0123456789") {
					t.Errorf("a number became a keyword: %q", c.Value.Str)
				}
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("want %q, have %q", w, got)
				}
			}
			have := ""
			if rd.Sort != nil {
				have = rd.Sort.By
			}
			if have != tt.sort {
				t.Errorf("sort %q, want %q", have, tt.sort)
			}
		})
	}
}
