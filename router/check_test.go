package router

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCheckNamesEveryWrongField pins what the router's tests, `intentctl
// diff` and the eval runner report for a case whose expectation is wrong:
// one failure per wrong field, worded with the value got and the value
// wanted, and none for a field the case leaves empty.
func TestCheckNamesEveryWrongField(t *testing.T) {
	snap := defaultSnapshot(t)
	cases, err := ParseCases([]byte(`
cases:
  - name: every_field_wrong
    input: 只要美国的
    state: &ready {input: followup_waiting, container: expanded_agent, session: results_ready}
    want: {branch: ambiguous, top: filter.language, commands: [], slots: {country: [GB]}, missing: [country],
      invalid: [country], action: clarify, execute: false, clarify: true, confirm: true, by: position}
  - name: every_field_right
    input: 只要美国的
    state: *ready
    want: {branch: matched, top: filter.country, commands: [{name: add_filter, args: {field: country, op: in, value: [US]}}],
      slots: {country: [US]}, missing: [], invalid: [], action: refine, execute: true, clarify: false, confirm: false}
  - name: fallback_has_no_top
    input: 嗯嗯好的
    state: *ready
    want: {top: filter.country, slots: {country: [US]}, missing: [country], invalid: [country], by: position}
  - name: url_answer_is_by_url
    input: https://www.youtube.com/@veritasium
    platform: youtube
    state: &repair {input: followup_waiting, container: expanded_repair, session: empty_repair}
    turn: 2
    pending: [{id: fix_url, kind: url, declared_turn: 1, action_id: A_REPAIR_FIX_URL}]
    want: {by: text}
  - name: text_answer_is_by_text_input
    input: 想找在美国做露营装备评测的频道
    state: *repair
    turn: 2
    pending: [{id: describe, kind: text, declared_turn: 1, action_id: A_REPAIR_SWITCH_TO_NL}]
    want: {by: url}
  - name: rules_url_is_not_by_url
    input: 换成 https://www.youtube.com/@mkbhd
    platform: youtube
    state: *ready
    want: {by: url}
`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"every_field_wrong": {
			"branch = matched, want ambiguous",
			`top = "filter.country", want "filter.language"`,
			`commands = [{"args":{"field":"country","op":"in","value":["US"]},"name":"add_filter"}], want []`,
			`slot country = ["US"], want ["GB"]`,
			"missing = [], want [country]",
			"invalid = [], want [country]",
			"decision.action_type = refine, want clarify",
			"decision.should_execute = true, want false",
			"decision.needs_clarification = false, want true",
			"decision.requires_confirmation = false, want true",
			`answered by "", want "position"`,
		},
		"every_field_right": nil,
		"fallback_has_no_top": {
			`top = "", want "filter.country"`,
			`slot country = null, want ["US"]`,
			"missing = [], want [country]",
			"invalid = [], want [country]",
			`answered by "", want "position"`,
		},
		"url_answer_is_by_url":         {`answered by "url", want "text"`},
		"text_answer_is_by_text_input": {`answered by "text_input", want "url"`},
		"rules_url_is_not_by_url":      {`answered by "", want "url"`},
	}
	for _, o := range Replay(snap, cases) {
		if diff := cmp.Diff(want[o.Name], o.Failures); diff != "" {
			t.Errorf("Replay(%s).Failures mismatch (-want +got):\n%s", o.Name, diff)
		}
	}
}

// TestCheckMissingAndInvalidWanted: a case that wants the slots a result
// lacks or got wrong passes; one that wants none fails with the slot names.
func TestCheckMissingAndInvalidWanted(t *testing.T) {
	snap := defaultSnapshot(t)
	cases, err := ParseCases([]byte(`
cases:
  - name: missing_wanted
    input: 只搜标签
    state: &ready {input: followup_waiting, container: expanded_agent, session: results_ready}
    conditions: &tags [{id: k_camping, kind: keyword, value: 露营}, {id: k_mic, kind: keyword, value: 麦克风}]
    want: {missing: [target]}
  - name: missing_not_wanted
    input: 只搜标签
    state: *ready
    conditions: *tags
    want: {missing: []}
  - name: invalid_wanted
    input: 换成 https://www.tiktok.com/@khaby.lame
    platform: youtube
    state: *ready
    want: {invalid: [platform]}
  - name: invalid_not_wanted
    input: 换成 https://www.tiktok.com/@khaby.lame
    platform: youtube
    state: *ready
    want: {invalid: []}
`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"missing_not_wanted": {"missing = [target], want []"},
		"invalid_not_wanted": {"invalid = [platform], want []"},
	}
	for _, o := range Replay(snap, cases) {
		if diff := cmp.Diff(want[o.Name], o.Failures); diff != "" {
			t.Errorf("Replay(%s).Failures mismatch (-want +got):\n%s", o.Name, diff)
		}
	}
}

// TestParseCasesRejects: a case without a name, a duplicate name and an
// unknown field are errors that say which.
func TestParseCasesRejects(t *testing.T) {
	tests := []struct{ name, yaml, want string }{
		{"no name", "cases:\n  - input: 只要美国的\n", `a case has no name (input "只要美国的")`},
		{"duplicate", "cases:\n  - {name: a, input: x}\n  - {name: a, input: y}\n", `duplicate case name "a"`},
		{"unknown field", "cases:\n  - {name: a, input: x, wants: {}}\n", "field wants not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCases([]byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ParseCases(%q) error = %v, want one containing %q", tc.yaml, err, tc.want)
			}
		})
	}
	if cases, err := ParseCases(nil); err != nil || len(cases) != 0 {
		t.Errorf("ParseCases(empty) = %v, %v, want no cases and no error", cases, err)
	}
}

// TestReplayOutcomeFields pins the comparable strings `intentctl diff`
// prints for an outcome: commands without arguments carry no args key,
// slots and the decision line.
func TestReplayOutcomeFields(t *testing.T) {
	snap := defaultSnapshot(t)
	cases, err := ParseCases([]byte(`
cases:
  - name: reset
    input: 全部清空
    state: &ready {input: followup_waiting, container: expanded_agent, session: results_ready}
  - name: country
    input: 只要美国的
    state: *ready
  - name: fallback
    input: 嗯嗯好的
    state: *ready
`))
	if err != nil {
		t.Fatal(err)
	}
	want := []Outcome{
		{Name: "reset", Branch: BranchMatched, Top: "session.reset", Commands: `[{"name":"reset"}]`, Slots: `{}`,
			Decision: "reset execute=false clarify=false confirm=true"},
		{Name: "country", Branch: BranchMatched, Top: "filter.country", Commands: `[{"args":{"field":"country","op":"in","value":["US"]},"name":"add_filter"}]`,
			Slots: `{"country":["US"]}`, Decision: "refine execute=true clarify=false confirm=false"},
		{Name: "fallback", Branch: BranchFallback, Commands: `[]`, Decision: "refuse execute=false clarify=false confirm=false"},
	}
	if diff := cmp.Diff(want, Replay(snap, cases)); diff != "" {
		t.Errorf("Replay mismatch (-want +got):\n%s", diff)
	}
}
