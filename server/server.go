package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"searchagent/agent/fsm"
	"searchagent/api"
	"searchagent/server/memguard"
	"searchagent/server/metrics"
	"searchagent/server/sse"
)

// Defaults of the options.
const (
	DefaultMaxBodyBytes       = 64 << 10
	DefaultRetryHint          = 3 * time.Second
	DefaultStreamWriteTimeout = 30 * time.Second
	DefaultShutdownTimeout    = 10 * time.Second
	// stopGrace is how long turns stopped at the end of the shutdown
	// timeout have to write their turn.error and return.
	stopGrace = 5 * time.Second
)

// Server is the HTTP layer. Build it with New, mount Handler, or run it
// with Serve / ListenAndServe (which also end open streams on shutdown).
type Server struct {
	svc    Service
	cfg    config
	engine *gin.Engine

	// streams is cancelled when the HTTP server shuts down, ending every
	// GET …/stream subscription so Shutdown does not wait on them.
	streams      context.Context
	closeStreams context.CancelFunc

	// turns is cancelled, with errShuttingDown as its cause, when the
	// shutdown timeout ends with turns still running: they stop, fail
	// with turn.error and commit nothing.
	turns     context.Context
	stopTurns context.CancelCauseFunc

	// openapiDoc is GET /openapi.json.
	openapiDoc []byte

	// streamGate counts the open SSE responses against the StreamLimits.
	streamGate *streamGate
}

type extraRoute struct {
	method, path string
	h            http.Handler
}

type config struct {
	log             *slog.Logger
	metrics         *metrics.Metrics
	maxBody         int64
	createLimit     RateLimit
	eventLimit      RateLimit
	explainLimit    RateLimit
	memGuard        *memguard.Guard
	heartbeat       time.Duration
	retry           time.Duration
	writeTimeout    time.Duration
	shutdownTimeout time.Duration
	keyHashes       [][sha256.Size]byte
	trustedProxies  []string
	routes          []extraRoute
	corsOrigins     []string
	streamLimits    StreamLimits
}

// Option configures New. An option that cannot be honoured makes New fail.
type Option func(*config) error

// WithLogger sets the structured logger for the access log and server
// errors (default: discard).
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error {
		if l == nil {
			return errors.New("WithLogger: nil logger")
		}
		c.log = l
		return nil
	}
}

// WithMetrics sets the Prometheus metrics the server records HTTP
// requests in and exposes on /metrics; pass the same *metrics.Metrics to
// the agent as its Observer. Default: a fresh metrics.New().
func WithMetrics(m *metrics.Metrics) Option {
	return func(c *config) error {
		if m == nil {
			return errors.New("WithMetrics: nil metrics")
		}
		c.metrics = m
		return nil
	}
}

// WithMaxBodyBytes limits request bodies (default 64 KiB); larger bodies
// get 413 too_large.
func WithMaxBodyBytes(n int64) Option {
	return func(c *config) error {
		if n <= 0 {
			return fmt.Errorf("WithMaxBodyBytes(%d): must be positive", n)
		}
		c.maxBody = n
		return nil
	}
}

// WithHeartbeat sets how often SSE streams send a heartbeat comment
// (default sse.DefaultHeartbeat, 15 s).
func WithHeartbeat(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("WithHeartbeat(%v): must be positive", d)
		}
		c.heartbeat = d
		return nil
	}
}

// WithRetryHint sets the reconnection delay GET …/stream advertises with
// "retry:" (default 3 s).
func WithRetryHint(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("WithRetryHint(%v): must be positive", d)
		}
		c.retry = d
		return nil
	}
}

// WithStreamWriteTimeout bounds each single SSE write (event or
// heartbeat): a client that stops reading is dropped after d instead of
// blocking its handler (default 30 s; 0 disables the bound).
func WithStreamWriteTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d < 0 {
			return fmt.Errorf("WithStreamWriteTimeout(%v): must not be negative", d)
		}
		c.writeTimeout = d
		return nil
	}
}

