package contract

import (
	"fmt"
	"sort"

	"searchagent/tools/states"
)

// Presence says whether a slot must, may or must not appear in a state.
type Presence int

// Slot presences.
const (
	Forbidden Presence = iota
	Optional
	Required
)

func (p Presence) String() string {
	switch p {
	case Required:
		return "required"
	case Optional:
		return "optional"
	}
	return "forbidden"
}

// Limits are the text bounds of a state, in display width: a wide (CJK,
// full-width, most emoji) character counts 2, anything else 1, so 20
// Chinese characters weigh as much as 40 Latin ones.
type Limits struct {
	Status       int `json:"status"`
	TaskSummary  int `json:"task_summary"`
	Question     int `json:"question"`
	OptionLabel  int `json:"option_label"`
	RepairLabel  int `json:"repair_label"`
	RepairReason int `json:"repair_reason"`
	Hint         int `json:"hint"`
	ActionLabel  int `json:"action_label"`
	CondLabel    int `json:"condition_label"`
	CondValue    int `json:"condition_value"`
}

// MaxConditionValueWidth is the widest condition value (a keyword tag's
// text among them) in every state.
const MaxConditionValueWidth = 120

var (
	// classicLimits keep compact states light (contract 4.1: no long text).
	classicLimits = Limits{Status: 40, TaskSummary: 80, Question: 40, OptionLabel: 24, RepairLabel: 24, RepairReason: 60, Hint: 60, ActionLabel: 32, CondLabel: 40, CondValue: MaxConditionValueWidth}
	// expandedLimits bound the expanded box (contract 4.5: no long explanation).
	expandedLimits = Limits{Status: 80, TaskSummary: 280, Question: 80, OptionLabel: 40, RepairLabel: 40, RepairReason: 100, Hint: 100, ActionLabel: 40, CondLabel: 60, CondValue: MaxConditionValueWidth}
	// shortQuestion is the "极短问题" a repair may ask (contract 4.7).
	shortQuestion = 40
)

// Baseline action ids of seed 000 §8.5.3 and §8.5.4.
const (
	ActionFixURL                   = "A_REPAIR_FIX_URL"
	ActionRemoveAnchorKeepKeywords = "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS"
	ActionSwitchToNL               = "A_REPAIR_SWITCH_TO_NL"
	ActionHintOpenLowRecall        = "A_HINT_OPEN_REPAIR_LOW_RECALL"
	ActionHintDismissLowRecall     = "A_HINT_DISMISS_LOW_RECALL"
	ActionReplaceAnchor            = "A_REPAIR_REPLACE_ANCHOR"
	ActionExpandRecallScope        = "A_REPAIR_EXPAND_RECALL_SCOPE"
)

var (
	// urlRepairActions are the only repair options of a URL failure
	// (contract 5.2A, seed 000 §8.5.3).
	urlRepairActions = []string{ActionFixURL, ActionRemoveAnchorKeepKeywords, ActionSwitchToNL}
	// lowRecallRepairActions are the low-recall repair options
	// (contract 4.7A, seed 000 §8.5.4), in priority order.
	lowRecallRepairActions = []string{ActionReplaceAnchor, ActionExpandRecallScope, ActionRemoveAnchorKeepKeywords, ActionSwitchToNL}
	// HintActions are the actions of the low-recall hint (seed 000 §6.9).
	HintActions = []string{ActionHintOpenLowRecall, ActionHintDismissLowRecall}
)

// Rule is the contract of one schema: which slots a state requires, allows
// and forbids, its text bounds and its action sets. It is the one table the
// schema files are generated from and the Go checks read.
type Rule struct {
	ID  SchemaID
	Key StateKey
	// Section is the contract section ("4.5") quoted in messages.
	Section string
	// Doc describes the state for the schema's description.
	Doc   string
	Slots map[string]Presence
	// Classic states keep every text short.
	Classic bool
	// InProgress states may show loading.
	InProgress bool
	Limits     Limits
	// RepairActions, when set, is the closed set of repair option actions.
	RepairActions []string
	// SummaryWhenKeywords requires task_summary when keyword tags exist
	// (contract 5.2A: say that the keywords are kept).
	SummaryWhenKeywords bool
}

// Presence returns the rule's presence for a slot name.
func (r *Rule) Presence(slot string) Presence { return r.Slots[slot] }

func slots(status, summary, conditions, question, repair, hint, actions Presence) map[string]Presence {
	return map[string]Presence{
		SlotStatus: status, SlotTaskSummary: summary, SlotConditions: conditions, SlotQuestion: question,
		SlotRepairOptions: repair, SlotRepairHint: hint, SlotActions: actions,
	}
}

const (
	no   = Forbidden
	may  = Optional
	must = Required
)

