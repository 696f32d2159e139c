package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"

	"searchagent/agent"
	"searchagent/agent/sessions"
	"searchagent/contract"
	"searchagent/router"
	"searchagent/server"
	"searchagent/server/memguard"
	"searchagent/server/metrics"
	"searchagent/server/web"
	"searchagent/tools/embed"
	"searchagent/tools/pgdb"
	"searchagent/tools/store"
)

// app is the wired service: the agent over the store, router and
// contract, and the HTTP server in front of it.
type app struct {
	agent  *agent.Agent
	server *server.Server
	// sessions is the in-memory session store the sweep evicts from (nil
	// with the PostgreSQL session store: nothing is held in memory).
	sessions *sessions.Memory
	log      *slog.Logger
	// close releases the database pools (a no-op in the embedded mode).
	close func()
	// retention deletes sessions past --retain-sessions (nil: kept forever).
	retention *sessions.Sweeper
}

// appConfig is what serve reads from flags and the environment.
type appConfig struct {
	catalog catalogFlags
	db      dbFlags
	apiKeys []string
	limits  sessions.Limits
	// maxTurns bounds the turns of one session (agent.Config.MaxTurns).
	maxTurns int
	// createLimit and eventLimit are the per-client rate limits (zero: off).
	createLimit, eventLimit server.RateLimit
	// explainLimit bounds POST /v1/route/explain per client (zero: off).
	explainLimit server.RateLimit
	// streams bounds the open SSE responses.
	streams server.StreamLimits
	// shutdownTimeout is how long SIGTERM waits for running turns.
	shutdownTimeout time.Duration
	// retain is --retain-sessions (0: keep sessions forever).
	retain time.Duration
	// logBytesSet says --max-log-bytes was given (refused with DATABASE_URL).
	logBytesSet bool
	// maxMemory is --max-memory in bytes (0: GOMEMLIMIT, if set, else no
	// memory admission).
	maxMemory uint64
	// corsOrigins may call the API from a browser page (none by default).
	corsOrigins []string
	log         *slog.Logger
	// getenv reads the environment (os.Getenv when nil; tests set it).
	getenv func(string) string
}

// Default limits of serve (see the README's Operating section for sizing).
const (
	defaultMaxSessions = 20000
	defaultIdleTTL     = 30 * time.Minute
	defaultMaxLogBytes = 1 << 30
	defaultMaxTurns    = 200
	// The per-client rate limits are on by default, at values one person
	// at a search box never reaches (issue 33: with them off one IP
	// filled --max-sessions 3000 in about 6 s and locked everyone out).
	// At 5 creates/s a single client can hold at most about 9,000 of the
	// default 20,000 sessions within the idle TTL.
	defaultCreateRate  = 5
	defaultCreateBurst = 20
	defaultEventRate   = 20
	defaultEventBurst  = 40
	// retentionInterval is how often the retention sweeper runs.
	retentionInterval = time.Minute
	// defaultShutdownTimeout outlasts the model's stage deadlines, so a
	// turn running at SIGTERM finishes rather than being cut.
	defaultShutdownTimeout = 30 * time.Second
)

