package llm

import "errors"

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
	// ErrBadOutput: the answer is empty, cut off, or not one JSON object.
	ErrBadOutput = errors.New("llm: malformed model output")
	// ErrUnavailable: the server failed (after the bounded retries) or
	// answered with an error status.
	ErrUnavailable = errors.New("llm: model server unavailable")
)
