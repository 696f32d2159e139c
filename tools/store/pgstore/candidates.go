package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"searchagent/tools/catalog"
	"searchagent/tools/platform"
	"searchagent/tools/store"
)

// candidateCols are what a similar set's candidate is ranked by, over
// channels c: the fields store.Compare, store.Profile and the sorts read
// (category, country, language, the counts, the last post and the tags),
// as columns instead of the channel's document. Decoding a pool's 1,000
// documents (JSON, about 1 KB each) was most of the Go side of a similar
// search at a million channels (BenchmarkPoolCandidate); only the page's
// channels are decoded now (fillDocs). The category column is lower-cased
// at ingest, which the re-ranker compares case-insensitively.
const candidateCols = `c.category, c.country, c.language, c.followers, c.avg_views,
  COALESCE((c.doc->>'avg_engagement')::bigint, 0) AS avg_engagement, c.last_post_at,
  ARRAY(SELECT jsonb_array_elements_text(c.doc->'tags')) AS tags`

// candidateScan is the scan destinations of candidateCols; a NULL
// category is a row without them.
type candidateScan struct {
	category, country, language *string
	followers, views, eng       *int64
	last                        *time.Time
	tags                        []string
}

func (cs *candidateScan) dest() []any {
	return []any{&cs.category, &cs.country, &cs.language, &cs.followers, &cs.views, &cs.eng, &cs.last, &cs.tags}
}

// channel is the candidate's channel as far as the columns give it (no
// name, description or titles: fillDocs decodes a page's documents);
// nil for a row without them.
func (cs *candidateScan) channel(p platform.Platform) *catalog.Channel {
	if cs.category == nil {
		return nil
	}
	ch := &catalog.Channel{Platform: p, Category: *cs.category, Tags: cs.tags}
	if cs.country != nil {
		ch.Country = *cs.country
	}
	if cs.language != nil {
		ch.Language = *cs.language
	}
	if cs.followers != nil {
		ch.Followers = *cs.followers
	}
	if cs.views != nil {
		ch.AvgViews = *cs.views
	}
	if cs.eng != nil {
		ch.AvgEngagement = *cs.eng
	}
	if cs.last != nil {
		ch.LastPostAt = cs.last.UTC()
	}
	return ch
}

// docRows reads the documents of keys in one statement, by key, with the
// catalog version of its snapshot; a key with no row (deleted since its
// set was read) is missing from the map.
func docRows(ctx context.Context, q interface {
	Query(context.Context, string, ...any) (pgx.Rows, error)
}, keys []string) (raws map[string][]byte, version int64, err error) {
	raws = make(map[string][]byte, len(keys))
	if len(keys) == 0 {
		return raws, 0, nil
	}
	rows, err := q.Query(ctx, `SELECT key, doc, (SELECT version FROM catalog_version) FROM channels WHERE key = ANY($1)`, keys)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var raw []byte
		if err := rows.Scan(&key, &raw, &version); err != nil {
			return nil, 0, err
		}
		raws[key] = raw
	}
	return raws, version, rows.Err()
}

// fillDocs gives the page's candidates their whole channels (the pool was
// ranked from candidateCols): from the document cache when a channel's
// document was read at the set's catalog version, else by one statement
// for the page's other keys. A channel deleted since its set was ranked
// leaves the page.
func (s *Store) fillDocs(ctx context.Context, page []similar, version int64) ([]similar, error) {
	out := make([]similar, len(page))
	copy(out, page)
	var keys []string
	for i := range out {
		c := &out[i]
		if c.full {
			continue
		}
		if ch, ok := s.docs.at(c.key, version); ok {
			c.ch, c.full = ch, true
			c.prof = store.NewProfileCovered(ch, c.prof.Coverage)
			continue
		}
		keys = append(keys, c.key)
	}
	if len(keys) == 0 {
		return out, nil
	}
	raws, read, err := docRows(ctx, s.pool, keys)
	if err != nil {
		return nil, fmt.Errorf("pgstore: similar: page documents: %w", err)
	}
	kept := out[:0]
	for _, c := range out {
		if !c.full {
			raw, ok := raws[c.key]
			if !ok {
				continue
			}
			ch, err := s.docs.decodeAt(c.key, raw, read)
			if err != nil {
				return nil, err
			}
			c.ch, c.full = ch, true
			c.prof = store.NewProfileCovered(ch, c.prof.Coverage)
		}
		kept = append(kept, c)
	}
	return kept, nil
}