// newApp builds the embedded default (or the external catalog): it says
// in the log exactly which store, embedder, router stages and renderer are
// active, and refuses configuration this build cannot honour rather than
// ignoring it.
func newApp(ctx context.Context, cfg appConfig, stderr io.Writer) (*app, error) {
	log := cfg.log
	start := time.Now()
	v, err := contract.New()
	if err != nil {
		return nil, failErr("contract: %v", err)
	}
	m, err := metrics.New(metrics.WithRuntimeCollectors(true))
	if err != nil {
		return nil, failErr("metrics: %v", err)
	}
	getenv := cfg.getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	model, err := modelFromEnv(getenv, m.Registry(), v, log)
	if err != nil {
		return nil, err
	}
	var emb embed.Embedder
	if model != nil {
		emb = model.embedder
	}
	var (
		st       store.Store
		sess     sessions.Store
		memSess  *sessions.Memory
		probe    func(context.Context) error
		extra    map[string]string
		modeName = "embedded"
		closer   = func() {}
		turns    *sessions.Postgres
	)
	if dsn := databaseURL(); dsn != "" {
		if len(cfg.catalog.files) > 0 {
			return nil, usageErr("--catalog is for the embedded mode: with DATABASE_URL the channels come from the database (load files with `searchagent ingest FILE…`)")
		}
		if cfg.logBytesSet {
			return nil, usageErr("--max-log-bytes bounds the in-memory session store: with DATABASE_URL sessions live in PostgreSQL (bound them with --max-sessions and --retain-sessions)")
		}
		// --max-sessions is enforced against the database (issue 33: it
		// was printed and ignored): live sessions are counted there.
		prod, err := openProduction(ctx, dsn, cfg.db, emb, log, sessions.WithLiveBound(cfg.limits.MaxSessions, cfg.limits.IdleTTL))
		if err != nil {
			return nil, err
		}
		st, sess, probe, closer, turns = prod.store, prod.sessions, prod.probe, prod.close, prod.sessions
		extra = map[string]string{"database": pgdb.Redact(dsn), "sessions_database": pgdb.Redact(sessionsDatabaseURL()), "store_settings": prod.store.Settings()}
		modeName = "production"
	} else {
		mem, _, err := openStoreWith(ctx, &cfg.catalog, stderr, emb)
		if err != nil {
			return nil, err
		}
		st = mem
		if sessionsDatabaseURL() != "" {
			// Sessions in PostgreSQL, channels in memory: a supported mode,
			// whose live sessions are bounded in the database too.
			if cfg.logBytesSet {
				return nil, usageErr("--max-log-bytes bounds the in-memory session store: with SEARCHAGENT_SESSIONS_DATABASE_URL sessions live in PostgreSQL (bound them with --max-sessions and --retain-sessions)")
			}
			prod, err := openSessions(ctx, cfg.db, log, sessions.WithLiveBound(cfg.limits.MaxSessions, cfg.limits.IdleTTL))
			if err != nil {
				return nil, err
			}
			sess, probe, closer, turns = prod.sessions, prod.probe, prod.close, prod.sessions
			extra = map[string]string{"sessions_database": pgdb.Redact(sessionsDatabaseURL()),
				"mode_detail": "sessions in PostgreSQL (SEARCHAGENT_SESSIONS_DATABASE_URL), channels in memory (no DATABASE_URL)"}
			modeName = "embedded channels, PostgreSQL sessions"
		} else {
			memSess = sessions.NewMemory(sessions.WithLimits(cfg.limits))
			if err := m.ObserveSessions(memSess.Stats); err != nil {
				return nil, failErr("metrics: %v", err)
			}
			sess = memSess
		}
	}
	// The local n-gram classifier is stage 3 unless the model is.
	ropts := []router.Option{router.WithDefaultLocalClassifier()}
	acfg := agent.Config{Store: st, Sessions: sess, Validator: v, Observer: m, Logger: log, MaxTurns: cfg.maxTurns, Probe: probe, Extra: extra}
	if cfg.catalog.now != "" {
		// --now dates the demo catalog; the activity filters ("posted in
		// the last two weeks") count from the same reference, which moves
		// on with the wall clock from start-up. Without it the filters
		// counted from today over a catalog dated elsewhere.
		ref, err := cfg.catalog.reference()
		if err != nil {
			closer()
			return nil, err
		}
		acfg.Now = func() time.Time { return ref.Add(time.Since(start)) }
	}
	if model != nil {
		acfg.ModelPath = model.path
		if model.path.Stages().Classifier {
			ropts = append(ropts, router.WithClassifier(model.path.Classifier()))
		}
	}
	rt, err := router.Default(ropts...)
	if err != nil {
		closer()
		return nil, failErr("router: %v", err)
	}
	acfg.Router = rt
	ag, err := agent.New(acfg)
	if err != nil {
		closer()
		return nil, failErr("agent: %v", err)
	}
	opts := []server.Option{server.WithLogger(log), server.WithMetrics(m), server.WithRateLimits(cfg.createLimit, cfg.eventLimit),
		server.WithStreamLimits(cfg.streams),
		server.WithRoute(http.MethodGet, pathTraces, newTracesHandler(strings.Split(os.Getenv("SEARCHAGENT_AUDITOR_KEYS"), ","), turns, rt))}
	for _, r := range web.Routes() {
		opts = append(opts, server.WithRoute(http.MethodGet, r.Path, r.Handler), server.WithRoute(http.MethodHead, r.Path, r.Handler))
	}
	guard, err := memoryGuard(cfg.maxMemory, memSess, log)
	if err != nil {
		closer()
		return nil, err
	}
	if guard != nil {
		opts = append(opts, server.WithMemoryGuard(guard))
	}
	if cfg.createLimit.Rate == 0 {
		log.Warn("the create rate limit is off (--create-rate 0): one client may fill the session store and lock everyone else out of creation")
	}
	if cfg.eventLimit.Rate == 0 {
		log.Warn("the event rate limit is off (--event-rate 0): one client may send events and open streams as fast as it can")
	}
	if cfg.shutdownTimeout > 0 {
		opts = append(opts, server.WithShutdownTimeout(cfg.shutdownTimeout))
	}
	if len(cfg.apiKeys) > 0 {
		opts = append(opts, server.WithAPIKeys(cfg.apiKeys))
	}
	opts = append(opts, server.WithExplainRateLimit(cfg.explainLimit))
	if model != nil && len(cfg.apiKeys) == 0 {
		log.Warn("POST /v1/route/explain may call the model and no API key is set: anyone who reaches the port can spend model calls (set SEARCHAGENT_API_KEYS)", "explain_rate", cfg.explainLimit.Rate, "explain_burst", cfg.explainLimit.Burst)
	}
	if len(cfg.corsOrigins) > 0 {
		opts = append(opts, server.WithCORSOrigins(cfg.corsOrigins))
		log.Info("cors: cross-origin calls allowed", "origins", strings.Join(cfg.corsOrigins, ","))
	} else {
		log.Info("cors: off (no --cors-origin): only same-origin pages can call the API")
	}
	srv, err := server.New(ag, opts...)
	if err != nil {
		closer()
		return nil, failErr("server: %v", err)
	}
	var retention *sessions.Sweeper
	if cfg.retain > 0 {
		pr, ok := sess.(sessions.Pruner)
		if !ok {
			closer()
			return nil, failErr("--retain-sessions: the session store %s cannot delete sessions", sess.Describe())
		}
		if retention, err = sessions.NewSweeper(pr, cfg.retain, retentionInterval, sessions.DefaultPruneBatch, log); err != nil {
			closer()
			return nil, failErr("%v", err)
		}
		if err := m.Registry().Register(retention.Collector()); err != nil {
			closer()
			return nil, failErr("metrics: %v", err)
		}
		log.Info("retention on: sessions closed or untouched for longer than this are deleted with their events and traces", "retain_sessions", cfg.retain, "every", retentionInterval)
	} else {
		log.Warn("retention off (--retain-sessions 0): no session, event or trace is ever deleted")
	}
	maxLogBytes := any(cfg.limits.MaxLogBytes)
	if modeName == "production" {
		maxLogBytes = "n/a (memory store only)"
	}
	mode := ag.Mode()
	info := st.Describe()
	log.Info("searchagent ready",
		"mode", modeName, "store", mode.Store, "store_settings", extra["store_settings"], "catalog", info.Catalog, "channels", info.Channels,
		"embedder", mode.Embedder, "router_stages", strings.Join(mode.Router, ","), "classifier", classifierSummary(rt), "renderer", mode.Renderer,
		"learned_similarity", mode.Learned, "ranker_weights", mode.Ranker,
		"sessions", mode.Sessions, "model", mode.Model, "startup", time.Since(start).Round(time.Millisecond),
		"max_streams", cfg.streams.Total, "max_streams_per_client", cfg.streams.PerClient, "max_streams_per_session", cfg.streams.PerSession,
		"shutdown_timeout", cfg.shutdownTimeout,
		"create_rate", cfg.createLimit.Rate, "create_burst", cfg.createLimit.Burst, "event_rate", cfg.eventLimit.Rate, "event_burst", cfg.eventLimit.Burst,
		"max_sessions", cfg.limits.MaxSessions, "session_idle_ttl", cfg.limits.IdleTTL, "max_log_bytes", maxLogBytes, "max_turns", cfg.maxTurns)
	if model != nil {
		log.Info("model path", model.summary...)
	} else {
		log.Info("model path off: no model configured (OPENAI_API_KEY / OPENAI_BASE_URL / SEARCHAGENT_CHAT_MODEL unset); the classifier stage is the local n-gram model and slots come from templates")
	}
	return &app{agent: ag, server: srv, sessions: memSess, log: log, close: closer, retention: retention}, nil
}

