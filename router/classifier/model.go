// Package classifier is the router's local classifier (seed 004 stage 3
// on the embedded default): a multinomial naive Bayes over character
// n-grams (CJK) and words plus character n-grams (Latin), trained from
// the routing corpus by `intentctl train` into weights.json, which is
// checked in and embedded. It is pure: Predict reads only the model.
//
// Naive Bayes is written here (about 150 lines) rather than taken from a
// library: the one Go learning library on the list, golearn, offers only
// a Bernoulli variant bound to its own instance and attribute types,
// pulls gonum and more, is unmaintained since 2022, and has no stable
// serialised form to check in and hash.
package classifier

// weights.json is trained from evals/suites/route (make classifier runs
// the same command); JSON has no comments: README.md and .gitattributes
// mark it as generated.
//
//go:generate sh -c "cd ../.. && go run ./cmd/intentctl train"

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// Version is the weights file format version.
const Version = 1

// DefaultAlpha is the additive (Laplace) smoothing of the counts.
const DefaultAlpha = 0.1

// NoneLabel is the class of texts that are no intent at all (the
// harmless look-alikes and the corpus's fallback cases).
const NoneLabel = "none"

// ErrWeights reports a weights file this build cannot use.
var ErrWeights = errors.New("classifier weights")

// Example is one training text (already normalised) and its label: a
// spec id or NoneLabel.
type Example struct {
	Text  string
	Label string
}

// Class is one label with its training counts.
type Class struct {
	ID string `json:"id"`
	// Docs is the number of examples and Tokens the number of features
	// seen in them.
	Docs   int `json:"docs"`
	Tokens int `json:"tokens"`
}

// Model is a trained classifier: the weights file's content plus the
// log-likelihood tables derived from it at load.
type Model struct {
	Version    int     `json:"version"`
	FeatureSet string  `json:"feature_set"`
	CorpusHash string  `json:"corpus_hash"`
	Examples   int     `json:"examples"`
	Alpha      float64 `json:"alpha"`
	Classes    []Class `json:"classes"`
	// Counts maps a feature to its counts per class as flat pairs
	// (class index, count).
	Counts map[string][]int `json:"counts"`

	loglik map[string][]float64
}

// CorpusHash identifies a training corpus with the feature set and the
// smoothing: the same examples in any order give the same hash.
func CorpusHash(ex []Example) string {
	lines := make([]string, len(ex))
	for i, e := range ex {
		lines[i] = e.Label + "\t" + e.Text
	}
	slices.Sort(lines)
	h := sha256.New()
	fmt.Fprintf(h, "v%d %s alpha=%g\n", Version, FeatureSet, DefaultAlpha)
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Train counts the features of every example per label. Labels are
// sorted, so the same corpus always gives the same file.
func Train(ex []Example) (*Model, error) {
	if len(ex) == 0 {
		return nil, errors.New("classifier: empty corpus")
	}
	var labels []string
	for _, e := range ex {
		if e.Label == "" {
			return nil, fmt.Errorf("classifier: example %q has no label", e.Text)
		}
		labels = append(labels, e.Label)
	}
	slices.Sort(labels)
	labels = slices.Compact(labels)
	idx := map[string]int{}
	m := &Model{Version: Version, FeatureSet: FeatureSet, CorpusHash: CorpusHash(ex), Examples: len(ex), Alpha: DefaultAlpha, Counts: map[string][]int{}}
	for i, l := range labels {
		idx[l] = i
		m.Classes = append(m.Classes, Class{ID: l})
	}
	counts := map[string]map[int]int{}
	for _, e := range ex {
		c := idx[e.Label]
		m.Classes[c].Docs++
		for _, f := range uniq(Features(e.Text)) {
			if counts[f] == nil {
				counts[f] = map[int]int{}
			}
			counts[f][c]++
			m.Classes[c].Tokens++
		}
	}
	for f, per := range counts {
		cs := make([]int, 0, len(per))
		for c := range per {
			cs = append(cs, c)
		}
		slices.Sort(cs)
		pairs := make([]int, 0, 2*len(cs))
		for _, c := range cs {
			pairs = append(pairs, c, per[c])
		}
		m.Counts[f] = pairs
	}
	if err := m.derive(); err != nil {
		return nil, err
	}
	return m, nil
}

// Load decodes a weights file and derives its tables.
func Load(data []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrWeights, err)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("%w: format version %d, this build reads %d (run `go run ./cmd/intentctl train`)", ErrWeights, m.Version, Version)
	}
	if m.FeatureSet != FeatureSet {
		return nil, fmt.Errorf("%w: trained with features %q, this build extracts %q (run `go run ./cmd/intentctl train`)", ErrWeights, m.FeatureSet, FeatureSet)
	}
	if err := m.derive(); err != nil {
		return nil, err
	}
	return &m, nil
}

