package server

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"searchagent/server/memguard"
)

// WithMemoryGuard refuses new sessions and new turns with 503 overloaded
// (Retry-After) while g says the process is near its memory cap; reads,
// streams, health checks and metrics are always served.
func WithMemoryGuard(g *memguard.Guard) Option {
	return func(c *config) error {
		c.memGuard = g
		return nil
	}
}

var (
	errLowMemory = errors.New("memory guard: the live heap is near the cap")
	msgLowMemory = msg{"服务内存已接近上限，请稍后重试", "the service is near its memory limit; retry later"}
)

// CodeOverloaded is the code of a 503 that asks the client to come back
// later (the session store is full, or memory is near the cap).
const CodeOverloaded = "overloaded"

// retryAfterOverloaded is the Retry-After of a memory refusal, seconds.
const retryAfterOverloaded = 5

// admit is the memory guard's middleware for work of kind k.
func (s *Server) admit(k memguard.Kind) gin.HandlerFunc {
	return func(c *gin.Context) {
		if g := s.cfg.memGuard; g != nil && !g.Admit(k) {
			s.fail(c, newHTTPError(c.Request, http.StatusServiceUnavailable, CodeOverloaded, msgLowMemory,
				map[string]int{"retry_after_seconds": retryAfterOverloaded}, errLowMemory))
			return
		}
		c.Next()
	}
}
