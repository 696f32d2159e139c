package server

import (
	"context"

	"searchagent/api"
)

// Service is what the HTTP layer needs from the agent (*agent.Agent
// implements it). Errors are *agent.Error values or errors wrapping the
// agent's sentinel kinds; anything else is answered with a generic 500.
type Service interface {
	// CreateSession opens a session (and closes the client's previous one
	// on the same platform).
	CreateSession(ctx context.Context, req api.CreateSessionRequest) (api.CreateSessionResponse, error)
	// Snapshot returns the session's snapshot after checking its token.
	Snapshot(ctx context.Context, id, token string) (api.Snapshot, error)
	// Handle runs one turn. emit is called with every event of the turn,
	// in order, as it happens (the server streams them); a non-nil error
	// from emit means the client is gone. emit only queues the event for
	// the client's writer and never blocks on the client, so Handle may
	// call it while it holds a lock other sessions need.
	Handle(ctx context.Context, id, token string, req api.EventRequest, emit func(api.StreamEvent) error) (api.Snapshot, error)
	// Follow sends the session's events with Seq > after (replay from the
	// log), then live ones, until ctx ends; it returns ctx.Err() or a real
	// error. send writes synchronously to the client: call it from the
	// goroutine running Follow, not from a shared broadcaster.
	Follow(ctx context.Context, id, token string, after int64, send func(api.StreamEvent) error) error
	// Trace returns the session's audit trail.
	Trace(ctx context.Context, id, token string) (any, error)
	// Explain runs the stateless router explain.
	Explain(ctx context.Context, req api.ExplainRequest) (any, error)
	// Readiness says whether the service is ready and which mode is active.
	Readiness(ctx context.Context) api.Readiness
}

// TurnStreamer is a Service that can run a turn for a client that reads
// only its events (a streamed turn), without building the session's
// snapshot that Handle returns; streamed turns use it when the Service
// has it.
type TurnStreamer interface {
	Stream(ctx context.Context, id, token string, req api.EventRequest, emit func(api.StreamEvent) error) error
}
