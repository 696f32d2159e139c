package agent

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"searchagent/api"
	"searchagent/tools/condition"
)

// TestMoveHeldBound: a figure said on the held bound in a follow-up
// ("raise it to 25k", "改成两万五", "make it 80k") moves the bound the
// search holds, keeping its direction; of a range, the nearer bound.
func TestMoveHeldBound(t *testing.T) {
	a := newTestAgent(t)
	tests := []struct {
		before, text, want string
	}{
		{"comedy creators in Australia, 5k+", "raise it to 25k", "gte 25000"},
		{"food creators under 50k", "lower it to 20k", "lte 20000"},
		{"搞笑博主 澳洲 五千以上", "改成两万五", "gte 25000"},
		{"travel creators, 10k-100k", "make it 80k", "between 10000..80000"},
		{"travel creators, 10k-100k", "make it 20k", "between 20000..100000"},
		{"pet creators in Japan", "make it 30k", "gte 30000"},
		{"comedy creators in Australia, 5k+", "bump that up to 25k followers", "gte 25000"},
		{"tech creators in Canada, under 200k", "take it down to 50k", "lte 50000"},
	}
	for _, tt := range tests {
		t.Run(tt.text+" after "+tt.before, func(t *testing.T) {
			b := newBox(t, a, "youtube", "en")
			before := b.send("search.submit", api.Args{Text: tt.before})
			snap := b.send(followupEvent(before), api.Args{Text: tt.text})
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
			if !slices.Contains(got, tt.want) {
				t.Errorf("followers %q, want %q", got, tt.want)
			}
		})
	}
}
