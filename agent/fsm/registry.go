package fsm

import (
	"errors"
	"fmt"
	"searchagent/tools/states"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Guard is a named condition on Facts. ArgDependent guards read the
// event's arguments; Offers evaluates them on the plausible clicks of
// Clicks.
type Guard struct {
	Name         string
	Doc          string
	ArgDependent bool
	OK           func(Facts) bool
}

// Match selects the states an action starts from; an empty list matches
// every state of that layer.
type Match struct {
	Inputs     []states.Input     `json:"inputs,omitempty"`
	Containers []states.Container `json:"containers,omitempty"`
	Sessions   []states.Session   `json:"sessions,omitempty"`
}

// Matches reports whether s is one of the selected states.
func (m Match) Matches(s State) bool {
	return (len(m.Inputs) == 0 || slices.Contains(m.Inputs, s.Input)) &&
		(len(m.Containers) == 0 || slices.Contains(m.Containers, s.Container)) &&
		(len(m.Sessions) == 0 || slices.Contains(m.Sessions, s.Session))
}

// Target is where an action goes; an empty layer keeps its state.
type Target struct {
	Input     states.Input     `json:"input,omitempty"`
	Container states.Container `json:"container,omitempty"`
	Session   states.Session   `json:"session,omitempty"`
	// Origin, when set, replaces the task's origin.
	Origin Origin `json:"origin,omitempty"`
	// Settle turns a finished upgrade into the ordinary agent path: a
	// follow-up after a keyword-started upgrade is a natural follow-up,
	// after a URL-started upgrade a mixed one (seed 000 §5.4, §6.5-6.6).
	Settle bool `json:"settle,omitempty"`
}

// Apply returns the state and origin after the action.
func (t Target) Apply(s State, o Origin) (State, Origin) {
	if t.Input != "" {
		s.Input = t.Input
	}
	if t.Container != "" {
		s.Container = t.Container
	}
	if t.Session != "" {
		s.Session = t.Session
	}
	if t.Origin != "" {
		o = t.Origin
	}
	if t.Settle {
		switch o {
		case OriginKeywordUpgrade:
			o = OriginNatural
		case OriginURLUpgrade:
			o = OriginMixed
		}
	}
	return s, o
}

// Action is one registered transition (seed 000 §8.5).
type Action struct {
	ID    string `json:"action_id"`
	Event Event  `json:"event"`
	From  Match  `json:"from"`
	Guard *Guard `json:"-"`
	To    Target `json:"to"`
	// Seed names the seed section (or table row) the action implements.
	Seed string `json:"seed"`
	// Doc says what the action means, in the seed's words where it has them.
	Doc string `json:"doc"`
	// Outcome marks a row that is the refusal outcome of an event rather
	// than something to offer: it is never listed as allowed.
	Outcome bool `json:"outcome,omitempty"`
}

// GuardName is the guard's name, or "" for an unguarded action.
func (a *Action) GuardName() string {
	if a.Guard == nil {
		return ""
	}
	return a.Guard.Name
}

// System reports whether the action is driven by a system event.
func (a *Action) System() bool { return !IsUserEvent(a.Event) }

// ErrNotAllowed is returned (wrapped in *NotAllowedError) when no action
// is registered for an event in the current state.
var ErrNotAllowed = errors.New("event not allowed in the current state")

// NotAllowedError says why an event was refused and what is allowed now.
type NotAllowedError struct {
	State State
	Event Event
	// Refused lists the guards that failed for actions of this event
	// that start from the current state (empty when no action of the
	// event starts here at all).
	Refused []string
	// Allowed lists the actions offered now (Offers).
	Allowed []*Action
}

func (e *NotAllowedError) Error() string {
	msg := fmt.Sprintf("%s: %s in %s", ErrNotAllowed, e.Event, e.State)
	if len(e.Refused) > 0 {
		msg += " (guard failed: " + strings.Join(e.Refused, ", ") + ")"
	}
	return msg
}

func (e *NotAllowedError) Unwrap() error { return ErrNotAllowed }

// Registry is the action table. It is immutable after construction.
type Registry struct {
	actions []*Action
	byID    map[string][]*Action
	// offers keeps Offers' answers by offerKey (at most offersCap).
	offers  sync.Map
	offersN atomic.Int32
}

// NewRegistry indexes a table of actions.
func NewRegistry(actions []*Action) *Registry {
	r := &Registry{actions: actions, byID: make(map[string][]*Action)}
	for _, a := range actions {
		r.byID[a.ID] = append(r.byID[a.ID], a)
	}
	return r
}

// Default is the registry of this product: every transition of seed 000.
func Default() *Registry { return defaultRegistry }

var defaultRegistry = NewRegistry(table())

// Actions returns every row, in table order.
func (r *Registry) Actions() []*Action { return r.actions }

// ByID returns the rows registered under an action id (the seed's
// baseline ids may have several rows whose targets depend on context).
func (r *Registry) ByID(id string) []*Action { return r.byID[id] }

// Resolve returns the action the event fires in state s given the facts,
// or a *NotAllowedError.
func (r *Registry) Resolve(s State, e Event, f Facts) (*Action, error) {
	a, refused := r.match(s, e, f)
	if a != nil {
		return a, nil
	}
	return nil, &NotAllowedError{State: s, Event: e, Refused: refused, Allowed: r.Offers(s, f)}
}

// match returns the first row of e from s whose guard holds, or the names
// of the guards that failed.
func (r *Registry) match(s State, e Event, f Facts) (*Action, []string) {
	var refused []string
	for _, a := range r.actions {
		if a.Event != e || !a.From.Matches(s) {
			continue
		}
		if a.Guard == nil || a.Guard.OK(f) {
			return a, nil
		}
		if !slices.Contains(refused, a.Guard.Name) {
			refused = append(refused, a.Guard.Name)
		}
	}
	return nil, refused
}
