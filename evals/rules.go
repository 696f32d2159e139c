package evals

import (
	"fmt"
	"slices"
	"strings"

	"searchagent/api"
	"searchagent/contract"
	"searchagent/tools/condition"
	"searchagent/tools/states"
)

// The conversation-level rules checked over every turn of every
// scenario (seed 001 §4, seed 000 §6): each is a function of the turns
// seen so far.
const (
	RuleOneQuestion    = "one_question"     // at most one question per clarifying episode
	RuleNoFakeLoading  = "no_fake_loading"  // never loading in a stable state
	RuleScopeKept      = "scope_kept"       // a tag's scope changes only through a tag event
	RuleAnchorKept     = "anchor_kept"      // the anchor leaves only through an anchor event
	RuleConstraintKept = "constraints_kept" // conditions are not lost between turns
	RuleButtons        = "buttons"          // offered buttons are distinct and executable
	RuleContract       = "contract"         // no contract violation in any turn
)

// AllRules lists every conversation-level rule.
var AllRules = []string{RuleOneQuestion, RuleNoFakeLoading, RuleScopeKept, RuleAnchorKept, RuleConstraintKept, RuleButtons, RuleContract}

// ruleSet is the rules in force; a button prober runs RuleButtons'
// executability half.
type ruleSet struct {
	on    map[string]bool
	probe func(turns []turnView, at int) []string
}

// stableSessions are the session states in which nothing is loading.
var stableSessions = []states.Session{states.Idle, states.ResultsReady, states.Clarifying, states.EmptyRepair, states.Unsupported}

// events that may change a tag's scope, remove the anchor or drop
// conditions (the user asked for it).
var (
	scopeEvents  = []string{"tag.set_scope", "tag.edit_submit", "session.reset", "A_REPAIR_EXPAND_RECALL_SCOPE"}
	anchorEvents = []string{"anchor.delete", "session.reset", "search.submit", "input.commit", "input.clear",
		"A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "A_REPAIR_REPLACE_ANCHOR", "A_REPAIR_FIX_URL", "A_REPAIR_SWITCH_TO_NL",
		"agent.fallback_to_classic"}
	anchorCommands = []string{"replace_anchor", "remove_anchor", "remove_condition", "new_task", "reset", "back_to_classic", "switch_to_nl"}
	dropEvents     = []string{"condition.remove", "condition.edit", "filter.clear", "filter.set", "session.reset", "search.submit",
		"input.commit", "anchor.delete", "tag.delete", "tag.edit_submit", "tag.toggle_exclude", "tag.set_scope", "agent.fallback_to_classic", "clarify.answer",
		"A_REPAIR_EXPAND_RECALL_SCOPE", "A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS", "A_REPAIR_REPLACE_ANCHOR", "A_REPAIR_FIX_URL", "A_REPAIR_SWITCH_TO_NL"}
	dropCommands = []string{"remove_condition", "new_task", "reset", "back_to_classic", "switch_to_nl", "widen", "replace_anchor"}
)

