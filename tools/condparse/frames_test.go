package condparse

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
)

// TestBriefFramesAndLists: the frame of a brief is no keyword — a
// forwarded email's header (Fwd:), campaign context (Q4, holiday push,
// 双11大促), a "heading: value" item's heading (粉丝量级：…, 类目：…), a
// brand-safety wish (family friendly, a soft preference) — and the
// values around it apply: 左右的 after a number is an approximation,
// upper-case language codes before a language mark are languages, "X
// too" adds X, w/ is with and w/o without, "same thing" is frame.
func TestBriefFramesAndLists(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Fwd: 需求 — 品牌方想在美国找美妆博主", []string{"country eq US applied", "category eq beauty applied"}},
		{"FW: shortlist - fitness creators in Canada", []string{"category eq fitness applied", "country eq CA applied"}},
		{"Q4 holiday push — toy review channels for kids in the US, 200k+", []string{"category eq family applied", "country eq US applied", "followers gte 200000 applied"}},
		{"双11大促，美国的美妆博主", []string{"country eq US applied", "category eq beauty applied"}},
		{"for our Q3 launch: tech creators in Japan", []string{"category eq tech applied", "country eq JP applied"}},
		{"粉丝量级：5w-10w｜地区：澳洲｜类目：美妆", []string{"followers between 50000..100000 applied", "country eq AU applied", "category eq beauty applied"}},
		{"Region: Japan | Vertical: gaming", []string{"country eq JP applied", "category eq gaming applied"}},
		{"粉丝10万左右的日本美食博主", []string{"followers between 80000..120000 applied", "country eq JP applied", "category eq food applied"}},
		{"粉丝三万上下的法国博主", []string{"followers between 24000..36000 applied", "country eq FR applied"}},
		{"EN + ES speaking music creators in the US", []string{"language in [en,es] applied", "category eq music applied", "country eq US applied"}},
		{"FR/DE-speaking tech creators", []string{"language in [fr,de] applied", "category eq tech applied"}},
		{"Korea too", []string{"country eq KR applied"}},
		{"cooking channels in Italy w/ 50k+ subs", []string{"category eq food applied", "country eq IT applied", "followers gte 50000 applied"}},
		{"tech creators w/o gaming, US", []string{"category eq tech applied", "category not_in [gaming] applied", "country eq US applied"}},
		{"same thing but for the UK and Ireland", []string{"country in [GB,IE] applied"}},
		{"一样的，换成日本", []string{"country eq JP applied"}},
		{"老板让我拉一份名单：英国的母婴博主，粉丝两万到十万", []string{"country eq GB applied", "category eq family applied", "followers between 20000..100000 applied"}},
		{"Can you pull channels from Canada that talk about personal finance, 25k minimum", []string{"country eq CA applied", "category eq finance applied", "followers gte 25000 applied"}},
		{"skip anyone inactive for 60+ days", []string{"last_active within_days 60 applied"}},
		{"dormant for 90+ days excluded, tech creators", []string{"last_active within_days 90 applied", "category eq tech applied"}},
		{"改成德国和奥地利，其他不变", []string{"country in [DE,AT] applied"}},
		{"make it a bit bigger, like 50k+", []string{"followers gte 50000 applied"}},
		{"再多给几个", nil},
		{"show me a few more", nil},
		{"品牌：某国产耳机；目标市场：欧洲；要求：科技类博主", []string{"category eq tech applied"}},
		{"Client: Acme audio | Market: Germany | Niche: tech", []string{"country eq DE applied", "category eq tech applied"}},
		{"请帮我们筛选一批健身博主", []string{"category eq fitness applied"}},
		{"I'd love a list of tech reviewers in India", []string{"category eq tech applied", "country eq IN applied"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := readHard(t, tt.text)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("Read(%q) = %q, want %q", tt.text, got, w)
				}
			}
			rd, _ := Read(tt.text)
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
					t.Errorf("Read(%q): keyword %q filters", tt.text, c.Value.Str)
				}
			}
		})
	}
	rd, _ := Read("kids channels, family friendly")
	if !slices.ContainsFunc(rd.Conditions, func(c Condition) bool {
		return c.Field == condition.Preference && c.Value.Str == "family_friendly" && c.Status == condition.StatusReference
	}) {
		t.Errorf("Read(%q): no family_friendly reference in %+v", rd.Input, rd.Conditions)
	}
	if rd, _ := Read("Korea too"); !slices.ContainsFunc(rd.Conditions, func(c Condition) bool { return slices.Contains(c.Issues, IssueAdded) }) {
		t.Errorf("Read(%q): not an addition", rd.Input)
	}
	if got := readHard(t, "IT creators in Germany"); slices.ContainsFunc(got, func(s string) bool { return len(s) > 8 && s[:8] == "language" }) {
		t.Errorf("Read(IT creators in Germany) = %q: a code without a language mark is no language", got)
	}
}

