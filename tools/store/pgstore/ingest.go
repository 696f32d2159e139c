package pgstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"

	"searchagent/tools/catalog"
	emb "searchagent/tools/embed"
	"searchagent/tools/platform"
	"searchagent/tools/store"
	"searchagent/tools/textnorm"
)

// DefaultIngestBatch is how many channels Upsert embeds and writes per
// transaction.
const DefaultIngestBatch = 500

// UpsertStats counts what Upsert wrote.
type UpsertStats struct {
	Inserted int `json:"inserted"`
	Updated  int `json:"updated"`
}

// row is one channel prepared for the table.
type row struct {
	key, platform     string
	keys, contentKeys []string
	doc               []byte
	category          string
	terms             [4][]string
	all               []string
	seqs              [4]string
	text              string
}

func prepare(ch *catalog.Channel) (row, error) {
	doc, err := json.Marshal(ch)
	if err != nil {
		return row{}, err
	}
	r := row{key: ch.Key(), platform: string(ch.Platform), keys: ch.Keys(), doc: doc, category: strings.ToLower(ch.Category), text: emb.ChannelText(ch)}
	for _, id := range ch.ContentIDs {
		r.contentKeys = append(r.contentKeys, catalog.ContentKey(ch.Platform, id))
	}
	seen := map[string]bool{}
	var vals []string
	for f, scope := range store.FieldScopes() {
		vals = store.FieldTexts(ch, scope, vals)
		var seq strings.Builder
		terms := []string{}
		for _, v := range vals {
			var units []string
			for tok := range textnorm.Scan(v) {
				terms = append(terms, tok.Text)
				if tok.Unit() {
					units = append(units, tok.Text)
				}
				if !seen[tok.Text] {
					seen[tok.Text] = true
					r.all = append(r.all, tok.Text)
				}
			}
			if len(units) == 0 {
				continue
			}
			if seq.Len() > 0 {
				seq.WriteString(seqSep)
			}
			seq.WriteString(" " + strings.Join(units, " ") + " ")
		}
		r.terms[f], r.seqs[f] = terms, seq.String()
	}
	if r.all == nil {
		r.all = []string{}
	}
	if r.contentKeys == nil {
		r.contentKeys = []string{}
	}
	return r, nil
}

const upsertSQL = `INSERT INTO channels (key, platform, keys, content_keys, doc, category, country, language, followers, avg_views, last_post_at,
  tags_terms, name_terms, description_terms, content_terms, all_terms, tags_seq, name_seq, description_seq, content_seq,
  embedding_model, embedding_dims, embedding, ingested_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, now())
ON CONFLICT (key) DO UPDATE SET platform = EXCLUDED.platform, keys = EXCLUDED.keys, content_keys = EXCLUDED.content_keys,
  doc = EXCLUDED.doc, category = EXCLUDED.category, country = EXCLUDED.country, language = EXCLUDED.language,
  followers = EXCLUDED.followers, avg_views = EXCLUDED.avg_views, last_post_at = EXCLUDED.last_post_at,
  tags_terms = EXCLUDED.tags_terms, name_terms = EXCLUDED.name_terms, description_terms = EXCLUDED.description_terms,
  content_terms = EXCLUDED.content_terms, all_terms = EXCLUDED.all_terms, tags_seq = EXCLUDED.tags_seq, name_seq = EXCLUDED.name_seq,
  description_seq = EXCLUDED.description_seq, content_seq = EXCLUDED.content_seq, embedding_model = EXCLUDED.embedding_model,
  embedding_dims = EXCLUDED.embedding_dims, embedding = EXCLUDED.embedding, ingested_at = now()
RETURNING (xmax = 0)`

