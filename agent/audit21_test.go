package agent

import (
	"fmt"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// refTerms are the ranking terms (keyword references) of a snapshot.
func refTerms(snap api.Snapshot) []string {
	var out []string
	for _, c := range snap.Context.Conditions {
		if c.Kind == condition.KindKeyword && c.Status == condition.StatusReference && c.Op == condition.OpContains {
			out = append(out, fmt.Sprint(c.Value))
		}
	}
	return out
}

// TestAudit21FollowUps: audit 21's reading classes said in a follow-up
// (through the router, completed by the reading), with phrasings of my
// own: the exclusion keeps its partner frame out, politeness never joins
// an excluded word, "drop the X ones" excludes X, frame words are no
// terms, a misspelt unit is the unit, a Chinese range with its unit said
// once is a range, 也加上 adds a value and never leaves 上 (issue 26).
func TestAudit21FollowUps(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		// class 1: the partner is excluded, not its frame
		{"youtube", "zh", "美国的数码博主，粉丝五万以上", "不要接过大疆的", []string{"not_contains 大疆", "followers gte 50000"}, []string{"all not_contains 接过"}},
		{"youtube", "zh", "美国的数码博主", "别找已经和华为合作过的，谢谢", []string{"not_contains 华为"}, []string{"all not_contains 已经"}},
		{"instagram", "en", "fashion creators in Milan, 10k-100k", "skip anyone who works with Gucci", []string{"not_contains Gucci"}, []string{"all not_contains anyone"}},
		{"youtube", "en", "tech reviewers in the US, 50k+", "no one who has partnered with Anker pls", []string{"not_contains Anker"}, []string{"all not_contains one", "all not_contains who"}},
		{"tiktok", "en", "fitness creators in Spain", "nobody already doing Gymshark promos", []string{"not_contains Gymshark", "country eq ES"}, []string{"all not_contains already"}},
		{"youtube", "zh", "美国的数码博主", "不要和小米有合作的", []string{"not_contains 小米"}, []string{"all not_contains 小米有"}},
		{"youtube", "zh", "美国的数码博主", "不要给三星拍过广告的", []string{"not_contains 三星"}, []string{"all not_contains 给"}},
		{"youtube", "zh", "美国的数码博主", "不要近期接过大疆推广的", []string{"not_contains 大疆"}, []string{"all not_contains 近期", "all not_contains 大疆推广"}},
		{"youtube", "en", "US tech creators", "avoid anyone who has worked with Sony before", []string{"not_contains Sony"}, []string{"all not_contains anyone", "all not_contains Sony before"}},
		{"youtube", "en", "US tech creators", "no Samsung collabs", []string{"not_contains Samsung"}, []string{"all not_contains Samsung collabs"}},
		{"youtube", "en", "US tech creators", "drop anyone sponsored by NordVPN", []string{"not_contains NordVPN"}, []string{"all not_contains anyone"}},
		{"youtube", "zh", "美国的数码博主", "接过华为广告的不要", []string{"not_contains 华为"}, []string{"all not_contains 接过", "all not_contains 华为广告"}},
		{"youtube", "en", "cooking channels in France", "no live streams thx", []string{"not_contains live streams"}, []string{"all not_contains live streams thx"}},
		// class 2: "drop the X ones" excludes X; "after all" is no term
		{"youtube", "en", "cooking channels in France", "drop the vegan ones", []string{"not_contains vegan"}, []string{"all contains"}},
		{"youtube", "en", "cooking channels in France", "lose the baking ones and sort by views", []string{"not_contains baking"}, []string{"all contains"}},
		{"youtube", "en", "cooking channels in France or Belgium", "just France after all", []string{"country eq FR"}, []string{"all "}},
		{"youtube", "en", "US beauty creators, 10k+", "50k-200k subsribers instead", []string{"followers between {max:200000,min:50000}"}, []string{"all "}},
		// class 5: a range whose unit is said once
		{"youtube", "zh", "法国的美食博主", "粉丝一到十万", []string{"followers between {max:100000,min:10000}"}, []string{"all "}},
		{"youtube", "zh", "法国的美食博主，粉丝五万以上", "改成两到三十万粉", []string{"followers between {max:300000,min:20000}"}, []string{"all ", "followers gte"}},
		{"youtube", "zh", "日本的游戏博主", "订阅三到十万的", []string{"followers between {max:100000,min:30000}"}, []string{"all "}},
		// class 6: 也加上 / also add adds the value
		{"youtube", "zh", "法国的美食博主", "比利时的也加上", []string{"country in [FR,BE]"}, []string{"all "}},
		{"youtube", "zh", "法国的美食博主", "不要烘焙类的，德国的也加上", []string{"country in [FR,DE]", "not_contains 烘焙"}, []string{"all contains"}},
		{"youtube", "zh", "法国的美食博主", "把德国也加进来", []string{"country in [FR,DE]"}, []string{"all "}},
		{"youtube", "en", "cooking channels in France", "also add Belgium", []string{"country in [FR,BE]"}, []string{"all "}},
		// an addition no rule reads (the router falls back): the reading's
		// values still join the held ones
		{"youtube", "en", "travel creators in france", "add us & mx as well", []string{"country in [FR,US,MX]"}, []string{"all "}},
		{"tiktok", "en", "fitness creators in Spain", "add us + ca too", []string{"country in [ES,US,CA]"}, []string{"all "}},
		{"youtube", "zh", "日本的美食博主", "韩国的也加上吧", []string{"country in [JP,KR]"}, []string{"all "}},
		{"youtube", "zh", "日本的美食博主", "烘焙的也加进来", []string{"category eq food"}, []string{"all ", "tags "}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			checkConds(t, fmt.Sprintf("%q", tc.text), appliedConds(snap), tc.want, tc.not)
		})
	}
}

