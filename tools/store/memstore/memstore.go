// Package memstore is the in-memory channel store: keyword search and
// similar-channel recall over a catalog.Catalog, with embeddings computed
// once at construction. It is the store of the embedded default mode.
//
// Keyword search runs on per-platform, per-field inverted indexes built at
// construction (tags and category, name, description, content titles),
// tokenised with textnorm; matches are ranked by BM25F over the keyword's
// scope. Similar recall is exact: cosine similarity (a dot product of
// L2-normalised vectors held contiguously per platform) between the anchor
// and every candidate of the platform, top-k by a bounded heap. The
// similarity gate's outcome for an anchor (the channels at or above the
// minimum, with their hybrid scores) depends only on the immutable catalog,
// so the last anchors' outcomes are kept in a bounded LRU
// (WithSimilarCache): paging, re-sorting, filtering and repair counts
// around one anchor scan the platform once.
package memstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"searchagent/tools/catalog"
	"searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// Store is the in-memory store. It is immutable after New and safe for
// concurrent use.
type Store struct {
	cat      *catalog.Catalog
	model    string
	dims     int
	minScore float64
	parts    map[platform.Platform]*partition
	build    time.Duration
	learned  *cooc.Model
}

var _ store.Store = (*Store)(nil)

// partition holds one platform's channels, vectors and keyword index.
type partition struct {
	chans []*catalog.Channel
	keys  []string // primary keys, for the stable tie-break
	pos   map[*catalog.Channel]int32
	dims  int
	vecs  []float32 // len(chans)*dims, row d is channel d's unit vector
	text  *textIndex
	profs []store.Profile // the hybrid score's view of each channel
	// facets is the filter columns of chans (nil: filter channel by
	// channel).
	facets *facets
	// sims caches neighbours' outcomes by anchor and minimum (nil: off).
	sims *lru.Cache[simKey, []cand]
	// learned is the learned model's view of the partition (nil: none).
	learned *learned
}

func (p *partition) vec(d int) []float32 { return p.vecs[d*p.dims : (d+1)*p.dims : (d+1)*p.dims] }

// DefaultBatchSize is how many channel texts New embeds per call.
const DefaultBatchSize = 512

// Option configures New.
type Option func(*config) error

type config struct {
	simCache int
	batch    int
	workers  int
	minScore float64
	minSet   bool
	learned  *cooc.Model
}

// WithLearned gives the store a similarity learned from the catalog
// (tools/embed/cooc): its channel vectors join the hybrid score
// (store.Weights.Learned) and its nearest labels widen a keyword that
// finds no channel (store.LearnedExpansion). Without it the store
// says learned similarity is off (store.Info.Learned).
func WithLearned(m *cooc.Model) Option {
	return func(c *config) error {
		c.learned = m
		return nil
	}
}

// ErrBadOption is returned (wrapped) for an option value out of range.
var ErrBadOption = errors.New("bad memstore option")

// WithBatchSize sets how many texts New passes to the embedder per call
// (1 to 100000; default DefaultBatchSize).
func WithBatchSize(n int) Option {
	return func(c *config) error {
		if n < 1 || n > 100_000 {
			return fmt.Errorf("%w: batch size %d (want 1..100000)", ErrBadOption, n)
		}
		c.batch = n
		return nil
	}
}

// WithConcurrency sets how many embedding calls New runs at once (1 to
// 64; default GOMAXPROCS, at most 8). Lower it for a rate-limited remote
// embedder.
func WithConcurrency(n int) Option {
	return func(c *config) error {
		if n < 1 || n > 64 {
			return fmt.Errorf("%w: concurrency %d (want 1..64)", ErrBadOption, n)
		}
		c.workers = n
		return nil
	}
}

// DefaultSimilarCache is how many anchors' similarity outcomes a
// partition keeps without WithSimilarCache.
const DefaultSimilarCache = 256

// WithSimilarCache sets how many anchors' similarity outcomes (per
// platform and minimum score) are kept for reuse (0 to 100000; 0 turns the
// cache off; default DefaultSimilarCache). An outcome longer than
// maxCachedNeighbours channels is recomputed each time, so the cache holds
// at most n × maxCachedNeighbours candidates per platform.
func WithSimilarCache(n int) Option {
	return func(c *config) error {
		if n < 0 || n > 100_000 {
			return fmt.Errorf("%w: similar cache %d (want 0..100000)", ErrBadOption, n)
		}
		c.simCache = n
		return nil
	}
}