// Upsert embeds chans with the store's embedder and writes them, batch
// by batch (each batch one transaction: a failure leaves no half-written
// batch), keyed by platform and channel key, so running it again updates
// rather than duplicates. Each batch's transaction also brings the BM25
// statistics (channel_stats, channel_terms) up to date with what it
// wrote, so a search never counts them, writes what the similar search's
// re-ranking derives from each channel (channel_features, under the
// learned model the store has; DeriveFeatures brings them to a model
// learned later), and raises the catalog version
// (catalog_version: the set cache of every instance then misses). progress, when not nil, is called with the
// number of channels written so far. Call Finish after the last batch.
func (s *Store) Upsert(ctx context.Context, chans []*catalog.Channel, batch int, progress func(done int)) (UpsertStats, error) {
	var st UpsertStats
	if batch < 1 {
		batch = DefaultIngestBatch
	}
	for lo, hi := range emb.Batches(len(chans), batch) {
		rows := make([]row, 0, hi-lo)
		texts := make([]string, 0, hi-lo)
		for _, ch := range chans[lo:hi] {
			r, err := prepare(ch)
			if err != nil {
				return st, fmt.Errorf("pgstore: channel %s: %w", ch.Key(), err)
			}
			rows = append(rows, r)
			texts = append(texts, r.text)
		}
		vecs, err := emb.EmbedVectors(ctx, s.emb, texts)
		if err != nil {
			return st, fmt.Errorf("pgstore: embedding channels %d-%d: %w", lo, hi-1, err)
		}
		err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			delta, old, err := statsDelta(ctx, tx, rows)
			if err != nil {
				return err
			}
			prs := make([]postingRow, len(rows))
			frs := make([]featureRow, len(rows))
			lm := s.learnedModel()
			var b pgx.Batch
			for i, r := range rows {
				v := append([]float32(nil), vecs[i].Values...)
				emb.Normalize(v)
				ch := chans[lo+i]
				prs[i] = postingRow{platform: r.platform, country: ch.Country, key: r.key, followers: ch.Followers, r: r}
				frs[i] = deriveFeatures(r.key, ch, lm)
				var last any
				if !ch.LastPostAt.IsZero() {
					last = ch.LastPostAt
				}
				b.Queue(upsertSQL, r.key, r.platform, r.keys, r.contentKeys, string(r.doc), r.category, ch.Country, ch.Language, ch.Followers, ch.AvgViews, last,
					r.terms[0], r.terms[1], r.terms[2], r.terms[3], r.all, r.seqs[0], r.seqs[1], r.seqs[2], r.seqs[3],
					s.model, s.dims, pgvector.NewVector(v))
			}
			res := tx.SendBatch(ctx, &b)
			for range rows {
				var inserted bool
				if err := res.QueryRow().Scan(&inserted); err != nil {
					res.Close()
					return err
				}
				if inserted {
					st.Inserted++
				} else {
					st.Updated++
				}
			}
			if err := res.Close(); err != nil {
				return err
			}
			if err := delta.apply(ctx, tx); err != nil {
				return err
			}
			if err := writePostings(ctx, tx, old, prs); err != nil {
				return err
			}
			if err := writeFeatures(ctx, tx, frs); err != nil {
				return err
			}
			return bumpVersion(ctx, tx)
		})
		s.forgetExpansions() // a keyword may match now
		if err != nil {
			return st, fmt.Errorf("pgstore: writing channels %d-%d: %w", lo, hi-1, err)
		}
		if progress != nil {
			progress(hi)
		}
	}
	return st, nil
}

