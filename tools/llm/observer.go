package llm

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Observer receives the account of every model call.
type Observer interface {
	ModelCall(Call)
}

type nopObserver struct{}

func (nopObserver) ModelCall(Call) {}

// Metrics is the Prometheus observer of model calls:
//
//	searchagent_llm_calls_total{stage,model,outcome}        counter
//	searchagent_llm_tokens_total{stage,model,kind}          counter (kind: prompt, completion)
//	searchagent_llm_call_duration_seconds{stage,model}      histogram
//	searchagent_llm_attempts_total{stage,model}             counter (retries included)
//	searchagent_llm_failures_total{reason}                  counter (failures the breaker counts)
//	searchagent_llm_breaker_trips_total{reason}             counter (times the circuit opened)
//	searchagent_llm_breaker_state                           gauge (0 closed, 1 half-open, 2 open)
type Metrics struct {
	calls    *prometheus.CounterVec
	tokens   *prometheus.CounterVec
	duration *prometheus.HistogramVec
	attempts *prometheus.CounterVec
	failures *prometheus.CounterVec
	trips    *prometheus.CounterVec
	state    prometheus.Gauge
}

var _ BreakerObserver = (*Metrics)(nil)

// NewMetrics registers the model-call series on reg.
func NewMetrics(reg prometheus.Registerer) (*Metrics, error) {
	m := &Metrics{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "calls_total",
			Help: "Model calls by stage, model and outcome."}, []string{"stage", "model", "outcome"}),
		tokens: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "tokens_total",
			Help: "Tokens the server counted, by stage, model and kind (prompt, completion)."}, []string{"stage", "model", "kind"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: "searchagent", Subsystem: "llm", Name: "call_duration_seconds",
			Help: "Wall time of a model call, retries included.", Buckets: prometheus.ExponentialBuckets(0.01, 2.5, 10)}, []string{"stage", "model"}),
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "attempts_total",
			Help: "HTTP attempts of model calls (retries included)."}, []string{"stage", "model"}),
		failures: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "failures_total",
			Help: "Model call failures the circuit breaker counts, by reason (http_401, http_5xx, timeout, unreachable, …)."}, []string{"reason"}),
		trips: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "breaker_trips_total",
			Help: "Times the model circuit opened (the model is skipped for the cool-down), by the reason of the last failure."}, []string{"reason"}),
		state: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: "searchagent", Subsystem: "llm", Name: "breaker_state",
			Help: "The model circuit: 0 closed (model used), 1 half-open (one probe), 2 open (model skipped: degraded)."}),
	}
	for _, c := range []prometheus.Collector{m.calls, m.tokens, m.duration, m.attempts, m.failures, m.trips, m.state} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// ModelCall counts one call.
func (m *Metrics) ModelCall(c Call) {
	m.calls.WithLabelValues(c.Stage, c.Model, c.Outcome).Inc()
	m.tokens.WithLabelValues(c.Stage, c.Model, "prompt").Add(float64(c.PromptTokens))
	m.tokens.WithLabelValues(c.Stage, c.Model, "completion").Add(float64(c.CompletionTokens))
	m.duration.WithLabelValues(c.Stage, c.Model).Observe(c.LatencyMS / 1000)
	m.attempts.WithLabelValues(c.Stage, c.Model).Add(float64(c.Attempts))
}

// BreakerState sets the breaker gauge and counts the trips.
func (m *Metrics) BreakerState(state, reason string) {
	switch state {
	case BreakerOpen:
		m.state.Set(2)
		m.trips.WithLabelValues(reason).Inc()
	case BreakerHalfOpen:
		m.state.Set(1)
	default:
		m.state.Set(0)
	}
}

// ModelFailure counts one failure by reason.
func (m *Metrics) ModelFailure(reason string) { m.failures.WithLabelValues(reason).Inc() }
