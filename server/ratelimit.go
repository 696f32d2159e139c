package server

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"
)

// RateLimit is a token bucket: Rate requests per second on average, Burst
// at once. A zero Rate turns the limit off.
type RateLimit struct {
	Rate  float64
	Burst int
}

// WithRateLimits limits session creation and events per client: per API
// key when the request carries one, else per client IP (gin's ClientIP,
// which honours WithTrustedProxies). Over the limit a request answers 429
// rate_limited with Retry-After.
func WithRateLimits(create, events RateLimit) Option {
	return func(c *config) error {
		for _, l := range []RateLimit{create, events} {
			if l.Rate < 0 || l.Rate > 0 && l.Burst < 1 {
				return fmt.Errorf("WithRateLimits(%+v): rate must be >= 0 and burst >= 1", l)
			}
		}
		c.createLimit, c.eventLimit = create, events
		return nil
	}
}

// maxLimiters bounds the per-client limiters kept; beyond it the idle
// ones are dropped (a dropped client starts again with a full bucket).
const maxLimiters = 100_000

// limiters holds one token bucket per client key.
type limiters struct {
	limit RateLimit
	mu    sync.Mutex
	m     map[string]*clientLimiter
}

type clientLimiter struct {
	lim  *rate.Limiter
	seen time.Time
}

func newLimiters(l RateLimit) *limiters {
	if l.Rate == 0 {
		return nil
	}
	return &limiters{limit: l, m: map[string]*clientLimiter{}}
}

// reserve takes a token for key, or says how long to wait for one.
func (ls *limiters) reserve(key string, now time.Time) (time.Duration, bool) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	cl := ls.m[key]
	if cl == nil {
		if len(ls.m) >= maxLimiters {
			ls.dropIdleLocked(now)
		}
		cl = &clientLimiter{lim: rate.NewLimiter(rate.Limit(ls.limit.Rate), ls.limit.Burst)}
		ls.m[key] = cl
	}
	cl.seen = now
	r := cl.lim.ReserveN(now, 1)
	if !r.OK() {
		return time.Minute, false
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d, false
	}
	return 0, true
}

// dropIdleLocked drops limiters whose bucket has refilled (idle for
// Burst/Rate), and all of them if that frees nothing.
func (ls *limiters) dropIdleLocked(now time.Time) {
	full := time.Duration(float64(ls.limit.Burst) / ls.limit.Rate * float64(time.Second))
	for k, cl := range ls.m {
		if now.Sub(cl.seen) > full {
			delete(ls.m, k)
		}
	}
	if len(ls.m) >= maxLimiters {
		clear(ls.m)
	}
}

var (
	errRateLimited = errors.New("rate limited")
	msgRateLimited = msg{"请求过于频繁，请稍后重试", "too many requests; retry later"}
)

// CodeRateLimited is the error code of a 429.
const CodeRateLimited = "rate_limited"

// rateLimit is the middleware of one route's limiters.
func (s *Server) rateLimit(ls *limiters) gin.HandlerFunc {
	return func(c *gin.Context) {
		if ls == nil {
			c.Next()
			return
		}
		wait, ok := ls.reserve(clientKey(c), time.Now())
		if ok {
			c.Next()
			return
		}
		secs := int(math.Ceil(wait.Seconds()))
		s.fail(c, newHTTPError(c.Request, http.StatusTooManyRequests, CodeRateLimited, msgRateLimited,
			map[string]int{"retry_after_seconds": secs}, errRateLimited))
	}
}
