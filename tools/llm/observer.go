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
type Metrics struct {
	calls    *prometheus.CounterVec
	tokens   *prometheus.CounterVec
	duration *prometheus.HistogramVec
	attempts *prometheus.CounterVec
}

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
	}
	for _, c := range []prometheus.Collector{m.calls, m.tokens, m.duration, m.attempts} {
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
