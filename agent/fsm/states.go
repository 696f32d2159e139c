// Package fsm is the three-layer extended finite state machine of seed 000
// (the single source of truth for states): the input, container and
// session layers, the closed event vocabulary, the action registry that
// maps an event in a state to exactly one registered transition, and the
// scene/sub-state catalogue of seed 000 section 8.1.
//
// The package is pure: no I/O, no clock. The agent's turn executor
// computes Facts from the session's context and the event's arguments,
// asks Resolve for the action, applies it, runs tools, and resolves the
// system events (results, no results, clarification, …) the same way, so
// that every state change — the user's and the system's — is a registered
// row with an action id.
//
// Where the seed's tables allow two readings, these are the ones chosen:
//
//   - expanded_repair → compact_classic (seed 000 §4.2 "用户修正后重新搜索")
//     also sets the input layer: a repaired classic search lands with its
//     tags committed (committed_keyword), its anchor badge
//     (committed_anchor) or an empty box (empty_input), never with
//     followup_waiting, which belongs to the expanded box (§3.3: the classic
//     box always takes a new keyword; §6.1).
//   - Deleting the last keyword of a classic search in its repair is seed
//     000 §3.2 "删除最后一个 tag → empty_input": the box is empty again
//     (empty_input + compact_classic + idle, §6.1) and nothing is searched,
//     rather than a search of the whole catalogue.
//   - A_REPAIR_REMOVE_ANCHOR_KEEP_KEYWORDS goes to compact_classic (seed 000
//     §8.5.3) when only keywords (or nothing) remain; when the failed link
//     or the anchor came with other conditions (a country, a follower
//     range, a category), those are kept (§6.8: only the URL part fails)
//     and searched by in expanded_agent, the box that can show them
//     (compact_classic cannot, contract 4.1).
//   - Likewise a corrected or replaced link that resolves lands in
//     compact_classic only for a classic URL search; with keyword tags or
//     other conditions it lands in expanded_agent (mixed-anchor), where
//     the conditions that apply are shown.
//   - A_REPAIR_EXPAND_RECALL_SCOPE in an empty result applies one computed
//     relaxation (the one its arguments name, else the first offered) and
//     is offered only when one finds results; in low recall it lowers the
//     anchor's similarity floor.
package fsm

import "searchagent/tools/states"

// State is the triple of the three parallel layers.
type State struct {
	Input     states.Input     `json:"input"`
	Container states.Container `json:"container"`
	Session   states.Session   `json:"session"`
}

// Initial is where every session starts (seed 000 §6.1).
var Initial = State{Input: states.EmptyInput, Container: states.CompactClassic, Session: states.Idle}

// Key is the contract's state key "<container>/<session>".
func (s State) Key() string { return string(states.KeyOf(s.Container, s.Session)) }

// String renders the triple as "input/container/session".
func (s State) String() string {
	return string(s.Input) + "/" + string(s.Container) + "/" + string(s.Session)
}

// Transient reports whether the session layer is a state in which work is
// in progress (seed 000 §5.3: the only states that may show loading).
func (s State) Transient() bool {
	return s.Session == states.Retrieving || s.Session == states.Refining || s.Container == states.CompactResolving
}

// Expanded reports whether the container is one of the expanded states.
func (s State) Expanded() bool {
	return s.Container == states.ExpandedAgent || s.Container == states.ExpandedClarifying || s.Container == states.ExpandedRepair
}
