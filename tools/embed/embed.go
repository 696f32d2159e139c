// Package embed turns text into vectors for similar-channel recall.
//
// An Embedder maps texts to fixed-size vectors; Model names the model and
// is stored with every vector (see Vector) so that vectors of different
// models, which are not comparable, never meet in one similarity search.
// Two implementations are meant to satisfy it: the deterministic offline
// Hashing embedder in this package (the embedded default) and an
// OpenAI-compatible client (configured in production). ChannelText
// defines what of a channel is embedded, the same for both.
package embed

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
)

// Embedder maps texts to vectors.
type Embedder interface {
	// Embed returns one vector of Dimensions() values per text, in order.
	// Callers may pass any number of texts; implementations split them into
	// batches their backend accepts. An empty text gets a zero vector.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// Dimensions is the length of every vector Embed returns.
	Dimensions() int
	// Model names the model and its configuration, e.g.
	// "text-embedding-3-small" or "hashing-v1-256"; vectors of different
	// models must never be compared.
	Model() string
}

// Thresholder is implemented by embedders that know which cosine
// similarity marks two channels as similar under their model (scores
// differ widely between models). Stores use it as their default minimum
// similarity when it is not configured explicitly.
type Thresholder interface {
	SimilarThreshold() float64
}

// Errors of vector bookkeeping.
var (
	// ErrModelMismatch is returned when vectors of different models meet.
	ErrModelMismatch = errors.New("embedding model mismatch")
	// ErrDimensionMismatch is returned when a vector has the wrong length.
	ErrDimensionMismatch = errors.New("embedding dimension mismatch")
	// ErrBadEmbedding is returned when an embedder answers with the wrong
	// number of vectors or with values that are not finite.
	ErrBadEmbedding = errors.New("bad embedding response")
)

// Vector is an embedding together with the model that produced it, the
// form in which vectors are stored.
type Vector struct {
	Model  string    `json:"model"`
	Values []float32 `json:"values"`
}

// Check reports whether v can be compared with vectors of e: the same
// model and the same number of dimensions.
func (v Vector) Check(e Embedder) error {
	return v.CheckModel(e.Model(), e.Dimensions())
}

// CheckModel reports whether v was made by model with dims dimensions.
func (v Vector) CheckModel(model string, dims int) error {
	if v.Model != model {
		return fmt.Errorf("%w: vector of %q, want %q", ErrModelMismatch, v.Model, model)
	}
	if len(v.Values) != dims {
		return fmt.Errorf("%w: %d values, want %d (model %q)", ErrDimensionMismatch, len(v.Values), dims, model)
	}
	return nil
}

// Similarity is the cosine similarity of two vectors of the same model;
// vectors of different models or lengths are an error.
func Similarity(a, b Vector) (float64, error) {
	if a.Model != b.Model {
		return 0, fmt.Errorf("%w: %q vs %q", ErrModelMismatch, a.Model, b.Model)
	}
	if len(a.Values) != len(b.Values) {
		return 0, fmt.Errorf("%w: %d vs %d", ErrDimensionMismatch, len(a.Values), len(b.Values))
	}
	return float64(Cosine(a.Values, b.Values)), nil
}

// EmbedVectors embeds texts with e and returns them as Vectors stamped
// with e's model, after checking the embedder's answer: one vector per
// text, each of e.Dimensions() finite values.
func EmbedVectors(ctx context.Context, e Embedder, texts []string) ([]Vector, error) {
	raw, err := e.Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(raw) != len(texts) {
		return nil, fmt.Errorf("%w: %d vectors for %d texts (model %q)", ErrBadEmbedding, len(raw), len(texts), e.Model())
	}
	model, dims := e.Model(), e.Dimensions()
	out := make([]Vector, len(raw))
	for i, v := range raw {
		out[i] = Vector{Model: model, Values: v}
		if err := out[i].CheckModel(model, dims); err != nil {
			return nil, fmt.Errorf("text %d: %w", i, err)
		}
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, fmt.Errorf("%w: text %d has a non-finite value (model %q)", ErrBadEmbedding, i, model)
			}
		}
	}
	return out, nil
}

// Batches yields the [lo, hi) bounds of consecutive batches of at most
// size items out of n; size < 1 means one batch.
func Batches(n, size int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		if size < 1 {
			size = max(n, 1)
		}
		for lo := 0; lo < n; lo += size {
			if !yield(lo, min(lo+size, n)) {
				return
			}
		}
	}
}

// Dot is the dot product of two vectors of the same length (extra values
// of the longer one are ignored).
func Dot(a, b []float32) float32 {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= n; i += 4 {
		s0 += a[i] * b[i]
		s1 += a[i+1] * b[i+1]
		s2 += a[i+2] * b[i+2]
		s3 += a[i+3] * b[i+3]
	}
	for ; i < n; i++ {
		s0 += a[i] * b[i]
	}
	return s0 + s1 + s2 + s3
}

// Cosine is the cosine similarity of a and b; 0 when either is zero.
func Cosine(a, b []float32) float32 {
	na, nb := Dot(a, a), Dot(b, b)
	if na == 0 || nb == 0 {
		return 0
	}
	return Dot(a, b) / float32(math.Sqrt(float64(na))*math.Sqrt(float64(nb)))
}

// Normalize scales v in place to unit L2 length and returns its former
// length; a zero vector stays zero.
func Normalize(v []float32) float32 {
	n := float32(math.Sqrt(float64(Dot(v, v))))
	if n == 0 || math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return n
	}
	inv := 1 / n
	for i := range v {
		v[i] *= inv
	}
	return n
}