// Finish runs after an ingest: it creates the HNSW indexes for the store's
// dimension if missing (hnswIndexSQL: one over every channel, one per
// platform and large country, countryIndexes), records the catalog label, vacuums and analyzes
// the table (the BM25 statistics are already current: Upsert keeps them)
// and rewrites the keyword postings in their key's order (CLUSTER: it
// locks them, and so the keyword searches they answer, while it runs). The vacuum empties the GIN indexes' pending lists, which
// every keyword query otherwise scans in full: after an ingest of the
// demo catalog 5,109 rows were pending in channels_tags_terms, and the
// load mix's "swim vest" query took 1.9 ms instead of 0.19 (EXPLAIN
// ANALYZE, 186 index blocks read instead of a few).
func (s *Store) Finish(ctx context.Context, label string) error {
	if _, err := s.pool.Exec(ctx, hnswIndexSQL(s.dims, "", "")); err != nil {
		return fmt.Errorf("pgstore: finish ingest: %w", err)
	}
	if err := s.countryIndexes(ctx); err != nil {
		return fmt.Errorf("pgstore: finish ingest: country indexes: %w", err)
	}
	stmts := []string{
		`VACUUM (ANALYZE) channels`,
		// Upsert appends a channel's postings together; a search reads a
		// term's (by platform, term, country): in the key's order they
		// lie on a few pages instead of one page each ("review" on 4,000
		// YouTube channels: 1,120 buffers before, BenchmarkKeywordSearch).
		`CLUSTER channel_postings USING channel_postings_pkey`,
		`ANALYZE channel_postings`,
	}
	for _, q := range stmts {
		if _, err := s.pool.Exec(ctx, q); err != nil {
			return fmt.Errorf("pgstore: finish ingest: %w", err)
		}
	}
	if _, err := s.pool.Exec(ctx, `INSERT INTO catalog_meta (id, label, embedding_model, embedding_dims) VALUES (true, $1, $2, $3)
		ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, embedding_model = EXCLUDED.embedding_model, embedding_dims = EXCLUDED.embedding_dims,
		  learned_model = '', ingested_at = now()`,
		label, s.model, s.dims); err != nil {
		return fmt.Errorf("pgstore: finish ingest: %w", err)
	}
	return s.Refresh(ctx)
}

// Truncate deletes every channel (tests and re-ingests from scratch).
func (s *Store) Truncate(ctx context.Context) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `TRUNCATE channels, channel_stats, channel_terms, channel_postings, channel_features, catalog_meta, learned_models, keyword_alias_stats`); err != nil {
			return err
		}
		return bumpVersion(ctx, tx)
	})
	if err != nil {
		return fmt.Errorf("pgstore: truncate: %w", err)
	}
	return s.Refresh(ctx)
}

// rowStats is what one channel contributes to the BM25 statistics: its
// platform, its distinct terms and its field lengths.
type rowStats struct {
	platform string
	terms    []string
	lens     [4]int64
}

func (r row) stats() rowStats {
	st := rowStats{platform: r.platform, terms: r.all}
	for f := range st.lens {
		st.lens[f] = int64(len(r.terms[f]))
	}
	return st
}

// termKey is a term on a platform.
type termKey struct{ platform, term string }

// platformDelta is the change of one platform's channel count and summed
// field lengths.
type platformDelta struct {
	n    int64
	lens [4]int64
}

// delta is the change a batch makes to the BM25 statistics.
type delta struct {
	platforms map[string]*platformDelta
	df        map[termKey]int64
}

func (d *delta) add(st rowStats, sign int64) {
	p := d.platforms[st.platform]
	if p == nil {
		p = &platformDelta{}
		d.platforms[st.platform] = p
	}
	p.n += sign
	for f, l := range st.lens {
		p.lens[f] += sign * l
	}
	for _, t := range st.terms {
		d.df[termKey{st.platform, t}] += sign
	}
}

