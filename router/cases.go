package router

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Case is one routing case: an input with its context and what the
// router should answer. Case files (evals/suites/route/cases.yaml) are shared
// by the router's tests, `intentctl diff` and the eval runner.
type Case struct {
	Name  string `yaml:"name" json:"name"`
	Input `yaml:",inline"`
	Want  Want `yaml:"want" json:"want"`
}

// Want is what a case expects. Empty fields are not checked; commands are
// checked when the key is present (write `commands: []` for none).
type Want struct {
	Branch Branch `yaml:"branch" json:"branch,omitempty"`
	// NotBranch is a branch the result must not have (a harmless
	// look-alike: not_branch: guard_hit).
	NotBranch Branch    `yaml:"not_branch" json:"not_branch,omitempty"`
	Top       string    `yaml:"top" json:"top,omitempty"`
	Commands  []Command `yaml:"commands" json:"commands,omitempty"`
	// Slots are checked against the top candidate's slot values.
	Slots   map[string]any `yaml:"slots" json:"slots,omitempty"`
	Missing []string       `yaml:"missing" json:"missing,omitempty"`
	Invalid []string       `yaml:"invalid" json:"invalid,omitempty"`
	// Decision fields.
	Action  string `yaml:"action" json:"action,omitempty"`
	Execute *bool  `yaml:"execute" json:"execute,omitempty"`
	Clarify *bool  `yaml:"clarify" json:"clarify,omitempty"`
	Confirm *bool  `yaml:"confirm" json:"confirm,omitempty"`
	// By is how an expectation was answered (text, position, url, text_input).
	By string `yaml:"by" json:"by,omitempty"`
	// Stage is the stage that must decide (Trace.DecidedBy: guard, rules,
	// classifier:local, …); CheckTrace checks it against an explain trace.
	Stage string `yaml:"stage" json:"stage,omitempty"`
}

// CheckTrace checks the parts of a case's Want that only an explain
// trace shows (the deciding stage).
func CheckTrace(c Case, tr *Trace) []string {
	if c.Want.Stage == "" || tr == nil {
		return nil
	}
	if got := tr.DecidedBy(); got != c.Want.Stage {
		return []string{fmt.Sprintf("decided by %s, want %s", got, c.Want.Stage)}
	}
	return nil
}

type caseFile struct {
	Cases []Case `yaml:"cases"`
}

// ParseCases decodes a case file; unknown fields are errors.
func ParseCases(data []byte) ([]Case, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f caseFile
	if err := dec.Decode(&f); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("parse cases: %w", err)
	}
	seen := map[string]bool{}
	for _, c := range f.Cases {
		if c.Name == "" {
			return nil, fmt.Errorf("parse cases: a case has no name (input %q)", c.Text)
		}
		if seen[c.Name] {
			return nil, fmt.Errorf("parse cases: duplicate case name %q", c.Name)
		}
		seen[c.Name] = true
	}
	return f.Cases, nil
}

// Outcome is what a snapshot answered for one case, in comparable form.
type Outcome struct {
	Name     string `json:"name"`
	Branch   Branch `json:"branch"`
	Top      string `json:"top,omitempty"`
	Commands string `json:"commands"`
	Slots    string `json:"slots"`
	Decision string `json:"decision"`
	Err      string `json:"error,omitempty"`
	// Failures lists where the outcome differs from the case's Want.
	Failures []string `json:"failures,omitempty"`
}

// Replay runs every case against snap and checks it.
func Replay(snap *Snapshot, cases []Case) []Outcome {
	out := make([]Outcome, 0, len(cases))
	for _, c := range cases {
		res, err := snap.Query(c.Input)
		o := Outcome{Name: c.Name}
		if err != nil {
			o.Err = err.Error()
			o.Failures = []string{"error: " + err.Error()}
			out = append(out, o)
			continue
		}
		out = append(out, CaseOutcome(c, res))
	}
	return out
}

// CaseOutcome is a result for one case in comparable form, checked
// against the case (for results from a router with a classifier stage,
// which Replay's snapshot queries do not run).
func CaseOutcome(c Case, res *Result) Outcome {
	o := Outcome{Name: c.Name, Branch: res.Branch}
	if res.Top != nil {
		o.Top = res.Top.ID
		o.Slots = canonicalJSON(slotValues(res.Top.Slots))
	}
	o.Commands = canonicalJSON(commandsForCompare(res.Commands))
	o.Decision = fmt.Sprintf("%s execute=%v clarify=%v confirm=%v", res.Decision.ActionType, res.Decision.ShouldExecute, res.Decision.NeedsClarification, res.Decision.RequiresConfirmation)
	o.Failures = Check(c, res)
	return o
}

