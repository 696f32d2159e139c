package contract

import (
	"math"
	"searchagent/tools/condition"
	"testing"
)

func TestNonFiniteValueIsInvalid(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	s := Slots{Status: &Status{Text: "x", Tone: ToneSuccess}, TaskSummary: "x", Actions: []Action{},
		Conditions: []Condition{{ID: "c1", Kind: condition.KindHard, Field: "followers", Op: condition.OpGte, Value: math.NaN(), Label: "x", Source: condition.SourceManual, Status: condition.StatusApplied}}}
	rep, err := v.Validate(Input{State: "expanded_agent/results_ready"}, s)
	if err != nil || rep.Valid || rep.Violations[0].InstanceLocation != "/conditions/0/value" {
		t.Errorf("Validate(NaN value) = %v, %v; want INVALID_SLOT at /conditions/0/value", rep.Violations, err)
	}
}