// Marshal encodes the model as its weights file: the header, then one
// feature per line in sorted order, so the file is stable and its diffs
// readable.
func (m *Model) Marshal() ([]byte, error) {
	head, err := json.Marshal(struct {
		Version    int     `json:"version"`
		FeatureSet string  `json:"feature_set"`
		CorpusHash string  `json:"corpus_hash"`
		Examples   int     `json:"examples"`
		Alpha      float64 `json:"alpha"`
		Classes    []Class `json:"classes"`
	}{m.Version, m.FeatureSet, m.CorpusHash, m.Examples, m.Alpha, m.Classes})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(head[:len(head)-1])
	b.WriteString(",\n\"counts\": {")
	keys := make([]string, 0, len(m.Counts))
	for k := range m.Counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for i, k := range keys {
		kj, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		vj, err := json.Marshal(m.Counts[k])
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n")
		b.Write(kj)
		b.WriteByte(':')
		b.Write(vj)
	}
	b.WriteString("\n}}\n")
	return b.Bytes(), nil
}

// KnownWord reports whether the training corpus held the Latin word w
// (a word feature of the model).
func (m *Model) KnownWord(w string) bool {
	_, ok := m.Counts["w:"+w]
	return ok
}

func (m *Model) derive() error {
	if len(m.Classes) == 0 || m.Alpha <= 0 {
		return fmt.Errorf("%w: no classes or no smoothing", ErrWeights)
	}
	v := float64(len(m.Counts))
	denom := make([]float64, len(m.Classes))
	for i, c := range m.Classes {
		denom[i] = math.Log(float64(c.Tokens) + m.Alpha*v)
	}
	unseen := make([]float64, len(m.Classes))
	for i := range unseen {
		unseen[i] = math.Log(m.Alpha) - denom[i]
	}
	m.loglik = make(map[string][]float64, len(m.Counts))
	for f, pairs := range m.Counts {
		if len(pairs)%2 != 0 {
			return fmt.Errorf("%w: feature %q has an odd count list", ErrWeights, f)
		}
		ll := slices.Clone(unseen)
		for i := 0; i < len(pairs); i += 2 {
			c, n := pairs[i], pairs[i+1]
			if c < 0 || c >= len(m.Classes) || n <= 0 {
				return fmt.Errorf("%w: feature %q has a bad count", ErrWeights, f)
			}
			ll[c] = math.Log(float64(n)+m.Alpha) - denom[c]
		}
		m.loglik[f] = ll
	}
	return nil
}

// Score is one class's posterior probability.
type Score struct {
	Class string  `json:"class"`
	Prob  float64 `json:"prob"`
}

// Feature is one feature's pull towards the top class against the
// runner-up, in nats (times its count).
type Feature struct {
	Feature string  `json:"feature"`
	Weight  float64 `json:"weight"`
}

