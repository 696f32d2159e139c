// Package pgstore is the PostgreSQL + pgvector channel store: the same
// store.Store as the in-memory store (one contract test suite runs
// against both, package storetest), over a channels table that
// `searchagent ingest` fills and that any number of service instances
// read.
//
// Keyword search matches exactly as the in-memory store does: ingest
// tokenises every scoped field with textnorm (the tokens go into GIN
// indexed arrays, the unit sequence into a text column for phrase checks)
// and relevance is the same BM25F, computed in SQL from per-platform
// statistics that Upsert keeps (document frequencies in channel_terms,
// channel counts and field lengths in channel_stats, changed in the
// transaction of the channels they count: a search reads them by key and
// never counts the catalog); a keyword widens through the bilingual topic table
// (store.Aliases: 耳机 meets "headphones", an excluded 烘焙 keeps out
// "baking") with the memory store's alias scores (see scoreExpr), and a
// keyword whose own words and aliases find no channel widens through the
// learned model as in the memory store (learnedExpansions). Anchor search is a k-nearest-neighbour query on an HNSW
// index (vector_cosine_ops, m=16, ef_construction=64) with filters and
// keywords in the same WHERE clause; pgvector's iterative index scans
// (hnsw.iterative_scan, pgvector ≥ 0.8) keep scanning the graph until
// enough rows pass them, so a filtered search does not come back short.
// hnsw.ef_search is set per query (see WithEfSearch).
//
// The scan returns a candidate pool of the WithCandidatePool nearest
// channels (default DefaultCandidatePool) that pass the filters; the
// shared re-ranker of package store orders it as the in-memory store
// orders its whole set. When every pooled channel is at or above the
// minimum score, the set may go on beyond the pool: a set a keyword
// bounds is counted in the pass that finds its pool (exactSQL); a full
// pool of the index scan (no keyword bounds the set: a country's whole
// catalog) reports its size as a lower bound (store.SimilarResult.
// TotalAtLeast, "1,000+"), since counting it would compute the distance
// of every filtered channel; Count is always exact. The sorts by
// followers, views and recency take their page from the whole set (in SQL, with ties at the page's edge, then the same
// tie-breaks as the in-memory store). The similarity order ranks the
// pool: the nearest channels by cosine are the ones the hybrid score can
// rank first (see the recall table in the README). The pool is ranked
// from each channel's columns and channel_features row (candidateCols);
// only the page's documents are read and decoded (fillDocs).
package pgstore

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	pgxvec "github.com/pgvector/pgvector-go/pgx"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
	emb "searchagent/tools/embed"
	"searchagent/tools/embed/cooc"
	"searchagent/tools/pgdb"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Schema is the channel store's migrations (goose table
// goose_channels_version). They need the pgvector extension.
var Schema = pgdb.NewSchema("channels", "goose_channels_version", migrationFiles, "migrations")

// HNSW build parameters of the index ingest creates.
const (
	// HNSWM is the graph's links per node (pgvector's default).
	HNSWM = 16
	// HNSWEfConstruction is the candidate list size while building.
	HNSWEfConstruction = 64
)

// Query-time defaults, chosen from the recall table in the README ("Run
// with PostgreSQL").
const (
	// DefaultEfSearch is hnsw.ef_search per query.
	DefaultEfSearch = 100
	// DefaultCandidatePool is how many nearest channels a similar query
	// takes from the HNSW index for the re-ranker.
	DefaultCandidatePool = 1000
	// DefaultBoundedPool is the pool of a set a keyword bounds, taken in
	// the order of a bound of the score (scoreBound), not of the cosine:
	// the first page is the whole set's with a smaller pool (RecallAtScale
	// at a million channels, README), whose documents' columns and
	// features rows the statement reads.
	DefaultBoundedPool = 500
	// DefaultMaxScanTuples bounds an iterative scan (hnsw.max_scan_tuples).
	DefaultMaxScanTuples = 20000
)

// Iterative scan modes (hnsw.iterative_scan).
const (
	IterativeOff     = "off"
	IterativeRelaxed = "relaxed_order"
	IterativeStrict  = "strict_order"
)

// ErrModelMismatch: the table holds vectors of another embedding model
// than the store was opened with; re-ingest with this model.
var ErrModelMismatch = errors.New("pgstore: channels were embedded with another model")

// Option configures New.
type Option func(*Store) error

// WithEfSearch sets hnsw.ef_search (1..1000).
func WithEfSearch(n int) Option {
	return func(s *Store) error {
		if n < 1 || n > 1000 {
			return fmt.Errorf("pgstore: ef_search %d (want 1..1000)", n)
		}
		s.efSearch = n
		return nil
	}
}

// WithIterativeScan sets hnsw.iterative_scan: IterativeOff,
// IterativeRelaxed (the default) or IterativeStrict.
func WithIterativeScan(mode string) Option {
	return func(s *Store) error {
		switch mode {
		case IterativeOff, IterativeRelaxed, IterativeStrict:
			s.iterative = mode
			return nil
		}
		return fmt.Errorf("pgstore: iterative scan %q (want off, relaxed_order or strict_order)", mode)
	}
}

// WithCandidatePool sets how many nearest channels a similar query takes
// from the index for re-ranking (20..100000). It bounds neither Total nor
// Count, which are exact.
func WithCandidatePool(n int) Option {
	return func(s *Store) error {
		if n < 20 || n > 100_000 {
			return fmt.Errorf("pgstore: candidate pool %d (want 20..100000)", n)
		}
		s.poolSize = n
		return nil
	}
}

// WithBoundedPool sets the pool of a similar set a keyword bounds
// (DefaultBoundedPool; at most the candidate pool, 20..100000).
func WithBoundedPool(n int) Option {
	return func(s *Store) error {
		if n < 20 || n > 100_000 {
			return fmt.Errorf("pgstore: bounded pool %d (want 20..100000)", n)
		}
		s.boundedPool = n
		return nil
	}
}

// WithCountryIndexMin sets from how many of a platform's channels in one
// country Finish gives that country its own HNSW index (default
// HNSWCountryMin; at least 1).
func WithCountryIndexMin(n int) Option {
	return func(s *Store) error {
		if n < 1 {
			return fmt.Errorf("pgstore: country index minimum %d (want at least 1)", n)
		}
		s.countryIndexMin = n
		return nil
	}
}

