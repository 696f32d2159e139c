package router

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// rivalSpecs are exclusive specs that compete on shared terms (t.a, t.b
// at one priority, t.c below), one that never crosses its threshold
// alone (t.low), and composable specs that combine (t.color, t.size) or
// conflict (t.paint outranks t.brush on the same text; t.cool declares conflicts with t.warm and t.hot).
const rivalSpecs = `specs:
  - id: t.a
    domain: test
    priority: 50
    label: {zh: 甲, en: a}
    terms:
      - {weight: 0.9, en: [alpha]}
      - {weight: 0.4, en: [delta]}
    command: {name: reset}
  - id: t.b
    domain: test
    priority: 50
    label: {zh: 乙, en: b}
    terms:
      - {weight: 0.6, en: [alpha]}
      - {weight: 0.3, en: [gamma]}
    command: {name: new_task}
  - id: t.c
    domain: test
    priority: 40
    label: {zh: 丙, en: c}
    terms:
      - {weight: 0.55, en: [alpha]}
      - {weight: 0.7, en: [delta]}
    command: {name: back_to_classic}
  - id: t.low
    domain: test
    priority: 50
    label: {zh: 丁, en: low}
    terms:
      - {weight: 0.2, en: [omega]}
      - {weight: 0.1, en: [psi]}
    command: {name: widen_recall}
  - id: t.color
    domain: test
    priority: 30
    composable: true
    label: {zh: 颜色, en: color}
    patterns:
      - {name: color, regex: 'colou?r\s+(?P<color>[a-z]+)', weight: 0.6, triggers: [color, colour]}
    slots:
      color: {type: enum, required: true, enum: [red, green, blue]}
    command: {name: add_soft_preference, args: {preference: $color}}
  - id: t.size
    domain: test
    priority: 30
    composable: true
    label: {zh: 尺寸, en: size}
    patterns:
      - {name: size, regex: 'size\s+(?P<size>[a-z]+)', weight: 0.6, triggers: [size]}
    slots:
      size: {type: enum, required: true, enum: [small, large]}
    command: {name: add_soft_preference, args: {preference: $size}}
  - id: t.paint
    domain: test
    priority: 40
    composable: true
    label: {zh: 涂, en: paint}
    patterns:
      - {name: paint, regex: 'paint\s+(?P<paint>[a-z]+)', weight: 0.55, triggers: [paint]}
    slots:
      paint: {type: string, required: true}
    command: {name: add_soft_preference, args: {preference: $paint}}
  - id: t.brush
    domain: test
    priority: 30
    composable: true
    label: {zh: 刷, en: brush}
    patterns:
      - {name: brush, regex: '(?:paint|brush)\s+(?P<brush>[a-z]+)', weight: 0.7, triggers: [paint, brush]}
    slots:
      brush: {type: string, required: true}
    command: {name: add_soft_preference, args: {preference: $brush}}
  - id: t.cool
    domain: test
    priority: 30
    composable: true
    conflicts_with: [t.warm, t.hot]
    label: {zh: 冷, en: cool}
    terms:
      - {weight: 0.6, en: [cool]}
    command: {name: add_soft_preference, args: {preference: cool}}
  - id: t.warm
    domain: test
    priority: 30
    composable: true
    label: {zh: 暖, en: warm}
    terms:
      - {weight: 0.6, en: [warm]}
    command: {name: add_soft_preference, args: {preference: warm}}
  - id: t.hot
    domain: test
    priority: 30
    composable: true
    label: {zh: 热, en: hot}
    terms:
      - {weight: 0.8, en: [hot]}
    command: {name: add_soft_preference, args: {preference: hot}}
`

