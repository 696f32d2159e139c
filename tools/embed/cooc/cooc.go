// Package cooc learns term and channel embeddings from the catalog itself:
// which categories, tags and words occur in the same channels. No external
// weights exist on this machine, so the only evidence of what "basketball"
// is near is the catalog's own co-occurrence.
//
// The model is PPMI + truncated SVD (Levy, Goldberg and Dagan 2015): the
// terms of a channel (its category id, each whole tag, the words of its
// tags, name, description and recent titles; see terms) co-occur with one
// another; the co-occurrence counts of the MaxVocab most frequent terms
// seen in at least MinCount channels become positive pointwise mutual
// information, with the context distribution smoothed by 0.75; a
// randomized truncated SVD (Halko, Martinsson and Tropp 2011; gonum's QR
// and SVD) reduces it to Dims dimensions, and a term's vector is its row of
// U·Σ^½, L2-normalised. The random projection is seeded (Options.Seed), so
// the same catalog gives the same model on every machine.
//
// A channel's vector (ChannelVector) is the idf-weighted sum of its terms'
// vectors; a search word's neighbours (Neighbours) are the terms nearest
// to it by cosine. The model name is "cooc-ppmi-v1-<fingerprint>@<dims>":
// the fingerprint is of the options and the vocabulary with its counts,
// so vectors of another corpus never compare as the same model.
package cooc

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
)

// Options configure Build. The zero value of a field means its default.
type Options struct {
	// Dims is the number of dimensions (default 64).
	Dims int
	// MinCount is the least number of channels a term must occur in to
	// get a vector (default 2).
	MinCount int
	// MaxVocab bounds the vocabulary: the most frequent terms are kept
	// (default 3000). Category and tag terms are kept before words.
	MaxVocab int
	// Seed seeds the random projection (default 1).
	Seed uint64
	// Power is the number of power iterations of the randomized SVD
	// (default 2).
	Power int
}

// Defaults of Options.
const (
	DefaultDims      = 64
	DefaultMinCount  = 2
	DefaultMaxVocab  = 3000
	DefaultSeed      = 1
	DefaultPower     = 2
	oversample       = 16
	contextSmoothing = 0.75
)

func (o Options) withDefaults() Options {
	if o.Dims == 0 {
		o.Dims = DefaultDims
	}
	if o.MinCount == 0 {
		o.MinCount = DefaultMinCount
	}
	if o.MaxVocab == 0 {
		o.MaxVocab = DefaultMaxVocab
	}
	if o.Seed == 0 {
		o.Seed = DefaultSeed
	}
	if o.Power == 0 {
		o.Power = DefaultPower
	}
	return o
}

// ErrBadOptions is returned (wrapped) for options out of range, and
// ErrEmpty for a corpus too small to learn from.
var (
	ErrBadOptions = errors.New("bad cooc options")
	ErrEmpty      = errors.New("cooc: corpus has too few terms to learn from")
)

// Version is the algorithm's version, part of every model name.
const Version = "cooc-ppmi-v1"

// Model is a learned term space. It is immutable and safe for concurrent
// use.
type Model struct {
	name  string
	dims  int
	docs  int
	terms []string
	index map[string]int32
	df    []int32
	// surface is a term's text as first written in the corpus ("NBA" for
	// t:nba), for display.
	surface []string
	vecs    []float32 // len(terms)*dims, unit rows
	build   time.Duration
}

// Stats describe a model for /readyz and the trace.
type Stats struct {
	Model      string        `json:"model"`
	Dimensions int           `json:"dimensions"`
	Terms      int           `json:"terms"`
	Channels   int           `json:"channels"`
	BuildTime  time.Duration `json:"build_time"`
}

// Name is the model name, "cooc-ppmi-v1-<fingerprint>@<dims>".
func (m *Model) Name() string { return m.name }

// Dimensions is the length of every vector of the model.
func (m *Model) Dimensions() int { return m.dims }

// Stats describes the model.
func (m *Model) Stats() Stats {
	return Stats{Model: m.name, Dimensions: m.dims, Terms: len(m.terms), Channels: m.docs, BuildTime: m.build}
}

