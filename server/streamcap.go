package server

import (
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"searchagent/server/metrics"
)

// StreamLimits bound the open SSE responses: GET …/stream in total, per
// client (API key, else IP) and per session; turns streamed with Accept:
// text/event-stream count against the per-client bound only (they are
// short, one at a time per session, and must not be locked out by idle
// streams). Zero turns a bound off. Beyond the per-client or per-session
// bound a new stream answers 429 rate_limited, beyond the total 503
// overloaded, both with Retry-After (issue 33: 10,000 streams on one
// session from one IP took RSS from 270 to 1,354 MiB).
type StreamLimits struct {
	Total, PerClient, PerSession int
}

// Defaults of WithStreamLimits: far above what one page or one office
// behind a NAT opens, low enough that the total fits in a small box's
// memory (about 0.1 MiB per idle stream).
var DefaultStreamLimits = StreamLimits{Total: 2000, PerClient: 100, PerSession: 10}

// WithStreamLimits sets the stream bounds (default DefaultStreamLimits).
func WithStreamLimits(l StreamLimits) Option {
	return func(c *config) error {
		if l.Total < 0 || l.PerClient < 0 || l.PerSession < 0 {
			return fmt.Errorf("WithStreamLimits(%+v): bounds must not be negative", l)
		}
		c.streamLimits = l
		return nil
	}
}

// retryAfterStream is the Retry-After of a refused stream, seconds.
const retryAfterStream = 5

var (
	errStreamsClient  = errors.New("too many open streams for this client or session")
	errStreamsTotal   = errors.New("too many open streams on this instance")
	msgStreamsClient  = msg{"打开的实时连接过多，请关闭一些后重试", "too many open live streams; close some and retry"}
	msgStreamsTotal   = msg{"服务的实时连接已满，请稍后重试", "the service has as many live streams as it can hold; retry later"}
	streamGaugeHelp   = "Open SSE responses (GET …/stream and streamed turns)."
	streamRefusedHelp = "SSE responses refused by a stream bound, by bound (total, client, session)."
)

// streamGate counts the open streams.
type streamGate struct {
	lim StreamLimits

	mu        sync.Mutex
	total     int // every open SSE response
	idle      int // GET …/stream only
	byClient  map[string]int
	bySession map[string]int
	refused   *prometheus.CounterVec
}

func newStreamGate(l StreamLimits, m *metrics.Metrics) (*streamGate, error) {
	g := &streamGate{lim: l, byClient: map[string]int{}, bySession: map[string]int{},
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: metrics.Namespace, Name: "streams_refused_total", Help: streamRefusedHelp}, []string{"bound"})}
	open := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: metrics.Namespace, Name: "streams_open", Help: streamGaugeHelp},
		func() float64 { return float64(g.open()) })
	// A second server on the same metrics keeps the first one's series.
	var are prometheus.AlreadyRegisteredError
	if err := m.Registry().Register(open); err != nil && !errors.As(err, &are) {
		return nil, fmt.Errorf("stream metrics: %w", err)
	}
	if err := m.Registry().Register(g.refused); errors.As(err, &are) {
		g.refused = are.ExistingCollector.(*prometheus.CounterVec)
	} else if err != nil {
		return nil, fmt.Errorf("stream metrics: %w", err)
	}
	return g, nil
}

func (g *streamGate) open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.total
}

// acquire takes a slot for one stream of client on session (a streamed
// turn when turn is set), or names the bound that refuses it ("total",
// "client", "session").
func (g *streamGate) acquire(client, session string, turn bool) (release func(), bound string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case !turn && g.lim.Total > 0 && g.idle >= g.lim.Total:
		bound = "total"
	case g.lim.PerClient > 0 && g.byClient[client] >= g.lim.PerClient:
		bound = "client"
	case !turn && g.lim.PerSession > 0 && g.bySession[session] >= g.lim.PerSession:
		bound = "session"
	}
	if bound != "" {
		g.refused.WithLabelValues(bound).Inc()
		return nil, bound
	}
	g.total++
	g.byClient[client]++
	if !turn {
		g.idle++
		g.bySession[session]++
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.total--
			dec(g.byClient, client)
			if !turn {
				g.idle--
				dec(g.bySession, session)
			}
		})
	}, ""
}

func dec(m map[string]int, k string) {
	if m[k] <= 1 {
		delete(m, k)
		return
	}
	m[k]--
}

// clientKey names the client of a request for per-client bounds: its API
// key's owner id, else its IP (gin's ClientIP honours WithTrustedProxies).
func clientKey(c *gin.Context) string {
	if owner := c.GetString(keyOwner); owner != "" {
		return "key:" + owner
	}
	return "ip:" + c.ClientIP()
}

// admitStream takes a stream slot for the request (a streamed turn when
// turn is set), or answers 429 / 503 and returns nil.
func (s *Server) admitStream(c *gin.Context, turn bool) (release func()) {
	release, bound := s.streamGate.acquire(clientKey(c), c.Param("id"), turn)
	if release != nil {
		return release
	}
	details := map[string]int{"retry_after_seconds": retryAfterStream}
	if bound == "total" {
		details["max_streams"] = s.cfg.streamLimits.Total
		s.fail(c, newHTTPError(c.Request, http.StatusServiceUnavailable, CodeOverloaded, msgStreamsTotal, details, errStreamsTotal))
		return nil
	}
	if bound == "client" {
		details["max_streams_per_client"] = s.cfg.streamLimits.PerClient
	} else {
		details["max_streams_per_session"] = s.cfg.streamLimits.PerSession
	}
	s.fail(c, newHTTPError(c.Request, http.StatusTooManyRequests, CodeRateLimited, msgStreamsClient, details, errStreamsClient))
	return nil
}
