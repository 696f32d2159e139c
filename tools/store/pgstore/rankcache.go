package pgstore

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	"searchagent/tools/condition"
	"searchagent/tools/store"
)

// DefaultRankedSets is how many ranked keyword and filter sets a store
// keeps (WithRankedSets): at most maxRankedRows rows of about 80 bytes
// each.
const DefaultRankedSets = 256

// maxRankedRows bounds the sets kept: a search that matches more rows is
// answered by its statement every time (its page read with a top-N sort,
// never the whole set sent to the service). A variable for the tests
// only (export_test.go).
var maxRankedRows = 2000

// WithRankedSets sets how many ranked keyword and filter sets the store
// keeps for the pages, sorts and counts of the same search (0..4096; 0
// keeps none: every call queries the database).
func WithRankedSets(n int) Option {
	return func(s *Store) error {
		if n < 0 || n > 4096 {
			return fmt.Errorf("pgstore: ranked sets %d (want 0..4096)", n)
		}
		s.rankedSize = n
		return nil
	}
}

// rankCache keeps the ranked sets of keyword and filter searches (Search
// and Count without an anchor), as setCache keeps similar sets: a set is
// every row a search's keywords and filters match, with its relevance
// score and the columns the cheap sorts read (followers, last post), so
// that the next page of a search, its sort by followers or by recency,
// or a repair's count over the same keywords and filters is one
// statement by primary key (the page's documents and the catalog
// version) instead of the match and the scoring again.
//
// A set is stored with the catalog version read in the snapshot of its
// rows, and served only while the version is still that: every write of
// the channels raises the version in its own transaction (any instance:
// migrations/00004_catalog_version.sql), so a set is never served after
// any instance changed the catalog. The version is read with the page's
// documents, in the same statement.
type rankCache struct {
	c *lru.Cache[rankKey, *rankedSet]
	// hits by whether the asking was the one that ranked the set (the
	// same sort, offset and limit: the same search again, as another
	// session asks it) or another page, sort or count of it.
	hitsSame, hitsOther, misses, stale atomic.Int64
	// hitsWithin counts the hits (of either kind) a set of the search
	// without its last-post bound answered (activeBound).
	hitsWithin atomic.Int64
}

// rankKey is what a ranked set depends on besides the catalog version:
// the platform, the keywords and filters (canonical, as JSON), their
// learned expansions, and which path scored it (tests compare the two).
type rankKey struct {
	query string
	sql   bool
}

// rankRow is one row of a ranked set.
type rankRow struct {
	key       string
	score     float64
	followers int64
	lastPost  *time.Time // nil: unknown (NULL)
}

// rankedSet is every row of a search, in relevance order.
type rankedSet struct {
	version int64
	total   int
	rows    []rankRow
	// recent: the rows carry their last post time, so the set serves
	// the sort by recency (the postings do not hold it).
	recent bool
	// made is the sort, offset and limit of the search that ranked it.
	made pageOf

	// chans are the documents of the set's rows read at its version
	// (the pages asked so far), decoded: while the version holds, a
	// channel's document is the one read (every write of a channel
	// raises the version in its transaction), so a page of these rows
	// reads the version alone.
	mu    sync.Mutex
	chans map[string]*catalog.Channel
}

// keepChannels adds the channels of a page read at the set's version.
func (set *rankedSet) keepChannels(items []store.Hit) {
	set.mu.Lock()
	defer set.mu.Unlock()
	if set.chans == nil {
		set.chans = make(map[string]*catalog.Channel, len(items))
	}
	for _, h := range items {
		set.chans[h.Channel.Key()] = h.Channel
	}
}

// pageOf is which page of a set a search asks for.
type pageOf struct {
	by            store.Sort
	offset, limit int
}

func newRankCache(n int) *rankCache {
	if n == 0 {
		return &rankCache{}
	}
	c, _ := lru.New[rankKey, *rankedSet](n) // errors only for a size ≤ 0
	return &rankCache{c: c}
}

// RankedSetStats counts the ranked-set cache's answers since the store
// was made: hits of the same search again (its sort, offset and limit),
// hits of another page, sort or count of a kept set, misses (no set, or
// a sort it does not serve) and stale sets found (the catalog changed);
// HitsWithin counts the hits of a search with a last-post bound that the
// set of the same search without the bound answered.
type RankedSetStats struct {
	HitsSame, HitsOther, HitsWithin, Misses, Stale int64
}

// RankedSetStats reports the ranked-set cache's counts.
func (s *Store) RankedSetStats() RankedSetStats {
	r := s.ranked
	return RankedSetStats{HitsSame: r.hitsSame.Load(), HitsOther: r.hitsOther.Load(), HitsWithin: r.hitsWithin.Load(), Misses: r.misses.Load(), Stale: r.stale.Load()}
}

