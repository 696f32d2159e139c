package server

import (
	"context"

	"searchagent/agent"
)

// errShuttingDown is the cause a turn is stopped with when the shutdown
// timeout ends: the agent reports it as the turn's error, so the client
// gets 503 unavailable (turn.error on a stream) and may retry on another
// instance.
var errShuttingDown = &agent.Error{Kind: agent.ErrUnavailable, Code: CodeUnavailable,
	Message:   "the service is restarting; the turn was stopped and nothing changed, retry it",
	MessageZH: "服务正在重启：本轮已停止，没有任何改变，请重试", Details: map[string]int{"retry_after_seconds": 1}}

// turnContext is the context a turn runs in: the request's, also ended
// (with errShuttingDown) when Serve stops the turns still running.
func (s *Server) turnContext(req context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(req)
	stop := context.AfterFunc(s.turns, func() { cancel(context.Cause(s.turns)) })
	return ctx, func() { stop(); cancel(nil) }
}
