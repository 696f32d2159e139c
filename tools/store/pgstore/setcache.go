package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"

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
// A set being formed is formed once (begin): the concurrent searches of
// the same key wait for it and then read it from the cache, instead of
// each scanning the vectors (at the start of a load run every user asks
// for the same anchor at once).
type setCache struct {
	c       *lru.Cache[setKey, *similarSet]
	forming *forming
}

// forming holds the keys whose set a call of the store is forming, each
// with a channel closed when that call is done.
type forming struct {
	mu   sync.Mutex
	sets map[setKey]chan struct{}
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
	return setCache{c: c, forming: &forming{sets: map[setKey]chan struct{}{}}}
}

// begin makes the caller the one that forms the set of key: it returns
// done (to call once the set is in the cache, or the forming failed)
// when no other call is forming it; when another call is, it waits for
// that call to be done and returns nil, and the caller looks in the cache
// again (it may still miss: the other call failed, or its set does not
// serve the caller's sort). Without a cache there is nothing to share:
// every call forms its own set.
func (sc setCache) begin(ctx context.Context, key setKey) (done func(), err error) {
	if sc.c == nil {
		return func() {}, nil
	}
	f := sc.forming
	f.mu.Lock()
	ch, busy := f.sets[key]
	if !busy {
		ch = make(chan struct{})
		f.sets[key] = ch
	}
	f.mu.Unlock()
	if !busy {
		return func() {
			f.mu.Lock()
			delete(f.sets, key)
			f.mu.Unlock()
			close(ch)
		}, nil
	}
	select {
	case <-ch:
		return nil, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("pgstore: waiting for a similar set: %w", context.Cause(ctx))
	}
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
func (s *Store) newSetKey(version int64, lm *cooc.Model, anchorPK string, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64, need int) (setKey, error) {
	q, err := json.Marshal(struct {
		K []store.Keyword `json:"k"`
		F store.Filters   `json:"f"`
	}{kws, f})
	if err != nil {
		return setKey{}, fmt.Errorf("pgstore: set key: %w", err)
	}
	k := s.poolSize
	if need > k {
		k = need
	}
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