// TestAudit21FollowUpTerms: frame words said in a follow-up never rank,
// what an audience description names does, and an unknown Chinese word
// ranks whole (audit 21, classes 2 and 7).
func TestAudit21FollowUpTerms(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct {
		platform, loc, first, text string
		want, not                  []string
	}{
		{"youtube", "zh", "美国的文具博主", "受众是学生党", []string{"学生党"}, []string{"受众", "党"}},
		{"youtube", "en", "US beauty creators", "their audience is mostly college students", []string{"college students"}, []string{"audience"}},
		{"youtube", "zh", "韩国的美妆博主", "受众最好是大学生", []string{"大学生"}, []string{"受众"}},
		{"youtube", "zh", "美国的家居博主", "扫地机器人相关的排前面", []string{"扫地机器人"}, []string{"机器人"}},
		{"youtube", "en", "cooking channels in France", "the ones people actually engage with first", nil, []string{"engage", "actually"}},
		{"youtube", "en", "fitness creators in the US", "ones who could show off our yoga mat", []string{"yoga mat"}, []string{"show", "off"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			snap := followup(t, a, tc.platform, tc.loc, tc.first, tc.text)
			terms := refTerms(snap)
			for _, w := range tc.want {
				if !containsExact(terms, w) {
					t.Errorf("%q: ranking terms %q, want %q", tc.text, terms, w)
				}
			}
			for _, n := range tc.not {
				if containsExact(terms, n) {
					t.Errorf("%q: ranking terms %q hold the frame word %q", tc.text, terms, n)
				}
			}
			for _, c := range appliedConds(snap) {
				if strings.HasPrefix(c, "keyword contains") {
					t.Errorf("%q: a hard keyword %q", tc.text, c)
				}
			}
		})
	}
}

// TestAudit21LooseSorts: a measure put first in loose words sorts by it,
// in a follow-up as in a first search (audit 21, class 4).
func TestAudit21LooseSorts(t *testing.T) {
	a := newTestAgent(t)
	for _, tc := range []struct{ loc, first, text, sort string }{
		{"en", "cooking channels in France", "the ones people actually engage with first", "engagement"},
		{"en", "cooking channels in France", "most engaging on top please", "engagement"},
		{"en", "cooking channels in France", "whatever gets watched most goes to the top", "avg_views"},
		{"zh", "法国的美食博主", "谁互动高谁排前面", "engagement"},
		{"zh", "法国的美食博主", "互动好的放前面", "engagement"},
	} {
		snap := followup(t, a, "youtube", tc.loc, tc.first, tc.text)
		if snap.Context.Sort != tc.sort {
			t.Errorf("%q: sort %q, want %q", tc.text, snap.Context.Sort, tc.sort)
		}
		for _, term := range refTerms(snap) {
			if strings.Contains(term, "engag") || strings.Contains(term, "watch") || strings.Contains(term, "互动") {
				t.Errorf("%q: the measure ranks as a term %q", tc.text, term)
			}
		}
	}
}

func containsExact(list []string, w string) bool {
	for _, s := range list {
		if s == w {
			return true
		}
	}
	return false
}
