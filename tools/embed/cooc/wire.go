package cooc

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"math"
	"time"
)

// wire is the serialised form of a Model.
type wire struct {
	Name    string
	Dims    int
	Docs    int
	Terms   []string
	DF      []int32
	Surface []string
	Vecs    []float32
	Build   time.Duration
}

// MarshalBinary serialises the model (for the PostgreSQL store's
// learned_models table).
func (m *Model) MarshalBinary() ([]byte, error) {
	var b bytes.Buffer
	err := gob.NewEncoder(&b).Encode(wire{m.name, m.dims, m.docs, m.terms, m.df, m.surface, m.vecs, m.build})
	return b.Bytes(), err
}

// Unmarshal reads a model MarshalBinary wrote, checking its shape.
func Unmarshal(data []byte) (*Model, error) {
	var w wire
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&w); err != nil {
		return nil, fmt.Errorf("cooc: decode model: %w", err)
	}
	n := len(w.Terms)
	if w.Dims < 1 || len(w.DF) != n || len(w.Surface) != n || len(w.Vecs) != n*w.Dims || w.Docs < 1 {
		return nil, fmt.Errorf("cooc: decode model %q: inconsistent shape", w.Name)
	}
	for _, x := range w.Vecs {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("cooc: decode model %q: non-finite value", w.Name)
		}
	}
	m := &Model{name: w.Name, dims: w.Dims, docs: w.Docs, terms: w.Terms, df: w.DF, surface: w.Surface, vecs: w.Vecs, build: w.Build, index: make(map[string]int32, n)}
	for i, k := range w.Terms {
		m.index[k] = int32(i)
	}
	return m, nil
}