// WithMinScore sets the default minimum similarity, as memstore's option.
func WithMinScore(v float64) Option {
	return func(s *Store) error {
		if math.IsNaN(v) || v < -1 || v > 1 {
			return fmt.Errorf("pgstore: min score %v (want -1..1)", v)
		}
		s.minScore = v
		return nil
	}
}

// Store is the PostgreSQL store. It is safe for concurrent use.
type Store struct {
	pool      *pgxpool.Pool
	emb       emb.Embedder
	model     string
	dims      int
	minScore  float64
	efSearch  int
	iterative string
	poolSize  int
	// boundedPool is the pool of a keyword-bounded set (poolFor).
	boundedPool int
	// countryIndexMin: a platform's country with this many channels gets
	// its own HNSW index (countryIndexes).
	countryIndexMin int
	// setCacheSize is how many similar sets sets keeps (WithSetCache).
	setCacheSize int
	sets         setCache
	// rankedSize is how many keyword and filter sets ranked keeps
	// (WithRankedSets).
	rankedSize int
	ranked     *rankCache
	// factors keeps keyword searches' alias factors (aliasFactors).
	factors *lru.Cache[factorKey, []float64]
	// docs keeps decoded documents (zero: none).
	docs docCache
	// exact sorts by an expression the HNSW index does not serve (every
	// other index stays usable), forceHNSW turns off every plan but the
	// HNSW index (the recall benchmark's baseline and its index-only rows).
	exact, forceHNSW bool
	// sqlKeyword answers every keyword search with the SQL over channels,
	// never from the postings (tests).
	sqlKeyword bool
	// noFeatures never reads channel_features: every candidate is derived
	// from its document (the recall benchmark's baseline).
	noFeatures bool
	// planEach goes before a keyword query's arguments (see planEach).
	planEach []any

	mu   sync.Mutex
	info store.Info
	// learned is the catalog's learned model (nil: none; see SaveLearned).
	learned *cooc.Model
	// learnedLabels is what keyword expansion needs beside the model (nil
	// without one): the platforms' labels and the keywords' outcomes.
	learnedLabels *learnedState
	// countryIdx are the platforms' countries with their own HNSW index
	// (countryIndexes; read by Refresh).
	countryIdx map[countryIndexKey]bool
}

var _ store.Store = (*Store)(nil)

// RegisterTypes registers pgvector's types on a connection; pass it to
// pgdb.WithAfterConnect once the extension exists (after migrations).
func RegisterTypes(ctx context.Context, conn *pgx.Conn) error { return pgxvec.RegisterTypes(ctx, conn) }

// afterConnect prepares each connection of Open's pool: pgvector's types,
// and JIT compilation off unless the DSN sets jit itself. PostgreSQL
// compiles a statement whose estimated cost passes jit_above_cost
// (100,000), which at a million channels is every keyword search of a
// common tag and its alias factors: the compilation alone took 0.2-0.3 s
// of statements that run in tens of milliseconds (EXPLAIN ANALYZE's
// "JIT: … Emission"), and the store's statements are short, so it never
// pays back. A SET once per connection, not a startup parameter, so a
// pooler that refuses unknown startup parameters still connects.
func afterConnect(ctx context.Context, conn *pgx.Conn) error {
	if err := RegisterTypes(ctx, conn); err != nil {
		return err
	}
	if _, ok := conn.Config().RuntimeParams["jit"]; ok {
		return nil
	}
	if _, err := conn.Exec(ctx, `SET jit = off`); err != nil {
		return fmt.Errorf("pgstore: jit off: %w", err)
	}
	return nil
}