// TestNoPreferenceIsNamed: a field said to have no requirement ("粉丝无所谓",
// "粉丝不限", "followers doesn't matter") asks nothing: no condition on it,
// no unread text; the words are dropped and named.
func TestNoPreferenceIsNamed(t *testing.T) {
	for _, text := range []string{"日本的料理博主，粉丝无所谓", "给我20个做穿搭的英国博主，粉丝不限", "followers doesn't matter, gaming creators in Korea"} {
		rd, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		if len(rd.Remainder) > 0 || len(rd.ByField(condition.Followers)) > 0 {
			t.Errorf("Read(%q): remainder %+v, followers %+v; want neither", text, rd.Remainder, rd.ByField(condition.Followers))
		}
		if len(rd.Dropped) == 0 {
			t.Errorf("Read(%q): the no-preference words are not named", text)
		}
	}
}

// TestEvaluationsTiersAndPurposes: an evaluation of what was just said
// ("works best", 比较合适) is a wish, as "ideally" is, never a keyword; a
// creator tier said alone (medium-sized, 中腰部, 尾部) is the tier's
// range, two tiers joined by "or" their union; a clause of what the
// creators are for (…寄样用) is the brief's purpose, never a typed keyword.
func TestEvaluationsTiersAndPurposes(t *testing.T) {
	tests := []struct {
		text      string
		followers string // the follower condition's value, "" for none
	}{
		{"50k to 200k works best for us", "50000..200000"},
		{"三万到八万粉比较合适", "30000..80000"},
		{"food creators in Italy, medium-sized", "100000..1000000"},
		{"美国美妆博主，中腰部的就行", "100000..1000000"},
		{"日本的美食博主，尾部或者腰部都可以", "10000..1000000"},
		{"找几个英国的游戏博主，做新品寄样用", ""},
		{"tech creators in Korea; 100k-300k is the sweet spot", "100000..300000"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			rd, err := Read(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
					t.Errorf("Read(%q): keyword %q filters", tt.text, c.Value.Str)
				}
				if c.Field == condition.Followers {
					got = c.Value.String()
				}
			}
			if got != tt.followers {
				t.Errorf("Read(%q): followers %q, want %q (%+v)", tt.text, got, tt.followers, rd.Conditions)
			}
		})
	}
}

// TestHalfUnitsAndSpending: a month and a half is 45 days (一个半月, two
// and a half months 75), and what a brand can spend is money: its amount
// is named as not applied, its words never keywords.
func TestHalfUnitsAndSpending(t *testing.T) {
	for text, days := range map[string]float64{"最近一个半月发过视频的科技博主": 45, "active within the last month and a half": 45, "两个半月内更新过": 75} {
		rd, err := Read(text)
		if err != nil {
			t.Fatal(err)
		}
		cs := rd.ByField(condition.LastActive)
		if len(cs) != 1 || float64(cs[0].Value.Int) != days {
			t.Errorf("Read(%q): last_active %+v, want within %v days", text, cs, days)
		}
	}
	rd, err := Read("we could spend around $2k per video, beauty creators in Canada")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindKeyword || c.Field == condition.Followers {
			t.Errorf("Read(%q): %s %v from the money words", rd.Input, c.Field, c.Value)
		}
	}
}