// rankKeyOf is the key of the set of q's platform, keywords and filters
// with their learned expansions lx.
func (s *Store) rankKeyOf(q store.SearchQuery, lx learnedExps) (rankKey, error) {
	b, err := json.Marshal(struct {
		P string            `json:"p"`
		K []store.Keyword   `json:"k"`
		F store.Filters     `json:"f"`
		L []store.Expansion `json:"l,omitempty"`
	}{string(q.Platform), q.Keywords, q.Filters, lx.append(nil, q.Keywords)})
	if err != nil {
		return rankKey{}, fmt.Errorf("pgstore: ranked set key: %w", err)
	}
	return rankKey{query: string(b), sql: s.sqlKeyword}, nil
}

// serves reports whether the set can order its rows by by.
func (set *rankedSet) serves(by store.Sort) bool {
	switch by {
	case store.SortRelevance, store.SortFollowers:
		return true
	case store.SortRecent:
		return set.recent
	}
	return false
}

// get is the kept set of key that serves by, nil when there is none.
func (rc *rankCache) get(key rankKey, by store.Sort) *rankedSet {
	if rc.c == nil {
		return nil
	}
	set, ok := rc.c.Get(key)
	if !ok || !set.serves(by) {
		return nil
	}
	return set
}

// put keeps set under key with the channels of the page its statement
// read (sets of more than maxRankedRows rows are not kept).
func (rc *rankCache) put(key rankKey, set *rankedSet, page []store.Hit) {
	if rc.c == nil || len(set.rows) > maxRankedRows || len(set.rows) != set.total {
		return
	}
	byRelevance(set.rows)
	set.keepChannels(page)
	rc.c.Add(key, set)
}

// byRelevance orders rows as the relevance sort does: score, then
// followers (both descending), then the key in byte order (orderBy).
func byRelevance(rows []rankRow) {
	slices.SortFunc(rows, func(a, b rankRow) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return tieBreak(a, b)
	})
}

// tieBreak is every sort's last keys: followers descending, then the
// key in byte order (COLLATE "C").
func tieBreak(a, b rankRow) int {
	if c := cmp.Compare(b.followers, a.followers); c != 0 {
		return c
	}
	return strings.Compare(a.key, b.key)
}

// pageRows is the page p of rows (a set's, or those of them within a
// last-post bound: in relevance order), in p's order (orderBy's).
func pageRows(rows []rankRow, p pageOf) []rankRow {
	switch p.by {
	case store.SortFollowers:
		rows = slices.Clone(rows)
		slices.SortStableFunc(rows, func(a, b rankRow) int {
			if c := cmp.Compare(b.followers, a.followers); c != 0 {
				return c
			}
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
			return tieBreak(a, b)
		})
	case store.SortRecent:
		rows = slices.Clone(rows)
		slices.SortStableFunc(rows, func(a, b rankRow) int {
			switch {
			case a.lastPost == nil && b.lastPost != nil:
				return 1
			case a.lastPost != nil && b.lastPost == nil:
				return -1
			case a.lastPost != nil:
				if c := b.lastPost.Compare(*a.lastPost); c != 0 {
					return c
				}
			}
			return tieBreak(a, b)
		})
	}
	lo, hi := min(p.offset, len(rows)), min(p.offset+p.limit, len(rows))
	return rows[lo:hi]
}

// hit counts a hit of the page p of set.
func (rc *rankCache) hit(set *rankedSet, p pageOf) {
	if p == set.made {
		rc.hitsSame.Add(1)
	} else {
		rc.hitsOther.Add(1)
	}
}

// pageDocs reads the documents of keys and, in the same statement, the
// catalog version (a page of a kept set: the version says whether the
// set is still the catalog's).
func pageDocs(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, keys []string) (int64, map[string][]byte, error) {
	rows, err := q.Query(ctx, `SELECT v.version, c.key, c.doc FROM catalog_version v LEFT JOIN channels c ON c.key = ANY($1::text[])`, keys)
	if err != nil {
		return 0, nil, err
	}
	defer rows.Close()
	var version int64
	raws := make(map[string][]byte, len(keys))
	for rows.Next() {
		var k *string
		var raw []byte
		if err := rows.Scan(&version, &k, &raw); err != nil {
			return 0, nil, err
		}
		if k != nil {
			raws[*k] = raw
		}
	}
	return version, raws, rows.Err()
}

// activeBound splits q's filters into the search without a last-post
// bound and the bound (zero: q has none). The natural-language "最近活跃"
// is a bound at the turn's clock (30 days before it, to the nanosecond),
// so no two askings of it have the same key; the set of the search
// without it holds every row the bound may admit, with its last post
// (rankRow.lastPost), and the rows within the bound are the search's set:
// the score of a row does not depend on the filters (the statistics and
// the alias factors are the platform's).
func activeBound(q store.SearchQuery) (store.SearchQuery, time.Time) {
	t := q.Filters.SinceOf(condition.LastActive)
	if !t.IsZero() {
		q.Filters.SetSince(condition.LastActive, time.Time{}) // a member, not a map: q's maps are not written
	}
	return q, t
}

