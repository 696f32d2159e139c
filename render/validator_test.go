package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/states"
)

// FuzzRender renders hostile user strings in every state: whatever renders
// passes the validator.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"swim vest", "why?", "正在搜索…", "let me know", "「x」", "\xff"} {
		f.Add(s, s, 3)
	}
	full, strict := newValidators(f)
	f.Fuzz(func(t *testing.T, keyword, anchor string, n int) {
		if n < 0 {
			n = -n
		}
		for _, sc := range substateCases {
			key := sc.keys[n%len(sc.keys)]
			in := fixtureInput(sc, key, []string{"zh", "en"}[n%2], []string{keyword, anchor, "x"})
			s, err := Turn(in)
			if err != nil {
				if errors.Is(err, ErrInvalidInput) {
					continue
				}
				t.Fatalf("Render(%s): %v", sc.id, err)
			}
			checkRendered(t, full, strict, in, s)
		}
	})
}

// mutateSlots breaks typed slots the ways a typed value can be broken.
func mutateSlots(rng *rand.Rand, s contract.Slots) contract.Slots {
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	actions := []string{contract.ActionFixURL, contract.ActionHintOpenLowRecall, "A_X__Y__Z__01", "bad id", "", contract.ActionReplaceAnchor, "A_RESULTS_READY__RESULTS_SORT__RESULTS_READY__01"}
	texts := []string{"", " ", "ok", "正在搜索…", "要美国的吗", "let me know", "x?", string(make([]byte, 0))}
	for range 1 + rng.IntN(4) {
		switch rng.IntN(14) {
		case 0:
			s.Status = nil
		case 1:
			s.Status = &contract.Status{Text: pick(texts), Tone: contract.Tone(pick([]string{"info", "progress", "happy", "", "success"})), Loading: rng.IntN(2) == 0}
		case 2:
			s.TaskSummary = pick(texts)
		case 3:
			s.Conditions = []contract.Condition{}
		case 4:
			s.Conditions = nil
		case 5:
			c := contract.Condition{ID: pick([]string{"c1", "bad id", ""}), Kind: condition.Kind(pick([]string{"hard", "soft", "vague", ""})), Field: pick([]string{"country", "Bad"}),
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
			q := &contract.Question{ID: pick([]string{"q1", "bad id"}), Text: pick(texts)}
			if rng.IntN(3) > 0 {
				q.Options = []contract.Option{}
				for j := range rng.IntN(6) {
					q.Options = append(q.Options, contract.Option{ID: pick([]string{"o1", "o2", "o" + string(rune('a'+j))}), Label: pick(texts)})
				}
			}
			s.Question = q
		case 8:
			s.RepairOptions = nil
		case 9:
			s.RepairOptions = []contract.RepairOption{}
			for range rng.IntN(5) {
				s.RepairOptions = append(s.RepairOptions, contract.RepairOption{ActionID: pick(actions), Label: pick(texts), Reason: pick(texts)})
			}
		case 10:
			s.RepairHint = nil
		case 11:
			h := &contract.RepairHint{Text: pick(texts)}
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
			s.Actions = []contract.Action{}
			for range rng.IntN(4) {
				s.Actions = append(s.Actions, contract.Action{ActionID: pick(actions), Label: pick(texts)})
			}
		}
	}
	return s
}

func locations(r contract.Report) []string {
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
		s, err := Turn(in)
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
		for vi, v := range []*contract.Validator{full, strict} {
			viaJSON, err := v.ValidateJSON(vin, data)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(locations(viaJSON), locations(typed)); diff != "" {
				t.Fatalf("case %d (%s, strict=%v): typed path differs from the schema (-schema +typed):\n%s\ndoc: %s", i, in.State, vi == 1, diff, data)
			}
		}
	}
}

// TestTemplateSentencesPassTheClaimChecks: the claim checks read the
// turn's facts the way the template writes them, so the template's own
// sentences — which a model may keep word for word — never fail them, in
// every sub-state and both locales.
func TestTemplateSentencesPassTheClaimChecks(t *testing.T) {
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range substateCases {
		for _, key := range sc.keys {
			for _, locale := range []string{"zh", "en"} {
				for _, kw := range [][]string{nil, {"swim vest", "救生衣", "gaming"}, userStrings} {
					name := fmt.Sprintf("%s/%s/%s/%d", sc.id, key, locale, len(kw))
					in := fixtureInput(sc, key, locale, kw)
					s, err := Turn(in)
					if err != nil {
						t.Fatalf("Render(%s): %v", name, err)
					}
					vin := in.ValidationInput()
					claims := in.Claims(0)
					vin.Claims = &claims
					rep, err := v.Validate(vin, s)
					if err != nil {
						t.Fatal(err)
					}
					if !rep.Valid {
						t.Errorf("%s: the template's sentences fail the claim checks: %v (status %q, summary %q)", name, rep.Violations, statusText(s), s.TaskSummary)
					}
				}
			}
		}
	}
}

