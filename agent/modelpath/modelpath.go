// Package modelpath is the agent's model path: the classifier stage the
// router calls for ambiguous and fallback follow-ups, model condition
// parsing merged with the deterministic parse, and model-written slots
// with bounded re-asks. Each stage renders a versioned prompt from
// prompts/, asks the OpenAI-compatible client of tools/llm for one JSON
// object under a schema, and hands the answer to the deterministic layers
// to validate: the model proposes, nothing it says reaches the search box
// unchecked.
//
// Each stage has its own switch (Stages); a stage that is off is never
// called, and Describe says which are on for /readyz, the startup log and
// every trace.
package modelpath

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"

	"searchagent/contract"
	"searchagent/prompts"
	"searchagent/tools/llm"
)

// Stage names, as the trace and the metrics label them.
const (
	StageClassifier = "classifier"
	StageParse      = "parse"
	StageSlots      = "slots"
	StageEmbeddings = "embeddings"
)

// Stages switches the stages that use the model.
type Stages struct {
	Classifier bool `json:"classifier"`
	Parse      bool `json:"parse"`
	Slots      bool `json:"slots"`
	// SlotsEveryTurn makes the model write the slots of every turn, not
	// only of turns whose reading involved the model.
	SlotsEveryTurn bool `json:"slots_every_turn,omitempty"`
}

// Names lists the stages that are on.
func (s Stages) Names() []string {
	var out []string
	if s.Classifier {
		out = append(out, StageClassifier)
	}
	if s.Parse {
		out = append(out, StageParse)
	}
	if s.Slots {
		out = append(out, StageSlots)
	}
	return out
}

// DefaultReasks is how often invalid slots are re-asked.
const DefaultReasks = 2

// Path holds the client, the prompts and the switches.
type Path struct {
	client    *llm.Client
	prompts   *prompts.Set
	stages    Stages
	reasks    int
	validator *contract.Validator
	metrics   *slotMetrics
}

// Option configures a Path.
type Option func(*Path) error

// WithReasks sets the bound on slot re-asks (default 2; 0 means none).
func WithReasks(n int) Option {
	return func(p *Path) error {
		if n < 0 || n > 5 {
			return fmt.Errorf("modelpath: re-asks %d out of [0, 5]", n)
		}
		p.reasks = n
		return nil
	}
}

// WithMetrics registers the slots stage's series on reg:
//
//	searchagent_llm_slots_total{source,first_pass}   counter
//	searchagent_llm_slot_reasks_total                counter
//	searchagent_llm_slot_repair_tokens_total         counter
//
// (the calls themselves are counted by llm.Metrics).
func WithMetrics(reg prometheus.Registerer) Option {
	return func(p *Path) error {
		m := &slotMetrics{
			slots: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "slots_total",
				Help: "Slot documents of the model slots stage, by source shown (model, template) and first-pass validity."}, []string{"source", "first_pass"}),
			reasks: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "slot_reasks_total",
				Help: "Re-asks after a contract violation."}),
			repair: prometheus.NewCounter(prometheus.CounterOpts{Namespace: "searchagent", Subsystem: "llm", Name: "slot_repair_tokens_total",
				Help: "Tokens spent on re-asks."}),
		}
		for _, c := range []prometheus.Collector{m.slots, m.reasks, m.repair} {
			if err := reg.Register(c); err != nil {
				return fmt.Errorf("modelpath: %w", err)
			}
		}
		p.metrics = m
		return nil
	}
}

type slotMetrics struct {
	slots          *prometheus.CounterVec
	reasks, repair prometheus.Counter
}

func (m *slotMetrics) observe(r SlotsResult) {
	if m == nil {
		return
	}
	m.slots.WithLabelValues(r.Source, strconv.FormatBool(r.FirstPassValid)).Inc()
	m.reasks.Add(float64(r.Reasks))
	m.repair.Add(float64(r.RepairTokens))
}

// New returns a path. client, set and validator are required.
func New(client *llm.Client, set *prompts.Set, v *contract.Validator, stages Stages, opts ...Option) (*Path, error) {
	if client == nil || set == nil || v == nil {
		return nil, errors.New("modelpath: client, prompts and validator are required")
	}
	p := &Path{client: client, prompts: set, stages: stages, reasks: DefaultReasks, validator: v}
	for _, o := range opts {
		if err := o(p); err != nil {
			return nil, err
		}
	}
	for _, id := range []string{promptClassify, promptParse, promptSlots} {
		if _, err := set.Get(id); err != nil {
			return nil, fmt.Errorf("modelpath: %w", err)
		}
	}
	return p, nil
}

// Stages returns the switches.
func (p *Path) Stages() Stages { return p.stages }

// Client returns the model client.
func (p *Path) Client() *llm.Client { return p.client }

// Description is what /readyz, the log and traces say about the path.
type Description struct {
	Model    string            `json:"model"`
	Stages   []string          `json:"stages"`
	Prompts  map[string]string `json:"prompts"`
	Reasks   int               `json:"reasks"`
	Endpoint map[string]string `json:"endpoint"`
}

// Describe says what is on.
func (p *Path) Describe() Description {
	return Description{Model: p.client.Model(), Stages: p.stages.Names(), Prompts: p.prompts.Versions(), Reasks: p.reasks, Endpoint: p.client.Describe()}
}

const (
	promptClassify = "classify"
	promptParse    = "parse_conditions"
	promptSlots    = "write_slots"
)

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

// request is the model request of a rendered prompt. The prompt header's
// temperature is always sent (0 included: go-openai would drop a zero,
// tools/llm puts it on the wire).
func request(stage string, r prompts.Rendered, schemaName string) llm.Request {
	temp := r.Hints.Temperature
	return llm.Request{Stage: stage, PromptID: r.ID, PromptVersion: r.Version, PromptHash: r.Hash, Messages: r.Messages(),
		SchemaName: schemaName, Schema: r.Schema, Temperature: &temp, MaxTokens: r.Hints.MaxTokens}
}

// askOnceMore asks req; an answer that is not one JSON object valid
// against its schema is re-asked once, showing the model its answer and
// what was wrong with it (the parse and classifier stages; the slots stage
// has its own bounded re-asks). Both asks run within ctx, the stage's
// deadline.
func (p *Path) askOnceMore(ctx context.Context, req llm.Request) (llm.Answer, error) {
	ans, err := p.client.Complete(ctx, req)
	if err == nil || !errors.Is(err, llm.ErrBadOutput) || ctx.Err() != nil {
		return ans, err
	}
	return p.client.Complete(ctx, reask(req, ans.Raw, "it was rejected: "+err.Error()))
}

// reask is req followed by the model's previous answer and why it was
// rejected, as a conversation (the rendered prompt is unchanged).
func reask(req llm.Request, previous, why string) llm.Request {
	previous = cmp.Or(previous, "(an empty answer)")
	r := req
	r.Messages = append(append([]llm.Message(nil), req.Messages...),
		llm.Message{Role: "assistant", Content: previous},
		llm.Message{Role: "user", Content: "Your answer above cannot be used: " + why + "\nAnswer again with the whole corrected JSON object and nothing else."})
	return r
}