// Open connects to dsn, checks (or, with migrate, applies) the channel
// schema, and returns the store over a pool with pgvector's types
// registered.
func Open(ctx context.Context, dsn string, e emb.Embedder, migrate bool, opts ...Option) (*Store, error) {
	plain, err := pgdb.Open(ctx, dsn, pgdb.WithMaxConns(2))
	if err != nil {
		return nil, err
	}
	err = pgdb.Ensure(ctx, plain, Schema, migrate, nil)
	plain.Close()
	if err != nil {
		return nil, err
	}
	pool, err := pgdb.Open(ctx, dsn, pgdb.WithAfterConnect(afterConnect))
	if err != nil {
		return nil, err
	}
	s, err := New(ctx, pool, e, opts...)
	if err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// New returns the store over pool (migrated, with RegisterTypes on every
// connection). Vectors are made with e; a table that holds another
// model's vectors is an error wrapping ErrModelMismatch.
func New(ctx context.Context, pool *pgxpool.Pool, e emb.Embedder, opts ...Option) (*Store, error) {
	if pool == nil || e == nil {
		return nil, errors.New("pgstore: nil pool or embedder")
	}
	s := &Store{pool: pool, emb: e, model: e.Model(), dims: e.Dimensions(), minScore: store.DefaultMinScore,
		efSearch: DefaultEfSearch, iterative: IterativeRelaxed, poolSize: DefaultCandidatePool, boundedPool: DefaultBoundedPool, countryIndexMin: HNSWCountryMin, setCacheSize: DefaultSetCache, rankedSize: DefaultRankedSets}
	if t, ok := e.(emb.Thresholder); ok {
		s.minScore = t.SimilarThreshold()
	}
	for _, o := range opts {
		if err := o(s); err != nil {
			return nil, err
		}
	}
	s.sets = newSetCache(s.setCacheSize)
	s.ranked = newRankCache(s.rankedSize)
	s.factors = newFactorCache()
	s.docs = newDocCache(docCacheSize)
	s.planEach = planEach(pool.Config().ConnConfig.DefaultQueryExecMode)
	if s.dims < 1 {
		return nil, fmt.Errorf("pgstore: embedder %q reports %d dimensions", s.model, s.dims)
	}
	var other string
	err := pool.QueryRow(ctx, `SELECT embedding_model FROM channels WHERE embedding_model <> $1 LIMIT 1`, s.model).Scan(&other)
	switch {
	case err == nil:
		return nil, fmt.Errorf("%w: the table holds %q vectors, the store embeds with %q: re-run `searchagent ingest` with this embedder", ErrModelMismatch, other, s.model)
	case !errors.Is(err, pgx.ErrNoRows):
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if err := s.Refresh(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Pool is the store's connection pool (for health checks).
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Close closes the pool.
func (s *Store) Close() { s.pool.Close() }

// Refresh re-reads the counts and the catalog label Describe reports.
func (s *Store) Refresh(ctx context.Context) error {
	start := time.Now()
	info := store.Info{Store: "postgres", Model: s.model, Dimensions: s.dims, MinScore: s.minScore, PerPlatform: map[platform.Platform]int{}}
	rows, err := s.pool.Query(ctx, `SELECT platform, count(*) FROM channels GROUP BY platform`)
	if err != nil {
		return fmt.Errorf("pgstore: counts: %w", err)
	}
	for rows.Next() {
		var p string
		var n int
		if err := rows.Scan(&p, &n); err != nil {
			rows.Close()
			return fmt.Errorf("pgstore: counts: %w", err)
		}
		info.PerPlatform[platform.Platform(p)] = n
		info.Channels += n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("pgstore: counts: %w", err)
	}
	var label string
	err = s.pool.QueryRow(ctx, `SELECT label FROM catalog_meta`).Scan(&label)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		label = "(empty: run searchagent ingest)"
	case err != nil:
		return fmt.Errorf("pgstore: catalog label: %w", err)
	}
	info.Catalog = label
	learned, err := s.loadLearned(ctx)
	if err != nil {
		return err
	}
	info.Learned = learnedInfo(learned)
	var ls *learnedState
	if learned != nil {
		labels, err := s.loadLabels(ctx)
		if err != nil {
			return err
		}
		exps, err := lru.New[expKey, learnedExp](learnedCacheSize)
		if err != nil {
			return err
		}
		ls = &learnedState{model: learned, labels: labels, exps: exps}
	}
	countryIdx, err := s.loadCountryIndexes(ctx)
	if err != nil {
		return err
	}
	info.BuildTime = time.Since(start)
	s.mu.Lock()
	s.countryIdx = countryIdx
	s.info = info
	s.learned = learned
	s.learnedLabels = ls
	s.mu.Unlock()
	return nil
}

// Describe implements store.Store.
func (s *Store) Describe() store.Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	info := s.info
	info.PerPlatform = make(map[platform.Platform]int, len(s.info.PerPlatform))
	for k, v := range s.info.PerPlatform {
		info.PerPlatform[k] = v
	}
	return info
}

// Settings reports the query-time HNSW settings, for /readyz and traces,
// and that keywords widen through the bilingual topic table
// (store.Aliases), as in the memory store.
func (s *Store) Settings() string {
	learned := "off"
	if m := s.learnedModel(); m != nil {
		learned = m.Name() + " (similar ranking; keyword expansion memory store only)"
	}
	return fmt.Sprintf("hnsw m=%d ef_construction=%d ef_search=%d iterative_scan=%s candidate_pool=%d bounded_pool=%d keyword_aliases=on learned=%s", HNSWM, HNSWEfConstruction, s.efSearch, s.iterative, s.poolSize, min(s.boundedPool, s.poolSize), learned)
}

// docCacheSize bounds the decoded documents a store keeps (about 3 KB
// each with their bytes, and about 0.5 KB more with a candidate's
// profile and learned vector).
const docCacheSize = 8192

// docCache keeps decoded channel documents by primary key, with the bytes
// they were decoded from: a document read again with the same bytes (the
// same channels come back page after page, and a similar set's pool is
// mostly the same channels) is not decoded again, which was 5.5% of the
// service's CPU at 50 users. Changed bytes are decoded and replace the
// entry, so the cache needs no version.
//
// An entry read as a similar set's candidate also keeps what the
// re-ranking derives from the channel (candidate): its profile and its
// learned vector, which tokenise the channel's text and were three
// quarters of a candidate's CPU (BenchmarkPoolCandidate). Entries are
// never changed in place: a goroutine that adds the derived parts adds a
// new entry, so concurrent readers need no lock.
type docCache struct {
	c *lru.Cache[string, *decodedDoc]
}

type decodedDoc struct {
	raw []byte
	ch  *catalog.Channel
	// version is the catalog version read in the statement that read
	// raw (0: not read with one): a similar set's page at that version
	// takes the channel without reading its document again (at).
	version int64
	// derived is the candidate's profile and learned vector (nil until
	// the channel is first read as a candidate).
	derived *derivedDoc
}

// derivedDoc is what the re-ranking derives from a channel: its profile,
// and its learned vector under the model lm (ok false: the channel has
// none; lm nil: the store had no model).
type derivedDoc struct {
	prof store.Profile
	lm   *cooc.Model
	vec  []float32
	ok   bool
}

func newDocCache(n int) docCache {
	c, _ := lru.New[string, *decodedDoc](n) // errors only for a size ≤ 0
	return docCache{c: c}
}

// decode returns the channel of the document raw stored under key. The
// channel may be shared with other callers: it is never changed.
func (d docCache) decode(key string, raw []byte) (*catalog.Channel, error) {
	e, err := d.entry(key, raw)
	if err != nil {
		return nil, err
	}
	return e.ch, nil
}

// entry is the cache's entry for key with the bytes raw, decoded and
// added when missing or stale.
func (d docCache) entry(key string, raw []byte) (*decodedDoc, error) {
	if d.c != nil {
		if e, ok := d.c.Get(key); ok && bytes.Equal(e.raw, raw) {
			return e, nil
		}
	}
	ch, err := decodeDoc(raw)
	if err != nil {
		return nil, err
	}
	e := &decodedDoc{raw: bytes.Clone(raw), ch: ch}
	if d.c != nil {
		d.c.Add(key, e)
	}
	return e, nil
}

// at returns the channel cached under key when its document was read at
// catalog version v (the version of a similar set: no channel changed
// since without raising it).
func (d docCache) at(key string, v int64) (*catalog.Channel, bool) {
	if d.c == nil || v == 0 {
		return nil, false
	}
	if e, ok := d.c.Get(key); ok && e.version == v {
		return e.ch, true
	}
	return nil, false
}

// decodeAt is decode for a document read with the catalog version v: the
// entry keeps v for at.
func (d docCache) decodeAt(key string, raw []byte, v int64) (*catalog.Channel, error) {
	e, err := d.entry(key, raw)
	if err != nil {
		return nil, err
	}
	if d.c != nil && e.version != v {
		d.c.Add(key, &decodedDoc{raw: e.raw, ch: e.ch, derived: e.derived, version: v})
	}
	return e.ch, nil
}

// candidate returns the channel of the document raw stored under key with
// its profile and its learned vector under lm (ok false: none), made once
// per document and model. The results are shared: never changed.
//
// ft is the channel's row of channel_features (nil: none): its coverage
// and, when it was computed under lm, its learned vector are taken from
// it instead of tokenising the channel's text.
func (d docCache) candidate(key string, raw []byte, lm *cooc.Model, ft *features) (ch *catalog.Channel, prof store.Profile, vec []float32, ok bool, err error) {
	e, err := d.entry(key, raw)
	if err != nil {
		return nil, store.Profile{}, nil, false, err
	}
	if dv := e.derived; dv != nil && dv.lm == lm {
		return e.ch, dv.prof, dv.vec, dv.ok, nil
	}
	dv := &derivedDoc{lm: lm}
	if ft != nil {
		dv.prof = store.NewProfileCovered(e.ch, ft.cov)
	} else {
		dv.prof = store.NewProfile(e.ch)
	}
	if v, has, known := ft.learnedUnder(lm); known {
		dv.vec, dv.ok = v, has
	} else if lm != nil {
		dv.vec, dv.ok = lm.ChannelVector(e.ch, nil)
	}
	if d.c != nil {
		d.c.Add(key, &decodedDoc{raw: e.raw, ch: e.ch, derived: dv, version: e.version})
	}
	return e.ch, dv.prof, dv.vec, dv.ok, nil
}

func decodeDoc(raw []byte) (*catalog.Channel, error) {
	ch := new(catalog.Channel)
	if err := json.Unmarshal(raw, ch); err != nil {
		return nil, fmt.Errorf("pgstore: decode channel: %w", err)
	}
	return ch, nil
}

// ChannelByKey implements store.Store.
func (s *Store) ChannelByKey(ctx context.Context, key string) (*catalog.Channel, error) {
	var raw []byte
	err := s.pool.QueryRow(ctx, `SELECT doc FROM channels WHERE keys @> ARRAY[$1::text] LIMIT 1`, slices.Concat(s.planEach, []any{key})...).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("channel %s: %w", key, catalog.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: channel %s: %w", key, err)
	}
	return decodeDoc(raw)
}

// ChannelByContent implements store.Store.
func (s *Store) ChannelByContent(ctx context.Context, p platform.Platform, contentID string) (*catalog.Channel, error) {
	var raw []byte
	err := s.pool.QueryRow(ctx, `SELECT doc FROM channels WHERE content_keys @> ARRAY[$1::text] LIMIT 1`, catalog.ContentKey(p, contentID)).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("content %s on %s: %w", contentID, p, catalog.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("pgstore: content %s: %w", contentID, err)
	}
	return decodeDoc(raw)
}

func (s *Store) resolveMin(m float64) float64 {
	if m == 0 {
		return s.minScore
	}
	return m
}

// anchored is an anchor search's anchor: its channel, its primary key,
// and the catalog version read with it (the set cache's key).
type anchored struct {
	ch      *catalog.Channel
	pk      string
	version int64
}

// anchor looks up the anchor's primary key and document, with the
// catalog version, and checks its platform.
func (s *Store) anchor(ctx context.Context, p platform.Platform, key string) (anchored, error) {
	var raw []byte
	var a anchored
	var model string
	err := s.pool.QueryRow(ctx, `SELECT key, doc, embedding_model, (SELECT version FROM catalog_version) FROM channels WHERE keys @> ARRAY[$1::text] LIMIT 1`, slices.Concat(s.planEach, []any{key})...).Scan(&a.pk, &raw, &model, &a.version)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, fmt.Errorf("anchor: channel %s: %w", key, catalog.ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("pgstore: anchor %s: %w", key, err)
	}
	if a.ch, err = s.docs.decode(a.pk, raw); err != nil {
		return a, err
	}
	if a.ch.Platform != p {
		return a, fmt.Errorf("%w: %w: anchor %s is a %s channel, the search is on %s", store.ErrBadQuery, store.ErrPlatformMismatch, key, a.ch.Platform, p)
	}
	if model != s.model {
		return a, fmt.Errorf("%w: anchor %s has a %q vector, the store embeds with %q", ErrModelMismatch, key, model, s.model)
	}
	return a, nil
}

// The set of a search without its last-post bound is formed (Search)
// only when it scores few rows more than the search itself: at most
// maxWideRows in all, and at most one in wideOutside of them outside the
// bound, plus wideSlack. BenchmarkNaturalSearch: a soft keyword over a
// whole country (4,000 channels, 830 rows within 30 days) scored every
// row of the country and cost 16-18 ms against 9-10 ms for the rows
// within the bound; the load mix's natural-language search (35 rows, 30
// within) costs about 10% more once and is then served from the set.
const (
	maxWideRows = 500
	wideOutside = 4
	wideSlack   = 64
)

// Search implements store.Store.
func (s *Store) Search(ctx context.Context, q store.SearchQuery) (store.Page, error) {
	q, err := q.Canonical()
	if err != nil {
		return store.Page{}, err
	}
	// Whether a keyword not in the expansions' cache matches any channel
	// (matchesAny: for a phrase, a bitmap over the channels' term indexes,
	// 10-60 ms at a million channels) is asked only when the search needs
	// it: a search the postings answer that finds a channel for every
	// keyword shows that none is widened (postingsFirst).
	lx, todo := s.knownExpansions(q.Platform, q.Keywords)
	if len(todo) > 0 && (s.sqlKeyword || !postingShape(q, lx)) {
		if lx, err = s.resolveExpansions(ctx, q.Platform, lx, todo); err != nil {
			return store.Page{}, err
		}
		todo = nil
	}
	if len(todo) > 0 {
		return s.postingsFirst(ctx, q, lx, todo)
	}
	return s.search(ctx, q, lx)
}

// postingsFirst is Search for a query of postingShape whose keywords todo
// have no cached expansion outcome (lx: the outcomes cached): the
// postings are searched as if none of todo were widened, which a match
// proves (every keyword then matches a channel of the platform); with no
// match, the outcomes are resolved and a keyword that matches no channel
// is widened as in Search.
func (s *Store) postingsFirst(ctx context.Context, q store.SearchQuery, lx learnedExps, todo []store.Keyword) (store.Page, error) {
	var key *rankKey
	if s.ranked.c != nil {
		k, err := s.rankKeyOf(q, lx)
		if err != nil {
			return store.Page{}, err
		}
		key = &k
	}
	page, err := s.postingSearch(ctx, q, lx, key, false)
	if err != nil || page.Total > 0 {
		if err == nil {
			s.matchedExpansions(q.Platform, todo)
		}
		return page, err
	}
	resolved, err := s.resolveExpansions(ctx, q.Platform, lx, todo)
	if err != nil {
		return store.Page{}, err
	}
	if len(resolved) == len(lx) {
		return page, nil // nothing widened: no channel matches
	}
	return s.search(ctx, q, resolved)
}

// search is Search with the keywords' learned expansions lx resolved.
func (s *Store) search(ctx context.Context, q store.SearchQuery, lx learnedExps) (store.Page, error) {
	exps := lx.append(store.Expansions(q.Keywords), q.Keywords)
	var key, wideKey *rankKey
	var bound time.Time
	if s.ranked.c != nil {
		k, err := s.rankKeyOf(q, lx)
		if err != nil {
			return store.Page{}, err
		}
		if page, ok, err := s.searchKept(ctx, k, q, exps, time.Time{}); err != nil || ok {
			return page, err
		}
		key = &k
		if wq, t := activeBound(q); !t.IsZero() {
			wk, err := s.rankKeyOf(wq, lx)
			if err != nil {
				return store.Page{}, err
			}
			if page, ok, err := s.searchKept(ctx, wk, q, exps, t); err != nil || ok {
				return page, err
			}
			wideKey, bound = &wk, t
		}
		s.ranked.misses.Add(1)
	}
	if !s.sqlKeyword && postingShape(q, lx) {
		return s.postingSearch(ctx, q, lx, key, true)
	}
	b := &builder{learned: lx}
	filters := q.Filters
	if wideKey != nil {
		wq, _ := activeBound(q) // the bound is tested in m (below)
		filters = wq.Filters
	}
	where, err := s.where(b, q.Platform, q.Keywords, filters)
	if err != nil {
		return store.Page{}, err
	}
	// Every sort reports the relevance as the hit's score, as memstore.
	score, err := s.scoreExpr(ctx, b, q.Platform, q.Keywords)
	if err != nil {
		return store.Page{}, err
	}
	// m is the filtered set with each row's score, computed once; the
	// total counts m and the page is sorted from it, and only the page's
	// rows read their documents.
	with, inSet, wide := `WITH `, "true", "false"
	if wideKey != nil {
		// m holds the rows of the search without its last-post bound when
		// they are few and the bound leaves out few of them (wideOK),
		// else only those within the bound; the page and the total keep
		// the rows within the bound. w tells them apart over the rows
		// that pass the required keywords and the filters, read up to one
		// more than maxWideRows, no score computed and the exclusions
		// left out (a superset: their test reads each row's terms from
		// the heap, and repeating it in w cost as much as the scores it
		// saves).
		var required []store.Keyword
		for _, k := range q.Keywords {
			if !k.Excluded {
				required = append(required, k) // where skips the soft ones
			}
		}
		whereW, err := s.where(b, q.Platform, required, filters)
		if err != nil {
			return store.Page{}, err
		}
		inSet = `coalesce(c.last_post_at >= ` + b.arg(bound) + `, false)`
		most := min(maxWideRows, maxRankedRows) // a wide set is kept
		with += `w AS MATERIALIZED (SELECT count(*) <= ` + b.arg(most) + ` AND ` + b.arg(wideOutside) + ` * count(*) FILTER (WHERE NOT within) <= count(*) + ` + b.arg(wideSlack) + ` AS wide
  FROM (SELECT ` + inSet + ` AS within FROM channels c WHERE ` + whereW + ` LIMIT ` + b.arg(most+1) + `) x), `
		wide = `(SELECT wide FROM w)`
		where += ` AND (` + inSet + ` OR ` + wide + `)`
	}
	m := with + `m AS MATERIALIZED (SELECT c.key, c.followers, c.last_post_at, ` + sortKey(q.Sort) + ` AS sort_key, ` + score.score + ` AS score, ` + inSet + ` AS within FROM channels c WHERE ` + where + `)`
	pageSQL := `SELECT key, score, followers, last_post_at FROM m WHERE within ORDER BY ` + orderBy(q.Sort) + ` OFFSET ` + b.arg(q.Offset) + ` LIMIT ` + b.arg(q.Limit)
	var total int
	var items []store.Hit
	if key == nil {
		total, items, err = s.page(ctx, m+`
SELECT t.total, p.key, (SELECT c.doc FROM channels c WHERE c.key = p.key), p.score FROM (SELECT count(*) AS total FROM m WHERE within) t
LEFT JOIN LATERAL (`+pageSQL+`) p ON true`, b.args)
	} else {
		// The page as above, then, when the set is small enough to keep,
		// every row of it without its document (the set's rows), and the
		// catalog version of the statement's snapshot; with a last-post
		// bound, whether m is the set without it (wide: its rows are kept
		// under wideKey).
		var set *rankedSet
		var widened bool
		total, items, set, widened, err = s.pageAndSet(ctx, m+`, t AS MATERIALIZED (SELECT count(*) FILTER (WHERE within) AS total, count(*) AS rows FROM m)
SELECT t.total, t.rows, (SELECT version FROM catalog_version), `+wide+`, p.key, (SELECT c.doc FROM channels c WHERE c.key = p.key), p.score, p.followers, p.last_post_at
FROM t LEFT JOIN LATERAL (`+pageSQL+`) p ON true
UNION ALL
SELECT NULL, NULL, NULL, NULL, m.key, NULL, m.score, m.followers, m.last_post_at FROM m WHERE (SELECT rows FROM t) <= `+b.arg(maxRankedRows), b.args)
		if err == nil && set != nil {
			set.made = pageOf{by: q.Sort, offset: q.Offset, limit: q.Limit}
			if widened {
				s.ranked.put(*wideKey, set, items)
			} else {
				s.ranked.put(*key, set, items)
			}
		}
	}
	if err != nil {
		return store.Page{}, err
	}
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, nil
}

// SimilarTo implements store.Store.
func (s *Store) SimilarTo(ctx context.Context, q store.SimilarQuery) (store.SimilarResult, error) {
	q, err := q.Canonical()
	if err != nil {
		return store.SimilarResult{}, err
	}
	a, err := s.anchor(ctx, q.Platform, q.AnchorKey)
	if err != nil {
		return store.SimilarResult{}, err
	}
	minScore := s.resolveMin(q.MinScore)
	set, err := s.similarSet(ctx, a, q.Platform, q.Keywords, q.Filters, minScore, q.Sort, q.Offset+q.Limit)
	if err != nil {
		return store.SimilarResult{}, err
	}
	ap := set.anchor
	items, err := s.rankSimilar(ctx, set.cands, ap, q.Sort, q.Offset, q.Limit, a.version)
	if err != nil {
		return store.SimilarResult{}, err
	}
	next := nextOffset(q.Offset, len(items), set.total)
	if set.atLeast && len(items) == q.Limit {
		next = q.Offset + len(items) // the set goes on beyond the pool
	}
	return store.SimilarResult{Anchor: a.ch, Items: items, Total: set.total, TotalAtLeast: set.atLeast, NextOffset: next,
		MinScore: minScore, Expansions: set.learned.append(store.Expansions(q.Keywords), q.Keywords), Basis: store.AnchorBasis(&ap)}, nil
}

// Count implements store.Store.
func (s *Store) Count(ctx context.Context, q store.CountQuery) (int, error) {
	q, err := q.Canonical()
	if err != nil {
		return 0, err
	}
	var sql string
	b := &builder{}
	if q.AnchorKey == "" {
		if b.learned, err = s.learnedExpansions(ctx, q.Platform, q.Keywords); err != nil {
			return 0, err
		}
		if s.ranked.c != nil {
			sq := store.SearchQuery{Platform: q.Platform, Keywords: q.Keywords, Filters: q.Filters}
			key, err := s.rankKeyOf(sq, b.learned)
			if err != nil {
				return 0, err
			}
			if n, ok, err := s.countKept(ctx, key, time.Time{}); err != nil || ok {
				return n, err
			}
			if wq, t := activeBound(sq); !t.IsZero() {
				wk, err := s.rankKeyOf(wq, b.learned)
				if err != nil {
					return 0, err
				}
				if n, ok, err := s.countKept(ctx, wk, t); err != nil || ok {
					return n, err
				}
			}
			s.ranked.misses.Add(1)
		}
		where, err := s.where(b, q.Platform, q.Keywords, q.Filters)
		if err != nil {
			return 0, err
		}
		sql = `SELECT count(*) FROM channels WHERE ` + where
	} else {
		a, err := s.anchor(ctx, q.Platform, q.AnchorKey)
		if err != nil {
			return 0, err
		}
		minScore := s.resolveMin(q.MinScore)
		set, err := s.similarSet(ctx, a, q.Platform, q.Keywords, q.Filters, minScore, "", 0)
		if err != nil || !set.atLeast {
			return set.total, err
		}
		// Count is exact: the set SimilarTo reports as "N+" is counted
		// here (a repair's preview of an empty result, rarely a broad set).
		b.learned = set.learned
		cond, _, err := s.wholeSet(b, a.pk, q.Platform, q.Keywords, q.Filters, minScore)
		if err != nil {
			return 0, err
		}
		sql = `SELECT count(*) FROM channels c WHERE ` + cond
	}
	var n int
	// One statement reads one snapshot: no transaction around it (a
	// BEGIN and a COMMIT were two more round trips per count).
	if err := s.pool.QueryRow(ctx, sql, slices.Concat(s.planEach, b.args)...).Scan(&n); err != nil {
		return 0, fmt.Errorf("pgstore: count: %w", err)
	}
	return n, nil
}

// similarSQL is the anchor's k nearest neighbours (k = the candidate
// pool, or need when larger) that pass keywords and filters, as rows of
// (key, candidateCols, score): the columns are NULL for a neighbour below
// minScore, whose
// presence shows that the pool reached the end of the similar set. The
// platform and a single country are also named as literals
// (indexPredicate), which a generic plan needs to use the country's own
// HNSW index (countryIndexes).
func (s *Store) similarSQL(b *builder, anchorPK string, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, need int) (string, error) {
	where, err := s.where(b, p, kws, f)
	if err != nil {
		return "", err
	}
	d := strconv.Itoa(s.dims)
	vec := `c.embedding::vector(` + d + `)`
	a := `(SELECT embedding::vector(` + d + `) FROM channels WHERE key = ` + b.arg(anchorPK) + `)`
	k := max(s.poolSize, need)
	order := vec + ` <=> ` + a
	if s.exact {
		order = `(` + order + `) + 0` // not the index's expression: an exact sort
	}
	return `WITH knn AS MATERIALIZED (
  SELECT c.key, c.ctid AS tid, ` + vec + ` <=> ` + a + ` AS dist
  FROM channels c
  WHERE c.embedding_dims = ` + d + ` AND ` + indexPredicate(p, f) + ` AND c.embedding_model = ` + b.arg(s.model) + ` AND c.key <> ` + b.arg(anchorPK) + ` AND ` + where + `
  ORDER BY ` + order + `
  LIMIT ` + b.arg(k) + `)
SELECT knn.key, l.*, 1 - knn.dist FROM knn` + candidatesByTid(b.arg(minScore)), nil
}

// candidatesByTid joins each row of knn (key, tid, dist) at or above the
// minimum score min to its candidateCols, read by the row's address (one
// statement reads one snapshot, in which a row does not move); a row
// below it gets NULLs (candidateScan.channel).
func candidatesByTid(min string) string {
	return `
LEFT JOIN LATERAL (SELECT ` + candidateCols + ` FROM channels c WHERE c.ctid = knn.tid AND 1 - knn.dist >= ` + min + `) l ON true`
}

// indexPredicate is the platform and, when f holds exactly one country,
// the country, as literal conditions over channels c: what a partial
// index's predicate must be implied by (countryIndexes). The bound
// conditions of where say the same; a generic plan cannot see their
// values. Only validated values are written (platformLiteral,
// countryCode); another country value is left to the bound condition.
func indexPredicate(p platform.Platform, f store.Filters) string {
	s := `c.platform = ` + platformLiteral(p)
	if in := f.Values(condition.Country).In; len(in) == 1 && countryCode(in[0]) {
		s += ` AND c.country = '` + in[0] + `'`
	}
	return s
}

// boundedByKeyword reports whether kws hold a keyword every row of the
// set must match (not excluded, not soft): its GIN index then bounds the
// rows a similar query reads, and the planner sorts them by distance
// exactly instead of scanning the HNSW index (0 of 100 plans at a
// million channels, README).
func boundedByKeyword(kws []store.Keyword) bool {
	for _, k := range kws {
		if !k.Excluded && !k.Soft {
			return true
		}
	}
	return false
}

// exactSQL is similarSQL's rows computed in one pass over the filtered
// set, for a set a keyword bounds (boundedByKeyword): each row's distance
// is computed once, the k nearest are taken from it, and the rows at or
// above minScore are counted in the same statement, as a fourth column.
// In two statements, the nearest neighbours' exact sort and the total's
// count each read every filtered row's embedding: a common tag in the US
// (a few thousand rows) read them twice. Only the k nearest read their
// candidateCols, by the row's address (candidatesByTid), a page visit
// each where a descent of the primary key came first (4 buffers a row;
// 19% of the statement's time over 40 anchors at a million channels).
func (s *Store) exactSQL(b *builder, anchorPK string, ap *store.Profile, learned bool, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, need int) (string, error) {
	where, err := s.where(b, p, kws, f)
	if err != nil {
		return "", err
	}
	d := strconv.Itoa(s.dims)
	a := `(SELECT embedding::vector(` + d + `) FROM channels WHERE key = ` + b.arg(anchorPK) + `)`
	min := b.arg(minScore)
	// The pool: the rows at or above the minimum score first (a row
	// below it in the pool shows that the pool holds the whole set),
	// those at or above the store's default among them first (the
	// re-ranker's tier), by the bound of their score (scoreBound), then
	// by distance.
	bound, order := `0::float8`, `dist`
	if hi, ok := scoreBound(b, ap, store.DefaultWeights, learned); ok && s.bounded(ap, kws) {
		bound, order = hi, `(1 - dist >= `+min+`) DESC, (1 - dist >= `+b.arg(s.minScore)+`) DESC, hi DESC, dist`
	}
	return `WITH d AS MATERIALIZED (
  SELECT c.key, c.ctid AS tid, c.embedding::vector(` + d + `) <=> ` + a + ` AS dist, ` + bound + ` AS hi
  FROM channels c
  WHERE c.embedding_dims = ` + d + ` AND c.embedding_model = ` + b.arg(s.model) + ` AND c.key <> ` + b.arg(anchorPK) + ` AND ` + where + `),
knn AS (SELECT key, tid, dist FROM d ORDER BY ` + order + ` LIMIT ` + b.arg(s.poolFor(ap, kws, need)) + `)
SELECT knn.key, l.*, 1 - knn.dist,
  (SELECT count(*) FROM d WHERE 1 - d.dist >= ` + min + `)
FROM knn` + candidatesByTid(min), nil
}

// wholeSet is the condition that selects the whole similar set, not only
// the pool (the filters, and score = 1 - the cosine distance at or above
// minScore), with the score expression, over channels aliased c.
func (s *Store) wholeSet(b *builder, anchorPK string, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64) (cond, score string, err error) {
	where, err := s.where(b, p, kws, f)
	if err != nil {
		return "", "", err
	}
	d := strconv.Itoa(s.dims)
	score = `(1 - (c.embedding::vector(` + d + `) <=> (SELECT embedding::vector(` + d + `) FROM channels WHERE key = ` + b.arg(anchorPK) + `)))`
	cond = `c.embedding_dims = ` + d + ` AND c.embedding_model = ` + b.arg(s.model) + ` AND c.key <> ` + b.arg(anchorPK) + ` AND ` + where +
		` AND ` + score + ` >= ` + b.arg(minScore)
	return cond, score, nil
}

// hnswSettings sets the per-query HNSW parameters inside tx; with force,
// every plan but an HNSW index scan is turned off.
func (s *Store) hnswSettings(force bool) func(context.Context, pgx.Tx) error {
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', $2, true), set_config('hnsw.max_scan_tuples', $3, true)`,
			strconv.Itoa(s.efSearch), s.iterative, strconv.Itoa(max(DefaultMaxScanTuples, 2*s.poolSize)))
		if err == nil && force {
			_, err = tx.Exec(ctx, `SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`)
		}
		return err
	}
}