// Check compares a result with a case's Want and lists the differences.
func Check(c Case, res *Result) []string {
	var f []string
	w := c.Want
	top := ""
	if res.Top != nil {
		top = res.Top.ID
	}
	if w.Branch != "" && res.Branch != w.Branch {
		f = append(f, fmt.Sprintf("branch = %s, want %s", res.Branch, w.Branch))
	}
	if w.NotBranch != "" && res.Branch == w.NotBranch {
		f = append(f, fmt.Sprintf("branch = %s, want anything else", res.Branch))
	}
	if w.Top != "" && top != w.Top {
		f = append(f, fmt.Sprintf("top = %q, want %q", top, w.Top))
	}
	if w.Commands != nil {
		got, want := canonicalJSON(commandsForCompare(res.Commands)), canonicalJSON(commandsForCompare(w.Commands))
		if got != want {
			f = append(f, fmt.Sprintf("commands = %s, want %s", got, want))
		}
	}
	if len(w.Slots) > 0 {
		var slots Slots
		if res.Top != nil {
			slots = res.Top.Slots
		}
		vals := slotValues(slots)
		for _, k := range sortedKeys(w.Slots) {
			if g, want := canonicalJSON(vals[k]), canonicalJSON(w.Slots[k]); g != want {
				f = append(f, fmt.Sprintf("slot %s = %s, want %s", k, g, want))
			}
		}
	}
	if w.Missing != nil {
		var got []string
		if res.Top != nil {
			got = res.Top.MissingRequiredSlots
		}
		if strings.Join(got, ",") != strings.Join(w.Missing, ",") {
			f = append(f, fmt.Sprintf("missing = %v, want %v", got, w.Missing))
		}
	}
	if w.Invalid != nil {
		var got []string
		if res.Top != nil {
			got = sortedKeys(res.Top.InvalidSlots)
		}
		want := append([]string(nil), w.Invalid...)
		sort.Strings(want)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			f = append(f, fmt.Sprintf("invalid = %v, want %v", got, want))
		}
	}
	d := res.Decision
	if w.Action != "" && d.ActionType != w.Action {
		f = append(f, fmt.Sprintf("decision.action_type = %s, want %s", d.ActionType, w.Action))
	}
	if w.Execute != nil && d.ShouldExecute != *w.Execute {
		f = append(f, fmt.Sprintf("decision.should_execute = %v, want %v", d.ShouldExecute, *w.Execute))
	}
	if w.Clarify != nil && d.NeedsClarification != *w.Clarify {
		f = append(f, fmt.Sprintf("decision.needs_clarification = %v, want %v", d.NeedsClarification, *w.Clarify))
	}
	if w.Confirm != nil && d.RequiresConfirmation != *w.Confirm {
		f = append(f, fmt.Sprintf("decision.requires_confirmation = %v, want %v", d.RequiresConfirmation, *w.Confirm))
	}
	if w.By != "" {
		got := ""
		if len(res.Commands) > 0 {
			got, _ = res.Commands[0].Args.Get("by").(string)
			if got == "" && res.Branch == BranchExpectationHit {
				switch res.Commands[0].Name {
				case "replace_anchor":
					got = "url"
				case "switch_to_nl":
					got = "text_input"
				}
			}
		}
		if got != w.By {
			f = append(f, fmt.Sprintf("answered by %q, want %q", got, w.By))
		}
	}
	return f
}

// Change is one difference between two replays of the same case.
type Change struct {
	Case  string `json:"case"`
	Field string `json:"field"`
	Old   string `json:"old"`
	New   string `json:"new"`
}

// DiffOutcomes lists every changed branch, top intent, command list, top
// slots and decision between two replays of the same cases.
func DiffOutcomes(old, cur []Outcome) []Change {
	byName := map[string]Outcome{}
	for _, o := range old {
		byName[o.Name] = o
	}
	var out []Change
	for _, n := range cur {
		o, ok := byName[n.Name]
		if !ok {
			out = append(out, Change{Case: n.Name, Field: "case", Old: "", New: "added"})
			continue
		}
		add := func(field, a, b string) {
			if a != b {
				out = append(out, Change{Case: n.Name, Field: field, Old: a, New: b})
			}
		}
		add("error", o.Err, n.Err)
		add("branch", string(o.Branch), string(n.Branch))
		add("top", o.Top, n.Top)
		add("commands", o.Commands, n.Commands)
		add("slots", o.Slots, n.Slots)
		add("decision", o.Decision, n.Decision)
	}
	return out
}

func slotValues(slots Slots) map[string]any {
	out := map[string]any{}
	for name, s := range slots {
		out[name] = s.Value
	}
	return out
}

func commandsForCompare(cmds []Command) []map[string]any {
	out := []map[string]any{}
	for _, c := range cmds {
		m := map[string]any{"name": c.Name}
		if len(c.Args) > 0 {
			m["args"] = c.Args
		}
		out = append(out, m)
	}
	return out
}

// canonicalJSON renders v as JSON with numbers and maps normalised, so
// YAML-decoded wants and typed results compare equal.
func canonicalJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("!%v", err)
	}
	var x any
	if err := json.Unmarshal(b, &x); err != nil {
		return string(b)
	}
	b, _ = json.Marshal(x)
	return string(b)
}
