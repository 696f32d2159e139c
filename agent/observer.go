package agent

import "time"

// Observer receives what the agent counts: turns, transitions by action,
// router branches, contract violations by code, step latencies. The
// server implements it with Prometheus; nil observers are not allowed
// (use NopObserver).
type Observer interface {
	// Turn is called once per turn with the client event, whether the
	// turn ended in a stable state without error, and its duration.
	Turn(event string, ok bool, d time.Duration)
	// Transition is called for every applied action.
	Transition(actionID string)
	// RouterBranch is called for every routed follow-up.
	RouterBranch(branch string)
	// ContractViolation is called for every violation found in slots.
	ContractViolation(code string)
	// Step is called for every finished step.
	Step(step string, ok bool, d time.Duration)
}

// NopObserver discards everything.
type NopObserver struct{}

// Turn implements Observer.
func (NopObserver) Turn(string, bool, time.Duration) {}

// Transition implements Observer.
func (NopObserver) Transition(string) {}

// RouterBranch implements Observer.
func (NopObserver) RouterBranch(string) {}

// ContractViolation implements Observer.
func (NopObserver) ContractViolation(string) {}

// Step implements Observer.
func (NopObserver) Step(string, bool, time.Duration) {}
