package pgstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// similar is one candidate of an anchor search: the channel, its key, its
// cosine with the anchor, the hybrid score (store.Compare) and its tier
// (1: at or above the store's default threshold, or any candidate of a
// thin anchor).
type similar struct {
	ch    *catalog.Channel
	key   string
	cos   float64
	score float64
	tier  int
}

// similarSet is the similar set of an anchor as the memory store forms
// it: the database returns the candidates (the anchor's nearest
// neighbours at or above minScore that pass the keywords and filters, or,
// for a thin anchor whose vector is hash noise, every channel that passes
// them), and the shared re-ranker of package store scores them here, so
// both stores rank alike.
func (s *Store) similarSet(ctx context.Context, anchor *catalog.Channel, anchorPK string, p platform.Platform, kws []store.Keyword, f store.Filters, minScore float64) ([]similar, store.Profile, error) {
	ap := store.NewProfile(anchor)
	b := &builder{}
	var sql string
	var settings func(context.Context, pgx.Tx) error
	if ap.Thin() {
		where, err := s.where(b, p, kws, f)
		if err != nil {
			return nil, ap, err
		}
		sql = `SELECT key, doc, 0::float8 FROM channels WHERE key <> ` + b.arg(anchorPK) + ` AND ` + where
	} else {
		sim, err := s.similarCTE(b, anchorPK, p, kws, f, minScore, 0)
		if err != nil {
			return nil, ap, err
		}
		sql = sim + ` SELECT key, doc, score FROM sim`
		settings = s.hnswSettings
	}
	var out []similar
	err := s.inTx(ctx, settings, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, sql, b.args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c similar
			var raw []byte
			if err := rows.Scan(&c.key, &raw, &c.cos); err != nil {
				return err
			}
			if c.ch, err = decodeDoc(raw); err != nil {
				return err
			}
			cp := store.NewProfile(c.ch)
			if ap.Thin() && !store.InBand(&ap, &cp) {
				continue
			}
			c.score = store.Compare(&ap, &cp, c.cos).Score(store.DefaultWeights)
			if ap.Thin() || c.cos >= s.minScore {
				c.tier = 1
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, ap, fmt.Errorf("pgstore: similar: %w", err)
	}
	return out, ap, nil
}

// rankSimilar orders the candidates as the memory store does for the sort
// (ties: followers, most first, then the key in byte order) and returns
// the page [offset, offset+limit) with each hit's similarity and reasons.
func (s *Store) rankSimilar(cands []similar, ap store.Profile, by store.Sort, offset, limit int) []store.Hit {
	tie := func(a, b similar) int {
		if c := cmpDesc(a.ch.Followers, b.ch.Followers); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	}
	cmp := func(a, b similar) int {
		if a.tier != b.tier {
			return b.tier - a.tier
		}
		if c := cmpDesc(a.score, b.score); c != 0 {
			return c
		}
		return tie(a, b)
	}
	switch by {
	case store.SortFollowers:
		cmp = func(a, b similar) int {
			if c := cmpDesc(a.ch.Followers, b.ch.Followers); c != 0 {
				return c
			}
			if c := cmpDesc(a.score, b.score); c != 0 {
				return c
			}
			return tie(a, b)
		}
	case store.SortAvgViews:
		cmp = func(a, b similar) int {
			if c := cmpDesc(a.ch.AvgViews, b.ch.AvgViews); c != 0 {
				return c
			}
			return tie(a, b)
		}
	case store.SortRecent:
		cmp = func(a, b similar) int {
			if c := b.ch.LastPostAt.Compare(a.ch.LastPostAt); c != 0 { // zero time is oldest: last
				return c
			}
			return tie(a, b)
		}
	}
	slices.SortFunc(cands, cmp)
	if offset >= len(cands) {
		return []store.Hit{}
	}
	page := cands[offset:min(len(cands), offset+limit)]
	hits := make([]store.Hit, len(page))
	for i, c := range page {
		cp := store.NewProfile(c.ch)
		sig := store.Compare(&ap, &cp, c.cos)
		hits[i] = store.Hit{Channel: c.ch, Score: c.score, Similarity: sig.Content, Reasons: sig.Reasons(&ap, &cp, s.minScore)}
	}
	return hits
}

func cmpDesc[T int64 | float64](a, b T) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
