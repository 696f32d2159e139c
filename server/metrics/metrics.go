// Package metrics is the Prometheus side of searchagent: an agent.Observer
// that counts turns, transitions by action, router branches, contract
// violations by code and step latencies, plus the HTTP request counters
// and latencies the server's middleware records. Everything lives in the
// Metrics' own *prometheus.Registry — never the global default one — and
// is exposed by Handler in the Prometheus text format.
//
// Series (all prefixed searchagent_):
//
//	turns_total{event,ok}                    counter
//	turn_duration_seconds{event}             histogram
//	transitions_total{action_id}             counter
//	router_branches_total{branch}            counter
//	contract_violations_total{code}          counter
//	step_duration_seconds{step,ok}           histogram
//	http_requests_total{route,method,status} counter
//	http_request_duration_seconds{route,method} histogram
//
// and, with ObserveSessions, the session store's gauges.
//
// Label values come from closed vocabularies (event names, action ids,
// route templates); the HTTP route label is the route template
// ("/v1/sessions/:id"), never a raw path with ids.
package metrics

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"searchagent/agent"
	"searchagent/agent/sessions"
	"searchagent/tools/states"
)

// Namespace prefixes every series.
const Namespace = "searchagent"

// Compile-time check: *Metrics is the agent's observer.
var _ agent.Observer = (*Metrics)(nil)

// Metrics holds the collectors and their registry. Its methods are safe
// for concurrent use.
type Metrics struct {
	reg *prometheus.Registry

	turns        *prometheus.CounterVec
	turnDuration *prometheus.HistogramVec
	transitions  *prometheus.CounterVec
	branches     *prometheus.CounterVec
	violations   *prometheus.CounterVec
	stepDuration *prometheus.HistogramVec
	httpRequests *prometheus.CounterVec
	httpDuration *prometheus.HistogramVec
}

type config struct {
	reg     *prometheus.Registry
	runtime bool
}

// Option configures New.
type Option func(*config)

// WithRegistry registers the collectors in reg instead of a fresh
// registry (e.g. to share one registry with other components). It must
// not be nil.
func WithRegistry(reg *prometheus.Registry) Option {
	return func(c *config) { c.reg = reg }
}

// WithRuntimeCollectors adds (true, the default) or leaves out (false) the
// Go runtime and process collectors (go_*, process_*).
func WithRuntimeCollectors(on bool) Option {
	return func(c *config) { c.runtime = on }
}

// Step and turn latencies span sub-millisecond rule-only steps to model
// calls of tens of seconds.
var durationBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 60}

// New builds the collectors and registers them.
func New(opts ...Option) (*Metrics, error) {
	cfg := config{runtime: true}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.reg == nil {
		cfg.reg = prometheus.NewRegistry()
	}
	m := &Metrics{
		reg: cfg.reg,
		turns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "turns_total",
			Help: "Turns run, by client event and whether the turn ended in a stable state without error.",
		}, []string{"event", "ok"}),
		turnDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "turn_duration_seconds",
			Help: "Turn latency by client event.", Buckets: durationBuckets,
		}, []string{"event"}),
		transitions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "transitions_total",
			Help: "State-machine actions applied, by action id.",
		}, []string{"action_id"}),
		branches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "router_branches_total",
			Help: "Routed follow-ups by router branch.",
		}, []string{"branch"}),
		violations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "contract_violations_total",
			Help: "Output-contract violations found in slots, by code.",
		}, []string{"code"}),
		stepDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "step_duration_seconds",
			Help: "Turn step latency by step and outcome.", Buckets: durationBuckets,
		}, []string{"step", "ok"}),
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: Namespace, Name: "http_requests_total",
			Help: "HTTP requests by route template, method and status code.",
		}, []string{"route", "method", "status"}),
		httpDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Name: "http_request_duration_seconds",
			Help:    "HTTP request latency by route template and method (for SSE routes: the stream's lifetime).",
			Buckets: durationBuckets,
		}, []string{"route", "method"}),
	}
	cs := []prometheus.Collector{m.turns, m.turnDuration, m.transitions, m.branches, m.violations,
		m.stepDuration, m.httpRequests, m.httpDuration}
	if cfg.runtime {
		cs = append(cs, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	}
	for _, c := range cs {
		if err := cfg.reg.Register(c); err != nil {
			var are prometheus.AlreadyRegisteredError
			if errors.As(err, &are) {
				return nil, fmt.Errorf("metrics: collector already registered in the given registry: %w", err)
			}
			return nil, fmt.Errorf("metrics: register: %w", err)
		}
	}
	return m, nil
}

// Registry is the registry the collectors live in.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the registry in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Turn implements agent.Observer.
func (m *Metrics) Turn(event string, ok bool, d time.Duration) {
	m.turns.WithLabelValues(event, strconv.FormatBool(ok)).Inc()
	m.turnDuration.WithLabelValues(event).Observe(d.Seconds())
}

