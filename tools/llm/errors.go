package llm

import (
	"errors"
	"fmt"
)

// Errors callers branch on. Every error Complete returns wraps one of them
// or a context error.
var (
	// ErrNotConfigured: no base URL or model.
	ErrNotConfigured = errors.New("llm: model not configured")
	// ErrBudgetExhausted: the turn's token budget is spent.
	ErrBudgetExhausted = errors.New("llm: turn token budget exhausted")
	// ErrReplayMiss: replay mode has no cassette for the request's key.
	ErrReplayMiss = errors.New("llm: no cassette for this request in replay mode")
	// ErrRefused: the model answered with a refusal instead of content.
	ErrRefused = errors.New("llm: the model refused")
	// ErrBadOutput: the answer is empty, cut off, not one JSON object, or
	// not valid against its schema.
	ErrBadOutput = errors.New("llm: malformed model output")
	// ErrUnavailable: the server failed (after the bounded retries) or
	// answered with an error status.
	ErrUnavailable = errors.New("llm: model server unavailable")
	// ErrStageDeadline: the stage's deadline (or the turn's model time)
	// passed before the model answered; the stage is skipped.
	ErrStageDeadline = errors.New("llm: stage deadline passed")
	// ErrBreakerOpen: the circuit is open after consecutive failures; the
	// model is skipped until the cool-down ends.
	ErrBreakerOpen = errors.New("llm: model skipped: circuit open")
)

// errTimedOut marks an attempt that ran out of its CallTimeout.
var errTimedOut = errors.New("timed out")

// StatusError is an error status from the server (after the bounded
// retries). It wraps ErrUnavailable.
type StatusError struct {
	Status  int
	Message string
}

func (e *StatusError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("%v: status %d", ErrUnavailable, e.Status)
	}
	return fmt.Sprintf("%v: status %d: %s", ErrUnavailable, e.Status, e.Message)
}

// Unwrap makes a StatusError an ErrUnavailable.
func (e *StatusError) Unwrap() error { return ErrUnavailable }
