package contract

import (
	"searchagent/tools/condition"
	"searchagent/tools/scope"
)

// Tone is the colour of a status line.
type Tone string

// Tones of a status line. ToneProgress belongs to states where work is in
// progress only (seed 000 §5.3); a stable state shows it as fake loading.
const (
	ToneInfo     Tone = "info"
	ToneProgress Tone = "progress"
	ToneSuccess  Tone = "success"
	ToneWarning  Tone = "warning"
	ToneError    Tone = "error"
)

// Tones lists every tone.
var Tones = []Tone{ToneInfo, ToneProgress, ToneSuccess, ToneWarning, ToneError}

// Status is the status slot: one short line about where the search stands.
type Status struct {
	// Text is the line itself, short and never a question.
	Text string `json:"text"`
	// Tone colours the line.
	Tone Tone `json:"tone"`
	// Loading asks the search box to animate; only in states where work is
	// really in progress.
	Loading bool `json:"loading"`
}

// Condition is one entry of the conditions slot: a node of the session's
// Condition Graph as the user sees it.
type Condition struct {
	// ID is the node's id in the graph ("c1").
	ID string `json:"id"`
	// Kind is anchor, keyword, hard, soft or derived.
	Kind condition.Kind `json:"kind"`
	// Field is what the condition constrains: "country", "followers",
	// "preference", "anchor"; for a keyword, its match scope (tags, name,
	// description, content, all).
	Field string `json:"field"`
	// Op is the operator (see Op for the value each takes).
	Op condition.Op `json:"op"`
	// Value is the operand: a string, a number, an array of strings or
	// {"min","max"}; anything encoding/json turns into one of these.
	Value any `json:"value"`
	// Label is the chip text ("粉丝 ≥ 1万", "Followers ≥ 10k").
	Label string `json:"label"`
	// Source is user_input, agent_inferred or manual.
	Source condition.Source `json:"source"`
	// Status is applied, reference or pending.
	Status condition.Status `json:"status"`
}

// Option is one clickable answer of a question.
type Option struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// Question is the question slot: the one high-value question of a turn,
// with two to four answers (contract 4.5).
type Question struct {
	ID      string   `json:"id"`
	Text    string   `json:"text"`
	Options []Option `json:"options"`
}

// RepairOption is one entry of repair_options: a repair action (A_REPAIR_*)
// with its label and why it helps.
type RepairOption struct {
	ActionID string `json:"action_id"`
	Label    string `json:"label"`
	Reason   string `json:"reason"`
	// Args name what the option changes (issue 16 item 4): the client
	// sends them with the action, so that two options of one action each
	// apply their own change. Nil for an option that changes nothing
	// named.
	Args *RepairArgs `json:"args,omitempty"`
}

// RepairArgs are the arguments of a repair option: the condition (or tag,
// or anchor) it relaxes and, for a keyword moved to another match scope or
// a widened range, the new scope or range.
type RepairArgs struct {
	ConditionID string `json:"condition_id,omitempty"`
	Scope       Scope  `json:"scope,omitempty"`
	// Value is a widened count range.
	Value *RangeArg `json:"value,omitempty"`
}

// RangeArg is a count range; 0 leaves a side open.
type RangeArg struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// RepairHint is the light low-recall hint inside the box (contract 4.4A):
// a short text and the hint actions (A_HINT_*) it offers.
type RepairHint struct {
	Text      string   `json:"text"`
	ActionIDs []string `json:"action_ids"`
}

// Action is one entry of the actions slot: a registered action allowed now.
type Action struct {
	ActionID string `json:"action_id"`
	Label    string `json:"label"`
}

// Slots is the agent's output for one turn (contract §3). An absent slot is
// omitted: a nil pointer, a nil slice or an empty task summary. A required
// list slot with no entries must be an empty, non-nil slice so that it
// encodes as []. Actions always encodes; a nil Actions encodes as null and
// is reported missing.
type Slots struct {
	Status        *Status        `json:"status,omitzero"`
	TaskSummary   string         `json:"task_summary,omitzero"`
	Conditions    []Condition    `json:"conditions,omitzero"`
	Question      *Question      `json:"question,omitzero"`
	RepairOptions []RepairOption `json:"repair_options,omitzero"`
	RepairHint    *RepairHint    `json:"repair_hint,omitzero"`
	Actions       []Action       `json:"actions"`
}

// Slot names, as they appear in JSON.
const (
	SlotStatus        = "status"
	SlotTaskSummary   = "task_summary"
	SlotConditions    = "conditions"
	SlotQuestion      = "question"
	SlotRepairOptions = "repair_options"
	SlotRepairHint    = "repair_hint"
	SlotActions       = "actions"
)

// SlotNames lists the slots in contract order.
var SlotNames = []string{SlotStatus, SlotTaskSummary, SlotConditions, SlotQuestion, SlotRepairOptions, SlotRepairHint, SlotActions}

// Scope is a keyword tag's match target (spec 3.4.1D): tools/scope's.
type Scope = scope.Scope

// Keyword match scopes (scope.*), re-exported for the contract's users.
const (
	ScopeTags        = scope.Tags
	ScopeName        = scope.Name
	ScopeDescription = scope.Description
	ScopeContent     = scope.Content
	ScopeAll         = scope.All
)

// Tag is a keyword tag of the search box (seed 000 §3.1A): the user's
// explicit keyword, its match scope and whether it excludes.
type Tag struct {
	ID       string `json:"id"`
	Text     string `json:"text"`
	Scope    Scope  `json:"scope"`
	Excluded bool   `json:"is_excluded"`
}
