package contract

import (
	"slices"
	"testing"

	"searchagent/tools/condition"
	"searchagent/tools/states"
)

// TestRepairOptionArgs: each relaxation's repair option carries what it
// relaxes (issue 16 item 4), its label promises the count, and the
// validator refuses args that name a condition the graph does not have.
func TestRepairOptionArgs(t *testing.T) {
	conds := []Condition{
		{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "JP", Label: "日本", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "k1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "Torque", Label: "Torque · 频道标签", Source: condition.SourceUserInput, Status: condition.StatusApplied},
	}
	in := RenderInput{
		State: "expanded_repair/empty_repair", Context: Context{RepairReason: states.RepairNoResults}, Locale: "zh",
		Keywords:   []Tag{{ID: "k1", Text: "Torque", Scope: ScopeTags}},
		Conditions: conds,
		Relaxations: []Relaxation{
			{ActionID: ActionExpandRecallScope, ConditionID: "k1", Change: RelaxScope, Scope: ScopeName, Args: &RepairArgs{ConditionID: "k1", Scope: ScopeName}, Count: 20},
			{ActionID: ActionExpandRecallScope, ConditionID: "c1", Change: RelaxDrop, Args: &RepairArgs{ConditionID: "c1"}, Count: 99},
		},
		AllowedActions: []Action{{ActionID: ActionExpandRecallScope}, {ActionID: ActionSwitchToNL}},
	}
	s, err := Render(in)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	want := []RepairOption{
		{ActionID: ActionExpandRecallScope, Label: "改在频道名中匹配「Torque」(20)", Args: &RepairArgs{ConditionID: "k1", Scope: ScopeName}},
		{ActionID: ActionExpandRecallScope, Label: "去掉「日本」(99)", Args: &RepairArgs{ConditionID: "c1"}},
	}
	if len(s.RepairOptions) != len(want) {
		t.Fatalf("repair options %+v, want %d", s.RepairOptions, len(want))
	}
	for i, o := range s.RepairOptions {
		if o.ActionID != want[i].ActionID || o.Label != want[i].Label || o.Args == nil || *o.Args != *want[i].Args {
			t.Errorf("repair option %d = %+v (args %+v), want %+v (args %+v)", i, o, o.Args, want[i], want[i].Args)
		}
	}
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		id   string
		want []Code
	}{
		{"known condition", "c1", nil},
		{"unknown condition", "c9", []Code{UnknownCondition}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := s
			doc.RepairOptions = slices.Clone(s.RepairOptions)
			doc.RepairOptions[1].Args = &RepairArgs{ConditionID: tc.id}
			vin := in.ValidationInput()
			rep, err := v.Validate(vin, doc)
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Codes(); !slices.Equal(got, tc.want) {
				t.Errorf("Validate codes = %v, want %v (%+v)", got, tc.want, rep.Violations)
			}
		})
	}
}
