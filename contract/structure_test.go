package contract

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"searchagent/tools/condition"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mutateSlots breaks typed slots the ways a typed value can be broken.
func mutateSlots(rng *rand.Rand, s Slots) Slots {
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	actions := []string{ActionFixURL, ActionHintOpenLowRecall, "A_X__Y__Z__01", "bad id", "", ActionReplaceAnchor, "A_RESULTS_READY__RESULTS_SORT__RESULTS_READY__01"}
	texts := []string{"", " ", "ok", "正在搜索…", "要美国的吗", "let me know", "x?", string(make([]byte, 0))}
	for range 1 + rng.IntN(4) {
		switch rng.IntN(14) {
		case 0:
			s.Status = nil
		case 1:
			s.Status = &Status{Text: pick(texts), Tone: Tone(pick([]string{"info", "progress", "happy", "", "success"})), Loading: rng.IntN(2) == 0}
		case 2:
			s.TaskSummary = pick(texts)
		case 3:
			s.Conditions = []Condition{}
		case 4:
			s.Conditions = nil
		case 5:
			c := Condition{ID: pick([]string{"c1", "bad id", ""}), Kind: condition.Kind(pick([]string{"hard", "soft", "vague", ""})), Field: pick([]string{"country", "Bad"}),
				Op: condition.Op(pick([]string{"eq", "like", "contains"})), Label: pick(texts), Source: condition.Source(pick([]string{"manual", "model"})), Status: condition.Status(pick([]string{"applied", "reference", "maybe"}))}
			switch rng.IntN(8) {
			case 0:
				c.Value = true
			case 1:
				c.Value = []int{1}
			case 2:
				c.Value = map[string]any{"min": 1}
			case 3:
				c.Value = nil
			case 4:
				c.Value = map[string]any{"min": 1, "max": "x"}
			case 5:
				c.Value = 12.5
			case 6:
				c.Value = []string{"US"}
			default:
				c.Value = "US"
			}
			s.Conditions = append(s.Conditions, c)
		case 6:
			s.Question = nil
		case 7:
			q := &Question{ID: pick([]string{"q1", "bad id"}), Text: pick(texts)}
			if rng.IntN(3) > 0 {
				q.Options = []Option{}
				for j := range rng.IntN(6) {
					q.Options = append(q.Options, Option{ID: pick([]string{"o1", "o2", "o" + string(rune('a'+j))}), Label: pick(texts)})
				}
			}
			s.Question = q
		case 8:
			s.RepairOptions = nil
		case 9:
			s.RepairOptions = []RepairOption{}
			for range rng.IntN(5) {
				s.RepairOptions = append(s.RepairOptions, RepairOption{ActionID: pick(actions), Label: pick(texts), Reason: pick(texts)})
			}
		case 10:
			s.RepairHint = nil
		case 11:
			h := &RepairHint{Text: pick(texts)}
			if rng.IntN(3) > 0 {
				h.ActionIDs = []string{}
				for range rng.IntN(3) {
					h.ActionIDs = append(h.ActionIDs, pick(actions))
				}
			}
			s.RepairHint = h
		case 12:
			s.Actions = nil
		case 13:
			s.Actions = []Action{}
			for range rng.IntN(4) {
				s.Actions = append(s.Actions, Action{ActionID: pick(actions), Label: pick(texts)})
			}
		}
	}
	return s
}

func locations(r Report) []string {
	var out []string
	for _, v := range r.Violations {
		out = append(out, string(v.Code)+" "+v.InstanceLocation)
	}
	slices.Sort(out)
	return out
}

// TestTypedPathMatchesSchema validates broken typed slots as typed values
// (Validate) and as their encoding/json form (ValidateJSON, under both
// schema variants) and requires the same violations, code by code and
// location by location: the typed path's conversion to a JSON value is
// exactly what encoding/json writes.
func TestTypedPathMatchesSchema(t *testing.T) {
	full, strict := newValidators(t)
	rng := rand.New(rand.NewPCG(7, 9))
	n := 1000
	if testing.Short() {
		n = 200
	}
	broken, compared := 0, 0
	defer func() {
		if compared < n/2 || broken < compared/2 {
			t.Errorf("compared %d of %d cases, %d with violations; the generator is too tame", compared, n, broken)
		}
	}()
	for i := range n {
		in := randomInput(rng)
		s, err := Render(in)
		if err != nil {
			continue
		}
		s = mutateSlots(rng, s)
		vin := in.ValidationInput()
		typed, err := full.Validate(vin, s)
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("case %d: marshal: %v", i, err)
		}
		compared++
		if !typed.Valid {
			broken++
		}
		for _, v := range []*Validator{full, strict} {
			viaJSON, err := v.ValidateJSON(vin, data)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(locations(viaJSON), locations(typed)); diff != "" {
				t.Fatalf("case %d (%s, strict=%v): typed path differs from the schema (-schema +typed):\n%s\ndoc: %s", i, in.State, v.strict, diff, data)
			}
		}
	}
}

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