// buildRules returns every rule, one per schema.
func buildRules() map[SchemaID]*Rule {
	rules := map[SchemaID]*Rule{}
	add := func(id SchemaID, key StateKey, section, doc string, s map[string]Presence, mod ...func(*Rule)) {
		r := &Rule{ID: id, Key: key, Section: section, Doc: doc, Slots: s, Classic: key.Classic(), InProgress: key.InProgress()}
		if r.Classic {
			r.Limits = classicLimits
		} else {
			r.Limits = expandedLimits
		}
		for _, m := range mod {
			m(r)
		}
		rules[id] = r
	}
	repairSet := func(ids []string) func(*Rule) { return func(r *Rule) { r.RepairActions = ids } }
	shortQ := func(r *Rule) { r.Limits.Question = shortQuestion }
	kw := func(r *Rule) { r.SummaryWhenKeywords = true }

	// Compact (classic) states: no question, no summary card (contract 4.1, 4.2).
	add("compact_classic.idle", Key(states.CompactClassic, states.Idle), "4.1",
		"Classic box before a search: at most a very light status; no question, no summary card.",
		slots(may, no, no, no, no, no, must))
	add("compact_classic.retrieving", Key(states.CompactClassic, states.Retrieving), "4.1",
		"Classic keyword or anchor search running: a very light status; loading allowed.",
		slots(may, no, no, no, no, no, must))
	add("compact_classic.results_ready", Key(states.CompactClassic, states.ResultsReady), "4.1",
		"Classic results: at most a very light stable status; no question, no summary card, no loading.",
		slots(may, no, no, no, no, no, must))
	add("compact_classic.results_ready.low_recall", Key(states.CompactClassic, states.ResultsReady), "4.4A",
		"Classic results with few matches: results stay visible; a light repair_hint offers to open the repair; never auto-expand.",
		slots(may, no, no, no, no, must, may))
	for _, s := range []states.Session{states.Idle, states.Retrieving, states.ResultsReady} {
		add(SchemaID(string(states.CompactResolving)+"."+string(s)), Key(states.CompactResolving, s), "4.2",
			"Resolving a URL: a light progress status and at most minimal actions; no agent card, no question.",
			slots(must, no, no, no, no, no, must))
	}

	// Expanded agent (contract 4.3, 4.4, 4.6).
	add("expanded_agent.idle", Key(states.ExpandedAgent, states.Idle), "4.3",
		"Expanded box waiting for a description: a stable status, optionally the task summary and conditions.",
		slots(must, may, may, no, no, no, must))
	add("expanded_agent.retrieving", Key(states.ExpandedAgent, states.Retrieving), "4.3",
		"First-round search running: a progress status, the task summary and conditions when parsed; no question yet (search first, ask later).",
		slots(must, may, may, no, no, no, must))
	add("expanded_agent.results_ready", Key(states.ExpandedAgent, states.ResultsReady), "4.4",
		"Results are stable: a stable status, the task summary (what we search by, what is applied, what is only a reference) and the conditions; no loading, no question.",
		slots(must, must, must, no, no, no, must))
	add("expanded_agent.results_ready.low_recall", Key(states.ExpandedAgent, states.ResultsReady), "4.4A",
		"Stable results but few: keep them visible, say so, and offer the light repair_hint; never auto-expand the repair.",
		slots(must, must, must, no, no, must, may))
	add("expanded_agent.refining", Key(states.ExpandedAgent, states.Refining), "4.6",
		"Refreshing after an answer or a condition change: a progress status, optionally the summary; no new question, no stable-result wording.",
		slots(must, may, may, no, no, no, must))
	add("expanded_agent.refining.followup", Key(states.ExpandedAgent, states.Refining), "4.6A",
		"Incremental refining after a follow-up: a progress status and the task summary with the addition as an increment.",
		slots(must, must, may, no, no, no, must))

	// Clarifying (contract 4.5).
	add("expanded_clarifying.clarifying", Key(states.ExpandedClarifying, states.Clarifying), "4.5",
		"One high-value question with 2-4 options, the conditions, a stable status; never a second question, never a long explanation.",
		slots(must, may, must, must, no, no, must))

	// Repair (contract 4.7, 4.7A, 4.8, 5.2A).
	add("expanded_repair.retrieving", Key(states.ExpandedRepair, states.Retrieving), "4.7",
		"Searching again after a repair: a progress status, optionally the summary and conditions.",
		slots(must, may, may, no, no, no, must))
	add("expanded_repair.refining", Key(states.ExpandedRepair, states.Refining), "4.6A",
		"Refreshing after a repair follow-up or a manual change: a progress status, optionally the summary and conditions.",
		slots(must, may, may, no, no, no, must))
	add("expanded_repair.results_ready.low_recall", Key(states.ExpandedRepair, states.ResultsReady), "4.7A",
		"The opened low-recall repair: say it is low recall, not zero results; say the anchor and keywords are kept; 1-3 low-recall repair options.",
		slots(must, must, must, no, must, no, must), repairSet(lowRecallRepairActions))
	add("expanded_repair.empty_repair", Key(states.ExpandedRepair, states.EmptyRepair), "4.7",
		"Zero results with conditions: the reason, the conditions kept visible, 1-3 repair options, at most one very short question; no chat, no fake loading.",
		slots(must, may, must, may, must, no, must), shortQ)
	for _, reason := range []states.RepairReason{states.RepairURLInvalid, states.RepairURLMismatch, states.RepairURLUnsupported} {
		add(SchemaID("expanded_repair.empty_repair."+string(reason)), Key(states.ExpandedRepair, states.EmptyRepair), "5.2A",
			"The URL could not become an anchor ("+string(reason)+"): the status says why, the task summary says the keywords are kept, and the repair options are only A_REPAIR_FIX_URL, A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS, A_REPAIR_SWITCH_TO_NL.",
			slots(must, may, must, may, must, no, must), shortQ, kw, repairSet(urlRepairActions))
	}
	add("expanded_repair.unsupported", Key(states.ExpandedRepair, states.Unsupported), "4.8",
		"A limit: the clear reason and, when there is one, a feasible alternative as a repair option; never dressed as a successful search.",
		slots(must, may, may, no, may, no, must))
	return rules
}

// rulesTable is built once; rules are read-only after init.
var rulesTable = buildRules()

// RuleFor returns the rule of a schema id.
func RuleFor(id SchemaID) (*Rule, error) {
	r, ok := rulesTable[id]
	if !ok {
		return nil, fmt.Errorf("%w: no schema %q", ErrUnknownState, id)
	}
	return r, nil
}

// SchemaIDs lists every schema id, sorted.
func SchemaIDs() []SchemaID {
	ids := make([]SchemaID, 0, len(rulesTable))
	for id := range rulesTable {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}