// Has reports whether the model has a vector for the term key.
func (m *Model) Has(key string) bool { _, ok := m.index[key]; return ok }

// vec is the unit vector of term i.
func (m *Model) vec(i int32) []float32 {
	return m.vecs[int(i)*m.dims : (int(i)+1)*m.dims : (int(i)+1)*m.dims]
}

// Vector returns the unit vector of a term key, nil when the model has
// none.
func (m *Model) Vector(key string) []float32 {
	i, ok := m.index[key]
	if !ok {
		return nil
	}
	return m.vec(i)
}

// idf is the inverse document frequency of term i.
func (m *Model) idf(i int32) float32 {
	return float32(math.Log(1 + float64(m.docs)/float64(m.df[i])))
}

// ChannelVector is ch's vector in the model: the sum of its terms' unit
// vectors weighted by kind and idf, L2-normalised; a zero vector (and
// false) when none of its terms is in the vocabulary.
func (m *Model) ChannelVector(ch *catalog.Channel, dst []float32) ([]float32, bool) {
	if cap(dst) < m.dims {
		dst = make([]float32, m.dims)
	}
	dst = dst[:m.dims]
	clear(dst)
	// The channel's known terms in the order terms lists them, each
	// with its largest weight: looked up by a key built in one buffer
	// (no string per word: this runs for every candidate of a similar
	// set's pool).
	type known struct {
		i int32
		w float32
	}
	var (
		key  []byte
		list []known
		seen = map[int32]int{}
	)
	eachTerm(ch, func(kind, text string, w float32) {
		key = append(append(key[:0], kind...), text...)
		i, ok := m.index[string(key)]
		if !ok {
			return
		}
		if at, ok := seen[i]; ok {
			list[at].w = max(list[at].w, w)
			return
		}
		seen[i] = len(list)
		list = append(list, known{i, w})
	})
	for _, t := range list {
		w := t.w * m.idf(t.i)
		for d, x := range m.vec(t.i) {
			dst[d] += w * x
		}
	}
	embed.Normalize(dst)
	return dst, len(list) > 0
}

// QueryVector is the vector a search text is looked up by: the text's own
// tag term when the model has it, else the idf-weighted sum of its words'
// vectors; nil when the model knows none of it.
func (m *Model) QueryVector(text string) []float32 {
	tag, words := queryTerms(text)
	if v := m.Vector(tag); v != nil {
		return v
	}
	out := make([]float32, m.dims)
	any := false
	for _, w := range words {
		i, ok := m.index[w]
		if !ok {
			continue
		}
		any = true
		f := m.idf(i)
		for d, x := range m.vec(i) {
			out[d] += f * x
		}
	}
	if !any {
		return nil
	}
	embed.Normalize(out)
	return out
}

// Neighbour is a term near a query, with its cosine.
type Neighbour struct {
	// Key is the term key ("t:nba"); Text its surface form ("NBA").
	Key    string  `json:"key"`
	Text   string  `json:"text"`
	Cosine float64 `json:"cosine"`
}