// memoryGuard is the memory admission of --max-memory (which also sets the
// Go memory limit) or of GOMEMLIMIT; nil, said in the log, when neither
// is set. Its refusals first ask the in-memory session store to drop its
// closed and idle sessions.
func memoryGuard(maxMemory uint64, mem *sessions.Memory, log *slog.Logger) (*memguard.Guard, error) {
	limit, source := maxMemory, "--max-memory"
	if limit > 0 {
		debug.SetMemoryLimit(int64(min(limit, math.MaxInt64)))
	} else if limit, source = memguard.ProcessLimit(), "GOMEMLIMIT"; limit == 0 {
		log.Warn("memory admission off (no --max-memory or GOMEMLIMIT): nothing refuses new sessions before the process runs out of memory; set --max-memory to the container's limit")
		return nil, nil
	}
	var opts []memguard.Option
	if mem != nil {
		opts = append(opts, memguard.WithRelief(func() { mem.Sweep() }))
	}
	g, err := memguard.New(limit, opts...)
	if err != nil {
		return nil, failErr("%v", err)
	}
	log.Info("memory admission on", "cap", humanize.IBytes(limit), "from", source,
		"refuse_sessions_at", humanize.IBytes(uint64(memguard.DefaultCreateShare*float64(limit))),
		"refuse_turns_at", humanize.IBytes(uint64(memguard.DefaultEventShare*float64(limit))))
	runtime.GC() // the live heap of what start-up loaded, not of its garbage
	if msg := capBelowBaseline(memguard.LiveHeap(), limit); msg != "" {
		log.Warn(msg, "cap", humanize.IBytes(limit), "live_heap", humanize.IBytes(memguard.LiveHeap()))
	}
	return g, nil
}