// Prediction is the model's answer for one text.
type Prediction struct {
	// Scores are every class's posterior, best first (uniform priors:
	// the corpus's class sizes say how many cases were written, not how
	// often people ask).
	Scores []Score `json:"scores"`
	// Known is how many of the text's features the model has seen.
	Known int `json:"known"`
	// Margin is the mean per-feature log-likelihood ratio of the top
	// class over the runner-up: how clearly the evidence points one way,
	// independent of the text's length.
	Margin float64 `json:"margin"`
	// PairMargin is the same log-likelihood ratio as a mean over the
	// features the training corpus saw in the top class or the
	// runner-up only: a feature seen in neither weighs (almost) the same
	// for both, so it says nothing about the choice, yet it dilutes
	// Margin in a longer sentence (每天, 给我, a brief's frame words).
	PairMargin float64 `json:"pair_margin"`
	// Top are the features that pulled most towards the top class.
	Top []Feature `json:"top_features"`
}

// Predict scores text (normalised as in training) against every class.
func (m *Model) Predict(text string) Prediction {
	feats := uniq(Features(text))
	sum := make([]float64, len(m.Classes))
	var known []string
	for _, f := range feats {
		ll, ok := m.loglik[f]
		if !ok {
			continue
		}
		known = append(known, f)
		for i, v := range ll {
			sum[i] += v
		}
	}
	order := make([]int, len(m.Classes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if c := cmp.Compare(sum[b], sum[a]); c != 0 {
			return c
		}
		return strings.Compare(m.Classes[a].ID, m.Classes[b].ID)
	})
	p := Prediction{Known: len(known)}
	best := sum[order[0]]
	var z float64
	for _, i := range order {
		z += math.Exp(sum[i] - best)
	}
	for _, i := range order {
		p.Scores = append(p.Scores, Score{Class: m.Classes[i].ID, Prob: round4(math.Exp(sum[i]-best) / z)})
	}
	if len(known) == 0 || len(order) < 2 {
		return p
	}
	top, second := order[0], order[1]
	p.Margin = round4((sum[top] - sum[second]) / float64(len(known)))
	p.PairMargin = round4((sum[top] - sum[second]) / float64(max(m.pairFeatures(known, top, second), 1)))
	pull := map[string]float64{}
	for _, f := range known {
		ll := m.loglik[f]
		pull[f] += ll[top] - ll[second]
	}
	for f, w := range pull {
		if w > 0 {
			p.Top = append(p.Top, Feature{Feature: f, Weight: round4(w)})
		}
	}
	slices.SortFunc(p.Top, func(a, b Feature) int {
		if c := cmp.Compare(b.Weight, a.Weight); c != 0 {
			return c
		}
		return strings.Compare(a.Feature, b.Feature)
	})
	if len(p.Top) > 6 {
		p.Top = p.Top[:6]
	}
	return p
}

// pairFeatures counts the features of known that the training corpus
// saw in class a or class b.
func (m *Model) pairFeatures(known []string, a, b int) int {
	n := 0
	for _, f := range known {
		pairs := m.Counts[f]
		for i := 0; i < len(pairs); i += 2 {
			if pairs[i] == a || pairs[i] == b {
				n++
				break
			}
		}
	}
	return n
}

// uniq keeps each feature once, in first-seen order: a text's evidence
// is which n-grams it has, not how often (binarised multinomial NB,
// better on short texts).
func uniq(fs []string) []string {
	seen := make(map[string]bool, len(fs))
	out := fs[:0]
	for _, f := range fs {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

func round4(f float64) float64 { return math.Round(f*10000) / 10000 }

//go:embed weights.json
var weights []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
	defaultErr   error
)

// Default returns the embedded model, decoded once.
func Default() (*Model, error) {
	defaultOnce.Do(func() { defaultModel, defaultErr = Load(weights) })
	return defaultModel, defaultErr
}

// Weights returns the embedded weights file.
func Weights() []byte { return slices.Clone(weights) }
