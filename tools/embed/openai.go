package embed

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// EmbeddingsAPI is the OpenAI-compatible embeddings endpoint as the
// OpenAI embedder needs it (tools/llm.Client implements it).
type EmbeddingsAPI interface {
	Embed(ctx context.Context, model string, dims int, texts []string) ([][]float32, error)
}

// DefaultBatch is how many texts one embeddings request carries.
const DefaultBatch = 128

// OpenAI embeds through an OpenAI-compatible embeddings endpoint. Its
// Model is "<model>@<dims>" so that vectors of another model or size are
// never compared with its own (see Vector).
type OpenAI struct {
	api   EmbeddingsAPI
	model string
	dims  int
	batch int
}

// NewOpenAI returns an embedder for model with dims dimensions (the
// request's dimensions parameter; models without it must be given their
// native size), sending at most batch texts per request (DefaultBatch
// when batch <= 0).
func NewOpenAI(api EmbeddingsAPI, model string, dims, batch int) (*OpenAI, error) {
	if api == nil || model == "" {
		return nil, errors.New("embed: the OpenAI embedder needs an endpoint and a model")
	}
	if dims <= 0 {
		return nil, fmt.Errorf("embed: dimensions %d must be positive", dims)
	}
	if batch <= 0 {
		batch = DefaultBatch
	}
	return &OpenAI{api: api, model: model, dims: dims, batch: batch}, nil
}

// Dimensions implements Embedder.
func (o *OpenAI) Dimensions() int { return o.dims }

// Model implements Embedder.
func (o *OpenAI) Model() string { return fmt.Sprintf("%s@%d", o.model, o.dims) }

// Embed implements Embedder: batches of at most o.batch texts; an empty
// text gets a zero vector without a request; every vector is checked for
// its length and finite values.
func (o *OpenAI) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var idx []int
	var batch []string
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		vs, err := o.api.Embed(ctx, o.model, o.dims, batch)
		if err != nil {
			return fmt.Errorf("embed %d texts with %s: %w", len(batch), o.model, err)
		}
		if len(vs) != len(batch) {
			return fmt.Errorf("%w: %d vectors for %d texts", ErrBadEmbedding, len(vs), len(batch))
		}
		for i, v := range vs {
			if len(v) != o.dims {
				return fmt.Errorf("%w: %d values, want %d (model %s)", ErrDimensionMismatch, len(v), o.dims, o.model)
			}
			for _, x := range v {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
					return fmt.Errorf("%w: a value is not finite", ErrBadEmbedding)
				}
			}
			out[idx[i]] = v
		}
		idx, batch = idx[:0], batch[:0]
		return nil
	}
	for i, t := range texts {
		if t == "" {
			out[i] = make([]float32, o.dims)
			continue
		}
		idx, batch = append(idx, i), append(batch, t)
		if len(batch) == o.batch {
			if err := flush(); err != nil {
				return nil, err
			}
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}
