// Package states names the states of the search box's three-layer state
// machine (seed 000, the single source of truth): the input, container and
// session layers, verbatim from the seed; the contract's state key
// "<container>/<session>"; and the scene/sub-state catalogue of seed 000
// section 8.1. It holds names only: the transitions live in agent/fsm, the
// per-state output contract in contract.
package states

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

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

// Valid reports whether i is one of Inputs.
func (i Input) Valid() bool { return slices.Contains(Inputs, i) }

// Valid reports whether c is one of Containers.
func (c Container) Valid() bool { return slices.Contains(Containers, c) }

// Valid reports whether s is one of Sessions.
func (s Session) Valid() bool { return slices.Contains(Sessions, s) }

// ErrBadKey is returned by ParseKey for text that is no
// "<container>/<session>" pair of known states.
var ErrBadKey = errors.New("bad state key")

// Key is the contract's state key "<container_state>/<session_state>",
// e.g. "expanded_clarifying/clarifying".
type Key string

// KeyOf builds a state key from its two layers.
func KeyOf(c Container, s Session) Key { return Key(string(c) + "/" + string(s)) }

// ParseKey checks that text is "<container>/<session>" with a known state
// on each side. Whether the pair is reachable is the state machine's and
// the contract's business, not this package's.
func ParseKey(text string) (Key, error) {
	c, s, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok || !Container(c).Valid() || !Session(s).Valid() {
		return "", fmt.Errorf("%w %q (want <container_state>/<session_state>)", ErrBadKey, text)
	}
	return KeyOf(Container(c), Session(s)), nil
}

// Container is the key's container state ("" for a malformed key).
func (k Key) Container() Container {
	c, _, _ := strings.Cut(string(k), "/")
	return Container(c)
}

// Session is the key's session state ("" for a malformed key).
func (k Key) Session() Session {
	_, s, _ := strings.Cut(string(k), "/")
	return Session(s)
}

// Classic reports whether the key's container is a compact (classic) one.
func (k Key) Classic() bool {
	c := k.Container()
	return c == CompactClassic || c == CompactResolving
}

// InProgress reports whether work is really in progress in this state, the
// only states that may show loading (seed 000 §5.3): retrieving, refining
// and URL resolving.
func (k Key) InProgress() bool {
	s := k.Session()
	return s == Retrieving || s == Refining || k.Container() == CompactResolving
}