// forceIndex reports whether a similar query over platform p with the
// filters f walks an HNSW index whatever the planner would choose: the
// store's forceHNSW, or a single country with its own index
// (countryIndexes). The planner sorted a country's rows exactly for 65 of
// 100 anchors at a million channels, each embedding read back from TOAST
// (1.2 s at the median under load), where the country's graph answers
// the same pool (recall@20 0.998 against that exact plan) in a fraction;
// it costs the exact sort too cheaply. The exact variant (the recall
// benchmark's baseline) never does.
func (s *Store) forceIndex(p platform.Platform, f store.Filters) bool {
	if s.exact {
		return false
	}
	if s.forceHNSW {
		return true
	}
	in := f.Values(condition.Country).In
	if len(in) != 1 || !countryCode(in[0]) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.countryIdx[countryIndexKey{p, in[0]}]
}

// countryIndexKey is a platform's country with its own HNSW index.
type countryIndexKey struct {
	p       platform.Platform
	country string
}

// loadCountryIndexes reads which platforms' countries have their own HNSW
// index over the store's dimension (their names: hnswIndexName).
func (s *Store) loadCountryIndexes(ctx context.Context) (map[countryIndexKey]bool, error) {
	prefix := hnswIndexName(s.dims, "", "") + "_"
	rows, err := s.pool.Query(ctx, `SELECT indexname FROM pg_indexes WHERE tablename = 'channels' AND starts_with(indexname, $1)`, prefix)
	if err != nil {
		return nil, fmt.Errorf("pgstore: country indexes: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("pgstore: country indexes: %w", err)
	}
	out := map[countryIndexKey]bool{}
	for _, n := range names {
		rest := strings.TrimPrefix(n, prefix)
		i := strings.LastIndexByte(rest, '_')
		if i < 0 {
			continue
		}
		k := countryIndexKey{platform.Platform(rest[:i]), strings.ToUpper(rest[i+1:])}
		if k.p.Valid() && countryCode(k.country) {
			out[k] = true
		}
	}
	return out, nil
}

// inTx runs fn in a read-only transaction, after settings when not nil.
func (s *Store) inTx(ctx context.Context, settings func(context.Context, pgx.Tx) error, fn func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if settings != nil {
			if err := settings(ctx, tx); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

// page runs a total+page query: rows of (total, key, doc, score), key
// and doc NULL when the page is empty. The query is one statement, which reads one
// snapshot: it runs on a pooled connection without a transaction (a
// BEGIN and a COMMIT were two more round trips per search).
func (s *Store) page(ctx context.Context, sql string, args []any) (int, []store.Hit, error) {
	total := 0
	items := []store.Hit{}
	err := func() error {
		rows, err := s.pool.Query(ctx, sql, slices.Concat(s.planEach, args)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var raw []byte
			var key *string
			var score *float64
			if err := rows.Scan(&total, &key, &raw, &score); err != nil {
				return err
			}
			if raw == nil {
				continue
			}
			ch, err := s.docs.decode(*key, raw)
			if err != nil {
				return err
			}
			items = append(items, store.Hit{Channel: ch, Score: *score})
		}
		return rows.Err()
	}()
	if err != nil {
		return 0, nil, fmt.Errorf("pgstore: query: %w", err)
	}
	return total, items, nil
}

// pageAndSet runs a total+page+set query: the page's rows of (total,
// the rows of the set, version, wide, key, doc, score, followers, last
// post) as page reads them, then, when the set is to be kept, each row
// of the set as (NULL, NULL, NULL, NULL, key, NULL, score, followers,
// last post). set is nil when the rows of the set did not come (more
// than maxRankedRows); wide reports that they are the rows of the search
// without its last-post bound, of which total counts those within it.
func (s *Store) pageAndSet(ctx context.Context, sql string, args []any) (total int, items []store.Hit, set *rankedSet, wide bool, err error) {
	var version, n int64
	items = []store.Hit{}
	var rows []rankRow
	err = func() error {
		rs, err := s.pool.Query(ctx, sql, slices.Concat(s.planEach, args)...)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var t, all, v *int64
			var w *bool
			var raw []byte
			var key *string
			var r rankRow
			var score *float64
			var followers *int64
			if err := rs.Scan(&t, &all, &v, &w, &key, &raw, &score, &followers, &r.lastPost); err != nil {
				return err
			}
			if t == nil { // a row of the set
				r.key, r.score, r.followers = *key, *score, *followers
				rows = append(rows, r)
				continue
			}
			total, n, version, wide = int(*t), *all, *v, *w
			if raw == nil {
				continue
			}
			ch, err := s.docs.decode(*key, raw)
			if err != nil {
				return err
			}
			items = append(items, store.Hit{Channel: ch, Score: *score})
		}
		return rs.Err()
	}()
	if err != nil {
		return 0, nil, nil, false, fmt.Errorf("pgstore: query: %w", err)
	}
	if int64(len(rows)) != n {
		return total, items, nil, false, nil
	}
	return total, items, &rankedSet{version: version, total: len(rows), rows: rows, recent: true}, wide, nil
}

// planEach is what goes before a keyword search's or count's arguments
// so that PostgreSQL plans it with the values bound: an unnamed statement
// (its description still cached: one round trip). A cached prepared
// statement, pgx's default, goes over to a generic plan after five runs,
// chosen without the values: for the load mix's natural-language search
// ("US", "automotive", a follower range) it scanned the platform's US
// rows by country (1,426 buffers, 2.2 ms) where the plan for the values
// reads the category's (424 buffers, 0.6 ms). Any other mode of the DSN
// (default_query_exec_mode: exec or simple_protocol for a pooler, or
// PGlite's exec) already runs unnamed statements, and is kept.
// At a million channels the generic plans of the other value-dependent
// statements were the slow tail (issue 28): the anchor's lookup
// (keys @> ARRAY[$1] LIMIT 1) and the learned expansion's EXISTS went to
// a sequential scan (0.4-1 s, 600,000 rows read to find one); they pass
// planEach too. The similar set's statements do not: planned with their
// values, RecallAtScale's similar p50 was 69-167 ms against 51-57 ms
// without (one run each, load average 4-8), and the slowest one's plan
// and buffers were the same either way: not shown to help, not kept.
func planEach(mode pgx.QueryExecMode) []any {
	if mode == pgx.QueryExecModeCacheStatement {
		return []any{pgx.QueryExecModeCacheDescribe}
	}
	return nil
}

// orderBy is the ORDER BY of a sort over a row set with a sort_key
// column (sortKey), with the in-memory store's tie-breaks (followers,
// then the key in byte order).
func orderBy(by store.Sort) string {
	const tie = `followers DESC, key COLLATE "C" ASC`
	if _, ok := by.Field(); ok {
		return `sort_key DESC, score DESC, ` + tie
	}
	if by == store.SortRecent {
		return `last_post_at DESC NULLS LAST, ` + tie
	}
	return `score DESC, ` + tie
}

// sortKey is the SQL of the field a sort ranks by (the registry's
// column or expression), 0 for the other sorts.
func sortKey(by store.Sort) string {
	if fd, ok := by.Field(); ok {
		return fd.Column
	}
	return "0"
}

func nextOffset(offset, n, total int) int {
	if offset+n >= total {
		return -1
	}
	return offset + n
}