// TestExplainNamesRivals pins what `intentctl explain` tells an auditor
// about the specs that did not win: why each lost (score or priority),
// what the runner-up lacked, near misses with and without a closing
// term, conflicting composable specs, and slot hints; and the commands
// the agent gets, in the order the user wrote them, with the top intent
// among them the same whatever that order (equal scores and priorities:
// the smaller id).
func TestExplainNamesRivals(t *testing.T) {
	snap := compileDoc(t, rivalSpecs)
	pref := func(spec, v string) Command {
		return Command{Name: "add_soft_preference", Spec: spec, Args: Args{"preference": v}}
	}
	tests := []struct {
		input    string
		branch   Branch
		top      string // the top candidate, when set
		commands []Command
		rejected []RejectedSpec
		runnerUp *Counterfactual
		near     []Counterfactual
		hints    []SlotHint
	}{
		{
			input: "alpha", branch: BranchMatched,
			commands: []Command{{Name: "reset", Spec: "t.a"}},
			rejected: []RejectedSpec{
				{ID: "t.b", Score: 0.6, Reason: "lost to t.a (0.90 vs 0.60)"},
				{ID: "t.c", Score: 0.55, Reason: "lost to t.a on priority (50 vs 40)"},
			},
			runnerUp: &Counterfactual{ID: "t.b", Score: 0.6, Threshold: 0.5, Gap: 0.2, MissingTerm: `term "gamma" (+0.30)`,
				Note: "+0.20 would bring it within the ambiguity margin of t.a (ambiguous); +0.30 would win"},
		},
		{
			input: "alpha delta", branch: BranchMatched,
			commands: []Command{{Name: "reset", Spec: "t.a"}},
			rejected: []RejectedSpec{
				{ID: "t.c", Score: 1, Reason: "lost to t.a on priority (50 vs 40)"},
				{ID: "t.b", Score: 0.6, Reason: "lost to t.a (1.00 vs 0.60)"},
			},
			runnerUp: &Counterfactual{ID: "t.c", Score: 1, Threshold: 0.5, Note: "priority 40 < 50 of t.a: only a priority change would let it compete"},
		},
		{
			input: "delta", branch: BranchMatched,
			commands: []Command{{Name: "back_to_classic", Spec: "t.c"}},
			rejected: []RejectedSpec{{ID: "t.a", Score: 0.4, Reason: "below threshold: 0.40 < 0.50"}},
			runnerUp: &Counterfactual{ID: "t.a", Score: 0.4, Threshold: 0.5, Gap: 0.1, MissingTerm: `term "alpha" (+0.90)`,
				Note: `needs +0.10: term "alpha" (+0.90) would cross the threshold`},
			near: []Counterfactual{{ID: "t.a", Score: 0.4, Threshold: 0.5, Gap: 0.1, MissingTerm: `term "alpha" (+0.90)`,
				Note: `needs +0.10: term "alpha" (+0.90) would cross the threshold`}},
		},
		{
			input: "omega", branch: BranchFallback,
			rejected: []RejectedSpec{{ID: "t.low", Score: 0.2, Reason: "below threshold: 0.20 < 0.50"}},
			near:     []Counterfactual{{ID: "t.low", Score: 0.2, Threshold: 0.5, Gap: 0.3, Note: "needs +0.30: no single term or pattern closes the gap"}},
		},
		{
			input: "size large color red", branch: BranchMatched, top: "t.color",
			commands: []Command{pref("t.size", "large"), pref("t.color", "red")},
		},
		{
			input: "color red size large", branch: BranchMatched, top: "t.color",
			commands: []Command{pref("t.color", "red"), pref("t.size", "large")},
		},
		{
			input: "size lrge color grean", branch: BranchMatched,
			hints: []SlotHint{
				{SpecID: "t.color", Slot: "color", Value: "grean", Nearest: "green"},
				{SpecID: "t.size", Slot: "size", Value: "lrge", Nearest: "large"},
			},
		},
		{
			input: "paint red", branch: BranchMatched,
			commands: []Command{pref("t.paint", "red")},
			rejected: []RejectedSpec{{ID: "t.brush", Score: 0.7, Reason: "its text is claimed by t.paint (priority 40)"}},
			runnerUp: &Counterfactual{ID: "t.brush", Score: 0.7, Threshold: 0.5, Note: "shares its text with t.paint, which has priority 40 ≥ 30: rephrase so the two do not overlap"},
		},
		{
			input: "warm cool", branch: BranchAmbiguous,
			runnerUp: &Counterfactual{ID: "t.warm", Score: 0.6, Threshold: 0.5, Gap: 0.1001, Note: "conflicts with t.cool and is within the ambiguity margin (0.60 vs 0.60)"},
		},
		{
			input: "hot cool", branch: BranchMatched,
			commands: []Command{pref("t.hot", "hot")},
			rejected: []RejectedSpec{{ID: "t.cool", Score: 0.6, Reason: "conflicts with t.hot, which scored higher (0.80 vs 0.60)"}},
		},
	}
	empty := cmpopts.EquateEmpty()
	for _, tc := range tests {
		t.Run(tc.input, func(t *testing.T) {
			res, tr, err := snap.Explain(Input{Text: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			if res.Branch != tc.branch {
				t.Errorf("branch = %s, want %s", res.Branch, tc.branch)
			}
			if tc.top != "" && (res.Top == nil || res.Top.ID != tc.top) {
				t.Errorf("top = %+v, want %s", res.Top, tc.top)
			}
			if diff := cmp.Diff(tc.commands, res.Commands, empty); diff != "" {
				t.Errorf("commands (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.rejected, tr.RulesRejected, empty); diff != "" {
				t.Errorf("rules rejected (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.runnerUp, tr.RunnerUp); diff != "" {
				t.Errorf("runner-up (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.near, tr.NearMisses, empty); diff != "" {
				t.Errorf("near misses (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.hints, tr.SlotHints, empty); diff != "" {
				t.Errorf("slot hints (-want +got):\n%s", diff)
			}
		})
	}
}