// WithMinScore sets the default minimum similarity of SimilarTo, in
// [-1, 1]. Without it the store uses the embedder's SimilarThreshold
// (embed.Thresholder) or store.DefaultMinScore.
func WithMinScore(s float64) Option {
	return func(c *config) error {
		if math.IsNaN(s) || s < -1 || s > 1 {
			return fmt.Errorf("%w: min score %v (want -1..1)", ErrBadOption, s)
		}
		c.minScore, c.minSet = s, true
		return nil
	}
}

// New builds a store over cat: it embeds every channel's
// embed.ChannelText with emb (in batches, several at once) and indexes
// the channels' texts per platform. It fails if the embedder fails or answers with
// vectors of the wrong number or size.
func New(ctx context.Context, cat *catalog.Catalog, emb embed.Embedder, opts ...Option) (*Store, error) {
	if cat == nil || emb == nil {
		return nil, fmt.Errorf("memstore: %w: nil catalog or embedder", ErrBadOption)
	}
	cfg := config{simCache: DefaultSimilarCache, batch: DefaultBatchSize, workers: min(runtime.GOMAXPROCS(0), 8), minScore: store.DefaultMinScore}
	if t, ok := emb.(embed.Thresholder); ok {
		cfg.minScore = t.SimilarThreshold()
	}
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	s := &Store{
		cat:      cat,
		model:    emb.Model(),
		dims:     emb.Dimensions(),
		minScore: cfg.minScore,
		parts:    make(map[platform.Platform]*partition),
		learned:  cfg.learned,
	}
	if s.dims < 1 {
		return nil, fmt.Errorf("memstore: embedder %q reports %d dimensions", s.model, s.dims)
	}
	type job struct {
		p      platform.Platform
		part   *partition
		texts  []string
		lo, hi int
	}
	var jobs []job
	for _, p := range cat.Platforms() {
		chans := cat.Platform(p)
		part := &partition{
			chans: chans,
			keys:  make([]string, len(chans)),
			pos:   make(map[*catalog.Channel]int32, len(chans)),
			dims:  s.dims,
			vecs:  make([]float32, len(chans)*s.dims),
			profs: make([]store.Profile, len(chans)),
		}
		texts := make([]string, len(chans))
		for i, ch := range chans {
			part.keys[i] = ch.Key()
			part.pos[ch] = int32(i)
			texts[i] = embed.ChannelText(ch)
			part.profs[i] = store.NewProfile(ch)
		}
		if fs, ok := buildFacets(chans); ok {
			part.facets = fs
		}
		if cfg.learned != nil {
			l, err := newLearned(cfg.learned, chans)
			if err != nil {
				return nil, fmt.Errorf("memstore: %w", err)
			}
			part.learned = l
		}
		if cfg.simCache > 0 {
			c, err := lru.New[simKey, []cand](cfg.simCache)
			if err != nil {
				return nil, fmt.Errorf("memstore: %w", err)
			}
			part.sims = c
		}
		for lo, hi := range embed.Batches(len(texts), cfg.batch) {
			jobs = append(jobs, job{p, part, texts, lo, hi})
		}
		s.parts[p] = part
	}

	// Embed batches on cfg.workers goroutines while the keyword indexes
	// are built, one goroutine per platform.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var wg sync.WaitGroup
	for _, part := range s.parts {
		wg.Go(func() { part.text = buildTextIndex(part.chans) })
	}
	next := make(chan job)
	for range min(cfg.workers, max(len(jobs), 1)) {
		wg.Go(func() {
			for j := range next {
				vs, err := embed.EmbedVectors(ctx, emb, j.texts[j.lo:j.hi])
				if err != nil {
					cancel(fmt.Errorf("memstore: embedding %s channels %d-%d: %w", j.p, j.lo, j.hi-1, err))
					continue
				}
				for i, v := range vs {
					row := j.part.vec(j.lo + i)
					copy(row, v.Values)
					embed.Normalize(row)
				}
			}
		})
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	s.build = time.Since(start)
	return s, nil
}

// Describe implements store.Store.
func (s *Store) Describe() store.Info {
	return store.Info{
		Store:       "memory",
		Model:       s.model,
		Dimensions:  s.dims,
		MinScore:    s.minScore,
		Channels:    s.cat.Len(),
		PerPlatform: s.cat.Counts(),
		Catalog:     s.cat.Label(),
		BuildTime:   s.build,
		Learned:     store.DescribeLearned(s.learned),
	}
}

// ChannelByKey implements store.Store.
func (s *Store) ChannelByKey(ctx context.Context, key string) (*catalog.Channel, error) {
	return s.cat.ChannelByKey(ctx, key)
}

// ChannelByContent implements store.Store.
func (s *Store) ChannelByContent(ctx context.Context, p platform.Platform, contentID string) (*catalog.Channel, error) {
	return s.cat.ChannelByContent(ctx, p, contentID)
}

// Search implements store.Store.
func (s *Store) Search(ctx context.Context, q store.SearchQuery) (store.Page, error) {
	q, err := q.Canonical()
	if err != nil {
		return store.Page{}, err
	}
	if err := ctx.Err(); err != nil {
		return store.Page{}, err
	}
	part := s.parts[q.Platform]
	if part == nil {
		return store.Page{Items: []store.Hit{}, NextOffset: -1, Expansions: part.expansions(q.Keywords)}, nil
	}
	buf := candBufs.Get().(*[]cand)
	cands := part.keywordCandidates(q.Keywords, q.Filters, (*buf)[:0])
	items := part.rank(cands, q.Sort, q.Offset, q.Limit)
	total := len(cands)
	*buf = cands
	candBufs.Put(buf)
	exps := part.expansions(q.Keywords)
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, nil
}

// SimilarTo implements store.Store.
func (s *Store) SimilarTo(ctx context.Context, q store.SimilarQuery) (store.SimilarResult, error) {
	q, err := q.Canonical()
	if err != nil {
		return store.SimilarResult{}, err
	}
	anchor, part, ai, err := s.anchor(ctx, q.Platform, q.AnchorKey)
	if err != nil {
		return store.SimilarResult{}, err
	}
	minScore := s.resolveMin(q.MinScore)
	cands := part.similarCandidates(ai, q.Keywords, q.Filters, minScore, s.minScore)
	items := part.rank(cands, q.Sort, q.Offset, q.Limit)
	part.explain(ai, items, s.minScore)
	return store.SimilarResult{
		Anchor:     anchor,
		Items:      items,
		Total:      len(cands),
		NextOffset: nextOffset(q.Offset, len(items), len(cands)),
		MinScore:   minScore,
		Expansions: part.expansions(q.Keywords),
		Basis:      store.AnchorBasis(&part.profs[ai]),
	}, nil
}

// Candidates implements store.CandidateSource: the similar set of the
// anchor at the store's default minimum score, without keywords or
// filters, each channel with its hybrid signals and tier.
func (s *Store) Candidates(ctx context.Context, p platform.Platform, anchorKey string) ([]store.Candidate, error) {
	_, part, ai, err := s.anchor(ctx, p, anchorKey)
	if err != nil {
		return nil, err
	}
	var out []store.Candidate
	part.gate(ai, s.minScore, s.minScore, func(d int, _ float64, sig store.Signals, tier int8) {
		out = append(out, store.Candidate{Channel: part.chans[d], Signals: sig, Tier: int(tier)})
	})
	return out, nil
}

// Count implements store.Store.
func (s *Store) Count(ctx context.Context, q store.CountQuery) (int, error) {
	q, err := q.Canonical()
	if err != nil {
		return 0, err
	}
	if q.AnchorKey == "" {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		part := s.parts[q.Platform]
		if part == nil {
			return 0, nil
		}
		buf := candBufs.Get().(*[]cand)
		*buf = part.keywordCandidates(q.Keywords, q.Filters, (*buf)[:0])
		n := len(*buf)
		candBufs.Put(buf)
		return n, nil
	}
	_, part, ai, err := s.anchor(ctx, q.Platform, q.AnchorKey)
	if err != nil {
		return 0, err
	}
	return len(part.similarCandidates(ai, q.Keywords, q.Filters, s.resolveMin(q.MinScore), s.minScore)), nil
}

func (s *Store) resolveMin(m float64) float64 {
	if m == 0 {
		return s.minScore
	}
	return m
}

// anchor looks up an anchor channel and checks it is on platform p.
func (s *Store) anchor(ctx context.Context, p platform.Platform, key string) (*catalog.Channel, *partition, int, error) {
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	ch, err := s.cat.ChannelByKey(ctx, key)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("anchor: %w", err)
	}
	if ch.Platform != p {
		return nil, nil, 0, fmt.Errorf("%w: %w: anchor %s is a %s channel, the search is on %s", store.ErrBadQuery, store.ErrPlatformMismatch, key, ch.Platform, p)
	}
	part := s.parts[p]
	ai, ok := part.pos[ch]
	if !ok { // cannot happen: the catalog indexes what it holds
		return nil, nil, 0, fmt.Errorf("anchor %s: %w", key, catalog.ErrNotFound)
	}
	return ch, part, int(ai), nil
}

func nextOffset(offset, n, total int) int {
	if offset+n >= total {
		return -1
	}
	return offset + n
}