// statsDelta locks the statistics against other writers (readers go on)
// and returns the change that upserting rows makes to them: each row's
// previous version, if the table has one, comes out, the new one goes in.
// A key the batch holds twice counts once, as the table will. old locates
// the postings of the rows the table has (writePostings).
func statsDelta(ctx context.Context, tx pgx.Tx, rows []row) (*delta, map[string]oldPostings, error) {
	if _, err := tx.Exec(ctx, `LOCK TABLE channel_stats, channel_terms, channel_postings IN EXCLUSIVE MODE`); err != nil {
		return nil, nil, err
	}
	keys := make([]string, len(rows))
	for i, r := range rows {
		keys[i] = r.key
	}
	old, err := tx.Query(ctx, `SELECT key, platform, country, all_terms, cardinality(tags_terms), cardinality(name_terms), cardinality(description_terms), cardinality(content_terms)
FROM channels WHERE key = ANY($1::text[])`, keys)
	if err != nil {
		return nil, nil, err
	}
	current := map[string]rowStats{}
	posts := map[string]oldPostings{}
	for old.Next() {
		var key, country string
		var st rowStats
		if err := old.Scan(&key, &st.platform, &country, &st.terms, &st.lens[0], &st.lens[1], &st.lens[2], &st.lens[3]); err != nil {
			old.Close()
			return nil, nil, err
		}
		current[key] = st
		posts[key] = oldPostings{platform: st.platform, country: country, terms: st.terms}
	}
	old.Close()
	if err := old.Err(); err != nil {
		return nil, nil, err
	}
	d := &delta{platforms: map[string]*platformDelta{}, df: map[termKey]int64{}}
	for _, r := range rows {
		if prev, ok := current[r.key]; ok {
			d.add(prev, -1)
		}
		st := r.stats()
		d.add(st, 1)
		current[r.key] = st
	}
	return d, posts, nil
}

