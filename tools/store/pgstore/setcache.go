package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"
	"golang.org/x/sync/singleflight"

	"searchagent/tools/embed/cooc"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// DefaultSetCache is how many similar sets a store keeps (WithSetCache):
// a set is at most the candidate pool's decoded channels (about 1.5 MB
// for the default pool of 1,000).
const DefaultSetCache = 32

// WithSetCache sets how many ranked similar sets the store keeps for the
// pages, counts and sorts of the same anchor search (0..4096; 0 keeps
// none: every call queries the database).
func WithSetCache(n int) Option {
	return func(s *Store) error {
		if n < 0 || n > 4096 {
			return fmt.Errorf("pgstore: set cache %d (want 0..4096)", n)
		}
		s.setCacheSize = n
		return nil
	}
}

// setCache keeps the similar sets the store ranked, by everything a set
// depends on (setKey), so that the next page of an anchor search, a
// repair's count over the same filters or a sort of the same set does not
// scan the vectors again: a similar query is the most expensive query of
// the store (a distance per channel of the platform, or an iterative
// index scan, and the pool's documents decoded), while its set does not
// change with the page. The catalog version read before the set was
// ranked is part of the key: a write of any instance raises it (see
// migrations/00004_catalog_version.sql), so a stale set is never found
// again, only evicted.
//
// Concurrent identical misses share one query (do): the first ranks the
// set, the others wait for it and take a copy, instead of each scanning
// the vectors for the same set (a page and its count asked at once, or
// the same search of several sessions).
type setCache struct {
	c      *lru.Cache[setKey, *similarSet]
	flight *singleflight.Group
}

// setKey is what a similar set depends on besides the sort: the catalog
// version it was read at, the learned model that scored it, the anchor,
// the query's keywords and filters (canonical, as JSON), the minimum
// score, and the pool size (the candidate pool, or a deeper page's need).
type setKey struct {
	version  int64
	learned  *cooc.Model
	anchor   string
	platform platform.Platform
	query    string
	minScore float64
	k        int
}

func newSetCache(n int) setCache {
	if n == 0 {
		return setCache{}
	}
	c, _ := lru.New[setKey, *similarSet](n) // errors only for a size ≤ 0
	return setCache{c: c, flight: &singleflight.Group{}}
}

// do returns the set rank queries for key and the sort by, sharing one
// call of rank among the concurrent callers of the same key and sort
// (without a cache, every caller ranks its own). Each caller gets its own
// copy of the candidates (rankSimilar sorts them in place). A caller
// whose shared call failed because the first caller's context ended,
// while its own goes on, ranks the set itself: one caller's cancellation
// does not fail another's search.
func (sc setCache) do(ctx context.Context, key setKey, by store.Sort, rank func(context.Context) (similarSet, error)) (similarSet, error) {
	if sc.flight == nil {
		return rank(ctx)
	}
	id := fmt.Sprintf("%d|%p|%s|%s|%s|%v|%d|%s", key.version, key.learned, key.anchor, key.platform, key.query, key.minScore, key.k, sortColumn(by))
	v, err, shared := sc.flight.Do(id, func() (any, error) {
		set, err := rank(ctx)
		return &set, err
	})
	if err != nil {
		if shared && ctx.Err() == nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			return rank(ctx)
		}
		return similarSet{}, err
	}
	out := *v.(*similarSet)
	out.cands = append([]similar(nil), out.cands...)
	return out, nil
}

// get returns a copy of the cached set for key that serves a sort by:
// a complete set serves every sort; a pool that the whole set goes on
// beyond serves the similarity order only (a sort by a column takes its
// page from the whole set).
func (sc setCache) get(key setKey, by store.Sort) (similarSet, bool) {
	if sc.c == nil {
		return similarSet{}, false
	}
	set, ok := sc.c.Get(key)
	if !ok || (!set.complete && sortColumn(by) != "") {
		return similarSet{}, false
	}
	out := *set
	out.cands = append([]similar(nil), set.cands...) // rankSimilar sorts its candidates in place
	return out, true
}

// put keeps a copy of set under key.
func (sc setCache) put(key setKey, set similarSet) {
	if sc.c == nil {
		return
	}
	set.cands = append([]similar(nil), set.cands...)
	sc.c.Add(key, &set)
}

// newSetKey is the cache key of a similar query read at version.
func (s *Store) newSetKey(version int64, lm *cooc.Model, anchorPK string, ap *store.Profile, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, need int) (setKey, error) {
	q, err := json.Marshal(struct {
		K []store.Keyword `json:"k"`
		F store.Filters   `json:"f"`
	}{kws, f})
	if err != nil {
		return setKey{}, fmt.Errorf("pgstore: set key: %w", err)
	}
	k := s.poolFor(ap, kws, need)
	return setKey{version: version, learned: lm, anchor: anchorPK, platform: p, query: string(q), minScore: minScore, k: k}, nil
}

// bumpVersion raises the catalog version inside tx, the transaction that
// changes the channels.
func bumpVersion(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, `UPDATE catalog_version SET version = version + 1`); err != nil {
		return fmt.Errorf("catalog_version: %w", err)
	}
	return nil
}
