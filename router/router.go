package router

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
)

//go:embed specs/*.yaml
var defaultSpecs embed.FS

// DefaultSpecs returns the embedded default spec set.
func DefaultSpecs() ([]Spec, error) { return LoadSpecsFS(defaultSpecs, "specs") }

// DefaultSnapshot is the compiled embedded default spec set. It is
// compiled once per process (about 0.3 s of CPU) and shared: a Snapshot is
// immutable once compiled, and routers swap snapshots rather than change
// them.
func DefaultSnapshot() (*Snapshot, error) { return compiledDefault() }

var compiledDefault = sync.OnceValues(func() (*Snapshot, error) {
	specs, err := DefaultSpecs()
	if err != nil {
		return nil, err
	}
	return Compile(specs)
})

// LoadDir reads every *.yaml spec file directly under dir and compiles
// them into a snapshot.
func LoadDir(dir string) (*Snapshot, error) {
	specs, err := LoadSpecsFS(os.DirFS(dir), ".")
	if err != nil {
		return nil, err
	}
	return Compile(specs)
}

// Router routes inputs against its current snapshot. Swap replaces the
// snapshot atomically; queries in flight finish on the snapshot they
// started with. A Router is safe for concurrent use.
type Router struct {
	snap       atomic.Pointer[Snapshot]
	margin     float64
	maxBytes   int
	classifier Classifier
	// classifierKind is ClassifierLocal or ClassifierModel when a
	// classifier is installed.
	classifierKind string
}

// Option configures a Router.
type Option func(*Router) error

// WithAmbiguityMargin sets the ambiguity margin (default 0.1), in [0, 1).
func WithAmbiguityMargin(m float64) Option {
	return func(r *Router) error {
		if m < 0 || m >= 1 {
			return fmt.Errorf("ambiguity margin %v out of [0, 1)", m)
		}
		r.margin = m
		return nil
	}
}

// WithMaxInputBytes sets the input limit (default DefaultMaxInputBytes).
func WithMaxInputBytes(n int) Option {
	return func(r *Router) error {
		if n <= 0 {
			return fmt.Errorf("max input bytes %d must be positive", n)
		}
		r.maxBytes = n
		return nil
	}
}

// WithClassifier enables the classifier stage on a model (it replaces
// a local classifier installed before it).
func WithClassifier(c Classifier) Option {
	return func(r *Router) error {
		if c == nil {
			return errors.New("nil classifier")
		}
		r.classifier, r.classifierKind = c, ClassifierModel
		return nil
	}
}

// New returns a router over snap.
func New(snap *Snapshot, opts ...Option) (*Router, error) {
	if snap == nil {
		return nil, errors.New("router: nil snapshot")
	}
	r := &Router{margin: DefaultAmbiguityMargin, maxBytes: DefaultMaxInputBytes}
	for _, o := range opts {
		if err := o(r); err != nil {
			return nil, fmt.Errorf("router: %w", err)
		}
	}
	r.snap.Store(snap)
	return r, nil
}

// Default returns a router over the embedded default spec set.
func Default(opts ...Option) (*Router, error) {
	snap, err := DefaultSnapshot()
	if err != nil {
		return nil, err
	}
	return New(snap, opts...)
}

// Snapshot returns the current snapshot.
func (r *Router) Snapshot() *Snapshot { return r.snap.Load() }

// Swap installs snap and returns the previous snapshot.
func (r *Router) Swap(snap *Snapshot) (*Snapshot, error) {
	if snap == nil {
		return nil, errors.New("router: nil snapshot")
	}
	return r.snap.Swap(snap), nil
}

// HasClassifier reports whether the classifier stage is configured
// (local or model; ClassifierKind says which).
func (r *Router) HasClassifier() bool { return r.classifier != nil }

// Query routes one input. The error reports only system failures: an
// input over the limit (ErrInputTooLong) or a cancelled context.
func (r *Router) Query(ctx context.Context, in Input) (*Result, error) {
	res, _, err := r.snap.Load().run(ctx, in, r.opts(false))
	return res, err
}

// QueryRules is Query without the classifier stage (see ExplainRules).
func (r *Router) QueryRules(ctx context.Context, in Input) (*Result, error) {
	o := r.opts(false)
	o.classifier = nil
	res, _, err := r.snap.Load().run(ctx, in, o)
	return res, err
}

// ExplainRules is Explain without the classifier stage: the deterministic
// stages only, for hosts that must not call a model on this input (a
// guard check ahead of the deterministic condition parser).
func (r *Router) ExplainRules(ctx context.Context, in Input) (*Result, *Trace, error) {
	o := r.opts(true)
	o.classifier = nil
	return r.snap.Load().run(ctx, in, o)
}

// ExplainSubmitted is ExplainRules for submitted text (a first search or
// a rewrite, read by the condition parser next): the deterministic
// stages, and then, when the local classifier is installed and the guard
// rules did not refuse, the local classifier's guard check — it refuses a
// paraphrased abuse request the guard's terms missed, and decides
// nothing else. A model classifier is never asked here.
func (r *Router) ExplainSubmitted(ctx context.Context, in Input) (*Result, *Trace, error) {
	o := r.opts(true)
	o.classifier = nil
	if lc, ok := r.classifier.(localClassifier); ok {
		o.submitGuard = &lc
	}
	return r.snap.Load().run(ctx, in, o)
}

// Explain routes one input and returns the trace of every stage.
func (r *Router) Explain(ctx context.Context, in Input) (*Result, *Trace, error) {
	return r.snap.Load().run(ctx, in, r.opts(true))
}

func (r *Router) opts(trace bool) runOptions {
	return runOptions{margin: r.margin, maxBytes: r.maxBytes, trace: trace, classifier: r.classifier, classifierKind: r.classifierKind}
}