// apply writes the change: counts and lengths are added to
// channel_stats, document frequencies to channel_terms, and the terms and
// platforms left with no channel are deleted.
func (d *delta) apply(ctx context.Context, tx pgx.Tx) error {
	var plats []string
	var ns, l0, l1, l2, l3 []int64
	for p, pd := range d.platforms {
		if pd.n == 0 && pd.lens == [4]int64{} {
			continue
		}
		plats = append(plats, p)
		ns, l0, l1, l2, l3 = append(ns, pd.n), append(l0, pd.lens[0]), append(l1, pd.lens[1]), append(l2, pd.lens[2]), append(l3, pd.lens[3])
	}
	// A term's delta is positive (new channels have it) or negative (it
	// left more channels than it came to); the negative ones are updates
	// of existing rows (a CHECK applies to an insert's row before ON
	// CONFLICT turns it into an update).
	var pp, pt, nt, np []string
	var pd, nd []int64
	for k, v := range d.df {
		switch {
		case v > 0:
			pp, pt, pd = append(pp, k.platform), append(pt, k.term), append(pd, v)
		case v < 0:
			np, nt, nd = append(np, k.platform), append(nt, k.term), append(nd, v)
		}
	}
	if len(plats) > 0 {
		if _, err := tx.Exec(ctx, `INSERT INTO channel_stats AS s (platform, n, len_tags, len_name, len_description, len_content)
SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])
ON CONFLICT (platform) DO UPDATE SET n = s.n + EXCLUDED.n, len_tags = s.len_tags + EXCLUDED.len_tags, len_name = s.len_name + EXCLUDED.len_name,
  len_description = s.len_description + EXCLUDED.len_description, len_content = s.len_content + EXCLUDED.len_content, refreshed_at = now()`,
			plats, ns, l0, l1, l2, l3); err != nil {
			return fmt.Errorf("channel_stats: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM channel_stats WHERE platform = ANY($1::text[]) AND n = 0`, plats); err != nil {
			return fmt.Errorf("channel_stats: %w", err)
		}
	}
	if len(nd) > 0 {
		if _, err := tx.Exec(ctx, `UPDATE channel_terms t SET df = t.df + d.df FROM unnest($1::text[], $2::text[], $3::bigint[]) AS d(platform, term, df)
WHERE t.platform = d.platform AND t.term = d.term`, np, nt, nd); err != nil {
			return fmt.Errorf("channel_terms: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM channel_terms t USING unnest($1::text[], $2::text[]) AS d(platform, term)
WHERE t.platform = d.platform AND t.term = d.term AND t.df = 0`, np, nt); err != nil {
			return fmt.Errorf("channel_terms: %w", err)
		}
	}
	if len(pd) > 0 {
		if _, err := tx.Exec(ctx, `INSERT INTO channel_terms AS t (platform, term, df)
SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[]) ON CONFLICT (platform, term) DO UPDATE SET df = t.df + EXCLUDED.df`, pp, pt, pd); err != nil {
			return fmt.Errorf("channel_terms: %w", err)
		}
	}
	return nil
}

// HNSWCountryMin is the number of a platform's channels in one country
// from which that country gets its own HNSW index (countryIndexes). A
// smaller country is sorted exactly: its few thousand distances cost
// less than walking a graph that holds it.
const HNSWCountryMin = 2000

// hnswIndexSQL is the HNSW index over every embedding of d dimensions,
// a partial expression index
//
//	CREATE INDEX channels_embedding_hnsw_<d> ON channels
//	  USING hnsw ((embedding::vector(<d>)) vector_cosine_ops)
//	  WITH (m = 16, ef_construction = 64) WHERE embedding_dims = <d>
//
// with, when country is not empty, the predicate of one platform and
// country as well (channels_embedding_hnsw_<d>_<platform>_<country>).
func hnswIndexSQL(dims int, p platform.Platform, country string) string {
	d := strconv.Itoa(dims)
	where := `embedding_dims = ` + d
	if country != "" {
		where += ` AND platform = ` + platformLiteral(p) + ` AND country = '` + country + `'`
	}
	return `CREATE INDEX IF NOT EXISTS ` + hnswIndexName(dims, p, country) + ` ON channels USING hnsw ((embedding::vector(` + d + `)) vector_cosine_ops) WITH (m = ` +
		strconv.Itoa(HNSWM) + `, ef_construction = ` + strconv.Itoa(HNSWEfConstruction) + `) WHERE ` + where
}

// hnswIndexName is the name of the HNSW index over the embeddings of
// dims dimensions, of platform p's country when country is not empty.
func hnswIndexName(dims int, p platform.Platform, country string) string {
	name := `channels_embedding_hnsw_` + strconv.Itoa(dims)
	if country != "" {
		name += `_` + string(p) + `_` + strings.ToLower(country)
	}
	return name
}

// countryIndexes gives every platform's country with at least
// HNSWCountryMin channels (WithCountryIndexMin) its own HNSW index (hnswIndexSQL). A similar
// search with one country walks that graph, where every neighbour passes
// the country: over the index of all channels the scan threw away the
// neighbours of the other platforms and countries (4,857 index tuples
// read for the 1,000 nearest US YouTube channels of a million), and the
// planner sorted a mid-sized country's rows exactly instead, reading
// each embedding back from TOAST (README: a million channels). Each
// build reads the table once; the graphs together hold the channels once.
func (s *Store) countryIndexes(ctx context.Context) error {
	rows, err := s.pool.Query(ctx, `SELECT platform, country FROM channels WHERE embedding_dims = $1 AND country <> ''
		GROUP BY platform, country HAVING count(*) >= $2 ORDER BY platform, country`, s.dims, s.countryIndexMin)
	if err != nil {
		return err
	}
	type group struct {
		p       platform.Platform
		country string
	}
	groups, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (group, error) {
		var g group
		err := r.Scan(&g.p, &g.country)
		return g, err
	})
	if err != nil {
		return err
	}
	for _, g := range groups {
		if !g.p.Valid() || !countryCode(g.country) {
			continue // never inlined into SQL (and never a filter value)
		}
		if _, err := s.pool.Exec(ctx, hnswIndexSQL(s.dims, g.p, g.country)); err != nil {
			return err
		}
	}
	return nil
}

// countryCode reports whether c is an ISO 3166-1 alpha-2 code as the
// catalog stores it (two upper-case ASCII letters): only such a value is
// written into SQL as a literal.
func countryCode(c string) bool {
	return len(c) == 2 && 'A' <= c[0] && c[0] <= 'Z' && 'A' <= c[1] && c[1] <= 'Z'
}

// platformLiteral is p as an SQL string literal. Only the platforms of
// platform.All reach SQL this way (their names are lower-case letters);
// anything else is an empty literal, which matches no channel.
func platformLiteral(p platform.Platform) string {
	if !p.Valid() {
		return `''`
	}
	return `'` + string(p) + `'`
}
