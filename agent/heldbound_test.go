package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// TestKeepOtherEnd: a bound named by its noun in a follow-up ("粉丝下限调到
// 10万", "raise the floor to 100k", "上限五十万") sets that end of the count
// the search holds and keeps the other; one past the other end stands
// alone; a bound said without its noun replaces the count as before.
func TestKeepOtherEnd(t *testing.T) {
	tests := []boundCase{
		{"美食博主，粉丝5w-50w", "粉丝下限调到10万", "between 100000..500000"},
		{"tech creators in Germany, between 50k and 300k subs", "raise the floor to 100k", "between 100000..300000"},
		{"travel creators, 10k-100k followers", "set a ceiling of 60k", "between 10000..60000"},
		{"美妆博主，粉丝五万以上", "粉丝上限五十万", "between 50000..500000"},
		{"beauty creators, 5k+ followers", "cap followers at 40k", "between 5000..40000"},
		{"美食博主，粉丝5w-50w", "粉丝下限提到八十万", "gte 800000"},
		{"tech creators in Germany, between 50k and 300k subs", "at least 200k followers", "gte 200000"},
	}
	followerBounds(t, tests)
}

// boundCase is a search, a follow-up and the applied followers condition
// it must leave ("op value", as appliedFollowers writes it).
type boundCase struct{ before, text, want string }

// followerBounds runs each case through the agent: the search, then the
// follow-up, then its applied followers conditions.
func followerBounds(t *testing.T, tests []boundCase) {
	t.Helper()
	a := newTestAgent(t)
	for _, tt := range tests {
		t.Run(tt.text+" after "+tt.before, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap := b.send(followupEvent(before), api.Args{Text: tt.text})
			if got := appliedFollowers(snap); !slices.Contains(got, tt.want) {
				t.Errorf("followers %q, want %q", got, tt.want)
			}
		})
	}
}

// appliedFollowers lists the snapshot's applied followers conditions as
// "op value" ("between min..max" for a range).
func appliedFollowers(snap api.Snapshot) []string {
	var got []string
	for _, c := range snap.Context.Conditions {
		if c.Field == string(condition.Followers) && c.Status == condition.StatusApplied {
			raw, _ := json.Marshal(c.Value)
			var val any
			_ = json.Unmarshal(raw, &val)
			v := fmt.Sprint(val)
			if m, ok := val.(map[string]any); ok {
				v = fmt.Sprintf("%v..%v", m["min"], m["max"])
			}
			got = append(got, fmt.Sprintf("%s %s", c.Op, v))
		}
	}
	return got
}

// TestMoveHeldBound: a figure said on the held bound in a follow-up
// ("raise it to 25k", "改成两万五", "make it 80k") moves the bound the
// search holds, keeping its direction; of a range, the nearer bound.
func TestMoveHeldBound(t *testing.T) {
	tests := []boundCase{
		{"comedy creators in Australia, 5k+", "raise it to 25k", "gte 25000"},
		{"food creators under 50k", "lower it to 20k", "lte 20000"},
		{"搞笑博主 澳洲 五千以上", "改成两万五", "gte 25000"},
		{"travel creators, 10k-100k", "make it 80k", "between 10000..80000"},
		{"travel creators, 10k-100k", "make it 20k", "between 20000..100000"},
		{"pet creators in Japan", "make it 30k", "gte 30000"},
		{"comedy creators in Australia, 5k+", "bump that up to 25k followers", "gte 25000"},
		{"tech creators in Canada, under 200k", "take it down to 50k", "lte 50000"},
	}
	followerBounds(t, tests)
}

// TestPlacesAreNotKeywords: a follow-up that adds a city or a country
// ("再加上 广州", "also add Toronto", "把日本也加上") reads it as the country
// filter, never as a keyword matched in the channels' text (which would
// empty the results: the catalog's texts do not name cities).
func TestPlacesAreNotKeywords(t *testing.T) {
	a := newTestAgent(t)
	tests := []struct {
		before, text, locale, country string
	}{
		{"美食探店博主 成都的 粉丝5w-50w", "再加上 广州", "zh", "CN"},
		{"food creators based in Vancouver", "also add Toronto", "en", "CA"},
		{"韩国的美妆博主", "再加上日本", "zh", "JP"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			b := newBox(t, a, "youtube", tt.locale)
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap := b.send(followupEvent(before), api.Args{Text: tt.text})
			country := false
			for _, c := range snap.Context.Conditions {
				if c.Kind == condition.KindKeyword && c.Status == condition.StatusApplied {
					t.Errorf("keyword %q applied: a place must not filter the channels' text", c.Label)
				}
				raw, _ := json.Marshal(c.Value)
				if c.Field == string(condition.Country) && c.Status == condition.StatusApplied && strings.Contains(string(raw), tt.country) {
					country = true
				}
			}
			if !country {
				t.Errorf("no applied country filter holding %s: %+v", tt.country, snap.Context.Conditions)
			}
		})
	}
}
