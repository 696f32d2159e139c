package server

import "fmt"

// WithExplainRateLimit limits POST /v1/route/explain per client (API key,
// else client IP), as WithRateLimits does for sessions and events: with a
// model configured an explain may make a paid classifier call. Over the
// limit it answers 429 rate_limited with Retry-After. A zero Rate turns
// the limit off (the default).
func WithExplainRateLimit(l RateLimit) Option {
	return func(c *config) error {
		if l.Rate < 0 || l.Rate > 0 && l.Burst < 1 {
			return fmt.Errorf("WithExplainRateLimit(%+v): rate must be >= 0 and burst >= 1", l)
		}
		c.explainLimit = l
		return nil
	}
}
