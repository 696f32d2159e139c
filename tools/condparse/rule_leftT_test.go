package condparse

import (
	"slices"
	"testing"
)

// TestLeftTReadings holds what condparse reads alone of the fixT classes
// (issue 26), in my own phrasings, zh and en; the agent's tables are in
// agent/leftT_test.go and agent/leftT_heldout_test.go.
func TestLeftTReadings(t *testing.T) {
	for _, tc := range []struct {
		in          string
		want, not   []string
		noTerm      []string
		named       []Residue
		notExcluded []string // categories that must not be excluded
	}{
		// 1. an excluded finer topic is a word; a category named whole stays one
		{in: "science channels for kids, no toy ads", want: []string{`keyword keyword not_contains "toy" applied`}, notExcluded: []string{"family"}, noTerm: []string{"ads"}},
		{in: "美妆博主，不要接玩具广告的", want: []string{`keyword keyword not_contains "玩具" applied`}, notExcluded: []string{"family"}, noTerm: []string{"广告"}},
		{in: "sports creators, skip football", want: []string{`keyword keyword not_contains "football" applied`}, notExcluded: []string{"sports"}},
		{in: "不要吃播", want: []string{`keyword keyword not_contains "吃播" applied`}, notExcluded: []string{"food"}},
		{in: "tech channels, no gaming", want: []string{`hard category not_in [gaming] applied`}},
		{in: "不要游戏类的", want: []string{`hard category not_in [gaming] applied`}},
		{in: "beauty creators, nobody who runs alcohol sponsorships", want: []string{`keyword keyword not_contains "alcohol" applied`}, noTerm: []string{"runs", "sponsorships"}},
		{in: "no channels carrying vape ads", want: []string{`keyword keyword not_contains "vape" applied`}, noTerm: []string{"carrying"}},
		// 3. a kind of account excluded whole
		{in: "EV channels in Germany, no Tesla fan accounts", want: []string{`keyword keyword not_contains "Tesla fan" applied`}, not: []string{`keyword keyword not_contains "fan" applied`}},
		{in: "no fan accounts, football creators", want: []string{`keyword keyword not_contains "fan accounts" applied`}},
		{in: "数码博主，不要小米粉丝号", want: []string{`keyword keyword not_contains "小米粉丝" applied`}},
		{in: "游戏博主 别要营销号", want: []string{`keyword keyword not_contains "营销号" applied`}, notExcluded: []string{"business"}},
		{in: "no crypto accounts", want: []string{`keyword keyword not_contains "crypto" applied`}},
		// 2. the writer's family and role are frame
		{in: "As a parent of a 6 year old, cooking channels", want: []string{`hard category eq "food" applied`}, noTerm: []string{"parent", "old"}, not: []string{`hard category eq "family" applied`}},
		{in: "I'm a dad of two, cooking creators in the US", want: []string{`hard country eq "US" applied`}, noTerm: []string{"dad"}},
		{in: "my son is 8 and loves science, find science channels", want: []string{`hard category eq "science" applied`}, noTerm: []string{"son"}},
		{in: "我是一个宝妈，想找美食博主", want: []string{`hard category eq "food" applied`}, noTerm: []string{"宝妈"}},
		{in: "我女儿今年七岁，想找手工博主", noTerm: []string{"女儿", "七岁"}},
		{in: "we're a nonprofit looking for science communicators in Australia", want: []string{`hard country eq "AU" applied`}, noTerm: []string{"nonprofit"}},
		{in: "mom bloggers in the UK", want: []string{`hard category eq "family" applied`}},
		// 6. compliance, past deals and nearness are named
		{in: "FDA-compliant fitness creators in Texas", noTerm: []string{"fda", "compliant"}, named: []Residue{ResidueUnrecorded}},
		{in: "合规的理财博主", noTerm: []string{"合规"}, named: []Residue{ResidueUnrecorded}},
		{in: "合作过大牌的日本美妆博主", want: []string{`hard country eq "JP" applied`}, noTerm: []string{"合作过"}, named: []Residue{ResidueUnrecorded}},
		{in: "接过美妆广告的博主", want: []string{`hard category eq "beauty" applied`}, noTerm: []string{"接过", "广告"}, named: []Residue{ResidueUnrecorded}},
		{in: "beauty creators who have worked with Nike before", noTerm: []string{"worked", "nike"}, named: []Residue{ResidueUnrecorded}},
		{in: "food creators nearby", noTerm: []string{"nearby"}, named: []Residue{ResidueUnrecorded}},
		{in: "附近的美食博主", noTerm: []string{"附近"}, named: []Residue{ResidueUnrecorded}},
		{in: "skip anyone who has worked with Nike", want: []string{`keyword keyword not_contains "Nike" applied`}},
		{in: "本地生活博主", want: []string{`keyword keyword contains "本地生活" applied`}},
	} {
		r := readAt(t, tc.in, tc.want, tc.not)
		noTerm(t, r, tc.noTerm...)
		for _, c := range r.Conditions {
			if c.Op == "not_in" && slices.ContainsFunc(c.Value.Codes(), func(v string) bool { return slices.Contains(tc.notExcluded, v) }) {
				t.Errorf("Read(%q): %s excludes a category the words only file", tc.in, brief(c))
			}
		}
		for _, role := range tc.named {
			if !slices.ContainsFunc(r.Remainder, func(s Span) bool { return s.Role == role }) {
				t.Errorf("Read(%q): nothing named %s; remainder %v", tc.in, role, r.Remainder)
			}
		}
	}
}
