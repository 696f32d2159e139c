// Package agent is the orchestrator behind the search box: sessions, the
// three-layer state machine of seed 000 (package fsm) driven by events,
// the turn executor that resolves each event to a registered action, runs
// the tools as visible steps, lands in a stable or repair state, renders
// contract-checked slots and persists everything, and the audit trail.
//
// Each user event has one home, its handler in events.go beside its rows
// in fsm's table: what it checks, what it changes, what runs after its
// first transition, and its button. Each router command kind has one
// entry in commands.go, the only reading of a follow-up. What the box
// offers is one function, offers (offers.go). Adding an event touches
// fsm/events.go, fsm/table.go and events.go; a filter field is a row of
// the filter registry (tools/fields), which the commands, filter.set, the
// filter buttons and the store all read.
package agent

import (
	"context"
	"errors"
	"fmt"

	"searchagent/agent/sessions"
)

// Sentinel errors callers (the HTTP server) branch on. Every error the
// agent returns to a caller is an *Error wrapping one of them.
var (
	ErrBadRequest   = errors.New("bad request")           // 400
	ErrUnauthorized = errors.New("missing session token") // 401
	ErrForbidden    = errors.New("wrong session token")   // 403
	ErrNotFound     = errors.New("not found")             // 404
	ErrNotAllowed   = errors.New("event not allowed now") // 409, Details: Refusal
	ErrConflict     = errors.New("concurrent change")     // 409
	ErrGone         = errors.New("session closed")        // 410
	ErrTooLarge     = errors.New("input too large")       // 413
	ErrUnavailable  = errors.New("unavailable")           // 503
	ErrInternal     = errors.New("internal error")        // 500
)

// Error is a user-safe error: Code is stable, the message can be shown in
// the search box in either language (it never carries raw store, model or
// tool error text, nor a Go type or package name), Details is structured
// data for the client. The underlying cause is kept for logs and traces
// only.
type Error struct {
	Kind error
	Code string
	// Message is the text in English; MessageZH the same in Chinese
	// (empty: Message is all there is).
	Message   string
	MessageZH string
	// Locale is the locale of the session the error is about, when one is
	// known: the answer is in it (else in the request's Accept-Language).
	Locale  string
	Details any
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.cause)
	}
	return e.Code + ": " + e.Message
}

// In is the message in lang ("zh" or "en").
func (e *Error) In(lang string) string {
	if lang == "zh" && e.MessageZH != "" {
		return e.MessageZH
	}
	return e.Message
}

// Unwrap returns the sentinel kind.
func (e *Error) Unwrap() error { return e.Kind }

// Cause is the internal cause, for logs and traces; never shown to users.
func (e *Error) Cause() error { return e.cause }

func newError(kind error, code string, msg text, details any, cause error) *Error {
	if kind == ErrInternal && errors.Is(cause, sessions.ErrUnavailable) {
		// The session database is away: a 503 the client may retry, not a bug.
		kind, code, msg = ErrUnavailable, "unavailable", text{"会话存储暂时不可用，请稍后重试", "the session store is unavailable; retry in a moment"}
	}
	return &Error{Kind: kind, Code: code, Message: msg.en, MessageZH: msg.zh, Details: details, cause: cause}
}

// inLocale returns err, when it is an *Error that names no locale yet,
// as a copy about a session in locale: the HTTP layer answers in it. (A
// copy: an *Error may be a shared value.)
func inLocale(err error, locale string) error {
	var ae *Error
	if locale == "" || !errors.As(err, &ae) || ae.Locale != "" {
		return err
	}
	c := *ae
	c.Locale = locale
	return &c
}

// Refusal is the Details of an ErrNotAllowed error: why the event was
// refused and what is allowed now.
type Refusal struct {
	Event  string `json:"event"`
	State  string `json:"state"`
	Reason string `json:"reason"`
	// FailedGuards name the guards that did not hold.
	FailedGuards   []string `json:"failed_guards,omitempty"`
	AllowedEvents  []string `json:"allowed_events"`
	AllowedActions []string `json:"allowed_actions"`
}

// stopCause is the error of a turn its caller stopped: when the turn's
// context was cancelled with an *Error as its cause (the HTTP server at
// the end of its shutdown timeout: ErrUnavailable), that error, so the
// client is told why; otherwise err.
func stopCause(ctx context.Context, err error) error {
	var ae *Error
	if err != nil && ctx.Err() != nil && errors.As(context.Cause(ctx), &ae) {
		return ae
	}
	return err
}

// both is an error message in Chinese and English.
func both(zh, en string) text { return text{zh, en} }