// WithShutdownTimeout bounds how long Serve's graceful shutdown waits for
// running turns (default 10 s); the turns still running then are stopped
// and fail with turn.error 503 unavailable.
func WithShutdownTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("WithShutdownTimeout(%v): must be positive", d)
		}
		c.shutdownTimeout = d
		return nil
	}
}

// WithAPIKeys requires "Authorization: Bearer <key>" with one of keys on
// every /v1 call (401 otherwise); /healthz, /readyz and /metrics stay
// open. Blank keys are an error. Keys are kept only as SHA-256 hashes and
// compared in constant time.
func WithAPIKeys(keys []string) Option {
	return func(c *config) error {
		if len(keys) == 0 {
			return errors.New("WithAPIKeys: no keys")
		}
		for i, k := range keys {
			if strings.TrimSpace(k) == "" {
				return fmt.Errorf("WithAPIKeys: key %d is blank", i)
			}
			c.keyHashes = append(c.keyHashes, sha256.Sum256([]byte(k)))
		}
		return nil
	}
}

// WithTrustedProxies names the proxies (IPs or CIDRs) whose
// X-Forwarded-For the access log believes for the client IP (default:
// none; the peer address is logged).
func WithTrustedProxies(proxies []string) Option {
	return func(c *config) error {
		c.trustedProxies = append([]string(nil), proxies...)
		return nil
	}
}

// WithRoute mounts an extra handler (for example the demo page on GET /).
// Extra routes are not behind API-key auth; a path that collides with an
// API route makes New fail.
func WithRoute(method, path string, h http.Handler) Option {
	return func(c *config) error {
		if h == nil || method == "" || !strings.HasPrefix(path, "/") {
			return fmt.Errorf("WithRoute(%q, %q): need a method, an absolute path and a handler", method, path)
		}
		c.routes = append(c.routes, extraRoute{method: strings.ToUpper(method), path: path, h: h})
		return nil
	}
}

// New builds the server around svc.
func New(svc Service, opts ...Option) (*Server, error) {
	if svc == nil {
		return nil, errors.New("server: nil Service")
	}
	cfg := config{
		maxBody:         DefaultMaxBodyBytes,
		heartbeat:       sse.DefaultHeartbeat,
		retry:           DefaultRetryHint,
		writeTimeout:    DefaultStreamWriteTimeout,
		shutdownTimeout: DefaultShutdownTimeout,
		streamLimits:    DefaultStreamLimits,
	}
	var errs []error
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&cfg); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("server: %w", errors.Join(errs...))
	}
	if cfg.log == nil {
		cfg.log = slog.New(slog.DiscardHandler)
	}
	if cfg.metrics == nil {
		m, err := metrics.New()
		if err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
		cfg.metrics = m
	}
	doc, err := api.OpenAPIJSON(fsm.UserEventNames())
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	gate, err := newStreamGate(cfg.streamLimits, cfg.metrics)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s := &Server{svc: svc, cfg: cfg, openapiDoc: doc, streamGate: gate}
	s.streams, s.closeStreams = context.WithCancel(context.Background())
	s.turns, s.stopTurns = context.WithCancelCause(context.Background())
	if err := s.buildEngine(); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return s, nil
}

// Handler is the HTTP handler of the whole API (a *gin.Engine).
func (s *Server) Handler() http.Handler { return s.engine }

