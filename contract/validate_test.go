package contract

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"searchagent/internal/testwait"
	"searchagent/tools/condition"
	"searchagent/tools/states"
)

func TestResolve(t *testing.T) {
	tests := []struct {
		key  StateKey
		ctx  Context
		want SchemaID
		err  error
	}{
		{"compact_classic/idle", Context{}, "compact_classic.idle", nil},
		{"compact_classic/results_ready", Context{RepairReason: states.RepairLowRecall, RepairHintVisible: true}, "compact_classic.results_ready.low_recall", nil},
		{"compact_classic/results_ready", Context{RepairReason: states.RepairLowRecall}, "compact_classic.results_ready", nil},
		{"expanded_agent/results_ready", Context{RepairReason: states.RepairLowRecall, RepairHintVisible: true}, "expanded_agent.results_ready.low_recall", nil},
		{"expanded_agent/refining", Context{SourceStage: StageFollowup}, "expanded_agent.refining.followup", nil},
		{"expanded_agent/refining", Context{Substate: "mixed-followup-refining"}, "expanded_agent.refining.followup", nil},
		{"expanded_agent/refining", Context{SourceStage: StagePostRepair}, "expanded_agent.refining", nil},
		{"expanded_repair/empty_repair", Context{RepairReason: states.RepairURLInvalid}, "expanded_repair.empty_repair.url_invalid", nil},
		{"expanded_repair/empty_repair", Context{RepairReason: states.RepairURLMismatch}, "expanded_repair.empty_repair.url_mismatch", nil},
		{"expanded_repair/empty_repair", Context{RepairReason: states.RepairURLUnsupported}, "expanded_repair.empty_repair.url_unsupported", nil},
		{"expanded_repair/empty_repair", Context{RepairReason: states.RepairNoResults}, "expanded_repair.empty_repair", nil},
		{"expanded_repair/results_ready", Context{}, "expanded_repair.results_ready.low_recall", nil},
		{"expanded_repair/empty_repair", Context{RepairReason: states.RepairLowRecall}, "", ErrContext},
		{"expanded_repair/results_ready", Context{RepairReason: states.RepairURLInvalid}, "", ErrContext},
		{"expanded_agent/idle", Context{RepairReason: "weird"}, "", ErrContext},
		{"expanded_agent/idle", Context{SourceStage: "later"}, "", ErrContext},
		{"expanded_agent/idle", Context{Substate: "natural-nope"}, "", ErrContext},
		{"expanded_agent/clarifying", Context{}, "", ErrUnknownState},
		{"", Context{}, "", ErrUnknownState},
	}
	for _, tc := range tests {
		got, err := Resolve(tc.key, tc.ctx)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Resolve(%q, %+v) = %q, %v; want %q, %v", tc.key, tc.ctx, got, err, tc.want, tc.err)
		}
	}
}

func TestEveryStateKeyHasSchemas(t *testing.T) {
	ids := map[StateKey]bool{}
	for _, id := range SchemaIDs() {
		r, err := RuleFor(id)
		if err != nil {
			t.Fatal(err)
		}
		ids[r.Key] = true
		for _, strict := range []bool{false, true} {
			if _, err := Schema(id, strict); err != nil {
				t.Errorf("Schema(%s, %v): %v", id, strict, err)
			}
		}
	}
	for _, k := range StateKeys {
		if !ids[k] {
			t.Errorf("state %s has no schema", k)
		}
		if _, err := Resolve(k, Context{}); err != nil {
			t.Errorf("Resolve(%s) = %v", k, err)
		}
	}
	if got := SchemaIDs(); !slices.IsSorted(got) || len(got) != len(rulesTable) || got[0] != "compact_classic.idle" {
		t.Errorf("SchemaIDs() = %v, want all %d ids sorted", got, len(rulesTable))
	}
	if _, err := Schema("nope", false); !errors.Is(err, ErrUnknownState) {
		t.Errorf("Schema(nope) error = %v, want ErrUnknownState", err)
	}
}

// strictBanned are keywords OpenAI strict structured output does not take
// (or that fall outside the strictest common subset).
var strictBanned = []string{"not", "if", "then", "else", "allOf", "oneOf", "maxLength", "minLength", "pattern", "minItems", "maxItems",
	"dependentRequired", "dependentSchemas", "patternProperties", "unevaluatedProperties", "format", "default", "$ref"}

