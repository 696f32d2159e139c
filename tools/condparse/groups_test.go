package condparse

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/tools/condition"
)

// readHard lists the hard conditions of a reading as "field op value
// status" ("country in [MY,SG] applied").
func readHard(t *testing.T, text string) []string {
	t.Helper()
	rd, err := Read(text)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range rd.Conditions {
		if c.Kind == condition.KindHard {
			got = append(got, fmt.Sprintf("%s %s %s %s", c.Field, c.Op, strings.Trim(c.Value.String(), `"`), c.Status))
		}
	}
	return got
}

// TestGroupLessMembers: a country group (a region, a list) less some of
// its members is the rest of the group, applied — not the group and the
// exclusion both left pending as a conflict; a value wanted and excluded
// at once is still a conflict.
func TestGroupLessMembers(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"东南亚的美妆博主，不要印尼的", []string{"country in [MY,SG,TH,VN,PH] applied"}},
		{"food creators in Europe but not the UK", []string{"country in [IE,DE,FR,ES,IT,NL,SE,PL,PT,CH,AT,BE,DK,NO,FI,GR] applied"}},
		{"北美的科技博主，加拿大除外", []string{"country eq US applied"}},
		{"travel creators in Latin America except Brazil and Mexico", []string{"country in [AR,CO,CL,PE,EC,VE,SV,CU] applied"}},
		{"美国和加拿大的博主，不要加拿大", []string{"country eq US applied"}},
		{"美国的博主，不要美国", []string{"country eq US pending", "country not_in [US] pending"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := readHard(t, tt.text)
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("Read(%q) = %q, want %q", tt.text, got, w)
				}
			}
		})
	}
}

// TestExclusionAfterObject: 除外 follows what it excludes, whatever
// comes after it, and an exclusion word after its object marks the
// values excluded_after (a follow-up takes them as excluded).
func TestExclusionAfterObject(t *testing.T) {
	tests := []struct {
		text  string
		want  []string
		after bool
	}{
		{"英国和法国除外", []string{"country not_in [GB,FR] applied"}, true},
		{"美国除外的游戏博主", []string{"country not_in [US] applied", "category eq gaming applied"}, true},
		{"加拿大的不要了", []string{"country not_in [CA] applied"}, true},
		{"pets creators, gaming excluded", []string{"category not_in [gaming] applied"}, true},
		{"不要加拿大的", []string{"country not_in [CA] applied"}, false},
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
			marked := slices.ContainsFunc(rd.Conditions, func(c Condition) bool { return slices.Contains(c.Issues, IssueExcludedAfter) })
			if marked != tt.after {
				t.Errorf("Read(%q): excluded_after %v, want %v", tt.text, marked, tt.after)
			}
		})
	}
}

// TestExcludedAfterCountsAndOngoingActivity: a count excluded by a word
// after it ("粉丝少于一万的去掉"), or by one before it with the creators
// it describes between ("exclude the ones with under 5k followers"), is
// its complement, as "不要粉丝低于1w的" is; an activity verb said as going on ("still uploading",
// "keeps posting") is recently active on its own, never a keyword.
func TestExcludedAfterCountsAndOngoingActivity(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"把粉丝少于一万的去掉", []string{"followers gte 10000 applied"}},
		// the creators a count describes after the exclusion word.
		{"exclude the ones with under 5k followers", []string{"followers gte 5000 applied"}},
		{"no channels below 10k subs", []string{"followers gte 10000 applied"}},
		{"去掉那些粉丝不到五千的", []string{"followers gte 5000 applied"}},
		{"remove anyone under 2k", []string{"followers gte 2000 applied"}},
		{"leave out creators with more than 1M followers", []string{"followers lte 1000000 applied"}},
		{"no more than 50k followers", []string{"followers lte 50000 applied"}},
		{"粉丝低于五千的都不要", []string{"followers gte 5000 applied"}},
		{"粉丝超过五十万的不要", []string{"followers lte 500000 applied"}},
		{"only the ones still uploading", []string{"last_active within_days 30 applied"}},
		{"the ones that keep posting", []string{"last_active within_days 30 applied"}},
		{"only those still making videos, in Japan", []string{"last_active within_days 30 applied", "country eq JP applied"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := readHard(t, tt.text)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Read(%q) = %q, want %q", tt.text, got, tt.want)
			}
			rd, _ := Read(tt.text)
			for _, c := range rd.Conditions {
				if c.Kind == condition.KindKeyword {
					t.Errorf("Read(%q): keyword %q", tt.text, c.Value.Str)
				}
			}
		})
	}
}