func (s *Server) buildEngine() (err error) {
	// Gin's mode is process-wide; release mode silences its debug output.
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.HandleMethodNotAllowed = true
	e.RedirectTrailingSlash = false
	e.RedirectFixedPath = false
	e.ContextWithFallback = true
	if err := e.SetTrustedProxies(s.cfg.trustedProxies); err != nil {
		return fmt.Errorf("trusted proxies: %w", err)
	}
	// Gin panics on conflicting routes; turn that into an error.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("routes: %v", r)
		}
	}()

	e.Use(s.accessLog, s.recovery)
	if p := newCORS(s.cfg.corsOrigins); p != nil {
		e.Use(corsMiddleware(p))
	}
	e.Use(s.limitBody)
	e.NoRoute(s.noRoute)
	e.NoMethod(s.noMethod)

	e.GET(api.PathHealthz, s.healthz)
	e.HEAD(api.PathHealthz, s.healthz)
	e.GET(api.PathReadyz, s.readyz)
	e.HEAD(api.PathReadyz, s.readyz)
	e.GET(api.PathMetrics, gin.WrapH(s.cfg.metrics.Handler()))
	e.GET(api.PathOpenAPI, s.openapi)

	v1 := e.Group("/", s.auth)
	// Opening a stream takes a token of the client's event bucket, like
	// an event (issue 33: rate limits skipped GET …/stream).
	events := s.rateLimit(newLimiters(s.cfg.eventLimit))
	v1.POST(api.PathSessions, s.requireJSON, s.admit(memguard.Create), s.rateLimit(newLimiters(s.cfg.createLimit)), s.createSession)
	v1.GET(api.PathSession, s.getSession)
	v1.PATCH(api.PathSession, s.requireJSON, s.admit(memguard.Event), events, s.patchSession)
	v1.POST(api.PathEvents, s.requireJSON, s.admit(memguard.Event), events, s.postEvent)
	v1.GET(api.PathStream, events, s.stream)
	v1.GET(api.PathTrace, s.trace)
	v1.POST(api.PathExplain, s.rateLimit(newLimiters(s.cfg.explainLimit)), s.explain)

	for _, r := range s.cfg.routes {
		e.Handle(r.method, r.path, gin.WrapH(r.h))
	}
	s.engine = e
	return nil
}

// HTTPServer returns an *http.Server for the handler with production
// timeouts: a bounded header and body read, no whole-response write
// timeout beyond 2 minutes for plain calls (SSE streams lift it and bound
// each write instead), idle keep-alives closed after 2 minutes. Serve
// uses it; callers running their own server may tune the result.
func (s *Server) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s.engine,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.cfg.log.Handler(), slog.LevelWarn),
	}
}

// ListenAndServe listens on addr and serves until ctx ends; see Serve.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("server: listen %s: %w", addr, err)
	}
	return s.Serve(ctx, ln)
}

// Serve serves on ln until ctx ends, then shuts down gracefully: it stops
// accepting, ends every GET …/stream subscription at once (clients resume
// elsewhere with Last-Event-ID), lets running requests and streaming turns
// finish within the shutdown timeout and returns nil, or the error that
// stopped serving. A Server is served once. Requests net/http refuses
// before any handler (431, malformed, unsupported Transfer-Encoding) get
// JSON errors too (JSONProtocolErrors).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	hs := s.HTTPServer(ln.Addr().String())
	hs.RegisterOnShutdown(s.closeStreams)
	ln = JSONProtocolErrors(ln)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.cfg.log.LogAttrs(ctx, slog.LevelInfo, "http server listening", slog.String("addr", ln.Addr().String()))
	select {
	case err := <-errc:
		s.closeStreams()
		return fmt.Errorf("server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.shutdownTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		// Turns outlived the timeout: stop them; each fails cleanly with
		// turn.error and commits nothing. Once they have answered, the
		// shutdown is still a clean one.
		s.cfg.log.LogAttrs(ctx, slog.LevelWarn, "shutdown timeout reached: stopping the turns still running",
			slog.Duration("shutdown_timeout", s.cfg.shutdownTimeout))
		s.stopTurns(errShuttingDown)
		gctx, gcancel := context.WithTimeout(context.WithoutCancel(ctx), stopGrace)
		err = hs.Shutdown(gctx)
		gcancel()
	}
	<-errc // http.ErrServerClosed once Serve has returned
	if err != nil {
		_ = hs.Close()
		return fmt.Errorf("server: shutdown: %w", err)
	}
	s.cfg.log.LogAttrs(ctx, slog.LevelInfo, "http server stopped")
	return nil
}