// Transition implements agent.Observer.
func (m *Metrics) Transition(actionID string) {
	m.transitions.WithLabelValues(actionID).Inc()
}

// RouterBranch implements agent.Observer.
func (m *Metrics) RouterBranch(branch string) {
	m.branches.WithLabelValues(branch).Inc()
}

// ContractViolation implements agent.Observer.
func (m *Metrics) ContractViolation(code string) {
	m.violations.WithLabelValues(code).Inc()
}

// Step implements agent.Observer.
func (m *Metrics) Step(step string, ok bool, d time.Duration) {
	m.stepDuration.WithLabelValues(step, strconv.FormatBool(ok)).Observe(d.Seconds())
}

// HTTPRequest records one finished HTTP request. route must be a route
// template (or a fixed placeholder such as "unmatched"), never a raw path.
func (m *Metrics) HTTPRequest(route, method string, status int, d time.Duration) {
	m.httpRequests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.httpDuration.WithLabelValues(route, method).Observe(d.Seconds())
}

// ObserveSessions exports the session store's gauges and counters, read
// from stats at every scrape:
//
//	sessions_held{status="open|closed"}  gauge
//	session_log_bytes                    gauge   event payload bytes held
//	open_streams                         gauge   live GET …/stream subscriptions
//	sessions_evicted_total               counter closed or idle sessions dropped
//	sessions_refused_total               counter creations refused (503 overloaded)
//	sessions_by_state{layer,state}       gauge   open sessions per state of each layer
//
// sessions_by_state has one series per state of each of the three layers
// (layer="input|container|session", every state of fsm.Inputs,
// fsm.Containers and fsm.Sessions, zero included), so the sessions of one
// layer sum to sessions_held{status="open"}.
func (m *Metrics) ObserveSessions(stats func() sessions.Stats) error {
	gauge := func(name, help string, labels prometheus.Labels, f func(sessions.Stats) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: Namespace, Name: name, Help: help, ConstLabels: labels},
			func() float64 { return f(stats()) })
	}
	counter := func(name, help string, f func(sessions.Stats) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Name: name, Help: help},
			func() float64 { return f(stats()) })
	}
	for _, c := range []prometheus.Collector{
		gauge("sessions_held", "Sessions held by the session store.", prometheus.Labels{"status": "open"}, func(s sessions.Stats) float64 { return float64(s.Open) }),
		gauge("sessions_held", "Sessions held by the session store.", prometheus.Labels{"status": "closed"}, func(s sessions.Stats) float64 { return float64(s.Closed) }),
		gauge("session_log_bytes", "Bytes of event payloads held in session logs.", nil, func(s sessions.Stats) float64 { return float64(s.LogBytes) }),
		gauge("open_streams", "Live event-stream subscriptions (GET /v1/sessions/:id/stream).", nil, func(s sessions.Stats) float64 { return float64(s.Subscribers) }),
		counter("sessions_evicted_total", "Closed or idle sessions evicted by the session store.", func(s sessions.Stats) float64 { return float64(s.Evicted) }),
		counter("sessions_refused_total", "Session creations refused because the store was full (503 overloaded).", func(s sessions.Stats) float64 { return float64(s.Refused) }),
		&byStateCollector{stats: stats, desc: prometheus.NewDesc(prometheus.BuildFQName(Namespace, "", "sessions_by_state"),
			"Open sessions held, by the state of each layer of the three-layer state machine.", []string{"layer", "state"}, nil)},
	} {
		if err := m.reg.Register(c); err != nil {
			return fmt.Errorf("metrics: register session gauges: %w", err)
		}
	}
	return nil
}

// byStateCollector exports sessions_by_state from the store's stats.
type byStateCollector struct {
	stats func() sessions.Stats
	desc  *prometheus.Desc
}

// Describe implements prometheus.Collector.
func (c *byStateCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

// Collect implements prometheus.Collector.
func (c *byStateCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.stats()
	layers := []struct {
		name   string
		states []string
		of     func(sessions.State) string
	}{
		{"input", names(states.Inputs), func(s sessions.State) string { return s.Input }},
		{"container", names(states.Containers), func(s sessions.State) string { return s.Container }},
		{"session", names(states.Sessions), func(s sessions.State) string { return s.Session }},
	}
	for _, l := range layers {
		counts := make(map[string]int, len(l.states))
		for _, name := range l.states {
			counts[name] = 0
		}
		for s, n := range st.ByState {
			counts[l.of(s)] += n // an unknown name (none today) is still counted
		}
		for name, n := range counts {
			ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(n), l.name, name)
		}
	}
}

// names lists a layer's state names.
func names[S ~string](states []S) []string {
	out := make([]string, len(states))
	for i, s := range states {
		out[i] = string(s)
	}
	return out
}
