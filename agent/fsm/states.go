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
package fsm

// Input is the input layer (seed 000 §3.1).
type Input string

// Input states, verbatim from the seed.
const (
	EmptyInput       Input = "empty_input"
	DraftKeyword     Input = "draft_keyword"
	EditingKeyword   Input = "editing_keyword"
	CommittedAnchor  Input = "committed_anchor"
	FollowupWaiting  Input = "followup_waiting"
	DraftFollowup    Input = "draft_followup"
	CommittedKeyword Input = "committed_keyword"
)

// Container is the container layer (seed 000 §4.1).
type Container string

// Container states, verbatim from the seed.
const (
	CompactClassic     Container = "compact_classic"
	CompactResolving   Container = "compact_resolving"
	ExpandedAgent      Container = "expanded_agent"
	ExpandedClarifying Container = "expanded_clarifying"
	ExpandedRepair     Container = "expanded_repair"
)

// Session is the session layer (seed 000 §5.1).
type Session string

// Session states, verbatim from the seed.
const (
	Idle         Session = "idle"
	Retrieving   Session = "retrieving"
	ResultsReady Session = "results_ready"
	Clarifying   Session = "clarifying"
	Refining     Session = "refining"
	EmptyRepair  Session = "empty_repair"
	Unsupported  Session = "unsupported"
)

// Inputs, Containers and Sessions list every state of each layer in the
// seed's order.
var (
	Inputs     = []Input{EmptyInput, DraftKeyword, EditingKeyword, CommittedAnchor, FollowupWaiting, DraftFollowup, CommittedKeyword}
	Containers = []Container{CompactClassic, CompactResolving, ExpandedAgent, ExpandedClarifying, ExpandedRepair}
	Sessions   = []Session{Idle, Retrieving, ResultsReady, Clarifying, Refining, EmptyRepair, Unsupported}
)

// State is the triple of the three parallel layers.
type State struct {
	Input     Input     `json:"input"`
	Container Container `json:"container"`
	Session   Session   `json:"session"`
}

// Initial is where every session starts (seed 000 §6.1).
var Initial = State{Input: EmptyInput, Container: CompactClassic, Session: Idle}

// Key is the contract's state key "<container>/<session>".
func (s State) Key() string { return string(s.Container) + "/" + string(s.Session) }

// String renders the triple as "input/container/session".
func (s State) String() string {
	return string(s.Input) + "/" + string(s.Container) + "/" + string(s.Session)
}

// Transient reports whether the session layer is a state in which work is
// in progress (seed 000 §5.3: the only states that may show loading).
func (s State) Transient() bool {
	return s.Session == Retrieving || s.Session == Refining || s.Container == CompactResolving
}

// Expanded reports whether the container is one of the expanded states.
func (s State) Expanded() bool {
	return s.Container == ExpandedAgent || s.Container == ExpandedClarifying || s.Container == ExpandedRepair
}