// TestStrictSchemasAreStrictCompatible walks every strict schema: objects
// close their properties and require all of them, nothing banned appears.
func TestStrictSchemasAreStrictCompatible(t *testing.T) {
	for _, id := range SchemaIDs() {
		data, err := Schema(id, true)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		if doc["type"] != "object" {
			t.Errorf("%s: root type = %v, want object", id, doc["type"])
		}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch x := v.(type) {
			case map[string]any:
				for _, k := range strictBanned {
					if _, ok := x[k]; ok && !strings.HasSuffix(path, "/properties") {
						t.Errorf("%s%s uses %q, which strict mode lacks", id, path, k)
					}
				}
				if props, ok := x["properties"].(map[string]any); ok {
					if x["additionalProperties"] != false {
						t.Errorf("%s%s: additionalProperties must be false", id, path)
					}
					req, _ := x["required"].([]any)
					if len(req) != len(props) {
						t.Errorf("%s%s: required lists %d of %d properties", id, path, len(req), len(props))
					}
				}
				for k, e := range x {
					walk(path+"/"+k, e)
				}
			case []any:
				for i, e := range x {
					walk(fmt.Sprintf("%s/%d", path, i), e)
				}
			}
		}
		walk("", doc)
	}
}

// TestFullSchemasCarryBounds checks that the full variants say the bounds
// the strict ones drop.
func TestFullSchemasCarryBounds(t *testing.T) {
	data, err := Schema("expanded_clarifying.clarifying", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"maxItems": 4`, `"minItems": 2`, `"maxLength": 80`, `"pattern"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("full clarifying schema lacks %s", want)
		}
	}
	var doc struct {
		Properties struct {
			Status struct {
				Properties struct {
					Loading struct {
						Enum []any `json:"enum"`
					} `json:"loading"`
				} `json:"properties"`
			} `json:"status"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if e := doc.Properties.Status.Properties.Loading.Enum; len(e) != 1 || e[0] != false {
		t.Errorf("clarifying status.loading enum = %v, want [false]", e)
	}
}

func TestValidateErrors(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		in   Input
		doc  string
		want error
	}{
		{"unknown state", Input{State: "nowhere/idle"}, `{}`, ErrUnknownState},
		{"bad json", Input{State: "compact_classic/idle"}, `{"status": `, ErrBadJSON},
		{"trailing data", Input{State: "compact_classic/idle"}, `{"actions": []} {}`, ErrBadJSON},
		{"empty", Input{State: "compact_classic/idle"}, ``, ErrBadJSON},
		{"not json", Input{State: "compact_classic/idle"}, `status: ok`, ErrBadJSON},
		{"bad context", Input{State: "expanded_repair/empty_repair", Context: Context{RepairReason: states.RepairLowRecall}}, `{}`, ErrContext},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := v.ValidateJSON(tc.in, []byte(tc.doc))
			if !errors.Is(err, tc.want) {
				t.Errorf("ValidateJSON(%s) error = %v, want %v", tc.name, err, tc.want)
			}
		})
	}
	// The position is the offending byte's: the ',' at line 2, column 15
	// (line 1, column 14 on one line).
	for doc, want := range map[string]string{"{\n  \"actions\": [,]\n}": "(line 2, column 15)", `{"actions": [,]}`: "(line 1, column 14)", `x`: "(line 1, column 1)"} {
		_, err = v.ValidateJSON(Input{State: "compact_classic/idle"}, []byte(doc))
		if err == nil || !strings.HasSuffix(err.Error(), want) {
			t.Errorf("ValidateJSON(%q) error = %v, want it to end %q", doc, err, want)
		}
	}
}

// TestValidateHostileInput feeds large, broken and odd documents: a report
// or a clear error, never a panic.
func TestValidateHostileInput(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("搜", 50000)
	docs := []string{
		`null`, `42`, `"text"`, `[]`, `{"status": null, "actions": null}`,
		`{"status": {"text": "` + big + `", "tone": "info", "loading": false}, "actions": []}`,
		"{\"status\": {\"text\": \"\xff\xfe\u202e\", \"tone\": \"info\", \"loading\": false}, \"actions\": []}",
		`{"actions": [{"action_id": "'; DROP TABLE x;--", "label": "x"}]}`,
		`{"question": {"id": "", "text": "", "options": [{}, {}, {}]}, "actions": [1, "a", null]}`,
		`{"conditions": [{"id": "c", "kind": "hard", "field": "f", "op": "between", "value": {"min": "a", "max": [1]}, "label": "", "source": "x", "status": "applied"}]}`,
		strings.Repeat(`{"a":`, 500) + `1` + strings.Repeat(`}`, 500),
	}
	for _, key := range StateKeys {
		for i, d := range docs {
			rep, err := v.ValidateJSON(Input{State: key, AllowedActions: []string{}, TagsBefore: []Tag{}, Conditions: []Condition{}}, []byte(d))
			if err != nil {
				t.Errorf("ValidateJSON(%s, doc %d) error: %v", key, i, err)
				continue
			}
			// Doc 4 (all null) and doc 6 (a status of invalid bytes, which
			// is blank) are valid where status is optional.
			if rep.Valid && !((i == 4 || i == 6) && key.Classic()) {
				t.Errorf("ValidateJSON(%s, doc %d) is valid, want violations", key, i)
			}
			for _, viol := range rep.Violations {
				if !slices.Contains(Codes, viol.Code) || viol.Message == "" {
					t.Errorf("violation %+v has an unknown code or no message", viol)
				}
			}
		}
	}
}

func TestSlotsInstanceMatchesJSON(t *testing.T) {
	cases := []Slots{
		{},
		{Actions: []Action{}},
		{Status: &Status{Text: "x", Tone: ToneInfo}, TaskSummary: "s", Conditions: []Condition{}, Actions: []Action{{"A_X", "x"}}},
		{Question: &Question{ID: "q"}, RepairHint: &RepairHint{Text: "h"}, RepairOptions: []RepairOption{}},
		{Conditions: []Condition{
			{ID: "a", Value: 1000000.0}, {ID: "b", Value: []string{"US"}}, {ID: "c", Value: map[string]any{"min": 1, "max": nil}},
			{ID: "d", Value: struct {
				Min int `json:"min"`
			}{5}}, {ID: "e", Value: int64(7)}, {ID: "f", Value: true}, {ID: "g"},
		}},
	}
	_, s := typicalInput()
	cases = append(cases, s)
	for i, s := range cases {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		decoded, err := decodeJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		m := decoded.(map[string]any)
		for _, n := range SlotNames {
			if _, ok := m[n]; !ok {
				m[n] = nil
			}
		}
		if got := slotsInstance(s); !equalJSON(got, m) {
			t.Errorf("case %d: slotsInstance = %v, JSON = %v", i, got, m)
		}
	}
}

func TestMessagesFollowLocale(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte(`{"status": {"text": "正在为你搜索…", "tone": "success", "loading": true}, "actions": []}`)
	for _, tc := range []struct {
		locale string
		han    bool
	}{{"zh", true}, {"zh-CN", true}, {"en", false}, {"", false}} {
		rep, err := v.ValidateJSON(Input{State: "compact_classic/results_ready", Locale: tc.locale}, doc)
		if err != nil || len(rep.Violations) == 0 {
			t.Fatalf("ValidateJSON = %v, %v", rep, err)
		}
		for _, viol := range rep.Violations {
			msg := strings.ReplaceAll(viol.Message, "正在", "")
			has := strings.ContainsFunc(msg, func(r rune) bool { return unicode.Is(unicode.Han, r) })
			if has != tc.han {
				t.Errorf("locale %q: message %q has Chinese = %v, want %v", tc.locale, viol.Message, has, tc.han)
			}
		}
	}
}

func TestValidatorConcurrentUse(t *testing.T) {
	v, err := New()
	if err != nil {
		t.Fatal(err)
	}
	in, s := typicalInput()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				if rep, err := v.Validate(in, s); err != nil || !rep.Valid {
					t.Errorf("Validate = %v, %v", rep.Violations, err)
					return
				}
			}
		}()
	}
	testwait.WaitGroup(t, &wg, "the concurrent validations to finish")
}

// FuzzValidateJSON feeds arbitrary bytes: never a panic; a report whose
// codes are known and whose Valid matches its violations, or ErrBadJSON.
func FuzzValidateJSON(f *testing.F) {
	f.Add(0, []byte(`{"actions": []}`))
	f.Add(5, []byte(`{"status": {"text": "正在搜索…", "tone": "progress", "loading": true}, "actions": []}`))
	f.Add(10, []byte(`{"question": [{"id": "a"}, {"id": "b"}], "conditions": [], "status": {"text": "?", "tone": "info", "loading": false}, "actions": []}`))
	f.Add(14, []byte(`{"repair_options": [{"action_id": "A_X", "label": "", "reason": "吗"}], "conditions": null}`))
	f.Add(3, []byte("\xff"))
	v, err := New()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, state int, data []byte) {
		if state < 0 {
			state = -state
		}
		key := StateKeys[state%len(StateKeys)]
		in := Input{State: key, AllowedActions: []string{"A_X"}, TagsBefore: []Tag{{ID: "t", Text: "x"}}, TagsAfter: []Tag{}, Conditions: []Condition{{ID: "c", Kind: condition.KindSoft}}}
		rep, err := v.ValidateJSON(in, data)
		if err != nil {
			if !errors.Is(err, ErrBadJSON) {
				t.Fatalf("ValidateJSON error %v is not ErrBadJSON", err)
			}
			return
		}
		if rep.Valid != (len(rep.Violations) == 0) {
			t.Fatalf("Valid = %v with %d violations", rep.Valid, len(rep.Violations))
		}
		for _, viol := range rep.Violations {
			if !slices.Contains(Codes, viol.Code) {
				t.Fatalf("unknown code %q", viol.Code)
			}
		}
	})
}
