package condparse

import (
	"strings"
	"testing"
)

// The first-search reading classes of audit 28 (fixS), read by condparse
// alone, with phrasings of my own in zh and en: the tuning phrasings
// beside agent/leftS_test.go; the held-out table runs through the agent
// (agent/leftS_heldout_test.go).
var leftSCases = []leftCase{
	// 1. places: a part of China, a region less a part, a place in a label
	{in: "京津冀的母婴博主", want: []string{`country eq "CN"`, `category eq "family"`}, noKw: []string{"京津冀"}},
	{in: "Pearl River Delta tech creators", want: []string{`country eq "CN"`}, noKw: []string{"pearl"}},
	{in: "东南亚的旅行博主，不在新加坡的", want: []string{`country in`}, not: []string{`"SG"`}},
	{in: "不在乎粉丝多少的美食博主", want: []string{`category eq "food"`}, noKw: []string{"乎"}},
	{in: "we own a Vietnamese pho shop in Sydney, food creators there", want: []string{`country eq "AU"`}, not: []string{`"VN"`}},
	{in: "找德国慕尼黑的汽车博主", want: []string{`country eq "DE"`}},
	// 2. examples rank
	{in: "outdoor creators (think tents, sleeping bags) in Norway", want: []string{`keyword contains "tents" reference`, `keyword contains "sleeping bags" reference`}},
	{in: "数码博主，例如手机、平板这类", want: []string{`keyword contains "手机" reference`}, noKw: []string{"例如"}},
	// 3. the object of a verb inside an exclusion
	{in: "travel vloggers, nothing that promotes timeshares", want: []string{`keyword not_contains "timeshares"`}, noKw: []string{"promotes"}},
	{in: "push notification tutorials", noKw: []string{"timeshares"}},
	// 4. an OR-list of trade nouns
	{in: "photographers or videographers in Portugal", want: []string{`keyword contains "photographers" reference`, `keyword contains "videographers" reference`}},
	// 5. campaign timing and posting frame
	{in: "七夕前找几个日本的美妆博主", want: []string{`country eq "JP"`}, not: []string{"last_active"}, noKw: []string{"七夕"}},
	{in: "Cyber Monday push, audio reviewers in the US", want: []string{`country eq "US"`}, noKw: []string{"cyber", "push"}},
	{in: "active since Black Friday, tech creators", want: []string{"last_active within_days"}},
	{in: "wine creators whose audience must be of legal drinking age", noKw: []string{"legal", "drinking age"}, role: ResidueAudience},
	{in: "food creators in France posting in French", want: []string{`language eq "fr"`}, noKw: []string{"posting"}},
	// 6. topic phrases kept whole
	{in: "side hustle creators in Canada", want: []string{`keyword contains "side hustle" reference`}},
}

// TestLeftSClasses runs the tuning table: every case must hold.
func TestLeftSClasses(t *testing.T) {
	for _, tc := range leftSCases {
		if p := tc.problems(); len(p) > 0 {
			t.Errorf("Read(%q): %s", tc.in, strings.Join(p, "; "))
		}
	}
}