// within is the rows of a set (with their last posts) that the SQL
// condition last_post_at >= bound keeps, in their order; ok is false when
// a row's last post is where the bound's encoding decides (the bound's
// microsecond when the bound is not a whole microsecond: pgx binds it
// truncated, a text parameter rounds it), so the database is asked.
func within(rows []rankRow, bound time.Time) (in []rankRow, ok bool) {
	at := bound.Truncate(time.Microsecond) // PostgreSQL keeps microseconds
	exact := at.Equal(bound)
	in = make([]rankRow, 0, len(rows))
	for _, r := range rows {
		switch {
		case r.lastPost == nil || r.lastPost.Before(at):
		case r.lastPost.Equal(at) && !exact:
			return nil, false
		default:
			in = append(in, r)
		}
	}
	return in, true
}

// searchKept answers q from a kept set, ok false when there is none that
// serves q's sort or the catalog has changed since it was ranked (the
// set is dropped). With a bound (not zero), key is the search's without
// its last-post bound (activeBound), and the set's rows within it answer.
func (s *Store) searchKept(ctx context.Context, key rankKey, q store.SearchQuery, exps []store.Expansion, bound time.Time) (store.Page, bool, error) {
	set := s.ranked.get(key, q.Sort)
	if set == nil || !bound.IsZero() && !set.recent {
		return store.Page{}, false, nil
	}
	all, total := set.rows, set.total
	if !bound.IsZero() {
		var ok bool
		if all, ok = within(set.rows, bound); !ok {
			return store.Page{}, false, nil
		}
		total = len(all)
	}
	p := pageOf{by: q.Sort, offset: q.Offset, limit: q.Limit}
	rows := pageRows(all, p)
	chans := make([]*catalog.Channel, len(rows))
	var missing []string
	set.mu.Lock()
	for i, r := range rows {
		if chans[i] = set.chans[r.key]; chans[i] == nil {
			missing = append(missing, r.key)
		}
	}
	set.mu.Unlock()
	var version int64
	var raws map[string][]byte
	var err error
	if len(missing) == 0 {
		err = s.pool.QueryRow(ctx, `SELECT version FROM catalog_version`).Scan(&version)
	} else {
		version, raws, err = pageDocs(ctx, s.pool, missing)
	}
	if err != nil {
		return store.Page{}, false, fmt.Errorf("pgstore: kept set: %w", err)
	}
	if version != set.version {
		s.ranked.stale.Add(1)
		s.ranked.c.Remove(key)
		return store.Page{}, false, nil
	}
	items := make([]store.Hit, len(rows))
	var read []store.Hit
	for i, r := range rows {
		if chans[i] == nil {
			raw, ok := raws[r.key]
			if !ok {
				return store.Page{}, false, fmt.Errorf("pgstore: kept set: channel %s is gone at catalog version %d", r.key, version)
			}
			if chans[i], err = s.docs.decode(r.key, raw); err != nil {
				return store.Page{}, false, err
			}
			read = append(read, store.Hit{Channel: chans[i]})
		}
		items[i] = store.Hit{Channel: chans[i], Score: r.score}
	}
	if len(read) > 0 {
		set.keepChannels(read)
	}
	s.ranked.hit(set, p)
	if !bound.IsZero() {
		s.ranked.hitsWithin.Add(1)
	}
	store.LearnedReasons(items, exps)
	return store.Page{Items: items, Total: total, NextOffset: nextOffset(q.Offset, len(items), total), Expansions: exps}, true, nil
}

// countKept is the total of a kept set of key, ok false when there is
// none or the catalog has changed since it was ranked; with a bound (not
// zero), of its rows within the bound, as searchKept.
func (s *Store) countKept(ctx context.Context, key rankKey, bound time.Time) (int, bool, error) {
	set := s.ranked.get(key, store.SortRelevance)
	if set == nil || !bound.IsZero() && !set.recent {
		return 0, false, nil
	}
	total := set.total
	if !bound.IsZero() {
		in, ok := within(set.rows, bound)
		if !ok {
			return 0, false, nil
		}
		total = len(in)
	}
	var version int64
	if err := s.pool.QueryRow(ctx, `SELECT version FROM catalog_version`).Scan(&version); err != nil {
		return 0, false, fmt.Errorf("pgstore: kept set: %w", err)
	}
	if version != set.version {
		s.ranked.stale.Add(1)
		s.ranked.c.Remove(key)
		return 0, false, nil
	}
	s.ranked.hitsOther.Add(1)
	if !bound.IsZero() {
		s.ranked.hitsWithin.Add(1)
	}
	return total, true, nil
}