// capBelowBaseline says why a memory cap cannot work when the heap that
// start-up left live (catalog, indexes, learned model) already reaches the
// share of the cap at which new sessions are refused; "" when it leaves
// room.
func capBelowBaseline(live, limit uint64) string {
	refuseAt := uint64(memguard.DefaultCreateShare * float64(limit))
	if live < refuseAt {
		return ""
	}
	need := uint64(float64(live) / memguard.DefaultCreateShare * 1.5)
	return fmt.Sprintf("memory admission: the loaded catalog already holds %s of live heap, at or above the %s at which new sessions are refused: every new session will be answered 503 overloaded; raise --max-memory (or GOMEMLIMIT) to at least %s",
		humanize.IBytes(live), humanize.IBytes(refuseAt), humanize.IBytes(need))
}

// sweep evicts closed and idle sessions every minute until ctx ends.
func (a *app) sweep(ctx context.Context) {
	if a.sessions == nil {
		return // the PostgreSQL session store holds nothing in memory
	}
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n := a.sessions.Sweep(); n > 0 {
				a.log.Info("sessions evicted", "count", n, "held", a.sessions.Stats().Open)
			}
		}
	}
}

// parseRetention reads --retain-sessions: a Go duration, or whole days
// ("30d"); "0" keeps sessions forever.
func parseRetention(v string) (time.Duration, error) {
	v = strings.TrimSpace(v)
	if v == "0" {
		return 0, nil
	}
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.Atoi(days)
		if err == nil && n > 0 && n <= 36500 {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	} else if d, err := time.ParseDuration(v); err == nil && d > 0 {
		return d, nil
	}
	return 0, usageErr("--retain-sessions %q: want a duration such as 30d or 12h, or 0 to keep sessions forever", v)
}

// readKeyFile reads API keys from a file, one per line; blank lines and
// lines starting with # are skipped.
func readKeyFile(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usageErr("--api-key-file: %v", err)
	}
	var keys []string
	for line := range strings.SplitSeq(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			keys = append(keys, line)
		}
	}
	if len(keys) == 0 {
		return nil, usageErr("--api-key-file %s: no keys", path)
	}
	return keys, nil
}