func statusText(s contract.Slots) string {
	if s.Status == nil {
		return ""
	}
	return s.Status.Text
}

// BenchmarkRender measures the template renderer on a clarifying turn.
func BenchmarkRender(b *testing.B) {
	sc := substateCases[slices.IndexFunc(substateCases, func(c substateCase) bool { return c.id == "mixed-clarifying" })]
	in := fixtureInput(sc, "expanded_clarifying/clarifying", "zh", []string{"swim vest", "救生衣", "gaming"})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Turn(in); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRepairOptionArgs: each relaxation's repair option carries what it
// relaxes (issue 16 item 4), its label promises the count, and the
// validator refuses args that name a condition the graph does not have.
func TestRepairOptionArgs(t *testing.T) {
	conds := []contract.Condition{
		{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpEq, Value: "JP", Label: "日本", Source: condition.SourceUserInput, Status: condition.StatusApplied},
		{ID: "k1", Kind: condition.KindKeyword, Field: "tags", Op: condition.OpContains, Value: "Torque", Label: "Torque · 频道标签", Source: condition.SourceUserInput, Status: condition.StatusApplied},
	}
	in := Input{
		State: "expanded_repair/empty_repair", Context: contract.Context{RepairReason: states.RepairNoResults}, Locale: "zh",
		Keywords:   []contract.Tag{{ID: "k1", Text: "Torque", Scope: contract.ScopeTags}},
		Conditions: conds,
		Relaxations: []Relaxation{
			{ActionID: contract.ActionExpandRecallScope, ConditionID: "k1", Change: RelaxScope, Scope: contract.ScopeName, Args: &contract.RepairArgs{ConditionID: "k1", Scope: contract.ScopeName}, Count: 20},
			{ActionID: contract.ActionExpandRecallScope, ConditionID: "c1", Change: RelaxDrop, Args: &contract.RepairArgs{ConditionID: "c1"}, Count: 99},
		},
		AllowedActions: []contract.Action{{ActionID: contract.ActionExpandRecallScope}, {ActionID: contract.ActionSwitchToNL}},
	}
	s, err := Turn(in)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	want := []contract.RepairOption{
		{ActionID: contract.ActionExpandRecallScope, Label: "改在频道名中匹配「Torque」(20)", Args: &contract.RepairArgs{ConditionID: "k1", Scope: contract.ScopeName}},
		{ActionID: contract.ActionExpandRecallScope, Label: "去掉「日本」(99)", Args: &contract.RepairArgs{ConditionID: "c1"}},
	}
	if len(s.RepairOptions) != len(want) {
		t.Fatalf("repair options %+v, want %d", s.RepairOptions, len(want))
	}
	for i, o := range s.RepairOptions {
		if o.ActionID != want[i].ActionID || o.Label != want[i].Label || o.Args == nil || *o.Args != *want[i].Args {
			t.Errorf("repair option %d = %+v (args %+v), want %+v (args %+v)", i, o, o.Args, want[i], want[i].Args)
		}
	}
	v, err := contract.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		id   string
		want []contract.Code
	}{
		{"known condition", "c1", nil},
		{"unknown condition", "c9", []contract.Code{contract.UnknownCondition}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := s
			doc.RepairOptions = slices.Clone(s.RepairOptions)
			doc.RepairOptions[1].Args = &contract.RepairArgs{ConditionID: tc.id}
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

// TestEnCount holds the en plural.
func TestEnCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 channels"}, {1, "1 channel"}, {2, "2 channels"}} {
		if got := enCount(tc.n, "channel"); got != tc.want {
			t.Errorf("enCount(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

// TestTypedTextsAreTheUsersStrings: the typed texts of a render input are
// the tag texts, keyword and anchor values and the follow-up, never a
// filter code (contract.TestInternalText relies on this list).
func TestTypedTextsAreTheUsersStrings(t *testing.T) {
	in := Input{Keywords: []contract.Tag{{ID: "k1", Text: "swim_vest"}}, Followup: "my.channel_name",
		Conditions: []contract.Condition{{Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "value_for_money"}}}
	if got, want := in.TypedTexts(), []string{"swim_vest", "my.channel_name"}; !slices.Equal(got, want) {
		t.Errorf("TypedTexts() = %q, want %q", got, want)
	}
}
