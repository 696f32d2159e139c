package contract

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"searchagent/tools/condition"
)

// found is one violation as a caller keys on it: its code and its JSON
// pointer.
func found(rep Report) []string {
	out := []string{}
	for _, v := range rep.Violations {
		out = append(out, string(v.Code)+" "+v.InstanceLocation)
	}
	return out
}

// checkCase is a slot document, what it is validated against, and the
// exact violations (code and pointer) it must produce under both schema
// variants.
type checkCase struct {
	name string
	in   Input
	doc  string
	want []string
}

func runCheckCases(t *testing.T, cases []checkCase) {
	t.Helper()
	full, strict := newValidators(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if want == nil {
				want = []string{}
			}
			for i, v := range []*Validator{full, strict} {
				rep, err := v.ValidateJSON(tc.in, []byte(tc.doc))
				if err != nil {
					t.Fatalf("ValidateJSON(%s): %v", tc.name, err)
				}
				if diff := cmp.Diff(want, found(rep)); diff != "" {
					t.Errorf("ValidateJSON(%s, strict=%v) violations (-want +got):\n%s\n%v", tc.name, i == 1, diff, rep.Violations)
				}
				if rep.Valid != (len(want) == 0) {
					t.Errorf("ValidateJSON(%s).Valid = %v, want %v", tc.name, rep.Valid, len(want) == 0)
				}
			}
		})
	}
}

const okStatus = `"status": {"text": "42 channels found", "tone": "success", "loading": false}`

func resultsDoc(summary, conditions string) string {
	return `{` + okStatus + `, "task_summary": "` + summary + `", "conditions": ` + conditions + `, "actions": []}`
}

var (
	hardTech    = Condition{ID: "h1", Kind: condition.KindHard, Field: "category", Op: condition.OpEq, Value: "tech", Label: "科技类", Source: condition.SourceUserInput, Status: condition.StatusApplied}
	softTech    = Condition{ID: "s1", Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "tech_feel", Label: "科技", Source: condition.SourceUserInput, Status: condition.StatusReference}
	softCheap   = Condition{ID: "s2", Kind: condition.KindSoft, Field: "preference", Op: condition.OpPrefer, Value: "cheap", Label: "便宜", Source: condition.SourceUserInput, Status: condition.StatusReference}
	pendingTech = Condition{ID: "h1", Kind: condition.KindHard, Field: "category", Op: condition.OpEq, Value: "tech", Label: "科技类", Source: condition.SourceUserInput, Status: condition.StatusPending}
)

// TestSummaryChecks holds what the summary checks report: a blank summary
// only where the state requires one, a soft preference (from the graph or
// the document, two characters or more) said to be applied, unless an
// applied hard condition carries the same words.
func TestSummaryChecks(t *testing.T) {
	const results = "expanded_agent/results_ready"
	runCheckCases(t, []checkCase{
		{"blank summary where required", Input{State: StateKey(results)}, resultsDoc("  ", `[]`), []string{"MISSING_SLOT /task_summary"}},
		{"blank summary where optional", Input{State: "expanded_agent/idle"}, `{` + okStatus + `, "task_summary": "  ", "actions": []}`, nil},
		{"two-character soft term applied", Input{State: StateKey(results), Locale: "zh", Conditions: []Condition{softCheap}},
			resultsDoc("已生效：便宜", `[]`), []string{"SOFT_AS_HARD /task_summary"}},
		{"soft term under a capitalised marker", Input{State: StateKey(results), Conditions: []Condition{softTech}},
			resultsDoc("Applied: 科技", `[]`), []string{"SOFT_AS_HARD /task_summary"}},
		{"soft term of the graph only", Input{State: StateKey(results), Locale: "zh", Conditions: []Condition{softTech}},
			resultsDoc("已生效：科技", `[]`), []string{"SOFT_AS_HARD /task_summary"}},
		{"soft term carried by an applied hard condition", Input{State: StateKey(results), Locale: "zh", Conditions: []Condition{hardTech, softTech}},
			resultsDoc("已生效：科技类", `[]`), nil},
		{"soft term not carried by a pending hard condition", Input{State: StateKey(results), Locale: "zh", Conditions: []Condition{pendingTech, softTech}},
			resultsDoc("已生效：科技类", `[]`), []string{"SOFT_AS_HARD /task_summary"}},
	})
}

