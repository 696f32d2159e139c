package llm

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/sony/gobreaker/v2"
)

// Breaker states, as Health and the metrics say them.
const (
	BreakerClosed   = "closed"
	BreakerHalfOpen = "half-open"
	BreakerOpen     = "open"
)

// Model health, as Health.Status says it.
const (
	HealthOK       = "ok"
	HealthDegraded = "degraded"
)

// Failure reasons, as Health, the log and the metrics say them.
const (
	ReasonUnauthorized = "http_401"
	ReasonForbidden    = "http_403"
	ReasonRateLimited  = "http_429"
	ReasonServerError  = "http_5xx"
	ReasonTimeout      = "timeout"
	ReasonUnreachable  = "unreachable"
)

// Health is the model endpoint's state for /readyz: degraded while the
// circuit is open or half-open, with the reason of the last failure.
type Health struct {
	Status  string `json:"status"`
	Breaker string `json:"breaker"`
	// Reason is the last counted failure's reason (http_401, http_403,
	// http_429, http_5xx, http_<status>, timeout, unreachable).
	Reason    string `json:"reason,omitempty"`
	LastError string `json:"last_error,omitempty"`
	// ConsecutiveFailures counts failures since the last success.
	ConsecutiveFailures int `json:"consecutive_failures"`
	// OpenedAt is when the circuit last opened, RetryAt when the
	// cool-down ends (set while open).
	OpenedAt *time.Time `json:"opened_at,omitempty"`
	RetryAt  *time.Time `json:"retry_at,omitempty"`
}

// BreakerObserver is told of the circuit's changes (the Observer may
// implement it).
type BreakerObserver interface {
	// BreakerState is called when the circuit changes to state; reason
	// is the failure that opened it ("" when closing).
	BreakerState(state, reason string)
	// ModelFailure counts one failure the breaker counted.
	ModelFailure(reason string)
}

// breaker is the chat endpoint's circuit breaker (github.com/sony/gobreaker)
// and what /readyz says about it.
type breaker struct {
	cb       *gobreaker.CircuitBreaker[struct{}]
	cfg      *Config
	mu       sync.Mutex
	reason   string
	lastErr  string
	openedAt time.Time
	// fails counts the failures since the last answer (gobreaker resets
	// its counts when the state changes; /readyz keeps telling).
	fails int
	// auth says the last failure was a 401 or 403: a bad key does not
	// heal by retrying, so it opens the circuit at once.
	auth bool
}

// errExcluded tells the breaker a call neither failed nor succeeded.
var errExcluded = errors.New("llm: not counted by the breaker")

func newBreaker(cfg *Config) *breaker {
	b := &breaker{cfg: cfg}
	b.cb = gobreaker.NewCircuitBreaker[struct{}](gobreaker.Settings{
		Name:        "chat",
		MaxRequests: 1,
		Timeout:     cfg.BreakerCooldown,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			b.mu.Lock()
			auth := b.auth
			b.mu.Unlock()
			return auth || c.ConsecutiveFailures >= uint32(cfg.BreakerFailures)
		},
		IsExcluded:    func(err error) bool { return errors.Is(err, errExcluded) },
		OnStateChange: b.changed,
	})
	return b
}

// changed runs under gobreaker's lock: it must not call the breaker.
func (b *breaker) changed(_ string, from, to gobreaker.State) {
	b.mu.Lock()
	reason, last := b.reason, b.lastErr
	if to == gobreaker.StateOpen {
		b.openedAt = time.Now()
	}
	b.mu.Unlock()
	state := stateName(to)
	switch to {
	case gobreaker.StateOpen:
		b.cfg.Logger.Warn("model degraded: circuit open, the model stages are skipped (deterministic readings and templates) until the cool-down ends",
			"reason", reason, "last_error", last, "cooldown", b.cfg.BreakerCooldown, "from", stateName(from))
	case gobreaker.StateHalfOpen:
		b.cfg.Logger.Info("model circuit half-open: one probe call is let through", "reason", reason)
	case gobreaker.StateClosed:
		b.cfg.Logger.Info("model recovered: circuit closed", "after", reason)
		reason = ""
	}
	if o, ok := b.cfg.Observer.(BreakerObserver); ok {
		o.BreakerState(state, reason)
	}
}