// Neighbours returns at most k terms accepted by accept (nil: every term)
// whose cosine with the query text is at least minCos, nearest first
// (ties by key). The query's own tag term is never among them.
func (m *Model) Neighbours(text string, k int, minCos float64, accept func(key string) bool) []Neighbour {
	q := m.QueryVector(text)
	if q == nil || k < 1 {
		return nil
	}
	self := TagKey(text)
	var out []Neighbour
	for i, key := range m.terms {
		if key == self || accept != nil && !accept(key) {
			continue
		}
		c := float64(embed.Dot(q, m.vec(int32(i))))
		if c < minCos {
			continue
		}
		out = append(out, Neighbour{Key: key, Text: m.surface[i], Cosine: c})
	}
	slices.SortFunc(out, func(a, b Neighbour) int {
		if a.Cosine != b.Cosine {
			if a.Cosine > b.Cosine {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Key, b.Key)
	})
	if len(out) > k {
		out = out[:k]
	}
	return out
}

// Build learns a model from the channels (see the package comment). It
// fails with ErrEmpty when fewer than Dims+oversample terms qualify.
func Build(ctx context.Context, chans []*catalog.Channel, opts Options) (*Model, error) {
	o := opts.withDefaults()
	if o.Dims < 2 || o.Dims > 512 || o.MinCount < 1 || o.MaxVocab < 16 || o.Power < 0 || o.Power > 8 {
		return nil, fmt.Errorf("%w: %+v", ErrBadOptions, opts)
	}
	start := time.Now()
	// Document frequencies and surface forms.
	df := map[string]int32{}
	surface := map[string]string{}
	docs := make([][]string, 0, len(chans))
	seen := map[string]int{}
	var buf []term
	for n, ch := range chans {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		buf = terms(ch, buf[:0], seen)
		keys := make([]string, len(buf))
		for i, t := range buf {
			keys[i] = t.key
			df[t.key]++
		}
		for _, tg := range ch.Tags {
			if k := TagKey(tg); surface[k] == "" {
				surface[k] = strings.TrimSpace(tg)
			}
		}
		if c := strings.TrimSpace(ch.Category); c != "" {
			surface[CategoryKey(c)] = strings.ToLower(c)
		}
		docs = append(docs, keys)
	}
	// The vocabulary: qualifying terms, labels (category, tag) before
	// words, then by frequency and key.
	var vocab []string
	for k, n := range df {
		if int(n) >= o.MinCount {
			vocab = append(vocab, k)
		}
	}
	label := func(k string) bool { return !strings.HasPrefix(k, KindWord) }
	slices.SortFunc(vocab, func(a, b string) int {
		if la, lb := label(a), label(b); la != lb {
			if la {
				return -1
			}
			return 1
		}
		if df[a] != df[b] {
			return int(df[b] - df[a])
		}
		return strings.Compare(a, b)
	})
	if len(vocab) > o.MaxVocab {
		vocab = vocab[:o.MaxVocab]
	}
	slices.Sort(vocab)
	v := len(vocab)
	if v < o.Dims+oversample {
		return nil, fmt.Errorf("%w: %d terms in %d channels (need %d)", ErrEmpty, v, len(chans), o.Dims+oversample)
	}
	index := make(map[string]int32, v)
	for i, k := range vocab {
		index[k] = int32(i)
	}

	// Co-occurrence counts: every pair of distinct vocabulary terms of a
	// channel.
	counts := mat.NewDense(v, v, nil)
	raw := counts.RawMatrix()
	ids := make([]int32, 0, 128)
	for n, keys := range docs {
		if n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		ids = ids[:0]
		for _, k := range keys {
			if i, ok := index[k]; ok {
				ids = append(ids, i)
			}
		}
		// The upper triangle only (ids sorted, so each row is written
		// left to right); mirrored below.
		slices.Sort(ids)
		for a, i := range ids {
			row := raw.Data[int(i)*raw.Stride:]
			for _, j := range ids[a+1:] {
				row[j]++
			}
		}
	}
	for i := range v {
		for j := i + 1; j < v; j++ {
			raw.Data[j*raw.Stride+i] = raw.Data[i*raw.Stride+j]
		}
	}
	ppmi(counts)
	vecs, err := truncatedSVD(ctx, counts, o)
	if err != nil {
		return nil, err
	}

	m := &Model{dims: o.Dims, docs: len(chans), terms: vocab, index: index, df: make([]int32, v), surface: make([]string, v), vecs: vecs}
	h := sha256.New()
	fmt.Fprintf(h, "%s dims=%d min=%d max=%d seed=%d power=%d docs=%d\n", Version, o.Dims, o.MinCount, o.MaxVocab, o.Seed, o.Power, len(chans))
	var nb [4]byte
	for i, k := range vocab {
		m.df[i] = df[k]
		m.surface[i] = surface[k]
		if m.surface[i] == "" {
			m.surface[i] = strings.TrimPrefix(k, k[:2])
		}
		h.Write([]byte(k))
		binary.LittleEndian.PutUint32(nb[:], uint32(df[k]))
		h.Write(nb[:])
	}
	m.name = fmt.Sprintf("%s-%s@%d", Version, hex.EncodeToString(h.Sum(nil))[:8], o.Dims)
	m.build = time.Since(start)
	return m, nil
}

// ppmi turns symmetric co-occurrence counts into positive pointwise mutual
// information in place, with the context distribution smoothed by
// contextSmoothing (rare contexts otherwise get inflated PMI).
func ppmi(c *mat.Dense) {
	v, _ := c.Dims()
	rows := make([]float64, v)
	ctx := make([]float64, v)
	var total, ctxTotal float64
	for i := range v {
		rows[i] = mat.Sum(c.RowView(i))
		total += rows[i]
	}
	for j := range v {
		ctx[j] = math.Pow(rows[j], contextSmoothing)
		ctxTotal += ctx[j]
	}
	if total == 0 {
		return
	}
	// In place over the raw rows: Dense.Apply with its own receiver as the
	// source copies the whole v × v matrix into a pooled workspace first
	// (128 MB at the default vocabulary), which the pool then keeps.
	raw := c.RawMatrix()
	for i := range v {
		row := raw.Data[i*raw.Stride : i*raw.Stride+v]
		for j, x := range row {
			if x == 0 || rows[i] == 0 || ctx[j] == 0 {
				row[j] = 0
				continue
			}
			row[j] = max(0, math.Log(x*ctxTotal/(rows[i]*ctx[j])))
		}
	}
}

// truncatedSVD returns the L2-normalised rows of U·Σ^½ of m's rank-Dims
// approximation, by randomized range finding with Power power iterations
// (Halko et al. 2011, algorithms 4.4 and 5.1), signs fixed so that each
// component's largest entry is positive.
func truncatedSVD(ctx context.Context, m *mat.Dense, o Options) ([]float32, error) {
	v, _ := m.Dims()
	l := min(o.Dims+oversample, v)
	rng := rand.New(rand.NewPCG(o.Seed, 0x9e3779b97f4a7c15))
	omega := mat.NewDense(v, l, nil)
	for i := range v {
		for j := range l {
			omega.Set(i, j, rng.NormFloat64())
		}
	}
	var y, z mat.Dense
	y.Mul(m, omega)
	// orth is an orthonormal basis of a's columns: the left singular
	// vectors of its thin SVD (a full QR's Q would be v × v).
	var orthErr error
	orth := func(a *mat.Dense) *mat.Dense {
		var f mat.SVD
		if !f.Factorize(a, mat.SVDThinU) {
			orthErr = errors.New("cooc: SVD of the range did not converge")
		}
		var q mat.Dense
		f.UTo(&q)
		return &q
	}
	q := orth(&y)
	for range o.Power {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		z.Mul(m.T(), q)
		q = orth(&z)
		y.Reset()
		y.Mul(m, q)
		q = orth(&y)
	}
	if orthErr != nil {
		return nil, orthErr
	}
	var b mat.Dense
	b.Mul(q.T(), m) // l × v
	var svd mat.SVD
	if !svd.Factorize(&b, mat.SVDThin) {
		return nil, fmt.Errorf("cooc: SVD did not converge")
	}
	var ub, u mat.Dense
	svd.UTo(&ub)
	u.Mul(q, &ub) // v × l
	s := svd.Values(nil)
	out := make([]float32, v*o.Dims)
	for c := range o.Dims {
		// Fix the sign: the component's largest entry is positive.
		best, sign := 0.0, 1.0
		for i := range v {
			if x := u.At(i, c); math.Abs(x) > best {
				best = math.Abs(x)
				sign = math.Copysign(1, x)
			}
		}
		sc := sign * math.Sqrt(s[c])
		for i := range v {
			out[i*o.Dims+c] = float32(u.At(i, c) * sc)
		}
	}
	for i := range v {
		embed.Normalize(out[i*o.Dims : (i+1)*o.Dims])
	}
	return out, nil
}

// Terms lists the vocabulary's term keys, sorted.
func (m *Model) Terms() []string { return slices.Clone(m.terms) }