func newServeCmd() *cobra.Command {
	var (
		cf      catalogFlags
		df      dbFlags
		addr    string
		apiKeys []string
		keyFile string
		origins []string
		logJSON bool
		pprof   string
		maxMem  string
		limits  = sessions.Limits{MaxSessions: defaultMaxSessions, IdleTTL: defaultIdleTTL, MaxLogBytes: defaultMaxLogBytes}
		maxTurn = defaultMaxTurns
		create  = server.RateLimit{Rate: defaultCreateRate, Burst: defaultCreateBurst}
		events  = server.RateLimit{Rate: defaultEventRate, Burst: defaultEventBurst}
		streams = server.DefaultStreamLimits
		stopIn  = defaultShutdownTimeout
		retain  = "30d" // a month of audit trail
		explain = server.RateLimit{Rate: 1, Burst: 10}
	)
	cmd := &cobra.Command{
		Use:   "serve [--addr 127.0.0.1:8080] [--catalog FILE…]",
		Short: "Run the search-box API (the embedded default: demo catalog, in-memory store; PostgreSQL + pgvector when DATABASE_URL is set)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !cmd.Flags().Changed("addr") {
				if env := os.Getenv("SEARCHAGENT_ADDR"); env != "" {
					addr = env
				}
			}
			if !cmd.Flags().Changed("catalog") {
				if env := os.Getenv("SEARCHAGENT_CATALOG"); env != "" {
					cf.files = strings.Split(env, ",")
				}
			}
			if !cmd.Flags().Changed("api-key-file") {
				keyFile = os.Getenv("SEARCHAGENT_API_KEYS_FILE")
			}
			if !cmd.Flags().Changed("api-key") {
				if env := os.Getenv("SEARCHAGENT_API_KEYS"); env != "" {
					apiKeys = strings.Split(env, ",")
				}
			}
			if keyFile != "" {
				keys, err := readKeyFile(keyFile)
				if err != nil {
					return err
				}
				apiKeys = append(apiKeys, keys...)
			}
			if !cmd.Flags().Changed("cors-origin") {
				if env := os.Getenv("SEARCHAGENT_CORS_ORIGINS"); env != "" {
					origins = strings.Split(env, ",")
				}
			}
			var h slog.Handler = slog.NewTextHandler(cmd.ErrOrStderr(), nil)
			if logJSON {
				h = slog.NewJSONHandler(cmd.ErrOrStderr(), nil)
			}
			log := slog.New(h)
			if cmd.Flags().Changed("api-key") {
				log.Warn("--api-key puts the key on the command line, where ps shows it: for anything but a local try use SEARCHAGENT_API_KEYS or --api-key-file")
			}
			if !cmd.Flags().Changed("migrate") && os.Getenv("SEARCHAGENT_MIGRATE") == "1" {
				df.migrate = true
			}
			var maxMemory uint64
			if maxMem != "" {
				n, err := humanize.ParseBytes(maxMem)
				if err != nil || n == 0 {
					return usageErr("--max-memory %q: want a size such as 512MiB or 2GB", maxMem)
				}
				maxMemory = n
			}
			retainFor, err := parseRetention(retain)
			if err != nil {
				return err
			}
			if stopIn <= 0 {
				return usageErr("--shutdown-timeout %v: must be positive", stopIn)
			}
			a, err := newApp(cmd.Context(), appConfig{retain: retainFor, logBytesSet: cmd.Flags().Changed("max-log-bytes"), catalog: cf, db: df, apiKeys: apiKeys, limits: limits, maxTurns: maxTurn, maxMemory: maxMemory,
				createLimit: create, eventLimit: events, explainLimit: explain, streams: streams, shutdownTimeout: stopIn, corsOrigins: origins, log: log}, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer a.close()
			var lc net.ListenConfig
			ln, err := lc.Listen(cmd.Context(), "tcp", addr)
			if err != nil {
				return failErr("listen %s: %v", addr, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "searchagent listening on http://%s (GET /readyz says which mode is active)\n", ln.Addr())
			go a.sweep(cmd.Context())
			if a.retention != nil {
				go a.retention.Run(cmd.Context())
			}
			if pprof != "" {
				stopProf, err := servePprof(cmd.Context(), pprof, log)
				if err != nil {
					return err
				}
				defer stopProf()
			}
			if err := a.server.Serve(cmd.Context(), ln); err != nil {
				return failErr("%v", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "listen address (env SEARCHAGENT_ADDR)")
	cmd.Flags().StringSliceVar(&apiKeys, "api-key", nil, "require Authorization: Bearer <key> on /v1 (repeatable; for local tries only: ps shows it; use env SEARCHAGENT_API_KEYS, comma-separated, or --api-key-file)")
	cmd.Flags().StringVar(&keyFile, "api-key-file", "", "read API keys from FILE, one per line (env SEARCHAGENT_API_KEYS_FILE)")
	cmd.Flags().IntVar(&limits.MaxSessions, "max-sessions", limits.MaxSessions, "most sessions held; beyond it closed and idle ones are evicted, then creation answers 503 overloaded (0: no bound)")
	cmd.Flags().DurationVar(&limits.IdleTTL, "session-idle-ttl", limits.IdleTTL, "an untouched session may be evicted after this long (0: only closed ones are)")
	cmd.Flags().Int64Var(&limits.MaxLogBytes, "max-log-bytes", limits.MaxLogBytes, "most event and trace bytes held over all sessions; beyond it creation evicts, then answers 503 (0: no bound)")
	cmd.Flags().IntVar(&maxTurn, "max-turns", maxTurn, "most turns per session; beyond it an event answers 409 session_full (0: no bound)")
	cmd.Flags().Float64Var(&create.Rate, "create-rate", create.Rate, "sessions a client (API key, else IP) may create per second on average; 429 beyond (0: off)")
	cmd.Flags().IntVar(&create.Burst, "create-burst", create.Burst, "sessions a client may create at once")
	cmd.Flags().Float64Var(&events.Rate, "event-rate", events.Rate, "events (and stream opens) a client may send per second on average; 429 beyond (0: off)")
	cmd.Flags().IntVar(&events.Burst, "event-burst", events.Burst, "events a client may send at once")
	cmd.Flags().Float64Var(&explain.Rate, "explain-rate", explain.Rate, "POST /v1/route/explain calls a client may make per second on average (each may be a model call); 429 beyond (0: off)")
	cmd.Flags().IntVar(&explain.Burst, "explain-burst", explain.Burst, "explain calls a client may make at once")
	cmd.Flags().IntVar(&streams.Total, "max-streams", streams.Total, "most open SSE responses (GET …/stream and streamed turns) in total; 503 overloaded beyond (0: no bound)")
	cmd.Flags().IntVar(&streams.PerClient, "max-streams-per-client", streams.PerClient, "most open SSE responses per client (API key, else IP); 429 beyond (0: no bound)")
	cmd.Flags().IntVar(&streams.PerSession, "max-streams-per-session", streams.PerSession, "most open SSE responses per session; 429 beyond (0: no bound)")
	cmd.Flags().StringVar(&retain, "retain-sessions", retain, "delete sessions closed or untouched for longer than this (e.g. 30d, 12h) with their events and traces, in batches every minute (0: keep forever)")
	cmd.Flags().DurationVar(&stopIn, "shutdown-timeout", stopIn, "on SIGTERM, how long running turns may take to finish; then they are stopped and fail with turn.error")
	cmd.Flags().StringSliceVar(&origins, "cors-origin", nil, "let browser pages on this origin (scheme://host[:port]) call the API (repeatable; env SEARCHAGENT_CORS_ORIGINS, comma-separated; default none)")
	cmd.Flags().BoolVar(&logJSON, "log-json", false, "log as JSON lines")
	cmd.Flags().StringVar(&maxMem, "max-memory", "", "memory cap (e.g. 512MiB): sets the Go memory limit and answers 503 overloaded to new sessions at 70% and new turns at 85% of it in live heap (default: GOMEMLIMIT if set, else off)")
	cmd.Flags().StringVar(&pprof, "pprof-addr", "", "serve Go's net/http/pprof profiles on this loopback address (e.g. 127.0.0.1:6060; off by default; refused on a non-loopback address)")
	cmd.Flags().BoolVar(&df.migrate, "migrate", false, "with DATABASE_URL: apply pending schema migrations before serving (env SEARCHAGENT_MIGRATE=1); without it serve refuses a schema that is behind")
	df.registerQuery(cmd)
	cf.register(cmd)
	cmd.Flags().Lookup("catalog").Usage += " (env SEARCHAGENT_CATALOG, comma-separated)"
	return cmd
}

// The agent is what the HTTP layer serves.
var _ server.Service = (*agent.Agent)(nil)
var _ server.TurnStreamer = (*agent.Agent)(nil)

// classifierSummary names the router's classifier stage for the startup
// log: the local model with its weights, the model, or off.
func classifierSummary(rt *router.Router) string {
	switch rt.ClassifierKind() {
	case router.ClassifierLocal:
		return "local: " + rt.LocalClassifierInfo()
	case router.ClassifierModel:
		return "model"
	}
	return "off"
}
