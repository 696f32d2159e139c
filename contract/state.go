package contract

import (
	"errors"
	"fmt"
	"strings"

	"searchagent/tools/states"
)

// ErrUnknownState is returned for a state key the contract has no schema for.
var ErrUnknownState = errors.New("unknown state key")

// ErrContext is returned when the context contradicts the state key (a
// low_recall repair reason on empty_repair, an unknown sub-state, …).
var ErrContext = errors.New("context does not fit the state")

// StateKey is "<container_state>/<session_state>", e.g.
// "expanded_clarifying/clarifying": tools/states' key.
type StateKey = states.Key

// Key builds a state key from its two layers.
func Key(c states.Container, s states.Session) StateKey { return states.KeyOf(c, s) }

// StateKeys lists every state key the contract has a schema for, the pairs
// the state machine can reach.
var StateKeys = []StateKey{
	Key(states.CompactClassic, states.Idle),
	Key(states.CompactClassic, states.Retrieving),
	Key(states.CompactClassic, states.ResultsReady),
	Key(states.CompactResolving, states.Idle),
	Key(states.CompactResolving, states.Retrieving),
	Key(states.CompactResolving, states.ResultsReady),
	Key(states.ExpandedAgent, states.Idle),
	Key(states.ExpandedAgent, states.Retrieving),
	Key(states.ExpandedAgent, states.ResultsReady),
	Key(states.ExpandedAgent, states.Refining),
	Key(states.ExpandedClarifying, states.Clarifying),
	Key(states.ExpandedRepair, states.Retrieving),
	Key(states.ExpandedRepair, states.Refining),
	Key(states.ExpandedRepair, states.ResultsReady),
	Key(states.ExpandedRepair, states.EmptyRepair),
	Key(states.ExpandedRepair, states.Unsupported),
}

// ParseStateKey checks that s names a state key with a schema.
func ParseStateKey(s string) (StateKey, error) {
	k := StateKey(strings.TrimSpace(s))
	for _, known := range StateKeys {
		if k == known {
			return k, nil
		}
	}
	return "", fmt.Errorf("%w %q (want <container_state>/<session_state>, one of %s)", ErrUnknownState, s, joinKeys())
}

func joinKeys() string {
	parts := make([]string, len(StateKeys))
	for i, k := range StateKeys {
		parts[i] = string(k)
	}
	return strings.Join(parts, ", ")
}

// SourceStage is the context field source_stage (contract 4.3, 4.6A).
type SourceStage string

// Source stages.
const (
	StageFirstRound SourceStage = "first_round"
	StageFollowup   SourceStage = "followup"
	StagePostRepair SourceStage = "post_repair"
)

// Context is what, beside the state pair, decides the contract of a turn
// (seed 000 §2.3: context, not state). The zero value is a first-round turn
// with no repair.
type Context struct {
	// RepairReason: url_invalid, url_mismatch, url_unsupported (the URL
	// repair variants of expanded_repair/empty_repair), no_results,
	// low_recall (with RepairHintVisible, the hint variant of results_ready).
	RepairReason states.RepairReason `json:"repair_reason,omitempty"`
	// RepairHintVisible says the low-recall hint is shown (seed 000 §6.9).
	RepairHintVisible bool `json:"repair_hint_visible,omitempty"`
	// SourceStage is first_round, followup or post_repair.
	SourceStage SourceStage `json:"source_stage,omitempty"`
	// Substate is the scene/sub-state id of seed 000 §8.1 ("mixed-anchor"),
	// optional; the renderer words the texts after it and a
	// "*-followup-refining" sub-state selects the follow-up refining schema.
	Substate string `json:"substate,omitempty"`
}

// Followup reports whether the turn is an incremental refining after a
// follow-up (contract 4.6A).
func (c Context) Followup() bool {
	return c.SourceStage == StageFollowup || strings.HasSuffix(c.Substate, "-followup-refining")
}

// LowRecallHint reports whether the low-recall hint is shown.
func (c Context) LowRecallHint() bool {
	return c.RepairReason == states.RepairLowRecall && c.RepairHintVisible
}

// SchemaID names one schema of contract/schemas: the state key with the
// slash turned into a dot, plus a variant suffix chosen by the context
// ("expanded_repair.empty_repair.url_invalid").
type SchemaID string

// File is the schema's file name under schemas/ (and schemas/strict/).
func (id SchemaID) File() string { return string(id) + ".json" }

// Resolve picks the schema for a state key and its context:
//
//   - compact_classic/results_ready and expanded_agent/results_ready with
//     repair_reason=low_recall and the hint visible → ".low_recall";
//   - expanded_repair/results_ready is the opened low-recall repair →
//     always ".low_recall" (repair_reason must be low_recall or empty);
//   - expanded_repair/empty_repair with a URL repair reason →
//     ".url_invalid", ".url_mismatch", ".url_unsupported"; low_recall is an
//     error there (empty_repair carries zero results only, seed 000 §5.3);
//   - expanded_agent/refining after a follow-up (source_stage=followup or a
//     "*-followup-refining" sub-state) → ".followup";
//   - anything else → the state key itself.
func Resolve(k StateKey, c Context) (SchemaID, error) {
	if _, err := ParseStateKey(string(k)); err != nil {
		return "", err
	}
	if c.Substate != "" && !knownSubstate(c.Substate) {
		return "", fmt.Errorf("%w: unknown sub-state %q", ErrContext, c.Substate)
	}
	switch c.RepairReason {
	case states.RepairNone, states.RepairURLInvalid, states.RepairURLMismatch, states.RepairURLUnsupported, states.RepairNoResults, states.RepairLowRecall:
	default:
		return "", fmt.Errorf("%w: unknown repair_reason %q", ErrContext, c.RepairReason)
	}
	switch c.SourceStage {
	case "", StageFirstRound, StageFollowup, StagePostRepair:
	default:
		return "", fmt.Errorf("%w: unknown source_stage %q", ErrContext, c.SourceStage)
	}
	base := SchemaID(string(k.Container()) + "." + string(k.Session()))
	switch k {
	case Key(states.CompactClassic, states.ResultsReady), Key(states.ExpandedAgent, states.ResultsReady):
		if c.LowRecallHint() {
			return base + ".low_recall", nil
		}
	case Key(states.ExpandedRepair, states.ResultsReady):
		if c.RepairReason != states.RepairNone && c.RepairReason != states.RepairLowRecall {
			return "", fmt.Errorf("%w: %s is the opened low-recall repair, not repair_reason %q", ErrContext, k, c.RepairReason)
		}
		return base + ".low_recall", nil
	case Key(states.ExpandedRepair, states.EmptyRepair):
		if c.RepairReason == states.RepairLowRecall {
			return "", fmt.Errorf("%w: low_recall keeps results_ready; empty_repair carries zero results only (seed 000 §5.3)", ErrContext)
		}
		if c.RepairReason.IsURL() {
			return base + "." + SchemaID(c.RepairReason), nil
		}
	case Key(states.ExpandedAgent, states.Refining):
		if c.Followup() {
			return base + ".followup", nil
		}
	}
	return base, nil
}

func knownSubstate(s string) bool {
	_, ok := states.Lookup(s)
	return ok
}
