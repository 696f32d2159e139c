package router

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSlotTypingOfRealInputs pins how captured values become the typed
// slot values and command arguments the agent applies: duration defaults
// and bounds (1 to 3650 days, both ends included), a count of 0, several
// countries in input order without repeats, keyword lists split and
// de-duplicated, a required keyword left empty, in zh and en.
func TestSlotTypingOfRealInputs(t *testing.T) {
	tests := []struct {
		input    string
		top      string
		slots    string // the top's slot values as JSON
		invalid  map[string]string
		commands string // JSON
	}{
		{"最近活跃的", "filter.activity", `{"days":30}`, nil,
			`[{"name":"add_filter","args":{"field":"last_active","op":"within_days","value":30},"spec":"filter.activity"}]`},
		{"近3650天有更新", "filter.activity", `{"days":3650}`, nil,
			`[{"name":"add_filter","args":{"field":"last_active","op":"within_days","value":3650},"spec":"filter.activity"}]`},
		{"近3651天有更新", "filter.activity", `{"days":null}`, map[string]string{"days": "3651 is above the maximum 3650"}, `null`},
		{"近1天活跃", "filter.activity", `{"days":1}`, nil,
			`[{"name":"add_filter","args":{"field":"last_active","op":"within_days","value":1},"spec":"filter.activity"}]`},
		{"近0天活跃", "filter.activity", `{"days":null}`, map[string]string{"days": "0 is below the minimum 1"}, `null`},
		{"粉丝0以上", "filter.followers", `{"followers":{"min":0}}`, nil,
			`[{"name":"add_filter","args":{"field":"followers","op":"gte","value":0},"spec":"filter.followers"}]`},
		{"粉丝5w到1w", "filter.followers", `{"followers":{"max":50000,"min":10000}}`, nil,
			`[{"name":"add_filter","args":{"field":"followers","op":"between","value":[10000,50000]},"spec":"filter.followers"}]`},
		{"avg views over 10k", "filter.avg_views", `{"avg_views":{"min":10000}}`, nil,
			`[{"name":"add_filter","args":{"field":"avg_views","op":"gte","value":10000},"spec":"filter.avg_views"}]`},
		{"只要英国和美国的", "filter.country", `{"country":["GB","US"]}`, nil,
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["GB","US"]},"spec":"filter.country"}]`},
		{"只要英国、美国、英国的", "filter.country", `{"country":["GB","US"]}`, nil,
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["GB","US"]},"spec":"filter.country"}]`},
		{"only US and UK", "filter.country", `{"country":["US","GB"]}`, nil,
			`[{"name":"add_filter","args":{"field":"country","op":"in","value":["US","GB"]},"spec":"filter.country"}]`},
		{"不要英国和法国的", "filter.country_exclude", `{"country":["GB","FR"]}`, nil,
			`[{"name":"add_filter","args":{"field":"country","op":"not_in","value":["GB","FR"]},"spec":"filter.country_exclude"}]`},
		{"说英语和法语的", "filter.language", `{"language":["en","fr"]}`, nil,
			`[{"name":"add_filter","args":{"field":"language","op":"in","value":["en","fr"]},"spec":"filter.language"}]`},
		{"加上关键词 露营、徒步", "keyword.add", `{"keywords":["露营","徒步"]}`, nil,
			`[{"name":"add_keyword","args":{"keywords":["露营","徒步"]},"spec":"keyword.add"}]`},
		{"不要游戏、开箱、游戏", "keyword.exclude", `{"keywords":["游戏","开箱"]}`, nil,
			`[{"name":"exclude_keyword","args":{"keywords":["游戏","开箱"]},"spec":"keyword.exclude"}]`},
		{"要有高级感和性价比的", "keyword.soft", `{"preference":["premium","value_for_money"]}`, nil,
			`[{"name":"add_soft_preference","args":{"preference":["premium","value_for_money"]},"spec":"keyword.soft"}]`},
		{"加上关键词 ", "keyword.add", `{"keywords":null}`, map[string]string{"keywords": "empty after trimming"}, `null`},
		{"new search please", "session.new_task", `{}`, nil, `[{"name":"new_task","spec":"session.new_task"}]`},
	}
	snap := defaultSnapshot(t)
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			res, err := snap.Query(Input{Text: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != BranchMatched || res.Top == nil || res.Top.ID != tc.top {
				t.Fatalf("Query(%q) = %s %+v, want matched %s", tc.input, res.Branch, res.Top, tc.top)
			}
			if got := canonicalJSON(slotValues(res.Top.Slots)); got != tc.slots {
				t.Errorf("Query(%q) slots = %s, want %s", tc.input, got, tc.slots)
			}
			if diff := cmp.Diff(tc.invalid, res.Top.InvalidSlots); diff != "" {
				t.Errorf("Query(%q) invalid slots (-want +got):\n%s", tc.input, diff)
			}
			if got, _ := json.Marshal(res.Commands); string(got) != tc.commands {
				t.Errorf("Query(%q) commands = %s, want %s", tc.input, got, tc.commands)
			}
		})
	}
}