// TestQuotedDocumentValues: without a graph, a condition value of the
// document is what the user typed, so quoting it is not the model asking.
func TestQuotedDocumentValues(t *testing.T) {
	kw := `[{"id": "t1", "kind": "keyword", "field": "tags", "op": "contains", "value": "why not?", "label": "why not · Tags", "source": "user_input", "status": "applied"}]`
	runCheckCases(t, []checkCase{
		{"quoted value, no graph", Input{State: "expanded_agent/results_ready"}, resultsDoc(`Keyword “why not?” in tags`, kw), nil},
		{"unquoted question", Input{State: "expanded_agent/results_ready"}, resultsDoc(`Keyword why not? in tags`, kw), []string{"SECOND_QUESTION /task_summary"}},
	})
}

// condJSON is a condition as a model writes it.
func condJSON(c Condition) string {
	return string(must1(json.Marshal(c)))
}

func must1[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestGraphChecks holds what comparing the document's conditions with the
// session's graph reports, at which pointer.
func TestGraphChecks(t *testing.T) {
	const results = "expanded_agent/results_ready"
	us := Condition{ID: "c1", Kind: condition.KindHard, Field: "country", Op: condition.OpIn, Value: []string{"US"}, Label: "US", Source: condition.SourceUserInput, Status: condition.StatusApplied}
	asReference := us
	asReference.Status = condition.StatusReference
	full, _ := newValidators(t)
	canada := us
	canada.Value = []string{"CA"}
	rep, err := full.ValidateJSON(Input{State: results, Conditions: []Condition{us}}, []byte(resultsDoc("Applied: US", `[`+condJSON(canada)+`]`)))
	wantMsg := `condition c1 has value "[\"CA\"]" but the session has "[\"US\"]"; show the condition as it is.`
	if err != nil || len(rep.Violations) != 1 || rep.Violations[0].Message != wantMsg {
		t.Errorf("ValidateJSON(value differs) = %v, %v; want one violation %q", rep.Violations, err, wantMsg)
	}
	runCheckCases(t, []checkCase{
		{"same as the graph", Input{State: results, Conditions: []Condition{us}}, resultsDoc("Applied: US", `[`+condJSON(us)+`]`), nil},
		{"applied filter shown as a reference", Input{State: results, Conditions: []Condition{us}}, resultsDoc("Applied: US", `[`+condJSON(asReference)+`]`),
			[]string{"UNKNOWN_CONDITION /conditions/0/status"}},
		{"soft preference shown as a hard filter", Input{State: results, Conditions: []Condition{softCheap}}, resultsDoc("Applied: US", `[`+strings.Replace(condJSON(softCheap), `"soft"`, `"hard"`, 1)+`]`),
			[]string{"SOFT_AS_HARD /conditions/0/kind"}},
		{"hard filter shown as an anchor", Input{State: results, Conditions: []Condition{us}}, resultsDoc("Applied: US", `[`+strings.Replace(condJSON(us), `"hard"`, `"anchor"`, 1)+`]`),
			[]string{"UNKNOWN_CONDITION /conditions/0/kind"}},
	})
}

// TestShapeChecks holds the Go shape checks the schemas cannot say: a
// keyword's field is a scope and its op contains or not_contains, an
// action is listed once.
func TestShapeChecks(t *testing.T) {
	const results = "expanded_agent/results_ready"
	kw := `{"id": "t1", "kind": "keyword", "field": "tags", "op": "contains", "value": "gaming", "label": "gaming · Tags", "source": "user_input", "status": "applied"}`
	action := `{"action_id": "A_RESULTS_READY__CONDITION_EDIT__REFINING__01", "label": "Edit"}`
	runCheckCases(t, []checkCase{
		{"keyword field not a scope", Input{State: results}, resultsDoc("Applied: gaming", `[`+strings.Replace(kw, `"tags"`, `"country"`, 1)+`]`),
			[]string{"INVALID_SLOT /conditions/0/field"}},
		{"keyword op not a containment", Input{State: results}, resultsDoc("Applied: gaming", `[`+strings.Replace(kw, `"contains"`, `"eq"`, 1)+`]`),
			[]string{"INVALID_SLOT /conditions/0/op"}},
		{"unknown field in a slot", Input{State: results}, strings.Replace(resultsDoc("Applied: gaming", `[`+kw+`]`), `"loading": false}`, `"loading": false, "emoji": "ok"}`, 1),
			[]string{"INVALID_SLOT /status/emoji"}},
		{"unknown slot", Input{State: results}, strings.Replace(resultsDoc("Applied: gaming", `[`+kw+`]`), `"actions": []`, `"actions": [], "debug": "x"`, 1),
			[]string{"FORBIDDEN_SLOT /debug"}},
		{"action listed twice", Input{State: results}, strings.Replace(resultsDoc("Applied: gaming", `[`+kw+`]`), `"actions": []`, `"actions": [`+action+`, `+action+`]`, 1),
			[]string{"INVALID_SLOT /actions/1/action_id"}},
	})
}

// TestKeywordChecks holds what a keyword condition is compared with: the
// session's keyword tag (scope and exclusion) and the graph's keyword,
// whose empty field is the default scope, tags.
func TestKeywordChecks(t *testing.T) {
	const results = "expanded_agent/results_ready"
	kw := func(op condition.Op) Condition {
		return Condition{ID: "t1", Kind: condition.KindKeyword, Field: "tags", Op: op, Value: "gaming", Label: "gaming · Tags", Source: condition.SourceUserInput, Status: condition.StatusApplied}
	}
	positive := []Tag{{ID: "t1", Text: "gaming", Scope: ScopeTags}}
	excluded := []Tag{{ID: "t1", Text: "gaming", Scope: ScopeTags, Excluded: true}}
	graphKw := kw(condition.OpContains)
	graphKw.Field = ""
	runCheckCases(t, []checkCase{
		{"kept keyword", Input{State: results, TagsBefore: positive}, resultsDoc("Applied: gaming", `[`+condJSON(kw(condition.OpContains))+`]`), nil},
		{"kept exclusion", Input{State: results, TagsBefore: excluded}, resultsDoc("Applied: gaming", `[`+condJSON(kw(condition.OpNotContains))+`]`), nil},
		{"keyword shown as excluded", Input{State: results, TagsBefore: positive}, resultsDoc("Applied: gaming", `[`+condJSON(kw(condition.OpNotContains))+`]`),
			[]string{"SCOPE_REWRITE /conditions/0/op"}},
		{"exclusion shown as a keyword", Input{State: results, TagsBefore: excluded}, resultsDoc("Applied: gaming", `[`+condJSON(kw(condition.OpContains))+`]`),
			[]string{"SCOPE_REWRITE /conditions/0/op"}},
		{"graph keyword of the default scope", Input{State: results, Conditions: []Condition{graphKw}}, resultsDoc("Applied: gaming", `[`+condJSON(kw(condition.OpContains))+`]`), nil},
		{"graph keyword of another scope", Input{State: results, Conditions: []Condition{graphKw}}, resultsDoc("Applied: gaming", `[`+strings.Replace(condJSON(kw(condition.OpContains)), `"tags"`, `"name"`, 1)+`]`),
			[]string{"SCOPE_REWRITE /conditions/0/field"}},
	})
}

// TestLabelsAskNoQuestion: an option or a button label that asks is a
// second question (seed 001 §4.5); the user's own words in it are not.
func TestLabelsAskNoQuestion(t *testing.T) {
	clarify := func(label string) string {
		return `{"status": {"text": "还需确认一点", "tone": "info", "loading": false}, "conditions": [], "actions": [],
			"question": {"id": "q1", "text": "主要找哪个地区", "options": [{"id": "o1", "label": "只看美国"}, {"id": "o2", "label": "` + label + `"}]}}`
	}
	button := func(label string) string {
		return `{` + okStatus + `, "task_summary": "已生效：美国", "conditions": [], "actions": [{"action_id": "A_RESULTS_READY__RESULTS_SORT__RESULTS_READY__01", "label": "` + label + `"}]}`
	}
	inClarify := Input{State: "expanded_clarifying/clarifying", Locale: "zh"}
	inResults := Input{State: "expanded_agent/results_ready", Locale: "zh"}
	runCheckCases(t, []checkCase{
		{"option asks", inClarify, clarify("要不要加上加拿大？"), []string{"SECOND_QUESTION /question/options/1/label"}},
		{"option answers", inClarify, clarify("加上加拿大"), nil},
		{"option is the user's own question", Input{State: "expanded_clarifying/clarifying", Locale: "zh", UserTexts: []string{"why?"}}, clarify("why?"), nil},
		{"option extends the user's question", Input{State: "expanded_clarifying/clarifying", Locale: "zh", UserTexts: []string{"why?"}}, clarify("why? or why not?"), []string{"SECOND_QUESTION /question/options/1/label"}},
		{"button asks", inResults, button("按粉丝排序吗？"), []string{"SECOND_QUESTION /actions/0/label"}},
		{"button acts", inResults, button("按粉丝排序"), nil},
		{"button quotes the user's question", Input{State: "expanded_agent/results_ready", Locale: "zh", UserTexts: []string{"why not?"}}, button("删除「why not?」"), nil},
	})
}
