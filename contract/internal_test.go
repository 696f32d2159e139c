package contract

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestInternalText holds the identifier patterns on the texts issue 16
// found in slots, and keeps user strings, links and ordinary punctuation
// out of them.
func TestInternalText(t *testing.T) {
	// The typed texts of a render input with the tag "swim_vest", the
	// follow-up "my.channel_name" and the preference value_for_money (a
	// filter code, not typed): render.TestTypedTextsAreTheUsersStrings.
	user := []string{"swim_vest", "my.channel_name"}
	tests := []struct {
		name, text string
		want       []string // why of each finding
	}{
		{"raw preference code", "偏好：value_for_money", []string{"snake_case"}},
		{"router slot id", "还不能执行：缺少 keyword.scope.target: no active condition matches 改成。", []string{"dotted_id"}},
		{"doubled full stop", "按美国、科技搜索需求。。排除游戏", []string{"doubled_punct"}},
		{"doubled en stop", "Searching.. now", []string{"doubled_punct"}},
		{"action id", "Try A_REPAIR_FIX_URL", []string{"upper_code"}},
		{"spec section", "Low-recall repair per spec 4.7.1", []string{"spec_ref"}},
		{"plain zh", "找到 5 个频道，部分偏好仅作参考", nil},
		{"plain en", "Only 1 result; try a fix below", nil},
		{"ellipsis", "Searching...", nil},
		{"quoted user text", "排除「foo_bar」 · 标签", nil},
		{"typed tag", "swim_vest · Tags", nil},
		{"user text", "Anchor my.channel_name", nil},
		{"link", "未能识别 https://www.youtube.com/@no_such_channel", nil},
		{"domain", "该链接属于 youtube.com", nil},
		{"e.g.", "say a region, e.g. US only", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, f := range InternalText(Slots{TaskSummary: tc.text}, user) {
				got = append(got, f.Why)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("InternalText(%q) (-want +got):\n%s", tc.text, diff)
			}
		})
	}
}

// TestWordCut holds the word-boundary cut.
func TestWordCut(t *testing.T) {
	for _, tc := range []struct {
		s    string
		w    int
		want string
	}{
		{"Smart search on for tech creators", 20, "Smart search on for…"},
		{"Followers between ten and twenty", 16, "Followers…"},
		{"Supercalifragilistic", 10, "Supercali…"},
		{"美国科技类博主频道", 9, "美国科技…"},
	} {
		if got := Clip(tc.s, tc.w); got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
		}
	}
}

// TestInternalTextWhere holds the slot path of each finding, in every slot
// that carries a text, and that a one-character user string hides nothing.
func TestInternalTextWhere(t *testing.T) {
	const raw = "偏好：value_for_money"
	s := Slots{
		Status:        &Status{Text: raw},
		TaskSummary:   raw,
		Conditions:    []Condition{{Label: "ok"}, {Label: raw}},
		Question:      &Question{Text: raw, Options: []Option{{Label: "ok"}, {Label: raw}}},
		RepairOptions: []RepairOption{{Label: "ok", Reason: "ok"}, {Label: raw, Reason: raw}},
		RepairHint:    &RepairHint{Text: raw},
		Actions:       []Action{{Label: "ok"}, {Label: raw}},
	}
	want := []string{"status.text", "task_summary", "conditions[1].label", "question.text", "question.options[1].label",
		"repair_options[1].label", "repair_options[1].reason", "repair_hint.text", "actions[1].label"}
	for _, user := range [][]string{nil, {"_", " v "}} {
		var got []string
		for _, f := range InternalText(s, user) {
			got = append(got, f.Where)
			if f.Why != "snake_case" || f.Match != "value_for_money" {
				t.Errorf("InternalText(%s) = %+v, want snake_case value_for_money", f.Where, f)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("InternalText(user %q) places (-want +got):\n%s", user, diff)
		}
	}
}

// TestHumanNumber holds how a count reads in each language, at each unit's
// threshold and just under it.
func TestHumanNumber(t *testing.T) {
	tests := []struct {
		f    float64
		zh   bool
		want string
	}{
		{9999, true, "9999"}, {1e4, true, "1万"}, {15000, true, "1.5万"}, {-15000, true, "-1.5万"},
		{99999999, true, "10000万"}, {1e8, true, "1亿"}, {2.5e8, true, "2.5亿"},
		{999, false, "999"}, {1e3, false, "1k"}, {15000, false, "15k"}, {-1500, false, "-1.5k"},
		{999999, false, "1000k"}, {1e6, false, "1M"}, {2.5e6, false, "2.5M"}, {3e8, false, "300M"},
	}
	for _, tc := range tests {
		if got := humanNumber(tc.f, tc.zh); got != tc.want {
			t.Errorf("humanNumber(%v, zh=%v) = %q, want %q", tc.f, tc.zh, got, tc.want)
		}
	}
}