func (rs *ruleSet) check(turns []turnView) []string {
	var f []string
	add := func(rule string, i int, format string, a ...any) {
		f = append(f, fmt.Sprintf("%s at step %d %s: %s", rule, turns[i].Step, turns[i].Event, fmt.Sprintf(format, a...)))
	}
	for i := range turns {
		v := &turns[i]
		if v.Refused != nil {
			continue
		}
		before, after := v.Before, v.After
		d := v.decision()
		var cmds []string
		if d != nil {
			for _, c := range d.Commands {
				cmds = append(cmds, c.Name)
			}
		}
		if rs.on[RuleOneQuestion] && before.State.Session == "clarifying" && after.State.Session == "clarifying" &&
			before.Context.PendingQuestion != nil && after.Context.PendingQuestion != nil &&
			before.Context.PendingQuestion.Text != after.Context.PendingQuestion.Text {
			// The same question asked again while its subject stays open
			// (a pending platform after a manual change) is not a second
			// one; another text is.
			add(RuleOneQuestion, i, "a second question %q in one clarifying episode (first: %q)", after.Context.PendingQuestion.Text, before.Context.PendingQuestion.Text)
		}
		if rs.on[RuleNoFakeLoading] && slices.Contains(stableSessions, states.Session(after.State.Session)) && after.Slots.Status != nil && after.Slots.Status.Loading {
			add(RuleNoFakeLoading, i, "status.loading is true in the stable state %s", after.State.Session)
		}
		if rs.on[RuleScopeKept] && !slices.Contains(scopeEvents, v.Event) {
			for _, b := range before.Context.KeywordTags {
				for _, a := range after.Context.KeywordTags {
					if a.ID == b.ID && a.Scope != b.Scope {
						add(RuleScopeKept, i, "tag %s %q changed scope %s → %s without a tag event", a.ID, a.Text, b.Scope, a.Scope)
					}
				}
			}
		}
		if rs.on[RuleAnchorKept] && anchored(before) && !anchored(after) && !slices.Contains(anchorEvents, v.Event) && !anyOf(cmds, anchorCommands) {
			add(RuleAnchorKept, i, "the anchor %s disappeared without an anchor event", before.Context.Anchor.URL)
		}
		if rs.on[RuleConstraintKept] && !slices.Contains(dropEvents, v.Event) && !anyOf(cmds, dropCommands) {
			for _, b := range before.Context.Conditions {
				// A condition whose field is still constrained was edited,
				// not lost (a replaced platform waits for its question).
				if b.Kind == condition.KindAnchor || hasCondition(after.Context.Conditions, b) || hasField(after.Context.Conditions, b.Field) || touched(d, b.Field) ||
					saidRemoved(after.Context.Notice, b.Label) {
					continue
				}
				add(RuleConstraintKept, i, "condition %s %s %s (%s) was lost", b.Field, b.Op, canonical(b.Value), b.Label)
			}
		}
		if rs.on[RuleButtons] {
			for _, dup := range duplicateLabels(after) {
				add(RuleButtons, i, "%s", dup)
			}
			if rs.probe != nil && (i == len(turns)-1 || turns[i+1].Refused == nil) {
				for _, p := range rs.probe(turns, i) {
					add(RuleButtons, i, "%s", p)
				}
			}
		}
		if rs.on[RuleContract] {
			for _, e := range v.Events {
				if e.Name == api.EventContractViolation {
					add(RuleContract, i, "contract.violation %s", strings.TrimSpace(string(e.Data)))
				}
			}
		}
	}
	return f
}

// saidRemoved reports a condition the turn's notice names as removed
// ("Removed: Comedy, Spanish", "已移除：搞笑"): a removal the user asked for
// in words ("keep only the country, drop the rest") and the box says is
// not lost in silence.
func saidRemoved(notice, label string) bool {
	if label == "" {
		return false
	}
	for _, mark := range []string{"Removed: ", "已移除："} {
		if i := strings.Index(notice, mark); i >= 0 && strings.Contains(notice[i:], label) {
			return true
		}
	}
	return false
}

func anchored(s api.Snapshot) bool {
	return s.Context.Anchor != nil && s.Context.Anchor.Resolution == "resolved_exact"
}

func anyOf(have, set []string) bool {
	for _, h := range have {
		if slices.Contains(set, h) {
			return true
		}
	}
	return false
}

func hasCondition(cs []contract.Condition, want contract.Condition) bool {
	for _, c := range cs {
		if c.Field == want.Field && c.Op == want.Op && canonical(c.Value) == canonical(want.Value) {
			return true
		}
	}
	return false
}

func hasField(cs []contract.Condition, field string) bool {
	for _, c := range cs {
		if c.Field == field {
			return true
		}
	}
	return false
}

// touched reports whether a command of the turn named the field (an edit
// of that condition, said in the turn).
func touched(d *routerDecision, field string) bool {
	if d == nil {
		return false
	}
	for _, c := range d.Commands {
		if f, _ := c.Args["field"].(string); f == field {
			return true
		}
		if strings.Contains(c.Name, field) {
			return true
		}
	}
	return false
}

// duplicateLabels lists labels shown twice in one list of a snapshot:
// the top-level actions, the actions slot, the repair options. (A repair
// option may also be an action: they are separate blocks of the box.)
func duplicateLabels(s api.Snapshot) []string {
	var out []string
	count := func(what string, labels []string) {
		seen := map[string]int{}
		for _, l := range labels {
			seen[l]++
		}
		for _, l := range sortedKeys(seen) {
			if seen[l] > 1 {
				out = append(out, fmt.Sprintf("the label %q is shown %d times in %s", l, seen[l], what))
			}
		}
	}
	var top, acts, reps []string
	for _, a := range s.Actions {
		top = append(top, a.Label)
	}
	for _, a := range s.Slots.Actions {
		acts = append(acts, a.Label)
	}
	for _, a := range s.Slots.RepairOptions {
		reps = append(reps, a.Label)
	}
	count("the offered actions", top)
	count("the actions slot", acts)
	count("the repair options", reps)
	return out
}