func stateName(s gobreaker.State) string {
	switch s {
	case gobreaker.StateOpen:
		return BreakerOpen
	case gobreaker.StateHalfOpen:
		return BreakerHalfOpen
	}
	return BreakerClosed
}

// do runs call through the breaker. Server failures (error statuses,
// timeouts, an unreachable server, a stage deadline) count; a cancelled
// caller, a spent budget and a replay miss are not counted; any answer
// (even a malformed one) is a success. While the circuit is open, call is
// not run and the error wraps ErrBreakerOpen with the reason.
func (b *breaker) do(parent context.Context, call func() error) error {
	var err error
	_, berr := b.cb.Execute(func() (struct{}, error) {
		err = call()
		switch {
		case err == nil:
			b.answered()
			return struct{}{}, nil
		case parent.Err() != nil, errors.Is(err, context.Canceled), errors.Is(err, ErrBudgetExhausted), errors.Is(err, ErrReplayMiss):
			return struct{}{}, errExcluded
		case errors.Is(err, ErrUnavailable), errors.Is(err, ErrStageDeadline), errors.Is(err, context.DeadlineExceeded):
			reason := failureReason(err)
			b.mu.Lock()
			b.reason, b.lastErr = reason, clip(err.Error(), 300)
			b.fails++
			b.auth = reason == ReasonUnauthorized || reason == ReasonForbidden
			b.mu.Unlock()
			if o, ok := b.cfg.Observer.(BreakerObserver); ok {
				o.ModelFailure(reason)
			}
			return struct{}{}, err
		}
		b.answered() // the server answered (malformed or refused, but it answered)
		return struct{}{}, nil
	})
	if errors.Is(berr, gobreaker.ErrOpenState) || errors.Is(berr, gobreaker.ErrTooManyRequests) {
		b.mu.Lock()
		reason, last := b.reason, b.lastErr
		b.mu.Unlock()
		return fmt.Errorf("%w (reason %s; last error: %s)", ErrBreakerOpen, reason, last)
	}
	return err
}

func (b *breaker) answered() {
	b.mu.Lock()
	b.fails = 0
	b.mu.Unlock()
}

// health is what /readyz says.
func (b *breaker) health() Health {
	st := b.cb.State()
	b.mu.Lock()
	defer b.mu.Unlock()
	h := Health{Status: HealthOK, Breaker: stateName(st), ConsecutiveFailures: b.fails}
	if st != gobreaker.StateClosed || b.fails > 0 {
		h.Reason, h.LastError = b.reason, b.lastErr
	}
	if st != gobreaker.StateClosed {
		h.Status = HealthDegraded
		opened := b.openedAt
		h.OpenedAt = &opened
		if st == gobreaker.StateOpen {
			retry := opened.Add(b.cfg.BreakerCooldown)
			h.RetryAt = &retry
		}
	}
	return h
}

// failureReason names a counted failure.
func failureReason(err error) string {
	var se *StatusError
	switch {
	case errors.As(err, &se):
		switch {
		case se.Status == 401:
			return ReasonUnauthorized
		case se.Status == 403:
			return ReasonForbidden
		case se.Status == 429:
			return ReasonRateLimited
		case se.Status >= 500:
			return ReasonServerError
		}
		return "http_" + strconv.Itoa(se.Status)
	case errors.Is(err, ErrStageDeadline), errors.Is(err, context.DeadlineExceeded), errors.Is(err, errTimedOut):
		return ReasonTimeout
	}
	return ReasonUnreachable
}
